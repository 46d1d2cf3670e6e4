//! Children in the directory: ids and their family only, to be counted.

use kit::db::Traced;
use sqlx::PgConnection;
use uuid::Uuid;

use crate::error::Error;

/// Counts a new child, unless its deletion was seen first.
pub async fn add(tx: &mut PgConnection, org: Uuid, id: Uuid) -> Result<(), Error> {
    sqlx::query!(
        "INSERT INTO children (id, organization_id) VALUES ($1, $2) ON CONFLICT DO NOTHING",
        id,
        org,
    )
    .execute(tx)
    .traced("add_child")
    .await?;
    Ok(())
}

/// Marks a child deleted; the tombstone keeps a late `child_created` out.
pub async fn remove(tx: &mut PgConnection, org: Uuid, id: Uuid) -> Result<(), Error> {
    sqlx::query!(
        "INSERT INTO children (id, organization_id, deleted_at) VALUES ($1, $2, now())
         ON CONFLICT (id) DO UPDATE SET deleted_at = coalesce(children.deleted_at, now())",
        id,
        org,
    )
    .execute(tx)
    .traced("remove_child")
    .await?;
    Ok(())
}
