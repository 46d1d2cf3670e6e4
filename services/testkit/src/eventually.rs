//! The one way tests wait for what travels through events: poll a check,
//! bounded, instead of sleeping for a guessed time.

use std::{future::Future, time::Duration};

/// How long an effect may take to arrive before the test fails: far above
/// what any takes on a loaded machine (the bench measures the real times).
pub const PATIENCE: Duration = Duration::from_secs(15);

/// Polls `check` until it holds; fails the test, naming `what`, when it has
/// not within [`PATIENCE`].
pub async fn eventually<F, Fut>(what: &str, mut check: F)
where
    F: FnMut() -> Fut,
    Fut: Future<Output = bool>,
{
    let deadline = tokio::time::Instant::now() + PATIENCE;
    while !check().await {
        assert!(
            tokio::time::Instant::now() < deadline,
            "{what} did not happen"
        );
        tokio::time::sleep(Duration::from_millis(25)).await;
    }
}
