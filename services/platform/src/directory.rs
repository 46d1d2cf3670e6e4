//! The directory of families: plan, subscription status, trial and state.

use chorely_proto::platform::v1::{self as pb, Plan, SubscriptionStatus};
use sqlx::PgPool;
use uuid::Uuid;

use crate::{
    error::Error,
    store::organizations::{self, StatusRow},
};

#[derive(Clone)]
pub struct Directory {
    pub pool: PgPool,
}

impl Directory {
    /// The family's plan and state. A family created a moment ago may not have
    /// reached the directory yet; it is on the plan every family starts with.
    pub async fn status(&self, id: Uuid) -> Result<pb::OrganizationStatus, Error> {
        Ok(match organizations::status(&self.pool, id).await? {
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

/// A stored plan name (`PRO`); FREE for anything unknown.
pub fn plan_of(name: &str) -> Plan {
    Plan::from_str_name(&format!("PLAN_{name}")).unwrap_or(Plan::Free)
}

/// A stored subscription status (`ACTIVE`); TRIAL for anything unknown.
pub fn status_of(name: &str) -> SubscriptionStatus {
    SubscriptionStatus::from_str_name(&format!("SUBSCRIPTION_STATUS_{name}"))
        .unwrap_or(SubscriptionStatus::Trial)
}

fn view(row: &StatusRow) -> pb::OrganizationStatus {
    pb::OrganizationStatus {
        organization_id: row.id.to_string(),
        plan: plan_of(&row.plan).into(),
        subscription_status: status_of(&row.subscription_status).into(),
        trial_ends_at: kit::time::opt_to_proto(row.trial_ends_at),
        is_active: row.is_active,
    }
}
