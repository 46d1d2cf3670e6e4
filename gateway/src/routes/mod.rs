//! The `/api` routes, one module per area, each contributing its paths to the
//! OpenAPI document through `utoipa_axum`.

pub mod auth;
pub mod health;
pub mod organizations;
pub mod users;

use std::sync::Arc;

use axum::extract::FromRequest;
use kit::jwt::JwtVerifier;
use utoipa_axum::router::OpenApiRouter;

use crate::{auth::HasVerifier, clients::Clients, error::ApiError};

/// Shared by every handler.
#[derive(Clone)]
pub struct AppState {
    pub clients: Clients,
    pub verifier: Arc<JwtVerifier>,
}

impl HasVerifier for AppState {
    fn verifier(&self) -> &Arc<JwtVerifier> {
        &self.verifier
    }
}

/// A JSON body whose rejections are JSON errors like every other.
#[derive(FromRequest)]
#[from_request(via(axum::Json), rejection(ApiError))]
pub struct Body<T>(pub T);

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .merge(auth::router())
        .merge(users::router())
        .merge(organizations::router())
        .merge(health::router())
}
