//! Approvals reach the ledger exactly once, whatever happens to the consumer:
//! 1,000 approval events (some published twice, some re-sent under a new
//! event id) are credited while the consumer is killed and restarted at
//! random points and parents adjust balances and pay out in between. Every
//! balance ends exactly at approved rewards + adjustments − payouts.

#![allow(clippy::unwrap_used)]

use std::{collections::HashMap, time::Duration};

use chorely_proto::events::{Event, v1::SubmissionReviewed};
use chrono::Utc;
use kit::{
    consumer,
    testing::{TestBus, TestDb},
};
use prost::Message;
use rewards::{
    events::CreditApprovals,
    store::ledger::{self, Kind, NewEntry},
};
use tokio_util::sync::CancellationToken;
use uuid::Uuid;

const APPROVALS: usize = 1000;
const CHILDREN: usize = 5;
const DURABLE: &str = "rewards-credit-approvals";

/// A small deterministic generator: the same run every time.
struct Xorshift(u64);

impl Xorshift {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
}

async fn publish(bus: &kit::nats::Bus, event_id: &str, event: &SubmissionReviewed) {
    let mut headers = async_nats::HeaderMap::new();
    headers.insert(async_nats::header::NATS_MESSAGE_ID, event_id);
    bus.js
        .publish_with_headers(
            bus.subject(SubmissionReviewed::SUBJECT),
            headers,
            event.encode_to_vec().into(),
        )
        .await
        .unwrap()
        .await
        .unwrap();
}

async fn credited(pool: &sqlx::PgPool) -> i64 {
    kit::tenancy::all_families(
        sqlx::query_scalar("SELECT count(*) FROM ledger_entries WHERE kind = 'CHORE'")
            .fetch_one(pool),
    )
    .await
    .unwrap()
}

fn spawn_consumer(
    bus: &kit::nats::Bus,
    pool: &sqlx::PgPool,
) -> (tokio::task::JoinHandle<()>, CancellationToken) {
    let (bus, pool, stop) = (bus.clone(), pool.clone(), CancellationToken::new());
    let token = stop.clone();
    let task = tokio::spawn(async move {
        // A short redelivery wait: events the killed consumer held come back soon.
        consumer::run_with_ack_wait(
            bus,
            pool,
            DURABLE,
            CreditApprovals,
            token,
            Duration::from_secs(1),
        )
        .await
        .unwrap();
    });
    (task, stop)
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
        events.push(SubmissionReviewed {
            submission_id: Uuid::now_v7().to_string(),
            organization_id: org.to_string(),
            child_id: child.to_string(),
            chore_id: Uuid::now_v7().to_string(),
            approved,
            base_reward_cents: boosted,
            boosted_reward_cents: boosted,
            multiplier_milli: 1000,
            reviewed_at: Some(kit::time::to_proto(Utc::now())),
            completed_at: Some(kit::time::to_proto(Utc::now())),
        });
    }
    let approved_count = i64::try_from(events.iter().filter(|e| e.approved).count()).unwrap();

    let publisher = {
        let (bus, events) = (bus.clone(), events.clone());
        let mut rng = Xorshift(0x9e37_79b9_7f4a_7c15);
        tokio::spawn(async move {
            for event in &events {
                let id = Uuid::now_v7().to_string();
                publish(&bus, &id, event).await;
                match rng.below(20) {
                    // The relay published it again after a crash: same event id.
                    0 => publish(&bus, &id, event).await,
                    // The same approval under another event id: the ledger's key holds.
                    1 => publish(&bus, &Uuid::now_v7().to_string(), event).await,
                    _ => {}
                }
            }
        })
    };

    // The consumer is killed and restarted at random points while parents
    // adjust balances and pay out.
    let mut rounds = 0;
    while credited(&pool).await < approved_count || !publisher.is_finished() {
        let (task, _stop) = spawn_consumer(&bus, &pool);
        tokio::time::sleep(Duration::from_millis(20 + rng.below(150))).await;
        task.abort();
        let _ = task.await;
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

    // A last consumer runs to the end of the stream: nothing more arrives.
    let (task, stop) = spawn_consumer(&bus, &pool);
    let stream = bus.js.get_stream(&bus.stream).await.unwrap();
    let mut durable = stream
        .get_consumer::<async_nats::jetstream::consumer::pull::Config>(DURABLE)
        .await
        .unwrap();
    let deadline = tokio::time::Instant::now() + Duration::from_secs(30);
    loop {
        let info = durable.info().await.unwrap();
        if info.num_pending == 0 && info.num_ack_pending == 0 {
            break;
        }
        assert!(tokio::time::Instant::now() < deadline, "{info:?}");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    stop.cancel();
    task.await.unwrap();

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
