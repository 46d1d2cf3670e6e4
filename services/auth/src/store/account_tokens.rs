//! The tokens of mailed links (verification, password reset), kept as their
//! SHA-256 only. A token is used up in the transaction that acts on it.

use chrono::{DateTime, Utc};
use kit::db::Traced;
use sqlx::PgConnection;
use uuid::Uuid;

use crate::{error::Error, store::mail_queue::MailKind};

pub struct NewToken<'a> {
    pub hash: &'a [u8],
    pub kind: MailKind,
    pub user_id: Uuid,
    pub email: &'a str,
    pub expires_at: DateTime<Utc>,
}

pub async fn insert(
    tx: &mut PgConnection,
    token: &NewToken<'_>,
    now: DateTime<Utc>,
) -> Result<(), Error> {
    sqlx::query!(
        "INSERT INTO account_tokens (token_hash, kind, user_id, email, expires_at, created_at)
         VALUES ($1, $2, $3, $4, $5, $6)",
        token.hash,
        token.kind.as_str(),
        token.user_id,
        token.email,
        token.expires_at,
        now,
    )
    .execute(tx)
    .traced("insert_account_token")
    .await?;
    Ok(())
}

/// A token found by its hash.
#[derive(Debug)]
pub struct TokenRow {
    pub user_id: Uuid,
    pub email: String,
    pub expires_at: DateTime<Utc>,
    pub used_at: Option<DateTime<Utc>>,
}

/// Locks and returns the token of `kind` with `hash`, used or not.
pub async fn find_for_update(
    tx: &mut PgConnection,
    kind: MailKind,
    hash: &[u8],
) -> Result<Option<TokenRow>, Error> {
    Ok(sqlx::query_as!(
        TokenRow,
        "SELECT user_id, email, expires_at, used_at FROM account_tokens
         WHERE token_hash = $1 AND kind = $2
         FOR UPDATE",
        hash,
        kind.as_str(),
    )
    .fetch_optional(tx)
    .traced("find_account_token")
    .await?)
}

/// Uses up every unused token of `kind` of `user_id` (the one just followed
/// and any other link of the same kind still in a mailbox).
pub async fn use_all(
    tx: &mut PgConnection,
    kind: MailKind,
    user_id: Uuid,
    now: DateTime<Utc>,
) -> Result<(), Error> {
    sqlx::query!(
        "UPDATE account_tokens SET used_at = $3
         WHERE user_id = $1 AND kind = $2 AND used_at IS NULL",
        user_id,
        kind.as_str(),
        now,
    )
    .execute(tx)
    .traced("use_account_tokens")
    .await?;
    Ok(())
}
