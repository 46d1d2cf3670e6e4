//! What a database was seeded with, kept in a `bench_seed` table beside the
//! service's own, so a second run with the same parameters skips it and one
//! with other parameters, by an older seeder (or after an interrupted run)
//! refuses to mix them.

use chrono::{DateTime, Utc};
use sqlx::{PgConnection, PgPool, Row};

use super::thousands;

/// What the seeder writes, numbered: raised whenever `sql/` writes something a
/// seed of the same size did not have, so `--replace` reseeds rather than
/// keeping the old data. 1: the first; 2: every third chore asks for a photo
/// and its submissions carry one (lists sign a link for each); 3: the chores
/// database knows each child's name (lists name submissions from it); 4: the
/// auth database keeps each family's name, plan and standing and its
/// children's names (the family tablet's home reads them there).
pub const VERSION: i32 = 4;

/// What the seeder was asked for; two seeds are the same data when these are equal.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Parameters {
    pub families: u64,
    pub submissions_per_child: u32,
}

/// What a database holds.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum State {
    /// Nothing yet: seed it.
    Empty,
    /// A finished seed with the same parameters, whose history ends at `anchor`.
    Seeded { anchor: DateTime<Utc> },
    /// Something the seeder must not add to, said in words.
    Conflict(String),
}

/// Reads the state of a database; `probe` is a table of the service's that
/// is empty in a fresh database.
pub async fn inspect(pool: &PgPool, probe: &str, wanted: Parameters) -> anyhow::Result<State> {
    let recorded = sqlx::query("SELECT to_regclass('bench_seed') IS NOT NULL AS recorded")
        .fetch_one(pool)
        .await?
        .try_get::<bool, _>("recorded")?;
    if !recorded {
        let used = sqlx::query(sqlx::AssertSqlSafe(format!(
            "SELECT EXISTS (SELECT 1 FROM {probe}) AS used"
        )))
        .fetch_one(pool)
        .await?
        .try_get::<bool, _>("used")?;
        return Ok(if used {
            State::Conflict("holds data the seeder did not write".into())
        } else {
            State::Empty
        });
    }
    // A seed of version 1 has no `version` column: read through the row as
    // JSON, where a missing column is NULL.
    let row = sqlx::query(
        "SELECT families, submissions_per_child, anchor, seeded_at,
                coalesce((to_jsonb(b) ->> 'version')::int, 1) AS version
         FROM bench_seed b LIMIT 1",
    )
    .fetch_one(pool)
    .await?;
    let found = Parameters {
        families: u64::try_from(row.try_get::<i64, _>("families")?)?,
        submissions_per_child: u32::try_from(row.try_get::<i32, _>("submissions_per_child")?)?,
    };
    let finished = row
        .try_get::<Option<DateTime<Utc>>, _>("seeded_at")?
        .is_some();
    let version: i32 = row.try_get("version")?;
    Ok(match (finished, found == wanted) {
        (true, true) if version == VERSION => State::Seeded {
            anchor: row.try_get("anchor")?,
        },
        (true, true) => State::Conflict(format!(
            "was seeded by another version of the seeder ({version}; this one writes {VERSION})"
        )),
        (true, false) => State::Conflict(format!(
            "was seeded with {} families and {} submissions per child",
            thousands(found.families),
            found.submissions_per_child
        )),
        (false, _) => State::Conflict(format!(
            "holds an unfinished seed of {} families (interrupted?)",
            thousands(found.families)
        )),
    })
}

/// Records that seeding starts, in the transaction of the first batch (so a
/// database with any seeded rows always says what they are).
pub async fn start(
    conn: &mut PgConnection,
    parameters: Parameters,
    anchor: DateTime<Utc>,
) -> anyhow::Result<()> {
    sqlx::raw_sql(
        "CREATE TABLE bench_seed (
             families bigint NOT NULL,
             submissions_per_child integer NOT NULL,
             -- what the seeder writes (VERSION)
             version integer NOT NULL,
             -- when the seeded history ends
             anchor timestamptz NOT NULL,
             started_at timestamptz NOT NULL DEFAULT now(),
             -- NULL until every batch is in
             seeded_at timestamptz
         )",
    )
    .execute(&mut *conn)
    .await?;
    sqlx::query(
        "INSERT INTO bench_seed (families, submissions_per_child, version, anchor)
         VALUES ($1, $2, $3, $4)",
    )
    .bind(i64::try_from(parameters.families)?)
    .bind(i32::try_from(parameters.submissions_per_child)?)
    .bind(VERSION)
    .bind(anchor)
    .execute(&mut *conn)
    .await?;
    Ok(())
}

/// Records that every batch is in.
pub async fn finish(conn: &mut PgConnection) -> anyhow::Result<()> {
    sqlx::query("UPDATE bench_seed SET seeded_at = now()")
        .execute(conn)
        .await?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use chrono::SubsecRound;
    use kit::testing::TestDb;

    use super::*;
    use crate::seed::database::services;

    const ASKED: Parameters = Parameters {
        families: 10,
        submissions_per_child: 52,
    };

    #[tokio::test]
    async fn only_a_finished_seed_of_the_same_parameters_and_version_is_kept() {
        let service = services().into_iter().next().unwrap();
        let db = TestDb::new("bench_seed");
        kit::db::connect(&db.url, service.migrations)
            .await
            .unwrap()
            .close()
            .await;
        let pool = PgPool::connect(&db.url).await.unwrap();
        let state = || inspect(&pool, service.probe, ASKED);
        assert_eq!(state().await.unwrap(), State::Empty);

        let anchor = Utc::now().trunc_subsecs(0);
        let mut conn = pool.acquire().await.unwrap();
        start(&mut conn, ASKED, anchor).await.unwrap();
        let State::Conflict(why) = state().await.unwrap() else {
            panic!("an unfinished seed was kept");
        };
        assert!(why.contains("unfinished"), "{why}");

        finish(&mut conn).await.unwrap();
        assert_eq!(state().await.unwrap(), State::Seeded { anchor });
        let other = Parameters {
            families: 11,
            ..ASKED
        };
        let State::Conflict(why) = inspect(&pool, service.probe, other).await.unwrap() else {
            panic!("a seed of 10 families was taken for one of 11");
        };
        assert!(why.contains("10 families"), "{why}");

        // A seed written before the version was kept reads as version 1.
        sqlx::raw_sql("ALTER TABLE bench_seed DROP COLUMN version")
            .execute(&mut *conn)
            .await
            .unwrap();
        let State::Conflict(why) = state().await.unwrap() else {
            panic!("a seed of an older seeder was kept");
        };
        assert!(
            why.contains(&format!("(1; this one writes {VERSION})")),
            "{why}"
        );
        drop(conn);
        pool.close().await;
    }
}
