//! Who is calling a gRPC service. The [`AuthInterceptor`] verifies the bearer
//! token of every request that carries one and stores a [`Caller`] in the
//! request's extensions; handlers then ask for the caller they require.

use std::{str::FromStr, sync::Arc};

use tonic::{Request, Status, metadata::MetadataMap};
use uuid::Uuid;

use crate::{
    jwt::{JwtVerifier, Verified},
    revocation::Revocations,
};

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Role {
    SuperAdmin,
    OrgAdmin,
    OrgMember,
}

impl Role {
    pub fn as_str(self) -> &'static str {
        match self {
            Role::SuperAdmin => "SUPER_ADMIN",
            Role::OrgAdmin => "ORG_ADMIN",
            Role::OrgMember => "ORG_MEMBER",
        }
    }

    /// Parent-level access in the family app (spec §6: a super admin counts as parent).
    pub fn is_parent(self) -> bool {
        matches!(self, Role::OrgAdmin | Role::SuperAdmin)
    }
}

impl FromStr for Role {
    type Err = ();
    fn from_str(s: &str) -> Result<Self, ()> {
        match s {
            "SUPER_ADMIN" => Ok(Role::SuperAdmin),
            "ORG_ADMIN" => Ok(Role::OrgAdmin),
            "ORG_MEMBER" => Ok(Role::OrgMember),
            _ => Err(()),
        }
    }
}

/// A signed-in user.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct User {
    pub id: Uuid,
    pub role: Role,
    pub org: Option<Uuid>,
    pub child: Option<Uuid>,
    /// The bearer token, forwarded when this service calls another for the user.
    pub token: String,
}

impl User {
    /// The user's family; a user without one (a super admin) has no family data.
    pub fn org(&self) -> Result<Uuid, Status> {
        self.org
            .ok_or_else(|| Status::permission_denied("This account does not belong to a family"))
    }
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Caller {
    User(User),
    /// Another Chorely service, by name.
    Service(String),
}

const UNAUTHENTICATED: &str = "Invalid or expired token";

/// Verifies bearer tokens on incoming requests, refusing revoked ones.
#[derive(Clone)]
pub struct AuthInterceptor {
    verifier: Arc<JwtVerifier>,
    revocations: Revocations,
}

impl AuthInterceptor {
    pub fn new(verifier: Arc<JwtVerifier>, revocations: Revocations) -> Self {
        Self {
            verifier,
            revocations,
        }
    }
}

impl tonic::service::Interceptor for AuthInterceptor {
    fn call(&mut self, mut request: Request<()>) -> Result<Request<()>, Status> {
        if let Some(token) = bearer(request.metadata())? {
            let verified = self
                .verifier
                .verify(&token)
                .map_err(|_| Status::unauthenticated(UNAUTHENTICATED))?;
            if self
                .revocations
                .is_revoked(&verified.claims.sub, verified.claims.iat)
            {
                return Err(Status::unauthenticated(UNAUTHENTICATED));
            }
            let caller = caller_from(verified, token)?;
            request.extensions_mut().insert(caller);
        }
        Ok(request)
    }
}

fn bearer(metadata: &MetadataMap) -> Result<Option<String>, Status> {
    let Some(value) = metadata.get("authorization") else {
        return Ok(None);
    };
    let value = value
        .to_str()
        .map_err(|_| Status::unauthenticated(UNAUTHENTICATED))?;
    match value.strip_prefix("Bearer ") {
        Some(token) if !token.is_empty() => Ok(Some(token.to_owned())),
        _ => Err(Status::unauthenticated(UNAUTHENTICATED)),
    }
}

fn caller_from(verified: Verified, token: String) -> Result<Caller, Status> {
    let claims = verified.claims;
    if verified.service {
        return Ok(Caller::Service(claims.sub));
    }
    let id = Uuid::parse_str(&claims.sub).map_err(|_| Status::unauthenticated(UNAUTHENTICATED))?;
    let role = claims
        .role
        .as_deref()
        .and_then(|r| r.parse().ok())
        .ok_or_else(|| Status::unauthenticated(UNAUTHENTICATED))?;
    Ok(Caller::User(User {
        id,
        role,
        org: claims.org,
        child: claims.child,
        token,
    }))
}

/// What handlers ask of a request.
pub trait RequestAuth {
    /// Any verified caller.
    fn caller(&self) -> Result<&Caller, Status>;
    /// A signed-in user (service tokens are refused).
    fn user(&self) -> Result<&User, Status> {
        match self.caller()? {
            Caller::User(u) => Ok(u),
            Caller::Service(_) => Err(Status::permission_denied("A user is required")),
        }
    }
    /// A parent of a family (ORG_ADMIN, or a super admin).
    fn parent(&self) -> Result<&User, Status> {
        let user = self.user()?;
        if user.role.is_parent() {
            Ok(user)
        } else {
            Err(Status::permission_denied("Only parents can do this"))
        }
    }
    /// A super admin.
    fn super_admin(&self) -> Result<&User, Status> {
        let user = self.user()?;
        if user.role == Role::SuperAdmin {
            Ok(user)
        } else {
            Err(Status::permission_denied(
                "Only platform administrators can do this",
            ))
        }
    }
    /// Another service (calls that only services may make).
    fn service(&self) -> Result<&str, Status> {
        match self.caller()? {
            Caller::Service(name) => Ok(name),
            Caller::User(_) => Err(Status::permission_denied("Only services can do this")),
        }
    }
}

impl<T> RequestAuth for Request<T> {
    fn caller(&self) -> Result<&Caller, Status> {
        self.extensions()
            .get::<Caller>()
            .ok_or_else(|| Status::unauthenticated("Authentication required"))
    }
}
