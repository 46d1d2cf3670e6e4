//! A family's chores, retired rather than removed so history keeps them.

use kit::db::Traced;
use sqlx::{PgConnection, PgPool};
use uuid::Uuid;

use crate::error::Error;

/// A chore with its category's name.
#[derive(Debug, Clone)]
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

/// The family's active chores, by category and name.
pub async fn active(pool: &PgPool, org: Uuid) -> Result<Vec<ChoreRow>, Error> {
    Ok(sqlx::query_as!(
        ChoreRow,
        "SELECT c.id, c.category_id, k.name AS category_name, c.name, c.description,
            c.base_reward_cents, c.frequency_days, c.requires_photo, c.is_active
         FROM chores c JOIN categories k ON k.id = c.category_id
         WHERE c.organization_id = $1 AND c.is_active ORDER BY lower(k.name), lower(c.name)",
        org,
    )
    .fetch_all(pool)
    .traced("active_chores")
    .await?)
}

pub async fn find(conn: &mut PgConnection, org: Uuid, id: Uuid) -> Result<Option<ChoreRow>, Error> {
    Ok(sqlx::query_as!(
        ChoreRow,
        "SELECT c.id, c.category_id, k.name AS category_name, c.name, c.description,
            c.base_reward_cents, c.frequency_days, c.requires_photo, c.is_active
         FROM chores c JOIN categories k ON k.id = c.category_id
         WHERE c.organization_id = $1 AND c.id = $2",
        org,
        id,
    )
    .fetch_optional(conn)
    .traced("find_chore")
    .await?)
}

/// Serialises chore creation within one family, so two parents adding the
/// last allowed chore at once cannot both succeed.
pub async fn lock_family(tx: &mut PgConnection, org: Uuid) -> Result<(), Error> {
    sqlx::query!(
        "SELECT pg_advisory_xact_lock(hashtextextended('chores:' || $1::uuid::text, 0))",
        org,
    )
    .execute(tx)
    .traced("lock_family_chores")
    .await?;
    Ok(())
}

pub async fn count_active(tx: &mut PgConnection, org: Uuid) -> Result<i64, Error> {
    Ok(sqlx::query_scalar!(
        r#"SELECT count(*) AS "count!" FROM chores WHERE organization_id = $1 AND is_active"#,
        org,
    )
    .fetch_one(tx)
    .traced("count_active_chores")
    .await?)
}

/// Active chores of one category.
pub async fn count_active_in(
    tx: &mut PgConnection,
    org: Uuid,
    category: Uuid,
) -> Result<i64, Error> {
    Ok(sqlx::query_scalar!(
        r#"SELECT count(*) AS "count!" FROM chores
         WHERE organization_id = $1 AND category_id = $2 AND is_active"#,
        org,
        category,
    )
    .fetch_one(tx)
    .traced("count_active_chores_in")
    .await?)
}

pub async fn insert(tx: &mut PgConnection, org: Uuid, fields: &ChoreFields) -> Result<Uuid, Error> {
    let id = Uuid::now_v7();
    sqlx::query!(
        "INSERT INTO chores (id, organization_id, category_id, name, description,
            base_reward_cents, frequency_days, requires_photo)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8)",
        id,
        org,
        fields.category_id,
        fields.name,
        fields.description,
        fields.base_reward_cents,
        fields.frequency_days,
        fields.requires_photo,
    )
    .execute(tx)
    .traced("insert_chore")
    .await?;
    Ok(id)
}

/// Edits an active chore; `false` when there is no such chore.
pub async fn update(
    tx: &mut PgConnection,
    org: Uuid,
    id: Uuid,
    fields: &ChoreFields,
) -> Result<bool, Error> {
    let done = sqlx::query!(
        "UPDATE chores SET category_id = $3, name = $4, description = $5,
            base_reward_cents = $6, frequency_days = $7, requires_photo = $8, updated_at = now()
         WHERE organization_id = $1 AND id = $2 AND is_active",
        org,
        id,
        fields.category_id,
        fields.name,
        fields.description,
        fields.base_reward_cents,
        fields.frequency_days,
        fields.requires_photo,
    )
    .execute(tx)
    .traced("update_chore")
    .await?;
    Ok(done.rows_affected() == 1)
}

/// Retires an active chore; `false` when there is no such chore.
pub async fn retire(tx: &mut PgConnection, org: Uuid, id: Uuid) -> Result<bool, Error> {
    let done = sqlx::query!(
        "UPDATE chores SET is_active = false, updated_at = now()
         WHERE organization_id = $1 AND id = $2 AND is_active",
        org,
        id,
    )
    .execute(tx)
    .traced("retire_chore")
    .await?;
    Ok(done.rows_affected() == 1)
}
