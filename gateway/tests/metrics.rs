//! Requests, gRPC calls and the outbox are measured: a Prometheus recorder is
//! installed in this test process (the services run in it too) and its
//! rendering read after real traffic.

#![allow(clippy::unwrap_used)]

use metrics_exporter_prometheus::PrometheusBuilder;
use reqwest::{Client, StatusCode};
use serde_json::json;
use testkit::Stack;

/// The value of the first sample of `metric` whose labels include all of `labels`.
fn sample(rendered: &str, metric: &str, labels: &[&str]) -> Option<f64> {
    rendered
        .lines()
        .filter(|line| {
            line.starts_with(&format!("{metric}{{")) || line.starts_with(&format!("{metric} "))
        })
        .find(|line| labels.iter().all(|l| line.contains(l)))
        .and_then(|line| line.rsplit(' ').next()?.parse().ok())
}

#[tokio::test]
async fn requests_calls_and_the_outbox_backlog_are_measured() {
    let metrics = PrometheusBuilder::new().install_recorder().unwrap();
    let mut stack = Stack::start().await;
    let api = format!("{}/api", stack.start_gateway().await);
    let http = Client::new();

    let registered = http
        .post(format!("{api}/auth/register"))
        .json(&json!({
            "email": format!("parent-{}@example.com", uuid::Uuid::new_v4().simple()),
            "password": "secret123", "firstName": "Ann", "lastName": "Lee",
            "organizationName": "The Lee Family",
        }))
        .send()
        .await
        .unwrap();
    assert_eq!(registered.status(), StatusCode::CREATED);
    let token = registered.json::<serde_json::Value>().await.unwrap()["token"]
        .as_str()
        .unwrap()
        .to_owned();
    // Categories, not chores: the gateway keeps the family's chores, so
    // not every read of them is a call.
    for _ in 0..3 {
        let listed = http
            .get(format!("{api}/categories"))
            .bearer_auth(&token)
            .send()
            .await
            .unwrap();
        assert_eq!(listed.status(), StatusCode::OK);
    }
    let refused = http
        .post(format!("{api}/categories"))
        .bearer_auth(&token)
        .json(&json!({"name": ""}))
        .send()
        .await
        .unwrap();
    assert_eq!(refused.status(), StatusCode::BAD_REQUEST);

    let rendered = metrics.render();
    let count =
        |metric: &str, labels: &[&str]| sample(&rendered, &format!("{metric}_count"), labels);
    assert_eq!(
        count(
            "http_server_request_duration_seconds",
            &[
                r#"method="GET""#,
                r#"route="/api/categories""#,
                r#"status="200""#
            ]
        ),
        Some(3.0),
        "{rendered}"
    );
    assert_eq!(
        count(
            "http_server_request_duration_seconds",
            &[r#"route="/api/categories""#, r#"status="400""#]
        ),
        Some(1.0),
        "{rendered}"
    );
    assert_eq!(
        count(
            "rpc_server_duration_seconds",
            &[
                r#"rpc_method="chorely.chores.v1.ChoresService/ListCategories""#,
                r#"rpc_grpc_status_code="0""#,
            ]
        ),
        Some(3.0),
        "{rendered}"
    );
    assert_eq!(
        count(
            "rpc_server_duration_seconds",
            &[
                r#"rpc_method="chorely.chores.v1.ChoresService/CreateCategory""#,
                r#"rpc_grpc_status_code="3""#,
            ]
        ),
        Some(1.0),
        "invalid argument is code 3: {rendered}"
    );

    // The relay reports the backlog once it has drained the registration's events.
    testkit::eventually("the outbox backlog reported", || async {
        sample(&metrics.render(), "chorely_outbox_backlog", &[]).is_some()
    })
    .await;
    drop(stack);
}
