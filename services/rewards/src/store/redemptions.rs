//! Children's requests for store items.

use chrono::{DateTime, Utc};
use kit::db::Traced;
use sqlx::{PgConnection, PgPool};
use uuid::Uuid;

use crate::error::Error;

#[derive(Debug, Clone)]
pub struct RedemptionRow {
    pub id: Uuid,
    pub item_id: Uuid,
    pub child_id: Uuid,
    pub item_name: String,
    pub emoji: String,
    pub price_cents: i64,
    pub status: String,
    pub note: String,
    pub requested_at: DateTime<Utc>,
    pub decided_at: Option<DateTime<Utc>>,
}

pub struct NewRedemption<'a> {
    pub org: Uuid,
    pub item_id: Uuid,
    pub child: Uuid,
    pub item_name: &'a str,
    pub emoji: &'a str,
    pub price_cents: i64,
}

pub async fn insert(
    conn: &mut PgConnection,
    r: &NewRedemption<'_>,
) -> Result<RedemptionRow, Error> {
    Ok(sqlx::query_as!(
        RedemptionRow,
        "INSERT INTO redemptions (id, organization_id, item_id, child_id, item_name, emoji,
            price_cents)
         VALUES ($1, $2, $3, $4, $5, $6, $7)
         RETURNING id, item_id, child_id, item_name, emoji, price_cents, status, note,
            requested_at, decided_at",
        Uuid::now_v7(),
        r.org,
        r.item_id,
        r.child,
        r.item_name,
        r.emoji,
        r.price_cents,
    )
    .fetch_one(conn)
    .traced("insert_redemption")
    .await?)
}

/// The family's redemptions, newest first; one child's when `child` is
/// given, of one status when `status` is.
pub async fn list(
    pool: &PgPool,
    org: Uuid,
    child: Option<Uuid>,
    status: Option<&str>,
) -> Result<Vec<RedemptionRow>, Error> {
    Ok(sqlx::query_as!(
        RedemptionRow,
        "SELECT id, item_id, child_id, item_name, emoji, price_cents, status, note,
            requested_at, decided_at
         FROM redemptions
         WHERE organization_id = $1 AND ($2::uuid IS NULL OR child_id = $2)
           AND ($3::text IS NULL OR status = $3)
         ORDER BY requested_at DESC, id DESC LIMIT 500",
        org,
        child,
        status,
    )
    .fetch_all(pool)
    .traced("list_redemptions")
    .await?)
}

/// A redemption of the family, held until the transaction ends: a second
/// decision waits and then sees the first.
pub async fn lock(
    conn: &mut PgConnection,
    org: Uuid,
    id: Uuid,
) -> Result<Option<RedemptionRow>, Error> {
    Ok(sqlx::query_as!(
        RedemptionRow,
        "SELECT id, item_id, child_id, item_name, emoji, price_cents, status, note,
            requested_at, decided_at
         FROM redemptions WHERE organization_id = $1 AND id = $2 FOR UPDATE",
        org,
        id,
    )
    .fetch_optional(conn)
    .traced("lock_redemption")
    .await?)
}

pub async fn decide(
    conn: &mut PgConnection,
    id: Uuid,
    status: &str,
    note: &str,
    by: Uuid,
    at: DateTime<Utc>,
) -> Result<RedemptionRow, Error> {
    Ok(sqlx::query_as!(
        RedemptionRow,
        "UPDATE redemptions SET status = $2, note = $3, decided_by = $4, decided_at = $5
         WHERE id = $1
         RETURNING id, item_id, child_id, item_name, emoji, price_cents, status, note,
            requested_at, decided_at",
        id,
        status,
        note,
        by,
        at,
    )
    .fetch_one(conn)
    .traced("decide_redemption")
    .await?)
}

/// Redemptions waiting for a parent: the family's, or one child's.
pub async fn count_pending(pool: &PgPool, org: Uuid, child: Option<Uuid>) -> Result<i64, Error> {
    Ok(sqlx::query_scalar!(
        r#"SELECT count(*) AS "n!" FROM redemptions
         WHERE organization_id = $1 AND status = 'PENDING'
           AND ($2::uuid IS NULL OR child_id = $2)"#,
        org,
        child,
    )
    .fetch_one(pool)
    .traced("count_pending_redemptions")
    .await?)
}

/// Forgets a deleted child's requests.
pub async fn delete_for_child(
    conn: &mut PgConnection,
    org: Uuid,
    child: Uuid,
) -> Result<(), Error> {
    sqlx::query!(
        "DELETE FROM redemptions WHERE organization_id = $1 AND child_id = $2",
        org,
        child,
    )
    .execute(conn)
    .traced("delete_child_redemptions")
    .await?;
    Ok(())
}
