//! Pauses of the whole family or of one child.

use chrono::NaiveDate;
use kit::db::Traced;
use sqlx::{PgConnection, PgPool};
use uuid::Uuid;

use crate::{
    error::Error,
    pause::{Pause, Pauses},
};

#[derive(Debug, Clone)]
pub struct PauseRow {
    pub id: Uuid,
    pub organization_id: Uuid,
    pub child_id: Option<Uuid>,
    pub starts_on: NaiveDate,
    pub ends_on: NaiveDate,
    pub reason: String,
    pub revision: i64,
}

impl PauseRow {
    pub fn pause(&self) -> Pause {
        Pause {
            child: self.child_id,
            from: self.starts_on,
            to: self.ends_on,
        }
    }
}

pub struct NewPause<'a> {
    pub id: Uuid,
    pub org: Uuid,
    pub child: Option<Uuid>,
    pub from: NaiveDate,
    pub to: NaiveDate,
    pub reason: &'a str,
    pub by: Uuid,
}

pub async fn insert(tx: &mut PgConnection, p: &NewPause<'_>) -> Result<PauseRow, Error> {
    Ok(sqlx::query_as!(
        PauseRow,
        "INSERT INTO pauses (id, organization_id, child_id, starts_on, ends_on, reason, created_by)
         VALUES ($1, $2, $3, $4, $5, $6, $7)
         RETURNING id, organization_id, child_id, starts_on, ends_on, reason, revision",
        p.id,
        p.org,
        p.child,
        p.from,
        p.to,
        p.reason,
        p.by,
    )
    .fetch_one(tx)
    .traced("insert_pause")
    .await?)
}

/// The pauses of one child (`Some`) or of the whole family (`None`), the
/// latest first.
pub async fn list(pool: &PgPool, org: Uuid, child: Option<Uuid>) -> Result<Vec<PauseRow>, Error> {
    Ok(sqlx::query_as!(
        PauseRow,
        "SELECT id, organization_id, child_id, starts_on, ends_on, reason, revision
         FROM pauses
         WHERE organization_id = $1 AND child_id IS NOT DISTINCT FROM $2
         ORDER BY starts_on DESC, created_at DESC",
        org,
        child,
    )
    .fetch_all(pool)
    .traced("list_pauses")
    .await?)
}

/// The family's pauses (its own and its children's) that end on `from` or later.
pub async fn of_family(
    db: impl sqlx::PgExecutor<'_>,
    org: Uuid,
    from: NaiveDate,
) -> Result<Pauses, Error> {
    let rows = sqlx::query!(
        "SELECT child_id, starts_on, ends_on FROM pauses
         WHERE organization_id = $1 AND ends_on >= $2",
        org,
        from,
    )
    .fetch_all(db)
    .traced("family_pauses")
    .await?;
    Ok(Pauses(
        rows.into_iter()
            .map(|r| Pause {
                child: r.child_id,
                from: r.starts_on,
                to: r.ends_on,
            })
            .collect(),
    ))
}

/// A pause of the family, locked until the transaction ends.
pub async fn lock(tx: &mut PgConnection, org: Uuid, id: Uuid) -> Result<Option<PauseRow>, Error> {
    Ok(sqlx::query_as!(
        PauseRow,
        "SELECT id, organization_id, child_id, starts_on, ends_on, reason, revision
         FROM pauses WHERE organization_id = $1 AND id = $2 FOR UPDATE",
        org,
        id,
    )
    .fetch_optional(tx)
    .traced("lock_pause")
    .await?)
}

/// Ends a pause on `to`; answers its new revision.
pub async fn end_on(tx: &mut PgConnection, id: Uuid, to: NaiveDate) -> Result<i64, Error> {
    Ok(sqlx::query_scalar!(
        "UPDATE pauses SET ends_on = $2, revision = revision + 1 WHERE id = $1
         RETURNING revision",
        id,
        to,
    )
    .fetch_one(tx)
    .traced("end_pause")
    .await?)
}

pub async fn delete(tx: &mut PgConnection, id: Uuid) -> Result<(), Error> {
    sqlx::query!("DELETE FROM pauses WHERE id = $1", id)
        .execute(tx)
        .traced("delete_pause")
        .await?;
    Ok(())
}

/// A deleted child's pauses go with them.
pub async fn delete_for_child(tx: &mut PgConnection, org: Uuid, child: Uuid) -> Result<(), Error> {
    sqlx::query!(
        "DELETE FROM pauses WHERE organization_id = $1 AND child_id = $2",
        org,
        child,
    )
    .execute(tx)
    .traced("delete_child_pauses")
    .await?;
    Ok(())
}
