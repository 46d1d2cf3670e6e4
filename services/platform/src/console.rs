//! The operator's console: platform totals, the directory of families and
//! users (searched, filtered and paged in SQL), plans and suspension. Child
//! details never appear: children are counted, child logins shown without
//! name or email.

use chorely_proto::{
    events::v1::{OrganizationActivationChanged, OrganizationPlanChanged},
    platform::v1::{self as pb, Plan, SubscriptionStatus},
};
use chrono::Utc;
use kit::{codes, outbox, time::opt_to_proto};
use sqlx::PgPool;
use uuid::Uuid;

use crate::{
    directory::{plan_of, status_of},
    error::Error,
    store::{
        organizations::{self, ListedRow as OrgRow},
        totals,
        users::{self, ListedRow as UserRow},
    },
};

pub const PAGE_SIZE_DEFAULT: i64 = 20;
pub const PAGE_SIZE_MAX: i64 = 100;
const RECENT: i64 = 5;

#[derive(Clone)]
pub struct Console {
    pub pool: PgPool,
}

/// `foo` → `%foo%`, with LIKE's own characters taken literally; None for no search.
pub fn pattern(search: &str) -> Option<String> {
    let search = search.trim().to_lowercase();
    if search.is_empty() {
        return None;
    }
    let escaped = search
        .replace('\\', "\\\\")
        .replace('%', "\\%")
        .replace('_', "\\_");
    Some(format!("%{escaped}%"))
}

/// Page number (from 1) and size, bounded.
pub fn paging(page: i32, page_size: i32) -> (i64, i64) {
    let size = match i64::from(page_size) {
        n if n <= 0 => PAGE_SIZE_DEFAULT,
        n => n.min(PAGE_SIZE_MAX),
    };
    (i64::from(page.max(1)), size)
}

fn plan_name(plan: Plan) -> Option<&'static str> {
    match plan {
        Plan::Unspecified => None,
        Plan::Free => Some("FREE"),
        Plan::Pro => Some("PRO"),
        Plan::Enterprise => Some("ENTERPRISE"),
    }
}

fn status_name(status: SubscriptionStatus) -> Option<&'static str> {
    match status {
        SubscriptionStatus::Unspecified => None,
        SubscriptionStatus::Trial => Some("TRIAL"),
        SubscriptionStatus::Active => Some("ACTIVE"),
        SubscriptionStatus::Canceled => Some("CANCELED"),
    }
}

fn count(n: i64) -> i32 {
    i32::try_from(n).unwrap_or(i32::MAX)
}

fn org_view(r: &OrgRow) -> pb::OrganizationRow {
    pb::OrganizationRow {
        id: r.id.to_string(),
        name: r.name.clone(),
        slug: r.slug.clone(),
        plan: plan_of(&r.plan).into(),
        subscription_status: status_of(&r.subscription_status).into(),
        trial_ends_at: opt_to_proto(r.trial_ends_at),
        created_at: Some(kit::time::to_proto(r.created_at)),
        is_active: r.is_active,
        user_count: count(r.user_count),
        child_count: count(r.child_count),
        chore_count: count(r.chore_count),
    }
}

fn user_view(r: &UserRow) -> pb::DirectoryUser {
    pb::DirectoryUser {
        id: r.id.to_string(),
        email: r.email.clone().unwrap_or_default(),
        first_name: r.first_name.clone().unwrap_or_default(),
        last_name: r.last_name.clone().unwrap_or_default(),
        role: r.role.clone(),
        is_active: r.is_active,
        email_verified: r.email_verified,
        last_login_at: opt_to_proto(r.last_login_at),
        created_at: Some(kit::time::to_proto(r.created_at)),
        organization_id: r.organization_id.map(|o| o.to_string()).unwrap_or_default(),
        organization_name: r.organization_name.clone().unwrap_or_default(),
        plan: r.plan.as_deref().map_or(Plan::Unspecified, plan_of).into(),
        is_child_login: r.is_child,
    }
}

impl Console {
    pub async fn stats(&self) -> Result<pb::PlatformStats, Error> {
        let (totals, recent) = tokio::try_join!(
            totals::all(&self.pool),
            organizations::newest(&self.pool, RECENT),
        )?;
        let recent = organizations::listed(&self.pool, &recent).await?;
        let families = totals.families;
        Ok(pb::PlatformStats {
            total_organizations: families.total,
            total_users: totals.users,
            total_children: totals.children,
            total_chores: totals.chores,
            active_organizations: families.active,
            trial_organizations: families.trial,
            pro_organizations: families.pro,
            free_organizations: families.free,
            recent_organizations: recent.iter().map(org_view).collect(),
        })
    }

    pub async fn organizations(
        &self,
        req: &pb::ListOrganizationsRequest,
    ) -> Result<pb::ListOrganizationsResponse, Error> {
        let (page, size) = paging(req.page, req.page_size);
        let search = pattern(&req.search);
        let filter = organizations::Filter {
            search: search.as_deref(),
            plan: plan_name(req.plan()),
            status: status_name(req.status()),
        };
        // The page's ids first, then the counts for those rows only.
        let (ids, total) = tokio::try_join!(
            organizations::page(&self.pool, &filter, size, (page - 1) * size),
            organizations::count(&self.pool, &filter),
        )?;
        let rows = organizations::listed(&self.pool, &ids).await?;
        Ok(pb::ListOrganizationsResponse {
            organizations: rows.iter().map(org_view).collect(),
            total,
        })
    }

    async fn organization(&self, id: Uuid) -> Result<pb::OrganizationRow, Error> {
        let rows = organizations::listed(&self.pool, &[id]).await?;
        rows.first()
            .map(org_view)
            .ok_or(Error::OrganizationNotFound)
    }

    pub async fn detail(&self, id: Uuid) -> Result<pb::OrganizationDetail, Error> {
        let organization = self.organization(id).await?;
        let users = users::in_family(&self.pool, id).await?;
        Ok(pb::OrganizationDetail {
            organization: Some(organization),
            users: users.iter().map(user_view).collect(),
        })
    }

    pub async fn users(&self, req: &pb::ListUsersRequest) -> Result<pb::ListUsersResponse, Error> {
        let (page, size) = paging(req.page, req.page_size);
        let search = pattern(&req.search);
        let filter = users::Filter {
            search: search.as_deref(),
            role: match req.role.trim() {
                "" | "ALL" => None,
                role => Some(role),
            },
        };
        let (ids, total) = tokio::try_join!(
            users::page(&self.pool, &filter, size, (page - 1) * size),
            users::count(&self.pool, &filter),
        )?;
        let rows = users::listed(&self.pool, &ids).await?;
        Ok(pb::ListUsersResponse {
            users: rows.iter().map(user_view).collect(),
            total,
        })
    }

    /// Moves a family to another plan (the console upgrades FREE to PRO, ACTIVE).
    pub async fn change_plan(
        &self,
        id: Uuid,
        plan: Plan,
        status: SubscriptionStatus,
    ) -> Result<pb::OrganizationRow, Error> {
        let Some(plan) = plan_name(plan) else {
            return Err(codes::plan_invalid().on("plan").into());
        };
        let Some(status) = status_name(status) else {
            return Err(codes::subscription_status_invalid()
                .on("subscriptionStatus")
                .into());
        };
        let mut tx = self.pool.begin().await?;
        if !organizations::set_plan(&mut tx, id, plan, status).await? {
            return Err(Error::OrganizationNotFound);
        }
        outbox::enqueue(
            &mut tx,
            &OrganizationPlanChanged {
                organization_id: id.to_string(),
                plan: plan.into(),
                subscription_status: status.into(),
            },
        )
        .await?;
        tx.commit().await?;
        self.organization(id).await
    }

    /// Suspends (`false`) or activates a family. Suspension is announced so
    /// every process refuses its members' tokens; their own active or
    /// deactivated state is untouched, so activation restores exactly them.
    pub async fn set_active(&self, id: Uuid, active: bool) -> Result<pb::OrganizationRow, Error> {
        let mut tx = self.pool.begin().await?;
        if !organizations::set_active(&mut tx, id, active).await? {
            return Err(Error::OrganizationNotFound);
        }
        outbox::enqueue(
            &mut tx,
            &OrganizationActivationChanged {
                organization_id: id.to_string(),
                is_active: active,
                changed_at: Some(kit::time::to_proto(Utc::now())),
            },
        )
        .await?;
        tx.commit().await?;
        self.organization(id).await
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn searches_are_literal_substrings() {
        assert_eq!(pattern("  Lee "), Some("%lee%".into()));
        assert_eq!(pattern("50%_off"), Some("%50\\%\\_off%".into()));
        assert_eq!(pattern(""), None);
    }

    #[tokio::test]
    async fn a_plan_or_status_not_offered_is_the_fields_refusal() {
        // Refused before the database is asked: the pool never connects.
        let console = Console {
            pool: PgPool::connect_lazy("postgres://nobody@127.0.0.1:1/none").unwrap(),
        };
        let id = Uuid::now_v7();
        for (plan, status, field, code, text) in [
            (
                Plan::Unspecified,
                SubscriptionStatus::Active,
                "plan",
                "PLAN_INVALID",
                "Plan must be FREE, PRO or ENTERPRISE",
            ),
            (
                Plan::Pro,
                SubscriptionStatus::Unspecified,
                "subscriptionStatus",
                "SUBSCRIPTION_STATUS_INVALID",
                "Subscription status must be TRIAL, ACTIVE or CANCELED",
            ),
        ] {
            let Err(Error::Invalid(refused)) = console.change_plan(id, plan, status).await else {
                panic!("{code} is a field's refusal");
            };
            assert_eq!((refused.field, refused.code()), (field, code));
            assert_eq!(refused.message(), text);
        }
    }

    #[test]
    fn pages_are_bounded() {
        assert_eq!(paging(0, 0), (1, PAGE_SIZE_DEFAULT));
        assert_eq!(paging(3, 1000), (3, PAGE_SIZE_MAX));
        assert_eq!(paging(2, 10), (2, 10));
    }
}
