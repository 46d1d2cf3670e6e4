//! PostgreSQL: the service's own database, created when missing, and its
//! migrations run together with kit's own (outbox, processed events); a pool
//! whose connections work as the application role, scoped to a family
//! (`crate::tenancy`); the span every statement runs in.

use std::{fmt, str::FromStr};

use sqlx::{
    ConnectOptions, Connection, PgConnection, PgPool, Postgres, QueryBuilder,
    migrate::{MigrateDatabase, Migrator},
    postgres::{PgConnectOptions, PgPoolOptions},
};
use tracing::{Instrument, instrument::Instrumented};

static KIT_MIGRATIONS: Migrator = sqlx::migrate!("./migrations");

/// Connects to the database of `url`, creating it first if it does not exist,
/// and applies kit's migrations followed by the service's (under PostgreSQL's
/// advisory lock, so processes starting together take turns).
pub async fn connect(url: &str, service_migrations: &Migrator) -> anyhow::Result<PgPool> {
    connect_sized(url, service_migrations, POOL_MAX_CONNECTIONS).await
}

/// The connections a pool opens at most, unless the service's configuration
/// says otherwise (`DB_MAX_CONNECTIONS`).
pub const POOL_MAX_CONNECTIONS: u32 = 10;

/// [`connect`], with a pool of at most `max_connections`.
pub async fn connect_sized(
    url: &str,
    service_migrations: &Migrator,
    max_connections: u32,
) -> anyhow::Result<PgPool> {
    let options = PgConnectOptions::from_str(url)?;
    create_database_if_missing(url).await?;
    // Migrations run as the connecting user, who owns the tables; the pool
    // works as the roles that own nothing (`crate::tenancy`).
    let mut owner: PgConnection = options.connect().await?;
    crate::tenancy::ensure_roles(&mut owner).await?;
    migrator(service_migrations).run(&mut owner).await?;
    owner.close().await?;
    Ok(pool(options, max_connections).await?)
}

/// Connects to the database of `url` as migrated by someone else (a release's
/// migration job), refusing a schema this binary's migrations are not all in.
pub async fn connect_migrated(
    url: &str,
    service_migrations: &Migrator,
    max_connections: u32,
) -> anyhow::Result<PgPool> {
    let pool = match pool(PgConnectOptions::from_str(url)?, max_connections).await {
        // invalid_catalog_name: the database is not there yet.
        Err(err) if has_sqlstate(&err, "3D000") => {
            anyhow::bail!("the database does not exist: run this binary's `migrate` command first")
        }
        other => other?,
    };
    let pending = pending(&pool, service_migrations).await?;
    if let Some(first) = pending.first() {
        anyhow::bail!(
            "the database is missing {} migration(s) from version {first}: run this binary's `migrate` command first",
            pending.len()
        );
    }
    Ok(pool)
}

/// Creates the database if missing and applies every migration, then disconnects.
pub async fn migrate(url: &str, service_migrations: &Migrator) -> anyhow::Result<()> {
    let pool = connect(url, service_migrations).await?;
    tracing::info!("database migrated");
    pool.close().await;
    Ok(())
}

/// Returns once the database at `url` has every migration this binary knows,
/// checking every `every`; until then it logs what it waits for.
pub async fn wait_for_migrations(
    url: &str,
    service_migrations: &Migrator,
    every: std::time::Duration,
) -> anyhow::Result<()> {
    let options = PgConnectOptions::from_str(url)?;
    let mut waiting_for = None;
    loop {
        // The database may not exist yet, or not accept connections: both mean "not yet".
        let pending = match options.clone().connect().await {
            Ok(mut conn) => {
                let pending = pending_on(&mut conn, service_migrations).await;
                let _ = conn.close().await;
                pending.map_err(|e| e.to_string())
            }
            Err(err) => Err(err.to_string()),
        };
        match pending {
            Ok(pending) if pending.is_empty() => {
                tracing::info!("database migrated");
                return Ok(());
            }
            Ok(pending) => {
                let first = pending[0];
                if waiting_for != Some(first) {
                    tracing::info!(
                        version = first,
                        count = pending.len(),
                        "waiting for migrations"
                    );
                    waiting_for = Some(first);
                }
            }
            Err(err) => tracing::info!(%err, "waiting for the database"),
        }
        tokio::time::sleep(every).await;
    }
}

/// Versions of kit's and the service's migrations not yet applied, in order.
pub async fn pending(pool: &PgPool, service_migrations: &Migrator) -> anyhow::Result<Vec<i64>> {
    let mut conn = pool.acquire().await?;
    pending_on(&mut conn, service_migrations).await
}

async fn pending_on(
    conn: &mut PgConnection,
    service_migrations: &Migrator,
) -> anyhow::Result<Vec<i64>> {
    let applied = if sqlx::query_scalar!(
        r#"SELECT to_regclass('_sqlx_migrations') IS NOT NULL AS "exists!""#
    )
    .fetch_one(&mut *conn)
    .await?
    {
        sqlx::query_scalar!("SELECT version FROM _sqlx_migrations WHERE success")
            .fetch_all(&mut *conn)
            .await?
    } else {
        Vec::new()
    };
    Ok(migrator(service_migrations)
        .iter()
        .filter(|m| !m.migration_type.is_down_migration())
        .map(|m| m.version)
        .filter(|v| !applied.contains(v))
        .collect())
}

/// The longest a statement waits for a connection. While PostgreSQL is down
/// or restarting the pool keeps retrying until then, so this bounds what a
/// request waits before it is answered 503 (see `error::failure`); a request
/// may pass through two services before reaching a database, and callers
/// count anything past 5 s as a hang.
const ACQUIRE_TIMEOUT: std::time::Duration = std::time::Duration::from_secs(2);

/// The service's pool. Each time a connection opens or is handed out it is
/// scoped to the work that asked for it (the task's
/// [`crate::tenancy::Scope`], read here because sqlx runs both hooks inside
/// `acquire`, in the asking task). Scoping is one statement, so it also
/// stands in for sqlx's liveness ping.
async fn pool(options: PgConnectOptions, max_connections: u32) -> Result<PgPool, sqlx::Error> {
    PgPoolOptions::new()
        .max_connections(max_connections)
        .acquire_timeout(ACQUIRE_TIMEOUT)
        .test_before_acquire(false)
        .after_connect(|conn, _| {
            let scope = crate::tenancy::current();
            Box::pin(crate::tenancy::apply(conn, scope))
        })
        .before_acquire(|conn, _| {
            let scope = crate::tenancy::current();
            Box::pin(async move {
                crate::tenancy::apply(conn, scope).await?;
                Ok(true)
            })
        })
        .connect_with(options)
        .await
}

/// Whether PostgreSQL refused with the error code `code` (SQLSTATE).
fn has_sqlstate(err: &sqlx::Error, code: &str) -> bool {
    err.as_database_error()
        .and_then(|e| e.code())
        .is_some_and(|c| c == code)
}

/// Kit's migrations (versions below 1000) and the service's in one ordered set,
/// so one `_sqlx_migrations` table tracks both.
pub fn migrator(service: &Migrator) -> Migrator {
    let mut all: Vec<_> = KIT_MIGRATIONS
        .iter()
        .chain(service.iter())
        .cloned()
        .collect();
    all.sort_by_key(|m| m.version);
    let mut migrator = Migrator::with_migrations(all);
    // After a rollback the database holds the newer release's migrations,
    // which this binary does not know; they are meant to work with it.
    migrator.set_ignore_missing(true);
    migrator
}

async fn create_database_if_missing(url: &str) -> anyhow::Result<()> {
    if Postgres::database_exists(url).await? {
        return Ok(());
    }
    // Two processes racing here is harmless: the loser sees
    // duplicate_database and carries on.
    match Postgres::create_database(url).await {
        Err(err) if !has_sqlstate(&err, "42P04") => Err(err.into()),
        _ => Ok(()),
    }
}

/// Drops a database (used by tests to clean up after themselves), closing
/// the connections still open to it.
pub async fn drop_database(url: &str) -> anyhow::Result<()> {
    let options = PgConnectOptions::from_str(url)?;
    let Some(name) = options.get_database().map(str::to_owned) else {
        return Ok(());
    };
    let mut admin: PgConnection = options.database("postgres").connect().await?;
    QueryBuilder::<Postgres>::new("DROP DATABASE IF EXISTS ")
        .push(Identifier(&name))
        .push(" WITH (FORCE)")
        .build()
        .execute(&mut admin)
        .await?;
    Ok(())
}

/// A name written into SQL as a quoted identifier, for the statements that
/// cannot take it as a bind parameter (`DROP DATABASE`).
struct Identifier<'a>(&'a str);

impl fmt::Display for Identifier<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "\"{}\"", self.0.replace('"', "\"\""))
    }
}

/// The name of a unique or foreign-key constraint a statement violated, if any:
/// stores turn these into their domain errors (e.g. `users_email_key` → email taken).
pub fn violated_constraint(err: &sqlx::Error) -> Option<&str> {
    err.as_database_error().and_then(|e| e.constraint())
}

/// Gives a statement its span: `sqlx::query!(…).fetch_one(pool).traced("find_chore")`
/// runs the query inside a `db.query` span named `SQL find_chore`, a client
/// span with OpenTelemetry's database attributes, as a child of the request
/// or event it serves. Every store statement goes through it.
pub trait Traced: Future + Sized {
    fn traced(self, statement: &'static str) -> Instrumented<Self>;
}

impl<F: Future> Traced for F {
    fn traced(self, statement: &'static str) -> Instrumented<Self> {
        self.instrument(span(statement))
    }
}

/// The span of the statement named `statement`.
pub fn span(statement: &'static str) -> tracing::Span {
    tracing::info_span!(
        "db.query",
        otel.name = %SpanName(statement),
        otel.kind = "client",
        db.system = "postgresql",
        db.operation.name = statement,
    )
}

/// `SQL <statement>`, written only when the span is recorded.
struct SpanName(&'static str);

impl fmt::Display for SpanName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "SQL {}", self.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_statement_runs_in_a_client_span_with_the_database_attributes() {
        tracing::subscriber::with_default(tracing_subscriber::registry(), || {
            let span = span("find_chore");
            let meta = span.metadata().expect("the span is recorded");
            assert_eq!(meta.name(), "db.query");
            let fields: Vec<_> = meta.fields().iter().map(|f| f.name()).collect();
            assert_eq!(
                fields,
                ["otel.name", "otel.kind", "db.system", "db.operation.name"]
            );
        });
        assert_eq!(SpanName("find_chore").to_string(), "SQL find_chore");
    }
}
