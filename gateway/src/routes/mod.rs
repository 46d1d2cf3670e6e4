//! The `/api` routes, one module per area, each contributing its paths to the
//! OpenAPI document through `utoipa_axum`.

pub mod admin;
pub mod allowance;
pub mod auth;
pub mod calendar;
pub mod children;
pub mod chores;
pub mod dashboard;
pub mod devices;
pub mod events;
pub mod health;
pub mod jars;
pub mod notifications;
pub mod organizations;
pub mod pauses;
pub mod photos;
pub mod rewards;
pub mod savings;
pub mod store;
pub mod submissions;
pub mod tablets;
pub mod users;
pub mod webhooks;

use std::sync::Arc;

use kit::{authn::Authenticator, revocation::Revocations};
use utoipa_axum::router::OpenApiRouter;

use crate::{auth::HasAuthenticator, clients::Clients, kept::Kept, live::Live, photos::PhotoStore};

/// Shared by every handler: one pointer, because axum clones the state for
/// each request (and each extractor asking for it); cloning the parts
/// themselves (five gRPC channels, caches, the NATS client) was a tenth of
/// the gateway's CPU on a short read.
#[derive(Clone)]
pub struct AppState(Arc<Shared>);

impl AppState {
    pub fn new(shared: Shared) -> Self {
        Self(Arc::new(shared))
    }

    /// Refuses at once the sessions auth ended with a device (a removed
    /// tablet, a child's device signed out); the other gateways refuse them
    /// as soon as the revocation events reach them.
    pub fn refuse_ended(&self, ended: Vec<chorely_proto::auth::v1::EndedSession>) {
        for session in ended {
            self.revocations
                .revoke_token_locally(&session.session_id, session.expires_at);
        }
    }
}

impl std::ops::Deref for AppState {
    type Target = Shared;

    fn deref(&self) -> &Shared {
        &self.0
    }
}

/// What [`AppState`] holds.
pub struct Shared {
    pub clients: Clients,
    pub authenticator: Authenticator,
    /// Revocations this gateway applies itself (see `users::deactivate`).
    pub revocations: Revocations,
    /// Origin of links the API hands out (invite links): the configured
    /// `PUBLIC_URL`, never what a request says its host is.
    pub public_url: String,
    /// Answers composed recently (dashboards, chores), until their family
    /// changes.
    pub kept: Kept,
    /// The events browsers follow live.
    pub live: Live,
    /// Where submission photos are read for browsers.
    pub photos: PhotoStore,
}

impl HasAuthenticator for AppState {
    fn authenticator(&self) -> &Authenticator {
        &self.authenticator
    }
}

pub use crate::extract::{Body, Path, Query};

/// Routes taking large bodies (photos), each with its own limit.
pub fn uploads() -> OpenApiRouter<AppState> {
    submissions::uploads()
}

/// Every other route (bodies up to the gateway's small default limit).
pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .merge(admin::router())
        .merge(auth::router())
        .merge(children::router())
        .merge(chores::router())
        .merge(dashboard::router())
        .merge(events::router())
        .merge(rewards::router())
        .merge(submissions::router())
        .merge(users::router())
        .merge(organizations::router())
        .merge(tablets::router())
        .merge(devices::router())
        .merge(pauses::router())
        .merge(webhooks::router())
        .merge(calendar::router())
        .merge(jars::router())
        .merge(notifications::router())
        .merge(store::router())
        .merge(savings::router())
        .merge(health::router())
        .merge(allowance::router())
}
