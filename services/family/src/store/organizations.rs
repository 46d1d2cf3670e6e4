//! Families: name, slug and time zone.

use chrono::{DateTime, Utc};
use kit::db::Traced;
use sqlx::PgConnection;
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

/// Inserts a family with id `id`, unless the id or the slug is taken.
pub async fn insert(
    tx: &mut PgConnection,
    id: Uuid,
    name: &str,
    slug: &str,
    time_zone: &str,
) -> Result<Inserted, Error> {
    // A savepoint: a taken id or slug must not end the caller's transaction.
    let mut attempt = sqlx::Connection::begin(&mut *tx).await?;
    let made = sqlx::query_as!(
        OrganizationRow,
        "INSERT INTO organizations (id, name, slug, time_zone) VALUES ($1, $2, $3, $4)
         RETURNING id, name, slug, time_zone, created_at",
        id,
        name,
        slug,
        time_zone,
    )
    .fetch_one(&mut *attempt)
    .traced("insert_organization")
    .await;
    match made {
        Ok(org) => {
            attempt.commit().await?;
            Ok(Inserted::Made(org))
        }
        Err(err) => {
            let taken = match kit::db::violated_constraint(&err) {
                Some("organizations_pkey") => Inserted::IdTaken,
                Some("organizations_slug_key") => Inserted::SlugTaken,
                _ => return Err(err.into()),
            };
            attempt.rollback().await?;
            Ok(taken)
        }
    }
}

/// What inserting a family came to.
pub enum Inserted {
    Made(OrganizationRow),
    /// Another family has the slug: try another.
    SlugTaken,
    /// The family with this id was made meanwhile.
    IdTaken,
}

pub async fn find(
    db: impl sqlx::PgExecutor<'_>,
    id: Uuid,
) -> Result<Option<OrganizationRow>, Error> {
    Ok(sqlx::query_as!(
        OrganizationRow,
        "SELECT id, name, slug, time_zone, created_at FROM organizations WHERE id = $1",
        id,
    )
    .fetch_optional(db)
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
