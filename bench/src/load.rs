//! The load driver: a fixed number of workers, each sending one request after
//! another for a fixed time, recording every answer's latency.

use std::{
    sync::Arc,
    time::{Duration, Instant},
};

use hdrhistogram::Histogram;
use reqwest::{Client, RequestBuilder};
use serde::{Deserialize, Serialize};

/// Builds the `n`th request a worker sends (workers vary tokens and ids by it).
pub type MakeRequest = Arc<dyn Fn(&Client, u64) -> RequestBuilder + Send + Sync>;

/// What one run measured.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Figures {
    pub requests: u64,
    pub errors: u64,
    pub per_second: f64,
    pub p50_ms: f64,
    pub p95_ms: f64,
    pub p99_ms: f64,
    pub max_ms: f64,
    /// The first unexpected answer, to say why errors happened.
    pub first_error: Option<String>,
}

impl Figures {
    fn from(
        histogram: &Histogram<u64>,
        errors: u64,
        elapsed: Duration,
        first_error: Option<String>,
    ) -> Self {
        let ms = |micros: u64| micros as f64 / 1000.0;
        Self {
            requests: histogram.len(),
            errors,
            per_second: histogram.len() as f64 / elapsed.as_secs_f64(),
            p50_ms: ms(histogram.value_at_quantile(0.50)),
            p95_ms: ms(histogram.value_at_quantile(0.95)),
            p99_ms: ms(histogram.value_at_quantile(0.99)),
            max_ms: ms(histogram.max()),
            first_error,
        }
    }
}

/// The run with the median requests/s of `runs` (the lower middle one of an
/// even number).
pub fn median_run(mut runs: Vec<Figures>) -> anyhow::Result<Figures> {
    anyhow::ensure!(!runs.is_empty(), "no runs to take the median of");
    runs.sort_by(|a, b| a.per_second.total_cmp(&b.per_second));
    let middle = (runs.len() - 1) / 2;
    Ok(runs.swap_remove(middle))
}

fn histogram() -> Histogram<u64> {
    // Microseconds, up to a minute, three significant figures.
    Histogram::new_with_bounds(1, 60_000_000, 3).expect("valid histogram bounds")
}

/// One worker's tally.
struct Tally {
    histogram: Histogram<u64>,
    errors: u64,
    first_error: Option<String>,
}

impl Tally {
    fn new() -> Self {
        Self {
            histogram: histogram(),
            errors: 0,
            first_error: None,
        }
    }

    /// One answer: its latency, and whether it was an error.
    fn record(&mut self, took: Duration, outcome: Result<(), String>) {
        self.histogram.saturating_record(took.as_micros() as u64);
        if let Err(err) = outcome {
            self.errors += 1;
            self.first_error.get_or_insert(err);
        }
    }
}

/// Sends one request and reads its whole body; an answer that is not a
/// success counts as an error (its latency is still recorded).
async fn send(request: RequestBuilder) -> (Duration, Result<(), String>) {
    let started = Instant::now();
    let outcome = match request.send().await {
        Ok(response) => {
            let status = response.status();
            let body = response.bytes().await;
            match body {
                Ok(_) if status.is_success() => Ok(()),
                Ok(body) => Err(format!(
                    "{status}: {}",
                    String::from_utf8_lossy(&body[..body.len().min(200)])
                )),
                Err(err) => Err(format!("reading the body: {err}")),
            }
        }
        Err(err) => Err(format!("sending: {err}")),
    };
    (started.elapsed(), outcome)
}

/// Runs `concurrency` workers for `warmup` (not recorded) and then `duration`.
pub async fn run(
    client: &Client,
    concurrency: usize,
    warmup: Duration,
    duration: Duration,
    make: MakeRequest,
) -> Figures {
    let started = Instant::now();
    let recording_from = started + warmup;
    let until = recording_from + duration;
    let workers: Vec<_> = (0..concurrency)
        .map(|worker| {
            let client = client.clone();
            let make = make.clone();
            tokio::spawn(async move {
                let mut tally = Tally::new();
                let mut n = worker as u64;
                loop {
                    let sent_at = Instant::now();
                    if sent_at >= until {
                        break;
                    }
                    let (took, outcome) = send(make(&client, n)).await;
                    n += concurrency as u64;
                    if sent_at < recording_from {
                        continue;
                    }
                    tally.record(took, outcome);
                }
                tally
            })
        })
        .collect();
    let mut all = histogram();
    let (mut errors, mut first_error) = (0, None);
    for worker in workers {
        let tally = worker.await.expect("a load worker panicked");
        all.add(&tally.histogram).expect("same histogram bounds");
        errors += tally.errors;
        first_error = first_error.or(tally.first_error);
    }
    Figures::from(&all, errors, duration, first_error)
}

/// `count` requests one after another on one connection (after one that opens
/// it): what a single person waits for each.
pub async fn sequential(client: &Client, count: u64, make: MakeRequest) -> Figures {
    interleaved(client, count, &[make])
        .await
        .pop()
        .expect("one figure per request made")
}

/// One request after another on one connection, taking turns: `rounds`
/// rounds of one request of each of `makes` (after one of each, unrecorded,
/// that opens the connection and warms its path). Figures per request made.
/// Taking turns spreads whatever else the machine does for a moment (a
/// vacuum, a job's look) over every request's figures instead of landing
/// whole on the one being timed then.
pub async fn interleaved(client: &Client, rounds: u64, makes: &[MakeRequest]) -> Vec<Figures> {
    let mut tallies: Vec<(Tally, Duration)> = makes
        .iter()
        .map(|_| (Tally::new(), Duration::ZERO))
        .collect();
    for make in makes {
        let _ = send(make(client, 0)).await;
    }
    for n in 0..rounds {
        for (make, (tally, spent)) in makes.iter().zip(&mut tallies) {
            let (took, outcome) = send(make(client, n)).await;
            *spent += took;
            tally.record(took, outcome);
        }
    }
    tallies
        .into_iter()
        .map(|(tally, spent)| {
            Figures::from(&tally.histogram, tally.errors, spent, tally.first_error)
        })
        .collect()
}

/// A client that keeps at most one idle connection: sequential requests reuse it.
pub fn one_connection() -> Client {
    Client::builder()
        .pool_max_idle_per_host(1)
        .tcp_nodelay(true)
        .build()
        .expect("a plain HTTP client")
}

/// A client for `concurrency` parallel workers, each keeping its connection.
pub fn pooled(concurrency: usize) -> Client {
    Client::builder()
        .pool_max_idle_per_host(concurrency)
        .tcp_nodelay(true)
        .timeout(Duration::from_secs(30))
        .build()
        .expect("a plain HTTP client")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run_at(per_second: f64, p99_ms: f64) -> Figures {
        Figures {
            requests: 100,
            errors: 0,
            per_second,
            p50_ms: p99_ms / 2.0,
            p95_ms: p99_ms,
            p99_ms,
            max_ms: p99_ms,
            first_error: None,
        }
    }

    #[test]
    fn the_median_run_is_kept_whole() {
        let runs = vec![
            run_at(8000.0, 15.0),
            run_at(6000.0, 20.0),
            run_at(7000.0, 17.0),
        ];
        let median = median_run(runs).unwrap();
        assert_eq!((median.per_second, median.p99_ms), (7000.0, 17.0));
        let even = vec![run_at(2.0, 1.0), run_at(1.0, 2.0)];
        assert_eq!(median_run(even).unwrap().per_second, 1.0);
        assert!(median_run(Vec::new()).is_err());
    }
}
