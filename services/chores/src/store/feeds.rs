//! Calendar feeds: who made each, whose chores it shows, and the hash of
//! its token.

use chrono::{DateTime, Utc};
use kit::db::Traced;
use sqlx::{PgConnection, PgPool};
use uuid::Uuid;

use crate::error::Error;

#[derive(Debug, Clone)]
pub struct FeedRow {
    pub id: Uuid,
    pub organization_id: Uuid,
    pub user_id: Uuid,
    /// The child whose chores it shows; none for a parent's (every child).
    pub child_id: Option<Uuid>,
    pub created_at: DateTime<Utc>,
    pub last_used_at: Option<DateTime<Utc>>,
}

pub struct NewFeed<'a> {
    pub id: Uuid,
    pub org: Uuid,
    pub user: Uuid,
    pub child: Option<Uuid>,
    pub token_sha256: &'a [u8],
    pub at: DateTime<Utc>,
}

pub async fn insert(tx: &mut PgConnection, f: &NewFeed<'_>) -> Result<FeedRow, Error> {
    Ok(sqlx::query_as!(
        FeedRow,
        "INSERT INTO calendar_feeds (id, organization_id, user_id, child_id, token_sha256, created_at)
         VALUES ($1, $2, $3, $4, $5, $6)
         RETURNING id, organization_id, user_id, child_id, created_at, last_used_at",
        f.id,
        f.org,
        f.user,
        f.child,
        f.token_sha256,
        f.at,
    )
    .fetch_one(tx)
    .traced("insert_calendar_feed")
    .await?)
}

/// Serialises feed creation of one user, so the limit holds for requests
/// sent at once.
pub async fn lock_user(tx: &mut PgConnection, user: Uuid) -> Result<(), Error> {
    sqlx::query!(
        "SELECT pg_advisory_xact_lock(hashtextextended('feeds:' || $1::uuid::text, 0))",
        user,
    )
    .execute(tx)
    .traced("lock_user_feeds")
    .await?;
    Ok(())
}

/// The user's feeds, newest first.
pub async fn of_user(
    conn: &mut PgConnection,
    org: Uuid,
    user: Uuid,
) -> Result<Vec<FeedRow>, Error> {
    Ok(sqlx::query_as!(
        FeedRow,
        "SELECT id, organization_id, user_id, child_id, created_at, last_used_at
         FROM calendar_feeds WHERE organization_id = $1 AND user_id = $2
         ORDER BY created_at DESC, id DESC",
        org,
        user,
    )
    .fetch_all(conn)
    .traced("user_calendar_feeds")
    .await?)
}

/// Every feed of the family, newest first (a parent sees and removes them all).
pub async fn of_family(conn: &mut PgConnection, org: Uuid) -> Result<Vec<FeedRow>, Error> {
    Ok(sqlx::query_as!(
        FeedRow,
        "SELECT id, organization_id, user_id, child_id, created_at, last_used_at
         FROM calendar_feeds WHERE organization_id = $1
         ORDER BY created_at DESC, id DESC",
        org,
    )
    .fetch_all(conn)
    .traced("family_calendar_feeds")
    .await?)
}

/// Removes any feed of the family; `false` when it has no such feed.
pub async fn delete_in_family(pool: &PgPool, org: Uuid, id: Uuid) -> Result<bool, Error> {
    let done = sqlx::query!(
        "DELETE FROM calendar_feeds WHERE organization_id = $1 AND id = $2",
        org,
        id,
    )
    .execute(pool)
    .traced("delete_family_calendar_feed")
    .await?;
    Ok(done.rows_affected() == 1)
}

/// Removes one of the user's feeds; `false` when they have no such feed.
pub async fn delete(pool: &PgPool, org: Uuid, user: Uuid, id: Uuid) -> Result<bool, Error> {
    let done = sqlx::query!(
        "DELETE FROM calendar_feeds WHERE organization_id = $1 AND user_id = $2 AND id = $3",
        org,
        user,
        id,
    )
    .execute(pool)
    .traced("delete_calendar_feed")
    .await?;
    Ok(done.rows_affected() == 1)
}

/// The feed a token's hash opens, in any family (run across families: the
/// token names the family), unless its family is suspended. Marks it used.
pub async fn open(
    pool: &PgPool,
    token_sha256: &[u8],
    at: DateTime<Utc>,
) -> Result<Option<FeedRow>, Error> {
    Ok(sqlx::query_as!(
        FeedRow,
        "UPDATE calendar_feeds f SET last_used_at = $2
         WHERE f.token_sha256 = $1
           AND NOT EXISTS (SELECT FROM families s
                           WHERE s.organization_id = f.organization_id AND s.suspended)
         RETURNING f.id, f.organization_id, f.user_id, f.child_id, f.created_at, f.last_used_at",
        token_sha256,
        at,
    )
    .fetch_optional(pool)
    .traced("open_calendar_feed")
    .await?)
}

/// Removes every feed of a user whose login was deactivated or deleted.
pub async fn delete_for_user(tx: &mut PgConnection, user: Uuid) -> Result<(), Error> {
    sqlx::query!("DELETE FROM calendar_feeds WHERE user_id = $1", user)
        .execute(tx)
        .traced("delete_user_calendar_feeds")
        .await?;
    Ok(())
}

/// Removes every feed of a deleted child (theirs, and nothing of theirs in
/// their parents' feeds, which list the children still known).
pub async fn delete_for_child(tx: &mut PgConnection, org: Uuid, child: Uuid) -> Result<(), Error> {
    sqlx::query!(
        "DELETE FROM calendar_feeds WHERE organization_id = $1 AND child_id = $2",
        org,
        child,
    )
    .execute(tx)
    .traced("delete_child_calendar_feeds")
    .await?;
    Ok(())
}

/// Each active chore's revision and last change, for SEQUENCE and DTSTAMP.
pub struct ChoreVersion {
    pub id: Uuid,
    pub revision: i32,
    pub updated_at: DateTime<Utc>,
}

pub async fn chore_versions(pool: &PgPool, org: Uuid) -> Result<Vec<ChoreVersion>, Error> {
    Ok(sqlx::query_as!(
        ChoreVersion,
        "SELECT id, revision, updated_at FROM chores WHERE organization_id = $1 AND is_active",
        org,
    )
    .fetch_all(pool)
    .traced("chore_versions")
    .await?)
}
