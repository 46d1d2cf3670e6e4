//! The family's tablets (only the SHA-256 of each device token) and the
//! child sessions opened on them. Every query about a family's tablets
//! names the family.

use chrono::{DateTime, Utc};
use kit::db::Traced;
use sqlx::{PgConnection, PgPool};
use uuid::Uuid;

use crate::error::Error;

pub struct TabletRow {
    pub id: Uuid,
    pub organization_id: Uuid,
    pub name: String,
    pub created_at: DateTime<Utc>,
    pub last_used_at: Option<DateTime<Utc>>,
}

pub struct NewTablet<'a> {
    pub id: Uuid,
    pub organization_id: Uuid,
    pub name: &'a str,
    pub token_hash: &'a [u8],
    pub created_by: Uuid,
    pub now: DateTime<Utc>,
}

/// Sets up a tablet unless the family already has `max` of them (`None`
/// then). The family's tablets are counted and added to under a lock of the
/// family's own, so two parents adding one each at once cannot pass the cap.
pub async fn insert(
    pool: &PgPool,
    new: &NewTablet<'_>,
    max: i64,
) -> Result<Option<TabletRow>, Error> {
    let mut tx = pool.begin().await?;
    sqlx::query!(
        "SELECT pg_advisory_xact_lock(hashtextextended('tablets:' || ($1::uuid)::text, 0))",
        new.organization_id,
    )
    .execute(&mut *tx)
    .traced("lock_family_tablets")
    .await?;
    let row = sqlx::query_as!(
        TabletRow,
        "INSERT INTO tablets (id, organization_id, name, token_hash, created_by, created_at)
         SELECT $1, $2, $3, $4, $5, $6
          WHERE (SELECT count(*) FROM tablets
                  WHERE organization_id = $2 AND revoked_at IS NULL) < $7
         RETURNING id, organization_id, name, created_at, last_used_at",
        new.id,
        new.organization_id,
        new.name,
        new.token_hash,
        new.created_by,
        new.now,
        max,
    )
    .fetch_optional(&mut *tx)
    .traced("insert_tablet")
    .await?;
    tx.commit().await?;
    Ok(row)
}

/// The family's tablets still set up, newest first.
pub async fn list(pool: &PgPool, organization_id: Uuid) -> Result<Vec<TabletRow>, Error> {
    Ok(sqlx::query_as!(
        TabletRow,
        "SELECT id, organization_id, name, created_at, last_used_at FROM tablets
         WHERE organization_id = $1 AND revoked_at IS NULL
         ORDER BY created_at DESC, id",
        organization_id,
    )
    .fetch_all(pool)
    .traced("list_tablets")
    .await?)
}

/// How precisely a tablet's last use is kept: a use within this long of the
/// one recorded leaves it as it is. Every screen the tablet shows checks its
/// token, and writing the time each time made each of those reads a write
/// (and a flush of the log to disk) for a time shown to the minute.
pub const LAST_USED_PRECISION_SECS: i64 = 60;

/// The tablet set up with the token of this hash, marked used at `now`
/// unless a use within [`LAST_USED_PRECISION_SECS`] is already recorded;
/// `None` for an unknown or removed one.
pub async fn use_token(
    pool: &PgPool,
    token_hash: &[u8],
    now: DateTime<Utc>,
) -> Result<Option<TabletRow>, Error> {
    Ok(sqlx::query_as!(
        TabletRow,
        r#"WITH found AS (
             SELECT id, organization_id, name, created_at, last_used_at FROM tablets
              WHERE token_hash = $1 AND revoked_at IS NULL
         ), touched AS (
             UPDATE tablets t SET last_used_at = $2
               FROM found
              WHERE t.id = found.id
                AND (found.last_used_at IS NULL
                     OR found.last_used_at <= $3)
             RETURNING t.last_used_at
         )
         SELECT found.id AS "id!", found.organization_id AS "organization_id!",
                found.name AS "name!", found.created_at AS "created_at!",
                COALESCE((SELECT last_used_at FROM touched), found.last_used_at) AS "last_used_at?"
           FROM found"#,
        token_hash,
        now,
        now - chrono::Duration::seconds(LAST_USED_PRECISION_SECS),
    )
    .fetch_optional(pool)
    .traced("use_tablet_token")
    .await?)
}

/// Removes the family's tablet `id` at `now`; false when it has no such tablet
/// still set up.
pub async fn revoke(
    tx: &mut PgConnection,
    organization_id: Uuid,
    id: Uuid,
    now: DateTime<Utc>,
) -> Result<bool, Error> {
    let revoked = sqlx::query_scalar!(
        "UPDATE tablets SET revoked_at = $3
         WHERE organization_id = $1 AND id = $2 AND revoked_at IS NULL
         RETURNING id",
        organization_id,
        id,
        now,
    )
    .fetch_optional(tx)
    .traced("revoke_tablet")
    .await?;
    Ok(revoked.is_some())
}

/// Records a child session opened on the tablet, or its renewal's expiry.
pub async fn record_session(
    pool: &PgPool,
    session_id: &str,
    tablet_id: Uuid,
    user_id: Uuid,
    expires_at: i64,
    now: DateTime<Utc>,
) -> Result<(), Error> {
    sqlx::query!(
        "INSERT INTO tablet_sessions (session_id, tablet_id, user_id, expires_at, created_at)
         VALUES ($1, $2, $3, $4, $5)
         ON CONFLICT (session_id) DO UPDATE SET expires_at = EXCLUDED.expires_at",
        session_id,
        tablet_id,
        user_id,
        expires_at,
        now,
    )
    .execute(pool)
    .traced("record_tablet_session")
    .await?;
    Ok(())
}

/// The tablet a session was opened on, if it was, and whether that tablet
/// is still set up.
pub async fn session_tablet(
    pool: &PgPool,
    session_id: &str,
) -> Result<Option<(Uuid, bool)>, Error> {
    let row = sqlx::query!(
        "SELECT t.id, t.revoked_at IS NULL AS \"active!\" FROM tablet_sessions s
         JOIN tablets t ON t.id = s.tablet_id
         WHERE s.session_id = $1",
        session_id,
    )
    .fetch_optional(pool)
    .traced("find_tablet_session")
    .await?;
    Ok(row.map(|r| (r.id, r.active)))
}

/// The sessions opened on the tablet whose tokens may still be in use at
/// `now` (Unix seconds).
pub async fn live_sessions(
    tx: &mut PgConnection,
    tablet_id: Uuid,
    now: i64,
) -> Result<Vec<super::LiveSession>, Error> {
    Ok(sqlx::query_as!(
        super::LiveSession,
        "SELECT session_id, expires_at FROM tablet_sessions
         WHERE tablet_id = $1 AND expires_at >= $2",
        tablet_id,
        now,
    )
    .fetch_all(tx)
    .traced("live_tablet_sessions")
    .await?)
}

pub struct ChildLoginRow {
    pub child_id: Uuid,
    /// Whether a PIN is set for the login.
    pub has_pin: bool,
    /// The child's name as kept from the family's events; `None` when not
    /// heard of yet.
    pub name: Option<String>,
}

/// The active logins of the family's children, each saying whether it has a
/// PIN and with the child's kept name (in one statement: the tablet's home
/// asks at every visit), in the order the children were added (their ids
/// are time-ordered).
pub async fn child_logins(
    pool: &PgPool,
    organization_id: Uuid,
) -> Result<Vec<ChildLoginRow>, Error> {
    Ok(sqlx::query_as!(
        ChildLoginRow,
        r#"SELECT u.child_id AS "child_id!", p.user_id IS NOT NULL AS "has_pin!",
             n.name AS "name?"
         FROM users u
         LEFT JOIN child_pins p ON p.user_id = u.id
         LEFT JOIN child_names n ON n.child_id = u.child_id AND n.organization_id = $1
         WHERE u.organization_id = $1 AND u.child_id IS NOT NULL AND u.is_active
         ORDER BY u.child_id"#,
        organization_id,
    )
    .fetch_all(pool)
    .traced("child_logins")
    .await?)
}

/// The login of the family's child `child_id`, if the child has joined.
pub async fn child_login(
    pool: &PgPool,
    organization_id: Uuid,
    child_id: Uuid,
) -> Result<Option<super::users::UserRow>, Error> {
    Ok(sqlx::query_as!(
        super::users::UserRow,
        "SELECT id, organization_id, email, password_hash, role, first_name, last_name,
             phone, is_active, email_verified, ui_theme, child_id, last_login_at, created_at, mfa_enabled,
             email_is_login, pending_email
         FROM users WHERE organization_id = $1 AND child_id = $2",
        organization_id,
        child_id,
    )
    .fetch_optional(pool)
    .traced("find_child_login")
    .await?)
}
