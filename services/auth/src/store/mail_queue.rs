//! Mail waiting to be sent (the mailer's queue), written in the transaction
//! of what it is about.

use chrono::{DateTime, Utc};
use kit::db::Traced;
use sqlx::{PgConnection, PgPool};
use uuid::Uuid;

use crate::error::Error;

/// What a mail is for; the strings stored in `kind`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MailKind {
    VerifyEmail,
    ResetPassword,
    /// Too many wrong second-step codes: the account's owner is told, and
    /// linked to choosing a new password (whoever guessed has the old one).
    MfaLocked,
    /// Someone typed an address another login signs in with (a sign-up, an
    /// invitation, a new address): its owner is told, and nobody else.
    AddressInUse,
    /// The link that makes a new address a login's.
    ConfirmEmailChange,
}

impl MailKind {
    pub fn as_str(self) -> &'static str {
        match self {
            MailKind::VerifyEmail => "VERIFY_EMAIL",
            MailKind::ResetPassword => "RESET_PASSWORD",
            MailKind::MfaLocked => "MFA_LOCKED",
            MailKind::AddressInUse => "ADDRESS_IN_USE",
            MailKind::ConfirmEmailChange => "CONFIRM_EMAIL_CHANGE",
        }
    }

    pub fn parse(raw: &str) -> Option<Self> {
        match raw {
            "VERIFY_EMAIL" => Some(MailKind::VerifyEmail),
            "RESET_PASSWORD" => Some(MailKind::ResetPassword),
            "MFA_LOCKED" => Some(MailKind::MfaLocked),
            "ADDRESS_IN_USE" => Some(MailKind::AddressInUse),
            "CONFIRM_EMAIL_CHANGE" => Some(MailKind::ConfirmEmailChange),
            _ => None,
        }
    }
}

pub struct NewMail<'a> {
    /// A [`MailKind`]'s or a notification mail's (`notify::mail::Notice`) name.
    pub kind: &'a str,
    pub email: &'a str,
    pub user_id: Option<Uuid>,
    pub language: &'a str,
    pub link_origin: &'a str,
    /// What a notification mail tells (`{}` for the others).
    pub payload: &'a serde_json::Value,
}

#[derive(Debug, Clone)]
pub struct QueuedMail {
    pub id: Uuid,
    pub kind: String,
    pub email: String,
    pub user_id: Option<Uuid>,
    pub language: String,
    pub link_origin: String,
    pub payload: serde_json::Value,
    pub attempts: i32,
    pub created_at: DateTime<Utc>,
}

/// Queues a mail, to be sent from `now` on.
pub async fn enqueue(
    tx: &mut PgConnection,
    mail: &NewMail<'_>,
    now: DateTime<Utc>,
) -> Result<Uuid, Error> {
    enqueue_as(tx, Uuid::now_v7(), mail, now).await
}

/// [`enqueue`] with the id (the Message-ID) chosen by the caller.
pub async fn enqueue_as(
    tx: &mut PgConnection,
    id: Uuid,
    mail: &NewMail<'_>,
    now: DateTime<Utc>,
) -> Result<Uuid, Error> {
    sqlx::query!(
        "INSERT INTO mail_queue (id, kind, email, user_id, language, link_origin,
             next_attempt_at, created_at, payload)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $7, $8)",
        id,
        mail.kind,
        mail.email,
        mail.user_id,
        mail.language,
        mail.link_origin,
        now,
        mail.payload,
    )
    .execute(tx)
    .traced("enqueue_mail")
    .await?;
    Ok(id)
}

/// Mails of `kind` asked for `email` (whatever its case) since `since`,
/// counted under a lock on the address so that requests racing each other
/// count one another.
pub async fn count_since(
    tx: &mut PgConnection,
    kind: MailKind,
    email: &str,
    since: DateTime<Utc>,
) -> Result<i64, Error> {
    sqlx::query!(
        "SELECT pg_advisory_xact_lock(hashtext('mail:' || lower($1)))",
        email
    )
    .execute(&mut *tx)
    .traced("lock_mail_address")
    .await?;
    Ok(sqlx::query_scalar!(
        r#"SELECT count(*) AS "count!" FROM mail_queue
         WHERE lower(email) = lower($1) AND kind = $2 AND created_at > $3"#,
        email,
        kind.as_str(),
        since,
    )
    .fetch_one(tx)
    .traced("count_mail")
    .await?)
}

/// Mails of any kind sent to `email` (whatever its case) since `since`.
pub async fn sent_since(
    tx: &mut PgConnection,
    email: &str,
    since: DateTime<Utc>,
) -> Result<i64, Error> {
    Ok(sqlx::query_scalar!(
        r#"SELECT count(*) AS "count!" FROM mail_queue
         WHERE lower(email) = lower($1) AND outcome = 'SENT' AND done_at > $2"#,
        email,
        since,
    )
    .fetch_one(tx)
    .traced("count_sent_mail")
    .await?)
}

/// The next mail due at `now`, locked for this transaction (other mailers
/// skip it), if any.
pub async fn claim_due(
    tx: &mut PgConnection,
    now: DateTime<Utc>,
) -> Result<Option<QueuedMail>, Error> {
    Ok(sqlx::query_as!(
        QueuedMail,
        "SELECT id, kind, email, user_id, language, link_origin, payload, attempts, created_at
         FROM mail_queue
         WHERE done_at IS NULL AND next_attempt_at <= $1
         ORDER BY next_attempt_at
         LIMIT 1
         FOR UPDATE SKIP LOCKED",
        now,
    )
    .fetch_optional(tx)
    .traced("claim_mail")
    .await?)
}

/// Marks a mail done: `outcome` is SENT, SKIPPED or GAVE_UP.
pub async fn finish(
    tx: &mut PgConnection,
    id: Uuid,
    outcome: &str,
    now: DateTime<Utc>,
) -> Result<(), Error> {
    sqlx::query!(
        "UPDATE mail_queue SET outcome = $2, done_at = $3, attempts = attempts + 1
         WHERE id = $1",
        id,
        outcome,
        now,
    )
    .execute(tx)
    .traced("finish_mail")
    .await?;
    Ok(())
}

/// Records a failed attempt; the mail is tried again at `next_attempt_at`.
pub async fn retry_later(
    pool: &PgPool,
    id: Uuid,
    error: &str,
    next_attempt_at: DateTime<Utc>,
) -> Result<(), Error> {
    sqlx::query!(
        "UPDATE mail_queue SET attempts = attempts + 1, last_error = $2, next_attempt_at = $3
         WHERE id = $1",
        id,
        error,
        next_attempt_at,
    )
    .execute(pool)
    .traced("retry_mail")
    .await?;
    Ok(())
}
