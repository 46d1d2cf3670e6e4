//! Grades recorded for subjects.

use chrono::{DateTime, Utc};
use kit::db::Traced;
use sqlx::PgPool;
use uuid::Uuid;

use crate::error::Error;

#[derive(Debug, Clone)]
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

/// The grades of every subject of `children` in family `org`, newest first:
/// [`of_subjects`] for [`super::subjects::of_children`], joining the
/// children's subjects itself rather than waiting for their ids.
pub async fn of_children(
    db: impl sqlx::PgExecutor<'_>,
    org: Uuid,
    children: &[Uuid],
) -> Result<Vec<GradeRow>, Error> {
    Ok(sqlx::query_as!(
        GradeRow,
        "SELECT g.subject_id, g.letter, g.percentage_centi, g.recorded_at
         FROM grades g JOIN subjects s ON s.id = g.subject_id
         WHERE s.organization_id = $1 AND s.child_id = ANY($2)
         ORDER BY g.recorded_at DESC, g.id DESC",
        org,
        children,
    )
    .fetch_all(db)
    .traced("grades_of_children")
    .await?)
}

/// Records a grade of an active subject; `false` if it is archived meanwhile.
pub async fn insert(
    pool: &PgPool,
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
    .execute(pool)
    .traced("insert_grade")
    .await?;
    Ok(done.rows_affected() == 1)
}
