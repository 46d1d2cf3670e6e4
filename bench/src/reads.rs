//! `chorely-bench reads`: each authenticated read timed one request at a
//! time on a running stack, slowest first, without the rest of `run`: the
//! quick look while working on one endpoint's latency.

use clap::Args as ClapArgs;

use crate::{
    api::Api,
    report::Measured,
    scenarios::{self, Stack},
};

#[derive(ClapArgs, Debug)]
pub struct Args {
    #[command(flatten)]
    stack: Stack,
    /// Only the reads whose path contains this (or is this, ending with `$`).
    #[arg(long, default_value = "")]
    only: String,
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
    for (what, f) in rows {
        println!(
            "{:>8.2} {:>8.2} {:>8}  {what}",
            f.p50_ms, f.p95_ms, f.errors
        );
    }
    Ok(())
}
