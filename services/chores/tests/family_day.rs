//! What the day's plan reads first, in one statement: the family's time
//! zone and the children the service has heard of (so a plan read learns
//! only the children it has not).

#![allow(clippy::unwrap_used)]

use chores::store::{children, families};
use chrono::Utc;
use kit::testing::TestDb;
use sqlx::PgPool;
use uuid::Uuid;

async fn database() -> (TestDb, PgPool) {
    let db = TestDb::new("chores");
    let pool = kit::db::connect(&db.url, &chores::startup::MIGRATIONS)
        .await
        .unwrap();
    (db, pool)
}

async fn zone_and_children(pool: &PgPool, org: Uuid) -> (Option<String>, Vec<Uuid>) {
    kit::tenancy::within(kit::tenancy::Scope::Family(org), async {
        let mut conn = pool.acquire().await.unwrap();
        families::zone_and_children(&mut conn, org).await.unwrap()
    })
    .await
}

#[tokio::test]
async fn the_family_zone_and_every_child_heard_of_come_back_together() {
    let (_db, pool) = database().await;
    let (org, other) = (Uuid::new_v4(), Uuid::new_v4());
    assert_eq!(
        zone_and_children(&pool, org).await,
        (None, vec![]),
        "a family not heard of: no zone (it is asked), no children"
    );

    let (ava, ben, gone, elsewhere) = (
        Uuid::new_v4(),
        Uuid::new_v4(),
        Uuid::new_v4(),
        Uuid::new_v4(),
    );
    kit::tenancy::all_families(async {
        let mut conn = pool.acquire().await.unwrap();
        families::announce(&mut conn, org, "Europe/Paris")
            .await
            .unwrap();
        families::announce(&mut conn, other, "Asia/Tokyo")
            .await
            .unwrap();
        children::learn_all(&mut *conn, org, &[ava, ben, gone], Utc::now())
            .await
            .unwrap();
        children::learn_all(&mut *conn, other, &[elsewhere], Utc::now())
            .await
            .unwrap();
        children::mark_deleted(&mut conn, org, gone, Utc::now())
            .await
            .unwrap();
    })
    .await;

    let (zone, mut known) = zone_and_children(&pool, org).await;
    known.sort();
    let mut expected = vec![ava, ben, gone];
    expected.sort();
    assert_eq!(zone.as_deref(), Some("Europe/Paris"));
    assert_eq!(
        known, expected,
        "the family's children, the deleted one too (it must not be learned again), \
         and nobody of another family"
    );
}
