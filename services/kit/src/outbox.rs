//! The transactional outbox. A service writes its events into `outbox` in the
//! same transaction as the change they describe; the [`Relay`] publishes them
//! to JetStream with `Nats-Msg-Id` = event id and then marks them published.
//! A crash before the publish leaves the row pending (published later); a crash
//! after it but before the mark republishes the same id, which JetStream drops
//! as a duplicate. Either way each event reaches the stream exactly once.
//! A published row is kept for [`KEEP_PUBLISHED`], then the relay deletes it.

use std::{
    collections::HashMap,
    future::IntoFuture,
    sync::{
        Arc,
        atomic::{AtomicU64, Ordering},
    },
    time::Duration,
};

use async_nats::jetstream::context::PublishAckFuture;
use chorely_proto::events::Event;
use sqlx::{PgConnection, PgPool, postgres::PgListener};
use tokio::sync::Notify;
use tokio_util::sync::CancellationToken;
use tracing::Instrument;
use uuid::Uuid;

use crate::{nats::Bus, telemetry};

const CHANNEL: &str = "outbox";
const BATCH: i64 = 100;
/// Safety net in case a notification is missed (e.g. the listener reconnects).
const POLL_EVERY: Duration = Duration::from_secs(2);
/// How long a published event stays in the outbox (to look into; far past
/// JetStream's duplicate window) before the relay deletes it: nothing reads
/// a published row, and a table kept forever grows with every event.
pub const KEEP_PUBLISHED: Duration = Duration::from_secs(24 * 60 * 60);
/// How often the relay deletes what it has kept long enough (and at start).
const PRUNE_EVERY: Duration = Duration::from_secs(60 * 60);
/// Rows deleted per statement, so a large first prune holds no long locks.
const PRUNE_BATCH: i64 = 5_000;
/// First wait after a failed publish, doubled after each further failure up
/// to [`POLL_EVERY`]. Short, because a NATS server just restarted refuses
/// JetStream publishes for a moment, and every event waits for the retry.
const RETRY_FIRST: Duration = Duration::from_millis(100);

/// How a drain of the outbox ended.
#[derive(Debug, PartialEq, Eq)]
enum Drain {
    /// Nothing is pending.
    Done,
    /// A publish or the database failed.
    Failed,
    /// Not connected to NATS.
    Offline,
}

/// The waits between failed drains.
#[derive(Debug, Default)]
struct Retry(Option<Duration>);

impl Retry {
    /// The wait after one more failure.
    fn next(&mut self) -> Duration {
        let wait = self.0.map_or(RETRY_FIRST, |w| (w * 2).min(POLL_EVERY));
        self.0 = Some(wait);
        wait
    }

    /// Forgets the failures; the wait after a good drain.
    fn reset(&mut self) -> Duration {
        self.0 = None;
        POLL_EVERY
    }
}

/// What wakes the relay when events are committed. A task of its own listens
/// on the outbox channel and turns any number of notifications that arrive
/// while the relay is draining into one wake (a [`Notify`] keeps at most one
/// permit): each drain publishes everything committed before it, so a burst
/// of events costs one more drain, not one each. Woken once per
/// notification, a relay slower than the events (a soak's burst) queued
/// thousands of them and kept draining an empty outbox for minutes after.
pub struct Wake {
    notify: Notify,
    heard: AtomicU64,
}

impl Wake {
    /// Listens until `stop`; `None` (the relay then polls) when the channel
    /// cannot be listened on.
    pub async fn listen(pool: &PgPool, stop: CancellationToken) -> Option<Arc<Self>> {
        let listening = async {
            let mut listener = PgListener::connect_with(pool).await?;
            listener.listen(CHANNEL).await?;
            Ok::<_, sqlx::Error>(listener)
        };
        let mut listener = match listening.await {
            Ok(listener) => listener,
            Err(err) => {
                tracing::warn!(%err, "outbox relay cannot LISTEN; polling only");
                return None;
            }
        };
        let wake = Arc::new(Self {
            notify: Notify::new(),
            heard: AtomicU64::new(0),
        });
        let woken = wake.clone();
        tokio::spawn(async move {
            loop {
                let heard = tokio::select! {
                    () = stop.cancelled() => return,
                    heard = listener.recv() => heard,
                };
                woken.notify.notify_one();
                // Counted once the wake is given, so whoever sees the count
                // sees the wake too.
                woken.heard.fetch_add(1, Ordering::Release);
                if let Err(err) = heard {
                    // The listener connects again on its next receive; until
                    // the database is back that fails at once, so it waits
                    // (the relay's own poll goes on meanwhile).
                    tracing::debug!(%err, "outbox listener lost its connection");
                    tokio::time::sleep(RETRY_FIRST).await;
                }
            }
        });
        Some(wake)
    }

    /// Waits for a commit since the last wake (at once if one came already).
    pub async fn committed(&self) {
        self.notify.notified().await;
    }

    /// Notifications (and lost connections) heard so far.
    pub fn heard(&self) -> u64 {
        self.heard.load(Ordering::Acquire)
    }
}

/// Writes `event` to the outbox inside the caller's transaction and returns its id.
pub async fn enqueue<E: Event>(tx: &mut PgConnection, event: &E) -> Result<Uuid, sqlx::Error> {
    let id = Uuid::now_v7();
    let trace =
        serde_json::to_value(telemetry::inject(&tracing::Span::current())).unwrap_or_default();
    sqlx::query!(
        "INSERT INTO outbox (id, subject, payload, trace_headers) VALUES ($1, $2, $3, $4)",
        id,
        E::SUBJECT,
        event.encode_to_vec(),
        trace,
    )
    .execute(&mut *tx)
    .await?;
    // Delivered at commit, waking the relay at once instead of at its next poll.
    sqlx::query!("SELECT pg_notify($1, '')", CHANNEL)
        .execute(&mut *tx)
        .await?;
    Ok(id)
}

/// Deletes the events published more than `kept_for` ago (never one still
/// waiting); returns how many.
pub async fn prune(pool: &PgPool, kept_for: Duration) -> Result<u64, sqlx::Error> {
    let mut pruned = 0;
    loop {
        let deleted = sqlx::query!(
            "DELETE FROM outbox WHERE id IN (
                 SELECT id FROM outbox
                 WHERE published_at < now() - make_interval(secs => $1)
                 LIMIT $2)",
            kept_for.as_secs_f64(),
            PRUNE_BATCH,
        )
        .execute(pool)
        .await?
        .rows_affected();
        pruned += deleted;
        if deleted < PRUNE_BATCH.unsigned_abs() {
            return Ok(pruned);
        }
    }
}

/// One event waiting to be published.
#[derive(Debug)]
pub struct PendingEvent {
    pub id: Uuid,
    pub subject: String,
    pub payload: Vec<u8>,
    pub trace_headers: sqlx::types::Json<HashMap<String, String>>,
}

/// Publishes pending outbox rows to JetStream.
#[derive(Clone)]
pub struct Relay {
    pool: PgPool,
    bus: Bus,
}

impl Relay {
    pub fn new(pool: PgPool, bus: Bus) -> Self {
        Self { pool, bus }
    }

    /// Runs until `shutdown`, then publishes what is left once more.
    pub async fn run(self, shutdown: CancellationToken) {
        let wake = Wake::listen(&self.pool, shutdown.child_token()).await;
        let mut connects = self.bus.connects();
        let mut retry = Retry::default();
        let mut prune_every = tokio::time::interval(PRUNE_EVERY);
        prune_every.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        loop {
            connects.borrow_and_update();
            let wait = match self.drain().await {
                Drain::Done => retry.reset(),
                Drain::Failed => retry.next(),
                // Nothing can be published until the server is back, which
                // `connects` announces.
                Drain::Offline => POLL_EVERY,
            };
            tokio::select! {
                () = shutdown.cancelled() => break,
                () = tokio::time::sleep(wait) => {},
                _ = connects.changed() => {},
                _ = prune_every.tick() => match prune(&self.pool, KEEP_PUBLISHED).await {
                    Ok(0) => {}
                    Ok(count) => tracing::info!(count, "published events pruned from the outbox"),
                    Err(err) => tracing::warn!(%err, "pruning the outbox failed; will retry"),
                },
                () = async {
                    match &wake {
                        Some(wake) => wake.committed().await,
                        None => std::future::pending().await,
                    }
                } => {},
            }
        }
        self.drain().await;
    }

    /// Publishes batches until nothing is pending or an error stops it,
    /// then reports what is left as the backlog.
    async fn drain(&self) -> Drain {
        let drained = loop {
            if !self.bus.connected() {
                // A publish now would wait out the acknowledgement's timeout.
                break Drain::Offline;
            }
            match self.run_once().await {
                Ok(0) => break Drain::Done,
                Ok(_) => {}
                Err(err) => {
                    tracing::warn!(error = %err, "outbox relay failed; will retry");
                    break Drain::Failed;
                }
            }
        };
        // A drain that ran to its end left nothing behind (a row another
        // replica holds is that replica's to report), so only one stopped
        // early counts what is left: a count after every drain is a read of
        // the whole pending index on every event's path.
        match drained {
            Drain::Done => crate::metrics::outbox_backlog(0),
            Drain::Failed | Drain::Offline => {
                if let Ok(backlog) = self.backlog().await {
                    crate::metrics::outbox_backlog(backlog);
                }
            }
        }
        drained
    }

    /// Publishes one batch of pending events; returns how many were published.
    pub async fn run_once(&self) -> anyhow::Result<usize> {
        let mut connects = self.bus.connects();
        connects.borrow_and_update();
        let mut tx = self.pool.begin().await?;
        // SKIP LOCKED lets several replicas relay side by side without waiting.
        let pending = sqlx::query_as!(
            PendingEvent,
            r#"SELECT id, subject, payload, trace_headers AS "trace_headers: _" FROM outbox
             WHERE published_at IS NULL ORDER BY created_at, id LIMIT $1
             FOR UPDATE SKIP LOCKED"#,
            BATCH,
        )
        .fetch_all(&mut *tx)
        .await?;
        if pending.is_empty() {
            return Ok(0);
        }
        // Every event of the batch is sent before any acknowledgement is
        // awaited: one round trip a batch instead of one an event, which is
        // what a backlog after an outage drains at. They keep their order on
        // the one connection.
        let mut acks = Vec::with_capacity(pending.len());
        for event in &pending {
            acks.push(self.send(event).await?.into_future());
        }
        tokio::select! {
            acked = futures::future::try_join_all(acks) => {
                for (event, ack) in pending.iter().zip(acked?) {
                    if ack.duplicate {
                        tracing::info!(event_id = %event.id, "event was already published");
                    }
                }
            }
            // The connection was lost and made again while waiting: the
            // acknowledgements went with it. Publishing again is safe (the
            // same Nats-Msg-Id), and sooner than the acks' timeout.
            _ = connects.changed() => anyhow::bail!("NATS reconnected before acknowledging {} event(s)", pending.len()),
        }
        let ids: Vec<Uuid> = pending.iter().map(|event| event.id).collect();
        sqlx::query!(
            "UPDATE outbox SET published_at = now() WHERE id = ANY($1)",
            &ids
        )
        .execute(&mut *tx)
        .await?;
        tx.commit().await?;
        Ok(pending.len())
    }

    /// Events not yet marked published, oldest first.
    pub async fn pending(&self) -> anyhow::Result<Vec<PendingEvent>> {
        Ok(sqlx::query_as!(
            PendingEvent,
            r#"SELECT id, subject, payload, trace_headers AS "trace_headers: _" FROM outbox
             WHERE published_at IS NULL ORDER BY created_at, id"#,
        )
        .fetch_all(&self.pool)
        .await?)
    }

    /// Publishes one event and waits for JetStream's acknowledgement.
    pub async fn publish(&self, event: &PendingEvent) -> anyhow::Result<()> {
        let ack = self.send(event).await?.await?;
        if ack.duplicate {
            tracing::info!(event_id = %event.id, "event was already published");
        }
        Ok(())
    }

    /// Sends one event; the future returned resolves to JetStream's
    /// acknowledgement.
    async fn send(&self, event: &PendingEvent) -> anyhow::Result<PublishAckFuture> {
        let span = tracing::info_span!(
            "outbox.publish",
            otel.kind = "producer",
            messaging.system = "nats",
            messaging.destination.name = %event.subject,
            messaging.message.id = %event.id,
        );
        telemetry::set_parent(&span, &event.trace_headers.0);

        let mut headers = async_nats::HeaderMap::new();
        headers.insert(
            async_nats::header::NATS_MESSAGE_ID,
            event.id.to_string().as_str(),
        );
        for (k, v) in telemetry::inject(&span) {
            headers.insert(k.as_str(), v.as_str());
        }
        let subject = self.bus.subject(&event.subject);
        let payload = bytes::Bytes::from(event.payload.clone());
        Ok(self
            .bus
            .js
            .publish_with_headers(subject, headers, payload)
            .instrument(span)
            .await?)
    }

    /// Number of events waiting (exported as the outbox backlog).
    pub async fn backlog(&self) -> anyhow::Result<i64> {
        Ok(sqlx::query_scalar!(
            r#"SELECT count(*) AS "count!" FROM outbox WHERE published_at IS NULL"#
        )
        .fetch_one(&self.pool)
        .await?)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn failed_drains_are_retried_soon_then_less_often() {
        let mut retry = Retry::default();
        let waits: Vec<_> = (0..7).map(|_| retry.next()).collect();
        let ms: Vec<_> = waits.iter().map(Duration::as_millis).collect();
        assert_eq!(ms, [100, 200, 400, 800, 1600, 2000, 2000]);
        assert_eq!(retry.reset(), POLL_EVERY);
        assert_eq!(retry.next(), RETRY_FIRST);
    }
}
