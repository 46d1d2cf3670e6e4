//! Durable, idempotent JetStream consumers. Each handled event is recorded in
//! `processed_events` in the same transaction as the handler's own changes and
//! acknowledged only after that commit: a redelivery after a crash finds the
//! record and changes nothing, a crash before the commit changes nothing and
//! the event comes again.

use std::{future::Future, time::Duration};

use async_nats::jetstream::{
    AckKind,
    consumer::{DeliverPolicy, pull},
};
use chorely_proto::events::Event;
use futures::{StreamExt, stream::FuturesUnordered};
use sqlx::{PgConnection, PgPool};
use tokio_util::sync::CancellationToken;
use tracing::Instrument;

use crate::{nats::Bus, telemetry};

/// How often the consumer's lag (events not yet acknowledged) is reported.
const LAG_EVERY: Duration = Duration::from_secs(15);

/// Wait before an event whose handler failed is delivered again.
const RETRY_AFTER: Duration = Duration::from_secs(2);

/// What a handler knows about the event besides its payload.
#[derive(Debug, Clone)]
pub struct EventMeta {
    /// The event's id (`Nats-Msg-Id`), unique per event.
    pub id: String,
    pub subject: String,
}

/// Handles one event type inside the consumer's transaction.
pub trait Handler<E: Event>: Send + Sync + 'static {
    fn handle(
        &self,
        tx: &mut PgConnection,
        event: E,
        meta: &EventMeta,
    ) -> impl Future<Output = anyhow::Result<()>> + Send;
}

/// How long JetStream waits for an acknowledgement before delivering an
/// event again (a consumer that died holding it). Short, because a credit
/// held by a killed process waits this long after its restart (30 s, found
/// by the fault suite); a slow handler's redelivery is harmless, as the
/// processed_events record makes it a no-op. Set when the durable consumer
/// is created: an existing consumer keeps the wait it was created with.
pub const ACK_WAIT: Duration = Duration::from_secs(3);

/// What a durable consumer is created with; one that exists keeps its own.
#[derive(Debug, Clone, Copy)]
pub struct Settings {
    /// The redelivery wait (tests that kill consumers use a short one).
    pub ack_wait: Duration,
    /// Where it starts: `None` at the stream's first event, which a
    /// consumer keeping state from events needs; otherwise this long before
    /// its creation, for one that only passes recent events on (webhooks): a
    /// consumer added to a running deployment would otherwise send the whole
    /// history.
    pub look_back: Option<Duration>,
    /// How many events are handled at once. One keeps the stream's order,
    /// which a consumer keeping state from events needs (an older update
    /// must not land after a newer one). Handlers of independent events (a
    /// credit locks its child and is recorded by submission) may run side
    /// by side: after an outage the backlog then drains several times faster
    /// than one transaction after another.
    pub in_flight: usize,
}

impl Default for Settings {
    fn default() -> Self {
        Self {
            ack_wait: ACK_WAIT,
            look_back: None,
            in_flight: 1,
        }
    }
}

/// Consumes `E` with the durable consumer `durable` until `shutdown`.
pub async fn run<E, H>(
    bus: Bus,
    pool: PgPool,
    durable: &str,
    handler: H,
    shutdown: CancellationToken,
) -> anyhow::Result<()>
where
    E: Event + Send + 'static,
    H: Handler<E>,
{
    run_with(bus, pool, durable, handler, shutdown, Settings::default()).await
}

/// [`run`], creating the durable consumer with `settings` if it is new.
pub async fn run_with<E, H>(
    bus: Bus,
    pool: PgPool,
    durable: &str,
    handler: H,
    shutdown: CancellationToken,
    settings: Settings,
) -> anyhow::Result<()>
where
    E: Event + Send + 'static,
    H: Handler<E>,
{
    let deliver_policy = match settings.look_back {
        None => DeliverPolicy::All,
        Some(look_back) => DeliverPolicy::ByStartTime {
            start_time: time::OffsetDateTime::now_utc() - look_back,
        },
    };
    let stream = bus.js.get_stream(&bus.stream).await?;
    let consumer = stream
        .get_or_create_consumer(
            durable,
            pull::Config {
                durable_name: Some(durable.to_owned()),
                filter_subject: bus.subject_of::<E>(),
                ack_policy: async_nats::jetstream::consumer::AckPolicy::Explicit,
                ack_wait: settings.ack_wait,
                deliver_policy,
                ..Default::default()
            },
        )
        .await?;
    let mut messages = consumer.messages().await?;
    let mut consumer = consumer;
    let mut lag_check = tokio::time::interval(LAG_EVERY);
    let in_flight_at_most = settings.in_flight.max(1);
    let mut in_flight = FuturesUnordered::new();
    loop {
        let next = tokio::select! {
            () = shutdown.cancelled() => break,
            _ = lag_check.tick() => {
                if let Ok(info) = consumer.info().await {
                    let unacknowledged = u64::try_from(info.num_ack_pending).unwrap_or(0);
                    crate::metrics::consumer_lag(durable, info.num_pending + unacknowledged);
                }
                continue;
            }
            Some(()) = in_flight.next(), if !in_flight.is_empty() => continue,
            next = messages.next(), if in_flight.len() < in_flight_at_most => next,
        };
        let Some(message) = next else { break };
        match message {
            Ok(message) => in_flight.push(settle::<E, H>(&pool, durable, &handler, message)),
            Err(err) => tracing::warn!(%err, durable, "consumer stream error"),
        }
    }
    // Events being handled finish and are acknowledged before returning.
    while in_flight.next().await.is_some() {}
    Ok(())
}

/// Handles one delivered event and tells JetStream how it went.
async fn settle<E, H>(
    pool: &PgPool,
    durable: &str,
    handler: &H,
    message: async_nats::jetstream::Message,
) where
    E: Event,
    H: Handler<E>,
{
    let ack = match process::<E, H>(pool, durable, handler, &message).await {
        Outcome::Done => AckKind::Ack,
        Outcome::Retry => AckKind::Nak(Some(RETRY_AFTER)),
        Outcome::Poison => AckKind::Term,
    };
    if let Err(err) = message.ack_with(ack).await {
        // Unacknowledged: JetStream redelivers after ack_wait, and the
        // processed_events record makes that redelivery a no-op.
        tracing::warn!(%err, durable, "cannot acknowledge event");
    }
}

enum Outcome {
    Done,
    Retry,
    Poison,
}

async fn process<E, H>(
    pool: &PgPool,
    durable: &str,
    handler: &H,
    message: &async_nats::jetstream::Message,
) -> Outcome
where
    E: Event,
    H: Handler<E>,
{
    let span = tracing::info_span!(
        "event.consume",
        otel.kind = "consumer",
        messaging.system = "nats",
        messaging.destination.name = %message.subject,
        messaging.consumer.group.name = durable,
        trace_id = tracing::field::Empty,
    );
    let empty = async_nats::HeaderMap::new();
    let headers = message.headers.as_ref().unwrap_or(&empty);
    telemetry::set_parent(&span, &telemetry::NatsHeaders(headers));
    let Some(id) = headers
        .get(async_nats::header::NATS_MESSAGE_ID)
        .map(|v| v.to_string())
    else {
        tracing::error!(parent: &span, "event without Nats-Msg-Id dropped");
        return Outcome::Poison;
    };
    let event = match E::decode(message.payload.clone()) {
        Ok(e) => e,
        Err(err) => {
            tracing::error!(parent: &span, %err, event_id = %id, "undecodable event dropped");
            return Outcome::Poison;
        }
    };
    let meta = EventMeta {
        id,
        subject: message.subject.to_string(),
    };
    match handle_once(pool, durable, handler, event, &meta)
        .instrument(span.clone())
        .await
    {
        Ok(_) => Outcome::Done,
        Err(err) => {
            tracing::warn!(parent: &span, error = %err, event_id = %meta.id, "event handler failed; will retry");
            Outcome::Retry
        }
    }
}

/// Handles `event` unless consumer `durable` already did: the record of it
/// and the handler's changes commit together or not at all. Returns whether
/// the handler ran.
pub async fn handle_once<E, H>(
    pool: &PgPool,
    durable: &str,
    handler: &H,
    event: E,
    meta: &EventMeta,
) -> anyhow::Result<bool>
where
    E: Event,
    H: Handler<E>,
{
    // Events come from Chorely's own services, about any family.
    let mut tx = crate::tenancy::all_families(pool.begin()).await?;
    let first_time = sqlx::query!(
        "INSERT INTO processed_events (consumer, event_id) VALUES ($1, $2) ON CONFLICT DO NOTHING",
        durable,
        meta.id,
    )
    .execute(&mut *tx)
    .await?
    .rows_affected()
        == 1;
    if first_time {
        handler.handle(&mut tx, event, meta).await?;
        tx.commit().await?;
    } else {
        tracing::debug!(event_id = %meta.id, "event already processed");
    }
    Ok(first_time)
}
