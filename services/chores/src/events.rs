//! Events the chores service consumes.

use chorely_proto::events::v1::{
    ChildCreated, ChildDeleted, ChildNamed, ChildUpdated, OrganizationActivationChanged,
    OrganizationCreated, OrganizationUpdated, UserRevoked,
};
use kit::{
    clock::Clock,
    consumer::{EventMeta, Handler},
};
use sqlx::PgConnection;
use uuid::Uuid;

use crate::{
    catalogue,
    storage::Storage,
    store::{
        assignments, children, chores, families, feeds, missed, pauses, reminders, submissions,
        turns,
    },
};

/// Families' time zones, for the calendar of days, months and availability.
pub struct Families;

impl Handler<OrganizationCreated> for Families {
    async fn handle(
        &self,
        tx: &mut PgConnection,
        event: OrganizationCreated,
        _: &EventMeta,
    ) -> anyhow::Result<()> {
        announce(tx, &event.organization_id, &event.time_zone).await
    }
}

impl Handler<OrganizationUpdated> for Families {
    async fn handle(
        &self,
        tx: &mut PgConnection,
        event: OrganizationUpdated,
        _: &EventMeta,
    ) -> anyhow::Result<()> {
        announce(tx, &event.organization_id, &event.time_zone).await
    }
}

async fn announce(tx: &mut PgConnection, org: &str, tz: &str) -> anyhow::Result<()> {
    let org = Uuid::parse_str(org)?;
    families::announce(tx, org, kit::time::zone_name(tz)).await?;
    Ok(())
}

/// The family's children, for chores every child must do (who missed one),
/// with their names and birthdays (calendar feeds).
pub struct Children {
    pub clock: Clock,
}

async fn describe(
    tx: &mut PgConnection,
    (org, child): (&str, &str),
    name: &str,
    born: &str,
    created: bool,
    at: chrono::DateTime<chrono::Utc>,
) -> anyhow::Result<()> {
    let org = Uuid::parse_str(org)?;
    let child = Uuid::parse_str(child)?;
    let details = children::Details {
        name,
        date_of_birth: chrono::NaiveDate::parse_from_str(born, "%Y-%m-%d").ok(),
    };
    children::describe(tx, org, child, &details, created, at).await?;
    Ok(())
}

impl Handler<ChildCreated> for Children {
    async fn handle(
        &self,
        tx: &mut PgConnection,
        event: ChildCreated,
        _: &EventMeta,
    ) -> anyhow::Result<()> {
        let ids = (event.organization_id.as_str(), event.child_id.as_str());
        describe(
            tx,
            ids,
            &event.name,
            &event.date_of_birth,
            true,
            self.clock.now(),
        )
        .await
    }
}

impl Handler<ChildUpdated> for Children {
    async fn handle(
        &self,
        tx: &mut PgConnection,
        event: ChildUpdated,
        _: &EventMeta,
    ) -> anyhow::Result<()> {
        let ids = (event.organization_id.as_str(), event.child_id.as_str());
        describe(
            tx,
            ids,
            &event.name,
            &event.date_of_birth,
            false,
            self.clock.now(),
        )
        .await?;
        // The lists kept elsewhere (a gateway's submission lists) name the
        // child as this service does: the family's own event may reach them
        // before this copy changed, so they hear again once it has.
        kit::outbox::enqueue(
            tx,
            &ChildNamed {
                organization_id: event.organization_id,
                child_id: event.child_id,
            },
        )
        .await?;
        Ok(())
    }
}

/// A deactivated or deleted login's calendar feeds stop working for good
/// (a member reactivated makes a new one); a reset password ends sessions,
/// not feeds.
pub struct RevokedUsers;

impl Handler<UserRevoked> for RevokedUsers {
    async fn handle(
        &self,
        tx: &mut PgConnection,
        event: UserRevoked,
        _: &EventMeta,
    ) -> anyhow::Result<()> {
        if !event.sessions_only {
            feeds::delete_for_user(tx, Uuid::parse_str(&event.user_id)?).await?;
        }
        Ok(())
    }
}

/// A suspended family's feeds answer as unknown until it is activated.
pub struct Activation {
    /// When the change is taken to have happened if its event does not say.
    pub clock: Clock,
}

impl Handler<OrganizationActivationChanged> for Activation {
    async fn handle(
        &self,
        tx: &mut PgConnection,
        event: OrganizationActivationChanged,
        _: &EventMeta,
    ) -> anyhow::Result<()> {
        let org = Uuid::parse_str(&event.organization_id)?;
        let at = event
            .changed_at
            .as_ref()
            .and_then(kit::time::from_proto)
            .unwrap_or_else(|| self.clock.now());
        families::set_suspended(tx, org, !event.is_active, at).await?;
        Ok(())
    }
}

/// A deleted child's submissions, misses and photos go with them, and they
/// leave the chores assigned to them (a chore that was only theirs is retired).
pub struct ChildDeletedHandler {
    pub storage: Storage,
    pub clock: Clock,
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
        turns::forget_child(tx, org, child).await?;
        assignments::forget_child(tx, org, child).await?;
        missed::delete_for_child(tx, org, child).await?;
        reminders::delete_for_child(tx, org, child).await?;
        pauses::delete_for_child(tx, org, child).await?;
        feeds::delete_for_child(tx, org, child).await?;
        children::mark_deleted(tx, org, child, self.clock.now()).await?;
        // Counts announced in the order they were made.
        chores::lock_family(tx, org).await?;
        if chores::forget_child(tx, org, child).await? > 0 {
            catalogue::announce_count(tx, org).await?;
        }
        catalogue::announce_change(tx, org).await?;
        // Photos first: if the store fails, the rows come back with the
        // rolled-back transaction and the event is handled again.
        for key in keys {
            self.storage.delete(&key).await?;
        }
        Ok(())
    }
}
