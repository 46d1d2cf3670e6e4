//! Logins in the directory, as auth announced them: a child's login without
//! name or email.

use chrono::{DateTime, Utc};
use kit::db::Traced;
use sqlx::{PgConnection, PgPool, Postgres, QueryBuilder};
use uuid::Uuid;

use crate::error::Error;

/// A login as the directory keeps it.
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

/// Records a login once, whatever the number of deliveries.
pub async fn insert(tx: &mut PgConnection, u: &NewUser<'_>) -> Result<(), Error> {
    let private = |v: &'_ str| (!u.is_child).then(|| v.to_owned());
    sqlx::query!(
        "INSERT INTO users (id, organization_id, email, first_name, last_name, role, is_child,
            email_verified, created_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) ON CONFLICT (id) DO NOTHING",
        u.id,
        u.org,
        private(u.email),
        private(u.first_name),
        private(u.last_name),
        u.role,
        u.is_child,
        u.email_verified,
        u.created_at,
    )
    .execute(tx)
    .traced("insert_user")
    .await?;
    Ok(())
}

/// New details of a login; a child's name and email stay unknown.
pub async fn update(
    tx: &mut PgConnection,
    id: Uuid,
    email: &str,
    first_name: &str,
    last_name: &str,
    is_active: bool,
    email_verified: bool,
) -> Result<(), Error> {
    sqlx::query!(
        "UPDATE users SET
            email = CASE WHEN is_child THEN NULL ELSE $2 END,
            first_name = CASE WHEN is_child THEN NULL ELSE $3 END,
            last_name = CASE WHEN is_child THEN NULL ELSE $4 END,
            is_active = $5, email_verified = $6
         WHERE id = $1",
        id,
        email,
        first_name,
        last_name,
        is_active,
        email_verified,
    )
    .execute(tx)
    .traced("update_user")
    .await?;
    Ok(())
}

/// A login at `at`, unless a later one is already known.
pub async fn touch_login(tx: &mut PgConnection, id: Uuid, at: DateTime<Utc>) -> Result<(), Error> {
    sqlx::query!(
        "UPDATE users SET last_login_at = greatest(coalesce(last_login_at, $2), $2) WHERE id = $1",
        id,
        at,
    )
    .execute(tx)
    .traced("touch_login")
    .await?;
    Ok(())
}

/// A login as the console shows it, with its family's name and plan.
#[derive(Debug)]
pub struct ListedRow {
    pub id: Uuid,
    pub organization_id: Option<Uuid>,
    pub email: Option<String>,
    pub first_name: Option<String>,
    pub last_name: Option<String>,
    pub role: String,
    pub is_child: bool,
    pub is_active: bool,
    pub email_verified: bool,
    pub last_login_at: Option<DateTime<Utc>>,
    pub created_at: DateTime<Utc>,
    pub organization_name: Option<String>,
    pub plan: Option<String>,
}

/// The logins `ids`, newest first.
pub async fn listed(pool: &PgPool, ids: &[Uuid]) -> Result<Vec<ListedRow>, Error> {
    Ok(sqlx::query_as!(
        ListedRow,
        r#"SELECT u.id, u.organization_id, u.email, u.first_name, u.last_name,
            u.role, u.is_child, u.is_active, u.email_verified, u.last_login_at, u.created_at,
            o.name AS "organization_name?", o.plan AS "plan?"
         FROM users u LEFT JOIN organizations o ON o.id = u.organization_id
         WHERE u.id = ANY($1)
         ORDER BY u.created_at DESC, u.id"#,
        ids,
    )
    .fetch_all(pool)
    .traced("listed_users")
    .await?)
}

/// A family's logins, parents first, each group oldest first.
pub async fn in_family(pool: &PgPool, org: Uuid) -> Result<Vec<ListedRow>, Error> {
    Ok(sqlx::query_as!(
        ListedRow,
        r#"SELECT u.id, u.organization_id, u.email, u.first_name, u.last_name,
            u.role, u.is_child, u.is_active, u.email_verified, u.last_login_at, u.created_at,
            o.name AS "organization_name?", o.plan AS "plan?"
         FROM users u LEFT JOIN organizations o ON o.id = u.organization_id
         WHERE u.organization_id = $1
         ORDER BY u.is_child, u.created_at"#,
        org,
    )
    .fetch_all(pool)
    .traced("family_users")
    .await?)
}

/// Which logins the console's list shows.
#[derive(Debug, Default)]
pub struct Filter<'a> {
    /// A LIKE pattern over the name and email, or the family's name and
    /// slug, lower case.
    pub search: Option<&'a str>,
    pub role: Option<&'a str>,
}

impl Filter<'_> {
    /// The WHERE clause over the login's own details, with only the
    /// conditions in use.
    fn push_where(&self, q: &mut QueryBuilder<Postgres>) {
        q.push(" WHERE true");
        if let Some(pattern) = self.search {
            q.push(
                " AND lower(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '') || ' '
                    || coalesce(u.email, '')) LIKE ",
            )
            .push_bind(pattern.to_owned());
        }
        if let Some(role) = self.role {
            q.push(" AND u.role = ").push_bind(role.to_owned());
        }
    }

    /// `WITH matches(id, created_at)`: the logins a search finds by their own
    /// details or their family's name (two index lookups, then merged).
    fn push_matches(&self, q: &mut QueryBuilder<Postgres>) {
        q.push("WITH matches AS MATERIALIZED (SELECT u.id, u.created_at FROM users u");
        self.push_where(q);
        if let Some(pattern) = self.search {
            q.push(
                " UNION SELECT u.id, u.created_at FROM users u JOIN organizations f
                    ON f.id = u.organization_id WHERE (lower(f.name) || ' ' || lower(f.slug)) LIKE ",
            )
            .push_bind(pattern.to_owned());
            if let Some(role) = self.role {
                q.push(" AND u.role = ").push_bind(role.to_owned());
            }
        }
        q.push(")");
    }
}

/// The ids of one page of the logins `filter` finds, newest first.
pub async fn page(
    pool: &PgPool,
    filter: &Filter<'_>,
    limit: i64,
    offset: i64,
) -> Result<Vec<Uuid>, Error> {
    let mut q = QueryBuilder::new("");
    if filter.search.is_some() {
        filter.push_matches(&mut q);
        q.push(" SELECT id FROM matches");
    } else {
        q.push("SELECT u.id FROM users u");
        filter.push_where(&mut q);
    }
    q.push(" ORDER BY created_at DESC, id LIMIT ")
        .push_bind(limit)
        .push(" OFFSET ")
        .push_bind(offset);
    // Planned for each search's own values: a cached generic plan cannot
    // tell a rare search from one matching half the logins.
    Ok(q.build_query_scalar()
        .persistent(false)
        .fetch_all(pool)
        .traced("users_page")
        .await?)
}

/// How many logins `filter` finds.
pub async fn count(pool: &PgPool, filter: &Filter<'_>) -> Result<i64, Error> {
    if filter.search.is_none() && filter.role.is_none() {
        // Every login: the kept total, not a count over all of them.
        return Ok(super::totals::all(pool).await?.users);
    }
    let mut q = QueryBuilder::new("");
    if filter.search.is_some() {
        filter.push_matches(&mut q);
        q.push(" SELECT count(*) FROM matches");
    } else {
        q.push("SELECT count(*) FROM users u");
        filter.push_where(&mut q);
    }
    Ok(q.build_query_scalar()
        .persistent(false)
        .fetch_one(pool)
        .traced("count_users")
        .await?)
}
