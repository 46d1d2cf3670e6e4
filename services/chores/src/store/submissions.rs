//! Children's submissions of chores, and their review.

use std::collections::HashMap;

use chrono::{DateTime, NaiveDate, NaiveTime, Utc};
use kit::db::Traced;
use sqlx::{PgConnection, PgPool};
use uuid::Uuid;

use super::chores::ChoreRow;
use crate::{error::Error, schedule::Mark};

/// A submission that counts (not rejected), as the schedule reads it.
struct MarkRow {
    id: Uuid,
    chore_id: Uuid,
    child_id: Uuid,
    completed_on: NaiveDate,
    submitted_at: DateTime<Utc>,
    status: String,
    late: bool,
}

impl MarkRow {
    fn mark(&self) -> Mark {
        Mark {
            submission: self.id,
            child: self.child_id,
            on: self.completed_on,
            submitted_at: self.submitted_at,
            approved: self.status == "APPROVED",
            late: self.late,
        }
    }
}

/// The family's submissions that count, completed on `from` or later, by chore.
pub async fn marks_of_family(
    db: impl sqlx::PgExecutor<'_>,
    org: Uuid,
    from: NaiveDate,
) -> Result<HashMap<Uuid, Vec<Mark>>, Error> {
    let rows = sqlx::query_as!(
        MarkRow,
        "SELECT id, chore_id, child_id, completed_on, submitted_at, status, late
         FROM submissions
         WHERE organization_id = $1 AND status <> 'REJECTED' AND completed_on >= $2",
        org,
        from,
    )
    .fetch_all(db)
    .traced("family_marks")
    .await?;
    let mut marks: HashMap<Uuid, Vec<Mark>> = HashMap::new();
    for row in &rows {
        marks.entry(row.chore_id).or_default().push(row.mark());
    }
    Ok(marks)
}

/// One chore's submissions that count, completed on `from` or later.
pub async fn marks_of_chore(
    conn: &mut PgConnection,
    chore: Uuid,
    from: NaiveDate,
) -> Result<Vec<Mark>, Error> {
    let rows = sqlx::query_as!(
        MarkRow,
        "SELECT id, chore_id, child_id, completed_on, submitted_at, status, late
         FROM submissions
         WHERE chore_id = $1 AND status <> 'REJECTED' AND completed_on >= $2",
        chore,
        from,
    )
    .fetch_all(conn)
    .traced("chore_marks")
    .await?;
    Ok(rows.iter().map(MarkRow::mark).collect())
}

/// The latest day each chore was done by `child`, rejected submissions aside.
pub async fn last_done(
    pool: &PgPool,
    org: Uuid,
    child: Uuid,
) -> Result<HashMap<Uuid, NaiveDate>, Error> {
    let rows = sqlx::query!(
        r#"SELECT chore_id, max(completed_on) AS "last!" FROM submissions
         WHERE organization_id = $1 AND child_id = $2 AND status <> 'REJECTED'
         GROUP BY chore_id"#,
        org,
        child,
    )
    .fetch_all(pool)
    .traced("last_done")
    .await?;
    Ok(rows.into_iter().map(|r| (r.chore_id, r.last)).collect())
}

/// Serialises submissions of one chore by one child: of two racing submits,
/// the second sees the first.
pub async fn lock_child_chore(
    tx: &mut PgConnection,
    child: Uuid,
    chore: Uuid,
) -> Result<(), Error> {
    sqlx::query!(
        "SELECT pg_advisory_xact_lock(hashtextextended($1::uuid::text || $2::uuid::text, 0))",
        child,
        chore,
    )
    .execute(tx)
    .traced("lock_child_chore")
    .await?;
    Ok(())
}

/// Days `child` did `chore` (not rejected), from `from` to `to` inclusive.
pub async fn done_between(
    tx: &mut PgConnection,
    child: Uuid,
    chore: Uuid,
    from: NaiveDate,
    to: NaiveDate,
) -> Result<Vec<NaiveDate>, Error> {
    Ok(sqlx::query_scalar!(
        "SELECT completed_on FROM submissions
         WHERE child_id = $1 AND chore_id = $2 AND status <> 'REJECTED'
           AND completed_on BETWEEN $3 AND $4",
        child,
        chore,
        from,
        to,
    )
    .fetch_all(tx)
    .traced("done_between")
    .await?)
}

/// The latest day `child` did `chore` (not rejected), if ever.
pub async fn latest_done(
    tx: &mut PgConnection,
    child: Uuid,
    chore: Uuid,
) -> Result<Option<NaiveDate>, Error> {
    Ok(sqlx::query_scalar!(
        "SELECT max(completed_on) FROM submissions
         WHERE child_id = $1 AND chore_id = $2 AND status <> 'REJECTED'",
        child,
        chore,
    )
    .fetch_one(tx)
    .traced("latest_done")
    .await?)
}

pub struct NewSubmission<'a> {
    pub id: Uuid,
    pub org: Uuid,
    pub chore: &'a ChoreRow,
    pub child: Uuid,
    pub completed_at: DateTime<Utc>,
    pub completed_on: NaiveDate,
    pub submitted_at: DateTime<Utc>,
    pub late: bool,
    pub notes: &'a str,
    pub photo_key: Option<&'a str>,
    /// The device's key for this send, when it gave one.
    pub idempotency_key: Option<&'a str>,
}

/// The constraint a second submission with a child's same key breaks.
pub const IDEMPOTENCY_KEY_INDEX: &str = "submissions_idempotency_key";

pub async fn insert(tx: &mut PgConnection, s: &NewSubmission<'_>) -> Result<(), Error> {
    sqlx::query!(
        "INSERT INTO submissions (id, organization_id, chore_id, child_id, base_reward_cents,
            completed_at, completed_on, submitted_at, late, notes, photo_key, idempotency_key)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)",
        s.id,
        s.org,
        s.chore.id,
        s.child,
        s.chore.base_reward_cents,
        s.completed_at,
        s.completed_on,
        s.submitted_at,
        s.late,
        s.notes,
        s.photo_key,
        s.idempotency_key,
    )
    .execute(tx)
    .traced("insert_submission")
    .await?;
    Ok(())
}

/// The submission (its id and chore) `child` sent with `key`, if any.
pub async fn by_idempotency_key(
    db: impl sqlx::PgExecutor<'_>,
    org: Uuid,
    child: Uuid,
    key: &str,
) -> Result<Option<(Uuid, Uuid)>, Error> {
    Ok(sqlx::query!(
        "SELECT id, chore_id FROM submissions
         WHERE organization_id = $1 AND child_id = $2 AND idempotency_key = $3",
        org,
        child,
        key,
    )
    .fetch_optional(db)
    .traced("submission_by_idempotency_key")
    .await?
    .map(|row| (row.id, row.chore_id)))
}

/// A submission with its chore as it stands now.
#[derive(Debug, Clone)]
pub struct SubmissionRow {
    pub id: Uuid,
    pub child_id: Uuid,
    /// As the family service announced it; None until it has.
    pub child_name: Option<String>,
    pub chore_id: Uuid,
    pub category_id: Uuid,
    pub category_name: String,
    pub chore_name: String,
    pub chore_description: String,
    pub chore_reward_cents: i64,
    pub frequency_days: i32,
    pub requires_photo: bool,
    pub chore_is_active: bool,
    pub assigned_child_ids: Vec<Uuid>,
    pub assignment_mode: String,
    pub due_days: Vec<i32>,
    pub due_time: Option<NaiveTime>,
    pub periods_start_on: NaiveDate,
    pub missed_penalty_cents: i64,
    pub late: bool,
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
            assigned_child_ids: self.assigned_child_ids.clone(),
            assignment_mode: self.assignment_mode.clone(),
            due_days: self.due_days.clone(),
            due_time: self.due_time,
            periods_start_on: self.periods_start_on,
            missed_penalty_cents: self.missed_penalty_cents,
        }
    }
}

// Every submission query below reads the family's own rows, one child's when
// `child` is given, with the same columns.

/// The pending submissions, oldest first (a queue is worked from its oldest
/// end), at most `limit` of them.
pub async fn queue(
    pool: &PgPool,
    org: Uuid,
    child: Option<Uuid>,
    limit: i64,
) -> Result<Vec<SubmissionRow>, Error> {
    // The window is picked from the submissions alone, in the order of the
    // partial index `submissions_pending`, so a family's year of reviewed
    // ones is never read; only the picked rows are joined to their chores.
    Ok(sqlx::query_as!(
        SubmissionRow,
        "WITH picked AS (
            SELECT * FROM submissions s
             WHERE s.organization_id = $1 AND ($2::uuid IS NULL OR s.child_id = $2)
               AND s.status = 'PENDING'
             ORDER BY s.submitted_at, s.id
             LIMIT $3)
         SELECT s.id, s.child_id, ch.name AS child_name,
            c.id AS chore_id, c.category_id, k.name AS category_name, c.name AS chore_name,
            c.description AS chore_description, c.base_reward_cents AS chore_reward_cents,
            c.frequency_days, c.requires_photo, c.is_active AS chore_is_active,
            c.assigned_child_ids, c.assignment_mode, c.due_days, c.due_time, c.periods_start_on,
            c.missed_penalty_cents, s.late,
            s.base_reward_cents, s.boosted_reward_cents, s.multiplier_milli, s.completed_at,
            s.submitted_at, s.notes, s.photo_key, s.status, s.admin_notes, s.reviewed_at
         FROM picked s
         JOIN chores c ON c.id = s.chore_id
         JOIN categories k ON k.id = c.category_id
         LEFT JOIN children ch ON ch.child_id = s.child_id
         ORDER BY s.submitted_at, s.id",
        org,
        child,
        limit,
    )
    .fetch_all(pool)
    .traced("submissions")
    .await?)
}

/// The latest `limit` submissions (a record is read from its newest end),
/// shown oldest first; `status` None lists all.
pub async fn latest(
    pool: &PgPool,
    org: Uuid,
    child: Option<Uuid>,
    status: Option<&str>,
    limit: i64,
) -> Result<Vec<SubmissionRow>, Error> {
    // Picked newest first along `submissions_queue` (read backwards), so the
    // scan stops at the limit instead of sorting the family's every row. The
    // family's and a child's lists are two branches, of which the parameters
    // leave one: a family's statements are planned once for any parameters
    // (`kit::tenancy`), and one `($2 IS NULL OR child_id = $2)` made that
    // plan expect a single row, read every match and sort them.
    Ok(sqlx::query_as!(
        SubmissionRow,
        r#"WITH picked AS (
            (SELECT * FROM submissions s
              WHERE s.organization_id = $1 AND $2::uuid IS NULL
                AND ($3::text IS NULL OR s.status = $3)
              ORDER BY s.submitted_at DESC, s.id DESC
              LIMIT $4)
            UNION ALL
            (SELECT * FROM submissions s
              WHERE s.organization_id = $1 AND $2::uuid IS NOT NULL AND s.child_id = $2
                AND ($3::text IS NULL OR s.status = $3)
              ORDER BY s.submitted_at DESC, s.id DESC
              LIMIT $4))
         SELECT s.id AS "id!", s.child_id AS "child_id!", ch.name AS child_name,
            c.id AS chore_id, c.category_id, k.name AS category_name, c.name AS chore_name,
            c.description AS chore_description, c.base_reward_cents AS chore_reward_cents,
            c.frequency_days, c.requires_photo, c.is_active AS chore_is_active,
            c.assigned_child_ids, c.assignment_mode, c.due_days, c.due_time, c.periods_start_on,
            c.missed_penalty_cents, s.late AS "late!",
            s.base_reward_cents AS "base_reward_cents!", s.boosted_reward_cents, s.multiplier_milli,
            s.completed_at AS "completed_at!", s.submitted_at AS "submitted_at!",
            s.notes AS "notes!", s.photo_key, s.status AS "status!", s.admin_notes AS "admin_notes!",
            s.reviewed_at
         FROM picked s
         JOIN chores c ON c.id = s.chore_id
         JOIN categories k ON k.id = c.category_id
         LEFT JOIN children ch ON ch.child_id = s.child_id
         ORDER BY s.submitted_at, s.id"#,
        org,
        child,
        status,
        limit,
    )
    .fetch_all(pool)
    .traced("submissions")
    .await?)
}

pub async fn find(
    conn: &mut PgConnection,
    org: Uuid,
    child: Option<Uuid>,
    id: Uuid,
) -> Result<Option<SubmissionRow>, Error> {
    Ok(sqlx::query_as!(
        SubmissionRow,
        "SELECT s.id, s.child_id, ch.name AS child_name,
            c.id AS chore_id, c.category_id, k.name AS category_name, c.name AS chore_name,
            c.description AS chore_description, c.base_reward_cents AS chore_reward_cents,
            c.frequency_days, c.requires_photo, c.is_active AS chore_is_active,
            c.assigned_child_ids, c.assignment_mode, c.due_days, c.due_time, c.periods_start_on,
            c.missed_penalty_cents, s.late,
            s.base_reward_cents, s.boosted_reward_cents, s.multiplier_milli, s.completed_at,
            s.submitted_at, s.notes, s.photo_key, s.status, s.admin_notes, s.reviewed_at
         FROM submissions s
         JOIN chores c ON c.id = s.chore_id
         JOIN categories k ON k.id = c.category_id
         LEFT JOIN children ch ON ch.child_id = s.child_id
         WHERE s.organization_id = $1 AND ($2::uuid IS NULL OR s.child_id = $2)
           AND s.id = $3",
        org,
        child,
        id,
    )
    .fetch_optional(conn)
    .traced("find_submission")
    .await?)
}

/// Reviewed submissions, newest first.
pub async fn history(
    pool: &PgPool,
    org: Uuid,
    child: Option<Uuid>,
    limit: i64,
) -> Result<Vec<SubmissionRow>, Error> {
    // Picked newest first along `submissions_reviewed_latest`, so the scan
    // stops at the limit instead of sorting the family's every review; in
    // two branches, as [`latest`] is, for the family and for one child.
    Ok(sqlx::query_as!(
        SubmissionRow,
        r#"WITH picked AS (
            (SELECT * FROM submissions s
              WHERE s.organization_id = $1 AND $2::uuid IS NULL AND s.reviewed_at IS NOT NULL
              ORDER BY s.reviewed_at DESC, s.id DESC
              LIMIT $3)
            UNION ALL
            (SELECT * FROM submissions s
              WHERE s.organization_id = $1 AND $2::uuid IS NOT NULL AND s.child_id = $2
                AND s.reviewed_at IS NOT NULL
              ORDER BY s.reviewed_at DESC, s.id DESC
              LIMIT $3))
         SELECT s.id AS "id!", s.child_id AS "child_id!", ch.name AS child_name,
            c.id AS chore_id, c.category_id, k.name AS category_name, c.name AS chore_name,
            c.description AS chore_description, c.base_reward_cents AS chore_reward_cents,
            c.frequency_days, c.requires_photo, c.is_active AS chore_is_active,
            c.assigned_child_ids, c.assignment_mode, c.due_days, c.due_time, c.periods_start_on,
            c.missed_penalty_cents, s.late AS "late!",
            s.base_reward_cents AS "base_reward_cents!", s.boosted_reward_cents, s.multiplier_milli,
            s.completed_at AS "completed_at!", s.submitted_at AS "submitted_at!",
            s.notes AS "notes!", s.photo_key, s.status AS "status!", s.admin_notes AS "admin_notes!",
            s.reviewed_at
         FROM picked s
         JOIN chores c ON c.id = s.chore_id
         JOIN categories k ON k.id = c.category_id
         LEFT JOIN children ch ON ch.child_id = s.child_id
         ORDER BY s.reviewed_at DESC, s.id DESC"#,
        org,
        child,
        limit,
    )
    .fetch_all(pool)
    .traced("history")
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
pub async fn review(
    tx: &mut PgConnection,
    org: Uuid,
    id: Uuid,
    r: &Review<'_>,
) -> Result<bool, Error> {
    let done = sqlx::query!(
        "UPDATE submissions SET status = $3, admin_notes = $4, reviewed_by = $5,
            reviewed_at = now(), boosted_reward_cents = $6, multiplier_milli = $7,
            grade_milli = $8, behaviour_milli = $9, streak_milli = $10, bonuses_disabled = $11
         WHERE organization_id = $1 AND id = $2 AND status = 'PENDING'",
        org,
        id,
        r.status,
        r.admin_notes,
        r.reviewer,
        r.boosted_reward_cents,
        r.multiplier.map(|m| m.total_milli),
        r.multiplier.map(|m| m.grade_milli),
        r.multiplier.map(|m| m.behaviour_milli),
        r.multiplier.map(|m| m.streak_milli),
        r.multiplier.map(|m| m.bonuses_disabled),
    )
    .execute(tx)
    .traced("review")
    .await?;
    Ok(done.rows_affected() == 1)
}

/// Forgets a deleted child's submissions; returns their photos' keys.
pub async fn delete_for_child(
    tx: &mut PgConnection,
    org: Uuid,
    child: Uuid,
) -> Result<Vec<String>, Error> {
    let keys = sqlx::query_scalar!(
        "DELETE FROM submissions WHERE organization_id = $1 AND child_id = $2 RETURNING photo_key",
        org,
        child,
    )
    .fetch_all(tx)
    .traced("delete_child_submissions")
    .await?;
    Ok(keys.into_iter().flatten().collect())
}
