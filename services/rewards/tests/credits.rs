//! Approvals reach the ledger exactly once, whatever happens to the consumer:
//! 1,000 approval events (some published twice, some re-sent under a new
//! event id) are credited while the consumer is killed and restarted at
//! random points and parents adjust balances and pay out in between. Every
//! balance ends exactly at approved rewards + adjustments − payouts.

#![allow(clippy::unwrap_used)]

mod chaos;

use std::collections::HashMap;

use chrono::Utc;
use kit::testing::{TestBus, TestDb};
use rewards::store::ledger::{self, Jar, Kind, NewEntry};
use uuid::Uuid;

use chaos::{Xorshift, approval, drain, publish_all, run_and_kill};

const APPROVALS: usize = 1000;
const CHILDREN: usize = 5;

async fn credited(pool: &sqlx::PgPool) -> i64 {
    kit::tenancy::all_families(
        sqlx::query_scalar("SELECT count(*) FROM ledger_entries WHERE kind = 'CHORE'")
            .fetch_one(pool),
    )
    .await
    .unwrap()
}

#[tokio::test]
async fn a_thousand_approvals_survive_a_consumer_killed_at_random_points() {
    let db = TestDb::new("rewards");
    let pool = kit::db::connect(&db.url, &rewards::startup::MIGRATIONS)
        .await
        .unwrap();
    let test_bus = TestBus::new();
    let bus = test_bus.connect().await.unwrap();
    let org = Uuid::now_v7();
    let children: Vec<Uuid> = (0..CHILDREN).map(|_| Uuid::now_v7()).collect();
    let mut rng = Xorshift(0x2545_f491_4f6c_dd1d);
    let mut expected: HashMap<Uuid, i64> = HashMap::new();

    // The approvals, as chores would announce them.
    let mut events = Vec::with_capacity(APPROVALS);
    for n in 0..APPROVALS {
        let child = children[n % CHILDREN];
        let approved = rng.below(10) < 8;
        let boosted = i64::try_from(rng.below(1000)).unwrap() + 1;
        if approved {
            *expected.entry(child).or_default() += boosted;
        }
        events.push(approval(org, child, approved, boosted));
    }
    let approved_count = i64::try_from(events.iter().filter(|e| e.approved).count()).unwrap();

    let publisher = publish_all(&bus, events, 0x9e37_79b9_7f4a_7c15);

    // The consumer is killed and restarted at random points while parents
    // adjust balances and pay out.
    let mut rounds = 0;
    while credited(&pool).await < approved_count || !publisher.is_finished() {
        run_and_kill(&bus, &pool, &mut rng).await;
        rounds += 1;

        let child = children[usize::try_from(rng.below(CHILDREN as u64)).unwrap()];
        let amount = i64::try_from(rng.below(500)).unwrap() + 1;
        let (kind, signed) = if rng.below(2) == 0 {
            (Kind::Adjustment, amount)
        } else {
            (Kind::Payout, -amount)
        };
        // As a parent's adjustment or payout is written: in their family.
        let mut tx = kit::tenancy::within(kit::tenancy::Scope::Family(org), pool.begin())
            .await
            .unwrap();
        ledger::insert(
            &mut tx,
            &NewEntry {
                org,
                child,
                kind,
                jar: Jar::Spend,
                source_id: &Uuid::now_v7().to_string(),
                amount_cents: signed,
                notes: "test",
                created_by: None,
                occurred_at: Utc::now(),
            },
        )
        .await
        .unwrap();
        tx.commit().await.unwrap();
        *expected.entry(child).or_default() += signed;
        assert!(rounds < 2000, "the consumer never caught up");
    }
    publisher.await.unwrap();
    assert!(
        rounds > 3,
        "the consumer was killed along the way ({rounds} rounds)"
    );

    drain(&bus, &pool).await;

    assert_eq!(credited(&pool).await, approved_count, "0 lost, 0 doubled");
    // As the family's balances are read: in the family.
    let balances = kit::tenancy::within(
        kit::tenancy::Scope::Family(org),
        ledger::balances(&pool, org),
    )
    .await
    .unwrap();
    for child in &children {
        assert_eq!(
            balances.get(child).copied().unwrap_or(0),
            expected.get(child).copied().unwrap_or(0),
            "balance of {child}"
        );
    }
}
