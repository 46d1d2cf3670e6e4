//! Families as the family service announced them: their time zone.

use kit::db::Traced;
use sqlx::PgConnection;
use uuid::Uuid;

use crate::error::Error;

pub async fn upsert(tx: &mut PgConnection, org: Uuid, tz: &str) -> Result<(), Error> {
    sqlx::query!(
        "INSERT INTO families (organization_id, time_zone) VALUES ($1, $2)
         ON CONFLICT (organization_id) DO UPDATE SET time_zone = EXCLUDED.time_zone",
        org,
        tz,
    )
    .execute(tx)
    .traced("upsert_family")
    .await?;
    Ok(())
}

/// The family's time zone (UTC until its creation was seen).
pub async fn time_zone(db: impl sqlx::PgExecutor<'_>, org: Uuid) -> Result<String, Error> {
    let tz = sqlx::query_scalar!(
        "SELECT time_zone FROM families WHERE organization_id = $1",
        org,
    )
    .fetch_optional(db)
    .traced("time_zone")
    .await?;
    Ok(tz.unwrap_or_else(|| "UTC".into()))
}
