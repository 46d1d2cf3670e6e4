//! The loop every background job of the service runs in: once at start (so
//! a restart misses nothing), then every `every`, until shutdown. A look
//! that runs longer than the period delays the next instead of piling up.

use std::{future::Future, time::Duration};

use tokio_util::sync::CancellationToken;

/// Calls `look` at once and then every `every` until `shutdown`.
pub async fn every<F, Fut>(every: Duration, shutdown: CancellationToken, mut look: F)
where
    F: FnMut() -> Fut,
    Fut: Future<Output = ()>,
{
    let mut ticks = tokio::time::interval(every);
    ticks.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    loop {
        tokio::select! {
            () = shutdown.cancelled() => return,
            _ = ticks.tick() => {}
        }
        look().await;
    }
}
