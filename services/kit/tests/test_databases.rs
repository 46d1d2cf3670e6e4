//! The test databases a stack leases: handed out one stack at a time, and
//! again as the migrations left them.
#![allow(clippy::unwrap_used)]

use kit::testing::lease_from;
use sqlx::{PgPool, migrate::Migrator};

static MIGRATIONS: Migrator = sqlx::migrate!("tests/lease_migrations");

async fn names(pool: &PgPool, table: &str) -> Vec<String> {
    sqlx::query_scalar(sqlx::AssertSqlSafe(format!(
        "SELECT name::text FROM {table} ORDER BY 1"
    )))
    .fetch_all(pool)
    .await
    .unwrap()
}

#[tokio::test]
async fn a_leased_database_is_handed_out_again_as_the_migrations_left_it() {
    // Slots from here on are this process's alone: stacks take theirs from 0.
    let first = 10_000 + std::process::id() % 100_000;
    let services = [("leasetest", &MIGRATIONS)];
    let lease = lease_from(first, &services).await;
    let url = lease.dbs[0].url.clone();

    let pool = PgPool::connect(&url).await.unwrap();
    assert_eq!(names(&pool, "seeded").await, ["kept"]);
    // A test changes what the migrations seeded and adds rows of its own,
    // the outbox's included (kit's own tables).
    sqlx::raw_sql(
        "INSERT INTO seeded (name) VALUES ('added');
         INSERT INTO filled (id, seeded) VALUES (1, 'kept'), (2, 'added');
         DELETE FROM filled WHERE id = 1; DELETE FROM seeded WHERE name = 'kept';
         INSERT INTO outbox (id, subject, payload)
           VALUES (gen_random_uuid(), 'test.subject', '\\x00')",
    )
    .execute(&pool)
    .await
    .unwrap();

    // While it is leased, another stack gets another slot's database.
    let other = lease_from(first, &services).await;
    let other_url = other.dbs[0].url.clone();
    assert_ne!(other_url, url);
    other.release().await;

    // Its connections still open (as a stack's whose process is ending),
    // the slot is given back and taken again: the same database, emptied,
    // the seeded row back.
    lease.release().await;
    let again = lease_from(first, &services).await;
    assert_eq!(again.dbs[0].url, url);
    let pool = PgPool::connect(&url).await.unwrap();
    assert_eq!(names(&pool, "seeded").await, ["kept"]);
    let left: i64 =
        sqlx::query_scalar("SELECT (SELECT count(*) FROM filled) + (SELECT count(*) FROM outbox)")
            .fetch_one(&pool)
            .await
            .unwrap();
    assert_eq!(left, 0);
    pool.close().await;
    again.release().await;

    for url in [url, other_url] {
        kit::db::drop_database(&url).await.unwrap();
    }
}
