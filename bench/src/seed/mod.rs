//! Seeds N families straight into each service's database, through the
//! service's own migrations.
//!
//! Rows are made by the database server (INSERT … SELECT over
//! generate_series), a batch of families per statement. Every value is a
//! function of the family's number n, the child's k, the chore's j and the
//! submission's s (`sql/facts.sql`), so each database computes the same ids
//! (md5 of a key such as `child:n:k`), names, times and amounts on its own,
//! and the five can be seeded at once. What the running services would have
//! written is written: a credit in the ledger for every approved submission,
//! children in the rewards and platform databases as their event consumers
//! keep them, the platform's chore counts, and so on.

mod batches;
mod database;
mod record;

use std::time::Instant;

use anyhow::Context;
use chrono::{SubsecRound, Utc};
use clap::Args as ClapArgs;
use sqlx::{PgPool, Row};

use database::{Seed, Service};
use record::{Parameters, State};

/// Every seeded login's password.
pub const PASSWORD: &str = "bench-password";

/// The login of family `n`'s parent (families are numbered from 1).
pub fn parent_email(family: u64) -> String {
    format!("parent{family}@bench.chorely.test")
}

/// The login of family `n`'s child `k` (children are numbered from 1).
pub fn child_email(family: u64, child: u64) -> String {
    format!("child{family}-{child}@bench.chorely.test")
}

#[derive(ClapArgs, Debug, Clone)]
pub struct Args {
    /// Databases are named <prefix>_<service>.
    #[arg(long, default_value = "bench")]
    pub prefix: String,
    /// How many families.
    #[arg(long, default_value_t = 100_000, value_parser = clap::value_parser!(u64).range(1..=10_000_000))]
    pub families: u64,
    /// Submissions per child over the past year (52: about weekly). At most
    /// 182, so they are two days apart and no streak bonus ever applies.
    #[arg(long, default_value_t = 52, value_parser = clap::value_parser!(u32).range(1..=182))]
    pub submissions_per_child: u32,
    /// PostgreSQL server, without a database name.
    #[arg(long, default_value = "postgres://postgres@127.0.0.1:5432")]
    pub postgres: String,
    /// Drop the <prefix>_* databases first.
    #[arg(long)]
    pub reset: bool,
    /// Drop the <prefix>_* databases only when they hold a seed of other
    /// parameters or an interrupted one (a seed of the same size is kept).
    #[arg(long)]
    pub replace: bool,
    /// Families per statement.
    #[arg(long, default_value_t = 5_000, value_parser = clap::value_parser!(u64).range(1..))]
    pub batch: u64,
}

/// A service database, connected and migrated.
struct Target {
    service: Service,
    database: String,
    pool: PgPool,
    state: State,
}

pub async fn run(args: Args) -> anyhow::Result<()> {
    let started = Instant::now();
    if args.prefix.is_empty()
        || !args
            .prefix
            .chars()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_')
    {
        anyhow::bail!("--prefix must be lower-case letters, digits and underscores");
    }
    let parameters = Parameters {
        families: args.families,
        submissions_per_child: args.submissions_per_child,
    };
    let server = args.postgres.trim_end_matches('/');
    let url = |service: &Service| format!("{server}/{}_{}", args.prefix, service.name);

    let drop_all = || async {
        for service in database::services() {
            kit::db::drop_database(&url(&service))
                .await
                .with_context(|| format!("dropping {}_{}", args.prefix, service.name))?;
        }
        println!("dropped the {}_* databases", args.prefix);
        anyhow::Ok(())
    };
    if args.reset {
        drop_all().await?;
    }

    let mut targets = inspect(&args, parameters, &url).await?;
    if args.replace
        && targets
            .iter()
            .any(|t| matches!(t.state, State::Conflict(_)))
    {
        for target in targets.drain(..) {
            target.pool.close().await;
        }
        drop_all().await?;
        targets = inspect(&args, parameters, &url).await?;
    }

    let conflicts: Vec<String> = targets
        .iter()
        .filter_map(|t| match &t.state {
            State::Conflict(why) => Some(format!("  {} {why}", t.database)),
            _ => None,
        })
        .collect();
    if !conflicts.is_empty() {
        anyhow::bail!(
            "cannot seed {} families with {} submissions per child:\n{}\n\
             drop the {prefix}_* databases (or run again with --reset) to seed them afresh",
            thousands(args.families),
            args.submissions_per_child,
            conflicts.join("\n"),
            prefix = args.prefix,
        );
    }
    // Databases seeded earlier with the same parameters keep their history's
    // end; the rest are seeded with the same one, so all five agree.
    let anchor = targets
        .iter()
        .find_map(|t| match t.state {
            State::Seeded { anchor } => Some(anchor),
            _ => None,
        })
        .unwrap_or_else(|| Utc::now().trunc_subsecs(0));
    for t in &targets {
        if t.state != State::Empty {
            println!(
                "{} already holds these {} families: skipped",
                t.database,
                thousands(args.families)
            );
        }
    }
    let todo: Vec<&Target> = targets.iter().filter(|t| t.state == State::Empty).collect();

    if !todo.is_empty() {
        let password_hash = if todo.iter().any(|t| t.service.name == "auth") {
            hash_password().await?
        } else {
            String::new()
        };
        let seed = Seed {
            parameters,
            anchor,
            batch: args.batch,
            password_hash: &password_hash,
        };
        println!(
            "seeding {} families ({} submissions per child, history up to {anchor}) into {}",
            thousands(args.families),
            args.submissions_per_child,
            todo.iter()
                .map(|t| t.database.as_str())
                .collect::<Vec<_>>()
                .join(", ")
        );
        // All at once: chores and rewards do most of the work, one core each.
        let timings = futures::future::try_join_all(
            todo.iter()
                .map(|t| database::seed(&t.service, &t.pool, &seed)),
        )
        .await?;
        for (t, (rows, vacuum)) in todo.iter().zip(timings) {
            println!(
                "{}: rows in {:.1} s, then vacuum and analyze in {:.1} s",
                t.database,
                rows.as_secs_f64(),
                vacuum.as_secs_f64()
            );
        }
    }

    let mut total = 0;
    for t in &targets {
        let bytes: i64 = sqlx::query("SELECT pg_database_size(current_database()) AS bytes")
            .fetch_one(&t.pool)
            .await?
            .try_get("bytes")?;
        total += bytes;
        println!("{}: {}", t.database, megabytes(bytes));
    }
    println!(
        "done in {:.1} s; {} on disk in all",
        started.elapsed().as_secs_f64(),
        megabytes(total)
    );
    Ok(())
}

/// The Argon2 hash every seeded login shares, made once with the auth
/// service's own hasher (so logins through the API verify it as usual).
async fn hash_password() -> anyhow::Result<String> {
    let password = auth::domain::Password::parse(PASSWORD)?;
    Ok(auth::password::Hasher::new(1).hash(&password).await?)
}

/// 100000 → "100,000".
fn thousands(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

fn megabytes(bytes: i64) -> String {
    format!("{:.0} MB", bytes as f64 / 1_048_576.0)
}

/// Connects to and migrates each service's database, and reads what it holds.
async fn inspect(
    args: &Args,
    parameters: Parameters,
    url: &impl Fn(&Service) -> String,
) -> anyhow::Result<Vec<Target>> {
    let mut targets = Vec::new();
    for service in database::services() {
        let database = format!("{}_{}", args.prefix, service.name);
        kit::db::connect(&url(&service), service.migrations)
            .await
            .with_context(|| format!("connecting to and migrating {database}"))?
            .close()
            .await;
        // The seed is loaded as the database's owner, like a restore: it
        // drops and remakes indexes around its COPY, which are not the
        // services' to run. (The benchmark's user is a superuser, whom
        // row-level security lets by.)
        let pool = PgPool::connect(&url(&service))
            .await
            .with_context(|| format!("connecting to {database} as its owner"))?;
        let state = record::inspect(&pool, service.probe, parameters)
            .await
            .with_context(|| format!("reading what {database} holds"))?;
        targets.push(Target {
            service,
            database,
            pool,
            state,
        });
    }
    Ok(targets)
}
