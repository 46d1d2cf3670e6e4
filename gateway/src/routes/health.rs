//! Health of the whole stack: the gateway asks every service's gRPC health
//! service, in parallel, and answers 200 only when all of them serve.

use std::collections::BTreeMap;

use axum::{Json, extract::State, http::StatusCode};
use tonic_health::pb::{
    HealthCheckRequest, health_check_response::ServingStatus, health_client::HealthClient,
};
use utoipa_axum::{router::OpenApiRouter, routes};

use super::AppState;
use crate::json::Health;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(health))
}

/// Health of the gateway and of every service behind it.
#[utoipa::path(get, path = "/health", tag = "health",
    responses((status = 200, body = Health), (status = 503, description = "A service is down", body = Health)))]
async fn health(State(state): State<AppState>) -> (StatusCode, Json<Health>) {
    let checks = state.clients.all().map(|(name, channel)| {
        let mut client = HealthClient::new(channel.clone());
        async move {
            let status = match client
                .check(HealthCheckRequest {
                    service: String::new(),
                })
                .await
            {
                Ok(r) => match r.into_inner().status() {
                    ServingStatus::Serving => "SERVING",
                    _ => "NOT_SERVING",
                },
                Err(_) => "UNREACHABLE",
            };
            (name.to_owned(), status.to_owned())
        }
    });
    let services: BTreeMap<String, String> = futures::future::join_all(checks)
        .await
        .into_iter()
        .collect();
    let ok = services.values().all(|s| s == "SERVING");
    let status = if ok {
        StatusCode::OK
    } else {
        StatusCode::SERVICE_UNAVAILABLE
    };
    (
        status,
        Json(Health {
            status: if ok { "ok" } else { "degraded" }.into(),
            services,
        }),
    )
}
