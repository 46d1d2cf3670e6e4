//! `chorely-bench reads`: each authenticated read timed one request at a
//! time on a running stack, slowest first, without the rest of `run`: the
//! quick look while working on one endpoint's latency. With `--pids`, also
//! where each read's CPU goes (see [`crate::cpu`]).

use clap::Args as ClapArgs;

use crate::{
    api::Api,
    cpu,
    report::Measured,
    rss::Processes,
    scenarios::{self, Stack},
};

#[derive(ClapArgs, Debug)]
pub struct Args {
    #[command(flatten)]
    stack: Stack,
    /// Only the reads whose path contains this (or is this, ending with `$`).
    #[arg(long, default_value = "")]
    only: String,
    /// The stack's processes (`gateway=123,chores=456,…`): also account each
    /// read's CPU to them, to PostgreSQL's backends and to NATS.
    #[arg(long)]
    pids: Option<String>,
    /// The stack's databases' prefix, to tell its PostgreSQL backends.
    #[arg(long, default_value = "chorely")]
    db_prefix: String,
    /// Requests per read while accounting CPU.
    #[arg(long, default_value_t = 200)]
    cpu_rounds: u64,
}

pub async fn run(args: Args) -> anyhow::Result<()> {
    let api = Api::new(&args.stack.url);
    // Several families: the invitation link needs one with room for one more child.
    let users = scenarios::sign_in(&api, args.stack.families, 8, args.stack.admin()).await?;
    let mut measured = Measured::default();
    scenarios::unloaded_reads_matching(&api, &users, &args.only, &mut measured).await?;
    let mut rows = measured.unloaded;
    rows.sort_by(|a, b| b.1.p50_ms.total_cmp(&a.1.p50_ms));
    println!("{:>8} {:>8} {:>8}  request", "p50 ms", "p95 ms", "errors");
    for (what, f) in &rows {
        println!(
            "{:>8.2} {:>8.2} {:>8}  {what}",
            f.p50_ms, f.p95_ms, f.errors
        );
    }
    if let Some(pids) = &args.pids {
        let accounts = cpu::Accounts::new(Processes::parse(pids)?, &args.db_prefix);
        let costs =
            scenarios::cpu_of_reads(&api, &users, &args.only, &accounts, args.cpu_rounds).await?;
        println!("\nCPU µs per request (all parts; then each, largest first)");
        for (what, parts) in costs {
            let total: f64 = parts.iter().map(|(_, us)| us).sum();
            let each: Vec<String> = parts
                .iter()
                .map(|(part, us)| format!("{part} {us:.0}"))
                .collect();
            println!("{total:>8.0}  {what}\n          {}", each.join(", "));
        }
    }
    Ok(())
}
