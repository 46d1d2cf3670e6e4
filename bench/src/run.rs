//! `chorely-bench run`: every scenario against running stacks, then the report.

use std::time::Duration;

use anyhow::Context;
use clap::Args as ClapArgs;

use crate::{
    api::Api,
    baseline, compare,
    family::Family,
    report::{self, Measured, Setting, Target},
    rss::{self, Processes},
    scenarios::{self, Durations, Stack},
};

#[derive(ClapArgs, Debug)]
pub struct Args {
    #[command(flatten)]
    stack: Stack,
    /// A second gateway over the large stack, for a write seen across
    /// replicas.
    #[arg(long)]
    other_url: Option<String>,
    /// A gateway over the large stack that keeps no answers
    /// (`KEEP_ANSWERS=false`), for each kept answer's plain path.
    #[arg(long)]
    uncached_url: Option<String>,
    /// A stack on a small seed, for the scale ratio.
    #[arg(long, requires = "small_families")]
    small_url: Option<String>,
    #[arg(long)]
    small_families: Option<u64>,
    /// The large seed's chores database, for the bare baseline (the URL the
    /// stack uses, TLS setting included, so both sides reach it alike).
    #[arg(long)]
    chores_db: String,
    /// The public key that verifies access tokens.
    #[arg(long)]
    public_key: std::path::PathBuf,
    /// The large stack's processes, `name=pid,…`, for memory figures.
    #[arg(long, default_value = "")]
    pids: String,
    /// Each process's idle RSS once it started, `name=KiB,…` (read by the
    /// script before any load); without it, read at the start of this run.
    #[arg(long, default_value = "")]
    idle_rss: String,
    /// Seconds each loaded run records.
    #[arg(long, default_value_t = 10)]
    seconds: u64,
    /// How many parents (and as many children) the load rotates through.
    #[arg(long, default_value_t = 64)]
    sessions: u64,
    /// The build profile the stack runs, for the report.
    #[arg(long, default_value = "release")]
    profile: String,
    /// The fault suite's summary (Markdown), included as the report's last section.
    #[arg(long)]
    faults_report: Option<std::path::PathBuf>,
    /// Whether the fault suite passed.
    #[arg(long, default_value_t = false, action = clap::ArgAction::Set)]
    faults_met: bool,
    /// The soak's summary (Markdown), included as a section of the report.
    #[arg(long)]
    soak_report: Option<std::path::PathBuf>,
    /// Whether the soak passed.
    #[arg(long, default_value_t = false, action = clap::ArgAction::Set)]
    soak_met: bool,
    /// Where the measurements the other build is compared on are kept
    /// (see `chorely-bench compare`), when given.
    #[arg(long)]
    compare_out: Option<std::path::PathBuf>,
    /// Where the report goes.
    #[arg(long, default_value = "docs/performance.md")]
    out: std::path::PathBuf,
}

pub async fn run(args: Args) -> anyhow::Result<()> {
    let processes = Processes::parse(&args.pids)?;
    let now = processes.rss_mib();
    let mut measured = if args.idle_rss.is_empty() {
        Measured {
            idle_rss_mib: now,
            ..Measured::default()
        }
    } else {
        Measured {
            idle_rss_mib: rss::parse_kib(&args.idle_rss)?,
            after_load_rss_mib: now,
            ..Measured::default()
        }
    };
    let idle_worst = measured
        .idle_rss_mib
        .values()
        .flatten()
        .copied()
        .fold(0.0, f64::max);
    measured.target(
        Target::IdleRss,
        format!("largest {idle_worst:.1} MiB"),
        idle_worst > 0.0 && idle_worst <= 30.0,
    );
    let durations = Durations {
        warmup: Duration::from_secs(2),
        run: Duration::from_secs(args.seconds),
    };
    let admin = args.stack.admin();

    let api = Api::new(&args.stack.url);
    println!(
        "Signing in {} parents and children of {} families",
        args.sessions, args.stack.families
    );
    let users = scenarios::sign_in(&api, args.stack.families, args.sessions, admin).await?;
    let small = match (&args.small_url, args.small_families) {
        (Some(url), Some(families)) => {
            let api = Api::new(url);
            let users =
                scenarios::sign_in(&api, families, args.sessions.min(families), admin).await?;
            Some((api, users, families))
        }
        _ => None,
    };

    println!("One request at a time, every authenticated read");
    scenarios::unloaded_reads(&api, &users, &mut measured).await?;
    println!("Operator console lists");
    scenarios::console(&api, &users, &mut measured).await?;
    println!("GET /api/chores at 64 connections, and the bare baseline");
    let public_key = std::fs::read_to_string(&args.public_key)
        .with_context(|| format!("reading {}", args.public_key.display()))?;
    let baseline_url = baseline::start(&args.chores_db, &public_key).await?;
    scenarios::chores_vs_baseline(
        &api,
        &baseline_url,
        &users,
        &durations,
        &processes,
        &mut measured,
    )
    .await?;
    println!("Dashboards at scale");
    scenarios::dashboards(
        (&api, &users, args.stack.families),
        small
            .as_ref()
            .map(|(api, users, families)| (api, users, *families)),
        &durations,
        &processes,
        &mut measured,
    )
    .await?;
    match &args.uncached_url {
        Some(uncached) => {
            println!("Each kept answer, kept and not kept");
            let fresh = crate::api::Api::new(uncached);
            crate::kept::side_by_side(&api, &fresh, &users, &durations, &mut measured).await?;
        }
        None => measured
            .not_measured
            .push("each kept answer's plain path (no gateway keeping nothing given)".into()),
    }
    println!("Approval to credit, and photo submissions");
    let family = Family::register(&api, "bench", 1, crate::seed::PASSWORD).await?;
    scenarios::approval_to_credit(&api, &family, &mut measured).await?;
    scenarios::photo_submissions(&api, &family, &durations, &mut measured).await?;
    println!("A submission heard on the parent's live stream");
    crate::live::submission_to_stream(&api, &family, &users.parents, &mut measured).await?;
    match &args.other_url {
        Some(other) => {
            println!("A write through one gateway seen through another");
            // A family of its own: its review queue holds only these writes.
            let family = Family::register(&api, "replicas", 1, crate::seed::PASSWORD).await?;
            let other = crate::api::Api::new(other);
            crate::replicas::write_seen_across_replicas(&api, &other, &family, &mut measured)
                .await?;
        }
        None => measured
            .not_measured
            .push("a write seen across replicas (no second gateway given)".into()),
    }
    println!("Logins");
    scenarios::logins(&api, args.stack.families, &durations, &mut measured).await;
    let peak = measured.peak_rss_mib;
    measured.target(
        Target::LoadedRss,
        format!("peak {peak:.0} MiB"),
        peak > 0.0 && peak <= 300.0,
    );

    if let Some(path) = &args.compare_out {
        println!("The measurements the run command's build is compared on");
        let figures = compare::measure(&api, &users, args.seconds).await?;
        std::fs::write(path, serde_json::to_string(&figures)?)
            .with_context(|| format!("writing {}", path.display()))?;
    }
    if let Some(path) = &args.soak_report {
        let summary =
            std::fs::read_to_string(path).with_context(|| format!("reading {}", path.display()))?;
        measured.target(
            Target::Soak,
            if args.soak_met {
                "passed: see Soak below".into()
            } else {
                "failed: see Soak below".into()
            },
            args.soak_met,
        );
        measured.soak = Some(summary);
    }
    if let Some(path) = &args.faults_report {
        let summary =
            std::fs::read_to_string(path).with_context(|| format!("reading {}", path.display()))?;
        measured.target(
            Target::Faults,
            if args.faults_met {
                "passed: see Faults below".into()
            } else {
                "failed: see Faults below".into()
            },
            args.faults_met,
        );
        measured.faults = Some(summary);
    }
    let setting = Setting {
        date: chrono::Utc::now().format("%Y-%m-%d").to_string(),
        machine: machine(),
        commit: git_commit(),
        profile: args.profile,
        families: args.stack.families,
        small_families: args.small_families,
        seconds_per_run: args.seconds,
    };
    std::fs::write(&args.out, report::markdown(&measured, &setting))?;
    println!(
        "Wrote {}: {}",
        args.out.display(),
        if measured.all_met() {
            "every target met"
        } else {
            "some targets not met"
        }
    );
    Ok(())
}

/// CPU model, cores and memory, from /proc.
fn machine() -> String {
    let cpu = std::fs::read_to_string("/proc/cpuinfo").unwrap_or_default();
    let model = cpu
        .lines()
        .find_map(|l| l.strip_prefix("model name"))
        .map(|l| l.trim_start_matches([' ', '\t', ':']).to_owned())
        .unwrap_or_else(|| "an unknown CPU".into());
    let cores = std::thread::available_parallelism().map_or(0, |n| n.get());
    let memory_gib = std::fs::read_to_string("/proc/meminfo")
        .ok()
        .and_then(|m| {
            m.lines()
                .find_map(|l| l.strip_prefix("MemTotal:"))
                .map(|v| {
                    v.trim()
                        .trim_end_matches("kB")
                        .trim()
                        .parse::<f64>()
                        .unwrap_or(0.0)
                })
        })
        .map_or(0.0, |kib| kib / 1_048_576.0);
    format!("{cores} cores of {model}, {memory_gib:.0} GiB")
}

fn git_commit() -> String {
    std::process::Command::new("git")
        .args(["rev-parse", "--short", "HEAD"])
        .output()
        .ok()
        .filter(|o| o.status.success())
        .map(|o| String::from_utf8_lossy(&o.stdout).trim().to_owned())
        .unwrap_or_else(|| "unknown".into())
}
