//! Revoked tokens. When a user is deactivated or their login deleted, their
//! tokens must stop working at once everywhere, without a database read per
//! request. The auth service publishes a `user_revoked` event (through its
//! outbox, so none is lost); every service and the gateway follow that subject
//! of the stream and keep the revocations in memory. A token issued at or
//! before its user's revocation is refused; one issued after (the user was
//! reactivated and logged in again) is not.
//!
//! Suspending a family works the same way for all of its members at once:
//! the platform service publishes `organization_activation_changed`, and a
//! token issued at or before the suspension of its family is refused (its
//! members cannot log in while suspended, and log in again once activated).
//!
//! A password reset ends every session of the user so far (`user_revoked`
//! with `sessions_only`): a token issued at or before the reset is refused
//! as an expired one is (the account itself is fine), one issued after is not.
//!
//! Logging out ends one session: auth publishes `token_revoked` with the
//! session's id (`sid`, which its renewals keep) and when its last token
//! expires, and the tokens of that session alone are refused until they
//! would have expired anyway (then it is forgotten). A revoked token cannot
//! be renewed, so no token of the session outlives that.
//!
//! "Log out everywhere" and a password change end every session of the user
//! as a reset does (`sessions_only`); a change then issues the caller a new
//! token after the cut.

use std::{
    collections::HashMap,
    sync::{Arc, RwLock},
    time::Duration,
};

use async_nats::jetstream::{
    self,
    consumer::{AckPolicy, DeliverPolicy, pull},
};
use chorely_proto::events::{
    Event,
    v1::{OrganizationActivationChanged, TokenRevoked, UserRevoked},
};
use futures::StreamExt;
use prost::Message;
use tokio_util::sync::CancellationToken;

use crate::nats::Bus;

/// Tokens live an hour by default (at most 12 hours as configured in any
/// deployment we ship); older revocations no longer matter.
const LOOK_BACK: time::Duration = time::Duration::days(2);

/// What revoked a token.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Revoked {
    /// The user was deactivated, or their login deleted.
    User,
    /// Their family was suspended.
    Family,
    /// Their sessions were ended (a password reset); the account is fine.
    Sessions,
}

#[derive(Clone)]
pub struct Revocations {
    revoked: Arc<RwLock<HashMap<String, i64>>>,
    tokens: Arc<RwLock<Tokens>>,
    /// Counts the revocations applied, for whoever must act on one at once
    /// (an open live stream checks its token again).
    applied: Arc<tokio::sync::watch::Sender<u64>>,
}

impl Default for Revocations {
    fn default() -> Self {
        Self {
            revoked: Arc::default(),
            tokens: Arc::default(),
            applied: Arc::new(tokio::sync::watch::channel(0).0),
        }
    }
}

/// Tokens logged out, by id, with when they expire (Unix seconds).
#[derive(Default)]
struct Tokens {
    expiring: HashMap<String, i64>,
    /// When expired entries were last dropped (Unix seconds).
    pruned_at: i64,
}

/// How often expired logged-out tokens are dropped (seconds).
const PRUNE_EVERY: i64 = 60;

impl Revocations {
    /// Reads the recent revocations, then keeps following new ones until
    /// `shutdown`. Returns only once caught up, so a process never admits a
    /// revoked token while starting.
    pub async fn start(bus: &Bus, shutdown: CancellationToken) -> anyhow::Result<Self> {
        let revocations = Self::default();
        // One consumer per subject: the NATS servers we run on (2.9) filter
        // a consumer by one subject only.
        revocations
            .follow::<UserRevoked>(bus, shutdown.clone(), Self::apply_user)
            .await?;
        revocations
            .follow::<OrganizationActivationChanged>(bus, shutdown.clone(), Self::apply_family)
            .await?;
        revocations
            .follow::<TokenRevoked>(bus, shutdown, Self::apply_token)
            .await?;
        Ok(revocations)
    }

    /// Replays the recent events `E`, then follows new ones in the background.
    async fn follow<E: Event>(
        &self,
        bus: &Bus,
        shutdown: CancellationToken,
        apply: fn(&Self, &[u8]),
    ) -> anyhow::Result<()> {
        let subject = bus.subject_of::<E>();
        let since = DeliverPolicy::ByStartTime {
            start_time: time::OffsetDateTime::now_utc() - LOOK_BACK,
        };
        let (mut messages, backlog) = open(bus, &subject, since).await?;
        // The next stream sequence to read: where to pick up after a break.
        let mut next_sequence = None;
        for _ in 0..backlog {
            match messages.next().await {
                Some(Ok(message)) => next_sequence = self.take(&message, apply).or(next_sequence),
                Some(Err(err)) => tracing::warn!(%err, "revocation replay error"),
                None => break,
            }
        }
        let (live, bus) = (self.clone(), bus.clone());
        tokio::spawn(async move {
            loop {
                let next = tokio::select! {
                    () = shutdown.cancelled() => return,
                    next = messages.next() => next,
                };
                match next {
                    Some(Ok(message)) => {
                        next_sequence = live.take(&message, apply).or(next_sequence);
                        continue;
                    }
                    Some(Err(err)) => tracing::warn!(%err, %subject, "revocation stream broke"),
                    None => tracing::warn!(%subject, "revocation stream ended"),
                }
                // The server drops an ephemeral consumer it has not heard from
                // for a minute: after a longer outage (or any break) follow
                // again from the next event, or the process would go on
                // admitting tokens revoked from then on.
                let from = next_sequence.map_or(since, |start_sequence| {
                    DeliverPolicy::ByStartSequence { start_sequence }
                });
                match reopen(&bus, &subject, from, &shutdown).await {
                    Some(reopened) => messages = reopened,
                    None => return,
                }
            }
        });
        Ok(())
    }

    /// Applies one event; returns the stream sequence after it.
    fn take(&self, message: &jetstream::Message, apply: fn(&Self, &[u8])) -> Option<u64> {
        apply(self, &message.payload);
        message.info().ok().map(|info| info.stream_sequence + 1)
    }

    fn apply_user(&self, payload: &[u8]) {
        match UserRevoked::decode(payload) {
            Ok(event) => {
                let at = event.revoked_at.map_or(i64::MAX, |t| millis(&t));
                if event.sessions_only {
                    self.end_sessions_locally(&event.user_id, at);
                } else {
                    self.revoke_locally(&event.user_id, at);
                }
            }
            Err(err) => tracing::warn!(%err, "undecodable revocation"),
        }
    }

    fn apply_family(&self, payload: &[u8]) {
        match OrganizationActivationChanged::decode(payload) {
            // Activation revokes nothing; tokens from before the suspension stay refused.
            Ok(event) if event.is_active => {}
            Ok(event) => {
                let at = event.changed_at.map_or(i64::MAX, |t| millis(&t));
                self.revoke_locally(&family_key(&event.organization_id), at);
            }
            Err(err) => tracing::warn!(%err, "undecodable family suspension"),
        }
    }

    fn apply_token(&self, payload: &[u8]) {
        match TokenRevoked::decode(payload) {
            Ok(event) => {
                // No expiry: kept as long as any token lives.
                let expires_at = event.expires_at.map_or(i64::MAX, |t| t.seconds);
                self.revoke_token_locally(&event.token_id, expires_at);
            }
            Err(err) => tracing::warn!(%err, "undecodable logout"),
        }
    }

    /// Whether the session `token_id` (its tokens' `sid`) was logged out.
    pub fn token_revoked(&self, token_id: &str) -> bool {
        if token_id.is_empty() {
            return false;
        }
        let tokens = self.tokens.read().unwrap_or_else(|e| e.into_inner());
        tokens.expiring.contains_key(token_id)
    }

    /// Refuses the token `token_id` (expiring at `expires_at`, Unix seconds)
    /// in this process before its event comes round; forgets tokens that
    /// have expired meanwhile (they are refused as expired anyway).
    pub fn revoke_token_locally(&self, token_id: &str, expires_at: i64) {
        self.revoke_token_at(token_id, expires_at, chrono::Utc::now().timestamp());
        self.applied.send_modify(|n| *n += 1);
    }

    fn revoke_token_at(&self, token_id: &str, expires_at: i64, now: i64) {
        let mut tokens = self.tokens.write().unwrap_or_else(|e| e.into_inner());
        if now - tokens.pruned_at >= PRUNE_EVERY {
            // Past the verifier's leeway, an expired token cannot be used.
            tokens
                .expiring
                .retain(|_, &mut expires| expires + 60 >= now);
            tokens.pruned_at = now;
        }
        if !token_id.is_empty() && expires_at + 60 >= now {
            tokens.expiring.insert(token_id.to_owned(), expires_at);
        }
    }

    /// Whether a token of `user_id` of family `org`, issued at `issued_at`
    /// (Unix milliseconds), is revoked: the user's, or their whole family's.
    pub fn is_revoked(&self, user_id: &str, org: Option<&str>, issued_at: i64) -> bool {
        self.revoked_by(user_id, org, issued_at).is_some()
    }

    /// Why a token of `user_id` of family `org`, issued at `issued_at`, is
    /// revoked, if it is: a suspended family comes first, as it is what the
    /// member would be told at their next login.
    pub fn revoked_by(&self, user_id: &str, org: Option<&str>, issued_at: i64) -> Option<Revoked> {
        let revoked = self.revoked.read().unwrap_or_else(|e| e.into_inner());
        let before = |key: &str| revoked.get(key).is_some_and(|&at| issued_at <= at);
        if org.is_some_and(|org| before(&family_key(org))) {
            Some(Revoked::Family)
        } else if before(user_id) {
            Some(Revoked::User)
        } else if before(&sessions_key(user_id)) {
            Some(Revoked::Sessions)
        } else {
            None
        }
    }

    /// Suspends a family's tokens (at `at`, Unix milliseconds) in this
    /// process before its event comes round.
    pub fn suspend_family_locally(&self, org: &str, at: i64) {
        self.revoke_locally(&family_key(org), at);
    }

    /// Applies a revocation (at `at`, Unix milliseconds) in this process
    /// before its event comes round (the auth service does, right after
    /// committing it).
    pub fn revoke_locally(&self, user_id: &str, at: i64) {
        {
            let mut revoked = self.revoked.write().unwrap_or_else(|e| e.into_inner());
            let entry = revoked.entry(user_id.to_owned()).or_insert(at);
            *entry = (*entry).max(at);
        }
        self.applied.send_modify(|n| *n += 1);
    }

    /// Ends the sessions of `user_id` issued until `at` (Unix milliseconds)
    /// in this process before its event comes round.
    pub fn end_sessions_locally(&self, user_id: &str, at: i64) {
        self.revoke_locally(&sessions_key(user_id), at);
    }

    /// Changes each time a revocation is applied.
    pub fn watch(&self) -> tokio::sync::watch::Receiver<u64> {
        self.applied.subscribe()
    }
}

/// Families and users share one map; a family's key cannot be a user id.
fn family_key(org: &str) -> String {
    format!("family:{org}")
}

/// A user's ended sessions; not a user id either.
fn sessions_key(user_id: &str) -> String {
    format!("sessions:{user_id}")
}

type Messages = pull::Stream;

/// An ephemeral consumer of `subject` from `from`, with the number of events
/// already waiting in it.
async fn open(bus: &Bus, subject: &str, from: DeliverPolicy) -> anyhow::Result<(Messages, u64)> {
    let stream = bus.js.get_stream(&bus.stream).await?;
    let mut consumer = stream
        .create_consumer(pull::Config {
            filter_subject: subject.to_owned(),
            deliver_policy: from,
            ack_policy: AckPolicy::None,
            // An ephemeral consumer; the server drops it once we are gone.
            inactive_threshold: Duration::from_secs(60),
            ..Default::default()
        })
        .await?;
    let backlog = consumer.info().await?.num_pending;
    Ok((consumer.messages().await?, backlog))
}

/// [`open`] again, retrying with a growing pause until it works or `shutdown`.
async fn reopen(
    bus: &Bus,
    subject: &str,
    from: DeliverPolicy,
    shutdown: &CancellationToken,
) -> Option<Messages> {
    let mut pause = Duration::from_millis(100);
    loop {
        match open(bus, subject, from).await {
            Ok((messages, _)) => {
                tracing::info!(%subject, "following revocations again");
                return Some(messages);
            }
            Err(err) => tracing::warn!(%err, %subject, "cannot follow revocations yet"),
        }
        tokio::select! {
            () = shutdown.cancelled() => return None,
            () = tokio::time::sleep(pause) => {}
        }
        pause = (pause * 2).min(Duration::from_secs(10));
    }
}

/// A protobuf timestamp in Unix milliseconds, the precision tokens carry.
fn millis(t: &prost_types::Timestamp) -> i64 {
    t.seconds
        .saturating_mul(1000)
        .saturating_add(i64::from(t.nanos) / 1_000_000)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::jwt::Claims;

    fn issued(iat_ms: Option<i64>, iat: i64) -> i64 {
        Claims {
            sub: "u".into(),
            aud: String::new(),
            iss: String::new(),
            exp: 0,
            iat,
            jti: String::new(),
            sid: None,
            role: None,
            org: None,
            child: None,
            iat_ms,
            mfa_setup: false,
            auth_time: None,
            scope: None,
        }
        .issued_at_ms()
    }

    #[test]
    fn a_token_issued_later_in_the_second_of_a_suspension_is_accepted() {
        let revocations = Revocations::default();
        // Suspended at 1000.400 s, then reactivated.
        revocations.suspend_family_locally("f", 1_000_400);
        let before = issued(Some(1_000_399), 1000);
        let after = issued(Some(1_000_401), 1000);
        assert!(revocations.is_revoked("u", Some("f"), before));
        assert!(!revocations.is_revoked("u", Some("f"), after));
        // A token without milliseconds counts from the start of its second.
        assert!(revocations.is_revoked("u", Some("f"), issued(None, 1000)));
        assert!(!revocations.is_revoked("u", Some("f"), issued(None, 1001)));
    }

    #[test]
    fn a_revocation_says_whether_the_user_or_their_family_was_refused() {
        let revocations = Revocations::default();
        revocations.revoke_locally("u", 2_000);
        assert_eq!(
            revocations.revoked_by("u", None, 1_500),
            Some(Revoked::User)
        );
        assert_eq!(revocations.revoked_by("u", Some("f"), 2_500), None);
        // A member of a suspended family hears of the suspension first.
        revocations.suspend_family_locally("f", 3_000);
        assert_eq!(
            revocations.revoked_by("u", Some("f"), 1_500),
            Some(Revoked::Family)
        );
        assert_eq!(
            revocations.revoked_by("v", Some("f"), 2_500),
            Some(Revoked::Family)
        );
        assert_eq!(revocations.revoked_by("v", Some("g"), 2_500), None);
    }

    #[test]
    fn a_logged_out_token_is_refused_until_it_expires_and_then_forgotten() {
        let revocations = Revocations::default();
        let now = 1_000_000;
        revocations.revoke_token_at("a", now + 3600, now);
        revocations.revoke_token_at("", now + 3600, now);
        assert!(revocations.token_revoked("a"));
        assert!(!revocations.token_revoked("b"));
        assert!(!revocations.token_revoked(""), "a token without an id");
        // One already expired is not kept at all.
        revocations.revoke_token_at("old", now - 3600, now);
        assert!(!revocations.token_revoked("old"));
        // Hours later, "a" has expired and is dropped with the next logout.
        revocations.revoke_token_at("b", now + 7200 + 3600, now + 7200);
        assert!(!revocations.token_revoked("a"));
        assert!(revocations.token_revoked("b"));
        // Another user's revocations are untouched by logouts.
        assert!(!revocations.is_revoked("u", None, 0));
    }

    #[test]
    fn ended_sessions_refuse_older_tokens_only_and_not_as_a_deactivation() {
        let revocations = Revocations::default();
        revocations.end_sessions_locally("u", 5_000);
        assert_eq!(
            revocations.revoked_by("u", Some("f"), 5_000),
            Some(Revoked::Sessions)
        );
        // The session the reset itself starts, a millisecond later, works.
        assert_eq!(revocations.revoked_by("u", Some("f"), 5_001), None);
        assert_eq!(revocations.revoked_by("v", Some("f"), 4_000), None);
        // A deactivation still reads as one.
        revocations.revoke_locally("u", 6_000);
        assert_eq!(
            revocations.revoked_by("u", None, 4_000),
            Some(Revoked::User)
        );
    }

    #[test]
    fn event_times_count_in_milliseconds() {
        let t = prost_types::Timestamp {
            seconds: 12,
            nanos: 345_678_901,
        };
        assert_eq!(millis(&t), 12_345);
    }
}
