//! Where a request's CPU goes: the time on CPU of each of the stack's
//! processes, of PostgreSQL's backends per database and of NATS, read from
//! /proc before and after a number of requests.
//!
//! On two cores an unloaded read is bound by CPU
//! (docs/adr/0070-cpu-bound-reads.md), so its latency falls only with the work
//! it causes; the wall-clock figures say how long it took, these say which hop
//! to make cheaper. The time is the scheduler's (`schedstat`, nanoseconds, user
//! and kernel together) summed over every thread, so it is exact to the
//! nanosecond, unlike the 10 ms ticks of `/proc/<pid>/stat`.

use std::collections::BTreeMap;

use crate::rss::Processes;

/// Who to account, and how to name what is found.
pub struct Accounts {
    stack: Processes,
    /// The databases' common prefix (`chorely_probe`): a backend of
    /// `chorely_probe_chores` counts as `postgres chores`.
    db_prefix: String,
}

/// Nanoseconds on CPU so far, per part of the stack.
pub type Sample = BTreeMap<String, u64>;

impl Accounts {
    pub fn new(stack: Processes, db_prefix: &str) -> Self {
        Self {
            stack,
            db_prefix: format!("{db_prefix}_"),
        }
    }

    /// Every part's CPU time so far.
    pub fn sample(&self) -> Sample {
        let mut sample = Sample::new();
        for (name, pid) in &self.stack.0 {
            *sample.entry(name.clone()).or_default() += process_ns(*pid);
        }
        for (pid, comm, cmdline) in all_processes() {
            let part = match comm.as_str() {
                "nats-server" => "nats".to_owned(),
                "postgres" => match database_of(&cmdline, &self.db_prefix) {
                    Some(db) => format!("postgres {db}"),
                    None => continue,
                },
                _ => continue,
            };
            *sample.entry(part).or_default() += process_ns(pid);
        }
        sample
    }
}

/// CPU microseconds per request of each part between two samples (a part
/// that appeared between them counts from zero), largest first.
pub fn per_request(before: &Sample, after: &Sample, requests: u64) -> Vec<(String, f64)> {
    let mut parts: Vec<(String, f64)> = after
        .iter()
        .map(|(part, ns)| {
            let spent = ns.saturating_sub(before.get(part).copied().unwrap_or(0));
            (
                part.clone(),
                spent as f64 / 1_000.0 / requests.max(1) as f64,
            )
        })
        .filter(|(_, us)| *us > 0.0)
        .collect();
    parts.sort_by(|a, b| b.1.total_cmp(&a.1));
    parts
}

/// The database a PostgreSQL backend serves, from the title it sets
/// (`postgres: 15/main: user chorely_probe_chores 127.0.0.1(4711) idle`),
/// without the prefix; none for the server's own workers and other databases.
fn database_of(cmdline: &str, prefix: &str) -> Option<String> {
    cmdline
        .split_whitespace()
        .find_map(|word| word.strip_prefix(prefix))
        .map(str::to_owned)
}

/// Nanoseconds on CPU of every thread of `pid` (zero once it has exited).
fn process_ns(pid: u32) -> u64 {
    let Ok(tasks) = std::fs::read_dir(format!("/proc/{pid}/task")) else {
        return 0;
    };
    tasks
        .flatten()
        .filter_map(|task| std::fs::read_to_string(task.path().join("schedstat")).ok())
        .filter_map(|s| s.split_whitespace().next()?.parse::<u64>().ok())
        .sum()
}

/// (pid, command name, command line with spaces for NULs) of every process.
fn all_processes() -> Vec<(u32, String, String)> {
    let Ok(entries) = std::fs::read_dir("/proc") else {
        return Vec::new();
    };
    entries
        .flatten()
        .filter_map(|entry| {
            let pid: u32 = entry.file_name().to_str()?.parse().ok()?;
            let comm = std::fs::read_to_string(entry.path().join("comm")).ok()?;
            let cmdline = std::fs::read(entry.path().join("cmdline")).ok()?;
            let cmdline = String::from_utf8_lossy(&cmdline).replace('\0', " ");
            Some((pid, comm.trim().to_owned(), cmdline))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_backend_is_named_for_its_database_without_the_prefix() {
        let prefix = "chorely_probe_";
        assert_eq!(
            database_of(
                "postgres: 15/main: postgres chorely_probe_chores 127.0.0.1(4711) idle",
                prefix
            ),
            Some("chores".to_owned())
        );
        assert_eq!(
            database_of("postgres: 15/main: checkpointer ", prefix),
            None
        );
        assert_eq!(
            database_of(
                "postgres: 15/main: postgres chorely_chores 127.0.0.1(4711) idle",
                prefix
            ),
            None
        );
    }

    #[test]
    fn each_part_is_its_growth_per_request_largest_first() {
        let before = Sample::from([("gateway".to_owned(), 1_000_000), ("nats".to_owned(), 5)]);
        let after = Sample::from([
            ("gateway".to_owned(), 3_000_000),
            ("nats".to_owned(), 5),
            ("postgres chores".to_owned(), 4_000_000),
        ]);
        assert_eq!(
            per_request(&before, &after, 100),
            vec![
                ("postgres chores".to_owned(), 40.0),
                ("gateway".to_owned(), 20.0)
            ]
        );
    }

    #[test]
    fn this_process_has_spent_some_cpu() {
        let spent: u64 = (0..100_000u64).map(std::hint::black_box).sum();
        assert!(spent > 0);
        assert!(process_ns(std::process::id()) > 0);
    }
}
