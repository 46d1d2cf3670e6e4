//! A child's own devices: the one-time codes a parent shows (only their
//! SHA-256), the devices that claimed one (only the SHA-256 of each device
//! token) and the sessions each opened. Every query about a family's
//! devices names the family; a code or a token names it itself, and is
//! looked up across families by the caller.

use chrono::{DateTime, Utc};
use kit::db::Traced;
use sqlx::{PgConnection, PgPool};
use uuid::Uuid;

use crate::error::Error;

pub struct DeviceRow {
    pub id: Uuid,
    pub organization_id: Uuid,
    pub user_id: Uuid,
    pub name: String,
    pub created_at: DateTime<Utc>,
    pub last_used_at: Option<DateTime<Utc>>,
}

pub struct NewLink<'a> {
    pub organization_id: Uuid,
    pub user_id: Uuid,
    pub code_hash: &'a [u8],
    pub created_by: Uuid,
    pub now: DateTime<Utc>,
    pub expires_at: DateTime<Utc>,
}

/// Keeps a new one-time code.
pub async fn insert_link(pool: &PgPool, link: &NewLink<'_>) -> Result<(), Error> {
    sqlx::query!(
        "INSERT INTO device_links (code_hash, organization_id, user_id, created_by, created_at,
             expires_at)
         VALUES ($1, $2, $3, $4, $5, $6)",
        link.code_hash,
        link.organization_id,
        link.user_id,
        link.created_by,
        link.now,
        link.expires_at,
    )
    .execute(pool)
    .traced("insert_device_link")
    .await?;
    Ok(())
}

/// Uses the code of this hash, once: the family and login it signs in, or
/// `None` for an unknown, used or expired one. Forgets codes that ran out
/// over a day ago while at it.
pub async fn claim_link(
    tx: &mut PgConnection,
    code_hash: &[u8],
    now: DateTime<Utc>,
) -> Result<Option<(Uuid, Uuid)>, Error> {
    let claimed = sqlx::query!(
        "UPDATE device_links SET used_at = $2
         WHERE code_hash = $1 AND used_at IS NULL AND expires_at > $2
         RETURNING organization_id, user_id",
        code_hash,
        now,
    )
    .fetch_optional(&mut *tx)
    .traced("claim_device_link")
    .await?;
    sqlx::query!(
        "DELETE FROM device_links WHERE expires_at < $1",
        now - chrono::Duration::days(1),
    )
    .execute(&mut *tx)
    .traced("forget_old_device_links")
    .await?;
    Ok(claimed.map(|r| (r.organization_id, r.user_id)))
}

pub struct NewDevice<'a> {
    pub id: Uuid,
    pub organization_id: Uuid,
    pub user_id: Uuid,
    pub name: &'a str,
    pub token_hash: &'a [u8],
    pub now: DateTime<Utc>,
}

/// How many devices the login `user_id` has signed in.
pub async fn count(
    tx: &mut PgConnection,
    organization_id: Uuid,
    user_id: Uuid,
) -> Result<i64, Error> {
    Ok(sqlx::query_scalar!(
        r#"SELECT count(*) AS "n!" FROM child_devices
         WHERE organization_id = $1 AND user_id = $2 AND revoked_at IS NULL"#,
        organization_id,
        user_id,
    )
    .fetch_one(tx)
    .traced("count_child_devices")
    .await?)
}

/// Signs a device in unless its child already has `max` (`None` then);
/// counted and added under a lock of the child's own, so two codes claimed
/// at once cannot pass the cap.
pub async fn insert(
    tx: &mut PgConnection,
    new: &NewDevice<'_>,
    max: i64,
) -> Result<Option<DeviceRow>, Error> {
    sqlx::query!(
        "SELECT pg_advisory_xact_lock(hashtextextended('child_devices:' || ($1::uuid)::text, 0))",
        new.user_id,
    )
    .execute(&mut *tx)
    .traced("lock_child_devices")
    .await?;
    Ok(sqlx::query_as!(
        DeviceRow,
        "INSERT INTO child_devices (id, organization_id, user_id, name, token_hash, created_at)
         SELECT $1, $2, $3, $4, $5, $6
          WHERE (SELECT count(*) FROM child_devices
                  WHERE organization_id = $2 AND user_id = $3 AND revoked_at IS NULL) < $7
         RETURNING id, organization_id, user_id, name, created_at, last_used_at",
        new.id,
        new.organization_id,
        new.user_id,
        new.name,
        new.token_hash,
        new.now,
        max,
    )
    .fetch_optional(&mut *tx)
    .traced("insert_child_device")
    .await?)
}

/// The login's devices still signed in, newest first.
pub async fn list(
    pool: &PgPool,
    organization_id: Uuid,
    user_id: Uuid,
) -> Result<Vec<DeviceRow>, Error> {
    Ok(sqlx::query_as!(
        DeviceRow,
        "SELECT id, organization_id, user_id, name, created_at, last_used_at FROM child_devices
         WHERE organization_id = $1 AND user_id = $2 AND revoked_at IS NULL
         ORDER BY created_at DESC, id",
        organization_id,
        user_id,
    )
    .fetch_all(pool)
    .traced("list_child_devices")
    .await?)
}

/// The device signed in with the token of this hash, marked used at `now`;
/// `None` for an unknown or signed-out one.
pub async fn use_token(
    pool: &PgPool,
    token_hash: &[u8],
    now: DateTime<Utc>,
) -> Result<Option<DeviceRow>, Error> {
    Ok(sqlx::query_as!(
        DeviceRow,
        "UPDATE child_devices SET last_used_at = $2
         WHERE token_hash = $1 AND revoked_at IS NULL
         RETURNING id, organization_id, user_id, name, created_at, last_used_at",
        token_hash,
        now,
    )
    .fetch_optional(pool)
    .traced("use_device_token")
    .await?)
}

/// Signs the login's device `id` out at `now`; false when it has no such
/// device signed in.
pub async fn revoke(
    tx: &mut PgConnection,
    organization_id: Uuid,
    user_id: Uuid,
    id: Uuid,
    now: DateTime<Utc>,
) -> Result<bool, Error> {
    let revoked = sqlx::query_scalar!(
        "UPDATE child_devices SET revoked_at = $4
         WHERE organization_id = $1 AND user_id = $2 AND id = $3 AND revoked_at IS NULL
         RETURNING id",
        organization_id,
        user_id,
        id,
        now,
    )
    .fetch_optional(tx)
    .traced("revoke_child_device")
    .await?;
    Ok(revoked.is_some())
}

/// Records a session the device opened, alive at most until `expires_at`
/// (Unix seconds).
pub async fn record_session(
    pool: &PgPool,
    session_id: &str,
    device_id: Uuid,
    expires_at: i64,
) -> Result<(), Error> {
    sqlx::query!(
        "INSERT INTO device_sessions (session_id, device_id, expires_at) VALUES ($1, $2, $3)
         ON CONFLICT (session_id) DO NOTHING",
        session_id,
        device_id,
        expires_at,
    )
    .execute(pool)
    .traced("record_device_session")
    .await?;
    Ok(())
}

/// Whether `session_id` was opened by a device since signed out.
pub async fn session_signed_out(pool: &PgPool, session_id: &str) -> Result<bool, Error> {
    Ok(sqlx::query_scalar!(
        r#"SELECT d.revoked_at IS NOT NULL AS "out!" FROM device_sessions s
         JOIN child_devices d ON d.id = s.device_id
         WHERE s.session_id = $1"#,
        session_id,
    )
    .fetch_optional(pool)
    .traced("find_device_session")
    .await?
    .unwrap_or(false))
}

/// The sessions the device opened whose tokens may still be in use at
/// `now` (Unix seconds).
pub async fn live_sessions(
    tx: &mut PgConnection,
    device_id: Uuid,
    now: i64,
) -> Result<Vec<super::LiveSession>, Error> {
    Ok(sqlx::query_as!(
        super::LiveSession,
        "SELECT session_id, expires_at FROM device_sessions
         WHERE device_id = $1 AND expires_at >= $2",
        device_id,
        now,
    )
    .fetch_all(tx)
    .traced("live_device_sessions")
    .await?)
}

/// Signs out, at `now`, the device that opened `session_id`, if one did and
/// it is still signed in; its id then.
pub async fn revoke_by_session(
    tx: &mut PgConnection,
    session_id: &str,
    now: DateTime<Utc>,
) -> Result<Option<Uuid>, Error> {
    Ok(sqlx::query_scalar!(
        "UPDATE child_devices SET revoked_at = $2
         WHERE id = (SELECT device_id FROM device_sessions WHERE session_id = $1)
           AND revoked_at IS NULL
         RETURNING id",
        session_id,
        now,
    )
    .fetch_optional(tx)
    .traced("revoke_device_of_session")
    .await?)
}
