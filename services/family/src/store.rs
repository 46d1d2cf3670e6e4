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
#[tracing::instrument(name = "db.query", skip_all, fields(otel.name = "SQL insert_organization", otel.kind = "client", db.system = "postgresql"))]
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

#[tracing::instrument(name = "db.query", skip_all, fields(otel.name = "SQL find_organization", otel.kind = "client", db.system = "postgresql"))]
pub async fn find_organization(pool: &PgPool, id: Uuid) -> Result<Option<OrganizationRow>, Error> {
    Ok(sqlx::query_as(sqlx::AssertSqlSafe(format!(
        "SELECT {ORG_COLUMNS} FROM organizations WHERE id = $1"
    )))
    .bind(id)
    .fetch_optional(pool)
    .await?)
}

#[tracing::instrument(name = "db.query", skip_all, fields(otel.name = "SQL update_organization", otel.kind = "client", db.system = "postgresql"))]
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

#[derive(Debug, Clone, sqlx::FromRow)]
pub struct ChildRow {
    pub id: Uuid,
    pub organization_id: Uuid,
    pub first_name: String,
    pub last_name: String,
    pub name: String,
    pub email: String,
    pub phone: String,
    pub date_of_birth: Option<chrono::NaiveDate>,
    pub birthday_reward_cents: i64,
    pub age_group: String,
    pub ui_theme: String,
    pub reward_display_type: String,
    pub honesty_rating: i16,
    pub respect_rating: i16,
    pub rules_rating: i16,
    pub user_id: Option<Uuid>,
}

const CHILD_COLUMNS: &str = "id, organization_id, first_name, last_name, name, email, phone, date_of_birth, \
    birthday_reward_cents, age_group, ui_theme, reward_display_type, honesty_rating, respect_rating, \
    rules_rating, user_id";

#[tracing::instrument(name = "db.query", skip_all, fields(otel.name = "SQL insert_child", otel.kind = "client", db.system = "postgresql"))]
pub async fn insert_child(
    tx: &mut PgConnection,
    id: Uuid,
    organization_id: Uuid,
    first_name: &str,
    last_name: &str,
    details: &crate::domain::ChildDetails,
) -> Result<ChildRow, Error> {
    Ok(sqlx::query_as(sqlx::AssertSqlSafe(format!(
        "INSERT INTO children (id, organization_id, first_name, last_name, name, email, phone, date_of_birth,
             birthday_reward_cents, age_group, ui_theme, reward_display_type)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12) RETURNING {CHILD_COLUMNS}"
    )))
    .bind(id)
    .bind(organization_id)
    .bind(first_name)
    .bind(last_name)
    .bind(&details.name)
    .bind(&details.email)
    .bind(&details.phone)
    .bind(details.date_of_birth)
    .bind(details.birthday_reward_cents)
    .bind(details.age_group)
    .bind(details.ui_theme)
    .bind(details.reward_display_type)
    .fetch_one(tx)
    .await?)
}

#[tracing::instrument(name = "db.query", skip_all, fields(otel.name = "SQL children", otel.kind = "client", db.system = "postgresql"))]
pub async fn children(pool: &PgPool, organization_id: Uuid) -> Result<Vec<ChildRow>, Error> {
    Ok(sqlx::query_as(sqlx::AssertSqlSafe(format!(
        "SELECT {CHILD_COLUMNS} FROM children WHERE organization_id = $1 ORDER BY created_at, id"
    )))
    .bind(organization_id)
    .fetch_all(pool)
    .await?)
}

#[tracing::instrument(name = "db.query", skip_all, fields(otel.name = "SQL find_child", otel.kind = "client", db.system = "postgresql"))]
pub async fn find_child(
    pool: &PgPool,
    organization_id: Uuid,
    id: Uuid,
) -> Result<Option<ChildRow>, Error> {
    Ok(sqlx::query_as(sqlx::AssertSqlSafe(format!(
        "SELECT {CHILD_COLUMNS} FROM children WHERE organization_id = $1 AND id = $2"
    )))
    .bind(organization_id)
    .bind(id)
    .fetch_optional(pool)
    .await?)
}

#[tracing::instrument(name = "db.query", skip_all, fields(otel.name = "SQL count_children", otel.kind = "client", db.system = "postgresql"))]
pub async fn count_children(tx: &mut PgConnection, organization_id: Uuid) -> Result<i64, Error> {
    Ok(
        sqlx::query_scalar("SELECT count(*) FROM children WHERE organization_id = $1")
            .bind(organization_id)
            .fetch_one(tx)
            .await?,
    )
}

/// Serialises adding children within one family, so two parents adding the
/// last allowed child at once cannot both succeed.
#[tracing::instrument(name = "db.query", skip_all, fields(otel.name = "SQL lock_family_children", otel.kind = "client", db.system = "postgresql"))]
pub async fn lock_family_children(
    tx: &mut PgConnection,
    organization_id: Uuid,
) -> Result<(), Error> {
    sqlx::query("SELECT pg_advisory_xact_lock(hashtextextended('children:' || $1::text, 0))")
        .bind(organization_id)
        .execute(tx)
        .await?;
    Ok(())
}

#[tracing::instrument(name = "db.query", skip_all, fields(otel.name = "SQL update_child", otel.kind = "client", db.system = "postgresql"))]
pub async fn update_child(
    tx: &mut PgConnection,
    organization_id: Uuid,
    id: Uuid,
    details: &crate::domain::ChildDetails,
) -> Result<Option<ChildRow>, Error> {
    Ok(sqlx::query_as(sqlx::AssertSqlSafe(format!(
        "UPDATE children SET name = $3, email = $4, phone = $5, date_of_birth = $6, birthday_reward_cents = $7,
             age_group = $8, ui_theme = $9, reward_display_type = $10, updated_at = now()
         WHERE organization_id = $1 AND id = $2 RETURNING {CHILD_COLUMNS}"
    )))
    .bind(organization_id)
    .bind(id)
    .bind(&details.name)
    .bind(&details.email)
    .bind(&details.phone)
    .bind(details.date_of_birth)
    .bind(details.birthday_reward_cents)
    .bind(details.age_group)
    .bind(details.ui_theme)
    .bind(details.reward_display_type)
    .fetch_optional(tx)
    .await?)
}

#[tracing::instrument(name = "db.query", skip_all, fields(otel.name = "SQL update_ratings", otel.kind = "client", db.system = "postgresql"))]
pub async fn update_ratings(
    pool: &PgPool,
    organization_id: Uuid,
    id: Uuid,
    ratings: [i16; 3],
) -> Result<Option<ChildRow>, Error> {
    Ok(sqlx::query_as(sqlx::AssertSqlSafe(format!(
        "UPDATE children SET honesty_rating = $3, respect_rating = $4, rules_rating = $5, updated_at = now()
         WHERE organization_id = $1 AND id = $2 RETURNING {CHILD_COLUMNS}"
    )))
    .bind(organization_id)
    .bind(id)
    .bind(ratings[0])
    .bind(ratings[1])
    .bind(ratings[2])
    .fetch_optional(pool)
    .await?)
}

#[tracing::instrument(name = "db.query", skip_all, fields(otel.name = "SQL delete_child", otel.kind = "client", db.system = "postgresql"))]
pub async fn delete_child(
    tx: &mut PgConnection,
    organization_id: Uuid,
    id: Uuid,
) -> Result<bool, Error> {
    Ok(
        sqlx::query("DELETE FROM children WHERE organization_id = $1 AND id = $2")
            .bind(organization_id)
            .bind(id)
            .execute(tx)
            .await?
            .rows_affected()
            == 1,
    )
}

/// Records the login a child created by accepting their invitation.
#[tracing::instrument(name = "db.query", skip_all, fields(otel.name = "SQL link_login", otel.kind = "client", db.system = "postgresql"))]
pub async fn link_login(
    tx: &mut PgConnection,
    organization_id: Uuid,
    id: Uuid,
    user_id: Uuid,
) -> Result<(), Error> {
    sqlx::query("UPDATE children SET user_id = $3 WHERE organization_id = $1 AND id = $2")
        .bind(organization_id)
        .bind(id)
        .bind(user_id)
        .execute(tx)
        .await?;
    Ok(())
}
