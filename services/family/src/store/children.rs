//! Children of a family: their details, ratings and login. Every query names
//! the family.

use chrono::{DateTime, NaiveDate, Utc};
use kit::db::Traced;
use sqlx::{PgConnection, PgPool};
use uuid::Uuid;

use crate::{domain::ChildDetails, error::Error};

#[derive(Debug, Clone)]
pub struct ChildRow {
    pub id: Uuid,
    pub organization_id: Uuid,
    pub first_name: String,
    pub last_name: String,
    pub name: String,
    pub email: String,
    pub phone: String,
    pub date_of_birth: Option<NaiveDate>,
    pub birthday_reward_cents: i64,
    pub age_group: String,
    pub ui_theme: String,
    pub reward_display_type: String,
    pub honesty_rating: i16,
    pub respect_rating: i16,
    pub rules_rating: i16,
    pub user_id: Option<Uuid>,
    /// When the child was last changed: orders the changes auth is told of.
    pub updated_at: DateTime<Utc>,
}

pub async fn insert(
    tx: &mut PgConnection,
    id: Uuid,
    organization_id: Uuid,
    first_name: &str,
    last_name: &str,
    details: &ChildDetails,
) -> Result<ChildRow, Error> {
    Ok(sqlx::query_as!(
        ChildRow,
        "INSERT INTO children (id, organization_id, first_name, last_name, name, email, phone,
             date_of_birth, birthday_reward_cents, age_group, ui_theme, reward_display_type)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)
         RETURNING id, organization_id, first_name, last_name, name, email, phone, date_of_birth,
             birthday_reward_cents, age_group, ui_theme, reward_display_type, honesty_rating,
             respect_rating, rules_rating, user_id, updated_at",
        id,
        organization_id,
        first_name,
        last_name,
        details.name,
        details.email,
        details.phone,
        details.date_of_birth,
        details.birthday_reward_cents,
        details.age_group,
        details.ui_theme,
        details.reward_display_type,
    )
    .fetch_one(tx)
    .traced("insert_child")
    .await?)
}

/// A family's name and its children's ids and names, oldest first, in one
/// statement; `None` for a family this service does not have.
pub async fn names_in_family(
    pool: &PgPool,
    organization_id: Uuid,
) -> Result<Option<(String, Vec<(Uuid, String)>)>, Error> {
    let rows = sqlx::query!(
        r#"SELECT o.name AS family_name, c.id AS "child_id?", c.name AS "child_name?"
             FROM organizations o LEFT JOIN children c ON c.organization_id = o.id
            WHERE o.id = $1
            ORDER BY c.created_at, c.id"#,
        organization_id,
    )
    .fetch_all(pool)
    .traced("family_and_child_names")
    .await?;
    let Some(family) = rows.first().map(|r| r.family_name.clone()) else {
        return Ok(None);
    };
    let children = rows
        .into_iter()
        .filter_map(|r| Some((r.child_id?, r.child_name?)))
        .collect();
    Ok(Some((family, children)))
}

/// A family's children, oldest first.
pub async fn in_family(pool: &PgPool, organization_id: Uuid) -> Result<Vec<ChildRow>, Error> {
    Ok(sqlx::query_as!(
        ChildRow,
        "SELECT id, organization_id, first_name, last_name, name, email, phone, date_of_birth,
             birthday_reward_cents, age_group, ui_theme, reward_display_type, honesty_rating,
             respect_rating, rules_rating, user_id, updated_at
         FROM children WHERE organization_id = $1 ORDER BY created_at, id",
        organization_id,
    )
    .fetch_all(pool)
    .traced("children")
    .await?)
}

pub async fn find(
    pool: &PgPool,
    organization_id: Uuid,
    id: Uuid,
) -> Result<Option<ChildRow>, Error> {
    Ok(sqlx::query_as!(
        ChildRow,
        "SELECT id, organization_id, first_name, last_name, name, email, phone, date_of_birth,
             birthday_reward_cents, age_group, ui_theme, reward_display_type, honesty_rating,
             respect_rating, rules_rating, user_id, updated_at
         FROM children WHERE organization_id = $1 AND id = $2",
        organization_id,
        id,
    )
    .fetch_optional(pool)
    .traced("find_child")
    .await?)
}

/// The family `id` belongs to, if any.
pub async fn family_of(pool: &PgPool, id: Uuid) -> Result<Option<Uuid>, Error> {
    Ok(
        sqlx::query_scalar!("SELECT organization_id FROM children WHERE id = $1", id)
            .fetch_optional(pool)
            .traced("child_family")
            .await?,
    )
}

pub async fn count(tx: &mut PgConnection, organization_id: Uuid) -> Result<i64, Error> {
    Ok(sqlx::query_scalar!(
        r#"SELECT count(*) AS "count!" FROM children WHERE organization_id = $1"#,
        organization_id,
    )
    .fetch_one(tx)
    .traced("count_children")
    .await?)
}

/// Serialises adding children within one family, so two parents adding the
/// last allowed child at once cannot both succeed.
pub async fn lock_family(tx: &mut PgConnection, organization_id: Uuid) -> Result<(), Error> {
    sqlx::query!(
        "SELECT pg_advisory_xact_lock(hashtextextended('children:' || $1::uuid::text, 0))",
        organization_id,
    )
    .execute(tx)
    .traced("lock_family_children")
    .await?;
    Ok(())
}

pub async fn update(
    tx: &mut PgConnection,
    organization_id: Uuid,
    id: Uuid,
    details: &ChildDetails,
) -> Result<Option<ChildRow>, Error> {
    Ok(sqlx::query_as!(
        ChildRow,
        "UPDATE children SET name = $3, email = $4, phone = $5, date_of_birth = $6,
             birthday_reward_cents = $7, age_group = $8, ui_theme = $9, reward_display_type = $10,
             -- when the row is written (after any wait for it), and after the
             -- last change: two edits at once are ordered as they are kept
             updated_at = greatest(clock_timestamp(), updated_at + interval '1 microsecond')
         WHERE organization_id = $1 AND id = $2
         RETURNING id, organization_id, first_name, last_name, name, email, phone, date_of_birth,
             birthday_reward_cents, age_group, ui_theme, reward_display_type, honesty_rating,
             respect_rating, rules_rating, user_id, updated_at",
        organization_id,
        id,
        details.name,
        details.email,
        details.phone,
        details.date_of_birth,
        details.birthday_reward_cents,
        details.age_group,
        details.ui_theme,
        details.reward_display_type,
    )
    .fetch_optional(tx)
    .traced("update_child")
    .await?)
}

/// Honesty, respect and rules, in that order.
pub async fn update_ratings(
    conn: &mut PgConnection,
    organization_id: Uuid,
    id: Uuid,
    ratings: [i16; 3],
) -> Result<Option<ChildRow>, Error> {
    Ok(sqlx::query_as!(
        ChildRow,
        "UPDATE children SET honesty_rating = $3, respect_rating = $4, rules_rating = $5,
             -- when the row is written (after any wait for it), and after the
             -- last change: two edits at once are ordered as they are kept
             updated_at = greatest(clock_timestamp(), updated_at + interval '1 microsecond')
         WHERE organization_id = $1 AND id = $2
         RETURNING id, organization_id, first_name, last_name, name, email, phone, date_of_birth,
             birthday_reward_cents, age_group, ui_theme, reward_display_type, honesty_rating,
             respect_rating, rules_rating, user_id, updated_at",
        organization_id,
        id,
        ratings[0],
        ratings[1],
        ratings[2],
    )
    .fetch_optional(conn)
    .traced("update_ratings")
    .await?)
}

/// Deletes a child; false when there was no such child in the family.
pub async fn delete(tx: &mut PgConnection, organization_id: Uuid, id: Uuid) -> Result<bool, Error> {
    let done = sqlx::query!(
        "DELETE FROM children WHERE organization_id = $1 AND id = $2",
        organization_id,
        id,
    )
    .execute(tx)
    .traced("delete_child")
    .await?;
    Ok(done.rows_affected() == 1)
}

/// Records the login a child created by accepting their invitation.
pub async fn link_login(
    tx: &mut PgConnection,
    organization_id: Uuid,
    id: Uuid,
    user_id: Uuid,
) -> Result<(), Error> {
    sqlx::query!(
        "UPDATE children SET user_id = $3 WHERE organization_id = $1 AND id = $2",
        organization_id,
        id,
        user_id,
    )
    .execute(tx)
    .traced("link_login")
    .await?;
    Ok(())
}
