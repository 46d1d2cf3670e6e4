//! The suite's result as a Markdown table, printed and written to a file so
//! it can be pasted into docs/performance.md.

use std::fmt::Write;

use super::{audit::Audit, judge::Row};

/// What the run was, for the heading.
pub struct Setting {
    pub profile: String,
    pub families: usize,
    pub workers: usize,
    pub requests: usize,
    pub seconds: f64,
}

pub fn markdown(setting: &Setting, rows: &[Row], audit: &Audit, problems: &[String]) -> String {
    let mut out = String::new();
    let date = chrono::Utc::now().format("%Y-%m-%d %H:%M UTC");
    let cores = std::thread::available_parallelism().map_or(0, usize::from);
    let _ = writeln!(
        out,
        "Fault suite (`scripts/faults.sh`), {date}: {} build, {cores} cores; {} families, \
         {} workers, {} requests in {:.0} s.\n",
        setting.profile, setting.families, setting.workers, setting.requests, setting.seconds
    );
    let _ = writeln!(
        out,
        "| Fault | Down for | Requests | OK | Clean 503/504 | Unanswered (gateway down) | Failures | Worst latency | Recovery | Slowest credit |"
    );
    let _ = writeln!(out, "|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|");
    for row in rows {
        let down = row.down_for.map_or("–".into(), |s| format!("{s:.1} s"));
        let recovery = match (row.down_for, row.recovery) {
            (None, _) => "–".to_owned(),
            (Some(_), None) => "no errors".to_owned(),
            (Some(_), Some(s)) => format!("{s:.2} s"),
        };
        let credit = row
            .worst_credit
            .map_or("–".into(), |s| format!("{:.0} ms", s * 1000.0));
        let _ = writeln!(
            out,
            "| {} | {down} | {} | {} | {} | {} | {} | {:.0} ms | {recovery} | {credit} |",
            row.name,
            row.requests,
            row.ok,
            row.clean,
            row.unanswered,
            row.failures,
            row.worst.as_secs_f64() * 1000.0,
        );
    }
    let _ = writeln!(
        out,
        "\nA fault's requests are those in flight from its start to 5 s after its dependency \
         came back (a killed process: was started again); recovery is from then to the answer \
         of the last failed request; the slowest credit is from an approval made in that \
         window, or the return if later, to its ledger entry.\n"
    );
    let _ = writeln!(
        out,
        "Ledger audit after {:.1} s of draining: {} approved submissions, {} CHORE entries; {}.\n",
        audit.waited.as_secs_f64(),
        audit.approved,
        audit.entries,
        if audit.clean() && audit.unpublished == 0 {
            "every approved submission credited exactly once, at its boosted reward".to_owned()
        } else {
            format!(
                "{} never credited, {} credited more than once, {} at another amount, {} credits without an approval, {} events unpublished",
                audit.missing.len(),
                audit.doubled.len(),
                audit.wrong_amount.len(),
                audit.orphans.len(),
                audit.unpublished
            )
        }
    );
    if problems.is_empty() {
        let _ = writeln!(out, "Result: **passed** (0 lost, 0 doubled, 0 hung).");
    } else {
        let _ = writeln!(out, "Result: **failed**, {} problem(s):\n", problems.len());
        for problem in problems.iter().take(30) {
            let _ = writeln!(out, "- {problem}");
        }
        if problems.len() > 30 {
            let _ = writeln!(out, "- … and {} more", problems.len() - 30);
        }
    }
    out
}
