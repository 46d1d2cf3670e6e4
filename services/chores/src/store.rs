//! SQL of the chores service. Every query is scoped by the family id the
//! caller's token carries; an id of another family simply finds nothing.

use std::collections::HashMap;

use chrono::{DateTime, NaiveDate, Utc};
use sqlx::{PgConnection, PgPool};
use uuid::Uuid;

use crate::error::Error;

#[derive(Debug, Clone, sqlx::FromRow)]
pub struct CategoryRow {
    pub id: Uuid,
    pub name: String,
    pub description: String,
    pub chore_count: i64,
}

const CATEGORY_COLUMNS: &str = "k.id, k.name, k.description,
    (SELECT count(*) FROM chores c WHERE c.category_id = k.id AND c.is_active) AS chore_count";

#[tracing::instrument(name = "db.query", skip_all, fields(otel.name = "SQL categories", otel.kind = "client", db.system = "postgresql"))]
pub async fn categories(pool: &PgPool, org: Uuid) -> Result<Vec<CategoryRow>, Error> {
    Ok(sqlx::query_as(sqlx::AssertSqlSafe(format!(
        "SELECT {CATEGORY_COLUMNS} FROM categories k
         WHERE k.organization_id = $1 AND k.deleted_at IS NULL ORDER BY lower(k.name)"
    )))
    .bind(org)
    .fetch_all(pool)
    .await?)
}

#[tracing::instrument(name = "db.query", skip_all, fields(otel.name = "SQL find_category", otel.kind = "client", db.system = "postgresql"))]
pub async fn find_category(
    conn: &mut PgConnection,
    org: Uuid,
    id: Uuid,
) -> Result<Option<CategoryRow>, Error> {
    Ok(sqlx::query_as(sqlx::AssertSqlSafe(format!(
        "SELECT {CATEGORY_COLUMNS} FROM categories k
         WHERE k.organization_id = $1 AND k.id = $2 AND k.deleted_at IS NULL"
    )))
    .bind(org)
    .bind(id)
    .fetch_optional(conn)
    .await?)
}

fn name_taken(err: sqlx::Error) -> Error {
    if kit::db::violated_constraint(&err) == Some("categories_name_key") {
        Error::CategoryNameTaken
    } else {
        err.into()
    }
}

#[tracing::instrument(name = "db.query", skip_all, fields(otel.name = "SQL insert_category", otel.kind = "client", db.system = "postgresql"))]
pub async fn insert_category(
    pool: &PgPool,
    org: Uuid,
    name: &str,
    description: &str,
) -> Result<CategoryRow, Error> {
    sqlx::query_as(
        "INSERT INTO categories (id, organization_id, name, description) VALUES ($1, $2, $3, $4)
         RETURNING id, name, description, 0::bigint AS chore_count",
    )
    .bind(Uuid::now_v7())
    .bind(org)
    .bind(name)
    .bind(description)
    .fetch_one(pool)
    .await
    .map_err(name_taken)
}

#[tracing::instrument(name = "db.query", skip_all, fields(otel.name = "SQL update_category", otel.kind = "client", db.system = "postgresql"))]
pub async fn update_category(
    pool: &PgPool,
    org: Uuid,
    id: Uuid,
    name: &str,
    description: &str,
) -> Result<Option<CategoryRow>, Error> {
    sqlx::query_as(sqlx::AssertSqlSafe(format!(
        "UPDATE categories k SET name = $3, description = $4
         WHERE k.organization_id = $1 AND k.id = $2 AND k.deleted_at IS NULL
         RETURNING {CATEGORY_COLUMNS}"
    )))
    .bind(org)
    .bind(id)
    .bind(name)
    .bind(description)
    .fetch_optional(pool)
    .await
    .map_err(name_taken)
}

/// Soft-deletes a category; retired chores keep pointing at it for history.
#[tracing::instrument(name = "db.query", skip_all, fields(otel.name = "SQL delete_category", otel.kind = "client", db.system = "postgresql"))]
pub async fn delete_category(tx: &mut PgConnection, org: Uuid, id: Uuid) -> Result<bool, Error> {
    let done = sqlx::query(
        "UPDATE categories SET deleted_at = now()
         WHERE organization_id = $1 AND id = $2 AND deleted_at IS NULL",
    )
    .bind(org)
    .bind(id)
    .execute(tx)
    .await?;
    Ok(done.rows_affected() == 1)
}

#[derive(Debug, Clone, sqlx::FromRow)]
pub struct ChoreRow {
    pub id: Uuid,
    pub category_id: Uuid,
    pub category_name: String,
    pub name: String,
    pub description: String,
    pub base_reward_cents: i64,
    pub frequency_days: i32,
    pub requires_photo: bool,
    pub is_active: bool,
}

const CHORE_COLUMNS: &str = "c.id, c.category_id, k.name AS category_name, c.name, c.description,
    c.base_reward_cents, c.frequency_days, c.requires_photo, c.is_active";

/// A chore's fields as a parent sets them.
#[derive(Debug, Clone)]
pub struct ChoreFields {
    pub name: String,
    pub description: String,
    pub base_reward_cents: i64,
    pub category_id: Uuid,
    pub frequency_days: i32,
    pub requires_photo: bool,
}

#[tracing::instrument(name = "db.query", skip_all, fields(otel.name = "SQL active_chores", otel.kind = "client", db.system = "postgresql"))]
pub async fn active_chores(pool: &PgPool, org: Uuid) -> Result<Vec<ChoreRow>, Error> {
    Ok(sqlx::query_as(sqlx::AssertSqlSafe(format!(
        "SELECT {CHORE_COLUMNS} FROM chores c JOIN categories k ON k.id = c.category_id
         WHERE c.organization_id = $1 AND c.is_active ORDER BY lower(k.name), lower(c.name)"
    )))
    .bind(org)
    .fetch_all(pool)
    .await?)
}

#[tracing::instrument(name = "db.query", skip_all, fields(otel.name = "SQL find_chore", otel.kind = "client", db.system = "postgresql"))]
pub async fn find_chore(
    conn: &mut PgConnection,
    org: Uuid,
    id: Uuid,
) -> Result<Option<ChoreRow>, Error> {
    Ok(sqlx::query_as(sqlx::AssertSqlSafe(format!(
        "SELECT {CHORE_COLUMNS} FROM chores c JOIN categories k ON k.id = c.category_id
         WHERE c.organization_id = $1 AND c.id = $2"
    )))
    .bind(org)
    .bind(id)
    .fetch_optional(conn)
    .await?)
}

/// Serialises chore creation within one family, so two parents adding the
/// last allowed chore at once cannot both succeed.
#[tracing::instrument(name = "db.query", skip_all, fields(otel.name = "SQL lock_family_chores", otel.kind = "client", db.system = "postgresql"))]
pub async fn lock_family_chores(tx: &mut PgConnection, org: Uuid) -> Result<(), Error> {
    sqlx::query("SELECT pg_advisory_xact_lock(hashtextextended('chores:' || $1::text, 0))")
        .bind(org)
        .execute(tx)
        .await?;
    Ok(())
}

#[tracing::instrument(name = "db.query", skip_all, fields(otel.name = "SQL count_active_chores", otel.kind = "client", db.system = "postgresql"))]
pub async fn count_active_chores(tx: &mut PgConnection, org: Uuid) -> Result<i64, Error> {
    Ok(
        sqlx::query_scalar("SELECT count(*) FROM chores WHERE organization_id = $1 AND is_active")
            .bind(org)
            .fetch_one(tx)
            .await?,
    )
}

#[tracing::instrument(name = "db.query", skip_all, fields(otel.name = "SQL count_active_chores_in", otel.kind = "client", db.system = "postgresql"))]
pub async fn count_active_chores_in(
    tx: &mut PgConnection,
    org: Uuid,
    category: Uuid,
) -> Result<i64, Error> {
    Ok(sqlx::query_scalar(
        "SELECT count(*) FROM chores WHERE organization_id = $1 AND category_id = $2 AND is_active",
    )
    .bind(org)
    .bind(category)
    .fetch_one(tx)
    .await?)
}

#[tracing::instrument(name = "db.query", skip_all, fields(otel.name = "SQL insert_chore", otel.kind = "client", db.system = "postgresql"))]
pub async fn insert_chore(
    tx: &mut PgConnection,
    org: Uuid,
    fields: &ChoreFields,
) -> Result<Uuid, Error> {
    let id = Uuid::now_v7();
    sqlx::query(
        "INSERT INTO chores (id, organization_id, category_id, name, description,
            base_reward_cents, frequency_days, requires_photo)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8)",
    )
    .bind(id)
    .bind(org)
    .bind(fields.category_id)
    .bind(&fields.name)
    .bind(&fields.description)
    .bind(fields.base_reward_cents)
    .bind(fields.frequency_days)
    .bind(fields.requires_photo)
    .execute(tx)
    .await?;
    Ok(id)
}

/// Edits an active chore; `false` when there is no such chore.
#[tracing::instrument(name = "db.query", skip_all, fields(otel.name = "SQL update_chore", otel.kind = "client", db.system = "postgresql"))]
pub async fn update_chore(
    tx: &mut PgConnection,
    org: Uuid,
    id: Uuid,
    fields: &ChoreFields,
) -> Result<bool, Error> {
    let done = sqlx::query(
        "UPDATE chores SET category_id = $3, name = $4, description = $5,
            base_reward_cents = $6, frequency_days = $7, requires_photo = $8, updated_at = now()
         WHERE organization_id = $1 AND id = $2 AND is_active",
    )
    .bind(org)
    .bind(id)
    .bind(fields.category_id)
    .bind(&fields.name)
    .bind(&fields.description)
    .bind(fields.base_reward_cents)
    .bind(fields.frequency_days)
    .bind(fields.requires_photo)
    .execute(tx)
    .await?;
    Ok(done.rows_affected() == 1)
}

#[tracing::instrument(name = "db.query", skip_all, fields(otel.name = "SQL retire_chore", otel.kind = "client", db.system = "postgresql"))]
pub async fn retire_chore(tx: &mut PgConnection, org: Uuid, id: Uuid) -> Result<bool, Error> {
    let done = sqlx::query(
        "UPDATE chores SET is_active = false, updated_at = now()
         WHERE organization_id = $1 AND id = $2 AND is_active",
    )
    .bind(org)
    .bind(id)
    .execute(tx)
    .await?;
    Ok(done.rows_affected() == 1)
}

/// The latest day each chore was done by `child`, rejected submissions aside.
#[tracing::instrument(name = "db.query", skip_all, fields(otel.name = "SQL last_done", otel.kind = "client", db.system = "postgresql"))]
pub async fn last_done(
    pool: &PgPool,
    org: Uuid,
    child: Uuid,
) -> Result<HashMap<Uuid, NaiveDate>, Error> {
    let rows: Vec<(Uuid, NaiveDate)> = sqlx::query_as(
        "SELECT chore_id, max(completed_on) FROM submissions
         WHERE organization_id = $1 AND child_id = $2 AND status <> 'REJECTED'
         GROUP BY chore_id",
    )
    .bind(org)
    .bind(child)
    .fetch_all(pool)
    .await?;
    Ok(rows.into_iter().collect())
}

/// Serialises submissions of one chore by one child: of two racing submits,
/// the second sees the first.
#[tracing::instrument(name = "db.query", skip_all, fields(otel.name = "SQL lock_child_chore", otel.kind = "client", db.system = "postgresql"))]
pub async fn lock_child_chore(
    tx: &mut PgConnection,
    child: Uuid,
    chore: Uuid,
) -> Result<(), Error> {
    sqlx::query("SELECT pg_advisory_xact_lock(hashtextextended($1::text || $2::text, 0))")
        .bind(child)
        .bind(chore)
        .execute(tx)
        .await?;
    Ok(())
}

/// Days `child` did `chore` (not rejected), from `from` to `to` inclusive.
#[tracing::instrument(name = "db.query", skip_all, fields(otel.name = "SQL done_between", otel.kind = "client", db.system = "postgresql"))]
pub async fn done_between(
    tx: &mut PgConnection,
    child: Uuid,
    chore: Uuid,
    from: NaiveDate,
    to: NaiveDate,
) -> Result<Vec<NaiveDate>, Error> {
    Ok(sqlx::query_scalar(
        "SELECT completed_on FROM submissions
         WHERE child_id = $1 AND chore_id = $2 AND status <> 'REJECTED'
           AND completed_on BETWEEN $3 AND $4",
    )
    .bind(child)
    .bind(chore)
    .bind(from)
    .bind(to)
    .fetch_all(tx)
    .await?)
}

#[tracing::instrument(name = "db.query", skip_all, fields(otel.name = "SQL latest_done", otel.kind = "client", db.system = "postgresql"))]
pub async fn latest_done(
    tx: &mut PgConnection,
    child: Uuid,
    chore: Uuid,
) -> Result<Option<NaiveDate>, Error> {
    Ok(sqlx::query_scalar(
        "SELECT max(completed_on) FROM submissions
         WHERE child_id = $1 AND chore_id = $2 AND status <> 'REJECTED'",
    )
    .bind(child)
    .bind(chore)
    .fetch_one(tx)
    .await?)
}

pub struct NewSubmission<'a> {
    pub id: Uuid,
    pub org: Uuid,
    pub chore: &'a ChoreRow,
    pub child: Uuid,
    pub completed_at: DateTime<Utc>,
    pub completed_on: NaiveDate,
    pub notes: &'a str,
    pub photo_key: Option<&'a str>,
}

#[tracing::instrument(name = "db.query", skip_all, fields(otel.name = "SQL insert_submission", otel.kind = "client", db.system = "postgresql"))]
pub async fn insert_submission(tx: &mut PgConnection, s: &NewSubmission<'_>) -> Result<(), Error> {
    sqlx::query(
        "INSERT INTO submissions (id, organization_id, chore_id, child_id, base_reward_cents,
            completed_at, completed_on, notes, photo_key)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)",
    )
    .bind(s.id)
    .bind(s.org)
    .bind(s.chore.id)
    .bind(s.child)
    .bind(s.chore.base_reward_cents)
    .bind(s.completed_at)
    .bind(s.completed_on)
    .bind(s.notes)
    .bind(s.photo_key)
    .execute(tx)
    .await?;
    Ok(())
}

#[derive(Debug, Clone, sqlx::FromRow)]
pub struct SubmissionRow {
    pub id: Uuid,
    pub child_id: Uuid,
    pub chore_id: Uuid,
    pub category_id: Uuid,
    pub category_name: String,
    pub chore_name: String,
    pub chore_description: String,
    pub chore_reward_cents: i64,
    pub frequency_days: i32,
    pub requires_photo: bool,
    pub chore_is_active: bool,
    pub base_reward_cents: i64,
    pub boosted_reward_cents: Option<i64>,
    pub multiplier_milli: Option<i32>,
    pub completed_at: DateTime<Utc>,
    pub submitted_at: DateTime<Utc>,
    pub notes: String,
    pub photo_key: Option<String>,
    pub status: String,
    pub admin_notes: String,
    pub reviewed_at: Option<DateTime<Utc>>,
}

impl SubmissionRow {
    /// The chore as it stands now (the submission keeps its own reward).
    pub fn chore(&self) -> ChoreRow {
        ChoreRow {
            id: self.chore_id,
            category_id: self.category_id,
            category_name: self.category_name.clone(),
            name: self.chore_name.clone(),
            description: self.chore_description.clone(),
            base_reward_cents: self.chore_reward_cents,
            frequency_days: self.frequency_days,
            requires_photo: self.requires_photo,
            is_active: self.chore_is_active,
        }
    }
}

/// Every submission query: the family's own rows, optionally one child's.
const SUBMISSION_SELECT: &str = "SELECT s.id, s.child_id,
        c.id AS chore_id, c.category_id, k.name AS category_name, c.name AS chore_name,
        c.description AS chore_description, c.base_reward_cents AS chore_reward_cents,
        c.frequency_days, c.requires_photo, c.is_active AS chore_is_active,
        s.base_reward_cents, s.boosted_reward_cents, s.multiplier_milli, s.completed_at,
        s.submitted_at, s.notes, s.photo_key, s.status, s.admin_notes, s.reviewed_at
    FROM submissions s
    JOIN chores c ON c.id = s.chore_id
    JOIN categories k ON k.id = c.category_id
    WHERE s.organization_id = $1 AND ($2::uuid IS NULL OR s.child_id = $2)";

/// Oldest first; `status` None lists all.
#[tracing::instrument(name = "db.query", skip_all, fields(otel.name = "SQL submissions", otel.kind = "client", db.system = "postgresql"))]
pub async fn submissions(
    pool: &PgPool,
    org: Uuid,
    child: Option<Uuid>,
    status: Option<&str>,
) -> Result<Vec<SubmissionRow>, Error> {
    Ok(sqlx::query_as(sqlx::AssertSqlSafe(format!(
        "{SUBMISSION_SELECT} AND ($3::text IS NULL OR s.status = $3)
         ORDER BY s.submitted_at, s.id"
    )))
    .bind(org)
    .bind(child)
    .bind(status)
    .fetch_all(pool)
    .await?)
}

#[tracing::instrument(name = "db.query", skip_all, fields(otel.name = "SQL find_submission", otel.kind = "client", db.system = "postgresql"))]
pub async fn find_submission(
    conn: &mut PgConnection,
    org: Uuid,
    child: Option<Uuid>,
    id: Uuid,
) -> Result<Option<SubmissionRow>, Error> {
    Ok(sqlx::query_as(sqlx::AssertSqlSafe(format!(
        "{SUBMISSION_SELECT} AND s.id = $3"
    )))
    .bind(org)
    .bind(child)
    .bind(id)
    .fetch_optional(conn)
    .await?)
}

/// Reviewed submissions, newest first.
#[tracing::instrument(name = "db.query", skip_all, fields(otel.name = "SQL history", otel.kind = "client", db.system = "postgresql"))]
pub async fn history(
    pool: &PgPool,
    org: Uuid,
    child: Option<Uuid>,
    limit: i64,
) -> Result<Vec<SubmissionRow>, Error> {
    Ok(sqlx::query_as(sqlx::AssertSqlSafe(format!(
        "{SUBMISSION_SELECT} AND s.reviewed_at IS NOT NULL
         ORDER BY s.reviewed_at DESC, s.id DESC LIMIT $3"
    )))
    .bind(org)
    .bind(child)
    .bind(limit)
    .fetch_all(pool)
    .await?)
}

/// The outcome of a review as recorded.
pub struct Review<'a> {
    pub status: &'a str,
    pub admin_notes: &'a str,
    pub reviewer: Uuid,
    pub boosted_reward_cents: Option<i64>,
    pub multiplier: Option<&'a chorely_proto::rewards::v1::Multiplier>,
}

/// Records a review of a pending submission; `false` if it is not pending
/// (reviewed meanwhile, or not this family's).
#[tracing::instrument(name = "db.query", skip_all, fields(otel.name = "SQL review", otel.kind = "client", db.system = "postgresql"))]
pub async fn review(
    tx: &mut PgConnection,
    org: Uuid,
    id: Uuid,
    r: &Review<'_>,
) -> Result<bool, Error> {
    let done = sqlx::query(
        "UPDATE submissions SET status = $3, admin_notes = $4, reviewed_by = $5,
            reviewed_at = now(), boosted_reward_cents = $6, multiplier_milli = $7,
            grade_milli = $8, behaviour_milli = $9, streak_milli = $10, bonuses_disabled = $11
         WHERE organization_id = $1 AND id = $2 AND status = 'PENDING'",
    )
    .bind(org)
    .bind(id)
    .bind(r.status)
    .bind(r.admin_notes)
    .bind(r.reviewer)
    .bind(r.boosted_reward_cents)
    .bind(r.multiplier.map(|m| m.total_milli))
    .bind(r.multiplier.map(|m| m.grade_milli))
    .bind(r.multiplier.map(|m| m.behaviour_milli))
    .bind(r.multiplier.map(|m| m.streak_milli))
    .bind(r.multiplier.map(|m| m.bonuses_disabled))
    .execute(tx)
    .await?;
    Ok(done.rows_affected() == 1)
}

/// Forgets a deleted child's submissions; returns their photos' keys.
#[tracing::instrument(name = "db.query", skip_all, fields(otel.name = "SQL delete_child_submissions", otel.kind = "client", db.system = "postgresql"))]
pub async fn delete_child_submissions(
    tx: &mut PgConnection,
    org: Uuid,
    child: Uuid,
) -> Result<Vec<String>, Error> {
    let keys: Vec<Option<String>> = sqlx::query_scalar(
        "DELETE FROM submissions WHERE organization_id = $1 AND child_id = $2 RETURNING photo_key",
    )
    .bind(org)
    .bind(child)
    .fetch_all(tx)
    .await?;
    Ok(keys.into_iter().flatten().collect())
}
