//! JSON shapes of the operator's console. Children appear as counts only; a
//! child's login has no name or email here.

use chorely_proto::platform::v1 as pb;
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use super::{Plan, PlanFilter, Role, RoleFilter, StatusFilter, SubscriptionStatus, time};

fn plan(p: pb::Plan) -> Plan {
    Plan::from_proto(p).unwrap_or(Plan::FREE)
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AdminOrganization {
    pub id: String,
    pub name: String,
    pub slug: String,
    pub plan: Plan,
    pub subscription_status: SubscriptionStatus,
    pub trial_ends_at: Option<DateTime<Utc>>,
    pub created_at: Option<DateTime<Utc>>,
    /// False while suspended.
    pub is_active: bool,
    pub user_count: i32,
    pub child_count: i32,
    pub chore_count: i32,
}

impl From<pb::OrganizationRow> for AdminOrganization {
    fn from(o: pb::OrganizationRow) -> Self {
        Self {
            plan: plan(o.plan()),
            subscription_status: SubscriptionStatus::from_proto(o.subscription_status())
                .unwrap_or(SubscriptionStatus::TRIAL),
            trial_ends_at: time(o.trial_ends_at.as_ref()),
            created_at: time(o.created_at.as_ref()),
            id: o.id,
            name: o.name,
            slug: o.slug,
            is_active: o.is_active,
            user_count: o.user_count,
            child_count: o.child_count,
            chore_count: o.chore_count,
        }
    }
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AdminUserOrganization {
    pub id: String,
    pub name: String,
    pub plan: Plan,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AdminUser {
    pub id: String,
    /// Null for a child's login.
    pub first_name: Option<String>,
    pub last_name: Option<String>,
    pub email: Option<String>,
    pub role: Role,
    pub is_active: bool,
    pub email_verified: bool,
    pub last_login_at: Option<DateTime<Utc>>,
    pub created_at: Option<DateTime<Utc>>,
    /// A child's login: shown by role and family only.
    pub is_child: bool,
    pub organization: Option<AdminUserOrganization>,
}

impl From<pb::DirectoryUser> for AdminUser {
    fn from(u: pb::DirectoryUser) -> Self {
        let given = |v: String| Some(v).filter(|v| !v.is_empty() && !u.is_child_login);
        Self {
            organization: (!u.organization_id.is_empty()).then(|| AdminUserOrganization {
                id: u.organization_id.clone(),
                name: u.organization_name.clone(),
                plan: plan(u.plan()),
            }),
            last_login_at: time(u.last_login_at.as_ref()),
            created_at: time(u.created_at.as_ref()),
            first_name: given(u.first_name.clone()),
            last_name: given(u.last_name.clone()),
            email: given(u.email.clone()),
            id: u.id,
            role: Role::parse(&u.role).unwrap_or(Role::ORG_MEMBER),
            is_active: u.is_active,
            email_verified: u.email_verified,
            is_child: u.is_child_login,
        }
    }
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OrganizationDetailView {
    #[serde(flatten)]
    pub organization: AdminOrganization,
    pub users: Vec<AdminUser>,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Page<T> {
    pub items: Vec<T>,
    pub total: i64,
    pub page: i32,
    pub page_size: i32,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Totals {
    pub organizations: i64,
    pub users: i64,
    pub children: i64,
    pub chores: i64,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PlanDistribution {
    pub active: i64,
    pub trial: i64,
    pub pro: i64,
    pub free: i64,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PlatformStatsView {
    pub totals: Totals,
    pub organizations: PlanDistribution,
    pub recent_organizations: Vec<AdminOrganization>,
}

impl From<pb::PlatformStats> for PlatformStatsView {
    fn from(s: pb::PlatformStats) -> Self {
        Self {
            totals: Totals {
                organizations: s.total_organizations,
                users: s.total_users,
                children: s.total_children,
                chores: s.total_chores,
            },
            organizations: PlanDistribution {
                active: s.active_organizations,
                trial: s.trial_organizations,
                pro: s.pro_organizations,
                free: s.free_organizations,
            },
            recent_organizations: s
                .recent_organizations
                .into_iter()
                .map(AdminOrganization::from)
                .collect(),
        }
    }
}

#[derive(Debug, Default, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase", default)]
#[into_params(parameter_in = Query)]
pub struct OrganizationsQuery {
    /// Part of the name or slug.
    pub search: Option<String>,
    /// ALL when absent.
    pub plan: Option<PlanFilter>,
    /// ALL when absent.
    pub status: Option<StatusFilter>,
    /// From 1 (default 1; smaller counts as 1).
    pub page: Option<i32>,
    /// Default 20; at most 100 (larger counts as 100).
    pub page_size: Option<i32>,
}

#[derive(Debug, Default, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase", default)]
#[into_params(parameter_in = Query)]
pub struct UsersQuery {
    /// Part of the name, email or family.
    pub search: Option<String>,
    /// ALL when absent.
    pub role: Option<RoleFilter>,
    /// From 1 (default 1; smaller counts as 1).
    pub page: Option<i32>,
    /// Default 20; at most 100 (larger counts as 100).
    pub page_size: Option<i32>,
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct PlanBody {
    #[schema(value_type = Plan, required = true)]
    pub plan: Option<Plan>,
    /// ACTIVE when absent.
    pub subscription_status: Option<SubscriptionStatus>,
}
