//! Events the auth service consumes.

use chorely_proto::events::v1::{
    ChildCreated, ChildDeleted, ChildUpdated, OrganizationActivationChanged, OrganizationCreated,
    OrganizationPlanChanged, OrganizationUpdated, UserRevoked,
};
use kit::{
    consumer::{EventMeta, Handler},
    outbox,
};
use sqlx::PgConnection;
use uuid::Uuid;

use crate::store::{child_contacts, family_facts, family_zones, invitations, notifications, users};

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
        child_contacts::close(tx, org, child).await?;
        family_facts::forget_child(tx, org, child).await?;
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

/// What auth keeps of families from their events: each family's time zone
/// (for the scheduled mails), name, plan and standing, and its children's
/// names (to describe users and open the family tablet without asking).
/// Each consumer keeps its stream's order; across them, a creation keeps
/// nothing over a later change already kept, and a standing keeps the one
/// decided last.
pub struct FamilyFacts;

impl Handler<OrganizationCreated> for FamilyFacts {
    async fn handle(
        &self,
        tx: &mut PgConnection,
        event: OrganizationCreated,
        _: &EventMeta,
    ) -> anyhow::Result<()> {
        let org = Uuid::parse_str(&event.organization_id)?;
        family_zones::keep(tx, org, kit::time::zone_name(&event.time_zone), false).await?;
        if !event.name.is_empty() {
            family_facts::keep_name(tx, org, &event.name, false).await?;
        }
        Ok(())
    }
}

impl Handler<OrganizationUpdated> for FamilyFacts {
    async fn handle(
        &self,
        tx: &mut PgConnection,
        event: OrganizationUpdated,
        _: &EventMeta,
    ) -> anyhow::Result<()> {
        let org = Uuid::parse_str(&event.organization_id)?;
        family_zones::keep(tx, org, kit::time::zone_name(&event.time_zone), true).await?;
        if !event.name.is_empty() {
            family_facts::keep_name(tx, org, &event.name, true).await?;
        }
        Ok(())
    }
}

impl Handler<OrganizationPlanChanged> for FamilyFacts {
    async fn handle(
        &self,
        tx: &mut PgConnection,
        event: OrganizationPlanChanged,
        _: &EventMeta,
    ) -> anyhow::Result<()> {
        let org = Uuid::parse_str(&event.organization_id)?;
        family_facts::keep_plan(tx, org, &event.plan).await?;
        Ok(())
    }
}

impl Handler<OrganizationActivationChanged> for FamilyFacts {
    async fn handle(
        &self,
        tx: &mut PgConnection,
        event: OrganizationActivationChanged,
        _: &EventMeta,
    ) -> anyhow::Result<()> {
        let org = Uuid::parse_str(&event.organization_id)?;
        let changed_at = event
            .changed_at
            .as_ref()
            .and_then(kit::time::from_proto)
            .unwrap_or_else(chrono::Utc::now);
        family_facts::keep_standing(tx, org, event.is_active, changed_at).await?;
        Ok(())
    }
}

impl Handler<ChildCreated> for FamilyFacts {
    async fn handle(
        &self,
        tx: &mut PgConnection,
        event: ChildCreated,
        _: &EventMeta,
    ) -> anyhow::Result<()> {
        // Events from before children's names travelled with them name no
        // one: the family service is asked for those children instead.
        if !event.name.is_empty() {
            let (org, child) = (
                Uuid::parse_str(&event.organization_id)?,
                Uuid::parse_str(&event.child_id)?,
            );
            family_facts::keep_child_name(tx, org, child, &event.name, false).await?;
        }
        Ok(())
    }
}

impl Handler<ChildUpdated> for FamilyFacts {
    async fn handle(
        &self,
        tx: &mut PgConnection,
        event: ChildUpdated,
        _: &EventMeta,
    ) -> anyhow::Result<()> {
        if !event.name.is_empty() {
            let (org, child) = (
                Uuid::parse_str(&event.organization_id)?,
                Uuid::parse_str(&event.child_id)?,
            );
            family_facts::keep_child_name(tx, org, child, &event.name, true).await?;
        }
        Ok(())
    }
}
