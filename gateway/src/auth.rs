//! The bearer-token check in front of every protected route: a missing, bad,
//! expired or revoked token is answered 401 before any service is called.
//! Services authenticate the forwarded token again (they never trust the
//! gateway alone).

use std::sync::{Arc, OnceLock};

use axum::{
    extract::{FromRequestParts, Request, State},
    http::{header::AUTHORIZATION, request::Parts},
    middleware::Next,
    response::Response,
};
use kit::authn::{Authenticator, Caller, Refusal, User, bearer_token};
use uuid::Uuid;

use crate::{error::ApiError, routes::AppState};

/// A request from a signed-in user.
#[derive(Debug, Clone)]
pub struct Authed(pub User);

impl Authed {
    /// The bearer token, forwarded to the services.
    pub fn token(&self) -> &str {
        &self.0.token
    }
}

/// What the extractor needs from the app state.
pub trait HasAuthenticator {
    fn authenticator(&self) -> &Authenticator;
}

impl<S> FromRequestParts<S> for Authed
where
    S: HasAuthenticator + Send + Sync,
{
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, Self::Rejection> {
        let header = parts
            .headers
            .get(AUTHORIZATION)
            .ok_or_else(|| ApiError::from(kit::codes::authentication_required()))?;
        let caller = header
            .to_str()
            .ok()
            .and_then(bearer_token)
            .map_or(Err(Refusal::Invalid), |token| {
                state.authenticator().check(token)
            });
        match caller {
            Ok(Caller::User(user)) => {
                if user.on_tablet {
                    let route = parts.extensions.get::<axum::extract::MatchedPath>();
                    if !route
                        .is_some_and(|r| crate::tablet_scope::allows(&parts.method, r.as_str()))
                    {
                        return Err(ApiError::not_on_tablet());
                    }
                }
                if let Some(writer) = parts.extensions.get::<Writer>() {
                    writer.0.get_or_init(|| user.org);
                }
                Ok(Self(user))
            }
            // Service tokens are for calls between services, never from outside.
            Ok(Caller::Service(_)) => Err(ApiError::refused(Refusal::Invalid)),
            Err(refusal) => Err(ApiError::refused(refusal)),
        }
    }
}

/// The family of whoever sends a change, set by [`Authed`] when the request
/// carries a user's token.
#[derive(Clone, Default)]
struct Writer(Arc<OnceLock<Option<Uuid>>>);

/// After a change (any method but GET, HEAD and OPTIONS) by a member of a
/// family, that family's kept answers are outdated on this gateway at
/// once: the member's next read must show what they did, and the event
/// saying so reaches every gateway only a moment later.
pub async fn changes_seen_at_once(
    State(state): State<AppState>,
    mut request: Request,
    next: Next,
) -> Response {
    if request.method().is_safe() {
        return next.run(request).await;
    }
    let writer = Writer::default();
    request.extensions_mut().insert(writer.clone());
    let response = next.run(request).await;
    if let Some(Some(org)) = writer.0.get() {
        state.kept.changed(*org);
    }
    response
}
