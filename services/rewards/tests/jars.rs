//! Jars stay exact whatever happens to the consumer: approvals split into
//! each child's jars (70/20/10, 33/33/34, ...) arrive while the consumer is
//! killed and restarted at random points, and in between children ask for
//! store rewards and parents approve or reject them. 500 operations in all.
//! Every jar ends at exactly its expected sum, which is the sum of its
//! ledger lines: each approval counted once (its lines sum to its reward),
//! each approved redemption debited once, nothing for a rejected or refused
//! one.

#![allow(clippy::unwrap_used)]

mod chaos;

use std::collections::HashMap;

use kit::{
    tenancy::{Scope, within},
    testing::{TestBus, TestDb},
};
use rewards::{
    error::Error,
    jars::parts,
    reward_store,
    store::{
        jars::{self, Split},
        ledger::Jar,
        store_items::{self, ItemFields},
    },
};
use sqlx::PgPool;
use uuid::Uuid;

use chaos::{Xorshift, approval, drain, publish_all, run_and_kill};

/// Approvals published; with the store's requests and decisions, 500 operations.
const APPROVALS: usize = 300;
const STORE_OPERATIONS: usize = 200;
const SPLITS: [(i32, i32, i32); 5] = [
    (100, 0, 0),
    (70, 20, 10),
    (33, 33, 34),
    (0, 50, 50),
    (50, 25, 25),
];
const PRICES: [i64; 3] = [50, 125, 333];

type Jars = HashMap<(Uuid, Jar), i64>;

async fn lines_of(pool: &PgPool, kind: &str) -> i64 {
    kit::tenancy::all_families(
        sqlx::query_scalar("SELECT count(*) FROM ledger_entries WHERE kind = $1")
            .bind(kind)
            .fetch_one(pool),
    )
    .await
    .unwrap()
}

/// Each (child, jar)'s sum of ledger lines.
async fn ledger_jars(pool: &PgPool) -> Jars {
    let rows: Vec<(Uuid, String, i64)> = kit::tenancy::all_families(
        sqlx::query_as(
            "SELECT child_id, jar, sum(amount_cents)::bigint FROM ledger_entries GROUP BY 1, 2",
        )
        .fetch_all(pool),
    )
    .await
    .unwrap();
    rows.into_iter()
        .map(|(child, jar, cents)| ((child, Jar::parse(&jar).unwrap()), cents))
        .collect()
}

#[tokio::test]
async fn jars_equal_their_lines_across_redemptions_and_a_consumer_killed_at_random() {
    let started = std::time::Instant::now();
    let db = TestDb::new("rewards");
    let pool = kit::db::connect(&db.url, &rewards::startup::MIGRATIONS)
        .await
        .unwrap();
    let test_bus = TestBus::new();
    let bus = test_bus.connect().await.unwrap();
    let org = Uuid::now_v7();
    let children: Vec<Uuid> = SPLITS.iter().map(|_| Uuid::now_v7()).collect();
    let mut rng = Xorshift(0x2545_f491_4f6c_dd1d);
    let mut expected: Jars = HashMap::new();

    // Each child's split, and the store's items, as a parent sets them.
    let mut tx = within(Scope::Family(org), pool.begin()).await.unwrap();
    for (child, (spend, save, give)) in children.iter().zip(SPLITS) {
        jars::set_split(&mut tx, org, *child, Split { spend, save, give })
            .await
            .unwrap();
    }
    let mut items = Vec::new();
    for price in PRICES {
        let item = store_items::insert(
            &mut tx,
            org,
            &ItemFields {
                name: &format!("Reward {price}"),
                description: "",
                price_cents: price,
                stock: None,
                child_ids: &[],
                emoji: "",
            },
        )
        .await
        .unwrap();
        items.push(item);
    }
    tx.commit().await.unwrap();

    let mut events = Vec::with_capacity(APPROVALS);
    let mut chore_lines = 0;
    for n in 0..APPROVALS {
        let child = children[n % children.len()];
        let (spend, save, give) = SPLITS[n % SPLITS.len()];
        let approved = rng.below(10) < 8;
        let cents = i64::try_from(rng.below(400)).unwrap() + 1;
        if approved {
            for (jar, part) in parts(cents, Split { spend, save, give }) {
                *expected.entry((child, jar)).or_default() += part;
                chore_lines += 1;
            }
        }
        events.push(approval(org, child, approved, cents));
    }
    let publisher = publish_all(&bus, events, 0x9e37_79b9_7f4a_7c15);

    // The consumer is killed and restarted at random points while children
    // ask for rewards and parents decide.
    let (mut store_ops, mut approved, mut refused) = (0, 0, 0);
    let parent = Uuid::now_v7();
    while lines_of(&pool, "CHORE").await < chore_lines
        || !publisher.is_finished()
        || store_ops < STORE_OPERATIONS
    {
        run_and_kill(&bus, &pool, &mut rng).await;
        let child = children[usize::try_from(rng.below(children.len() as u64)).unwrap()];
        let item = &items[usize::try_from(rng.below(items.len() as u64)).unwrap()];
        let mut tx = within(Scope::Family(org), pool.begin()).await.unwrap();
        let asked = reward_store::request(&mut tx, org, child, item.id, "Kid").await;
        store_ops += 1;
        let Ok(redemption) = asked else {
            assert!(
                matches!(asked, Err(Error::CannotAfford { .. })),
                "{asked:?}"
            );
            refused += 1;
            continue;
        };
        tx.commit().await.unwrap();
        let approve = rng.below(10) < 7;
        let mut tx = within(Scope::Family(org), pool.begin()).await.unwrap();
        let decision = reward_store::Decision {
            approve,
            note: "",
            parent,
            at: chrono::Utc::now(),
        };
        let decided =
            reward_store::decide(&mut tx, org, redemption.id, &decision, &|_| "Kid".into()).await;
        store_ops += 1;
        match decided {
            Ok(_) => {
                tx.commit().await.unwrap();
                if approve {
                    *expected.entry((child, Jar::Spend)).or_default() -= item.price_cents;
                    approved += 1;
                }
            }
            Err(Error::CannotAfford { .. }) => refused += 1,
            Err(err) => panic!("{err:?}"),
        }
        assert!(store_ops < 5000, "the consumer never caught up");
    }
    publisher.await.unwrap();
    drain(&bus, &pool).await;
    assert!(
        approved > 20,
        "redemptions were approved along the way ({approved})"
    );
    assert!(refused > 0 || approved > 50, "{refused} refused");

    assert_eq!(
        lines_of(&pool, "CHORE").await,
        chore_lines,
        "0 lost, 0 doubled"
    );
    assert_eq!(lines_of(&pool, "REDEMPTION").await, approved);
    let actual = ledger_jars(&pool).await;
    for child in &children {
        let mut jars = within(Scope::Family(org), pool.acquire()).await.unwrap();
        let read = rewards::store::ledger::jars(&mut jars, org, *child)
            .await
            .unwrap();
        for jar in Jar::ALL {
            let want = expected.get(&(*child, jar)).copied().unwrap_or(0);
            assert_eq!(
                actual.get(&(*child, jar)).copied().unwrap_or(0),
                want,
                "{child} {jar:?}"
            );
            assert_eq!(read.get(jar), want, "{child} {jar:?} as the API reads it");
            assert!(want >= 0, "no jar below zero");
        }
    }
    eprintln!(
        "{} operations ({APPROVALS} approvals, {store_ops} store) in {:?}",
        APPROVALS + store_ops,
        started.elapsed()
    );
}
