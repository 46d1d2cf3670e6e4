//! Events the family service consumes.

use chorely_proto::events::v1::{FamilyRegistered, UserRegistered};
use kit::consumer::{EventMeta, Handler};
use sqlx::PgConnection;
use uuid::Uuid;

use crate::{domain, families, store};

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

/// A family signed up through auth, which kept its first parent and asked
/// for the family: made here, with auth's id, should that call not have.
pub struct FamilyRegisteredHandler;

impl Handler<FamilyRegistered> for FamilyRegisteredHandler {
    async fn handle(
        &self,
        tx: &mut PgConnection,
        event: FamilyRegistered,
        _: &EventMeta,
    ) -> anyhow::Result<()> {
        let id = Uuid::parse_str(&event.organization_id)?;
        // Auth had both checked here before it kept the parent.
        let (Ok(name), Ok(time_zone)) = (
            domain::family_name(&event.name),
            domain::time_zone(&event.time_zone),
        ) else {
            tracing::error!(family = %id, "a signed-up family's name or zone is refused");
            return Ok(());
        };
        families::create_in(tx, id, &name, &time_zone).await?;
        Ok(())
    }
}
