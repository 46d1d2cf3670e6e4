//! chorely-bench: seeds families at scale, drives load at a fixed concurrency,
//! serves the bare baseline, and writes the performance report.

use clap::{Parser, Subcommand};

mod against;
mod api;
mod baseline;
mod compare;
mod cpu;
mod credit;
mod family;
mod faults;
mod kept;
mod live;
mod load;
mod photo;
mod reads;
mod replicas;
mod report;
mod rss;
mod run;
mod scenarios;
mod seed;
mod settle;
mod soak;

#[derive(Parser)]
#[command(
    name = "chorely-bench",
    about = "Chorely's load, scale and fault harness"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Seeds families into <prefix>_<service> databases.
    Seed(seed::Args),
    /// Runs every scenario against running stacks and writes the report.
    Run(run::Args),
    /// Keeps a mixed load on a stack while scripts/faults.sh breaks it, then
    /// judges every request and audits the ledger.
    Faults(faults::Args),
    /// Holds the mixed load at half the stack's capacity for minutes and
    /// checks that nothing fails and no process's memory keeps growing.
    Soak(soak::Args),
    /// Measures another build's stack as `run --compare-out` measured the
    /// release one, and adds the comparison to the report.
    Compare(compare::Args),
    /// Times a submission to its parent's live stream on any running stack
    /// (`run` measures it too), with other families' streams open.
    Live(live::Args),
    /// Times a write through one gateway until another gateway's kept
    /// answer shows it, on any two gateways over one stack.
    Replicas(replicas::Args),
    /// Times approval → credit visible to the child on any running stack
    /// (the `run` scenario alone).
    Credit(credit::Args),
    /// Times each authenticated read one request at a time on a running
    /// stack, slowest first (the `run` scenario alone).
    Reads(reads::Args),
    /// Loads `GET /api/chores` at 64 connections on a running stack and on
    /// the bare baseline (the `run` scenario alone).
    AgainstBare(against::Args),
    /// Waits until the whole machine has been quiet for a few seconds.
    Settle(settle::Args),
}

// The services' allocator (see docs/adr/0058-allocators-and-memory.md), so the bare
// baseline running in this process compares like with like.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    kit::tls::install_crypto_provider();
    match Cli::parse().command {
        Command::Seed(args) => seed::run(args).await,
        Command::Run(args) => run::run(args).await,
        Command::Faults(args) => faults::run(args).await,
        Command::Soak(args) => soak::run(args).await,
        Command::Compare(args) => compare::run(args).await,
        Command::Live(args) => live::run(args).await,
        Command::Credit(args) => credit::run(args).await,
        Command::Replicas(args) => replicas::run(args).await,
        Command::Reads(args) => reads::run(args).await,
        Command::AgainstBare(args) => against::run(args).await,
        Command::Settle(args) => settle::run(args).await,
    }
}
