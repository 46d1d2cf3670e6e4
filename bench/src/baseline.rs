//! The bare baseline: one process doing what `GET /api/chores` does end to end
//! (verify the Ed25519 access token, run the chores service's SQL on its
//! database, answer the same JSON) with no gateway hop, no gRPC and no trace
//! export.
//! Chorely's figures are reported as a ratio of this one, measured in the
//! same run, so the cost of the service split is visible apart from the
//! machine's speed.

use std::sync::Arc;

use axum::{
    Json, Router,
    extract::State,
    http::{HeaderMap, StatusCode, header},
    routing::get,
};
use gateway::json::Chore;
use kit::jwt::JwtVerifier;
use sqlx::{PgPool, postgres::PgPoolOptions};
use tokio::net::TcpListener;

struct Baseline {
    verifier: JwtVerifier,
    pool: PgPool,
}

/// The chores service's own query and view, and the gateway's own answer
/// type, called in one process: what the split adds is all that differs.
async fn chores(
    State(state): State<Arc<Baseline>>,
    headers: HeaderMap,
) -> Result<Json<Vec<Chore>>, StatusCode> {
    let token = headers
        .get(header::AUTHORIZATION)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.strip_prefix("Bearer "))
        .ok_or(StatusCode::UNAUTHORIZED)?;
    let verified = state
        .verifier
        .verify(token)
        .map_err(|_| StatusCode::UNAUTHORIZED)?;
    let org = verified.claims.org.ok_or(StatusCode::FORBIDDEN)?;
    let rows = chores::store::chores::active(&state.pool, org)
        .await
        .map_err(|_| StatusCode::INTERNAL_SERVER_ERROR)?;
    Ok(Json(
        rows.iter()
            .map(|row| Chore::from(chores::view::chore(row)))
            .collect(),
    ))
}

/// Starts the baseline on an ephemeral loopback port; returns its base URL.
pub async fn start(chores_database_url: &str, public_key_pem: &str) -> anyhow::Result<String> {
    let state = Arc::new(Baseline {
        verifier: JwtVerifier::from_public_pem(public_key_pem)?,
        // The pool size the services use by default.
        pool: PgPoolOptions::new()
            .max_connections(10)
            .connect(chores_database_url)
            .await?,
    });
    let app = Router::new()
        .route("/api/chores", get(chores))
        .with_state(state);
    let listener = TcpListener::bind("127.0.0.1:0").await?;
    let url = format!("http://{}", listener.local_addr()?);
    let listener = axum::serve::ListenerExt::tap_io(listener, |tcp| {
        let _ = tcp.set_nodelay(true);
    });
    tokio::spawn(async move { axum::serve(listener, app).await });
    Ok(url)
}
