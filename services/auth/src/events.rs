//! Events the auth service consumes.

use chorely_proto::events::v1::{
    ChildDeleted, OrganizationCreated, OrganizationUpdated, UserRevoked,
};
use kit::{
    consumer::{EventMeta, Handler},
    outbox,
};
use sqlx::PgConnection;
use uuid::Uuid;

use crate::store::{family_zones, invitations, notifications, users};

/// A deleted child loses its login and invitations, and its tokens.
pub struct ChildDeletedHandler;

impl Handler<ChildDeleted> for ChildDeletedHandler {
    async fn handle(
        &self,
        tx: &mut PgConnection,
        event: ChildDeleted,
        _: &EventMeta,
    ) -> anyhow::Result<()> {
        let org = Uuid::parse_str(&event.organization_id)?;
        let child = Uuid::parse_str(&event.child_id)?;
        let now = chrono::Utc::now();
        invitations::delete_for_child(tx, org, child).await?;
        notifications::forget_child(tx, org, child).await?;
        for user in users::delete_child_logins(tx, org, child).await? {
            outbox::enqueue(
                tx,
                &UserRevoked {
                    user_id: user.to_string(),
                    organization_id: org.to_string(),
                    revoked_at: Some(kit::time::to_proto(now)),
                    sessions_only: false,
                },
            )
            .await?;
        }
        Ok(())
    }
}

/// Families' time zones, for the scheduled mails: a creation keeps the zone
/// unless a later change came first; a change replaces it.
pub struct ZonesHandler;

impl Handler<OrganizationCreated> for ZonesHandler {
    async fn handle(
        &self,
        tx: &mut PgConnection,
        event: OrganizationCreated,
        _: &EventMeta,
    ) -> anyhow::Result<()> {
        let org = Uuid::parse_str(&event.organization_id)?;
        family_zones::keep(tx, org, kit::time::zone_name(&event.time_zone), false).await?;
        Ok(())
    }
}

impl Handler<OrganizationUpdated> for ZonesHandler {
    async fn handle(
        &self,
        tx: &mut PgConnection,
        event: OrganizationUpdated,
        _: &EventMeta,
    ) -> anyhow::Result<()> {
        let org = Uuid::parse_str(&event.organization_id)?;
        family_zones::keep(tx, org, kit::time::zone_name(&event.time_zone), true).await?;
        Ok(())
    }
}
