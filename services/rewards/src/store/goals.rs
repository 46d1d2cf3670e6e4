//! Children's savings goals.

use std::collections::HashMap;

use chrono::{DateTime, Utc};
use kit::db::Traced;
use sqlx::PgConnection;
use uuid::Uuid;

use crate::error::Error;

#[derive(Debug, Clone)]
pub struct GoalRow {
    pub id: Uuid,
    pub child_id: Uuid,
    pub name: String,
    pub target_cents: i64,
    pub emoji: String,
    pub created_at: DateTime<Utc>,
    pub reached_at: Option<DateTime<Utc>>,
}

pub struct GoalFields<'a> {
    pub name: &'a str,
    pub target_cents: i64,
    pub emoji: &'a str,
}

/// The goals of one child, or of the family's children, oldest first.
pub async fn list(
    conn: &mut PgConnection,
    org: Uuid,
    child: Option<Uuid>,
) -> Result<Vec<GoalRow>, Error> {
    Ok(sqlx::query_as!(
        GoalRow,
        "SELECT id, child_id, name, target_cents, emoji, created_at, reached_at FROM goals
         WHERE organization_id = $1 AND ($2::uuid IS NULL OR child_id = $2)
         ORDER BY created_at, id",
        org,
        child,
    )
    .fetch_all(conn)
    .traced("list_goals")
    .await?)
}

pub async fn find(conn: &mut PgConnection, org: Uuid, id: Uuid) -> Result<Option<GoalRow>, Error> {
    Ok(sqlx::query_as!(
        GoalRow,
        "SELECT id, child_id, name, target_cents, emoji, created_at, reached_at FROM goals
         WHERE organization_id = $1 AND id = $2",
        org,
        id,
    )
    .fetch_optional(conn)
    .traced("find_goal")
    .await?)
}

pub async fn count(conn: &mut PgConnection, org: Uuid, child: Uuid) -> Result<i64, Error> {
    Ok(sqlx::query_scalar!(
        r#"SELECT count(*) AS "n!" FROM goals WHERE organization_id = $1 AND child_id = $2"#,
        org,
        child,
    )
    .fetch_one(conn)
    .traced("count_goals")
    .await?)
}

pub async fn insert(
    tx: &mut PgConnection,
    org: Uuid,
    child: Uuid,
    f: &GoalFields<'_>,
) -> Result<GoalRow, Error> {
    Ok(sqlx::query_as!(
        GoalRow,
        "INSERT INTO goals (id, organization_id, child_id, name, target_cents, emoji)
         VALUES ($1, $2, $3, $4, $5, $6)
         RETURNING id, child_id, name, target_cents, emoji, created_at, reached_at",
        Uuid::now_v7(),
        org,
        child,
        f.name,
        f.target_cents,
        f.emoji,
    )
    .fetch_one(tx)
    .traced("insert_goal")
    .await?)
}

pub async fn update(
    tx: &mut PgConnection,
    org: Uuid,
    id: Uuid,
    f: &GoalFields<'_>,
) -> Result<Option<GoalRow>, Error> {
    Ok(sqlx::query_as!(
        GoalRow,
        "UPDATE goals SET name = $3, target_cents = $4, emoji = $5
         WHERE organization_id = $1 AND id = $2
         RETURNING id, child_id, name, target_cents, emoji, created_at, reached_at",
        org,
        id,
        f.name,
        f.target_cents,
        f.emoji,
    )
    .fetch_optional(tx)
    .traced("update_goal")
    .await?)
}

pub async fn delete(tx: &mut PgConnection, org: Uuid, id: Uuid) -> Result<bool, Error> {
    let done = sqlx::query!(
        "DELETE FROM goals WHERE organization_id = $1 AND id = $2",
        org,
        id,
    )
    .execute(tx)
    .traced("delete_goal")
    .await?;
    Ok(done.rows_affected() == 1)
}

/// Marks reached, at `now`, the child's goals not yet reached whose target
/// `saved` covers: the ones it marked. A goal's row is updated only while
/// `reached_at` is empty, so racing writers mark it once between them.
pub async fn mark_reached(
    tx: &mut PgConnection,
    org: Uuid,
    child: Uuid,
    saved: i64,
    now: DateTime<Utc>,
) -> Result<Vec<GoalRow>, Error> {
    Ok(sqlx::query_as!(
        GoalRow,
        "UPDATE goals SET reached_at = $4
         WHERE organization_id = $1 AND child_id = $2 AND reached_at IS NULL
           AND target_cents <= $3
         RETURNING id, child_id, name, target_cents, emoji, created_at, reached_at",
        org,
        child,
        saved,
        now,
    )
    .fetch_all(tx)
    .traced("mark_goals_reached")
    .await?)
}

/// What each child's save jar holds (children without lines: absent).
pub async fn saved(
    conn: &mut PgConnection,
    org: Uuid,
    child: Option<Uuid>,
) -> Result<HashMap<Uuid, i64>, Error> {
    let rows = sqlx::query!(
        r#"SELECT child_id, coalesce(sum(amount_cents), 0)::bigint AS "saved!"
         FROM ledger_entries
         WHERE organization_id = $1 AND ($2::uuid IS NULL OR child_id = $2) AND jar = 'SAVE'
         GROUP BY child_id"#,
        org,
        child,
    )
    .fetch_all(conn)
    .traced("saved")
    .await?;
    Ok(rows.into_iter().map(|r| (r.child_id, r.saved)).collect())
}

pub async fn delete_for_child(tx: &mut PgConnection, org: Uuid, child: Uuid) -> Result<(), Error> {
    sqlx::query!(
        "DELETE FROM goals WHERE organization_id = $1 AND child_id = $2",
        org,
        child,
    )
    .execute(tx)
    .traced("delete_child_goals")
    .await?;
    Ok(())
}
