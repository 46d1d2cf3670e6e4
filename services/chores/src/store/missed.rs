//! Missed chores, once per child, chore and due date, and which days of
//! each family's calendar have been checked for them.

use chrono::{DateTime, NaiveDate, Utc};
use kit::db::Traced;
use sqlx::{PgConnection, PgPool};
use uuid::Uuid;

use crate::{error::Error, store::chores::ChoreRow};

/// A family due for a look (its checked days are read under its lock).
pub struct FamilyToCheck {
    pub organization_id: Uuid,
    pub time_zone: String,
}

/// Families whose next look has come by `now` (see [`set_checked_through`]).
pub async fn families_due(pool: &PgPool, now: DateTime<Utc>) -> Result<Vec<FamilyToCheck>, Error> {
    Ok(sqlx::query_as!(
        FamilyToCheck,
        "SELECT organization_id, time_zone
         FROM families
         WHERE missed_next_check_at IS NULL OR missed_next_check_at <= $1",
        now,
    )
    .fetch_all(pool)
    .traced("families_missed_due")
    .await?)
}

/// The last day checked, with the family's row locked until the
/// transaction ends (another replica checking the same family waits).
pub async fn lock_checked_through(
    tx: &mut PgConnection,
    org: Uuid,
) -> Result<Option<NaiveDate>, Error> {
    Ok(sqlx::query_scalar!(
        "SELECT missed_checked_through FROM families WHERE organization_id = $1 FOR UPDATE",
        org,
    )
    .fetch_optional(tx)
    .traced("lock_missed_checked")
    .await?
    .flatten())
}

/// Notes that the family's days up to `day` are checked, and when it is
/// next looked at.
pub async fn set_checked_through(
    tx: &mut PgConnection,
    org: Uuid,
    day: NaiveDate,
    next_check_at: DateTime<Utc>,
) -> Result<(), Error> {
    sqlx::query!(
        "UPDATE families SET missed_checked_through = $2, missed_next_check_at = $3
         WHERE organization_id = $1",
        org,
        day,
        next_check_at,
    )
    .execute(tx)
    .traced("set_missed_checked")
    .await?;
    Ok(())
}

/// The family's active chores with due days.
pub async fn scheduled_chores(tx: &mut PgConnection, org: Uuid) -> Result<Vec<ChoreRow>, Error> {
    Ok(sqlx::query_as!(
        ChoreRow,
        "SELECT c.id, c.category_id, k.name AS category_name, c.name, c.description,
            c.base_reward_cents, c.frequency_days, c.requires_photo, c.is_active,
            c.assigned_child_ids, c.assignment_mode, c.due_days, c.due_time, c.periods_start_on,
            c.missed_penalty_cents
         FROM chores c JOIN categories k ON k.id = c.category_id
         WHERE c.organization_id = $1 AND c.is_active AND c.due_days <> '{}'",
        org,
    )
    .fetch_all(tx)
    .traced("scheduled_chores")
    .await?)
}

pub struct NewMissed<'a> {
    pub org: Uuid,
    pub chore: &'a ChoreRow,
    pub child: Uuid,
    pub due_on: NaiveDate,
    pub due_at: DateTime<Utc>,
}

/// Records a miss; `None` when it was already recorded.
pub async fn insert(tx: &mut PgConnection, m: &NewMissed<'_>) -> Result<Option<Uuid>, Error> {
    Ok(sqlx::query_scalar!(
        "INSERT INTO missed_chores (id, organization_id, chore_id, child_id, due_on, due_at,
            penalty_cents)
         VALUES ($1, $2, $3, $4, $5, $6, $7)
         ON CONFLICT (chore_id, child_id, due_on) DO NOTHING
         RETURNING id",
        Uuid::now_v7(),
        m.org,
        m.chore.id,
        m.child,
        m.due_on,
        m.due_at,
        m.chore.missed_penalty_cents,
    )
    .fetch_optional(tx)
    .traced("insert_missed")
    .await?)
}

/// A missed chore with its chore's name.
#[derive(Debug, Clone)]
pub struct MissedRow {
    pub id: Uuid,
    pub chore_id: Uuid,
    pub chore_name: String,
    pub child_id: Uuid,
    pub due_on: NaiveDate,
    pub due_at: DateTime<Utc>,
    pub penalty_cents: i64,
    pub excused_at: Option<DateTime<Utc>>,
    pub excuse: String,
}

/// The family's misses due from `from` to `to` (both included), one
/// child's when `child` is given; newest first.
pub async fn list(
    pool: &PgPool,
    org: Uuid,
    child: Option<Uuid>,
    from: NaiveDate,
    to: NaiveDate,
) -> Result<Vec<MissedRow>, Error> {
    Ok(sqlx::query_as!(
        MissedRow,
        "SELECT m.id, m.chore_id, c.name AS chore_name, m.child_id, m.due_on, m.due_at,
            m.penalty_cents, m.excused_at, m.excuse
         FROM missed_chores m JOIN chores c ON c.id = m.chore_id
         WHERE m.organization_id = $1 AND ($2::uuid IS NULL OR m.child_id = $2)
           AND m.due_on BETWEEN $3 AND $4
         ORDER BY m.due_at DESC, c.name, m.id",
        org,
        child,
        from,
        to,
    )
    .fetch_all(pool)
    .traced("missed_chores")
    .await?)
}

/// The family's miss `id`.
pub async fn find(
    conn: &mut PgConnection,
    org: Uuid,
    id: Uuid,
) -> Result<Option<MissedRow>, Error> {
    Ok(sqlx::query_as!(
        MissedRow,
        "SELECT m.id, m.chore_id, c.name AS chore_name, m.child_id, m.due_on, m.due_at,
            m.penalty_cents, m.excused_at, m.excuse
         FROM missed_chores m JOIN chores c ON c.id = m.chore_id
         WHERE m.organization_id = $1 AND m.id = $2
         FOR UPDATE OF m",
        org,
        id,
    )
    .fetch_optional(conn)
    .traced("find_missed")
    .await?)
}

pub async fn excuse(
    tx: &mut PgConnection,
    id: Uuid,
    parent: Uuid,
    reason: &str,
    at: DateTime<Utc>,
) -> Result<(), Error> {
    sqlx::query!(
        "UPDATE missed_chores SET excused_at = $3, excused_by = $2, excuse = $4 WHERE id = $1",
        id,
        parent,
        at,
        reason,
    )
    .execute(tx)
    .traced("excuse_missed")
    .await?;
    Ok(())
}

/// A deleted child's misses go with them.
pub async fn delete_for_child(tx: &mut PgConnection, org: Uuid, child: Uuid) -> Result<(), Error> {
    sqlx::query!(
        "DELETE FROM missed_chores WHERE organization_id = $1 AND child_id = $2",
        org,
        child,
    )
    .execute(tx)
    .traced("delete_child_missed")
    .await?;
    Ok(())
}
