//! PostgreSQL: the service's own database, created when missing, and its
//! migrations run together with kit's own (outbox, processed events).

use std::str::FromStr;

use sqlx::{
    ConnectOptions, Connection, PgConnection, PgPool,
    migrate::Migrator,
    postgres::{PgConnectOptions, PgPoolOptions},
};

static KIT_MIGRATIONS: Migrator = sqlx::migrate!("./migrations");

/// Connects to the database of `url`, creating it first if it does not exist,
/// and applies kit's migrations followed by the service's.
pub async fn connect(url: &str, service_migrations: &Migrator) -> anyhow::Result<PgPool> {
    let options = PgConnectOptions::from_str(url)?;
    create_database_if_missing(&options).await?;
    let pool = PgPoolOptions::new()
        .max_connections(10)
        .acquire_timeout(std::time::Duration::from_secs(5))
        .connect_with(options)
        .await?;
    migrator(service_migrations).run(&pool).await?;
    Ok(pool)
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
    Migrator::with_migrations(all)
}

async fn create_database_if_missing(options: &PgConnectOptions) -> anyhow::Result<()> {
    let Some(name) = options.get_database().map(str::to_owned) else {
        return Ok(());
    };
    let mut admin = options.clone().database("postgres").connect().await?;
    let exists: bool =
        sqlx::query_scalar("SELECT EXISTS (SELECT 1 FROM pg_database WHERE datname = $1)")
            .bind(&name)
            .fetch_one(&mut admin)
            .await?;
    if !exists {
        // Identifiers cannot be bound; quote it. Two processes racing here is
        // harmless: the loser sees duplicate_database and carries on.
        let sql = format!("CREATE DATABASE \"{}\"", name.replace('"', "\"\""));
        if let Err(err) = sqlx::query(sqlx::AssertSqlSafe(sql))
            .execute(&mut admin)
            .await
        {
            let duplicate = err
                .as_database_error()
                .and_then(|e| e.code())
                .is_some_and(|c| c == "42P04");
            if !duplicate {
                return Err(err.into());
            }
        }
    }
    admin.close().await?;
    Ok(())
}

/// Drops a database (used by tests to clean up after themselves).
pub async fn drop_database(url: &str) -> anyhow::Result<()> {
    let options = PgConnectOptions::from_str(url)?;
    let Some(name) = options.get_database().map(str::to_owned) else {
        return Ok(());
    };
    let mut admin: PgConnection = options.database("postgres").connect().await?;
    let sql = format!(
        "DROP DATABASE IF EXISTS \"{}\" WITH (FORCE)",
        name.replace('"', "\"\"")
    );
    sqlx::query(sqlx::AssertSqlSafe(sql))
        .execute(&mut admin)
        .await?;
    Ok(())
}

/// The name of a unique or foreign-key constraint a statement violated, if any:
/// stores turn these into their domain errors (e.g. `users_email_key` → email taken).
pub fn violated_constraint(err: &sqlx::Error) -> Option<&str> {
    err.as_database_error().and_then(|e| e.constraint())
}
