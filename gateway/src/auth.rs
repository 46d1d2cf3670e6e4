//! The bearer-token check in front of every protected route: a missing, bad,
//! expired or revoked token is answered 401 before any service is called.
//! Services authenticate the forwarded token again (they never trust the
//! gateway alone).

use axum::{
    extract::FromRequestParts,
    http::{header::AUTHORIZATION, request::Parts},
};
use kit::authn::{Authenticator, Caller, Refusal, User, bearer_token};

use crate::error::{ApiError, ErrorCode};

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
        let header = parts.headers.get(AUTHORIZATION).ok_or_else(|| {
            ApiError::unauthorized("Authentication required", ErrorCode::UNAUTHENTICATED)
        })?;
        let caller = header
            .to_str()
            .ok()
            .and_then(bearer_token)
            .map_or(Err(Refusal::Invalid), |token| {
                state.authenticator().check(token)
            });
        match caller {
            Ok(Caller::User(user)) => Ok(Self(user)),
            // Service tokens are for calls between services, never from outside.
            Ok(Caller::Service(_)) => Err(ApiError::refused(Refusal::Invalid)),
            Err(refusal) => Err(ApiError::refused(refusal)),
        }
    }
}
