//! The second wall behind every query's family filter: PostgreSQL row-level
//! security.
//!
//! Every table that holds a family's rows has row-level security forced on
//! it, so even its owner sees nothing by default. Services connect as the
//! owner but work as one of two roles that own nothing:
//! - [`FAMILY_ROLE`], for one family's work: its `family_wall` policies show
//!   and accept only the rows of the family the connection is scoped to (the
//!   `chorely.family_id` setting), and none when it is scoped to no family;
//! - [`ALL_FAMILIES_ROLE`], for work across families: its policies show
//!   every row. (One role with a policy that also admitted "every family"
//!   would cost the cross-family queries their indexes: PostgreSQL evaluates a
//!   policy before a query's own conditions that are not leakproof, such as
//!   `lower(email) = …`, so a login by email became a scan of every user.)
//!
//! The scope is the work's, not the query's: a gRPC request runs in the scope
//! of its verified token ([`ScopeLayer`]): a parent's or child's family, or
//! every family for a super admin or another service; a request without a
//! valid token in no family at all. Jobs, consumers and the few public calls
//! that must look across families (a login finds its user by email) say so
//! with [`all_families`]. The pool scopes a connection each time it hands it
//! out, so a query that forgot its family filter returns its own family's
//! rows at most, and work that forgot its scope sees nothing.

use std::{future::Future, sync::LazyLock};

use sqlx::PgConnection;
use uuid::Uuid;

use crate::authn::{Authenticator, Caller, bearer_token};

/// The role one family's work runs as. Roles belong to the whole PostgreSQL
/// server, so every service's database shares them; what they may do is
/// granted per database by kit's migration.
pub const FAMILY_ROLE: &str = "chorely_app";

/// The role work across families runs as.
pub const ALL_FAMILIES_ROLE: &str = "chorely_all_families";

/// Whose rows a piece of work may see.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Scope {
    /// One family's rows only.
    Family(Uuid),
    /// Every family's: jobs, consumers, other services, the operator.
    AllFamilies,
}

tokio::task_local! {
    static SCOPE: Scope;
}

/// Runs `work` with its connections scoped to `scope`.
pub async fn within<F: Future>(scope: Scope, work: F) -> F::Output {
    SCOPE.scope(scope, work).await
}

/// Runs `work` seeing every family's rows: for work that is across families
/// by nature (jobs, consumers, a login looking up an email).
pub async fn all_families<F: Future>(work: F) -> F::Output {
    within(Scope::AllFamilies, work).await
}

/// The scope of the work in progress, if any.
pub fn current() -> Option<Scope> {
    SCOPE.try_with(|scope| *scope).ok()
}

/// The scope a verified caller's requests run in.
pub fn scope_of(caller: &Caller) -> Scope {
    match caller {
        Caller::User(user) => user.org.map_or(Scope::AllFamilies, Scope::Family),
        Caller::Service(_) => Scope::AllFamilies,
    }
}

/// How a connection works for a scope: as which role, for which family, and
/// how PostgreSQL plans its prepared statements.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Settings {
    role: &'static str,
    family: String,
    plans: &'static str,
}

/// One family's queries are planned once per connection and statement
/// (`plan_cache_mode = force_generic_plan`), not again at each execution:
/// they read a few hundred rows of one family through indexes led by its id,
/// which a generic plan does as well as one made for the values. PostgreSQL
/// otherwise kept re-planning some of them each time (catch-all filters such
/// as `$2 IS NULL OR child_id = $2` make the generic plan look costlier):
/// planning was a fifth of its CPU on `GET /api/children`, and with this
/// PostgreSQL's CPU per request fell by a third (3.4 to 2.3 ms, perf over
/// 300 requests; the medians moved less, 2.6 to 2.2 ms, within their noise).
/// Work across families (the console's filtered lists, jobs) keeps
/// PostgreSQL's choice, where the values decide which index pays.
const ONE_FAMILY_PLANS: &str = "force_generic_plan";
const ANY_PLANS: &str = "auto";

/// How a connection works for `scope`.
fn settings(scope: Option<Scope>) -> Settings {
    let (role, family, plans) = match scope {
        Some(Scope::Family(id)) => (FAMILY_ROLE, id.to_string(), ONE_FAMILY_PLANS),
        Some(Scope::AllFamilies) => (ALL_FAMILIES_ROLE, String::new(), ANY_PLANS),
        None => (FAMILY_ROLE, String::new(), ANY_PLANS),
    };
    Settings {
        role,
        family,
        plans,
    }
}

/// Scopes `conn` to `scope`: run when a connection opens and each time the
/// pool hands one out. It is also the check that the connection is alive.
pub async fn apply(conn: &mut PgConnection, scope: Option<Scope>) -> Result<(), sqlx::Error> {
    let Settings {
        role,
        family,
        plans,
    } = settings(scope);
    sqlx::query!(
        r#"SELECT set_config('role', $1, false) AS "role!",
                  set_config('chorely.family_id', $2, false) AS "family!",
                  set_config('plan_cache_mode', $3, false) AS "plans!""#,
        role,
        family,
        plans,
    )
    .fetch_one(conn)
    .await?;
    Ok(())
}

/// Creates the two roles if the server lacks them, and makes the connecting
/// user a member of both (so it may work as them). Several databases
/// migrating at once (tests, a deployment's services starting together)
/// race on the server-wide roles: the loser of a race tries again.
pub async fn ensure_roles(conn: &mut PgConnection) -> anyhow::Result<()> {
    static STATEMENT: LazyLock<String> = LazyLock::new(|| {
        let ensure = |role: &str| {
            format!(
                "IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = '{role}') THEN
                     CREATE ROLE {role} NOLOGIN;
                 END IF;
                 IF NOT pg_has_role(current_user, '{role}', 'MEMBER') THEN
                     EXECUTE format('GRANT {role} TO %I', current_user);
                 END IF;"
            )
        };
        format!(
            "DO $$ BEGIN {} {} END $$",
            ensure(FAMILY_ROLE),
            ensure(ALL_FAMILIES_ROLE)
        )
    });
    let mut attempt = 0;
    loop {
        match sqlx::raw_sql(sqlx::AssertSqlSafe(STATEMENT.as_str()))
            .execute(&mut *conn)
            .await
        {
            Ok(_) => return Ok(()),
            Err(err) if attempt < 5 && lost_a_race(&err) => attempt += 1,
            Err(err) => return Err(err.into()),
        }
    }
}

/// unique_violation, duplicate_object, or "tuple concurrently updated"
/// (internal_error): another session created or granted the role meanwhile.
fn lost_a_race(err: &sqlx::Error) -> bool {
    err.as_database_error()
        .and_then(|e| e.code())
        .is_some_and(|code| matches!(code.as_ref(), "23505" | "42710" | "XX000"))
}

/// A tower layer for gRPC servers: runs each request in the scope of its
/// verified bearer token, and a request without a valid one in none.
#[derive(Clone)]
pub struct ScopeLayer {
    authenticator: Authenticator,
}

impl ScopeLayer {
    pub fn new(authenticator: Authenticator) -> Self {
        Self { authenticator }
    }
}

impl<S> tower::Layer<S> for ScopeLayer {
    type Service = ScopeService<S>;

    fn layer(&self, inner: S) -> Self::Service {
        ScopeService {
            inner,
            authenticator: self.authenticator.clone(),
        }
    }
}

#[derive(Clone)]
pub struct ScopeService<S> {
    inner: S,
    authenticator: Authenticator,
}

impl<S, B> tower::Service<http::Request<B>> for ScopeService<S>
where
    S: tower::Service<http::Request<B>>,
    S::Future: Send + 'static,
{
    type Response = S::Response;
    type Error = S::Error;
    type Future = futures::future::BoxFuture<'static, Result<S::Response, S::Error>>;

    fn poll_ready(
        &mut self,
        cx: &mut std::task::Context<'_>,
    ) -> std::task::Poll<Result<(), S::Error>> {
        self.inner.poll_ready(cx)
    }

    fn call(&mut self, request: http::Request<B>) -> Self::Future {
        // The token is verified again by the service's interceptor, which
        // refuses a bad one; both read the same cache of verified tokens.
        let scope = request
            .headers()
            .get(http::header::AUTHORIZATION)
            .and_then(|h| h.to_str().ok())
            .and_then(bearer_token)
            .and_then(|token| self.authenticator.authenticate(token))
            .map(|caller| scope_of(&caller));
        match scope {
            Some(scope) => {
                let future = SCOPE.sync_scope(scope, || self.inner.call(request));
                Box::pin(SCOPE.scope(scope, future))
            }
            None => Box::pin(self.inner.call(request)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn work_outside_any_scope_works_for_no_family() {
        assert_eq!(
            settings(None),
            Settings {
                role: FAMILY_ROLE,
                family: String::new(),
                plans: ANY_PLANS
            }
        );
        assert_eq!(current(), None);
    }

    #[tokio::test]
    async fn a_scope_holds_for_the_work_inside_it_and_no_longer() {
        let family = Uuid::new_v4();
        let seen = within(Scope::Family(family), async {
            tokio::task::yield_now().await;
            current()
        })
        .await;
        assert_eq!(seen, Some(Scope::Family(family)));
        assert_eq!(
            settings(seen),
            Settings {
                role: FAMILY_ROLE,
                family: family.to_string(),
                plans: ONE_FAMILY_PLANS
            }
        );
        assert_eq!(
            settings(Some(Scope::AllFamilies)),
            Settings {
                role: ALL_FAMILIES_ROLE,
                family: String::new(),
                plans: ANY_PLANS
            }
        );
        assert_eq!(
            all_families(async { current() }).await,
            Some(Scope::AllFamilies)
        );
        assert_eq!(current(), None);
    }

    #[test]
    fn a_parent_works_in_their_family_and_the_operator_across_families() {
        let family = Uuid::new_v4();
        let user = |org| {
            Caller::User(crate::authn::User {
                id: Uuid::new_v4(),
                role: crate::authn::Role::OrgAdmin,
                org,
                child: None,
                token: String::new(),
                session_id: String::new(),
                expires_at: 0,
                issued_at_ms: 0,
                session_started: 0,
                on_tablet: false,
                mfa_setup: false,
            })
        };
        assert_eq!(scope_of(&user(Some(family))), Scope::Family(family));
        assert_eq!(scope_of(&user(None)), Scope::AllFamilies);
        assert_eq!(
            scope_of(&Caller::Service("chores".into())),
            Scope::AllFamilies
        );
    }
}
