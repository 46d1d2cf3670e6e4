//! `chorely-bench soak`: the fault suite's mixed load (reads, submissions
//! with and without photos, approvals, logins) held at half the stack's
//! measured capacity for minutes, judged on two things: not one request
//! failed, and no process's memory kept growing after the warm-up.

use std::{collections::BTreeMap, fmt::Write, path::PathBuf, time::Duration};

use anyhow::Context;
use clap::Args as ClapArgs;

use crate::{
    api::Api,
    family::Family,
    faults::{record::Request, traffic},
    rss::Processes,
};

/// RSS after the warm-up may grow this much before it counts as a leak.
const RSS_GROWTH_ALLOWED: f64 = 0.10;
/// How often memory is read.
const SAMPLE_EVERY: Duration = Duration::from_secs(10);
/// The saturating run that measures capacity.
const CAPACITY_RUN: Duration = Duration::from_secs(20);
/// The run at the first estimate of half capacity that measures latency there.
const CALIBRATION_RUN: Duration = Duration::from_secs(15);

#[derive(ClapArgs, Debug)]
pub struct Args {
    /// The gateway's base URL.
    #[arg(long)]
    url: String,
    /// The stack's processes, `name=pid,…`.
    #[arg(long)]
    pids: String,
    /// Families registered for the load (each parent and child a worker).
    #[arg(long, default_value_t = 16)]
    families: usize,
    #[arg(long, default_value_t = 2)]
    children: usize,
    /// Minutes of load at half capacity, warm-up included.
    #[arg(long, default_value_t = 10)]
    minutes: u64,
    /// Minutes after which memory should stay flat: the gateway keeps the
    /// last five minutes of live events for browsers that reconnect
    /// (`gateway::live::REPLAY_WINDOW`), so its memory grows by design until
    /// the first five minutes of events are kept.
    #[arg(long, default_value_t = 5)]
    warmup_minutes: u64,
    /// Where the Markdown summary goes.
    #[arg(long)]
    out: PathBuf,
}

/// What a stretch of load did: requests per second and mean latency.
struct Rate {
    per_second: f64,
    mean: Duration,
}

fn rate(requests: &[Request], elapsed: Duration) -> Rate {
    let total: Duration = requests.iter().map(|r| r.took).sum();
    Rate {
        per_second: requests.len() as f64 / elapsed.as_secs_f64(),
        mean: total / u32::try_from(requests.len().max(1)).unwrap_or(u32::MAX),
    }
}

/// Runs the load for `how_long` with each worker pausing `think`.
async fn load_for(
    api: &Api,
    families: &[Family],
    think: Duration,
    how_long: Duration,
) -> Vec<Request> {
    let load = traffic::Load::start(api, families.to_vec(), think);
    tokio::time::sleep(how_long).await;
    load.stop().await
}

/// The pause that brings `workers` to `target` requests per second when
/// each request takes `mean`: each worker sends one per `mean + think`.
fn think_for(workers: usize, target: f64, mean: Duration) -> Duration {
    let cycle = Duration::from_secs_f64(workers as f64 / target);
    cycle.saturating_sub(mean)
}

/// Samples in a minute.
const MINUTE_OF_SAMPLES: usize = 6;

/// How one process's memory moved over the soak after the warm-up.
#[derive(Debug, PartialEq)]
struct Growth {
    /// Median RSS over the minute the warm-up ended with.
    first: f64,
    /// Median RSS over the last minute.
    last: f64,
    /// Largest RSS over the last minute.
    largest: f64,
}

/// Memory growth of each process: the median of its RSS over the last minute
/// against the median over the minute after the warm-up. Medians, because a
/// process that gives freed memory back (`kit::memory`) moves with the work
/// in flight: auth holds 19 MiB for each password hash it is computing, so a
/// single sample, or the largest of a minute, says whether a login was being
/// hashed at that instant, not whether memory is kept. A leak moves the
/// median; a hash in flight does not.
fn growth(samples: &[BTreeMap<String, Option<f64>>], warm: usize) -> BTreeMap<String, Growth> {
    let mut out = BTreeMap::new();
    if samples.len() <= warm {
        return out;
    }
    let first = &samples[warm..(warm + MINUTE_OF_SAMPLES).min(samples.len())];
    let last = &samples[samples.len().saturating_sub(MINUTE_OF_SAMPLES).max(warm)..];
    let of = |window: &[BTreeMap<String, Option<f64>>], name: &str| -> Vec<f64> {
        let mut values: Vec<f64> = window
            .iter()
            .filter_map(|s| s.get(name).copied().flatten())
            .collect();
        values.sort_by(f64::total_cmp);
        values
    };
    for name in samples[warm].keys() {
        let (early, late) = (of(first, name), of(last, name));
        let (Some(first), Some(last), Some(largest)) = (median(&early), median(&late), late.last())
        else {
            continue;
        };
        out.insert(
            name.clone(),
            Growth {
                first,
                last,
                largest: *largest,
            },
        );
    }
    out
}

/// The median of sorted `values`.
fn median(values: &[f64]) -> Option<f64> {
    let n = values.len();
    match n {
        0 => None,
        _ if !n.is_multiple_of(2) => Some(values[n / 2]),
        _ => Some(f64::midpoint(values[n / 2 - 1], values[n / 2])),
    }
}

pub async fn run(args: Args) -> anyhow::Result<()> {
    let processes = Processes::parse(&args.pids)?;
    let api = Api::new(&args.url);
    let mut families = Vec::new();
    for _ in 0..args.families {
        families.push(
            Family::register(&api, "soak", args.children, traffic::PASSWORD)
                .await
                .context("registering a family for the soak")?,
        );
    }
    let workers = args.families * (1 + args.children);

    println!("Measuring capacity: {workers} workers without pauses");
    let saturated = load_for(&api, &families, Duration::ZERO, CAPACITY_RUN).await;
    let capacity = rate(&saturated, CAPACITY_RUN).per_second;
    let target = capacity / 2.0;
    let first = think_for(workers, target, Duration::ZERO);
    let calibration = load_for(&api, &families, first, CALIBRATION_RUN).await;
    let think = think_for(workers, target, rate(&calibration, CALIBRATION_RUN).mean);
    println!(
        "Capacity {capacity:.0} requests/s; soaking at about {target:.0}/s ({} ms pauses) for {} min",
        think.as_millis(),
        args.minutes
    );

    let load = traffic::Load::start(&api, families.clone(), think);
    let started = tokio::time::Instant::now();
    let total = Duration::from_secs(args.minutes * 60);
    let mut samples = vec![processes.rss_mib()];
    while started.elapsed() < total {
        tokio::time::sleep(SAMPLE_EVERY).await;
        samples.push(processes.rss_mib());
    }
    let requests = load.stop().await;
    let elapsed = started.elapsed();
    let achieved = rate(&requests, elapsed);

    let failed: Vec<&Request> = requests.iter().filter(|r| !r.succeeded()).collect();
    let warm = usize::try_from(args.warmup_minutes * 60 / SAMPLE_EVERY.as_secs()).unwrap_or(0);
    let growth = growth(&samples, warm);
    let leaking: Vec<String> = growth
        .iter()
        .filter(|(_, g)| g.last > g.first * (1.0 + RSS_GROWTH_ALLOWED))
        .map(|(name, g)| format!("{name} {:.1} → {:.1} MiB", g.first, g.last))
        .collect();
    let exited: Vec<&String> = samples
        .last()
        .map(|s| {
            s.iter()
                .filter(|(_, v)| v.is_none())
                .map(|(n, _)| n)
                .collect()
        })
        .unwrap_or_default();
    let met = failed.is_empty() && leaking.is_empty() && exited.is_empty() && !growth.is_empty();

    let mut md = String::new();
    let _ = writeln!(
        md,
        "{} requests in {:.0} s at {:.0}/s (capacity {capacity:.0}/s, so {:.0} %), mean {:.1} ms, \
         from {workers} workers of {} families; {} failed.\n",
        requests.len(),
        elapsed.as_secs_f64(),
        achieved.per_second,
        100.0 * achieved.per_second / capacity,
        achieved.mean.as_secs_f64() * 1000.0,
        args.families,
        failed.len(),
    );
    let _ = writeln!(
        md,
        "| Process | Median RSS, minute after the {} min warm-up, MiB | Median RSS, last minute, MiB | \
         Growth | Largest in the last minute, MiB |\n|---|---|---|---|---|",
        args.warmup_minutes
    );
    for (name, g) in &growth {
        let _ = writeln!(
            md,
            "| {name} | {:.1} | {:.1} | {:+.1} % | {:.1} |",
            g.first,
            g.last,
            100.0 * (g.last / g.first - 1.0),
            g.largest
        );
    }
    let start = requests.first().map_or(0.0, |r| r.sent);
    for request in failed.iter().take(5) {
        let _ = writeln!(md, "\n- failed: {}", request.describe(start));
    }
    for name in exited {
        let _ = writeln!(md, "\n- {name} exited during the soak");
    }
    println!("\n{md}");
    std::fs::write(&args.out, &md).with_context(|| format!("writing {}", args.out.display()))?;
    if !met {
        eprintln!(
            "soak: {} failed requests; growing: {}",
            failed.len(),
            leaking.join(", ")
        );
        std::process::exit(1);
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_pause_brings_the_workers_to_the_target_rate() {
        // 30 workers at 600/s: one request per worker every 50 ms.
        assert_eq!(
            think_for(30, 600.0, Duration::from_millis(20)),
            Duration::from_millis(30)
        );
        // Already slower than the target: no pause.
        assert_eq!(
            think_for(30, 600.0, Duration::from_millis(80)),
            Duration::ZERO
        );
    }

    fn sample(values: &[(&str, f64)]) -> BTreeMap<String, Option<f64>> {
        values
            .iter()
            .map(|(n, v)| ((*n).to_owned(), Some(*v)))
            .collect()
    }

    #[test]
    fn growth_compares_the_medians_of_the_minute_after_the_warm_up_and_the_last() {
        // One sample of warm-up, then two minutes: the medians move from 20
        // to 23, whatever single samples spike to (a hash in flight).
        let mut samples = vec![sample(&[("auth", 10.0)])];
        for value in [
            20.0, 39.0, 19.0, 20.0, 20.0, 22.0, 23.0, 23.0, 41.0, 22.0, 24.0, 23.0,
        ] {
            samples.push(sample(&[("auth", value)]));
        }
        let growth = growth(&samples, 1);
        assert_eq!(
            growth["auth"],
            Growth {
                first: 20.0,
                last: 23.0,
                largest: 41.0,
            }
        );
        // Before the warm-up ended nothing is judged.
        assert!(super::growth(&samples[..1], 1).is_empty());
    }

    #[test]
    fn a_median_is_the_middle_value_or_the_mean_of_the_two_middle_ones() {
        assert_eq!(median(&[]), None);
        assert_eq!(median(&[1.0, 2.0, 9.0]), Some(2.0));
        assert_eq!(median(&[1.0, 2.0, 4.0, 9.0]), Some(3.0));
    }
}
