//! A family's suspension as the calendar feeds see it: announcements apply
//! in the order they happened, whatever order they arrive in, and one that
//! does not say when takes the service's clock.

#![allow(clippy::unwrap_used)]

use chorely_proto::events::v1::OrganizationActivationChanged;
use chores::{events::Activation, store::families};
use chrono::{DateTime, Duration, TimeZone, Utc};
use kit::{
    clock::ManualClock,
    testing::{TestDb, deliver},
};
use sqlx::PgPool;
use uuid::Uuid;

fn at(hour: u32) -> DateTime<Utc> {
    Utc.with_ymd_and_hms(2026, 3, 2, hour, 0, 0).unwrap()
}

fn changed(
    org: Uuid,
    is_active: bool,
    when: Option<DateTime<Utc>>,
) -> OrganizationActivationChanged {
    OrganizationActivationChanged {
        organization_id: org.to_string(),
        is_active,
        changed_at: when.map(kit::time::to_proto),
    }
}

async fn standing(pool: &PgPool, org: Uuid) -> (bool, Option<DateTime<Utc>>) {
    kit::tenancy::all_families(
        sqlx::query_as(
            "SELECT suspended, activation_changed_at FROM families WHERE organization_id = $1",
        )
        .bind(org)
        .fetch_one(pool),
    )
    .await
    .unwrap()
}

#[tokio::test]
async fn announcements_apply_in_the_order_they_happened_and_an_undated_one_takes_the_clock() {
    let db = TestDb::new("chores");
    let pool = kit::db::connect(&db.url, &chores::startup::MIGRATIONS)
        .await
        .unwrap();
    let org = Uuid::new_v4();
    kit::tenancy::all_families(async {
        let mut conn = pool.acquire().await.unwrap();
        families::announce(&mut conn, org, "UTC").await.unwrap();
    })
    .await;
    let clock = ManualClock::at(at(12));
    let handler = Activation {
        clock: clock.clock(),
    };

    deliver(&pool, &handler, changed(org, false, Some(at(9)))).await;
    assert_eq!(standing(&pool, org).await, (true, Some(at(9))));

    // The reactivation of 8:00 arrives after the suspension of 9:00.
    deliver(&pool, &handler, changed(org, true, Some(at(8)))).await;
    assert_eq!(
        standing(&pool, org).await,
        (true, Some(at(9))),
        "a late, older announcement changes nothing"
    );

    // An announcement without a time happened when the service heard it.
    clock.advance(Duration::minutes(5));
    deliver(&pool, &handler, changed(org, true, None)).await;
    assert_eq!(
        standing(&pool, org).await,
        (false, Some(at(12) + Duration::minutes(5)))
    );
}
