//! The run command's build against the release build: the same handful of
//! measurements on each, one stack after the other on the same seed, so the
//! report can say what the faster-to-build profile costs.
//!
//! `chorely-bench run --compare-out F` measures them on the release stack
//! and keeps them in F; `chorely-bench compare --release F` measures them on
//! the stack of the other build and adds the comparison to the report.

use std::{fmt::Write, path::PathBuf, time::Duration};

use anyhow::Context;
use clap::Args as ClapArgs;

use crate::{
    api::Api,
    load::{self, Figures},
    scenarios::{self, Stack, Users, get_as},
};

/// Reads measured one at a time on one connection, as the parent.
const UNLOADED: [&str; 3] = ["/chores", "/dashboard/stats", "/children"];
/// Reads measured under load, as the parents: (path, connections).
const LOADED: [(&str, usize); 2] = [("/chores", 64), ("/dashboard/stats", 32)];

/// The comparison's measurements, each named.
pub async fn measure(
    api: &Api,
    users: &Users,
    seconds: u64,
) -> anyhow::Result<Vec<(String, Figures)>> {
    let makes: Vec<_> = UNLOADED
        .iter()
        .map(|path| get_as(api, std::slice::from_ref(&users.parents[0]), path))
        .collect();
    let mut out: Vec<_> = UNLOADED
        .iter()
        .map(|path| format!("GET /api{path}, one at a time"))
        .zip(scenarios::one_at_a_time(&makes).await?)
        .collect();
    for (path, connections) in LOADED {
        let figures = load::run(
            &load::pooled(connections),
            connections,
            Duration::from_secs(2),
            Duration::from_secs(seconds),
            get_as(api, &users.parents, path),
        )
        .await;
        out.push((
            format!("GET /api{path}, {connections} connections"),
            figures,
        ));
    }
    Ok(out)
}

#[derive(ClapArgs, Debug)]
pub struct Args {
    /// The other build's stack, on the same seed.
    #[command(flatten)]
    stack: Stack,
    #[arg(long, default_value_t = 64)]
    sessions: u64,
    #[arg(long, default_value_t = 10)]
    seconds: u64,
    /// The other build's profile, for the report.
    #[arg(long)]
    profile: String,
    /// What `run --compare-out` kept of the release stack.
    #[arg(long)]
    release: PathBuf,
    /// The report the comparison is added to.
    #[arg(long, default_value = "docs/performance.md")]
    report: PathBuf,
    /// How long the other build took to compile from nothing, if timed.
    #[arg(long)]
    build_seconds: Option<u64>,
    /// The whole first run of the run command, measured apart (a fresh clone
    /// on a fresh machine, which this run is not): included as it is.
    #[arg(long, default_value = "bench/first-run.md")]
    first_run: PathBuf,
}

pub async fn run(args: Args) -> anyhow::Result<()> {
    let release: Vec<(String, Figures)> = serde_json::from_str(
        &std::fs::read_to_string(&args.release)
            .with_context(|| format!("reading {}", args.release.display()))?,
    )?;
    let api = Api::new(&args.stack.url);
    let users =
        scenarios::sign_in(&api, args.stack.families, args.sessions, args.stack.admin()).await?;
    println!("Measuring the {} build", args.profile);
    let other = measure(&api, &users, args.seconds).await?;
    let first_run = std::fs::read_to_string(&args.first_run)
        .with_context(|| format!("reading {}", args.first_run.display()))?;
    let section = markdown(
        &args.profile,
        &release,
        &other,
        args.build_seconds,
        &first_run,
    );
    println!("\n{section}");
    let mut report = std::fs::read_to_string(&args.report)
        .with_context(|| format!("reading {}", args.report.display()))?;
    report.push_str(&section);
    std::fs::write(&args.report, report)?;
    Ok(())
}

fn markdown(
    profile: &str,
    release: &[(String, Figures)],
    other: &[(String, Figures)],
    build_seconds: Option<u64>,
    first_run: &str,
) -> String {
    let mut md = String::new();
    let built = match build_seconds {
        Some(s) => format!("Built from nothing in {} min {} s.", s / 60, s % 60),
        None => {
            format!("This run found the `{profile}` build already made, so it did not time one.")
        }
    };
    let _ = writeln!(
        md,
        "\n## The run command's build\n\n`scripts/run.sh` builds the `{profile}` profile (see \
         Cargo.toml): quicker to compile than `release`. The same measurements on each, on the \
         same seed, one stack after the other. {built}\n\n{}\n",
        first_run.trim()
    );
    let _ = writeln!(
        md,
        "| Measurement | release p50 ms | {profile} p50 ms | release requests/s | {profile} requests/s | {profile} ÷ release (requests/s) |\n|---|---|---|---|---|---|"
    );
    for (what, r) in release {
        let Some((_, o)) = other.iter().find(|(name, _)| name == what) else {
            continue;
        };
        let _ = writeln!(
            md,
            "| {what} | {:.2} | {:.2} | {:.0} | {:.0} | {:.2}× |",
            r.p50_ms,
            o.p50_ms,
            r.per_second,
            o.per_second,
            o.per_second / r.per_second
        );
    }
    md
}

#[cfg(test)]
mod tests {
    use super::*;

    fn figures(p50_ms: f64, per_second: f64) -> Figures {
        Figures {
            requests: 100,
            errors: 0,
            per_second,
            p50_ms,
            p95_ms: p50_ms,
            p99_ms: p50_ms,
            max_ms: p50_ms,
            first_error: None,
        }
    }

    #[test]
    fn the_table_pairs_each_measurement_with_its_release_figure() {
        let release = vec![
            (
                "GET /api/chores, 64 connections".to_owned(),
                figures(10.0, 4000.0),
            ),
            (
                "GET /api/children, one at a time".to_owned(),
                figures(1.0, 900.0),
            ),
        ];
        let other = vec![(
            "GET /api/chores, 64 connections".to_owned(),
            figures(12.0, 3000.0),
        )];
        let md = markdown(
            "run",
            &release,
            &other,
            Some(125),
            "The first run took 9 min.\n",
        );
        assert!(
            md.contains("other. Built from nothing in 2 min 5 s."),
            "{md}"
        );
        assert!(
            md.contains("\n\nThe first run took 9 min.\n\n| Measurement"),
            "{md}"
        );
        assert!(
            md.contains(
                "| GET /api/chores, 64 connections | 10.00 | 12.00 | 4000 | 3000 | 0.75× |"
            ),
            "{md}"
        );
        assert!(
            !md.contains("/api/children"),
            "unmatched rows are left out: {md}"
        );
    }

    #[test]
    fn an_untimed_build_is_said_to_be_untimed() {
        let md = markdown("serve", &[], &[], None, "");
        assert!(
            md.contains("found the `serve` build already made, so it did not time one."),
            "{md}"
        );
        assert!(!md.contains("Built from nothing"), "{md}");
    }
}
