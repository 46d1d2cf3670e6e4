//! Each family's number of active chores, as the chores service counted it.

use chrono::{DateTime, Utc};
use kit::db::Traced;
use sqlx::PgConnection;
use uuid::Uuid;

use crate::error::Error;

/// A family's active chores, unless a later count is already known.
pub async fn record_count(
    tx: &mut PgConnection,
    org: Uuid,
    active: i32,
    counted_at: DateTime<Utc>,
) -> Result<(), Error> {
    sqlx::query!(
        "INSERT INTO chore_counts (organization_id, active_chores, counted_at) VALUES ($1, $2, $3)
         ON CONFLICT (organization_id) DO UPDATE
            SET active_chores = EXCLUDED.active_chores, counted_at = EXCLUDED.counted_at
            WHERE chore_counts.counted_at <= EXCLUDED.counted_at",
        org,
        active,
        counted_at,
    )
    .execute(tx)
    .traced("count_chores")
    .await?;
    Ok(())
}
