//! The family's reward store items.

use chrono::{DateTime, Utc};
use kit::db::Traced;
use sqlx::{PgConnection, PgPool};
use uuid::Uuid;

use crate::error::Error;

#[derive(Debug, Clone)]
pub struct ItemRow {
    pub id: Uuid,
    pub name: String,
    pub description: String,
    pub price_cents: i64,
    pub stock: Option<i32>,
    pub child_ids: Vec<Uuid>,
    pub emoji: String,
    pub created_at: DateTime<Utc>,
    pub deleted_at: Option<DateTime<Utc>>,
}

impl ItemRow {
    /// Offered to `child`: to every child when it names none.
    pub fn offered_to(&self, child: Uuid) -> bool {
        self.child_ids.is_empty() || self.child_ids.contains(&child)
    }
}

pub struct ItemFields<'a> {
    pub name: &'a str,
    pub description: &'a str,
    pub price_cents: i64,
    pub stock: Option<i32>,
    pub child_ids: &'a [Uuid],
    pub emoji: &'a str,
}

/// The family's items still in the store, oldest first.
pub async fn list(pool: &PgPool, org: Uuid) -> Result<Vec<ItemRow>, Error> {
    Ok(sqlx::query_as!(
        ItemRow,
        "SELECT id, name, description, price_cents, stock, child_ids, emoji, created_at, deleted_at
         FROM store_items WHERE organization_id = $1 AND deleted_at IS NULL
         ORDER BY created_at, id",
        org,
    )
    .fetch_all(pool)
    .traced("list_store_items")
    .await?)
}

/// An item of the family, removed or not; with `lock`, held until the
/// transaction ends.
pub async fn find(conn: &mut PgConnection, org: Uuid, id: Uuid) -> Result<Option<ItemRow>, Error> {
    Ok(sqlx::query_as!(
        ItemRow,
        "SELECT id, name, description, price_cents, stock, child_ids, emoji, created_at, deleted_at
         FROM store_items WHERE organization_id = $1 AND id = $2",
        org,
        id,
    )
    .fetch_optional(conn)
    .traced("find_store_item")
    .await?)
}

/// Serialises the family's additions, so the plan's limit holds.
pub async fn lock_family(tx: &mut PgConnection, org: Uuid) -> Result<(), Error> {
    sqlx::query!(
        "SELECT pg_advisory_xact_lock(hashtextextended('store:' || $1::uuid::text, 0))",
        org,
    )
    .execute(tx)
    .traced("lock_store")
    .await?;
    Ok(())
}

pub async fn count(conn: &mut PgConnection, org: Uuid) -> Result<i64, Error> {
    Ok(sqlx::query_scalar!(
        r#"SELECT count(*) AS "n!" FROM store_items
         WHERE organization_id = $1 AND deleted_at IS NULL"#,
        org,
    )
    .fetch_one(conn)
    .traced("count_store_items")
    .await?)
}

pub async fn insert(
    conn: &mut PgConnection,
    org: Uuid,
    f: &ItemFields<'_>,
) -> Result<ItemRow, Error> {
    Ok(sqlx::query_as!(
        ItemRow,
        "INSERT INTO store_items (id, organization_id, name, description, price_cents, stock,
            child_ids, emoji)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
         RETURNING id, name, description, price_cents, stock, child_ids, emoji, created_at,
            deleted_at",
        Uuid::now_v7(),
        org,
        f.name,
        f.description,
        f.price_cents,
        f.stock,
        f.child_ids,
        f.emoji,
    )
    .fetch_one(conn)
    .traced("insert_store_item")
    .await?)
}

/// Rewrites an item still in the store; `None` when there is none.
pub async fn update(
    conn: &mut PgConnection,
    org: Uuid,
    id: Uuid,
    f: &ItemFields<'_>,
) -> Result<Option<ItemRow>, Error> {
    Ok(sqlx::query_as!(
        ItemRow,
        "UPDATE store_items SET name = $3, description = $4, price_cents = $5, stock = $6,
            child_ids = $7, emoji = $8
         WHERE organization_id = $1 AND id = $2 AND deleted_at IS NULL
         RETURNING id, name, description, price_cents, stock, child_ids, emoji, created_at,
            deleted_at",
        org,
        id,
        f.name,
        f.description,
        f.price_cents,
        f.stock,
        f.child_ids,
        f.emoji,
    )
    .fetch_optional(conn)
    .traced("update_store_item")
    .await?)
}

/// Takes an item out of the store; `false` when it was not there.
pub async fn remove(conn: &mut PgConnection, org: Uuid, id: Uuid) -> Result<bool, Error> {
    let done = sqlx::query!(
        "UPDATE store_items SET deleted_at = now()
         WHERE organization_id = $1 AND id = $2 AND deleted_at IS NULL",
        org,
        id,
    )
    .execute(conn)
    .traced("remove_store_item")
    .await?;
    Ok(done.rows_affected() == 1)
}

/// Takes one from an item's stock, if it has any left (an item without a
/// stock never runs out): `false` when none was left. The row lock makes
/// racing approvals wait and then see the stock the first one left.
pub async fn take_one(conn: &mut PgConnection, org: Uuid, id: Uuid) -> Result<bool, Error> {
    let done = sqlx::query!(
        "UPDATE store_items SET stock = stock - 1
         WHERE organization_id = $1 AND id = $2 AND (stock IS NULL OR stock > 0)",
        org,
        id,
    )
    .execute(conn)
    .traced("take_store_stock")
    .await?;
    Ok(done.rows_affected() == 1)
}
