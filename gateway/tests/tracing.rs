//! One chore approval through the gateway is one trace: the test runs a real
//! OTLP/gRPC receiver, points the stack's exporter at it, approves a chore,
//! and finds a single trace id on the gateway's request span, the chores
//! service's gRPC span, a SQL span, the outbox relay's publish and the
//! rewards consumer's span.

#![allow(clippy::unwrap_used)]

use std::{sync::Arc, time::Duration};

use reqwest::StatusCode;
use testkit::{
    Stack,
    api::Family,
    images,
    otlp::{Receiver, Span, attribute},
};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_approval_is_one_trace_across_gateway_services_sql_and_consumer() {
    // The receiver first, so the exporter has somewhere to send.
    let (receiver, endpoint) = Receiver::start().await;
    let telemetry = Arc::new(kit::telemetry::init_with("chorely-test", Some(&endpoint)));

    let mut stack = Stack::start().await;
    let api = format!("{}/api", stack.start_gateway().await);

    // A family, a chore and a child who did it.
    let family = Family::create(&api).await;
    let submission = family.submit(Some(images::png(8, 8))).await;

    // The request under test.
    let review = family.approve(&submission).send().await.unwrap();
    assert_eq!(review.status(), StatusCode::OK);

    // The credit travels as an event; wait for the rewards consumer's span.
    let deadline = tokio::time::Instant::now() + Duration::from_secs(20);
    let trace = loop {
        // Export what has ended so far (the exporter batches).
        let flushing = telemetry.clone();
        tokio::task::spawn_blocking(move || flushing.flush())
            .await
            .unwrap();
        let spans = receiver.spans();
        let request = spans.iter().find(|s| {
            attribute(s, "http.request.method") == Some("PATCH")
                && attribute(s, "url.path").is_some_and(|p| p.ends_with("/review"))
        });
        if let Some(request) = request {
            let trace: Vec<Span> = spans
                .iter()
                .filter(|s| s.trace_id == request.trace_id)
                .cloned()
                .collect();
            let consumed = trace.iter().any(|s| {
                attribute(s, "messaging.consumer.group.name") == Some("rewards-credit-approvals")
            });
            if consumed {
                break trace;
            }
        }
        assert!(
            tokio::time::Instant::now() < deadline,
            "the trace never completed"
        );
        tokio::time::sleep(Duration::from_millis(200)).await;
    };

    let names: Vec<&str> = trace.iter().map(|s| s.name.as_str()).collect();
    assert!(
        trace.iter().any(|s| attribute(s, "rpc.service")
            == Some("chorely.chores.v1.ChoresService")
            && attribute(s, "rpc.method") == Some("ReviewSubmission")),
        "the chores service's gRPC span: {names:?}"
    );
    assert!(
        trace
            .iter()
            .any(|s| attribute(s, "db.system") == Some("postgresql")),
        "a SQL span: {names:?}"
    );
    assert!(
        names.iter().any(|n| n.starts_with("PATCH ")),
        "the gateway's request span: {names:?}"
    );
    assert!(
        names.contains(&"outbox.publish"),
        "the relay's publish: {names:?}"
    );
    drop(stack);
}
