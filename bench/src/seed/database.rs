//! One service database: its migrations, its seeding script, and the loop
//! that runs the script over every batch of families.

use std::time::{Duration, Instant};

use anyhow::Context;
use chrono::{DateTime, Utc};
use sqlx::{Connection, PgConnection, PgPool, Row, migrate::Migrator};

use super::{batches::batches, record, thousands};

/// The facts every script builds on (`pg_temp` functions, this session only).
const FACTS: &str = include_str!("sql/facts.sql");

/// A service whose database is seeded.
pub struct Service {
    pub name: &'static str,
    pub migrations: &'static Migrator,
    /// The statements run for every batch, each after a `-- step: <name>` line.
    pub script: &'static str,
    /// A table of the service's own that is empty in a fresh database.
    pub probe: &'static str,
    /// Big tables whose indexes are built once after loading rather than
    /// updated row by row (twice as fast at 1,000 families, more beyond).
    pub deferred: &'static [&'static str],
}

/// The five services, the two big ones (chores, rewards) first so they start first.
pub fn services() -> [Service; 5] {
    [
        Service {
            name: "chores",
            migrations: &chores::startup::MIGRATIONS,
            script: include_str!("sql/chores.sql"),
            probe: "categories",
            deferred: &["submissions"],
        },
        Service {
            name: "rewards",
            migrations: &rewards::startup::MIGRATIONS,
            script: include_str!("sql/rewards.sql"),
            probe: "families",
            deferred: &["ledger_entries", "grades"],
        },
        Service {
            name: "auth",
            migrations: &auth::startup::MIGRATIONS,
            script: include_str!("sql/auth.sql"),
            probe: "users",
            deferred: &[],
        },
        Service {
            name: "family",
            migrations: &family::startup::MIGRATIONS,
            script: include_str!("sql/family.sql"),
            probe: "organizations",
            deferred: &[],
        },
        Service {
            name: "platform",
            migrations: &platform::startup::MIGRATIONS,
            script: include_str!("sql/platform.sql"),
            probe: "organizations",
            deferred: &[],
        },
    ]
}

/// A named statement of a script.
#[derive(Debug, PartialEq, Eq)]
pub struct Step<'a> {
    pub name: &'a str,
    pub sql: &'a str,
}

/// The statements of a script, in order; the text before the first step is its comment.
pub fn steps(script: &str) -> Vec<Step<'_>> {
    script
        .split("\n-- step: ")
        .skip(1)
        .filter_map(|part| {
            let (name, sql) = part.split_once('\n')?;
            Some(Step {
                name: name.trim(),
                sql: sql.trim(),
            })
        })
        .collect()
}

/// What every database is seeded with.
pub struct Seed<'a> {
    pub parameters: record::Parameters,
    pub anchor: DateTime<Utc>,
    /// Families per statement.
    pub batch: u64,
    /// The shared Argon2 hash (auth only uses it).
    pub password_hash: &'a str,
}

impl Seed<'_> {
    /// The facts with the seed's values written in.
    pub fn facts(&self) -> String {
        FACTS
            .replace("{{anchor}}", &self.anchor.to_rfc3339())
            .replace("{{families}}", &self.parameters.families.to_string())
            .replace(
                "{{submissions_per_child}}",
                &self.parameters.submissions_per_child.to_string(),
            )
            .replace("{{password_hash}}", &self.password_hash.replace('\'', "''"))
    }
}

/// Seeds every family into `service`'s database; returns how long the rows
/// took (indexes included) and how long the vacuum after them.
pub async fn seed(
    service: &Service,
    pool: &PgPool,
    seed: &Seed<'_>,
) -> anyhow::Result<(Duration, Duration)> {
    let started = Instant::now();
    let db = service.name;
    let mut conn = pool.acquire().await?;
    // A lost seed is simply run again: no need to wait for each commit to reach
    // the disk. Batches sort up to a few hundred MB (rows go in in time order).
    // The planner's estimates for generated rows are huge, so JIT would spend
    // a second compiling every statement for nothing.
    sqlx::raw_sql(
        "SET synchronous_commit = off; SET work_mem = '256MB'; \
         SET maintenance_work_mem = '512MB'; SET jit = off",
    )
    .execute(&mut *conn)
    .await?;
    // Foreign keys hold by construction (a submission's chore is seeded
    // first), so their per-row checks are skipped where allowed (superuser).
    if let Err(err) = sqlx::raw_sql("SET session_replication_role = replica")
        .execute(&mut *conn)
        .await
    {
        println!("  {db}: foreign keys checked row by row ({err})");
    }
    sqlx::raw_sql(sqlx::AssertSqlSafe(seed.facts()))
        .execute(&mut *conn)
        .await
        .with_context(|| format!("{db}: defining the seed's facts"))?;

    let steps = steps(service.script);
    let families = seed.parameters.families;
    let mut deferred = Vec::new();
    for (i, range) in batches(families, seed.batch).enumerate() {
        let (first, last) = (i64::try_from(*range.start())?, i64::try_from(*range.end())?);
        let mut tx = conn.begin().await?;
        if i == 0 {
            record::start(&mut tx, seed.parameters, seed.anchor).await?;
            for table in service.deferred {
                deferred.extend(set_aside(&mut tx, table).await?);
            }
        }
        for step in &steps {
            sqlx::query(step.sql)
                .bind(first)
                .bind(last)
                .execute(&mut *tx)
                .await
                .with_context(|| format!("{db}: {} of families {first}..={last}", step.name))?;
        }
        tx.commit().await?;
        println!(
            "  {db}: seeded {} of {} families ({:.1} s)",
            thousands(*range.end()),
            thousands(families),
            started.elapsed().as_secs_f64()
        );
    }
    let mut tx = conn.begin().await?;
    for index in &deferred {
        let building = Instant::now();
        sqlx::raw_sql(sqlx::AssertSqlSafe(index.create.as_str()))
            .execute(&mut *tx)
            .await
            .with_context(|| format!("{db}: {}", index.create))?;
        println!(
            "  {db}: built {} ({:.1} s)",
            index.name,
            building.elapsed().as_secs_f64()
        );
    }
    record::finish(&mut tx).await?;
    tx.commit().await?;
    let rows = started.elapsed();

    // Sets hint bits and the visibility map and gathers statistics now, so the
    // first benchmark is not the one that pays for it (nor autovacuum during it).
    let vacuum = Instant::now();
    sqlx::raw_sql("VACUUM (ANALYZE)")
        .execute(&mut *conn)
        .await
        .with_context(|| format!("{db}: vacuum and analyze"))?;
    Ok((rows, vacuum.elapsed()))
}

/// An index (or the unique or primary key constraint it backs) set aside
/// while its table is loaded.
struct Deferred {
    name: String,
    /// The statement that makes it again, as the catalogue describes it, so
    /// the schema ends up exactly as the migrations left it.
    create: String,
}

/// Drops the indexes of `table`, returning how to make each again.
async fn set_aside(conn: &mut PgConnection, table: &str) -> anyhow::Result<Vec<Deferred>> {
    let rows = sqlx::query(
        "SELECT i.indexrelid::regclass::text AS index, pg_get_indexdef(i.indexrelid) AS definition,
             quote_ident(c.conname) AS constraint_name, pg_get_constraintdef(c.oid) AS constraint_def
         FROM pg_index i
         LEFT JOIN pg_constraint c ON c.conindid = i.indexrelid AND c.conrelid = i.indrelid
             AND c.contype IN ('p', 'u')
         WHERE i.indrelid = $1::regclass
         ORDER BY c.contype NULLS LAST, 1",
    )
    .bind(table)
    .fetch_all(&mut *conn)
    .await?;
    let mut deferred = Vec::new();
    for row in rows {
        let index: String = row.try_get("index")?;
        let (drop, create) = match row.try_get::<Option<String>, _>("constraint_name")? {
            Some(constraint) => (
                format!("ALTER TABLE {table} DROP CONSTRAINT {constraint}"),
                format!(
                    "ALTER TABLE {table} ADD CONSTRAINT {constraint} {}",
                    row.try_get::<String, _>("constraint_def")?
                ),
            ),
            None => (format!("DROP INDEX {index}"), row.try_get("definition")?),
        };
        sqlx::raw_sql(sqlx::AssertSqlSafe(drop))
            .execute(&mut *conn)
            .await?;
        deferred.push(Deferred {
            name: index,
            create,
        });
    }
    Ok(deferred)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_script_has_named_statements_and_the_facts_no_blanks() {
        for service in services() {
            let steps = steps(service.script);
            assert!(!steps.is_empty(), "{}", service.name);
            for step in &steps {
                assert!(
                    !step.name.is_empty() && step.sql.contains("INSERT INTO"),
                    "{step:?}"
                );
                assert!(!step.sql.contains("-- step:"), "{step:?}");
            }
        }
        let facts = Seed {
            parameters: record::Parameters {
                families: 10,
                submissions_per_child: 52,
            },
            anchor: Utc::now(),
            batch: 5,
            password_hash: "$argon2id$v=19$m=19456,t=2,p=1$c2FsdA$aGFzaA",
        }
        .facts();
        assert!(!facts.contains("{{"), "a value is missing from the facts");
    }
}
