//! The family's children as the family service announced them, or as it
//! answered a member: who "every child" is when a chore is missed.

use chrono::{DateTime, Utc};
use kit::db::Traced;
use sqlx::{PgConnection, PgPool};
use uuid::Uuid;

use crate::error::Error;

/// Remembers a child known since `at`; an earlier knowledge or a deletion stays.
pub async fn learn(
    conn: &mut PgConnection,
    org: Uuid,
    child: Uuid,
    at: DateTime<Utc>,
) -> Result<(), Error> {
    sqlx::query!(
        "INSERT INTO children (child_id, organization_id, known_since) VALUES ($1, $2, $3)
         ON CONFLICT (child_id) DO NOTHING",
        child,
        org,
        at,
    )
    .execute(conn)
    .traced("learn_child")
    .await?;
    Ok(())
}

/// Every child of the family a member was told of, in one statement.
pub async fn learn_all(
    pool: &PgPool,
    org: Uuid,
    children: &[Uuid],
    at: DateTime<Utc>,
) -> Result<(), Error> {
    sqlx::query!(
        "INSERT INTO children (child_id, organization_id, known_since)
         SELECT id, $2, $3 FROM unnest($1::uuid[]) AS id
         ON CONFLICT (child_id) DO NOTHING",
        children,
        org,
        at,
    )
    .execute(pool)
    .traced("learn_children")
    .await?;
    Ok(())
}

/// Leaves a tombstone, so a late announcement cannot bring the child back.
pub async fn mark_deleted(
    conn: &mut PgConnection,
    org: Uuid,
    child: Uuid,
    at: DateTime<Utc>,
) -> Result<(), Error> {
    sqlx::query!(
        "INSERT INTO children (child_id, organization_id, known_since, deleted_at)
         VALUES ($1, $2, $3, $3)
         ON CONFLICT (child_id) DO UPDATE
         SET deleted_at = coalesce(children.deleted_at, EXCLUDED.deleted_at)",
        child,
        org,
        at,
    )
    .execute(conn)
    .traced("mark_child_deleted")
    .await?;
    Ok(())
}

/// A child of the family, not deleted, and since when it is known.
pub struct KnownChild {
    pub child_id: Uuid,
    pub known_since: DateTime<Utc>,
}

/// The family's children that are not deleted.
pub async fn of_family(conn: &mut PgConnection, org: Uuid) -> Result<Vec<KnownChild>, Error> {
    Ok(sqlx::query_as!(
        KnownChild,
        "SELECT child_id, known_since FROM children
         WHERE organization_id = $1 AND deleted_at IS NULL",
        org,
    )
    .fetch_all(conn)
    .traced("family_children")
    .await?)
}
