//! The outbox keeps a published event for a while, then lets it go: the
//! relay's prune deletes only events published long enough ago, never one
//! still waiting, however many there are.

#![allow(clippy::unwrap_used)]

use std::time::Duration;

use kit::testing::TestDb;
use sqlx::{PgPool, migrate::Migrator};
use uuid::Uuid;

static NO_MIGRATIONS: Migrator = Migrator::DEFAULT;

const DAY: Duration = Duration::from_secs(24 * 60 * 60);

/// Writes `count` events created `created_ago` and published `published_ago`
/// (never, when None); returns their ids.
async fn events(
    pool: &PgPool,
    count: i32,
    created_ago: &str,
    published_ago: Option<&str>,
) -> Vec<Uuid> {
    sqlx::query_scalar(
        "INSERT INTO outbox (id, subject, payload, created_at, published_at)
         SELECT gen_random_uuid(), 'chores.changed', '\\x00'::bytea,
             now() - $2::interval, now() - $3::interval
         FROM generate_series(1, $1)
         RETURNING id",
    )
    .bind(count)
    .bind(created_ago)
    .bind(published_ago)
    .fetch_all(pool)
    .await
    .unwrap()
}

async fn remaining(pool: &PgPool) -> Vec<Uuid> {
    let mut ids: Vec<Uuid> = sqlx::query_scalar("SELECT id FROM outbox")
        .fetch_all(pool)
        .await
        .unwrap();
    ids.sort();
    ids
}

#[tokio::test]
async fn published_events_are_pruned_once_kept_long_enough_and_waiting_ones_never() {
    let db = TestDb::new("kit");
    let pool = kit::db::connect(&db.url, &NO_MIGRATIONS).await.unwrap();
    // More old ones than one statement deletes.
    events(&pool, 12_001, "3 days", Some("2 days")).await;
    let mut kept = events(&pool, 3, "2 days", Some("23 hours")).await;
    kept.extend(events(&pool, 2, "5 days", None).await);
    kept.sort();

    assert_eq!(kit::outbox::prune(&pool, DAY).await.unwrap(), 12_001);
    assert_eq!(remaining(&pool).await, kept);
    assert_eq!(kit::outbox::prune(&pool, DAY).await.unwrap(), 0);
}
