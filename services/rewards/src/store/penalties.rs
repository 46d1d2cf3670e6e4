//! Missed chores as rewards keeps them: the day, what the penalty cost and
//! what the balance allowed to take, and whether it was excused.

use chrono::{DateTime, NaiveDate, Utc};
use kit::db::Traced;
use sqlx::PgConnection;
use uuid::Uuid;

use crate::error::Error;

pub struct PenaltyRow {
    pub penalty_cents: i64,
    pub taken_cents: i64,
    pub excused_at: Option<DateTime<Utc>>,
}

/// The missed chore's row, locked until the transaction ends.
pub async fn lock(conn: &mut PgConnection, missed: Uuid) -> Result<Option<PenaltyRow>, Error> {
    Ok(sqlx::query_as!(
        PenaltyRow,
        "SELECT penalty_cents, taken_cents, excused_at FROM misses
         WHERE missed_id = $1 FOR UPDATE",
        missed,
    )
    .fetch_optional(conn)
    .traced("lock_penalty")
    .await?)
}

pub struct NewPenalty {
    pub missed: Uuid,
    pub org: Uuid,
    pub child: Uuid,
    pub due_on: Option<NaiveDate>,
    pub penalty_cents: i64,
    pub taken_cents: i64,
    pub excused_at: Option<DateTime<Utc>>,
}

pub async fn insert(conn: &mut PgConnection, p: &NewPenalty) -> Result<(), Error> {
    sqlx::query!(
        "INSERT INTO misses (missed_id, organization_id, child_id, due_on, penalty_cents,
            taken_cents, excused_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7)",
        p.missed,
        p.org,
        p.child,
        p.due_on,
        p.penalty_cents,
        p.taken_cents,
        p.excused_at,
    )
    .execute(conn)
    .traced("insert_penalty")
    .await?;
    Ok(())
}

pub async fn mark_excused(
    conn: &mut PgConnection,
    missed: Uuid,
    at: DateTime<Utc>,
) -> Result<(), Error> {
    sqlx::query!(
        "UPDATE misses SET excused_at = $2 WHERE missed_id = $1",
        missed,
        at,
    )
    .execute(conn)
    .traced("excuse_penalty")
    .await?;
    Ok(())
}
