//! Reminders before a chore is due, once per child, chore and due date,
//! and when the job next has to look at each family (the table's triggers
//! mark a family to look at again when a chore's schedule or the family's
//! time zone changes).

use chrono::{DateTime, NaiveDate, Utc};
use kit::db::Traced;
use sqlx::{PgConnection, PgPool};
use uuid::Uuid;

use crate::error::Error;

/// A family whose reminders are to be worked out now.
pub struct FamilyDue {
    pub organization_id: Uuid,
    pub time_zone: String,
}

/// The families to look at `now`: marked stale, or with a reminder due.
pub async fn families_due(pool: &PgPool, now: DateTime<Utc>) -> Result<Vec<FamilyDue>, Error> {
    Ok(sqlx::query_as!(
        FamilyDue,
        "SELECT f.organization_id, f.time_zone
         FROM families f
         JOIN (SELECT organization_id FROM reminder_looks WHERE stale
               UNION
               SELECT organization_id FROM reminder_looks WHERE next_at <= $1) r
           USING (organization_id)",
        now,
    )
    .fetch_all(pool)
    .traced("reminder_families_due")
    .await?)
}

/// Where the family's look stands, with its row locked until the
/// transaction ends (another replica looking at the same family waits).
pub struct LookState {
    pub next_at: Option<DateTime<Utc>>,
    pub stale: bool,
}

pub async fn lock(tx: &mut PgConnection, org: Uuid) -> Result<Option<LookState>, Error> {
    Ok(sqlx::query_as!(
        LookState,
        "SELECT next_at, stale FROM reminder_looks WHERE organization_id = $1 FOR UPDATE",
        org,
    )
    .fetch_optional(tx)
    .traced("lock_reminder_look")
    .await?)
}

/// The family's next look: at `next_at`, or never until a change marks it.
pub async fn set_next(
    tx: &mut PgConnection,
    org: Uuid,
    next_at: Option<DateTime<Utc>>,
) -> Result<(), Error> {
    sqlx::query!(
        "UPDATE reminder_looks SET next_at = $2, stale = false WHERE organization_id = $1",
        org,
        next_at,
    )
    .execute(tx)
    .traced("set_reminder_look")
    .await?;
    Ok(())
}

pub struct NewReminder {
    pub org: Uuid,
    pub chore: Uuid,
    pub child: Uuid,
    pub due_on: NaiveDate,
    pub due_at: DateTime<Utc>,
}

/// Records a reminder; `None` when it was already sent.
pub async fn insert(tx: &mut PgConnection, r: &NewReminder) -> Result<Option<Uuid>, Error> {
    Ok(sqlx::query_scalar!(
        "INSERT INTO chore_reminders (id, organization_id, chore_id, child_id, due_on, due_at)
         VALUES ($1, $2, $3, $4, $5, $6)
         ON CONFLICT (chore_id, child_id, due_on) DO NOTHING
         RETURNING id",
        Uuid::now_v7(),
        r.org,
        r.chore,
        r.child,
        r.due_on,
        r.due_at,
    )
    .fetch_optional(tx)
    .traced("insert_reminder")
    .await?)
}

/// A deleted child's reminders go with them.
pub async fn delete_for_child(tx: &mut PgConnection, org: Uuid, child: Uuid) -> Result<(), Error> {
    sqlx::query!(
        "DELETE FROM chore_reminders WHERE organization_id = $1 AND child_id = $2",
        org,
        child,
    )
    .execute(tx)
    .traced("delete_child_reminders")
    .await?;
    Ok(())
}
