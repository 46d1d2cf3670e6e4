//! Waiting for the machine to be quiet before timing one request at a time:
//! a first start's jobs, the events and mails of the requests before, and
//! PostgreSQL's vacuuming of what they wrote would otherwise be timed with
//! whichever request ran beside them. The whole machine is watched, not only
//! the stack: another stack, PostgreSQL's workers and NATS count too.

use std::time::{Duration, Instant};

use clap::Args as ClapArgs;

/// Quiet is under this share of one core busy, for [`QUIET_SECONDS`] in a row.
/// A machine of the kind the benchmark runs on idles at about 6 % of a core
/// with nothing of Chorely running (the kernel's memory monitor, the
/// machine's own agent, the other servers it hosts), so a bound of 5 % was
/// never reached there and every wait ran to its end (19 minutes after a
/// soak); the stack's own leftovers (a job's catch-up, a soak's events and
/// vacuuming) take a quarter of a core and more, well above this.
const QUIET_SHARE_OF_A_CORE: f64 = 0.10;
const QUIET_SECONDS: u32 = 3;

/// The machine's CPU time so far, in ticks: (busy, all).
fn ticks() -> anyhow::Result<(u64, u64)> {
    let stat = std::fs::read_to_string("/proc/stat")?;
    let line = stat
        .lines()
        .find(|l| l.starts_with("cpu "))
        .ok_or_else(|| anyhow::anyhow!("no cpu line in /proc/stat"))?;
    parse_cpu_line(line)
}

/// Busy and all ticks of a `/proc/stat` `cpu` line: idle and waiting for
/// the disk are not busy (guest time is already within user time).
fn parse_cpu_line(line: &str) -> anyhow::Result<(u64, u64)> {
    let fields: Vec<u64> = line
        .split_whitespace()
        .skip(1)
        .take(8)
        .map(str::parse)
        .collect::<Result<_, _>>()?;
    anyhow::ensure!(fields.len() >= 5, "a short cpu line: {line:?}");
    let all: u64 = fields.iter().sum();
    let idle = fields[3] + fields[4];
    Ok((all - idle, all))
}

/// The share of one core busy between two readings on `cores` cores.
fn share_of_a_core(before: (u64, u64), after: (u64, u64), cores: f64) -> f64 {
    let all = after.1.saturating_sub(before.1);
    if all == 0 {
        return 0.0;
    }
    after.0.saturating_sub(before.0) as f64 / all as f64 * cores
}

/// Waits until the machine has been quiet for a few seconds in a row, at most
/// `at_most`; says how long it waited, and whether it settled.
pub async fn machine(at_most: Duration) -> anyhow::Result<(Duration, bool)> {
    let cores = std::thread::available_parallelism().map_or(1, usize::from) as f64;
    let started = Instant::now();
    let mut quiet = 0;
    while quiet < QUIET_SECONDS {
        if started.elapsed() >= at_most {
            return Ok((started.elapsed(), false));
        }
        let before = ticks()?;
        tokio::time::sleep(Duration::from_secs(1)).await;
        let busy = share_of_a_core(before, ticks()?, cores);
        quiet = if busy < QUIET_SHARE_OF_A_CORE {
            quiet + 1
        } else {
            0
        };
    }
    Ok((started.elapsed(), true))
}

/// Waits as [`machine`] does and says how it went.
pub async fn announced(at_most: Duration) -> anyhow::Result<()> {
    match machine(at_most).await? {
        (waited, true) => println!("   settled after {:.0} s", waited.as_secs_f64()),
        (waited, false) => println!(
            "   still busy after {:.0} s: measuring anyway",
            waited.as_secs_f64()
        ),
    }
    Ok(())
}

/// `chorely-bench settle`: the same wait for `scripts/bench.sh`, before it
/// times anything a first start or a soak may still be busy behind (jobs
/// catching up on a day of 100,000 families, the mails and events of a
/// soak's submissions, the vacuuming of what it wrote).
#[derive(ClapArgs, Debug)]
pub struct Args {
    /// Measure anyway after this long.
    #[arg(long, default_value_t = 1200)]
    at_most_secs: u64,
}

pub async fn run(args: Args) -> anyhow::Result<()> {
    announced(Duration::from_secs(args.at_most_secs)).await
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn idle_and_io_wait_are_not_busy() {
        let (busy, all) = parse_cpu_line("cpu  100 5 20 1000 50 1 2 3 0 0").unwrap();
        assert_eq!((busy, all), (131, 1181));
        assert!(parse_cpu_line("cpu  1 2").is_err());
        assert!(parse_cpu_line("cpu  a b c d e").is_err());
    }

    #[test]
    fn the_busy_share_is_of_one_core() {
        // Two cores, 200 ticks in all, 10 of them busy: a tenth of one core.
        let share = share_of_a_core((0, 0), (10, 200), 2.0);
        assert!((share - 0.1).abs() < 1e-9, "{share}");
        assert_eq!(share_of_a_core((5, 7), (5, 7), 2.0), 0.0);
    }
}
