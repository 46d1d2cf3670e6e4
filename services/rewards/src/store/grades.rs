//! Grades recorded for subjects.

use chrono::{DateTime, Utc};
use kit::db::Traced;
use sqlx::{PgConnection, PgPool};
use uuid::Uuid;

use crate::error::Error;

/// Read from rows, and from the JSON of [`super::standings`].
#[derive(Debug, Clone, serde::Deserialize)]
pub struct GradeRow {
    pub subject_id: Uuid,
    pub letter: String,
    pub percentage_centi: Option<i32>,
    pub recorded_at: DateTime<Utc>,
}

/// Grades of `subjects` (found in the caller's family first), newest first.
pub async fn of_subjects(pool: &PgPool, subjects: &[Uuid]) -> Result<Vec<GradeRow>, Error> {
    Ok(sqlx::query_as!(
        GradeRow,
        "SELECT subject_id, letter, percentage_centi, recorded_at FROM grades
         WHERE subject_id = ANY($1) ORDER BY recorded_at DESC, id DESC",
        subjects,
    )
    .fetch_all(pool)
    .traced("grades")
    .await?)
}

/// Records a grade of an active subject; `false` if it is archived meanwhile.
pub async fn insert(
    conn: &mut PgConnection,
    org: Uuid,
    subject: Uuid,
    letter: &str,
    percentage_centi: Option<i32>,
) -> Result<bool, Error> {
    let done = sqlx::query!(
        "INSERT INTO grades (id, subject_id, letter, percentage_centi)
         SELECT $3::uuid, id, $4::text, $5::int4 FROM subjects
         WHERE organization_id = $1 AND id = $2 AND is_active",
        org,
        subject,
        Uuid::now_v7(),
        letter,
        percentage_centi,
    )
    .execute(conn)
    .traced("insert_grade")
    .await?;
    Ok(done.rows_affected() == 1)
}
