//! Events the platform consumes to keep its directory. It never reads another
//! service's database; what it knows of families, users, children and chores
//! comes from here (and never a child's name, birthday or photo).

use chorely_proto::events::v1::{
    ChildCreated, ChildDeleted, ChoreCountChanged, OrganizationCreated, OrganizationUpdated,
    UserLoggedIn, UserRegistered, UserUpdated,
};
use chrono::{Duration, Utc};
use kit::consumer::{EventMeta, Handler};
use sqlx::PgConnection;
use uuid::Uuid;

use crate::store::{
    children, chores, organizations,
    users::{self, NewUser},
};

/// Adds each new family to the directory, on a trial of `trial_days`.
pub struct OrganizationCreatedHandler {
    pub trial_days: i64,
}

impl Handler<OrganizationCreated> for OrganizationCreatedHandler {
    async fn handle(
        &self,
        tx: &mut PgConnection,
        event: OrganizationCreated,
        _meta: &EventMeta,
    ) -> anyhow::Result<()> {
        let id = Uuid::parse_str(&event.organization_id)?;
        let created_at = event
            .created_at
            .as_ref()
            .and_then(kit::time::from_proto)
            .unwrap_or_else(Utc::now);
        organizations::insert(
            tx,
            id,
            &event.name,
            &event.slug,
            created_at,
            created_at + Duration::days(self.trial_days),
        )
        .await?;
        Ok(())
    }
}

/// Keeps the directory's users, children and counts.
pub struct DirectoryHandler;

fn uuid(raw: &str) -> anyhow::Result<Uuid> {
    Ok(Uuid::parse_str(raw)?)
}

impl Handler<OrganizationUpdated> for DirectoryHandler {
    async fn handle(
        &self,
        tx: &mut PgConnection,
        e: OrganizationUpdated,
        _: &EventMeta,
    ) -> anyhow::Result<()> {
        organizations::rename(tx, uuid(&e.organization_id)?, &e.name).await?;
        Ok(())
    }
}

impl Handler<UserRegistered> for DirectoryHandler {
    async fn handle(
        &self,
        tx: &mut PgConnection,
        e: UserRegistered,
        _: &EventMeta,
    ) -> anyhow::Result<()> {
        let org = Some(e.organization_id.as_str())
            .filter(|o| !o.is_empty())
            .map(uuid)
            .transpose()?;
        users::insert(
            tx,
            &NewUser {
                id: uuid(&e.user_id)?,
                org,
                email: &e.email,
                first_name: &e.first_name,
                last_name: &e.last_name,
                role: &e.role,
                is_child: !e.child_id.is_empty(),
                email_verified: e.email_verified,
                created_at: e
                    .registered_at
                    .as_ref()
                    .and_then(kit::time::from_proto)
                    .unwrap_or_else(Utc::now),
            },
        )
        .await?;
        Ok(())
    }
}

impl Handler<UserUpdated> for DirectoryHandler {
    async fn handle(
        &self,
        tx: &mut PgConnection,
        e: UserUpdated,
        _: &EventMeta,
    ) -> anyhow::Result<()> {
        users::update(
            tx,
            uuid(&e.user_id)?,
            &e.email,
            &e.first_name,
            &e.last_name,
            e.is_active,
            e.email_verified,
        )
        .await?;
        Ok(())
    }
}

impl Handler<UserLoggedIn> for DirectoryHandler {
    async fn handle(
        &self,
        tx: &mut PgConnection,
        e: UserLoggedIn,
        _: &EventMeta,
    ) -> anyhow::Result<()> {
        let at = e
            .logged_in_at
            .as_ref()
            .and_then(kit::time::from_proto)
            .unwrap_or_else(Utc::now);
        users::touch_login(tx, uuid(&e.user_id)?, at).await?;
        Ok(())
    }
}

impl Handler<ChildCreated> for DirectoryHandler {
    async fn handle(
        &self,
        tx: &mut PgConnection,
        e: ChildCreated,
        _: &EventMeta,
    ) -> anyhow::Result<()> {
        children::add(tx, uuid(&e.organization_id)?, uuid(&e.child_id)?).await?;
        Ok(())
    }
}

impl Handler<ChildDeleted> for DirectoryHandler {
    async fn handle(
        &self,
        tx: &mut PgConnection,
        e: ChildDeleted,
        _: &EventMeta,
    ) -> anyhow::Result<()> {
        children::remove(tx, uuid(&e.organization_id)?, uuid(&e.child_id)?).await?;
        Ok(())
    }
}

impl Handler<ChoreCountChanged> for DirectoryHandler {
    async fn handle(
        &self,
        tx: &mut PgConnection,
        e: ChoreCountChanged,
        _: &EventMeta,
    ) -> anyhow::Result<()> {
        let at = e
            .counted_at
            .as_ref()
            .and_then(kit::time::from_proto)
            .unwrap_or_else(Utc::now);
        chores::record_count(tx, uuid(&e.organization_id)?, e.active_chores, at).await?;
        Ok(())
    }
}
