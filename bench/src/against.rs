//! `chorely-bench against-bare`: `GET /api/chores` at 64 connections on a
//! running stack and on the bare baseline over the same database, without the
//! rest of `run`: the quick look while working on what the split costs.

use std::{path::PathBuf, time::Duration};

use anyhow::Context;
use clap::Args as ClapArgs;

use crate::{
    api::Api,
    baseline,
    report::Measured,
    rss::Processes,
    scenarios::{self, Durations, Stack},
};

#[derive(ClapArgs, Debug)]
pub struct Args {
    #[command(flatten)]
    stack: Stack,
    /// The stack's chores database, for the bare baseline (the URL the stack
    /// uses, TLS setting included, so both sides reach it alike).
    #[arg(long)]
    chores_db: String,
    /// The public key that verifies access tokens.
    #[arg(long)]
    public_key: PathBuf,
    /// Seconds each side records.
    #[arg(long, default_value_t = 10)]
    seconds: u64,
    /// How many parents the load rotates through.
    #[arg(long, default_value_t = 64)]
    sessions: u64,
}

pub async fn run(args: Args) -> anyhow::Result<()> {
    let api = Api::new(&args.stack.url);
    let users =
        scenarios::sign_in(&api, args.stack.families, args.sessions, args.stack.admin()).await?;
    let public_key = std::fs::read_to_string(&args.public_key)
        .with_context(|| format!("reading {}", args.public_key.display()))?;
    let baseline_url = baseline::start(&args.chores_db, &public_key).await?;
    let durations = Durations {
        warmup: Duration::from_secs(2),
        run: Duration::from_secs(args.seconds),
    };
    let mut measured = Measured::default();
    scenarios::chores_vs_baseline(
        &api,
        &baseline_url,
        &users,
        &durations,
        &Processes::default(),
        &mut measured,
    )
    .await?;
    for (what, figures) in &measured.loaded {
        println!(
            "{what}: {:.0}/s, p50 {:.2} ms, p99 {:.2} ms, {} errors",
            figures.per_second, figures.p50_ms, figures.p99_ms, figures.errors
        );
    }
    Ok(())
}
