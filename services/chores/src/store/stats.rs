//! The dashboards' counts over a family's chores and submissions.

use chrono::{DateTime, NaiveDate, Utc};
use kit::db::Traced;
use sqlx::PgPool;
use uuid::Uuid;

use super::chores::ChoreRow;
use crate::error::Error;

/// One child's submissions: pending, and approved since two moments.
pub struct ChildCounts {
    pub child_id: Uuid,
    pub pending: i64,
    pub completed_last_30_days: i64,
    pub completed_this_month: i64,
}

/// Each child's counts (one child's when `child` is given), approved ones
/// since `window` and since `month`.
pub async fn children(
    pool: &PgPool,
    org: Uuid,
    child: Option<Uuid>,
    window: DateTime<Utc>,
    month: DateTime<Utc>,
) -> Result<Vec<ChildCounts>, Error> {
    Ok(sqlx::query_as!(
        ChildCounts,
        r#"SELECT child_id,
            count(*) FILTER (WHERE status = 'PENDING') AS "pending!",
            count(*) FILTER (WHERE status = 'APPROVED' AND completed_at >= $3)
                AS "completed_last_30_days!",
            count(*) FILTER (WHERE status = 'APPROVED' AND completed_at >= $4)
                AS "completed_this_month!"
         FROM submissions
         WHERE organization_id = $1 AND ($2::uuid IS NULL OR child_id = $2)
         GROUP BY child_id"#,
        org,
        child,
        window,
        month,
    )
    .fetch_all(pool)
    .traced("child_counts")
    .await?)
}

/// One child's misses that were not excused.
pub struct ChildMisses {
    pub child_id: Uuid,
    pub missed: i64,
}

/// Each child's misses due from `from` on (one child's when `child` is
/// given), excused ones left out: an excuse says the day did not count.
pub async fn missed(
    pool: &PgPool,
    org: Uuid,
    child: Option<Uuid>,
    from: NaiveDate,
) -> Result<Vec<ChildMisses>, Error> {
    Ok(sqlx::query_as!(
        ChildMisses,
        r#"SELECT child_id, count(*) AS "missed!"
         FROM missed_chores
         WHERE organization_id = $1 AND ($2::uuid IS NULL OR child_id = $2)
           AND due_on >= $3 AND excused_at IS NULL
         GROUP BY child_id"#,
        org,
        child,
        from,
    )
    .fetch_all(pool)
    .traced("child_misses")
    .await?)
}

/// An active chore and its approved completions.
pub struct Activity {
    pub chore: ChoreRow,
    pub completions: i64,
}

struct ActivityRow {
    id: Uuid,
    category_id: Uuid,
    category_name: String,
    name: String,
    description: String,
    base_reward_cents: i64,
    frequency_days: i32,
    requires_photo: bool,
    is_active: bool,
    assigned_child_ids: Vec<Uuid>,
    assignment_mode: String,
    due_days: Vec<i32>,
    due_time: Option<chrono::NaiveTime>,
    periods_start_on: chrono::NaiveDate,
    missed_penalty_cents: i64,
    completions: i64,
}

impl From<ActivityRow> for Activity {
    fn from(r: ActivityRow) -> Self {
        Activity {
            chore: ChoreRow {
                id: r.id,
                category_id: r.category_id,
                category_name: r.category_name,
                name: r.name,
                description: r.description,
                base_reward_cents: r.base_reward_cents,
                frequency_days: r.frequency_days,
                requires_photo: r.requires_photo,
                is_active: r.is_active,
                assigned_child_ids: r.assigned_child_ids,
                assignment_mode: r.assignment_mode,
                due_days: r.due_days,
                due_time: r.due_time,
                periods_start_on: r.periods_start_on,
                missed_penalty_cents: r.missed_penalty_cents,
            },
            completions: r.completions,
        }
    }
}

/// Every active chore of the family with its approvals since `window` (one
/// child's when `child` is given), in name order: the dashboards pick the
/// most and least done from it, so the submissions are counted once.
pub async fn activity(
    pool: &PgPool,
    org: Uuid,
    child: Option<Uuid>,
    window: DateTime<Utc>,
) -> Result<Vec<Activity>, Error> {
    let rows = sqlx::query_as!(
        ActivityRow,
        r#"SELECT c.id, c.category_id, k.name AS category_name, c.name, c.description,
            c.base_reward_cents, c.frequency_days, c.requires_photo, c.is_active,
            c.assigned_child_ids, c.assignment_mode, c.due_days, c.due_time, c.periods_start_on,
            c.missed_penalty_cents, count(s.id) AS "completions!"
         FROM chores c
         JOIN categories k ON k.id = c.category_id
         LEFT JOIN submissions s ON s.chore_id = c.id AND s.status = 'APPROVED'
            AND s.completed_at >= $3 AND ($2::uuid IS NULL OR s.child_id = $2)
         WHERE c.organization_id = $1 AND c.is_active
         GROUP BY c.id, k.name
         ORDER BY lower(c.name), c.id"#,
        org,
        child,
        window,
    )
    .fetch_all(pool)
    .traced("chore_activity")
    .await?;
    Ok(rows.into_iter().map(Activity::from).collect())
}
