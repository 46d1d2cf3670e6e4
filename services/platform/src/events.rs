//! Events the platform consumes to keep its directory.

use chorely_proto::events::v1::OrganizationCreated;
use chrono::{Duration, Utc};
use kit::consumer::{EventMeta, Handler};
use sqlx::PgConnection;
use uuid::Uuid;

use crate::directory;

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
        directory::insert_organization(
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
