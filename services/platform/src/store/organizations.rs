//! Families in the directory: as the family service announced them, with the
//! plan, subscription and state the platform gives them.

use chrono::{DateTime, Utc};
use kit::db::Traced;
use sqlx::{PgConnection, PgPool, Postgres, QueryBuilder};
use uuid::Uuid;

use crate::error::Error;

/// What other services ask about a family: its plan and state.
#[derive(Debug, Clone)]
pub struct StatusRow {
    pub id: Uuid,
    pub plan: String,
    pub subscription_status: String,
    pub trial_ends_at: Option<DateTime<Utc>>,
    pub is_active: bool,
}

pub async fn status(pool: &PgPool, id: Uuid) -> Result<Option<StatusRow>, Error> {
    Ok(sqlx::query_as!(
        StatusRow,
        "SELECT id, plan, subscription_status, trial_ends_at, is_active
         FROM organizations WHERE id = $1",
        id,
    )
    .fetch_optional(pool)
    .traced("organization_status")
    .await?)
}

/// Records a new family once, whatever the number of deliveries.
pub async fn insert(
    tx: &mut PgConnection,
    id: Uuid,
    name: &str,
    slug: &str,
    created_at: DateTime<Utc>,
    trial_ends_at: DateTime<Utc>,
) -> Result<(), Error> {
    sqlx::query!(
        "INSERT INTO organizations (id, name, slug, created_at, trial_ends_at)
         VALUES ($1, $2, $3, $4, $5) ON CONFLICT (id) DO NOTHING",
        id,
        name,
        slug,
        created_at,
        trial_ends_at,
    )
    .execute(tx)
    .traced("insert_organization")
    .await?;
    Ok(())
}

/// A family's new name.
pub async fn rename(tx: &mut PgConnection, id: Uuid, name: &str) -> Result<(), Error> {
    sqlx::query!("UPDATE organizations SET name = $2 WHERE id = $1", id, name)
        .execute(tx)
        .traced("rename_organization")
        .await?;
    Ok(())
}

/// Moves a family to `plan` and `status`; false when there is no such family.
pub async fn set_plan(
    tx: &mut PgConnection,
    id: Uuid,
    plan: &str,
    status: &str,
) -> Result<bool, Error> {
    let done = sqlx::query!(
        "UPDATE organizations SET plan = $2, subscription_status = $3 WHERE id = $1",
        id,
        plan,
        status,
    )
    .execute(tx)
    .traced("set_organization_plan")
    .await?;
    Ok(done.rows_affected() == 1)
}

/// Suspends (`false`) or activates a family; false when there is no such family.
pub async fn set_active(tx: &mut PgConnection, id: Uuid, active: bool) -> Result<bool, Error> {
    let done = sqlx::query!(
        "UPDATE organizations SET is_active = $2 WHERE id = $1",
        id,
        active,
    )
    .execute(tx)
    .traced("set_organization_active")
    .await?;
    Ok(done.rows_affected() == 1)
}

/// A family as the console shows it, with its counts.
#[derive(Debug)]
pub struct ListedRow {
    pub id: Uuid,
    pub name: String,
    pub slug: String,
    pub plan: String,
    pub subscription_status: String,
    pub trial_ends_at: Option<DateTime<Utc>>,
    pub created_at: DateTime<Utc>,
    pub is_active: bool,
    pub user_count: i64,
    pub child_count: i64,
    pub chore_count: i64,
}

/// The families `ids` with their counts, newest first.
pub async fn listed(pool: &PgPool, ids: &[Uuid]) -> Result<Vec<ListedRow>, Error> {
    Ok(sqlx::query_as!(
        ListedRow,
        r#"SELECT o.id, o.name, o.slug, o.plan, o.subscription_status,
            o.trial_ends_at, o.created_at, o.is_active,
            (SELECT count(*) FROM users u WHERE u.organization_id = o.id) AS "user_count!",
            (SELECT count(*) FROM children c
             WHERE c.organization_id = o.id AND c.deleted_at IS NULL) AS "child_count!",
            coalesce((SELECT active_chores FROM chore_counts k WHERE k.organization_id = o.id), 0)::bigint
                AS "chore_count!"
         FROM organizations o WHERE o.id = ANY($1)
         ORDER BY o.created_at DESC, o.id"#,
        ids,
    )
    .fetch_all(pool)
    .traced("listed_organizations")
    .await?)
}

/// The `limit` newest families.
pub async fn newest(pool: &PgPool, limit: i64) -> Result<Vec<Uuid>, Error> {
    Ok(sqlx::query_scalar!(
        "SELECT id FROM organizations ORDER BY created_at DESC, id LIMIT $1",
        limit,
    )
    .fetch_all(pool)
    .traced("newest_organizations")
    .await?)
}

/// Which families the console's list shows.
#[derive(Debug, Default)]
pub struct Filter<'a> {
    /// A LIKE pattern over the name and slug, lower case.
    pub search: Option<&'a str>,
    pub plan: Option<&'a str>,
    pub status: Option<&'a str>,
}

impl Filter<'_> {
    /// The WHERE clause with only the conditions in use: a prepared plan for
    /// "maybe this filter" cannot use the indexes.
    fn push_where(&self, q: &mut QueryBuilder<Postgres>) {
        q.push(" WHERE true");
        if let Some(pattern) = self.search {
            q.push(" AND (lower(o.name) || ' ' || lower(o.slug)) LIKE ")
                .push_bind(pattern.to_owned());
        }
        if let Some(plan) = self.plan {
            q.push(" AND o.plan = ").push_bind(plan.to_owned());
        }
        if let Some(status) = self.status {
            q.push(" AND o.subscription_status = ")
                .push_bind(status.to_owned());
        }
    }

    /// Whether the search is long enough for the trigram index (three
    /// characters between the pattern's `%`s); shorter ones match too much
    /// to gather first.
    fn indexed_search(&self) -> bool {
        self.search.is_some_and(|p| p.chars().count() >= 5)
    }
}

/// The ids of one page of the families `filter` finds, newest first.
pub async fn page(
    pool: &PgPool,
    filter: &Filter<'_>,
    limit: i64,
    offset: i64,
) -> Result<Vec<Uuid>, Error> {
    // Searches are gathered first (materialised: their matches are few, and
    // the planner would rather walk every family in date order).
    let mut q = QueryBuilder::new("");
    if filter.indexed_search() {
        q.push("WITH matches AS MATERIALIZED (SELECT o.id, o.created_at FROM organizations o");
        filter.push_where(&mut q);
        q.push(") SELECT id FROM matches");
    } else {
        // Few or no characters: walk the families in date order, filtering.
        q.push("SELECT o.id FROM organizations o");
        filter.push_where(&mut q);
    }
    q.push(" ORDER BY created_at DESC, id LIMIT ")
        .push_bind(limit)
        .push(" OFFSET ")
        .push_bind(offset);
    // Planned for each search's own values: a cached generic plan cannot
    // tell a rare search from one matching half the families.
    Ok(q.build_query_scalar()
        .persistent(false)
        .fetch_all(pool)
        .traced("organizations_page")
        .await?)
}

/// A count the totals keep (migration 1004), so a filter asking for it is
/// answered by one row instead of a count: a third of 100,000 families are on
/// PRO, and counting them took 3 ms.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Kept {
    All,
    Pro,
    Free,
    Trial,
}

impl Kept {
    fn of(self, families: &super::totals::FamilyTotals) -> i64 {
        match self {
            Kept::All => families.total,
            Kept::Pro => families.pro,
            Kept::Free => families.free,
            Kept::Trial => families.trial,
        }
    }
}

impl Filter<'_> {
    /// The kept count this filter asks for, if the totals keep it.
    fn kept(&self) -> Option<Kept> {
        match (self.search, self.plan, self.status) {
            (None, None, None) => Some(Kept::All),
            (None, Some("PRO"), None) => Some(Kept::Pro),
            (None, Some("FREE"), None) => Some(Kept::Free),
            (None, None, Some("TRIAL")) => Some(Kept::Trial),
            _ => None,
        }
    }
}

/// How many families `filter` finds.
pub async fn count(pool: &PgPool, filter: &Filter<'_>) -> Result<i64, Error> {
    if let Some(kept) = filter.kept() {
        return Ok(kept.of(&super::totals::all(pool).await?.families));
    }
    let mut q = QueryBuilder::new("SELECT count(*) FROM organizations o");
    filter.push_where(&mut q);
    Ok(q.build_query_scalar()
        .persistent(false)
        .fetch_one(pool)
        .traced("count_organizations")
        .await?)
}

#[cfg(test)]
mod tests {
    use super::{Filter, Kept};

    #[test]
    fn only_a_single_plan_or_status_the_totals_keep_is_answered_from_them() {
        let filter = |search, plan, status| Filter {
            search,
            plan,
            status,
        };
        assert_eq!(filter(None, None, None).kept(), Some(Kept::All));
        assert_eq!(filter(None, Some("PRO"), None).kept(), Some(Kept::Pro));
        assert_eq!(filter(None, Some("FREE"), None).kept(), Some(Kept::Free));
        assert_eq!(filter(None, None, Some("TRIAL")).kept(), Some(Kept::Trial));
        // Not kept: counted.
        assert_eq!(filter(None, Some("ENTERPRISE"), None).kept(), None);
        assert_eq!(filter(None, None, Some("ACTIVE")).kept(), None);
        assert_eq!(filter(None, Some("PRO"), Some("TRIAL")).kept(), None);
        assert_eq!(filter(Some("%lee%"), None, None).kept(), None);
        assert_eq!(filter(Some("%lee%"), Some("PRO"), None).kept(), None);
    }
}
