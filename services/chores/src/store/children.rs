//! The family's children as the family service announced them, or as it
//! answered a member: who "every child" is when a chore is missed.

use chrono::{DateTime, Utc};
use kit::db::Traced;
use sqlx::{PgConnection, PgPool};
use uuid::Uuid;

use crate::error::Error;

/// Every child of the family a member was told of, in one statement.
pub async fn learn_all(
    db: impl sqlx::PgExecutor<'_>,
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
    .execute(db)
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

/// What the family service announced of a child: their name and birthday.
/// A creation fills in only what no update said before it (the two travel
/// on different subjects); an update replaces both, and a change moves the
/// child's revision on (a feed's SEQUENCE of their birthday).
pub async fn describe(
    conn: &mut PgConnection,
    org: Uuid,
    child: Uuid,
    details: &Details<'_>,
    created: bool,
    at: DateTime<Utc>,
) -> Result<(), Error> {
    sqlx::query!(
        "INSERT INTO children (child_id, organization_id, known_since, name, date_of_birth, details_at)
         VALUES ($1, $2, $6, $3, $4, $6)
         ON CONFLICT (child_id) DO UPDATE SET
            name = CASE WHEN $5 AND children.details_at IS NOT NULL THEN children.name
                        ELSE EXCLUDED.name END,
            date_of_birth = CASE WHEN $5 AND children.details_at IS NOT NULL
                                 THEN children.date_of_birth ELSE EXCLUDED.date_of_birth END,
            revision = children.revision + CASE
                WHEN $5 AND children.details_at IS NOT NULL THEN 0
                WHEN children.name IS DISTINCT FROM EXCLUDED.name
                  OR children.date_of_birth IS DISTINCT FROM EXCLUDED.date_of_birth THEN 1
                ELSE 0 END,
            details_at = CASE WHEN $5 AND children.details_at IS NOT NULL
                              THEN children.details_at ELSE EXCLUDED.details_at END",
        child,
        org,
        details.name,
        details.date_of_birth,
        created,
        at,
    )
    .execute(conn)
    .traced("describe_child")
    .await?;
    Ok(())
}

/// A child's name and birthday, as announced.
pub struct Details<'a> {
    pub name: &'a str,
    pub date_of_birth: Option<chrono::NaiveDate>,
}

/// Names the family service answered a member with, for children no
/// announcement has named yet (those added before names were announced).
pub async fn learn_names(pool: &PgPool, org: Uuid, names: &[(Uuid, String)]) -> Result<(), Error> {
    let (ids, names): (Vec<Uuid>, Vec<String>) = names.iter().cloned().unzip();
    sqlx::query!(
        "UPDATE children c SET name = n.name
         FROM unnest($2::uuid[], $3::text[]) AS n (id, name)
         WHERE c.organization_id = $1 AND c.child_id = n.id AND c.name IS NULL",
        org,
        &ids,
        &names,
    )
    .execute(pool)
    .traced("learn_child_names")
    .await?;
    Ok(())
}

/// Children the family service answered a member with, with their names:
/// known from `at` if they were not ([`learn_all`]), named if no
/// announcement has named them yet ([`learn_names`]).
pub async fn learn_named(
    pool: &PgPool,
    org: Uuid,
    named: &[(Uuid, String)],
    at: DateTime<Utc>,
) -> Result<(), Error> {
    let ids: Vec<Uuid> = named.iter().map(|(id, _)| *id).collect();
    learn_all(pool, org, &ids, at).await?;
    learn_names(pool, org, named).await
}

/// A child of a calendar feed: name, birthday and when those last changed.
pub struct FeedChild {
    pub child_id: Uuid,
    pub name: Option<String>,
    pub date_of_birth: Option<chrono::NaiveDate>,
    pub revision: i32,
    pub details_at: Option<DateTime<Utc>>,
}

/// The family's children not deleted, oldest known first.
pub async fn described(pool: &PgPool, org: Uuid) -> Result<Vec<FeedChild>, Error> {
    Ok(sqlx::query_as!(
        FeedChild,
        "SELECT child_id, name, date_of_birth, revision, details_at FROM children
         WHERE organization_id = $1 AND deleted_at IS NULL
         ORDER BY known_since, child_id",
        org,
    )
    .fetch_all(pool)
    .traced("described_children")
    .await?)
}
