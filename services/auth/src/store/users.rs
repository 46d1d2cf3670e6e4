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
    /// The address is this login's sign-in name; false when another login
    /// already signed in with it as this one was made (migration 1013).
    pub email_is_login: bool,
    /// A new address waiting for its mailed link to be followed.
    pub pending_email: Option<String>,
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

/// Inserts the login of a child added without an address: no sign-in
/// name, no password (an empty hash matches none); they sign in with a
/// linked device or their PIN on the family tablet. `None` when the child
/// has a login already.
pub async fn insert_without_address(
    tx: &mut PgConnection,
    user: &NewUser<'_>,
) -> Result<Option<UserRow>, Error> {
    Ok(sqlx::query_as!(
        UserRow,
        "INSERT INTO users (id, organization_id, email, password_hash, role, first_name,
             last_name, phone, child_id, ui_theme, email_is_login)
         VALUES ($1, $2, '', '', $3, $4, $5, $6, $7, $8, false)
         ON CONFLICT (child_id) WHERE child_id IS NOT NULL DO NOTHING
         RETURNING id, organization_id, email, password_hash, role, first_name, last_name,
             phone, is_active, email_verified, ui_theme, child_id, last_login_at, created_at, mfa_enabled,
             email_is_login, pending_email",
        Uuid::now_v7(),
        user.organization_id,
        user.role,
        user.first_name,
        user.last_name,
        user.phone,
        user.child_id,
        user.ui_theme,
    )
    .fetch_optional(&mut *tx)
    .traced("insert_login_without_address")
    .await?)
}

/// Maps the unique sign-in name index to [`Error::EmailTaken`].
fn email_taken(err: sqlx::Error) -> Error {
    match kit::db::violated_constraint(&err) {
        Some("users_login_email_key") => Error::EmailTaken,
        _ => Error::Database(err),
    }
}

/// Inserts a login. Its address becomes its sign-in name unless another
/// login signs in with it already: then the login is kept all the same
/// (`email_is_login` false), so that whoever made it learns nothing of the
/// other account. The unique index decides, past every family's wall.
pub async fn insert(tx: &mut PgConnection, user: &NewUser<'_>) -> Result<UserRow, Error> {
    let id = Uuid::now_v7();
    let signing_in = sqlx::query_as!(
        UserRow,
        "INSERT INTO users (id, organization_id, email, password_hash, role, first_name,
             last_name, phone, child_id, ui_theme, email_is_login)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, true)
         ON CONFLICT (lower(email)) WHERE email_is_login DO NOTHING
         RETURNING id, organization_id, email, password_hash, role, first_name, last_name,
             phone, is_active, email_verified, ui_theme, child_id, last_login_at, created_at, mfa_enabled,
             email_is_login, pending_email",
        id,
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
    .fetch_optional(&mut *tx)
    .traced("insert_user")
    .await?;
    if let Some(row) = signing_in {
        return Ok(row);
    }
    Ok(sqlx::query_as!(
        UserRow,
        "INSERT INTO users (id, organization_id, email, password_hash, role, first_name,
             last_name, phone, child_id, ui_theme, email_is_login)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, false)
         RETURNING id, organization_id, email, password_hash, role, first_name, last_name,
             phone, is_active, email_verified, ui_theme, child_id, last_login_at, created_at, mfa_enabled,
             email_is_login, pending_email",
        id,
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
    .traced("insert_user_without_login")
    .await?)
}

/// Whether a login of family `organization_id` signs in with `email`,
/// whatever its case. Only the caller's own family is asked: its parents
/// see its members' addresses anyway, and nobody learns of other families'.
pub async fn login_in_family(
    db: impl sqlx::PgExecutor<'_>,
    organization_id: Uuid,
    email: &str,
) -> Result<bool, Error> {
    // Asked for anonymous callers too (an invitation being accepted): the
    // query names its family itself. (A caller's open transaction keeps the
    // scope it was opened with.)
    let exists = sqlx::query_scalar!(
        r#"SELECT EXISTS (SELECT 1 FROM users
             WHERE lower(email) = lower($2) AND email_is_login AND organization_id = $1) AS "exists!""#,
        organization_id,
        email,
    )
    .fetch_one(db)
    .traced("login_in_family");
    Ok(kit::tenancy::all_families(exists).await?)
}

/// The login that signs in with `email`, whatever its case.
pub async fn find_by_email(pool: &PgPool, email: &str) -> Result<Option<UserRow>, Error> {
    Ok(sqlx::query_as!(
        UserRow,
        "SELECT id, organization_id, email, password_hash, role, first_name, last_name,
             phone, is_active, email_verified, ui_theme, child_id, last_login_at, created_at, mfa_enabled,
             email_is_login, pending_email
         FROM users WHERE lower(email) = lower($1) AND email_is_login",
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
             phone, is_active, email_verified, ui_theme, child_id, last_login_at, created_at, mfa_enabled,
             email_is_login, pending_email
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
    pub phone: &'a str,
    /// A new address to confirm (it replaces one still waiting); `None`
    /// leaves what waits as it is.
    pub pending_email: Option<&'a str>,
}

/// A login's own new details. The address is not among them: a new one
/// waits in `pending_email` until [`confirm_email_change`].
pub async fn update_profile(
    tx: &mut PgConnection,
    id: Uuid,
    update: &ProfileUpdate<'_>,
) -> Result<Option<UserRow>, Error> {
    Ok(sqlx::query_as!(
        UserRow,
        "UPDATE users SET first_name = $2, last_name = $3, phone = $4,
             pending_email = COALESCE($5, pending_email)
         WHERE id = $1
         RETURNING id, organization_id, email, password_hash, role, first_name, last_name,
             phone, is_active, email_verified, ui_theme, child_id, last_login_at, created_at, mfa_enabled,
             email_is_login, pending_email",
        id,
        update.first_name,
        update.last_name,
        update.phone,
        update.pending_email,
    )
    .fetch_optional(tx)
    .traced("update_profile")
    .await?)
}

/// Makes the address waiting in `pending_email` the login's, verified (its
/// mailed link was followed), if it is still `email`; `None` otherwise. An
/// address another login took meanwhile is [`Error::EmailTaken`]: only
/// whoever holds that mailbox gets this far.
pub async fn confirm_email_change(
    tx: &mut PgConnection,
    id: Uuid,
    email: &str,
) -> Result<Option<UserRow>, Error> {
    sqlx::query_as!(
        UserRow,
        "UPDATE users SET email = pending_email, pending_email = NULL, email_verified = true,
             email_is_login = true
         WHERE id = $1 AND lower(pending_email) = lower($2)
         RETURNING id, organization_id, email, password_hash, role, first_name, last_name,
             phone, is_active, email_verified, ui_theme, child_id, last_login_at, created_at, mfa_enabled,
             email_is_login, pending_email",
        id,
        email,
    )
    .fetch_optional(tx)
    .traced("confirm_email_change")
    .await
    .map_err(email_taken)
}

/// Active members of a family, parents first, then by name.
pub async fn active_members(pool: &PgPool, organization_id: Uuid) -> Result<Vec<UserRow>, Error> {
    Ok(sqlx::query_as!(
        UserRow,
        "SELECT id, organization_id, email, password_hash, role, first_name, last_name,
             phone, is_active, email_verified, ui_theme, child_id, last_login_at, created_at, mfa_enabled,
             email_is_login, pending_email
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
             phone, is_active, email_verified, ui_theme, child_id, last_login_at, created_at, mfa_enabled,
             email_is_login, pending_email",
        id,
        organization_id,
    )
    .fetch_optional(tx)
    .traced("deactivate")
    .await?)
}

/// Points a child's login at new contact details. An address another
/// family's login signs in with is kept, but not as this login's sign-in
/// name (see [`insert`]); the caller has refused its own family's.
pub async fn update_child_contact(
    tx: &mut PgConnection,
    organization_id: Uuid,
    child_id: Uuid,
    email: &str,
    phone: &str,
) -> Result<(), Error> {
    // A savepoint: a taken name must not end the caller's transaction.
    let mut attempt = sqlx::Connection::begin(&mut *tx).await?;
    let as_login = sqlx::query!(
        "UPDATE users SET email = $3, phone = $4, email_is_login = ($3 <> '')
         WHERE organization_id = $1 AND child_id = $2",
        organization_id,
        child_id,
        email,
        phone,
    )
    .execute(&mut *attempt)
    .traced("update_child_contact")
    .await
    .map_err(email_taken);
    match as_login {
        Ok(_) => {
            attempt.commit().await?;
            return Ok(());
        }
        Err(Error::EmailTaken) => attempt.rollback().await?,
        Err(other) => return Err(other),
    }
    sqlx::query!(
        "UPDATE users SET email = $3, phone = $4, email_is_login = false
         WHERE organization_id = $1 AND child_id = $2",
        organization_id,
        child_id,
        email,
        phone,
    )
    .execute(tx)
    .traced("update_child_contact_without_login")
    .await?;
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
             phone, is_active, email_verified, ui_theme, child_id, last_login_at, created_at, mfa_enabled,
             email_is_login, pending_email",
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
         WHERE id = $1 AND lower(email) = lower($2) AND email_is_login
         RETURNING id, organization_id, email, password_hash, role, first_name, last_name,
             phone, is_active, email_verified, ui_theme, child_id, last_login_at, created_at, mfa_enabled,
             email_is_login, pending_email",
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
    db: impl sqlx::PgExecutor<'_>,
    organization_id: Uuid,
    child_id: Uuid,
) -> Result<Option<UserRow>, Error> {
    Ok(sqlx::query_as!(
        UserRow,
        "SELECT id, organization_id, email, password_hash, role, first_name, last_name,
             phone, is_active, email_verified, ui_theme, child_id, last_login_at, created_at, mfa_enabled,
             email_is_login, pending_email
         FROM users WHERE organization_id = $1 AND child_id = $2",
        organization_id,
        child_id,
    )
    .fetch_optional(db)
    .traced("child_login")
    .await?)
}
