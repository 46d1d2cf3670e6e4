//! What the ledger's chaos tests share: a deterministic generator, publishing
//! approvals as chores would, and a consumer that can be killed at any point.

#![allow(dead_code)]

use std::time::Duration;

use chorely_proto::events::{Event, v1::SubmissionReviewed};
use chrono::Utc;
use kit::consumer;
use prost::Message;
use rewards::events::CreditApprovals;
use tokio_util::sync::CancellationToken;
use uuid::Uuid;

pub const DURABLE: &str = "rewards-credit-approvals";

/// A small deterministic generator: the same run every time.
pub struct Xorshift(pub u64);

impl Xorshift {
    pub fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    pub fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
}

pub async fn publish(bus: &kit::nats::Bus, event_id: &str, event: &SubmissionReviewed) {
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

/// Publishes every event, some twice under the same event id (the relay
/// after a crash) and some again under a new one (the same approval sent
/// twice): the ledger's key must hold either way.
pub fn publish_all(
    bus: &kit::nats::Bus,
    events: Vec<SubmissionReviewed>,
    seed: u64,
) -> tokio::task::JoinHandle<()> {
    let bus = bus.clone();
    let mut rng = Xorshift(seed);
    tokio::spawn(async move {
        for event in &events {
            let id = Uuid::now_v7().to_string();
            publish(&bus, &id, event).await;
            match rng.below(20) {
                0 => publish(&bus, &id, event).await,
                1 => publish(&bus, &Uuid::now_v7().to_string(), event).await,
                _ => {}
            }
        }
    })
}

/// An approval of `cents` for `child`, as chores announces it.
pub fn approval(org: Uuid, child: Uuid, approved: bool, cents: i64) -> SubmissionReviewed {
    SubmissionReviewed {
        submission_id: Uuid::now_v7().to_string(),
        organization_id: org.to_string(),
        child_id: child.to_string(),
        chore_id: Uuid::now_v7().to_string(),
        approved,
        base_reward_cents: cents,
        boosted_reward_cents: cents,
        multiplier_milli: 1000,
        reviewed_at: Some(kit::time::to_proto(Utc::now())),
        completed_at: Some(kit::time::to_proto(Utc::now())),
        ..Default::default()
    }
}

pub fn spawn_consumer(
    bus: &kit::nats::Bus,
    pool: &sqlx::PgPool,
) -> (tokio::task::JoinHandle<()>, CancellationToken) {
    let (bus, pool, stop) = (bus.clone(), pool.clone(), CancellationToken::new());
    let token = stop.clone();
    let task = tokio::spawn(async move {
        // A short redelivery wait: events the killed consumer held come back soon.
        let settings = consumer::Settings {
            ack_wait: Duration::from_secs(1),
            ..consumer::Settings::default()
        };
        consumer::run_with(bus, pool, DURABLE, CreditApprovals, token, settings)
            .await
            .unwrap();
    });
    (task, stop)
}

/// Runs a consumer for a random moment, then kills it mid-work.
pub async fn run_and_kill(bus: &kit::nats::Bus, pool: &sqlx::PgPool, rng: &mut Xorshift) {
    let (task, _stop) = spawn_consumer(bus, pool);
    tokio::time::sleep(Duration::from_millis(20 + rng.below(150))).await;
    task.abort();
    let _ = task.await;
}

/// A last consumer runs to the end of the stream: nothing more arrives.
pub async fn drain(bus: &kit::nats::Bus, pool: &sqlx::PgPool) {
    let (task, stop) = spawn_consumer(bus, pool);
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
}
