//! Revoked tokens. When a user is deactivated or their login deleted, their
//! tokens must stop working at once everywhere, without a database read per
//! request. The auth service publishes a `user_revoked` event (through its
//! outbox, so none is lost); every service and the gateway follow that subject
//! of the stream and keep the revocations in memory. A token issued at or
//! before its user's revocation is refused; one issued after (the user was
//! reactivated and logged in again) is not.

use std::{
    collections::HashMap,
    sync::{Arc, RwLock},
    time::Duration,
};

use async_nats::jetstream::consumer::{AckPolicy, DeliverPolicy, pull};
use chorely_proto::events::v1::UserRevoked;
use futures::StreamExt;
use prost::Message;
use tokio_util::sync::CancellationToken;

use crate::nats::Bus;

/// Tokens live at most 12 hours; older revocations no longer matter.
const LOOK_BACK: time::Duration = time::Duration::days(2);

#[derive(Clone, Default)]
pub struct Revocations {
    revoked: Arc<RwLock<HashMap<String, i64>>>,
}

impl Revocations {
    /// Reads the recent revocations, then keeps following new ones until
    /// `shutdown`. Returns only once caught up, so a process never admits a
    /// revoked token while starting.
    pub async fn start(bus: &Bus, shutdown: CancellationToken) -> anyhow::Result<Self> {
        let stream = bus.js.get_stream(&bus.stream).await?;
        let mut consumer = stream
            .create_consumer(pull::Config {
                filter_subject: bus.subject_of::<UserRevoked>(),
                deliver_policy: DeliverPolicy::ByStartTime {
                    start_time: time::OffsetDateTime::now_utc() - LOOK_BACK,
                },
                ack_policy: AckPolicy::None,
                // An ephemeral consumer; the server drops it once we are gone.
                inactive_threshold: Duration::from_secs(60),
                ..Default::default()
            })
            .await?;
        let backlog = consumer.info().await?.num_pending;
        let mut messages = consumer.messages().await?;
        let revocations = Self::default();
        for _ in 0..backlog {
            match messages.next().await {
                Some(Ok(message)) => revocations.apply(&message.payload),
                Some(Err(err)) => tracing::warn!(%err, "revocation replay error"),
                None => break,
            }
        }
        let live = revocations.clone();
        tokio::spawn(async move {
            loop {
                let next = tokio::select! {
                    () = shutdown.cancelled() => return,
                    next = messages.next() => next,
                };
                match next {
                    Some(Ok(message)) => live.apply(&message.payload),
                    Some(Err(err)) => tracing::warn!(%err, "revocation stream error"),
                    None => {
                        tracing::error!("revocation stream ended");
                        return;
                    }
                }
            }
        });
        Ok(revocations)
    }

    fn apply(&self, payload: &[u8]) {
        match UserRevoked::decode(payload) {
            Ok(event) => {
                let at = event.revoked_at.map_or(i64::MAX, |t| t.seconds);
                self.revoke_locally(&event.user_id, at);
            }
            Err(err) => tracing::warn!(%err, "undecodable revocation"),
        }
    }

    /// Whether a token of `user_id` issued at `issued_at` (Unix seconds) is revoked.
    pub fn is_revoked(&self, user_id: &str, issued_at: i64) -> bool {
        let revoked = self.revoked.read().unwrap_or_else(|e| e.into_inner());
        revoked.get(user_id).is_some_and(|&at| issued_at <= at)
    }

    /// Applies a revocation in this process before its event comes round
    /// (the auth service does, right after committing it).
    pub fn revoke_locally(&self, user_id: &str, at: i64) {
        let mut revoked = self.revoked.write().unwrap_or_else(|e| e.into_inner());
        let entry = revoked.entry(user_id.to_owned()).or_insert(at);
        *entry = (*entry).max(at);
    }
}
