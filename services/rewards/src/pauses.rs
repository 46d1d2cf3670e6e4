//! Pauses, kept from the chores service's announcements: a paused day
//! neither grows nor breaks a child's streak ([`crate::multipliers::streak_paused`]).

use chorely_proto::events::v1::PauseChanged;
use chrono::NaiveDate;
use kit::consumer::{EventMeta, Handler};
use sqlx::PgConnection;
use uuid::Uuid;

use crate::store::pauses::{self, KeptPause};

/// Keeps each pause at its highest revision, whatever order they arrive in.
pub struct KeepPauses;

fn day(raw: &str) -> anyhow::Result<NaiveDate> {
    Ok(NaiveDate::parse_from_str(raw, "%Y-%m-%d")?)
}

impl Handler<PauseChanged> for KeepPauses {
    async fn handle(
        &self,
        tx: &mut PgConnection,
        e: PauseChanged,
        _: &EventMeta,
    ) -> anyhow::Result<()> {
        let child = match e.child_id.as_str() {
            "" => None,
            id => Some(Uuid::parse_str(id)?),
        };
        pauses::keep(
            tx,
            &KeptPause {
                pause_id: Uuid::parse_str(&e.pause_id)?,
                org: Uuid::parse_str(&e.organization_id)?,
                child,
                starts_on: day(&e.starts_on)?,
                ends_on: day(&e.ends_on)?,
                removed: e.removed,
                revision: e.revision,
            },
        )
        .await?;
        Ok(())
    }
}
