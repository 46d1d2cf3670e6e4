//! The bearer-token check in front of every protected route: a missing, bad or
//! expired token is answered 401 before any service is called. Services verify
//! the forwarded token again (they never trust the gateway alone).

use std::sync::Arc;

use axum::{
    extract::FromRequestParts,
    http::{header::AUTHORIZATION, request::Parts},
};
use kit::{jwt::JwtVerifier, revocation::Revocations};

use crate::error::ApiError;

/// A request from a signed-in user.
#[derive(Debug, Clone)]
pub struct Authed {
    pub user_id: String,
    pub role: String,
    /// The bearer token, forwarded to the services.
    pub token: String,
}

/// What the extractor needs from the app state.
pub trait HasVerifier {
    fn verifier(&self) -> &Arc<JwtVerifier>;
    fn revocations(&self) -> &Revocations;
}

impl<S> FromRequestParts<S> for Authed
where
    S: HasVerifier + Send + Sync,
{
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, Self::Rejection> {
        let header = parts
            .headers
            .get(AUTHORIZATION)
            .ok_or_else(|| ApiError::unauthorized("Authentication required"))?;
        let token = header
            .to_str()
            .ok()
            .and_then(|h| h.strip_prefix("Bearer "))
            .filter(|t| !t.is_empty())
            .ok_or_else(|| ApiError::unauthorized("Invalid or expired token"))?;
        let verified = state
            .verifier()
            .verify(token)
            .map_err(|_| ApiError::unauthorized("Invalid or expired token"))?;
        // Service tokens are for calls between services, never from outside;
        // a deactivated user's tokens stop working at once.
        if verified.service
            || state
                .revocations()
                .is_revoked(&verified.claims.sub, verified.claims.iat)
        {
            return Err(ApiError::unauthorized("Invalid or expired token"));
        }
        Ok(Self {
            user_id: verified.claims.sub,
            role: verified.claims.role.unwrap_or_default(),
            token: token.to_owned(),
        })
    }
}
