//! SQL of the family service.

use chrono::{DateTime, Utc};
use sqlx::{PgConnection, PgPool};
use uuid::Uuid;

use crate::error::Error;

#[derive(Debug, Clone, sqlx::FromRow)]
pub struct OrganizationRow {
    pub id: Uuid,
    pub name: String,
    pub slug: String,
    pub time_zone: String,
    pub created_at: DateTime<Utc>,
}

const ORG_COLUMNS: &str = "id, name, slug, time_zone, created_at";

/// Inserts a family; `None` when the slug is taken (the caller picks another).
pub async fn insert_organization(
    tx: &mut PgConnection,
    name: &str,
    slug: &str,
    time_zone: &str,
) -> Result<Option<OrganizationRow>, Error> {
    Ok(sqlx::query_as(sqlx::AssertSqlSafe(format!(
        "INSERT INTO organizations (id, name, slug, time_zone) VALUES ($1, $2, $3, $4)
         ON CONFLICT ON CONSTRAINT organizations_slug_key DO NOTHING
         RETURNING {ORG_COLUMNS}"
    )))
    .bind(Uuid::now_v7())
    .bind(name)
    .bind(slug)
    .bind(time_zone)
    .fetch_optional(tx)
    .await?)
}

pub async fn find_organization(pool: &PgPool, id: Uuid) -> Result<Option<OrganizationRow>, Error> {
    Ok(sqlx::query_as(sqlx::AssertSqlSafe(format!(
        "SELECT {ORG_COLUMNS} FROM organizations WHERE id = $1"
    )))
    .bind(id)
    .fetch_optional(pool)
    .await?)
}

pub async fn update_organization(
    tx: &mut PgConnection,
    id: Uuid,
    name: &str,
    time_zone: Option<&str>,
) -> Result<Option<OrganizationRow>, Error> {
    Ok(sqlx::query_as(sqlx::AssertSqlSafe(format!(
        "UPDATE organizations SET name = $2, time_zone = COALESCE($3, time_zone), updated_at = now()
         WHERE id = $1 RETURNING {ORG_COLUMNS}"
    )))
    .bind(id)
    .bind(name)
    .bind(time_zone)
    .fetch_optional(tx)
    .await?)
}
