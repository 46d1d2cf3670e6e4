//! The family's events on the bus become deliveries: one durable consumer
//! per bus event (across families), each recording a delivery for every
//! endpoint that asked for its type in the consumer's own transaction, the
//! one that also records the event as processed. So each event is recorded
//! exactly once, and sent at least once by [`super::deliver`].

use std::{marker::PhantomData, sync::Arc};

use chorely_proto::events::Event;
use kit::{
    clock::Clock,
    consumer::{EventMeta, Handler},
};
use sqlx::PgConnection;
use tokio::sync::Notify;
use uuid::Uuid;

use super::catalogue;
use crate::store::webhooks::{self as store, NewDeliveries};

pub struct RecordDeliveries<E> {
    pub clock: Clock,
    pub wake: Arc<Notify>,
    event: PhantomData<fn() -> E>,
}

impl<E> RecordDeliveries<E> {
    pub fn new(clock: Clock, wake: Arc<Notify>) -> Self {
        Self {
            clock,
            wake,
            event: PhantomData,
        }
    }
}

impl<E: Event + Send + 'static> Handler<E> for RecordDeliveries<E> {
    async fn handle(
        &self,
        tx: &mut PgConnection,
        event: E,
        meta: &EventMeta,
    ) -> anyhow::Result<()> {
        let Some(public) = event.public().filter(|p| p.name.webhook) else {
            return Ok(());
        };
        let Ok(org) = Uuid::parse_str(&public.family) else {
            return Ok(());
        };
        let at = public
            .at
            .as_ref()
            .and_then(kit::time::from_proto)
            .unwrap_or_else(|| self.clock.now());
        let body = catalogue::body(public.name.name, at, public.data);
        let recorded = store::record(
            tx,
            &NewDeliveries {
                org,
                event_id: &meta.id,
                event_type: public.name.name,
                body: &body,
                at: self.clock.now(),
            },
        )
        .await?;
        if recorded > 0 {
            // The worker looks again soon after the commit; waking it now
            // only shortens its wait.
            self.wake.notify_one();
        }
        Ok(())
    }
}
