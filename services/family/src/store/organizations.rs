//! Families: name, slug and time zone.

use chrono::{DateTime, Utc};
use kit::db::Traced;
use sqlx::{PgConnection, PgPool};
use uuid::Uuid;

use crate::error::Error;

#[derive(Debug, Clone)]
pub struct OrganizationRow {
    pub id: Uuid,
    pub name: String,
    pub slug: String,
    pub time_zone: String,
    pub created_at: DateTime<Utc>,
}

/// Inserts a family; `None` when the slug is taken (the caller picks another).
pub async fn insert(
    tx: &mut PgConnection,
    name: &str,
    slug: &str,
    time_zone: &str,
) -> Result<Option<OrganizationRow>, Error> {
    Ok(sqlx::query_as!(
        OrganizationRow,
        "INSERT INTO organizations (id, name, slug, time_zone) VALUES ($1, $2, $3, $4)
         ON CONFLICT ON CONSTRAINT organizations_slug_key DO NOTHING
         RETURNING id, name, slug, time_zone, created_at",
        Uuid::now_v7(),
        name,
        slug,
        time_zone,
    )
    .fetch_optional(tx)
    .traced("insert_organization")
    .await?)
}

pub async fn find(pool: &PgPool, id: Uuid) -> Result<Option<OrganizationRow>, Error> {
    Ok(sqlx::query_as!(
        OrganizationRow,
        "SELECT id, name, slug, time_zone, created_at FROM organizations WHERE id = $1",
        id,
    )
    .fetch_optional(pool)
    .traced("find_organization")
    .await?)
}

/// Renames a family and, when given, moves it to another time zone.
pub async fn update(
    tx: &mut PgConnection,
    id: Uuid,
    name: &str,
    time_zone: Option<&str>,
) -> Result<Option<OrganizationRow>, Error> {
    Ok(sqlx::query_as!(
        OrganizationRow,
        "UPDATE organizations SET name = $2, time_zone = COALESCE($3, time_zone), updated_at = now()
         WHERE id = $1 RETURNING id, name, slug, time_zone, created_at",
        id,
        name,
        time_zone,
    )
    .fetch_optional(tx)
    .traced("update_organization")
    .await?)
}
