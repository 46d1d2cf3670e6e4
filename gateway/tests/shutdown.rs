//! SIGTERM stops the gateway gracefully: in the middle of a stream of
//! requests, every request it accepted is answered, none with an error.
//!
//! The gateway runs from its real binary in front of an in-process stack,
//! calling chores through a gate that holds chores' answers. A batch of
//! approvals then waits inside the gateway's handlers, provably accepted,
//! when the signal arrives; other clients keep sending requests throughout.

#![allow(clippy::unwrap_used)]

use std::sync::{
    Arc,
    atomic::{AtomicBool, Ordering},
};

use reqwest::{Client, StatusCode};
use testkit::{
    Stack,
    api::Family,
    gate::Gate,
    process::{Process, set_env},
    shutdown::approve_across_sigterm,
};
use tokio::sync::watch;

/// Approvals held inside the gateway when the signal arrives.
const IN_FLIGHT: usize = 8;
/// Clients sending requests one after another throughout.
const STREAMS: usize = 3;

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn sigterm_answers_every_accepted_request() {
    let stack = Stack::start().await;
    let chores = Gate::open(&stack.chores_url).await;
    let mut env = stack.gateway_env();
    set_env(&mut env, "CHORES_URL", chores.url());
    let mut gateway =
        Process::start(env!("CARGO_BIN_EXE_gateway"), &env, "gateway listening").await;
    let api = format!("http://127.0.0.1:{}/api", gateway.port);
    let family = Family::create(&api).await;
    let mut submissions = Vec::new();
    for _ in 0..IN_FLIGHT {
        submissions.push(family.submit(None).await);
    }

    // The stream: parents asking who they are (a route that does not go
    // through the gate), each request on a new connection.
    let stopped = Arc::new(AtomicBool::new(false));
    let answered = watch::Sender::new(0usize);
    let streams: Vec<_> = (0..STREAMS)
        .map(|_| {
            let (url, token) = (format!("{api}/users/me"), family.parent.clone());
            let (stopped, answered) = (stopped.clone(), answered.clone());
            tokio::spawn(async move { stream(&url, &token, &stopped, &answered).await })
        })
        .collect();
    // The streams are under way before the signal.
    let mut seen = answered.subscribe();
    seen.wait_for(|n| *n >= STREAMS).await.unwrap();

    // Every approval is inside the gateway, waiting on chores, at the signal.
    approve_across_sigterm(&family, &submissions, &chores, &gateway).await;
    assert!(gateway.exit_status().await.success());
    stopped.store(true, Ordering::Relaxed);
    for stream in streams {
        stream.await.unwrap();
    }

    // The approvals were recorded, not just answered.
    let approved: i64 = kit::tenancy::all_families(
        sqlx::query_scalar("SELECT count(*) FROM submissions WHERE status = 'APPROVED'")
            .fetch_one(&stack.chores_pool),
    )
    .await
    .unwrap();
    assert_eq!(approved, i64::try_from(IN_FLIGHT).unwrap());
}

/// Sends requests one after another until the gateway is gone (or
/// `stopped`), counting those answered in `answered`. A request the gateway
/// never accepted fails to connect, or is reset before any answer; every
/// answer must be a success.
async fn stream(url: &str, token: &str, stopped: &AtomicBool, answered: &watch::Sender<usize>) {
    let http = Client::builder().pool_max_idle_per_host(0).build().unwrap();
    while !stopped.load(Ordering::Relaxed) {
        match http.get(url).bearer_auth(token).send().await {
            Ok(response) => {
                assert_eq!(response.status(), StatusCode::OK);
                answered.send_modify(|n| *n += 1);
            }
            Err(err) if err.is_connect() => break,
            Err(_) => {} // Reset in the listener's backlog as it closed: never accepted.
        }
    }
}

/// An open live-update stream never ends by itself; SIGTERM ends it, and
/// the gateway exits instead of waiting for it forever.
#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn sigterm_ends_open_live_streams_and_exits() {
    use futures::StreamExt;

    let stack = Stack::start().await;
    let env = stack.gateway_env();
    let mut gateway =
        Process::start(env!("CARGO_BIN_EXE_gateway"), &env, "gateway listening").await;
    let api = format!("http://127.0.0.1:{}/api", gateway.port);
    let family = Family::create(&api).await;
    let response = Client::new()
        .get(format!("{api}/events"))
        .bearer_auth(&family.parent)
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), StatusCode::OK);
    let mut body = response.bytes_stream();

    gateway.terminate();
    // The stream ends (cleanly or cut), and so does the process.
    let exited = tokio::time::timeout(std::time::Duration::from_secs(20), async {
        while let Some(Ok(_)) = body.next().await {}
        gateway.exit_status().await
    })
    .await
    .expect("the gateway kept the stream open and did not exit");
    assert!(exited.success());
}
