//! SQL of the auth service. Every query about family data names the family.

use chrono::{DateTime, Utc};
use sqlx::{PgConnection, PgPool};
use uuid::Uuid;

use crate::error::Error;

#[derive(Debug, Clone, sqlx::FromRow)]
pub struct UserRow {
    pub id: Uuid,
    pub organization_id: Option<Uuid>,
    pub email: String,
    pub password_hash: String,
    pub role: String,
    pub first_name: String,
    pub last_name: String,
    pub phone: String,
    pub is_active: bool,
    pub email_verified: bool,
    pub ui_theme: String,
    pub child_id: Option<Uuid>,
    pub last_login_at: Option<DateTime<Utc>>,
    pub created_at: DateTime<Utc>,
}

const USER_COLUMNS: &str = "id, organization_id, email, password_hash, role, first_name, last_name, \
    phone, is_active, email_verified, ui_theme, child_id, last_login_at, created_at";

pub struct NewUser<'a> {
    pub organization_id: Option<Uuid>,
    pub email: &'a str,
    pub password_hash: &'a str,
    pub role: &'a str,
    pub first_name: &'a str,
    pub last_name: &'a str,
    pub phone: &'a str,
    pub child_id: Option<Uuid>,
    pub ui_theme: &'a str,
}

/// Maps the unique email index to [`Error::EmailTaken`].
fn email_taken(err: sqlx::Error) -> Error {
    match kit::db::violated_constraint(&err) {
        Some("users_email_key") => Error::EmailTaken,
        _ => Error::Database(err),
    }
}

#[tracing::instrument(name = "db.query", skip_all, fields(otel.name = "SQL insert_user", otel.kind = "client", db.system = "postgresql"))]
pub async fn insert_user(tx: &mut PgConnection, user: &NewUser<'_>) -> Result<UserRow, Error> {
    sqlx::query_as(sqlx::AssertSqlSafe(format!(
        "INSERT INTO users (id, organization_id, email, password_hash, role, first_name, last_name, phone, child_id, ui_theme)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) RETURNING {USER_COLUMNS}"
    )))
    .bind(Uuid::now_v7())
    .bind(user.organization_id)
    .bind(user.email)
    .bind(user.password_hash)
    .bind(user.role)
    .bind(user.first_name)
    .bind(user.last_name)
    .bind(user.phone)
    .bind(user.child_id)
    .bind(user.ui_theme)
    .fetch_one(tx)
    .await
    .map_err(email_taken)
}

#[tracing::instrument(name = "db.query", skip_all, fields(otel.name = "SQL email_exists", otel.kind = "client", db.system = "postgresql"))]
pub async fn email_exists(pool: &PgPool, email: &str) -> Result<bool, Error> {
    Ok(
        sqlx::query_scalar("SELECT EXISTS (SELECT 1 FROM users WHERE lower(email) = lower($1))")
            .bind(email)
            .fetch_one(pool)
            .await?,
    )
}

#[tracing::instrument(name = "db.query", skip_all, fields(otel.name = "SQL find_by_email", otel.kind = "client", db.system = "postgresql"))]
pub async fn find_by_email(pool: &PgPool, email: &str) -> Result<Option<UserRow>, Error> {
    Ok(sqlx::query_as(sqlx::AssertSqlSafe(format!(
        "SELECT {USER_COLUMNS} FROM users WHERE lower(email) = lower($1)"
    )))
    .bind(email)
    .fetch_optional(pool)
    .await?)
}

/// Whether logins to `email` are locked after too many failures.
#[tracing::instrument(name = "db.query", skip_all, fields(otel.name = "SQL login_locked", otel.kind = "client", db.system = "postgresql"))]
pub async fn login_locked(pool: &PgPool, email: &str) -> Result<bool, Error> {
    Ok(sqlx::query_scalar(
        "SELECT EXISTS (SELECT 1 FROM login_failures
                        WHERE email = lower($1) AND locked_until > now())",
    )
    .bind(email)
    .fetch_one(pool)
    .await?)
}

/// Counts a failed login to `email`: failures more than `window` apart start
/// the count again, and the `max`-th in a row locks the email for `lock`.
#[tracing::instrument(name = "db.query", skip_all, fields(otel.name = "SQL record_login_failure", otel.kind = "client", db.system = "postgresql"))]
pub async fn record_login_failure(
    pool: &PgPool,
    email: &str,
    max: i32,
    window: std::time::Duration,
    lock: std::time::Duration,
) -> Result<(), Error> {
    sqlx::query(
        "WITH counted AS (
             SELECT coalesce((SELECT failures FROM login_failures
                              WHERE email = lower($1)
                                AND last_failed_at > now() - make_interval(secs => $3)
                                AND (locked_until IS NULL OR locked_until > now())), 0) + 1 AS failures
         )
         INSERT INTO login_failures (email, failures, last_failed_at, locked_until)
         SELECT lower($1), failures, now(),
                CASE WHEN failures >= $2 THEN now() + make_interval(secs => $4) END
         FROM counted
         ON CONFLICT (email) DO UPDATE SET failures = EXCLUDED.failures,
             last_failed_at = EXCLUDED.last_failed_at, locked_until = EXCLUDED.locked_until",
    )
    .bind(email)
    .bind(max)
    .bind(window.as_secs_f64())
    .bind(lock.as_secs_f64())
    .execute(pool)
    .await?;
    Ok(())
}

/// Forgets the failures of `email` after a successful login.
#[tracing::instrument(name = "db.query", skip_all, fields(otel.name = "SQL clear_login_failures", otel.kind = "client", db.system = "postgresql"))]
pub async fn clear_login_failures(pool: &PgPool, email: &str) -> Result<(), Error> {
    sqlx::query("DELETE FROM login_failures WHERE email = lower($1)")
        .bind(email)
        .execute(pool)
        .await?;
    Ok(())
}

#[tracing::instrument(name = "db.query", skip_all, fields(otel.name = "SQL find_by_id", otel.kind = "client", db.system = "postgresql"))]
pub async fn find_by_id(pool: &PgPool, id: Uuid) -> Result<Option<UserRow>, Error> {
    Ok(sqlx::query_as(sqlx::AssertSqlSafe(format!(
        "SELECT {USER_COLUMNS} FROM users WHERE id = $1"
    )))
    .bind(id)
    .fetch_optional(pool)
    .await?)
}

#[tracing::instrument(name = "db.query", skip_all, fields(otel.name = "SQL touch_last_login", otel.kind = "client", db.system = "postgresql"))]
pub async fn touch_last_login(
    tx: &mut sqlx::PgConnection,
    id: Uuid,
) -> Result<DateTime<Utc>, Error> {
    Ok(sqlx::query_scalar(
        "UPDATE users SET last_login_at = now() WHERE id = $1 RETURNING last_login_at",
    )
    .bind(id)
    .fetch_one(tx)
    .await?)
}

pub struct ProfileUpdate<'a> {
    pub first_name: &'a str,
    pub last_name: &'a str,
    pub email: &'a str,
    pub phone: &'a str,
}

#[tracing::instrument(name = "db.query", skip_all, fields(otel.name = "SQL update_profile", otel.kind = "client", db.system = "postgresql"))]
pub async fn update_profile(
    tx: &mut PgConnection,
    id: Uuid,
    update: &ProfileUpdate<'_>,
) -> Result<Option<UserRow>, Error> {
    sqlx::query_as(sqlx::AssertSqlSafe(format!(
        "UPDATE users SET first_name = $2, last_name = $3, email = $4, phone = $5,
             email_verified = email_verified AND lower(email) = lower($4)
         WHERE id = $1 RETURNING {USER_COLUMNS}"
    )))
    .bind(id)
    .bind(update.first_name)
    .bind(update.last_name)
    .bind(update.email)
    .bind(update.phone)
    .fetch_optional(tx)
    .await
    .map_err(email_taken)
}

#[derive(Debug, Clone, sqlx::FromRow)]
pub struct InvitationRow {
    pub id: Uuid,
    pub code: String,
    pub organization_id: Uuid,
    pub role: String,
    pub email: Option<String>,
    pub first_name: String,
    pub last_name: String,
    pub display_name: String,
    pub phone: String,
    pub child_id: Option<Uuid>,
    pub expires_at: DateTime<Utc>,
    pub used_at: Option<DateTime<Utc>>,
}

const INVITATION_COLUMNS: &str = "id, code, organization_id, role, email, first_name, last_name, \
    display_name, phone, child_id, expires_at, used_at";

pub struct NewInvitation<'a> {
    pub organization_id: Uuid,
    pub role: &'a str,
    pub email: Option<&'a str>,
    pub first_name: &'a str,
    pub last_name: &'a str,
    pub display_name: &'a str,
    pub phone: &'a str,
    pub child_id: Option<Uuid>,
    pub created_by: Option<Uuid>,
    pub expires_at: DateTime<Utc>,
}

#[tracing::instrument(name = "db.query", skip_all, fields(otel.name = "SQL insert_invitation", otel.kind = "client", db.system = "postgresql"))]
pub async fn insert_invitation(
    pool: &PgPool,
    invite: &NewInvitation<'_>,
) -> Result<InvitationRow, Error> {
    Ok(sqlx::query_as(sqlx::AssertSqlSafe(format!(
        "INSERT INTO invitations (id, code, organization_id, role, email, first_name, last_name,
             display_name, phone, child_id, created_by, expires_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12) RETURNING {INVITATION_COLUMNS}"
    )))
    .bind(Uuid::now_v7())
    .bind(new_invite_code())
    .bind(invite.organization_id)
    .bind(invite.role)
    .bind(invite.email)
    .bind(invite.first_name)
    .bind(invite.last_name)
    .bind(invite.display_name)
    .bind(invite.phone)
    .bind(invite.child_id)
    .bind(invite.created_by)
    .bind(invite.expires_at)
    .fetch_one(pool)
    .await?)
}

/// 122 random bits: unguessable, and short enough for a link or a QR code.
fn new_invite_code() -> String {
    Uuid::new_v4().simple().to_string()
}

/// An invitation that can still be accepted (unused and unexpired).
#[tracing::instrument(name = "db.query", skip_all, fields(otel.name = "SQL find_pending_invitation", otel.kind = "client", db.system = "postgresql"))]
pub async fn find_pending_invitation(
    pool: &PgPool,
    code: &str,
) -> Result<Option<InvitationRow>, Error> {
    Ok(sqlx::query_as(sqlx::AssertSqlSafe(format!(
        "SELECT {INVITATION_COLUMNS} FROM invitations
         WHERE code = $1 AND used_at IS NULL AND expires_at > now()"
    )))
    .bind(code)
    .fetch_optional(pool)
    .await?)
}

/// Marks the invitation used; false when someone else used it first or it expired meanwhile.
#[tracing::instrument(name = "db.query", skip_all, fields(otel.name = "SQL use_invitation", otel.kind = "client", db.system = "postgresql"))]
pub async fn use_invitation(tx: &mut PgConnection, id: Uuid, user_id: Uuid) -> Result<bool, Error> {
    Ok(sqlx::query(
        "UPDATE invitations SET used_at = now(), used_by = $2
         WHERE id = $1 AND used_at IS NULL AND expires_at > now()",
    )
    .bind(id)
    .bind(user_id)
    .execute(tx)
    .await?
    .rows_affected()
        == 1)
}

/// Invitations of a family still waiting to be used, newest first.
#[tracing::instrument(name = "db.query", skip_all, fields(otel.name = "SQL pending_invitations", otel.kind = "client", db.system = "postgresql"))]
pub async fn pending_invitations(
    pool: &PgPool,
    organization_id: Uuid,
) -> Result<Vec<InvitationRow>, Error> {
    Ok(sqlx::query_as(sqlx::AssertSqlSafe(format!(
        "SELECT {INVITATION_COLUMNS} FROM invitations
         WHERE organization_id = $1 AND used_at IS NULL AND expires_at > now()
         ORDER BY created_at DESC"
    )))
    .bind(organization_id)
    .fetch_all(pool)
    .await?)
}

/// Active members of a family, parents first, then by name.
#[tracing::instrument(name = "db.query", skip_all, fields(otel.name = "SQL active_members", otel.kind = "client", db.system = "postgresql"))]
pub async fn active_members(pool: &PgPool, organization_id: Uuid) -> Result<Vec<UserRow>, Error> {
    Ok(sqlx::query_as(sqlx::AssertSqlSafe(format!(
        "SELECT {USER_COLUMNS} FROM users WHERE organization_id = $1 AND is_active
         ORDER BY role = 'ORG_MEMBER', lower(first_name), lower(last_name), created_at"
    )))
    .bind(organization_id)
    .fetch_all(pool)
    .await?)
}

/// Deactivates a member of `organization_id`; `None` when no such member exists there.
#[tracing::instrument(name = "db.query", skip_all, fields(otel.name = "SQL deactivate", otel.kind = "client", db.system = "postgresql"))]
pub async fn deactivate(
    tx: &mut PgConnection,
    organization_id: Uuid,
    id: Uuid,
) -> Result<Option<UserRow>, Error> {
    Ok(sqlx::query_as(sqlx::AssertSqlSafe(format!(
        "UPDATE users SET is_active = false WHERE id = $1 AND organization_id = $2 RETURNING {USER_COLUMNS}"
    )))
    .bind(id)
    .bind(organization_id)
    .fetch_optional(tx)
    .await?)
}

/// Ends the open invite codes a member made, so a removed parent cannot come
/// back through one (a child's own invitation is the family's, and stays).
#[tracing::instrument(name = "db.query", skip_all, fields(otel.name = "SQL expire_codes_made_by", otel.kind = "client", db.system = "postgresql"))]
pub async fn expire_codes_made_by(
    tx: &mut PgConnection,
    organization_id: Uuid,
    creator: Uuid,
) -> Result<u64, Error> {
    Ok(sqlx::query(
        "UPDATE invitations SET expires_at = now()
         WHERE organization_id = $1 AND created_by = $2 AND child_id IS NULL
           AND used_at IS NULL AND expires_at > now()",
    )
    .bind(organization_id)
    .bind(creator)
    .execute(tx)
    .await?
    .rows_affected())
}

/// Points a child's login, and any invitation still waiting for it, at new contact details.
#[tracing::instrument(name = "db.query", skip_all, fields(otel.name = "SQL update_child_contact", otel.kind = "client", db.system = "postgresql"))]
pub async fn update_child_contact(
    tx: &mut PgConnection,
    organization_id: Uuid,
    child_id: Uuid,
    email: &str,
    phone: &str,
) -> Result<(), Error> {
    sqlx::query(
        "UPDATE users SET email = $3, phone = $4 WHERE organization_id = $1 AND child_id = $2",
    )
    .bind(organization_id)
    .bind(child_id)
    .bind(email)
    .bind(phone)
    .execute(&mut *tx)
    .await
    .map_err(email_taken)?;
    sqlx::query(
        "UPDATE invitations SET email = $3, phone = $4
         WHERE organization_id = $1 AND child_id = $2 AND used_at IS NULL",
    )
    .bind(organization_id)
    .bind(child_id)
    .bind(email)
    .bind(phone)
    .execute(&mut *tx)
    .await?;
    Ok(())
}

/// Deletes a child's login and invitations; returns the ids of deleted users.
#[tracing::instrument(name = "db.query", skip_all, fields(otel.name = "SQL delete_child_logins", otel.kind = "client", db.system = "postgresql"))]
pub async fn delete_child_logins(
    tx: &mut PgConnection,
    organization_id: Uuid,
    child_id: Uuid,
) -> Result<Vec<Uuid>, Error> {
    sqlx::query("DELETE FROM invitations WHERE organization_id = $1 AND child_id = $2")
        .bind(organization_id)
        .bind(child_id)
        .execute(&mut *tx)
        .await?;
    Ok(sqlx::query_scalar(
        "DELETE FROM users WHERE organization_id = $1 AND child_id = $2 RETURNING id",
    )
    .bind(organization_id)
    .bind(child_id)
    .fetch_all(&mut *tx)
    .await?)
}
