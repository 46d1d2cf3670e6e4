//! `chorely-bench credit`: approval → credit visible to the child, alone on
//! any running stack (`run` measures it too): registers the family it needs.

use clap::Args as ClapArgs;

use crate::{api::Api, family::Family, report::Measured, scenarios};

#[derive(ClapArgs, Debug)]
pub struct Args {
    /// The stack's gateway base URL.
    #[arg(long)]
    url: String,
}

pub async fn run(args: Args) -> anyhow::Result<()> {
    let api = Api::new(&args.url);
    let family = Family::register(&api, "credit", 1, crate::seed::PASSWORD).await?;
    let mut measured = Measured::default();
    scenarios::approval_to_credit(&api, &family, &mut measured).await?;
    anyhow::ensure!(measured.all_met(), "the target is not met");
    Ok(())
}
