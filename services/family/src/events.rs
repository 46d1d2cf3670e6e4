//! Events the family service consumes.

use chorely_proto::events::v1::UserRegistered;
use kit::consumer::{EventMeta, Handler};
use sqlx::PgConnection;
use uuid::Uuid;

use crate::store;

/// A child who accepted their invitation now has a login.
pub struct ChildLoginHandler;

impl Handler<UserRegistered> for ChildLoginHandler {
    async fn handle(
        &self,
        tx: &mut PgConnection,
        event: UserRegistered,
        _: &EventMeta,
    ) -> anyhow::Result<()> {
        if event.child_id.is_empty() {
            return Ok(());
        }
        let org = Uuid::parse_str(&event.organization_id)?;
        let child = Uuid::parse_str(&event.child_id)?;
        let user = Uuid::parse_str(&event.user_id)?;
        store::children::link_login(tx, org, child, user).await?;
        Ok(())
    }
}
