//! A child's school subjects.

use kit::db::Traced;
use sqlx::{PgConnection, PgPool};
use uuid::Uuid;

use crate::error::Error;

/// Read from rows, and from the JSON of [`super::standings`].
#[derive(Debug, Clone, serde::Deserialize)]
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

/// A subject's fields as a parent sets them.
pub struct SubjectFields {
    pub name: String,
    pub teacher: String,
    pub period: String,
    pub grade_scale: &'static str,
    pub custom_scale: String,
}

/// A child's subjects, active first, each group by name.
pub async fn of_child(pool: &PgPool, org: Uuid, child: Uuid) -> Result<Vec<SubjectRow>, Error> {
    Ok(sqlx::query_as!(
        SubjectRow,
        "SELECT id, child_id, name, teacher, period, grade_scale, custom_scale, is_active
         FROM subjects WHERE organization_id = $1 AND child_id = $2
         ORDER BY is_active DESC, lower(name), created_at",
        org,
        child,
    )
    .fetch_all(pool)
    .traced("subjects")
    .await?)
}

pub async fn find(
    conn: &mut PgConnection,
    org: Uuid,
    id: Uuid,
) -> Result<Option<SubjectRow>, Error> {
    Ok(sqlx::query_as!(
        SubjectRow,
        "SELECT id, child_id, name, teacher, period, grade_scale, custom_scale, is_active
         FROM subjects WHERE organization_id = $1 AND id = $2",
        org,
        id,
    )
    .fetch_optional(conn)
    .traced("find_subject")
    .await?)
}

pub async fn insert(
    conn: &mut PgConnection,
    org: Uuid,
    child: Uuid,
    f: &SubjectFields,
) -> Result<Uuid, Error> {
    let id = Uuid::now_v7();
    sqlx::query!(
        "INSERT INTO subjects (id, organization_id, child_id, name, teacher, period,
            grade_scale, custom_scale) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)",
        id,
        org,
        child,
        f.name,
        f.teacher,
        f.period,
        f.grade_scale,
        f.custom_scale,
    )
    .execute(conn)
    .traced("insert_subject")
    .await?;
    Ok(id)
}

/// Edits a subject; `false` when there is no such subject in the family.
pub async fn update(
    conn: &mut PgConnection,
    org: Uuid,
    id: Uuid,
    f: &SubjectFields,
) -> Result<bool, Error> {
    let done = sqlx::query!(
        "UPDATE subjects SET name = $3, teacher = $4, period = $5, grade_scale = $6,
            custom_scale = $7 WHERE organization_id = $1 AND id = $2",
        org,
        id,
        f.name,
        f.teacher,
        f.period,
        f.grade_scale,
        f.custom_scale,
    )
    .execute(conn)
    .traced("update_subject")
    .await?;
    Ok(done.rows_affected() == 1)
}

/// Archives (`false`) or restores a subject; `false` when there is no such subject.
pub async fn set_active(
    conn: &mut PgConnection,
    org: Uuid,
    id: Uuid,
    active: bool,
) -> Result<bool, Error> {
    let done = sqlx::query!(
        "UPDATE subjects SET is_active = $3 WHERE organization_id = $1 AND id = $2",
        org,
        id,
        active,
    )
    .execute(conn)
    .traced("set_active")
    .await?;
    Ok(done.rows_affected() == 1)
}

/// Archives a child's active subjects; returns how many.
pub async fn archive_all(conn: &mut PgConnection, org: Uuid, child: Uuid) -> Result<u64, Error> {
    let done = sqlx::query!(
        "UPDATE subjects SET is_active = false
         WHERE organization_id = $1 AND child_id = $2 AND is_active",
        org,
        child,
    )
    .execute(conn)
    .traced("archive_all")
    .await?;
    Ok(done.rows_affected())
}

/// Deletes a subject and its grades; `false` when there is no such subject.
pub async fn delete(conn: &mut PgConnection, org: Uuid, id: Uuid) -> Result<bool, Error> {
    let done = sqlx::query!(
        "DELETE FROM subjects WHERE organization_id = $1 AND id = $2",
        org,
        id,
    )
    .execute(conn)
    .traced("delete_subject")
    .await?;
    Ok(done.rows_affected() == 1)
}

/// Forgets a deleted child's subjects and their grades.
pub async fn delete_for_child(tx: &mut PgConnection, org: Uuid, child: Uuid) -> Result<(), Error> {
    sqlx::query!(
        "DELETE FROM subjects WHERE organization_id = $1 AND child_id = $2",
        org,
        child,
    )
    .execute(tx)
    .traced("delete_child_subjects")
    .await?;
    Ok(())
}
