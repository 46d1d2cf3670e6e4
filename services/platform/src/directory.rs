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
#[tracing::instrument(name = "db.query", skip_all, fields(otel.name = "SQL insert_organization", otel.kind = "client", db.system = "postgresql"))]
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

/// A stored plan name (`PRO`); FREE for anything unknown.
pub fn plan_of(name: &str) -> Plan {
    Plan::from_str_name(&format!("PLAN_{name}")).unwrap_or(Plan::Free)
}

/// A stored subscription status (`ACTIVE`); TRIAL for anything unknown.
pub fn status_of(name: &str) -> SubscriptionStatus {
    SubscriptionStatus::from_str_name(&format!("SUBSCRIPTION_STATUS_{name}"))
        .unwrap_or(SubscriptionStatus::Trial)
}

fn view(row: &OrganizationRow) -> pb::OrganizationStatus {
    pb::OrganizationStatus {
        organization_id: row.id.to_string(),
        plan: plan_of(&row.plan).into(),
        subscription_status: status_of(&row.subscription_status).into(),
        trial_ends_at: kit::time::opt_to_proto(row.trial_ends_at),
        is_active: row.is_active,
    }
}

/// A family's new name.
#[tracing::instrument(name = "db.query", skip_all, fields(otel.name = "SQL rename_organization", otel.kind = "client", db.system = "postgresql"))]
pub async fn rename_organization(tx: &mut PgConnection, id: Uuid, name: &str) -> Result<(), Error> {
    sqlx::query("UPDATE organizations SET name = $2 WHERE id = $1")
        .bind(id)
        .bind(name)
        .execute(tx)
        .await?;
    Ok(())
}

/// A login as the directory keeps it: a child's login without name or email.
pub struct NewUser<'a> {
    pub id: Uuid,
    pub org: Option<Uuid>,
    pub email: &'a str,
    pub first_name: &'a str,
    pub last_name: &'a str,
    pub role: &'a str,
    pub is_child: bool,
    pub email_verified: bool,
    pub created_at: DateTime<Utc>,
}

#[tracing::instrument(name = "db.query", skip_all, fields(otel.name = "SQL insert_user", otel.kind = "client", db.system = "postgresql"))]
pub async fn insert_user(tx: &mut PgConnection, u: &NewUser<'_>) -> Result<(), Error> {
    let private = |v: &str| (!u.is_child).then(|| v.to_owned());
    sqlx::query(
        "INSERT INTO users (id, organization_id, email, first_name, last_name, role, is_child,
            email_verified, created_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) ON CONFLICT (id) DO NOTHING",
    )
    .bind(u.id)
    .bind(u.org)
    .bind(private(u.email))
    .bind(private(u.first_name))
    .bind(private(u.last_name))
    .bind(u.role)
    .bind(u.is_child)
    .bind(u.email_verified)
    .bind(u.created_at)
    .execute(tx)
    .await?;
    Ok(())
}

/// New details of a login; a child's name and email stay unknown.
#[tracing::instrument(name = "db.query", skip_all, fields(otel.name = "SQL update_user", otel.kind = "client", db.system = "postgresql"))]
pub async fn update_user(
    tx: &mut PgConnection,
    id: Uuid,
    email: &str,
    first_name: &str,
    last_name: &str,
    is_active: bool,
    email_verified: bool,
) -> Result<(), Error> {
    sqlx::query(
        "UPDATE users SET
            email = CASE WHEN is_child THEN NULL ELSE $2 END,
            first_name = CASE WHEN is_child THEN NULL ELSE $3 END,
            last_name = CASE WHEN is_child THEN NULL ELSE $4 END,
            is_active = $5, email_verified = $6
         WHERE id = $1",
    )
    .bind(id)
    .bind(email)
    .bind(first_name)
    .bind(last_name)
    .bind(is_active)
    .bind(email_verified)
    .execute(tx)
    .await?;
    Ok(())
}

#[tracing::instrument(name = "db.query", skip_all, fields(otel.name = "SQL touch_login", otel.kind = "client", db.system = "postgresql"))]
pub async fn touch_login(tx: &mut PgConnection, id: Uuid, at: DateTime<Utc>) -> Result<(), Error> {
    sqlx::query(
        "UPDATE users SET last_login_at = greatest(coalesce(last_login_at, $2), $2) WHERE id = $1",
    )
    .bind(id)
    .bind(at)
    .execute(tx)
    .await?;
    Ok(())
}

#[tracing::instrument(name = "db.query", skip_all, fields(otel.name = "SQL add_child", otel.kind = "client", db.system = "postgresql"))]
/// Counts a new child, unless its deletion was seen first.
pub async fn add_child(tx: &mut PgConnection, org: Uuid, id: Uuid) -> Result<(), Error> {
    sqlx::query(
        "INSERT INTO children (id, organization_id) VALUES ($1, $2) ON CONFLICT DO NOTHING",
    )
    .bind(id)
    .bind(org)
    .execute(tx)
    .await?;
    Ok(())
}

/// Marks a child deleted; the tombstone keeps a late `child_created` out.
#[tracing::instrument(name = "db.query", skip_all, fields(otel.name = "SQL remove_child", otel.kind = "client", db.system = "postgresql"))]
pub async fn remove_child(tx: &mut PgConnection, org: Uuid, id: Uuid) -> Result<(), Error> {
    sqlx::query(
        "INSERT INTO children (id, organization_id, deleted_at) VALUES ($1, $2, now())
         ON CONFLICT (id) DO UPDATE SET deleted_at = coalesce(children.deleted_at, now())",
    )
    .bind(id)
    .bind(org)
    .execute(tx)
    .await?;
    Ok(())
}

/// A family's active chores, unless a later count is already known.
#[tracing::instrument(name = "db.query", skip_all, fields(otel.name = "SQL count_chores", otel.kind = "client", db.system = "postgresql"))]
pub async fn count_chores(
    tx: &mut PgConnection,
    org: Uuid,
    active: i32,
    counted_at: DateTime<Utc>,
) -> Result<(), Error> {
    sqlx::query(
        "INSERT INTO chore_counts (organization_id, active_chores, counted_at) VALUES ($1, $2, $3)
         ON CONFLICT (organization_id) DO UPDATE
            SET active_chores = EXCLUDED.active_chores, counted_at = EXCLUDED.counted_at
            WHERE chore_counts.counted_at <= EXCLUDED.counted_at",
    )
    .bind(org)
    .bind(active)
    .bind(counted_at)
    .execute(tx)
    .await?;
    Ok(())
}
