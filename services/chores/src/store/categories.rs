//! A family's chore categories, soft-deleted so history keeps their names.

use kit::db::Traced;
use sqlx::{PgConnection, PgPool};
use uuid::Uuid;

use crate::error::Error;

/// A category with its number of active chores.
#[derive(Debug, Clone)]
pub struct CategoryRow {
    pub id: Uuid,
    pub name: String,
    pub description: String,
    pub chore_count: i64,
}

/// The family's categories, by name.
pub async fn in_family(pool: &PgPool, org: Uuid) -> Result<Vec<CategoryRow>, Error> {
    Ok(sqlx::query_as!(
        CategoryRow,
        r#"SELECT k.id, k.name, k.description,
            (SELECT count(*) FROM chores c WHERE c.category_id = k.id AND c.is_active)
                AS "chore_count!"
         FROM categories k
         WHERE k.organization_id = $1 AND k.deleted_at IS NULL ORDER BY lower(k.name)"#,
        org,
    )
    .fetch_all(pool)
    .traced("categories")
    .await?)
}

pub async fn find(
    conn: &mut PgConnection,
    org: Uuid,
    id: Uuid,
) -> Result<Option<CategoryRow>, Error> {
    Ok(sqlx::query_as!(
        CategoryRow,
        r#"SELECT k.id, k.name, k.description,
            (SELECT count(*) FROM chores c WHERE c.category_id = k.id AND c.is_active)
                AS "chore_count!"
         FROM categories k
         WHERE k.organization_id = $1 AND k.id = $2 AND k.deleted_at IS NULL"#,
        org,
        id,
    )
    .fetch_optional(conn)
    .traced("find_category")
    .await?)
}

/// Maps the unique name index to [`Error::CategoryNameTaken`].
fn name_taken(err: sqlx::Error) -> Error {
    if kit::db::violated_constraint(&err) == Some("categories_name_key") {
        Error::CategoryNameTaken
    } else {
        err.into()
    }
}

pub async fn insert(
    pool: &PgPool,
    org: Uuid,
    name: &str,
    description: &str,
) -> Result<CategoryRow, Error> {
    sqlx::query_as!(
        CategoryRow,
        r#"INSERT INTO categories (id, organization_id, name, description) VALUES ($1, $2, $3, $4)
         RETURNING id, name, description, 0::bigint AS "chore_count!""#,
        Uuid::now_v7(),
        org,
        name,
        description,
    )
    .fetch_one(pool)
    .traced("insert_category")
    .await
    .map_err(name_taken)
}

pub async fn update(
    conn: &mut PgConnection,
    org: Uuid,
    id: Uuid,
    name: &str,
    description: &str,
) -> Result<Option<CategoryRow>, Error> {
    sqlx::query_as!(
        CategoryRow,
        r#"UPDATE categories k SET name = $3, description = $4
         WHERE k.organization_id = $1 AND k.id = $2 AND k.deleted_at IS NULL
         RETURNING k.id, k.name, k.description,
            (SELECT count(*) FROM chores c WHERE c.category_id = k.id AND c.is_active)
                AS "chore_count!""#,
        org,
        id,
        name,
        description,
    )
    .fetch_optional(conn)
    .traced("update_category")
    .await
    .map_err(name_taken)
}

/// Soft-deletes a category; retired chores keep pointing at it for history.
pub async fn delete(tx: &mut PgConnection, org: Uuid, id: Uuid) -> Result<bool, Error> {
    let done = sqlx::query!(
        "UPDATE categories SET deleted_at = now()
         WHERE organization_id = $1 AND id = $2 AND deleted_at IS NULL",
        org,
        id,
    )
    .execute(tx)
    .traced("delete_category")
    .await?;
    Ok(done.rows_affected() == 1)
}
