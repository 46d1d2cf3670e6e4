//! The outbox keeps a published event for a while, then lets it go: the
//! relay's prune deletes only events published long enough ago, never one
//! still waiting, however many there are. And however many events are
//! committed while the relay drains, they wake it once.

#![allow(clippy::unwrap_used)]

use std::time::Duration;

use futures::FutureExt;

use kit::testing::TestDb;
use sqlx::{PgPool, migrate::Migrator};
use tokio_util::sync::CancellationToken;
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

#[tokio::test]
async fn commits_heard_while_the_relay_is_busy_wake_it_once() {
    let db = TestDb::new("kit");
    let pool = kit::db::connect(&db.url, &NO_MIGRATIONS).await.unwrap();
    let stop = CancellationToken::new();
    let wake = kit::outbox::Wake::listen(&pool, stop.clone())
        .await
        .unwrap();
    // Fifty transactions, each announcing its events as `enqueue` does,
    // while nothing waits for the wake (the relay is draining).
    for _ in 0..50 {
        sqlx::query("SELECT pg_notify('outbox', '')")
            .execute(&pool)
            .await
            .unwrap();
    }
    kit::testing::eventually("the relay hearing all 50 commits", || async {
        wake.heard() >= 50
    })
    .await;
    assert!(
        wake.committed().now_or_never().is_some(),
        "the commits wake the relay"
    );
    assert!(
        wake.committed().now_or_never().is_none(),
        "fifty commits heard before one drain wake it once"
    );
    // A commit after that wakes it again.
    sqlx::query("SELECT pg_notify('outbox', '')")
        .execute(&pool)
        .await
        .unwrap();
    tokio::time::timeout(Duration::from_secs(10), wake.committed())
        .await
        .expect("a later commit wakes the relay");
    stop.cancel();
}
