//! `chorely-bench faults`: the load and the judge of the fault suite.
//! `scripts/faults.sh` owns the processes and breaks them; this side
//! registers families, keeps a steady mixed load on the gateway, says when
//! the load is steady (the `--ready` file), and when told to stop (the
//! `--stop` file) judges every request against the faults the script wrote
//! down (`--timeline`), audits the ledger, and writes the summary. Files,
//! not signals, carry the hand-over: both sides poll, so neither depends on
//! how the other was started.

use std::{path::PathBuf, time::Duration};

use anyhow::Context;
use clap::Args as ClapArgs;

use crate::api::Api;

mod audit;
mod judge;
pub(crate) mod record;
mod summary;
mod timeline;
// The soak holds the same load for longer.
pub(crate) mod traffic;

#[derive(ClapArgs, Debug)]
pub struct Args {
    /// The gateway's base URL.
    #[arg(long)]
    url: String,
    /// Where the script writes `<unix time> <fault> start|back` lines.
    #[arg(long)]
    timeline: PathBuf,
    /// Created once the load is steady.
    #[arg(long)]
    ready: PathBuf,
    /// The load stops once this file exists.
    #[arg(long)]
    stop: PathBuf,
    /// The chores service's database, for the ledger audit.
    #[arg(long)]
    chores_db: String,
    /// The rewards service's database, for the ledger audit.
    #[arg(long)]
    rewards_db: String,
    /// Every database with an outbox; the audit waits for them to drain.
    #[arg(long = "outbox-db")]
    outbox_dbs: Vec<String>,
    #[arg(long, default_value_t = 6)]
    families: usize,
    /// Children per family (each a worker, as is each parent).
    #[arg(long, default_value_t = 2)]
    children: usize,
    /// Each worker's pause between requests, in milliseconds.
    #[arg(long, default_value_t = 50)]
    think_ms: u64,
    /// Seconds of load before it is declared steady.
    #[arg(long, default_value_t = 5)]
    warmup: u64,
    /// The load stops by itself (and fails) after this many seconds.
    #[arg(long, default_value_t = 600)]
    max_seconds: u64,
    /// The build profile the stack runs, for the summary.
    #[arg(long, env = "PROFILE", default_value = "dev")]
    profile: String,
    /// Where every request is written as CSV, when given.
    #[arg(long)]
    requests: Option<PathBuf>,
    /// Where the Markdown summary goes.
    #[arg(long, default_value = ".local/faults/last.md")]
    out: PathBuf,
}

pub async fn run(args: Args) -> anyhow::Result<()> {
    let api = Api::new(&args.url);
    let mut families = Vec::new();
    for _ in 0..args.families {
        families.push(
            crate::family::Family::register(&api, "faults", args.children, traffic::PASSWORD)
                .await
                .context("registering a family for the load")?,
        );
    }
    let workers = args.families * (1 + args.children);
    let load = traffic::Load::start(&api, families, Duration::from_millis(args.think_ms));
    let started = std::time::Instant::now();
    tokio::time::sleep(Duration::from_secs(args.warmup)).await;
    std::fs::write(&args.ready, b"")
        .with_context(|| format!("writing {}", args.ready.display()))?;
    println!("Load steady: {} families, {workers} workers", args.families);
    let mut timed_out = false;
    while !args.stop.exists() {
        if started.elapsed() > Duration::from_secs(args.max_seconds) {
            timed_out = true;
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    let requests = load.stop().await;
    let seconds = started.elapsed().as_secs_f64();
    let faults = timeline::read(&args.timeline)?;
    let mut verdict = judge::judge(&requests, &faults);
    if let Some(path) = &args.requests {
        record::write_csv(path, &requests, verdict.origin)
            .with_context(|| format!("writing {}", path.display()))?;
    }
    println!(
        "Load stopped after {} requests; auditing the ledger once the outboxes drain",
        requests.len()
    );
    let audit =
        audit::audit_when_drained(&args.chores_db, &args.rewards_db, &args.outbox_dbs).await?;
    judge::judge_credits(&mut verdict, &faults, &audit.credits);
    let mut problems = verdict.problems;
    problems.extend(audit.problems());
    if timed_out {
        problems.push(format!(
            "the script never said stop within {} s",
            args.max_seconds
        ));
    }
    let setting = summary::Setting {
        profile: args.profile,
        families: args.families,
        workers,
        requests: requests.len(),
        seconds,
    };
    let text = summary::markdown(&setting, &verdict.rows, &audit, &problems);
    println!("\n{text}");
    if let Some(dir) = args.out.parent() {
        std::fs::create_dir_all(dir)?;
    }
    std::fs::write(&args.out, &text).with_context(|| format!("writing {}", args.out.display()))?;
    if !problems.is_empty() {
        // Every problem, where the summary keeps the first few.
        eprintln!("{} problem(s):", problems.len());
        for problem in &problems {
            eprintln!("  {problem}");
        }
        // The verdict, not an error of the program: no backtrace.
        eprintln!(
            "The fault suite failed: {} problem(s), the first: {}",
            problems.len(),
            problems[0]
        );
        std::process::exit(1);
    }
    Ok(())
}
