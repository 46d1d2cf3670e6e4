//! SIGTERM stops the chores service gracefully: approvals it has accepted are
//! finished and answered, the events they recorded are published before the
//! process exits, and so are their spans.
//!
//! The service runs from its real binary beside an in-process stack, calling
//! rewards through a gate that holds rewards' answers. Approvals then wait
//! inside chores' handlers (at the multiplier lookup), provably accepted, when
//! the signal arrives.

#![allow(clippy::unwrap_used)]

use kit::testing::TestDb;
use testkit::{
    Stack,
    api::{Family, call},
    gate::Gate,
    otlp::{Receiver, attribute},
    process::{Process, set_env},
    shutdown::approve_across_sigterm,
};

/// Approvals in flight when the signal arrives.
const IN_FLIGHT: usize = 8;

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn sigterm_finishes_accepted_approvals_and_flushes_their_events_and_spans() {
    let (receiver, otlp) = Receiver::start().await;
    let mut stack = Stack::start().await;
    let rewards = Gate::open(&stack.rewards_url).await;
    let db = TestDb::new("chores");
    let mut env = stack.chores_env(&db.url);
    set_env(&mut env, "REWARDS_URL", rewards.url());
    set_env(&mut env, "OTEL_EXPORTER_OTLP_ENDPOINT", otlp);
    let mut chores = Process::start(
        env!("CARGO_BIN_EXE_chores"),
        &env,
        "chores service listening",
    )
    .await;
    let gateway = stack
        .start_gateway_with(gateway::config::Config {
            chores_url: format!("http://127.0.0.1:{}", chores.port),
            ..stack.gateway_config()
        })
        .await;
    let family = Family::create(&format!("{gateway}/api")).await;
    let mut submissions = Vec::new();
    for _ in 0..=IN_FLIGHT {
        submissions.push(family.submit(None).await);
    }

    // One approval with the gate open connects chores to rewards.
    call(family.approve(&submissions[0])).await;

    // Every approval is inside chores, waiting on rewards, at the signal.
    approve_across_sigterm(&family, &submissions[1..], &rewards, &chores).await;
    assert!(chores.exit_status().await.success());

    // Every event was published before the process went...
    let pool = sqlx::PgPool::connect(&db.url).await.unwrap();
    let unpublished: i64 = kit::tenancy::all_families(
        sqlx::query_scalar("SELECT count(*) FROM outbox WHERE published_at IS NULL")
            .fetch_one(&pool),
    )
    .await
    .unwrap();
    assert_eq!(unpublished, 0, "events left in the outbox");
    pool.close().await;

    // ... and every approval's span was exported.
    let reviews = receiver
        .spans()
        .iter()
        .filter(|s| {
            attribute(s, "rpc.service") == Some("chorely.chores.v1.ChoresService")
                && attribute(s, "rpc.method") == Some("ReviewSubmission")
        })
        .count();
    assert_eq!(reviews, IN_FLIGHT + 1);

    // Rewards credits each approval from those events.
    testkit::eventually("every approval credited", || async {
        let credits: i64 = kit::tenancy::all_families(
            sqlx::query_scalar("SELECT count(*) FROM ledger_entries WHERE kind = 'CHORE'")
                .fetch_one(&stack.rewards_pool),
        )
        .await
        .unwrap();
        credits == i64::try_from(IN_FLIGHT + 1).unwrap()
    })
    .await;
}
