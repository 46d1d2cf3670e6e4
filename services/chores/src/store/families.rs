//! Families' time zones, as the family service announced them.

use kit::db::Traced;
use sqlx::{PgConnection, PgPool};
use uuid::Uuid;

use crate::error::Error;

/// What an event says: it replaces what was known. A new zone moves when
/// the family's days end, so the missed-chores job looks at it again next.
pub async fn announce(tx: &mut PgConnection, org: Uuid, tz: &str) -> Result<(), Error> {
    sqlx::query!(
        "INSERT INTO families (organization_id, time_zone) VALUES ($1, $2)
         ON CONFLICT (organization_id) DO UPDATE SET time_zone = EXCLUDED.time_zone,
             missed_next_check_at = CASE WHEN families.time_zone = EXCLUDED.time_zone
                 THEN families.missed_next_check_at END",
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
pub async fn time_zone(db: impl sqlx::PgExecutor<'_>, org: Uuid) -> Result<Option<String>, Error> {
    Ok(sqlx::query_scalar!(
        "SELECT time_zone FROM families WHERE organization_id = $1",
        org,
    )
    .fetch_optional(db)
    .traced("family_time_zone")
    .await?)
}

/// The family's time zone (`None` until announced or learned) and every
/// child this service has heard of in it (deleted ones too: a tombstone is
/// not to be learned again), in one statement: what the day's plan reads
/// before anything else.
pub async fn zone_and_children(
    conn: &mut PgConnection,
    org: Uuid,
) -> Result<(Option<String>, Vec<Uuid>), Error> {
    let row = sqlx::query!(
        r#"SELECT (SELECT time_zone FROM families WHERE organization_id = $1) AS time_zone,
                  ARRAY(SELECT child_id FROM children WHERE organization_id = $1) AS "known!""#,
        org,
    )
    .fetch_one(conn)
    .traced("family_zone_and_children")
    .await?;
    Ok((row.time_zone, row.known))
}

/// A family suspended or activated at `at`; an older announcement arriving
/// late changes nothing.
pub async fn set_suspended(
    tx: &mut PgConnection,
    org: Uuid,
    suspended: bool,
    at: chrono::DateTime<chrono::Utc>,
) -> Result<(), Error> {
    sqlx::query!(
        "UPDATE families SET suspended = $2, activation_changed_at = $3
         WHERE organization_id = $1
           AND (activation_changed_at IS NULL OR activation_changed_at <= $3)",
        org,
        suspended,
        at,
    )
    .execute(tx)
    .traced("family_activation")
    .await?;
    Ok(())
}
