//! A write seen across replicas: two gateways over the same services (as the
//! chart runs them), each keeping answers. A child's submission sent through
//! one must show in the parent's review queue through that one at once, and
//! through the other as soon as its event arrives: the time from the
//! submit's answer to the other gateway's queue holding it, 100 times, with
//! the other's queue kept just before each write (so what is timed is the
//! invalidation, not a first composition).

use std::time::Duration;

use anyhow::Context;
use clap::Args as ClapArgs;
use reqwest::Method;
use serde_json::Value;
use tokio::time::Instant;

use crate::{
    api::{Api, Session},
    family::{Family, submission_form},
    report::{Measured, Target},
};

/// Submissions timed, one after another.
const WRITES: usize = 100;
/// How long one may take to show before it counts as not shown.
const PATIENCE: Duration = Duration::from_secs(5);
/// How often the other gateway is asked while waiting: the figures' grain.
const POLL: Duration = Duration::from_millis(2);

/// Whether `parent`'s review queue read through `api` holds `id`.
async fn queued(api: &Api, parent: &Session, id: &str) -> anyhow::Result<bool> {
    let queue = api
        .send(api.request(
            &api.http,
            parent,
            Method::GET,
            "/submissions?status=PENDING",
        ))
        .await?;
    Ok(queue
        .as_array()
        .is_some_and(|list| list.iter().any(|s| s["id"] == id)))
}

/// Submissions through `one`, read back through `one` and through `other`.
pub async fn write_seen_across_replicas(
    one: &Api,
    other: &Api,
    family: &Family,
    out: &mut Measured,
) -> anyhow::Result<()> {
    let mut times = hdrhistogram::Histogram::<u64>::new_with_bounds(1, 60_000_000, 3)?;
    let (mut not_shown, mut stale_here) = (0u64, 0u64);
    for _ in 0..WRITES {
        // Kept by the other gateway before the write.
        queued(other, &family.parent, "").await?;
        let submitted: Value = one
            .send(
                one.request(&one.http, &family.children[0], Method::POST, "/submissions")
                    .multipart(submission_form(&family.chore_id, None)),
            )
            .await?;
        let answered = Instant::now();
        let id = submitted["id"].as_str().context("a submission id")?;
        if !queued(one, &family.parent, id).await? {
            stale_here += 1;
        }
        loop {
            if queued(other, &family.parent, id).await? {
                times.record((answered.elapsed().as_micros() as u64).max(1))?;
                break;
            }
            if answered.elapsed() > PATIENCE {
                not_shown += 1;
                break;
            }
            tokio::time::sleep(POLL).await;
        }
    }
    let ms = |q| times.value_at_quantile(q) as f64 / 1000.0;
    out.target(
        Target::ReplicaVisibility,
        format!(
            "through the other gateway p50 {:.1} ms, p99 {:.1} ms over {} writes ({not_shown} not shown within 5 s); \
             through the same gateway, {stale_here} of {WRITES} reads after a write missed it",
            ms(0.5),
            ms(0.99),
            times.len(),
        ),
        ms(0.99) <= 100.0 && not_shown == 0 && stale_here == 0,
    );
    Ok(())
}

#[derive(ClapArgs, Debug)]
pub struct Args {
    /// One gateway's base URL (writes go through it).
    #[arg(long)]
    url: String,
    /// Another gateway's base URL, over the same services.
    #[arg(long)]
    other_url: String,
}

/// The measurement alone, on any two gateways over one stack: registers the
/// family it needs.
pub async fn run(args: Args) -> anyhow::Result<()> {
    let one = Api::new(&args.url);
    let other = Api::new(&args.other_url);
    let family = Family::register(&one, "replicas", 1, crate::seed::PASSWORD).await?;
    let mut measured = Measured::default();
    write_seen_across_replicas(&one, &other, &family, &mut measured).await?;
    anyhow::ensure!(measured.all_met(), "the target is not met");
    Ok(())
}
