//! One chore approval through the gateway is one trace: the test runs a real
//! OTLP/gRPC receiver, points the stack's exporter at it, approves a chore,
//! and finds a single trace id on the gateway's request span, the chores
//! service's gRPC span, a SQL span, the outbox relay's publish and the
//! rewards consumer's span.

#![allow(clippy::unwrap_used)]

use std::{
    sync::{Arc, Mutex},
    time::Duration,
};

use opentelemetry_proto::tonic::{
    collector::trace::v1::{
        ExportTraceServiceRequest, ExportTraceServiceResponse,
        trace_service_server::{TraceService, TraceServiceServer},
    },
    common::v1::{KeyValue, any_value::Value as Any},
    trace::v1::Span,
};
use reqwest::{
    Client, StatusCode,
    multipart::{Form, Part},
};
use serde_json::{Value, json};
use testkit::{Stack, images};

/// Spans received, as the exporter sent them.
#[derive(Clone, Default)]
struct Receiver {
    spans: Arc<Mutex<Vec<Span>>>,
}

#[tonic::async_trait]
impl TraceService for Receiver {
    async fn export(
        &self,
        request: tonic::Request<ExportTraceServiceRequest>,
    ) -> Result<tonic::Response<ExportTraceServiceResponse>, tonic::Status> {
        let mut spans = self.spans.lock().unwrap();
        for resource in request.into_inner().resource_spans {
            for scope in resource.scope_spans {
                spans.extend(scope.spans);
            }
        }
        Ok(tonic::Response::new(ExportTraceServiceResponse::default()))
    }
}

fn attribute<'a>(span: &'a Span, key: &str) -> Option<&'a str> {
    span.attributes
        .iter()
        .find(|KeyValue { key: k, .. }| k == key)
        .and_then(|kv| match kv.value.as_ref()?.value.as_ref()? {
            Any::StringValue(s) => Some(s.as_str()),
            _ => None,
        })
}

async fn call(request: reqwest::RequestBuilder) -> Value {
    let response = request.send().await.unwrap();
    assert!(response.status().is_success(), "{}", response.status());
    response.json().await.unwrap_or(Value::Null)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_approval_is_one_trace_across_gateway_services_sql_and_consumer() {
    // The receiver first, so the exporter has somewhere to send.
    let receiver = Receiver::default();
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let endpoint = format!("http://{}", listener.local_addr().unwrap());
    let server = receiver.clone();
    tokio::spawn(async move {
        tonic::transport::Server::builder()
            .add_service(TraceServiceServer::new(server))
            .serve_with_incoming(tokio_stream::wrappers::TcpListenerStream::new(listener))
            .await
            .unwrap();
    });
    let telemetry = Arc::new(kit::telemetry::init_with("chorely-test", Some(&endpoint)));

    let mut stack = Stack::start().await;
    let api = format!("{}/api", stack.start_gateway().await);
    let http = Client::new();

    // A family, a chore and a child who did it.
    let parent = call(http.post(format!("{api}/auth/register")).json(&json!({
        "email": format!("parent-{}@example.com", uuid::Uuid::new_v4().simple()),
        "password": "secret123", "firstName": "Ann", "lastName": "Lee",
        "organizationName": "The Lee Family",
    })))
    .await;
    let token = parent["token"].as_str().unwrap().to_owned();
    let category = call(
        http.post(format!("{api}/categories"))
            .bearer_auth(&token)
            .json(&json!({"name": "Kitchen"})),
    )
    .await;
    let chore = call(http.post(format!("{api}/chores")).bearer_auth(&token).json(&json!({
        "name": "Dishes", "baseReward": 2.0, "categoryId": category["id"], "frequencyDays": 0,
    })))
    .await;
    let invited = call(http.post(format!("{api}/children/invite")).bearer_auth(&token).json(&json!({
        "firstName": "Mia", "email": format!("mia-{}@example.com", uuid::Uuid::new_v4().simple()),
    })))
    .await;
    let kid = call(http.post(format!("{api}/auth/accept-invite")).json(&json!({
        "inviteCode": invited["inviteCode"], "password": "secret123",
    })))
    .await;
    let form = Form::new()
        .text("choreId", chore["id"].as_str().unwrap().to_owned())
        .text("completedAt", chrono::Utc::now().to_rfc3339())
        .part("photo", Part::bytes(images::png(8, 8)).file_name("p.png"));
    let submission = call(
        http.post(format!("{api}/submissions"))
            .bearer_auth(kid["token"].as_str().unwrap())
            .multipart(form),
    )
    .await;

    // The request under test.
    let review = http
        .patch(format!(
            "{api}/submissions/{}/review",
            submission["id"].as_str().unwrap()
        ))
        .bearer_auth(&token)
        .json(&json!({"status": "APPROVED"}))
        .send()
        .await
        .unwrap();
    assert_eq!(review.status(), StatusCode::OK);

    // The credit travels as an event; wait for the rewards consumer's span.
    let deadline = tokio::time::Instant::now() + Duration::from_secs(20);
    let trace = loop {
        // Export what has ended so far (the exporter batches).
        let flushing = telemetry.clone();
        tokio::task::spawn_blocking(move || flushing.flush())
            .await
            .unwrap();
        let spans = receiver.spans.lock().unwrap().clone();
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
