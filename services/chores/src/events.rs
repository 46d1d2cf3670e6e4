//! Events the chores service consumes.

use chorely_proto::events::v1::ChildDeleted;
use kit::consumer::{EventMeta, Handler};
use sqlx::PgConnection;
use uuid::Uuid;

use crate::{storage::Storage, store::submissions};

/// A deleted child's submissions and photos go with them.
pub struct ChildDeletedHandler {
    pub storage: Storage,
}

impl Handler<ChildDeleted> for ChildDeletedHandler {
    async fn handle(
        &self,
        tx: &mut PgConnection,
        event: ChildDeleted,
        _: &EventMeta,
    ) -> anyhow::Result<()> {
        let org = Uuid::parse_str(&event.organization_id)?;
        let child = Uuid::parse_str(&event.child_id)?;
        let keys = submissions::delete_for_child(tx, org, child).await?;
        // Photos first: if the store fails, the rows come back with the
        // rolled-back transaction and the event is handled again.
        for key in keys {
            self.storage.delete(&key).await?;
        }
        Ok(())
    }
}
