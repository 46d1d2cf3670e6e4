//! What a run measured, and `docs/performance.md` written from it.

use std::{collections::BTreeMap, fmt::Write};

use crate::load::Figures;

/// The targets of the load, scale and fault work, as the report names them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Target {
    UnloadedP50,
    ChoresUnderLoad,
    Dashboard(&'static str),
    ApprovalToCredit,
    SubmissionToStream,
    ReplicaVisibility,
    PhotoSubmission,
    Console,
    IdleRss,
    LoadedRss,
    Soak,
    Faults,
}

impl Target {
    fn measure(self) -> String {
        match self {
            Self::UnloadedP50 => "Unloaded p50 of every authenticated read endpoint".into(),
            Self::ChoresUnderLoad => {
                "`GET /api/chores` at 64 connections vs the bare baseline".into()
            }
            Self::Dashboard(who) => format!("`GET /api/dashboard/stats` ({who}) at scale"),
            Self::ApprovalToCredit => "Approval → credit visible to the child".into(),
            Self::SubmissionToStream => {
                "A child's submit → heard on the parent's live stream".into()
            }
            Self::ReplicaVisibility => {
                "A write through one gateway → seen through another's kept answer".into()
            }
            Self::PhotoSubmission => "A 3 MB photo submission".into(),
            Self::Console => "Operator console lists at scale".into(),
            Self::IdleRss => "Idle RSS per process".into(),
            Self::LoadedRss => "Whole stack RSS under load".into(),
            Self::Soak => "10 minutes of mixed traffic at half capacity".into(),
            Self::Faults => {
                "PostgreSQL, NATS, the S3 store and each process failing under load".into()
            }
        }
    }

    fn goal(self) -> &'static str {
        match self {
            Self::UnloadedP50 => "≤ 3 ms",
            Self::ChoresUnderLoad => "≥ 0.6× requests/s, p99 ≤ 20 ms",
            Self::Dashboard(_) => {
                "≥ 1,500 requests/s, p99 ≤ 25 ms; ≤ 1.5× slower than at 1,000 families"
            }
            Self::ApprovalToCredit => "p99 ≤ 50 ms",
            Self::SubmissionToStream => "p99 ≤ 1 s",
            Self::ReplicaVisibility => "p99 ≤ 100 ms; at once through the same one",
            Self::PhotoSubmission => "p99 ≤ 150 ms",
            Self::Console => "p95 ≤ 35 ms, totals ≤ 20 ms",
            Self::IdleRss => "≤ 30 MB",
            Self::LoadedRss => "≤ 300 MB",
            Self::Soak => "0 errors, each process's RSS flat within 10 % after warm-up",
            Self::Faults => "0 lost, 0 doubled, 0 hung, recovery ≤ 5 s",
        }
    }
}

/// Everything one run measured.
#[derive(Default)]
pub struct Measured {
    pub targets: BTreeMap<Target, (String, bool)>,
    /// One request at a time: (what, figures).
    pub unloaded: Vec<(String, Figures)>,
    /// Fixed concurrency: (what, figures).
    pub loaded: Vec<(String, Figures)>,
    /// Each process idle once started.
    pub idle_rss_mib: BTreeMap<String, Option<f64>>,
    /// Each process idle again after the soak (when there was one), with
    /// what its caches keep of it.
    pub after_load_rss_mib: BTreeMap<String, Option<f64>>,
    pub peak_rss_mib: f64,
    pub not_measured: Vec<String>,
    /// The soak's own summary.
    pub soak: Option<String>,
    /// The fault suite's own summary.
    pub faults: Option<String>,
}

impl Measured {
    pub fn target(&mut self, target: Target, result: String, met: bool) {
        println!(
            "{}: {result} — {}",
            target.measure(),
            if met { "met" } else { "NOT met" }
        );
        self.targets.insert(target, (result, met));
    }

    pub fn all_met(&self) -> bool {
        self.targets.values().all(|(_, met)| *met)
    }
}

/// Where and how the run happened.
pub struct Setting {
    pub date: String,
    pub machine: String,
    pub commit: String,
    pub profile: String,
    pub families: u64,
    pub small_families: Option<u64>,
    pub seconds_per_run: u64,
}

pub fn markdown(measured: &Measured, setting: &Setting) -> String {
    let mut md = String::new();
    let _ = writeln!(md, "# Performance\n");
    let _ = writeln!(
        md,
        "Written by `scripts/bench.sh` on {} at commit `{}`: the `{}` build on {}, loopback, \
         with {} seeded families{}. Each loaded run records {} s after a warm-up. \
         Figures are one run's; rerun the script to check them.\n",
        setting.date,
        setting.commit,
        setting.profile,
        setting.machine,
        setting.families,
        setting
            .small_families
            .map(|n| format!(" (and a second stack with {n} for the scale ratio)"))
            .unwrap_or_default(),
        setting.seconds_per_run,
    );
    let _ = writeln!(
        md,
        "## Targets\n\n| Measure | Target | Measured | Met |\n|---|---|---|---|"
    );
    for (target, (result, met)) in &measured.targets {
        let _ = writeln!(
            md,
            "| {} | {} | {} | {} |",
            target.measure(),
            target.goal(),
            result,
            if *met { "yes" } else { "**no**" }
        );
    }
    let _ = writeln!(
        md,
        "\n## Under load\n\n| Run | Requests/s | p50 ms | p99 ms | max ms | Errors |\n|---|---|---|---|---|---|"
    );
    for (what, f) in &measured.loaded {
        let _ = writeln!(
            md,
            "| {what} | {:.0} | {:.2} | {:.2} | {:.1} | {} |",
            f.per_second,
            f.p50_ms,
            f.p99_ms,
            f.max_ms,
            errors(f)
        );
    }
    let _ = writeln!(
        md,
        "\n## One request at a time\n\n| Request | p50 ms | p95 ms | p99 ms | Errors |\n|---|---|---|---|---|"
    );
    for (what, f) in &measured.unloaded {
        let _ = writeln!(
            md,
            "| {what} | {:.2} | {:.2} | {:.2} | {} |",
            f.p50_ms,
            f.p95_ms,
            f.p99_ms,
            errors(f)
        );
    }
    if !measured.not_measured.is_empty() {
        let _ = writeln!(
            md,
            "\nNot measured (no id to fill in): {}.",
            measured.not_measured.join(", ")
        );
    }
    let _ = writeln!(
        md,
        "\n## Memory\n\n| Process | Idle RSS after start, MiB | Idle RSS as the scenarios start, MiB |\n|---|---|---|"
    );
    let shown = |mib: Option<&Option<f64>>| match mib {
        Some(Some(m)) => format!("{m:.1}"),
        Some(None) => "exited".into(),
        None => "–".into(),
    };
    for (name, mib) in &measured.idle_rss_mib {
        let _ = writeln!(
            md,
            "| {name} | {} | {} |",
            shown(Some(mib)),
            shown(measured.after_load_rss_mib.get(name))
        );
    }
    let _ = writeln!(
        md,
        "\nThe target is judged on the first column: each process started, answering its health \
         check, and idle. The second is read as the scenarios start, after the soak's load \
         (when it ran): it holds what the caches keep by design (the last five minutes of live events, \
         verified tokens, composed dashboards) and what the allocator keeps for the next burst; \
         the soak judges whether it keeps growing."
    );
    let _ = writeln!(
        md,
        "\nWhole stack at its peak under load: {:.0} MiB.",
        measured.peak_rss_mib
    );
    if let Some(soak) = &measured.soak {
        let _ = writeln!(md, "\n## Soak\n\n{}", soak.trim_end());
    }
    if let Some(faults) = &measured.faults {
        let _ = writeln!(md, "\n## Faults\n\n{}", faults.trim_end());
    }
    md
}

fn errors(figures: &Figures) -> String {
    match &figures.first_error {
        Some(first) if figures.errors > 0 => format!(
            "{} (first: {})",
            figures.errors,
            first.replace('|', "\\|").replace('\n', " ")
        ),
        _ => figures.errors.to_string(),
    }
}
