//! Access tokens: Ed25519-signed JWTs (`alg` pinned to EdDSA). Only the auth
//! service holds the private key; the gateway and every service verify with
//! the public key. Checked on every token: signature, `alg`, `exp`, `aud`,
//! `iss` and the header `typ` (user access token or service token).
//!
//! A token's signature is checked once: the verifier remembers the tokens it
//! verified (by their exact text) and, for the same token again, checks only
//! that it has not expired. A browser sends one token with every request, and
//! every request is checked by the gateway and again by each service it
//! reaches. Revocations are checked on every use, after this (see `authn`).

use std::time::Duration;

use jsonwebtoken::{Algorithm, DecodingKey, EncodingKey, Header, Validation};
use serde::{Deserialize, Serialize};
use uuid::Uuid;

pub const AUDIENCE: &str = "chorely";
pub const ISSUER: &str = "chorely-auth";
/// Header `typ` of a user's access token (RFC 9068).
pub const ACCESS_TYP: &str = "at+jwt";
/// Header `typ` of a token one service uses to call another.
pub const SERVICE_TYP: &str = "svc+jwt";
/// Header `typ` of the token between a login's password and its second
/// factor: auth alone reads it, and no call accepts it as a bearer token.
pub const MFA_TYP: &str = "mfa+jwt";
/// How long a service token lives. A service calls with the same token
/// until half of this is left ([`SERVICE_REUSE_LEFT`]), then signs a new one:
/// the service called verifies each token once and then remembers it (see
/// [`JwtVerifier`]), where a token signed per call cost a signature on one
/// side and a full verification on the other for every call.
const SERVICE_TTL: Duration = Duration::from_secs(60);
/// The least lifetime a service token still has when it is used for another
/// call: well beyond the longest a call may take (15 s, see `kit::grpc`).
const SERVICE_REUSE_LEFT: i64 = 30;
/// The `scope` of a child's session on the family tablet: the tablet's
/// screens, never the account's security (two-factor sign-in, passwords,
/// calendar feeds, ending sessions everywhere).
pub const TABLET_SCOPE: &str = "tablet";
/// How long a session lasts from its login, renewals included: then the
/// password (and second factor) is asked again.
pub const SESSION_LIFETIME: Duration = Duration::from_secs(30 * 24 * 60 * 60);

#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum JwtError {
    #[error("invalid or expired token")]
    Invalid,
    #[error("invalid key: {0}")]
    Key(String),
}

/// The claims of every Chorely token.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, Eq)]
pub struct Claims {
    /// User id, or the calling service's name for service tokens.
    pub sub: String,
    pub aud: String,
    pub iss: String,
    pub exp: i64,
    pub iat: i64,
    /// Token id, unique to each token.
    pub jti: String,
    /// Session id: the same for a login's token and each renewal of it, so
    /// logging out ends them all. Absent on service tokens (and on tokens
    /// issued before sessions were renewable: their `jti` stands for it).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub sid: Option<String>,
    /// SUPER_ADMIN, ORG_ADMIN or ORG_MEMBER (user tokens).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub role: Option<String>,
    /// The user's family (absent for a super admin and for service tokens).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub org: Option<Uuid>,
    /// The child this login belongs to, for a child's login.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub child: Option<Uuid>,
    /// When it was issued, in Unix milliseconds: `iat` counts whole seconds,
    /// and a revocation compared in seconds would also refuse a token issued
    /// later in the same second (a family reactivated and logged in again).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub iat_ms: Option<i64>,
    /// A super admin who must set up two-factor sign-in first: such a token
    /// reaches their profile and the setup, not the console.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub mfa_setup: bool,
    /// When the session began (Unix seconds, OpenID Connect's `auth_time`):
    /// renewals carry it on, and no token outlives [`SESSION_LIFETIME`] from
    /// it. Absent on service and second-step tokens (and on user tokens
    /// issued before it existed: their `iat` stands for it).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub auth_time: Option<i64>,
    /// What the session may reach, when less than its role allows:
    /// [`TABLET_SCOPE`] for a child's session on the family tablet.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub scope: Option<String>,
}

impl Claims {
    /// When the token was issued, in Unix milliseconds; for a token without
    /// `iat_ms` (issued before it existed), the start of its `iat` second,
    /// so a revocation in that second still refuses it.
    pub fn issued_at_ms(&self) -> i64 {
        self.iat_ms.unwrap_or_else(|| self.iat.saturating_mul(1000))
    }

    /// The session the token belongs to, by which it is logged out.
    pub fn session_id(&self) -> &str {
        self.sid.as_deref().unwrap_or(&self.jti)
    }

    /// When the token's session began (Unix seconds).
    pub fn session_started(&self) -> i64 {
        self.auth_time.unwrap_or(self.iat)
    }
}

/// What a verified token says.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Verified {
    pub claims: Claims,
    /// True for a service token.
    pub service: bool,
}

/// Tokens remembered as verified, at most (a token is about 400 bytes).
const VERIFIED_CAPACITY: u64 = 10_000;
/// How long a verified token is remembered without being used.
const VERIFIED_IDLE: Duration = Duration::from_secs(10 * 60);

/// Verifies tokens with the public key.
pub struct JwtVerifier {
    key: DecodingKey,
    validation: Validation,
    verified: moka::sync::Cache<String, Verified>,
}

impl JwtVerifier {
    pub fn from_public_pem(pem: &str) -> Result<Self, JwtError> {
        let key =
            DecodingKey::from_ed_pem(pem.as_bytes()).map_err(|e| JwtError::Key(e.to_string()))?;
        let mut validation = Validation::new(Algorithm::EdDSA);
        validation.set_audience(&[AUDIENCE]);
        validation.set_issuer(&[ISSUER]);
        validation.set_required_spec_claims(&["exp", "aud", "iss", "sub"]);
        validation.leeway = 5;
        Ok(Self {
            key,
            validation,
            verified: moka::sync::Cache::builder()
                .max_capacity(VERIFIED_CAPACITY)
                .time_to_idle(VERIFIED_IDLE)
                .build(),
        })
    }

    /// The claims of a login's second-step token (`typ` `mfa+jwt`): signed
    /// by auth and not expired at `now` (Unix seconds, the caller's clock).
    /// Never remembered: each is used once or twice.
    pub fn verify_mfa(&self, token: &str, now: i64) -> Result<Claims, JwtError> {
        let mut validation = self.validation.clone();
        validation.validate_exp = false;
        let data = jsonwebtoken::decode::<Claims>(token, &self.key, &validation)
            .map_err(|_| JwtError::Invalid)?;
        if data.header.typ.as_deref() != Some(MFA_TYP) || data.claims.exp <= now {
            return Err(JwtError::Invalid);
        }
        Ok(data.claims)
    }

    pub fn verify(&self, token: &str) -> Result<Verified, JwtError> {
        self.verify_at(token, jsonwebtoken::get_current_timestamp())
    }

    /// [`JwtVerifier::verify`] at `now` (Unix seconds) for a token verified
    /// before; a new token's expiry is checked against the system clock.
    fn verify_at(&self, token: &str, now: u64) -> Result<Verified, JwtError> {
        if let Some(verified) = self.verified.get(token) {
            // As the full check would: expired once `exp` is more than the
            // leeway in the past.
            let exp = u64::try_from(verified.claims.exp).unwrap_or(0);
            if exp.saturating_add(self.validation.leeway) < now {
                self.verified.invalidate(token);
                return Err(JwtError::Invalid);
            }
            return Ok(verified);
        }
        let verified = self.verify_signed(token)?;
        self.verified.insert(token.to_owned(), verified.clone());
        Ok(verified)
    }

    fn verify_signed(&self, token: &str) -> Result<Verified, JwtError> {
        let data = jsonwebtoken::decode::<Claims>(token, &self.key, &self.validation)
            .map_err(|_| JwtError::Invalid)?;
        let service = match data.header.typ.as_deref() {
            Some(ACCESS_TYP) => false,
            Some(SERVICE_TYP) => true,
            _ => return Err(JwtError::Invalid),
        };
        Ok(Verified {
            claims: data.claims,
            service,
        })
    }
}

/// Signs tokens with the private key (the auth service only).
pub struct JwtSigner {
    key: EncodingKey,
    ttl: Duration,
    service_name: String,
    /// The service token in use, and when it expires (Unix seconds).
    service: std::sync::Mutex<Option<(String, i64)>>,
}

/// The user a token is issued for.
#[derive(Debug, Clone)]
pub struct Subject {
    pub user_id: Uuid,
    pub role: String,
    pub org: Option<Uuid>,
    pub child: Option<Uuid>,
    /// A super admin who must set up two-factor sign-in before the console.
    pub mfa_setup: bool,
    /// A child's session on the family tablet ([`TABLET_SCOPE`]).
    pub tablet: bool,
}

impl JwtSigner {
    pub fn from_private_pem(
        pem: &str,
        ttl: Duration,
        service_name: &str,
    ) -> Result<Self, JwtError> {
        let key =
            EncodingKey::from_ed_pem(pem.as_bytes()).map_err(|e| JwtError::Key(e.to_string()))?;
        Ok(Self {
            key,
            ttl,
            service_name: service_name.to_owned(),
            service: std::sync::Mutex::default(),
        })
    }

    /// A user's access token, starting a new session.
    pub fn access_token(&self, subject: &Subject) -> Result<String, JwtError> {
        let started = chrono::Utc::now().timestamp();
        self.session_token(subject, &Uuid::new_v4().to_string(), started)
    }

    /// A user's access token in the session `session_id`, which began at
    /// `started` (Unix seconds; a renewal).
    pub fn session_token(
        &self,
        subject: &Subject,
        session_id: &str,
        started: i64,
    ) -> Result<String, JwtError> {
        self.session_token_for(subject, session_id, started, self.ttl)
    }

    /// A user's access token in the session `session_id` living `ttl`
    /// instead of the usual lifetime (a child's session on the family
    /// tablet); never past the session's end, [`SESSION_LIFETIME`] after
    /// `started`.
    pub fn session_token_for(
        &self,
        subject: &Subject,
        session_id: &str,
        started: i64,
        ttl: Duration,
    ) -> Result<String, JwtError> {
        let base = base_claims(ttl);
        let claims = Claims {
            sub: subject.user_id.to_string(),
            role: Some(subject.role.clone()),
            org: subject.org,
            child: subject.child,
            sid: Some(session_id.to_owned()),
            mfa_setup: subject.mfa_setup,
            auth_time: Some(started),
            scope: subject.tablet.then(|| TABLET_SCOPE.to_owned()),
            exp: base.exp.min(session_end(started)),
            ..base
        };
        self.sign(ACCESS_TYP, &claims)
    }

    /// The token that carries a login from its right password to its second
    /// factor, until `expires_at` (Unix seconds, the caller's clock). Its
    /// `jti` is `challenge`: auth's record of the attempts it allows.
    pub fn mfa_token(
        &self,
        user_id: Uuid,
        challenge: Uuid,
        expires_at: i64,
    ) -> Result<String, JwtError> {
        let claims = Claims {
            sub: user_id.to_string(),
            exp: expires_at,
            jti: challenge.to_string(),
            ..base_claims(Duration::ZERO)
        };
        self.sign(MFA_TYP, &claims)
    }

    /// How long an access token lives.
    pub fn ttl(&self) -> Duration {
        self.ttl
    }

    /// A short-lived token for calling another service as this service: the
    /// one in use while it has [`SERVICE_REUSE_LEFT`] seconds left, else a new one.
    pub fn service_token(&self) -> Result<String, JwtError> {
        self.service_token_at(chrono::Utc::now().timestamp())
    }

    /// [`JwtSigner::service_token`] at `now` (Unix seconds); a new token's
    /// lifetime starts at the system clock's now.
    fn service_token_at(&self, now: i64) -> Result<String, JwtError> {
        // A poisoned lock only means a panic elsewhere mid-update: the
        // slot holds a whole token or none either way.
        let mut in_use = self
            .service
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        if let Some((token, exp)) = in_use.as_ref()
            && exp - now >= SERVICE_REUSE_LEFT
        {
            return Ok(token.clone());
        }
        let claims = Claims {
            sub: self.service_name.clone(),
            ..base_claims(SERVICE_TTL)
        };
        let token = self.sign(SERVICE_TYP, &claims)?;
        *in_use = Some((token.clone(), claims.exp));
        Ok(token)
    }

    /// Signs arbitrary claims (tests use it to forge expired tokens).
    pub fn sign(&self, typ: &str, claims: &Claims) -> Result<String, JwtError> {
        let mut header = Header::new(Algorithm::EdDSA);
        header.typ = Some(typ.to_owned());
        jsonwebtoken::encode(&header, claims, &self.key).map_err(|e| JwtError::Key(e.to_string()))
    }
}

/// When a session that began at `started` (Unix seconds) ends.
pub fn session_end(started: i64) -> i64 {
    started.saturating_add(i64::try_from(SESSION_LIFETIME.as_secs()).unwrap_or(i64::MAX / 2))
}

fn base_claims(ttl: Duration) -> Claims {
    let now_ms = chrono::Utc::now().timestamp_millis();
    let now = now_ms.div_euclid(1000);
    Claims {
        sub: String::new(),
        aud: AUDIENCE.to_owned(),
        iss: ISSUER.to_owned(),
        exp: now + i64::try_from(ttl.as_secs()).unwrap_or(i64::MAX / 2),
        iat: now,
        jti: Uuid::new_v4().to_string(),
        sid: None,
        role: None,
        org: None,
        child: None,
        iat_ms: Some(now_ms),
        mfa_setup: false,
        auth_time: None,
        scope: None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::{TestKeys, tokens};

    fn pair() -> (JwtSigner, JwtVerifier) {
        let keys = TestKeys::generate();
        let signer =
            JwtSigner::from_private_pem(&keys.private_pem, Duration::from_secs(60), "test")
                .unwrap();
        (
            signer,
            JwtVerifier::from_public_pem(&keys.public_pem).unwrap(),
        )
    }

    #[test]
    fn a_token_verified_once_is_refused_once_it_expires() {
        let (signer, verifier) = pair();
        let claims = tokens::claims("user-1", 60);
        let token = signer.sign(ACCESS_TYP, &claims).unwrap();
        let now = u64::try_from(chrono::Utc::now().timestamp()).unwrap();
        assert_eq!(verifier.verify_at(&token, now).unwrap().claims, claims);
        // Remembered: still good within its lifetime and the leeway...
        let exp = u64::try_from(claims.exp).unwrap();
        assert!(verifier.verify_at(&token, exp + 5).is_ok());
        // ...and refused after, as the full check would.
        assert_eq!(
            verifier.verify_at(&token, exp + 6).unwrap_err(),
            JwtError::Invalid
        );
    }

    #[test]
    fn a_service_calls_with_one_token_until_half_its_life_is_gone() {
        let (signer, verifier) = pair();
        let now = chrono::Utc::now().timestamp();
        let first = signer.service_token_at(now).unwrap();
        let verified = verifier.verify(&first).unwrap();
        assert!(verified.service);
        assert_eq!(verified.claims.sub, "test");
        let exp = verified.claims.exp;
        assert_eq!(signer.service_token_at(now).unwrap(), first);
        assert_eq!(
            signer.service_token_at(exp - SERVICE_REUSE_LEFT).unwrap(),
            first,
            "still half its life left"
        );
        let next = signer
            .service_token_at(exp - SERVICE_REUSE_LEFT + 1)
            .unwrap();
        assert_ne!(next, first, "a new token once less is left");
        assert!(verifier.verify(&next).unwrap().service);
        assert_eq!(
            signer.service_token_at(now).unwrap(),
            next,
            "and that one is kept"
        );
    }

    #[test]
    fn only_the_exact_token_verified_is_remembered() {
        let (signer, verifier) = pair();
        let token = signer
            .sign(ACCESS_TYP, &tokens::claims("user-1", 60))
            .unwrap();
        verifier.verify(&token).unwrap();
        // The same claims under another signature, or a signature tampered
        // with, are checked in full.
        let forged = tokens::signed_by_stranger(&tokens::claims("user-1", 60));
        assert_eq!(verifier.verify(&forged).unwrap_err(), JwtError::Invalid);
        // A character well inside the signature, all of whose bits count.
        let mut tampered = token.clone().into_bytes();
        let at = tampered.len() - 20;
        tampered[at] = if tampered[at] == b'A' { b'B' } else { b'A' };
        let tampered = String::from_utf8(tampered).unwrap();
        assert_eq!(verifier.verify(&tampered).unwrap_err(), JwtError::Invalid);
        assert!(verifier.verify(&token).is_ok());
    }

    #[test]
    fn a_second_step_token_is_no_bearer_token_and_a_bearer_token_no_second_step() {
        let (signer, verifier) = pair();
        let user = Uuid::new_v4();
        let now = 1_000_000;
        let mfa = signer.mfa_token(user, Uuid::new_v4(), now + 300).unwrap();
        assert_eq!(verifier.verify(&mfa).unwrap_err(), JwtError::Invalid);
        assert_eq!(
            verifier.verify_mfa(&mfa, now).unwrap().sub,
            user.to_string()
        );
        // Expired by the caller's clock.
        assert_eq!(
            verifier.verify_mfa(&mfa, now + 300).unwrap_err(),
            JwtError::Invalid
        );
        let access = signer
            .access_token(&Subject {
                user_id: user,
                role: "SUPER_ADMIN".into(),
                org: None,
                child: None,
                mfa_setup: false,
                tablet: false,
            })
            .unwrap();
        assert_eq!(
            verifier.verify_mfa(&access, now).unwrap_err(),
            JwtError::Invalid
        );
        assert!(verifier.verify(&access).is_ok());
    }

    #[test]
    fn renewals_keep_the_session_and_only_a_pending_setup_is_written() {
        let (signer, verifier) = pair();
        let subject = Subject {
            user_id: Uuid::new_v4(),
            role: "SUPER_ADMIN".into(),
            org: None,
            child: None,
            mfa_setup: true,
            tablet: false,
        };
        let first = verifier
            .verify(&signer.access_token(&subject).unwrap())
            .unwrap()
            .claims;
        let sid = first.sid.clone().unwrap();
        assert!(first.mfa_setup);
        let renewed = verifier
            .verify(
                &signer
                    .session_token(
                        &Subject {
                            mfa_setup: false,
                            ..subject
                        },
                        &sid,
                        first.session_started(),
                    )
                    .unwrap(),
            )
            .unwrap()
            .claims;
        assert_eq!(renewed.session_id(), sid);
        assert_ne!(renewed.jti, first.jti);
        assert!(!renewed.mfa_setup);
        // Absent from the token when false, as tokens issued before had it.
        let text = signer.sign(ACCESS_TYP, &renewed).unwrap();
        let payload = text.split('.').nth(1).unwrap();
        use base64::{Engine, engine::general_purpose::URL_SAFE_NO_PAD};
        let json = String::from_utf8(URL_SAFE_NO_PAD.decode(payload).unwrap()).unwrap();
        assert!(!json.contains("mfa_setup"), "{json}");
    }

    #[test]
    fn a_session_keeps_its_start_and_no_token_outlives_its_lifetime() {
        let (signer, verifier) = pair();
        let subject = Subject {
            user_id: Uuid::new_v4(),
            role: "ORG_ADMIN".into(),
            org: Some(Uuid::new_v4()),
            child: None,
            mfa_setup: false,
            tablet: false,
        };
        let now = chrono::Utc::now().timestamp();
        let first = verifier
            .verify(&signer.access_token(&subject).unwrap())
            .unwrap()
            .claims;
        let started = first
            .auth_time
            .expect("a login's token says when the session began");
        assert!((now..=now + 1).contains(&started), "{started}");
        assert_eq!(first.session_started(), started);

        // A renewal of a session 29 days and 23 hours old lives only to the
        // end of its 30 days, not a whole token lifetime.
        let lifetime = i64::try_from(SESSION_LIFETIME.as_secs()).unwrap();
        let old_start = now - lifetime + 60 * 60;
        let renewed = verifier
            .verify(
                &signer
                    .session_token_for(&subject, "s", old_start, Duration::from_secs(3 * 3600))
                    .unwrap(),
            )
            .unwrap()
            .claims;
        assert_eq!(renewed.auth_time, Some(old_start));
        assert_eq!(renewed.exp, session_end(old_start));
        assert_eq!(session_end(old_start), old_start + lifetime);
        // A token without `auth_time` (issued before it) began at its `iat`.
        let legacy = Claims {
            auth_time: None,
            ..renewed
        };
        assert_eq!(legacy.session_started(), legacy.iat);
    }
}
