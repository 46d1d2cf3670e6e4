//! The directory of families: plan, subscription status, trial and state.

use chorely_proto::platform::v1::{self as pb, Plan, SubscriptionStatus};
use chrono::{DateTime, Utc};
use sqlx::{PgConnection, PgPool};
use uuid::Uuid;

use crate::error::Error;

#[derive(Debug, Clone, sqlx::FromRow)]
pub struct OrganizationRow {
    pub id: Uuid,
    pub plan: String,
    pub subscription_status: String,
    pub trial_ends_at: Option<DateTime<Utc>>,
    pub is_active: bool,
}

#[derive(Clone)]
pub struct Directory {
    pub pool: PgPool,
}

impl Directory {
    /// The family's plan and state. A family created a moment ago may not have
    /// reached the directory yet; it is on the plan every family starts with.
    pub async fn status(&self, id: Uuid) -> Result<pb::OrganizationStatus, Error> {
        let row: Option<OrganizationRow> = sqlx::query_as(
            "SELECT id, plan, subscription_status, trial_ends_at, is_active FROM organizations WHERE id = $1",
        )
        .bind(id)
        .fetch_optional(&self.pool)
        .await?;
        Ok(match row {
            Some(row) => view(&row),
            None => pb::OrganizationStatus {
                organization_id: id.to_string(),
                plan: Plan::Free.into(),
                subscription_status: SubscriptionStatus::Trial.into(),
                trial_ends_at: None,
                is_active: true,
            },
        })
    }
}

/// Records a new family once, whatever the number of deliveries.
pub async fn insert_organization(
    tx: &mut PgConnection,
    id: Uuid,
    name: &str,
    slug: &str,
    created_at: DateTime<Utc>,
    trial_ends_at: DateTime<Utc>,
) -> Result<(), Error> {
    sqlx::query(
        "INSERT INTO organizations (id, name, slug, created_at, trial_ends_at)
         VALUES ($1, $2, $3, $4, $5) ON CONFLICT (id) DO NOTHING",
    )
    .bind(id)
    .bind(name)
    .bind(slug)
    .bind(created_at)
    .bind(trial_ends_at)
    .execute(tx)
    .await?;
    Ok(())
}

fn view(row: &OrganizationRow) -> pb::OrganizationStatus {
    pb::OrganizationStatus {
        organization_id: row.id.to_string(),
        plan: Plan::from_str_name(&format!("PLAN_{}", row.plan))
            .unwrap_or(Plan::Free)
            .into(),
        subscription_status: SubscriptionStatus::from_str_name(&format!(
            "SUBSCRIPTION_STATUS_{}",
            row.subscription_status
        ))
        .unwrap_or(SubscriptionStatus::Trial)
        .into(),
        trial_ends_at: kit::time::opt_to_proto(row.trial_ends_at),
        is_active: row.is_active,
    }
}
