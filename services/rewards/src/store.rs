//! SQL of the rewards service. Every query of family data is scoped by the
//! family id the caller's token carries.

use std::collections::HashMap;

use chrono::{DateTime, NaiveDate, Utc};
use sqlx::{PgConnection, PgPool};
use uuid::Uuid;

use crate::{error::Error, multiplier::Settings};

// --- Ledger -------------------------------------------------------------------

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    Chore,
    Adjustment,
    Payout,
    Birthday,
}

impl Kind {
    pub fn as_str(self) -> &'static str {
        match self {
            Kind::Chore => "CHORE",
            Kind::Adjustment => "ADJUSTMENT",
            Kind::Payout => "PAYOUT",
            Kind::Birthday => "BIRTHDAY",
        }
    }
}

#[derive(Debug, Clone, sqlx::FromRow)]
pub struct EntryRow {
    pub id: Uuid,
    pub child_id: Uuid,
    pub kind: String,
    pub amount_cents: i64,
    pub notes: String,
    pub created_by: Option<Uuid>,
    pub created_at: DateTime<Utc>,
}

const ENTRY_COLUMNS: &str = "id, child_id, kind, amount_cents, notes, created_by, created_at";

pub struct NewEntry<'a> {
    pub org: Uuid,
    pub child: Uuid,
    pub kind: Kind,
    pub source_id: &'a str,
    pub amount_cents: i64,
    pub notes: &'a str,
    pub created_by: Option<Uuid>,
    pub occurred_at: DateTime<Utc>,
}

/// Appends an entry; `None` when its source is already in the ledger.
#[tracing::instrument(name = "db.query", skip_all, fields(otel.name = "SQL insert_entry", otel.kind = "client", db.system = "postgresql"))]
pub async fn insert_entry(
    tx: &mut PgConnection,
    e: &NewEntry<'_>,
) -> Result<Option<EntryRow>, Error> {
    Ok(sqlx::query_as(sqlx::AssertSqlSafe(format!(
        "INSERT INTO ledger_entries (id, organization_id, child_id, kind, source_id,
            amount_cents, notes, created_by, occurred_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
         ON CONFLICT ON CONSTRAINT ledger_entries_source_key DO NOTHING
         RETURNING {ENTRY_COLUMNS}"
    )))
    .bind(Uuid::now_v7())
    .bind(e.org)
    .bind(e.child)
    .bind(e.kind.as_str())
    .bind(e.source_id)
    .bind(e.amount_cents)
    .bind(e.notes)
    .bind(e.created_by)
    .bind(e.occurred_at)
    .fetch_optional(tx)
    .await?)
}

#[tracing::instrument(name = "db.query", skip_all, fields(otel.name = "SQL find_entry", otel.kind = "client", db.system = "postgresql"))]
pub async fn find_entry(
    conn: &mut PgConnection,
    org: Uuid,
    kind: Kind,
    source_id: &str,
) -> Result<Option<EntryRow>, Error> {
    Ok(sqlx::query_as(sqlx::AssertSqlSafe(format!(
        "SELECT {ENTRY_COLUMNS} FROM ledger_entries
         WHERE organization_id = $1 AND kind = $2 AND source_id = $3"
    )))
    .bind(org)
    .bind(kind.as_str())
    .bind(source_id)
    .fetch_optional(conn)
    .await?)
}

/// Serialises money movements of one child, so a balance checked is the
/// balance written against.
#[tracing::instrument(name = "db.query", skip_all, fields(otel.name = "SQL lock_child", otel.kind = "client", db.system = "postgresql"))]
pub async fn lock_child(tx: &mut PgConnection, child: Uuid) -> Result<(), Error> {
    sqlx::query("SELECT pg_advisory_xact_lock(hashtextextended('ledger:' || $1::text, 0))")
        .bind(child)
        .execute(tx)
        .await?;
    Ok(())
}

#[tracing::instrument(name = "db.query", skip_all, fields(otel.name = "SQL balance", otel.kind = "client", db.system = "postgresql"))]
pub async fn balance(conn: &mut PgConnection, org: Uuid, child: Uuid) -> Result<i64, Error> {
    Ok(sqlx::query_scalar(
        "SELECT coalesce(sum(amount_cents), 0)::bigint FROM ledger_entries
         WHERE organization_id = $1 AND child_id = $2",
    )
    .bind(org)
    .bind(child)
    .fetch_one(conn)
    .await?)
}

#[tracing::instrument(name = "db.query", skip_all, fields(otel.name = "SQL balances", otel.kind = "client", db.system = "postgresql"))]
pub async fn balances(pool: &PgPool, org: Uuid) -> Result<HashMap<Uuid, i64>, Error> {
    let rows: Vec<(Uuid, i64)> = sqlx::query_as(
        "SELECT child_id, sum(amount_cents)::bigint FROM ledger_entries
         WHERE organization_id = $1 GROUP BY child_id",
    )
    .bind(org)
    .fetch_all(pool)
    .await?;
    Ok(rows.into_iter().collect())
}

/// Payouts, newest first; one child's when `child` is given.
#[tracing::instrument(name = "db.query", skip_all, fields(otel.name = "SQL payouts", otel.kind = "client", db.system = "postgresql"))]
pub async fn payouts(
    pool: &PgPool,
    org: Uuid,
    child: Option<Uuid>,
) -> Result<Vec<EntryRow>, Error> {
    Ok(sqlx::query_as(sqlx::AssertSqlSafe(format!(
        "SELECT {ENTRY_COLUMNS} FROM ledger_entries
         WHERE organization_id = $1 AND kind = 'PAYOUT' AND ($2::uuid IS NULL OR child_id = $2)
         ORDER BY created_at DESC, id DESC LIMIT 500"
    )))
    .bind(org)
    .bind(child)
    .fetch_all(pool)
    .await?)
}

/// The sum of `kind` entries since `since` (positive for payouts).
#[tracing::instrument(name = "db.query", skip_all, fields(otel.name = "SQL total_since", otel.kind = "client", db.system = "postgresql"))]
pub async fn total_since(
    pool: &PgPool,
    org: Uuid,
    child: Option<Uuid>,
    kind: Kind,
    since: DateTime<Utc>,
) -> Result<i64, Error> {
    Ok(sqlx::query_scalar(
        "SELECT coalesce(abs(sum(amount_cents)), 0)::bigint FROM ledger_entries
         WHERE organization_id = $1 AND ($2::uuid IS NULL OR child_id = $2)
           AND kind = $3 AND occurred_at >= $4",
    )
    .bind(org)
    .bind(child)
    .bind(kind.as_str())
    .bind(since)
    .fetch_one(pool)
    .await?)
}

/// Chore rewards per week (Monday in `tz`) since `since`.
#[tracing::instrument(name = "db.query", skip_all, fields(otel.name = "SQL weekly_chore_rewards", otel.kind = "client", db.system = "postgresql"))]
pub async fn weekly_chore_rewards(
    pool: &PgPool,
    org: Uuid,
    child: Option<Uuid>,
    tz: &str,
    since: DateTime<Utc>,
) -> Result<HashMap<NaiveDate, i64>, Error> {
    let rows: Vec<(NaiveDate, i64)> = sqlx::query_as(
        "SELECT date_trunc('week', occurred_at AT TIME ZONE $3)::date AS week,
                sum(amount_cents)::bigint
         FROM ledger_entries
         WHERE organization_id = $1 AND ($2::uuid IS NULL OR child_id = $2)
           AND kind = 'CHORE' AND occurred_at >= $4
         GROUP BY week",
    )
    .bind(org)
    .bind(child)
    .bind(tz)
    .bind(since)
    .fetch_all(pool)
    .await?;
    Ok(rows.into_iter().collect())
}

/// The days (in `tz`) a child had a chore approved, newest first, since `since`.
#[tracing::instrument(name = "db.query", skip_all, fields(otel.name = "SQL chore_days", otel.kind = "client", db.system = "postgresql"))]
pub async fn chore_days(
    pool: &PgPool,
    child: Uuid,
    tz: &str,
    since: DateTime<Utc>,
) -> Result<Vec<NaiveDate>, Error> {
    Ok(sqlx::query_scalar(
        "SELECT DISTINCT (occurred_at AT TIME ZONE $2)::date AS day FROM ledger_entries
         WHERE child_id = $1 AND kind = 'CHORE' AND occurred_at >= $3
         ORDER BY day DESC",
    )
    .bind(child)
    .bind(tz)
    .bind(since)
    .fetch_all(pool)
    .await?)
}

// --- Families and children, as other services announced them ------------------

#[tracing::instrument(name = "db.query", skip_all, fields(otel.name = "SQL upsert_family", otel.kind = "client", db.system = "postgresql"))]
pub async fn upsert_family(tx: &mut PgConnection, org: Uuid, tz: &str) -> Result<(), Error> {
    sqlx::query(
        "INSERT INTO families (organization_id, time_zone) VALUES ($1, $2)
         ON CONFLICT (organization_id) DO UPDATE SET time_zone = EXCLUDED.time_zone",
    )
    .bind(org)
    .bind(tz)
    .execute(tx)
    .await?;
    Ok(())
}

/// The family's time zone (UTC until its creation was seen).
#[tracing::instrument(name = "db.query", skip_all, fields(otel.name = "SQL time_zone", otel.kind = "client", db.system = "postgresql"))]
pub async fn time_zone(pool: &PgPool, org: Uuid) -> Result<String, Error> {
    let tz: Option<String> =
        sqlx::query_scalar("SELECT time_zone FROM families WHERE organization_id = $1")
            .bind(org)
            .fetch_optional(pool)
            .await?;
    Ok(tz.unwrap_or_else(|| "UTC".into()))
}

#[tracing::instrument(name = "db.query", skip_all, fields(otel.name = "SQL upsert_child", otel.kind = "client", db.system = "postgresql"))]
pub async fn upsert_child(
    tx: &mut PgConnection,
    org: Uuid,
    child: Uuid,
    date_of_birth: Option<NaiveDate>,
    birthday_reward_cents: i64,
) -> Result<(), Error> {
    sqlx::query(
        "INSERT INTO children (child_id, organization_id, date_of_birth, birthday_reward_cents)
         VALUES ($1, $2, $3, $4)
         ON CONFLICT (child_id) DO UPDATE SET date_of_birth = EXCLUDED.date_of_birth,
             birthday_reward_cents = EXCLUDED.birthday_reward_cents
         WHERE children.deleted_at IS NULL",
    )
    .bind(child)
    .bind(org)
    .bind(date_of_birth)
    .bind(birthday_reward_cents)
    .execute(tx)
    .await?;
    Ok(())
}

/// Forgets a deleted child: ledger, subjects and grades, birthday. The child
/// stays as a tombstone, so events about it handled later change nothing.
#[tracing::instrument(name = "db.query", skip_all, fields(otel.name = "SQL delete_child", otel.kind = "client", db.system = "postgresql"))]
pub async fn delete_child(tx: &mut PgConnection, org: Uuid, child: Uuid) -> Result<(), Error> {
    for sql in [
        "DELETE FROM ledger_entries WHERE organization_id = $1 AND child_id = $2",
        "DELETE FROM subjects WHERE organization_id = $1 AND child_id = $2",
        "INSERT INTO children (organization_id, child_id, deleted_at) VALUES ($1, $2, now())
         ON CONFLICT (child_id) DO UPDATE SET date_of_birth = NULL, birthday_reward_cents = 0,
             deleted_at = coalesce(children.deleted_at, now())",
    ] {
        sqlx::query(sql)
            .bind(org)
            .bind(child)
            .execute(&mut *tx)
            .await?;
    }
    Ok(())
}

/// Whether the child's deletion has been seen.
#[tracing::instrument(name = "db.query", skip_all, fields(otel.name = "SQL child_deleted", otel.kind = "client", db.system = "postgresql"))]
pub async fn child_deleted(tx: &mut PgConnection, child: Uuid) -> Result<bool, Error> {
    Ok(sqlx::query_scalar(
        "SELECT EXISTS (SELECT 1 FROM children WHERE child_id = $1 AND deleted_at IS NOT NULL)",
    )
    .bind(child)
    .fetch_one(tx)
    .await?)
}

#[derive(Debug, Clone, sqlx::FromRow)]
pub struct BirthdayRow {
    pub child_id: Uuid,
    pub organization_id: Uuid,
    pub date_of_birth: NaiveDate,
    pub birthday_reward_cents: i64,
    pub time_zone: String,
}

/// Children born on one of `days` (month and day), with a reward to pay.
#[tracing::instrument(name = "db.query", skip_all, fields(otel.name = "SQL born_on", otel.kind = "client", db.system = "postgresql"))]
pub async fn born_on(pool: &PgPool, days: &[(u32, u32)]) -> Result<Vec<BirthdayRow>, Error> {
    let months: Vec<i32> = days
        .iter()
        .map(|(m, _)| i32::try_from(*m).unwrap_or(0))
        .collect();
    let mdays: Vec<i32> = days
        .iter()
        .map(|(_, d)| i32::try_from(*d).unwrap_or(0))
        .collect();
    Ok(sqlx::query_as(
        "SELECT c.child_id, c.organization_id, c.date_of_birth, c.birthday_reward_cents,
                coalesce(f.time_zone, 'UTC') AS time_zone
         FROM children c LEFT JOIN families f ON f.organization_id = c.organization_id
         WHERE c.deleted_at IS NULL AND c.date_of_birth IS NOT NULL AND c.birthday_reward_cents > 0
           AND (extract(month FROM c.date_of_birth)::int, extract(day FROM c.date_of_birth)::int)
               IN (SELECT * FROM unnest($1::int[], $2::int[]))",
    )
    .bind(months)
    .bind(mdays)
    .fetch_all(pool)
    .await?)
}

// --- Multiplier settings --------------------------------------------------------

#[derive(sqlx::FromRow)]
struct SettingsRow {
    grade_a_milli: i32,
    grade_b_milli: i32,
    grade_c_milli: i32,
    grade_d_milli: i32,
    grade_f_milli: i32,
    behaviour_excellent_milli: i32,
    behaviour_poor_milli: i32,
    streak_7_milli: i32,
    streak_30_milli: i32,
    streak_90_milli: i32,
}

/// The family's settings, or the defaults.
#[tracing::instrument(name = "db.query", skip_all, fields(otel.name = "SQL settings", otel.kind = "client", db.system = "postgresql"))]
pub async fn settings(pool: &PgPool, org: Uuid) -> Result<Settings, Error> {
    let row: Option<SettingsRow> =
        sqlx::query_as("SELECT * FROM multiplier_settings WHERE organization_id = $1")
            .bind(org)
            .fetch_optional(pool)
            .await?;
    Ok(row.map_or_else(Settings::default, |r| Settings {
        grade: [
            r.grade_a_milli,
            r.grade_b_milli,
            r.grade_c_milli,
            r.grade_d_milli,
            r.grade_f_milli,
        ],
        behaviour_excellent: r.behaviour_excellent_milli,
        behaviour_poor: r.behaviour_poor_milli,
        streak_7: r.streak_7_milli,
        streak_30: r.streak_30_milli,
        streak_90: r.streak_90_milli,
    }))
}

#[tracing::instrument(name = "db.query", skip_all, fields(otel.name = "SQL save_settings", otel.kind = "client", db.system = "postgresql"))]
pub async fn save_settings(pool: &PgPool, org: Uuid, s: &Settings) -> Result<(), Error> {
    sqlx::query(
        "INSERT INTO multiplier_settings (organization_id, grade_a_milli, grade_b_milli,
            grade_c_milli, grade_d_milli, grade_f_milli, behaviour_excellent_milli,
            behaviour_poor_milli, streak_7_milli, streak_30_milli, streak_90_milli)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)
         ON CONFLICT (organization_id) DO UPDATE SET
            grade_a_milli = EXCLUDED.grade_a_milli, grade_b_milli = EXCLUDED.grade_b_milli,
            grade_c_milli = EXCLUDED.grade_c_milli, grade_d_milli = EXCLUDED.grade_d_milli,
            grade_f_milli = EXCLUDED.grade_f_milli,
            behaviour_excellent_milli = EXCLUDED.behaviour_excellent_milli,
            behaviour_poor_milli = EXCLUDED.behaviour_poor_milli,
            streak_7_milli = EXCLUDED.streak_7_milli, streak_30_milli = EXCLUDED.streak_30_milli,
            streak_90_milli = EXCLUDED.streak_90_milli, updated_at = now()",
    )
    .bind(org)
    .bind(s.grade[0])
    .bind(s.grade[1])
    .bind(s.grade[2])
    .bind(s.grade[3])
    .bind(s.grade[4])
    .bind(s.behaviour_excellent)
    .bind(s.behaviour_poor)
    .bind(s.streak_7)
    .bind(s.streak_30)
    .bind(s.streak_90)
    .execute(pool)
    .await?;
    Ok(())
}

// --- Subjects and grades ----------------------------------------------------------

#[derive(Debug, Clone, sqlx::FromRow)]
pub struct SubjectRow {
    pub id: Uuid,
    pub child_id: Uuid,
    pub name: String,
    pub teacher: String,
    pub period: String,
    pub grade_scale: String,
    pub custom_scale: String,
    pub is_active: bool,
}

const SUBJECT_COLUMNS: &str =
    "id, child_id, name, teacher, period, grade_scale, custom_scale, is_active";

#[derive(Debug, Clone, sqlx::FromRow)]
pub struct GradeRow {
    pub subject_id: Uuid,
    pub letter: String,
    pub percentage_centi: Option<i32>,
    pub recorded_at: DateTime<Utc>,
}

/// A child's subjects, active first, each group by name.
#[tracing::instrument(name = "db.query", skip_all, fields(otel.name = "SQL subjects", otel.kind = "client", db.system = "postgresql"))]
pub async fn subjects(pool: &PgPool, org: Uuid, child: Uuid) -> Result<Vec<SubjectRow>, Error> {
    Ok(sqlx::query_as(sqlx::AssertSqlSafe(format!(
        "SELECT {SUBJECT_COLUMNS} FROM subjects WHERE organization_id = $1 AND child_id = $2
         ORDER BY is_active DESC, lower(name), created_at"
    )))
    .bind(org)
    .bind(child)
    .fetch_all(pool)
    .await?)
}

/// Grades of `subjects`, newest first.
#[tracing::instrument(name = "db.query", skip_all, fields(otel.name = "SQL grades", otel.kind = "client", db.system = "postgresql"))]
pub async fn grades(pool: &PgPool, subjects: &[Uuid]) -> Result<Vec<GradeRow>, Error> {
    Ok(sqlx::query_as(
        "SELECT subject_id, letter, percentage_centi, recorded_at FROM grades
         WHERE subject_id = ANY($1) ORDER BY recorded_at DESC, id DESC",
    )
    .bind(subjects)
    .fetch_all(pool)
    .await?)
}

#[tracing::instrument(name = "db.query", skip_all, fields(otel.name = "SQL find_subject", otel.kind = "client", db.system = "postgresql"))]
pub async fn find_subject(
    conn: &mut PgConnection,
    org: Uuid,
    id: Uuid,
) -> Result<Option<SubjectRow>, Error> {
    Ok(sqlx::query_as(sqlx::AssertSqlSafe(format!(
        "SELECT {SUBJECT_COLUMNS} FROM subjects WHERE organization_id = $1 AND id = $2"
    )))
    .bind(org)
    .bind(id)
    .fetch_optional(conn)
    .await?)
}

/// A subject's fields as a parent sets them.
pub struct SubjectFields {
    pub name: String,
    pub teacher: String,
    pub period: String,
    pub grade_scale: &'static str,
    pub custom_scale: String,
}

#[tracing::instrument(name = "db.query", skip_all, fields(otel.name = "SQL insert_subject", otel.kind = "client", db.system = "postgresql"))]
pub async fn insert_subject(
    pool: &PgPool,
    org: Uuid,
    child: Uuid,
    f: &SubjectFields,
) -> Result<Uuid, Error> {
    let id = Uuid::now_v7();
    sqlx::query(
        "INSERT INTO subjects (id, organization_id, child_id, name, teacher, period,
            grade_scale, custom_scale) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)",
    )
    .bind(id)
    .bind(org)
    .bind(child)
    .bind(&f.name)
    .bind(&f.teacher)
    .bind(&f.period)
    .bind(f.grade_scale)
    .bind(&f.custom_scale)
    .execute(pool)
    .await?;
    Ok(id)
}

#[tracing::instrument(name = "db.query", skip_all, fields(otel.name = "SQL update_subject", otel.kind = "client", db.system = "postgresql"))]
pub async fn update_subject(
    pool: &PgPool,
    org: Uuid,
    id: Uuid,
    f: &SubjectFields,
) -> Result<bool, Error> {
    let done = sqlx::query(
        "UPDATE subjects SET name = $3, teacher = $4, period = $5, grade_scale = $6,
            custom_scale = $7 WHERE organization_id = $1 AND id = $2",
    )
    .bind(org)
    .bind(id)
    .bind(&f.name)
    .bind(&f.teacher)
    .bind(&f.period)
    .bind(f.grade_scale)
    .bind(&f.custom_scale)
    .execute(pool)
    .await?;
    Ok(done.rows_affected() == 1)
}

#[tracing::instrument(name = "db.query", skip_all, fields(otel.name = "SQL set_active", otel.kind = "client", db.system = "postgresql"))]
pub async fn set_active(pool: &PgPool, org: Uuid, id: Uuid, active: bool) -> Result<bool, Error> {
    let done =
        sqlx::query("UPDATE subjects SET is_active = $3 WHERE organization_id = $1 AND id = $2")
            .bind(org)
            .bind(id)
            .bind(active)
            .execute(pool)
            .await?;
    Ok(done.rows_affected() == 1)
}

#[tracing::instrument(name = "db.query", skip_all, fields(otel.name = "SQL archive_all", otel.kind = "client", db.system = "postgresql"))]
pub async fn archive_all(pool: &PgPool, org: Uuid, child: Uuid) -> Result<u64, Error> {
    let done = sqlx::query(
        "UPDATE subjects SET is_active = false
         WHERE organization_id = $1 AND child_id = $2 AND is_active",
    )
    .bind(org)
    .bind(child)
    .execute(pool)
    .await?;
    Ok(done.rows_affected())
}

#[tracing::instrument(name = "db.query", skip_all, fields(otel.name = "SQL delete_subject", otel.kind = "client", db.system = "postgresql"))]
pub async fn delete_subject(pool: &PgPool, org: Uuid, id: Uuid) -> Result<bool, Error> {
    let done = sqlx::query("DELETE FROM subjects WHERE organization_id = $1 AND id = $2")
        .bind(org)
        .bind(id)
        .execute(pool)
        .await?;
    Ok(done.rows_affected() == 1)
}

/// Records a grade of an active subject; `false` if it is archived meanwhile.
#[tracing::instrument(name = "db.query", skip_all, fields(otel.name = "SQL insert_grade", otel.kind = "client", db.system = "postgresql"))]
pub async fn insert_grade(
    pool: &PgPool,
    org: Uuid,
    subject: Uuid,
    letter: &str,
    percentage_centi: Option<i32>,
) -> Result<bool, Error> {
    let done = sqlx::query(
        "INSERT INTO grades (id, subject_id, letter, percentage_centi)
         SELECT $3, id, $4, $5 FROM subjects
         WHERE organization_id = $1 AND id = $2 AND is_active",
    )
    .bind(org)
    .bind(subject)
    .bind(Uuid::now_v7())
    .bind(letter)
    .bind(percentage_centi)
    .execute(pool)
    .await?;
    Ok(done.rows_affected() == 1)
}
