//! Pauses the chores service announced, for streaks.

use chrono::NaiveDate;
use kit::db::Traced;
use sqlx::PgConnection;
use uuid::Uuid;

use crate::error::Error;

pub struct KeptPause {
    pub pause_id: Uuid,
    pub org: Uuid,
    pub child: Option<Uuid>,
    pub starts_on: NaiveDate,
    pub ends_on: NaiveDate,
    pub removed: bool,
    pub revision: i64,
}

/// Keeps a pause's state unless one of a higher revision is already kept.
pub async fn keep(tx: &mut PgConnection, p: &KeptPause) -> Result<(), Error> {
    sqlx::query!(
        "INSERT INTO pauses (pause_id, organization_id, child_id, starts_on, ends_on, removed,
            revision)
         VALUES ($1, $2, $3, $4, $5, $6, $7)
         ON CONFLICT (pause_id) DO UPDATE SET
            starts_on = EXCLUDED.starts_on, ends_on = EXCLUDED.ends_on,
            removed = EXCLUDED.removed, revision = EXCLUDED.revision
         WHERE pauses.revision < EXCLUDED.revision",
        p.pause_id,
        p.org,
        p.child,
        p.starts_on,
        p.ends_on,
        p.removed,
        p.revision,
    )
    .execute(tx)
    .traced("keep_pause")
    .await?;
    Ok(())
}
