//! Logins: credentials, role, profile and state.

use chrono::{DateTime, Utc};
use kit::db::Traced;
use sqlx::{PgConnection, PgPool};
use uuid::Uuid;

use crate::error::Error;

#[derive(Debug, Clone)]
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
    /// Two-factor sign-in is on (its secret is in `mfa_secrets`).
    pub mfa_enabled: bool,
}

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

pub async fn insert(tx: &mut PgConnection, user: &NewUser<'_>) -> Result<UserRow, Error> {
    sqlx::query_as!(
        UserRow,
        "INSERT INTO users (id, organization_id, email, password_hash, role, first_name,
             last_name, phone, child_id, ui_theme)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
         RETURNING id, organization_id, email, password_hash, role, first_name, last_name,
             phone, is_active, email_verified, ui_theme, child_id, last_login_at, created_at, mfa_enabled",
        Uuid::now_v7(),
        user.organization_id,
        user.email,
        user.password_hash,
        user.role,
        user.first_name,
        user.last_name,
        user.phone,
        user.child_id,
        user.ui_theme,
    )
    .fetch_one(tx)
    .traced("insert_user")
    .await
    .map_err(email_taken)
}

/// Whether a login uses `email`, whatever its case, in any family: an email
/// is one login across Chorely, so this looks past the caller's family.
pub async fn email_exists(pool: &PgPool, email: &str) -> Result<bool, Error> {
    let exists = sqlx::query_scalar!(
        r#"SELECT EXISTS (SELECT 1 FROM users WHERE lower(email) = lower($1)) AS "exists!""#,
        email,
    )
    .fetch_one(pool)
    .traced("email_exists");
    Ok(kit::tenancy::all_families(exists).await?)
}

pub async fn find_by_email(pool: &PgPool, email: &str) -> Result<Option<UserRow>, Error> {
    Ok(sqlx::query_as!(
        UserRow,
        "SELECT id, organization_id, email, password_hash, role, first_name, last_name,
             phone, is_active, email_verified, ui_theme, child_id, last_login_at, created_at, mfa_enabled
         FROM users WHERE lower(email) = lower($1)",
        email,
    )
    .fetch_optional(pool)
    .traced("find_by_email")
    .await?)
}

pub async fn find_by_id(pool: &PgPool, id: Uuid) -> Result<Option<UserRow>, Error> {
    Ok(sqlx::query_as!(
        UserRow,
        "SELECT id, organization_id, email, password_hash, role, first_name, last_name,
             phone, is_active, email_verified, ui_theme, child_id, last_login_at, created_at, mfa_enabled
         FROM users WHERE id = $1",
        id,
    )
    .fetch_optional(pool)
    .traced("find_by_id")
    .await?)
}

/// Records a login now; returns its time.
pub async fn touch_last_login(tx: &mut PgConnection, id: Uuid) -> Result<DateTime<Utc>, Error> {
    Ok(sqlx::query_scalar!(
        r#"UPDATE users SET last_login_at = now() WHERE id = $1
         RETURNING last_login_at AS "last_login_at!""#,
        id,
    )
    .fetch_one(tx)
    .traced("touch_last_login")
    .await?)
}

pub struct ProfileUpdate<'a> {
    pub first_name: &'a str,
    pub last_name: &'a str,
    pub email: &'a str,
    pub phone: &'a str,
}

/// A login's own new details; a changed email is no longer verified.
pub async fn update_profile(
    tx: &mut PgConnection,
    id: Uuid,
    update: &ProfileUpdate<'_>,
) -> Result<Option<UserRow>, Error> {
    sqlx::query_as!(
        UserRow,
        "UPDATE users SET first_name = $2, last_name = $3, email = $4, phone = $5,
             email_verified = email_verified AND lower(email) = lower($4)
         WHERE id = $1
         RETURNING id, organization_id, email, password_hash, role, first_name, last_name,
             phone, is_active, email_verified, ui_theme, child_id, last_login_at, created_at, mfa_enabled",
        id,
        update.first_name,
        update.last_name,
        update.email,
        update.phone,
    )
    .fetch_optional(tx)
    .traced("update_profile")
    .await
    .map_err(email_taken)
}

/// Active members of a family, parents first, then by name.
pub async fn active_members(pool: &PgPool, organization_id: Uuid) -> Result<Vec<UserRow>, Error> {
    Ok(sqlx::query_as!(
        UserRow,
        "SELECT id, organization_id, email, password_hash, role, first_name, last_name,
             phone, is_active, email_verified, ui_theme, child_id, last_login_at, created_at, mfa_enabled
         FROM users WHERE organization_id = $1 AND is_active
         ORDER BY role = 'ORG_MEMBER', lower(first_name), lower(last_name), created_at",
        organization_id,
    )
    .fetch_all(pool)
    .traced("active_members")
    .await?)
}

/// Deactivates a member of `organization_id`; `None` when no such member exists there.
pub async fn deactivate(
    tx: &mut PgConnection,
    organization_id: Uuid,
    id: Uuid,
) -> Result<Option<UserRow>, Error> {
    Ok(sqlx::query_as!(
        UserRow,
        "UPDATE users SET is_active = false WHERE id = $1 AND organization_id = $2
         RETURNING id, organization_id, email, password_hash, role, first_name, last_name,
             phone, is_active, email_verified, ui_theme, child_id, last_login_at, created_at, mfa_enabled",
        id,
        organization_id,
    )
    .fetch_optional(tx)
    .traced("deactivate")
    .await?)
}

/// Points a child's login at new contact details.
pub async fn update_child_contact(
    tx: &mut PgConnection,
    organization_id: Uuid,
    child_id: Uuid,
    email: &str,
    phone: &str,
) -> Result<(), Error> {
    sqlx::query!(
        "UPDATE users SET email = $3, phone = $4 WHERE organization_id = $1 AND child_id = $2",
        organization_id,
        child_id,
        email,
        phone,
    )
    .execute(tx)
    .traced("update_child_contact")
    .await
    .map_err(email_taken)?;
    Ok(())
}

/// Deletes a child's login; returns the ids of deleted users.
pub async fn delete_child_logins(
    tx: &mut PgConnection,
    organization_id: Uuid,
    child_id: Uuid,
) -> Result<Vec<Uuid>, Error> {
    Ok(sqlx::query_scalar!(
        "DELETE FROM users WHERE organization_id = $1 AND child_id = $2 RETURNING id",
        organization_id,
        child_id,
    )
    .fetch_all(tx)
    .traced("delete_child_logins")
    .await?)
}

/// Sets a login's password hash; a reset link followed also proves the
/// address it was mailed to, when that is still the login's.
pub async fn set_password(
    tx: &mut PgConnection,
    id: Uuid,
    password_hash: &str,
    mailed_to: &str,
) -> Result<Option<UserRow>, Error> {
    Ok(sqlx::query_as!(
        UserRow,
        "UPDATE users SET password_hash = $2,
             email_verified = email_verified OR lower(email) = lower($3)
         WHERE id = $1
         RETURNING id, organization_id, email, password_hash, role, first_name, last_name,
             phone, is_active, email_verified, ui_theme, child_id, last_login_at, created_at, mfa_enabled",
        id,
        password_hash,
        mailed_to,
    )
    .fetch_optional(tx)
    .traced("set_password")
    .await?)
}

/// Marks a login's email verified, if it is still `email`; `None` otherwise.
pub async fn mark_email_verified(
    tx: &mut PgConnection,
    id: Uuid,
    email: &str,
) -> Result<Option<UserRow>, Error> {
    Ok(sqlx::query_as!(
        UserRow,
        "UPDATE users SET email_verified = true
         WHERE id = $1 AND lower(email) = lower($2)
         RETURNING id, organization_id, email, password_hash, role, first_name, last_name,
             phone, is_active, email_verified, ui_theme, child_id, last_login_at, created_at, mfa_enabled",
        id,
        email,
    )
    .fetch_optional(tx)
    .traced("mark_email_verified")
    .await?)
}

/// Sets a login's password hash (its owner changed it, knowing the old one).
pub async fn change_password(
    tx: &mut PgConnection,
    id: Uuid,
    password_hash: &str,
) -> Result<(), Error> {
    sqlx::query!(
        "UPDATE users SET password_hash = $2 WHERE id = $1",
        id,
        password_hash,
    )
    .execute(tx)
    .traced("change_password")
    .await?;
    Ok(())
}

/// The login of a child of family `organization_id` whose password a parent set.
pub struct ChildLogin {
    pub id: Uuid,
    pub email: String,
}

/// Sets the password of the login of child `child_id` of family
/// `organization_id`; `None` when that child has no login (or is not the
/// family's).
pub async fn set_child_password(
    tx: &mut PgConnection,
    organization_id: Uuid,
    child_id: Uuid,
    password_hash: &str,
) -> Result<Option<ChildLogin>, Error> {
    Ok(sqlx::query_as!(
        ChildLogin,
        "UPDATE users SET password_hash = $3
         WHERE organization_id = $1 AND child_id = $2
         RETURNING id, email",
        organization_id,
        child_id,
        password_hash,
    )
    .fetch_optional(tx)
    .traced("set_child_password")
    .await?)
}

/// The login of `child_id` in `organization_id`, if the child has one.
pub async fn child_login(
    pool: &PgPool,
    organization_id: Uuid,
    child_id: Uuid,
) -> Result<Option<UserRow>, Error> {
    Ok(sqlx::query_as!(
        UserRow,
        "SELECT id, organization_id, email, password_hash, role, first_name, last_name,
             phone, is_active, email_verified, ui_theme, child_id, last_login_at, created_at, mfa_enabled
         FROM users WHERE organization_id = $1 AND child_id = $2",
        organization_id,
        child_id,
    )
    .fetch_optional(pool)
    .traced("child_login")
    .await?)
}
