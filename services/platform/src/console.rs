//! The operator's console: platform totals, the directory of families and
//! users (searched, filtered and paged in SQL), plans and suspension. Child
//! details never appear: children are counted, child logins shown without
//! name or email.

use chorely_proto::{
    events::v1::{OrganizationActivationChanged, OrganizationPlanChanged},
    platform::v1::{self as pb, Plan, SubscriptionStatus},
};
use chrono::{DateTime, Utc};
use kit::{outbox, time::opt_to_proto, validate::FieldError};
use sqlx::{PgPool, Postgres, QueryBuilder};
use uuid::Uuid;

use crate::{
    directory::{plan_of, status_of},
    error::Error,
};

pub const PAGE_SIZE_DEFAULT: i64 = 20;
pub const PAGE_SIZE_MAX: i64 = 100;
const RECENT: i64 = 5;

#[derive(Clone)]
pub struct Console {
    pub pool: PgPool,
}

#[derive(Debug, sqlx::FromRow)]
struct OrgRow {
    id: Uuid,
    name: String,
    slug: String,
    plan: String,
    subscription_status: String,
    trial_ends_at: Option<DateTime<Utc>>,
    created_at: DateTime<Utc>,
    is_active: bool,
    user_count: i64,
    child_count: i64,
    chore_count: i64,
}

const ORG_SELECT: &str = "SELECT o.id, o.name, o.slug, o.plan, o.subscription_status,
        o.trial_ends_at, o.created_at, o.is_active,
        (SELECT count(*) FROM users u WHERE u.organization_id = o.id) AS user_count,
        (SELECT count(*) FROM children c WHERE c.organization_id = o.id AND c.deleted_at IS NULL) AS child_count,
        coalesce((SELECT active_chores FROM chore_counts k WHERE k.organization_id = o.id), 0)::bigint
            AS chore_count
    FROM organizations o";

/// The WHERE clause of the console's family list, with only the conditions
/// in use (a prepared plan for "maybe this filter" can't use the indexes).
fn org_filter(
    q: &mut QueryBuilder<Postgres>,
    search: Option<&String>,
    plan: Option<&str>,
    status: Option<&str>,
) {
    q.push(" WHERE true");
    if let Some(pattern) = search {
        q.push(" AND (lower(o.name) || ' ' || lower(o.slug)) LIKE ")
            .push_bind(pattern);
    }
    if let Some(plan) = plan {
        q.push(" AND o.plan = ").push_bind(plan.to_owned());
    }
    if let Some(status) = status {
        q.push(" AND o.subscription_status = ")
            .push_bind(status.to_owned());
    }
}

#[derive(Debug, sqlx::FromRow)]
struct UserRow {
    id: Uuid,
    organization_id: Option<Uuid>,
    email: Option<String>,
    first_name: Option<String>,
    last_name: Option<String>,
    role: String,
    is_child: bool,
    is_active: bool,
    email_verified: bool,
    last_login_at: Option<DateTime<Utc>>,
    created_at: DateTime<Utc>,
    organization_name: Option<String>,
    plan: Option<String>,
}

const USER_SELECT: &str = "SELECT u.id, u.organization_id, u.email, u.first_name, u.last_name,
        u.role, u.is_child, u.is_active, u.email_verified, u.last_login_at, u.created_at,
        o.name AS organization_name, o.plan
    FROM users u LEFT JOIN organizations o ON o.id = u.organization_id";

/// The WHERE clause of the console's user list: search over name, email or
/// family, and role.
fn user_filter(q: &mut QueryBuilder<Postgres>, search: Option<&String>, role: Option<&String>) {
    q.push(" WHERE true");
    if let Some(pattern) = search {
        q.push(
            " AND lower(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '') || ' '
                || coalesce(u.email, '')) LIKE ",
        )
        .push_bind(pattern.clone());
    }
    if let Some(role) = role {
        q.push(" AND u.role = ").push_bind(role.clone());
    }
}

/// The users a search finds, by their own details or their family's name
/// (two index lookups, then merged), as `matches(id, created_at)`.
fn user_matches(q: &mut QueryBuilder<Postgres>, search: Option<&String>, role: Option<&String>) {
    q.push("matches AS MATERIALIZED (SELECT u.id, u.created_at FROM users u");
    user_filter(q, search, role);
    if let Some(pattern) = search {
        q.push(
            " UNION SELECT u.id, u.created_at FROM users u JOIN organizations f
                ON f.id = u.organization_id WHERE (lower(f.name) || ' ' || lower(f.slug)) LIKE ",
        )
        .push_bind(pattern.clone());
        if let Some(role) = role {
            q.push(" AND u.role = ").push_bind(role.clone());
        }
    }
    q.push(")");
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
        let (families, users, children, chores): ((i64, i64, i64, i64, i64), i64, i64, i64) = tokio::try_join!(
            sqlx::query_as(
                "SELECT count(*), count(*) FILTER (WHERE is_active),
                    count(*) FILTER (WHERE subscription_status = 'TRIAL'),
                    count(*) FILTER (WHERE plan = 'PRO'), count(*) FILTER (WHERE plan = 'FREE')
                 FROM organizations"
            )
            .fetch_one(&self.pool),
            sqlx::query_scalar("SELECT count(*) FROM users").fetch_one(&self.pool),
            sqlx::query_scalar("SELECT count(*) FROM children WHERE deleted_at IS NULL")
                .fetch_one(&self.pool),
            sqlx::query_scalar("SELECT coalesce(sum(active_chores), 0)::bigint FROM chore_counts")
                .fetch_one(&self.pool),
        )?;
        let recent: Vec<OrgRow> = sqlx::query_as(sqlx::AssertSqlSafe(format!(
            "{ORG_SELECT} ORDER BY o.created_at DESC, o.id LIMIT $1"
        )))
        .bind(RECENT)
        .fetch_all(&self.pool)
        .await?;
        let (total, active, trial, pro, free) = families;
        Ok(pb::PlatformStats {
            total_organizations: total,
            total_users: users,
            total_children: children,
            total_chores: chores,
            active_organizations: active,
            trial_organizations: trial,
            pro_organizations: pro,
            free_organizations: free,
            recent_organizations: recent.iter().map(org_view).collect(),
        })
    }

    pub async fn organizations(
        &self,
        req: &pb::ListOrganizationsRequest,
    ) -> Result<pb::ListOrganizationsResponse, Error> {
        let (page, size) = paging(req.page, req.page_size);
        let search = pattern(&req.search);
        let plan = plan_name(req.plan());
        let status = status_name(req.status());
        // The page's ids first (searches materialised: their matches are few,
        // and the planner would rather walk every family in date order), then
        // the counts for those rows only.
        let mut list = QueryBuilder::new("WITH ");
        // Trigrams need three characters: shorter searches match too much to gather first.
        if search.as_ref().is_some_and(|p| p.chars().count() >= 5) {
            list.push("matches AS MATERIALIZED (SELECT o.id, o.created_at FROM organizations o");
            org_filter(&mut list, search.as_ref(), plan, status);
            list.push("), page AS (SELECT id, created_at FROM matches");
        } else {
            list.push("page AS (SELECT o.id, o.created_at FROM organizations o");
            org_filter(&mut list, None, plan, status);
        }
        list.push(" ORDER BY created_at DESC, id LIMIT ")
            .push_bind(size)
            .push(" OFFSET ")
            .push_bind((page - 1) * size)
            .push(") ")
            .push(ORG_SELECT)
            .push(" JOIN page p ON p.id = o.id ORDER BY o.created_at DESC, o.id");
        let mut count = QueryBuilder::new("SELECT count(*) FROM organizations o");
        org_filter(&mut count, search.as_ref(), plan, status);
        let (rows, total): (Vec<OrgRow>, i64) = tokio::try_join!(
            // Planned for each search's own values: a cached generic plan
            // cannot tell a rare search from one matching half the families.
            list.build_query_as()
                .persistent(false)
                .fetch_all(&self.pool),
            count
                .build_query_scalar()
                .persistent(false)
                .fetch_one(&self.pool),
        )?;
        Ok(pb::ListOrganizationsResponse {
            organizations: rows.iter().map(org_view).collect(),
            total,
        })
    }

    async fn organization(&self, id: Uuid) -> Result<pb::OrganizationRow, Error> {
        let row: Option<OrgRow> =
            sqlx::query_as(sqlx::AssertSqlSafe(format!("{ORG_SELECT} WHERE o.id = $1")))
                .bind(id)
                .fetch_optional(&self.pool)
                .await?;
        row.map(|r| org_view(&r)).ok_or(Error::OrganizationNotFound)
    }

    pub async fn detail(&self, id: Uuid) -> Result<pb::OrganizationDetail, Error> {
        let organization = self.organization(id).await?;
        let users: Vec<UserRow> = sqlx::query_as(sqlx::AssertSqlSafe(format!(
            "{USER_SELECT} WHERE u.organization_id = $1 ORDER BY u.is_child, u.created_at"
        )))
        .bind(id)
        .fetch_all(&self.pool)
        .await?;
        Ok(pb::OrganizationDetail {
            organization: Some(organization),
            users: users.iter().map(user_view).collect(),
        })
    }

    pub async fn users(&self, req: &pb::ListUsersRequest) -> Result<pb::ListUsersResponse, Error> {
        let (page, size) = paging(req.page, req.page_size);
        let search = pattern(&req.search);
        let role = match req.role.trim() {
            "" | "ALL" => None,
            role => Some(role.to_owned()),
        };
        let mut list = QueryBuilder::new("WITH ");
        let mut count = QueryBuilder::new("WITH ");
        if search.is_some() {
            user_matches(&mut list, search.as_ref(), role.as_ref());
            list.push(", page AS (SELECT id, created_at FROM matches");
            user_matches(&mut count, search.as_ref(), role.as_ref());
            count.push(" SELECT count(*) FROM matches");
        } else {
            list.push("page AS (SELECT u.id, u.created_at FROM users u");
            user_filter(&mut list, None, role.as_ref());
            count.push("none AS (SELECT 1) SELECT count(*) FROM users u");
            user_filter(&mut count, None, role.as_ref());
        }
        list.push(" ORDER BY created_at DESC, id LIMIT ")
            .push_bind(size)
            .push(" OFFSET ")
            .push_bind((page - 1) * size)
            .push(") ")
            .push(USER_SELECT)
            .push(" JOIN page p ON p.id = u.id ORDER BY u.created_at DESC, u.id");
        let (rows, total): (Vec<UserRow>, i64) = tokio::try_join!(
            // Planned for each search's own values: a cached generic plan
            // cannot tell a rare search from one matching half the families.
            list.build_query_as()
                .persistent(false)
                .fetch_all(&self.pool),
            count
                .build_query_scalar()
                .persistent(false)
                .fetch_one(&self.pool),
        )?;
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
            return Err(FieldError::new("plan", "Plan must be FREE, PRO or ENTERPRISE").into());
        };
        let Some(status) = status_name(status) else {
            return Err(FieldError::new(
                "subscriptionStatus",
                "Subscription status must be TRIAL, ACTIVE or CANCELED",
            )
            .into());
        };
        let mut tx = self.pool.begin().await?;
        let done = sqlx::query(
            "UPDATE organizations SET plan = $2, subscription_status = $3 WHERE id = $1",
        )
        .bind(id)
        .bind(plan)
        .bind(status)
        .execute(&mut *tx)
        .await?;
        if done.rows_affected() == 0 {
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
        let done = sqlx::query("UPDATE organizations SET is_active = $2 WHERE id = $1")
            .bind(id)
            .bind(active)
            .execute(&mut *tx)
            .await?;
        if done.rows_affected() == 0 {
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

    #[test]
    fn pages_are_bounded() {
        assert_eq!(paging(0, 0), (1, PAGE_SIZE_DEFAULT));
        assert_eq!(paging(3, 1000), (3, PAGE_SIZE_MAX));
        assert_eq!(paging(2, 10), (2, 10));
    }
}
