//! Families' time zones, as the family service announced them.

use kit::db::Traced;
use sqlx::{PgConnection, PgPool};
use uuid::Uuid;

use crate::error::Error;

/// What an event says: it replaces what was known.
pub async fn announce(tx: &mut PgConnection, org: Uuid, tz: &str) -> Result<(), Error> {
    sqlx::query!(
        "INSERT INTO families (organization_id, time_zone) VALUES ($1, $2)
         ON CONFLICT (organization_id) DO UPDATE SET time_zone = EXCLUDED.time_zone",
        org,
        tz,
    )
    .execute(tx)
    .traced("announce_family")
    .await?;
    Ok(())
}

/// What the family service answered when asked: kept only if no event has
/// said otherwise meanwhile, since an answer may be older than an event.
pub async fn learn(pool: &PgPool, org: Uuid, tz: &str) -> Result<(), Error> {
    sqlx::query!(
        "INSERT INTO families (organization_id, time_zone) VALUES ($1, $2)
         ON CONFLICT (organization_id) DO NOTHING",
        org,
        tz,
    )
    .execute(pool)
    .traced("learn_family")
    .await?;
    Ok(())
}

/// The family's time zone, if known here.
pub async fn time_zone(pool: &PgPool, org: Uuid) -> Result<Option<String>, Error> {
    Ok(sqlx::query_scalar!(
        "SELECT time_zone FROM families WHERE organization_id = $1",
        org,
    )
    .fetch_optional(pool)
    .traced("family_time_zone")
    .await?)
}
