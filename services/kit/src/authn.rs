//! Who is calling a gRPC service. The [`AuthInterceptor`] verifies the bearer
//! token of every request that carries one and stores a [`Caller`] in the
//! request's extensions; handlers then ask for the caller they require.

use std::{collections::HashMap, str::FromStr, sync::Arc};

use tonic::{Request, Status};
use tonic_types::{ErrorDetails, StatusExt};
use uuid::Uuid;

use crate::{
    error::ERROR_DOMAIN,
    jwt::{JwtVerifier, Verified},
    revocation::{Revocations, Revoked},
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
    /// The token's session (`sid`, or `jti` for a token without one), by
    /// which it and its renewals are logged out.
    pub session_id: String,
    /// When the token expires (`exp`, Unix seconds).
    pub expires_at: i64,
    /// When the token was issued (Unix milliseconds), as revocations count.
    pub issued_at_ms: i64,
    /// When the token's session began (Unix seconds): renewals keep it.
    pub session_started: i64,
    /// A child's session on the family tablet: the tablet's screens only.
    pub on_tablet: bool,
    /// A super admin who must set up two-factor sign-in before the console.
    pub mfa_setup: bool,
}

impl User {
    /// The user's family; a user without one (a super admin) has no family data.
    pub fn org(&self) -> Result<Uuid, Status> {
        self.org.ok_or_else(|| crate::codes::no_family().into())
    }
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Caller {
    User(User),
    /// Another Chorely service, by name.
    Service(String),
}

/// The one answer for every token that does not pass.
pub const UNAUTHENTICATED: &str = crate::codes::UNAUTHENTICATED.en;

/// Turns a bearer token into its caller: signature, claims and revocation
/// checked. The gRPC services and the gateway both authenticate through it.
#[derive(Clone)]
pub struct Authenticator {
    verifier: Arc<JwtVerifier>,
    revocations: Revocations,
}

impl Authenticator {
    pub fn new(verifier: Arc<JwtVerifier>, revocations: Revocations) -> Self {
        Self {
            verifier,
            revocations,
        }
    }

    /// The caller `token` speaks for; `None` when it is invalid, expired or
    /// its user's tokens were revoked.
    pub fn authenticate(&self, token: &str) -> Option<Caller> {
        self.check(token).ok()
    }

    /// [`Authenticator::authenticate`], saying why a token is refused.
    pub fn check(&self, token: &str) -> Result<Caller, Refusal> {
        let verified = self.verifier.verify(token).map_err(|_| Refusal::Invalid)?;
        if let Some(revoked) = self.revocations.revoked_by(
            &verified.claims.sub,
            verified.claims.org.map(|o| o.to_string()).as_deref(),
            verified.claims.issued_at_ms(),
        ) {
            return Err(match revoked {
                Revoked::User => Refusal::UserRevoked,
                Revoked::Family => Refusal::FamilySuspended,
                // Ended by a password reset: done, like an expired token.
                Revoked::Sessions => Refusal::Invalid,
            });
        }
        // A session logged out: its token is done, like an expired one.
        if self.revocations.token_revoked(verified.claims.session_id()) {
            return Err(Refusal::Invalid);
        }
        caller_from(verified, token).ok_or(Refusal::Invalid)
    }
}

/// Why a token was refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Refusal {
    /// Not a token of ours, expired, or its session logged out.
    Invalid,
    /// Its user was deactivated or deleted since it was issued.
    UserRevoked,
    /// Its user's family was suspended since it was issued.
    FamilySuspended,
}

/// `ErrorInfo.reason` of an `unauthenticated` status refusing a token whose
/// user was deactivated, or whose family was suspended: the gateway tells
/// clients which, so they can say why the session ended.
pub const REASON_ACCOUNT_DEACTIVATED: &str = crate::codes::ACCOUNT_DEACTIVATED.code;
pub const REASON_FAMILY_SUSPENDED: &str = crate::codes::FAMILY_SUSPENDED.code;
/// `ErrorInfo.reason` of a `permission_denied` status refusing the console
/// to a super admin who has not set up two-factor sign-in yet.
pub const REASON_MFA_SETUP_REQUIRED: &str = crate::codes::MFA_SETUP_REQUIRED.code;
/// What they are told.
pub const MFA_SETUP_REQUIRED: &str = crate::codes::MFA_SETUP_REQUIRED.en;

impl Refusal {
    /// What the caller is told: for a revoked token, the words their next
    /// login would answer.
    pub fn message(self) -> &'static str {
        match self {
            Refusal::Invalid => UNAUTHENTICATED,
            Refusal::UserRevoked => crate::codes::ACCOUNT_DEACTIVATED.en,
            Refusal::FamilySuspended => crate::codes::FAMILY_SUSPENDED.en,
        }
    }

    /// The `ErrorInfo.reason` saying why, for a revoked token.
    pub fn reason(self) -> Option<&'static str> {
        match self {
            Refusal::Invalid => None,
            Refusal::UserRevoked => Some(REASON_ACCOUNT_DEACTIVATED),
            Refusal::FamilySuspended => Some(REASON_FAMILY_SUSPENDED),
        }
    }

    /// The gRPC answer: `unauthenticated`, with the reason as an `ErrorInfo`.
    pub fn status(self) -> Status {
        match self.reason() {
            Some(reason) => Status::with_error_details(
                tonic::Code::Unauthenticated,
                self.message(),
                ErrorDetails::with_error_info(reason, ERROR_DOMAIN, HashMap::new()),
            ),
            None => crate::codes::unauthenticated().into(),
        }
    }

    /// The revocation an `unauthenticated` status from a service reports, if
    /// it reports one.
    pub fn of(status: &Status) -> Option<Self> {
        if status.code() != tonic::Code::Unauthenticated {
            return None;
        }
        let info = status
            .get_details_error_info()
            .filter(|info| info.domain == ERROR_DOMAIN)?;
        match info.reason.as_str() {
            REASON_ACCOUNT_DEACTIVATED => Some(Refusal::UserRevoked),
            REASON_FAMILY_SUSPENDED => Some(Refusal::FamilySuspended),
            _ => None,
        }
    }
}

/// The refusal of the console to a super admin who has not set up
/// two-factor sign-in yet.
pub fn mfa_setup_required() -> Status {
    crate::codes::mfa_setup_required().into()
}

/// The token of an `Authorization: Bearer <token>` header value.
pub fn bearer_token(header: &str) -> Option<&str> {
    header.strip_prefix("Bearer ").filter(|t| !t.is_empty())
}

/// The bearer token a request came with, for calling another service on the
/// caller's behalf (a service passing its own token along).
pub fn token_of<T>(request: &Request<T>) -> Option<String> {
    request
        .metadata()
        .get("authorization")?
        .to_str()
        .ok()
        .and_then(bearer_token)
        .map(str::to_owned)
}

/// Verifies bearer tokens on incoming requests and stores the [`Caller`].
#[derive(Clone)]
pub struct AuthInterceptor {
    authenticator: Authenticator,
}

impl AuthInterceptor {
    pub fn new(authenticator: Authenticator) -> Self {
        Self { authenticator }
    }
}

impl tonic::service::Interceptor for AuthInterceptor {
    fn call(&mut self, mut request: Request<()>) -> Result<Request<()>, Status> {
        if let Some(header) = request.metadata().get("authorization") {
            let caller = header
                .to_str()
                .ok()
                .and_then(bearer_token)
                .map_or(Err(Refusal::Invalid), |token| {
                    self.authenticator.check(token)
                })
                .map_err(Refusal::status)?;
            request.extensions_mut().insert(caller);
        }
        Ok(request)
    }
}

fn caller_from(verified: Verified, token: &str) -> Option<Caller> {
    let claims = verified.claims;
    if verified.service {
        return Some(Caller::Service(claims.sub));
    }
    Some(Caller::User(User {
        id: Uuid::parse_str(&claims.sub).ok()?,
        role: claims.role.as_deref()?.parse().ok()?,
        org: claims.org,
        child: claims.child,
        token: token.to_owned(),
        session_id: claims.session_id().to_owned(),
        expires_at: claims.exp,
        issued_at_ms: claims.issued_at_ms(),
        session_started: claims.session_started(),
        on_tablet: claims.scope.as_deref() == Some(crate::jwt::TABLET_SCOPE),
        mfa_setup: claims.mfa_setup,
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
            Caller::Service(_) => Err(crate::codes::user_required().into()),
        }
    }
    /// A parent of a family (ORG_ADMIN, or a super admin).
    fn parent(&self) -> Result<&User, Status> {
        let user = self.user()?;
        if user.role.is_parent() {
            Ok(user)
        } else {
            Err(crate::codes::only_parents().into())
        }
    }
    /// A super admin who has signed in with two factors (or need not).
    fn super_admin(&self) -> Result<&User, Status> {
        let user = self.user()?;
        if user.role == Role::SuperAdmin && user.mfa_setup {
            Err(mfa_setup_required())
        } else if user.role == Role::SuperAdmin {
            Ok(user)
        } else {
            Err(crate::codes::only_platform_admins().into())
        }
    }
    /// Another service (calls that only services may make).
    fn service(&self) -> Result<&str, Status> {
        match self.caller()? {
            Caller::Service(name) => Ok(name),
            Caller::User(_) => Err(crate::codes::only_services().into()),
        }
    }
}

impl<T> RequestAuth for Request<T> {
    fn caller(&self) -> Result<&Caller, Status> {
        self.extensions()
            .get::<Caller>()
            .ok_or_else(|| crate::codes::authentication_required().into())
    }
}
