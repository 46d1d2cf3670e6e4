//! Two-factor sign-in: each user's TOTP secret and their recovery codes
//! (kept as SHA-256 only). A code is used up in the statement that accepts it,
//! so two requests racing with the same code cannot both pass.

use chrono::{DateTime, Utc};
use kit::db::Traced;
use sqlx::{PgConnection, PgPool};
use uuid::Uuid;

use crate::error::Error;

pub struct SecretRow {
    pub secret: Vec<u8>,
    pub confirmed: bool,
}

/// The user's secret, confirmed or being set up.
pub async fn secret(pool: &PgPool, user_id: Uuid) -> Result<Option<SecretRow>, Error> {
    Ok(sqlx::query_as!(
        SecretRow,
        r#"SELECT secret, confirmed_at IS NOT NULL AS "confirmed!" FROM mfa_secrets
           WHERE user_id = $1"#,
        user_id,
    )
    .fetch_optional(pool)
    .traced("mfa_secret")
    .await?)
}

/// Starts a setup with a new secret, replacing one not confirmed yet; `false`
/// when two-factor sign-in is already on (a confirmed secret stays).
pub async fn start(
    pool: &PgPool,
    user_id: Uuid,
    secret: &[u8],
    now: DateTime<Utc>,
) -> Result<bool, Error> {
    let written = sqlx::query!(
        "INSERT INTO mfa_secrets (user_id, secret, created_at) VALUES ($1, $2, $3)
         ON CONFLICT (user_id) DO UPDATE SET secret = $2, created_at = $3, last_step = NULL
         WHERE mfa_secrets.confirmed_at IS NULL",
        user_id,
        secret,
        now,
    )
    .execute(pool)
    .traced("start_mfa_setup")
    .await?;
    Ok(written.rows_affected() == 1)
}

/// Uses up the code of `step` for the user: `false` when a code of that step
/// or a later one was already accepted.
pub async fn use_step(tx: &mut PgConnection, user_id: Uuid, step: i64) -> Result<bool, Error> {
    let used = sqlx::query!(
        "UPDATE mfa_secrets SET last_step = $2
         WHERE user_id = $1 AND (last_step IS NULL OR last_step < $2)",
        user_id,
        step,
    )
    .execute(tx)
    .traced("use_mfa_step")
    .await?;
    Ok(used.rows_affected() == 1)
}

/// Turns two-factor sign-in on with the secret being set up, and keeps the
/// recovery codes (their hashes), replacing any earlier ones.
pub async fn confirm(
    tx: &mut PgConnection,
    user_id: Uuid,
    code_hashes: &[Vec<u8>],
    now: DateTime<Utc>,
) -> Result<(), Error> {
    sqlx::query!(
        "UPDATE mfa_secrets SET confirmed_at = $2 WHERE user_id = $1",
        user_id,
        now,
    )
    .execute(&mut *tx)
    .traced("confirm_mfa")
    .await?;
    sqlx::query!("UPDATE users SET mfa_enabled = TRUE WHERE id = $1", user_id)
        .execute(&mut *tx)
        .traced("mark_mfa_enabled")
        .await?;
    sqlx::query!("DELETE FROM mfa_recovery_codes WHERE user_id = $1", user_id)
        .execute(&mut *tx)
        .traced("drop_recovery_codes")
        .await?;
    sqlx::query!(
        "INSERT INTO mfa_recovery_codes (user_id, code_hash)
         SELECT $1, hash FROM UNNEST($2::bytea[]) AS hash",
        user_id,
        code_hashes,
    )
    .execute(&mut *tx)
    .traced("insert_recovery_codes")
    .await?;
    Ok(())
}

/// Uses up a recovery code by its hash: `false` when the user has no such
/// code unused.
pub async fn use_recovery_code(
    tx: &mut PgConnection,
    user_id: Uuid,
    code_hash: &[u8],
    now: DateTime<Utc>,
) -> Result<bool, Error> {
    let used = sqlx::query!(
        "UPDATE mfa_recovery_codes SET used_at = $3
         WHERE user_id = $1 AND code_hash = $2 AND used_at IS NULL",
        user_id,
        code_hash,
        now,
    )
    .execute(tx)
    .traced("use_recovery_code")
    .await?;
    Ok(used.rows_affected() == 1)
}

/// Turns two-factor sign-in off: the secret and the codes go.
pub async fn remove(tx: &mut PgConnection, user_id: Uuid) -> Result<(), Error> {
    sqlx::query!("DELETE FROM mfa_secrets WHERE user_id = $1", user_id)
        .execute(&mut *tx)
        .traced("remove_mfa_secret")
        .await?;
    sqlx::query!("DELETE FROM mfa_recovery_codes WHERE user_id = $1", user_id)
        .execute(&mut *tx)
        .traced("remove_recovery_codes")
        .await?;
    sqlx::query!(
        "UPDATE users SET mfa_enabled = FALSE WHERE id = $1",
        user_id
    )
    .execute(&mut *tx)
    .traced("mark_mfa_disabled")
    .await?;
    Ok(())
}
