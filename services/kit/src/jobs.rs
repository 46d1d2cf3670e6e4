//! The loop every service's background jobs run in: once at start (so
//! a restart misses nothing), then every `every`, until shutdown. A look
//! that runs longer than the period delays the next instead of piling up.
//! A zero period leaves the job to its caller (tests run it themselves at the
//! times they set, so a look of its own cannot race theirs).

use std::{future::Future, time::Duration};

use tokio_util::sync::CancellationToken;

/// Calls `look` at once and then every `every` until `shutdown`; never when
/// `every` is zero.
pub async fn every<F, Fut>(every: Duration, shutdown: CancellationToken, mut look: F)
where
    F: FnMut() -> Fut,
    Fut: Future<Output = ()>,
{
    if every.is_zero() {
        return;
    }
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

#[cfg(test)]
mod tests {
    use std::sync::atomic::{AtomicUsize, Ordering};

    use super::*;

    #[tokio::test]
    async fn a_zero_period_never_looks_and_returns_at_once() {
        let looks = AtomicUsize::new(0);
        // Not cancelled: only the zero period can end it.
        every(Duration::ZERO, CancellationToken::new(), || async {
            looks.fetch_add(1, Ordering::SeqCst);
        })
        .await;
        assert_eq!(looks.load(Ordering::SeqCst), 0);
    }
}
