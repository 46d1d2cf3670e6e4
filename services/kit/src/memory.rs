//! Giving freed memory back to the operating system once a burst is over.
//!
//! Allocators keep what a burst of work freed, for the next burst: glibc's
//! malloc (auth's, whose password hashes take 19 MiB each) in its per-thread
//! arenas, mimalloc (every other process's) in its arenas until a later
//! allocation on the same thread purges them. A service's work comes in
//! bursts by nature: the scheduled mails of every family whose evening has
//! come, a wave of logins, a night's jobs. Without this a service idle for
//! hours kept what its last burst took (auth's idle figure in the benchmark
//! went from 19 to 33 MiB between runs). So each service gives back what is
//! free, every [`GIVE_BACK_EVERY`]: memory in use is untouched, and the cost
//! (a walk of the allocators' free lists) is far below a millisecond.

use std::time::Duration;

use tokio_util::sync::CancellationToken;

/// How often a service gives back what its allocator holds free.
pub const GIVE_BACK_EVERY: Duration = Duration::from_secs(30);

/// Returns to the operating system the memory both allocators a process may
/// use hold free right now.
// Neither allocator offers a safe call for this (mimalloc's crate exposes
// only the raw C API); both functions take no pointers and touch only free
// memory, so there is nothing the caller could get wrong.
#[allow(unsafe_code)]
pub fn give_back() {
    // SAFETY: both calls only walk the allocators' own free lists; mimalloc's
    // is a no-op for a process that never allocated through it.
    unsafe {
        libmimalloc_sys::mi_collect(true);
        #[cfg(all(target_os = "linux", target_env = "gnu"))]
        libc::malloc_trim(0);
    }
}

/// Gives memory back every [`GIVE_BACK_EVERY`] until `shutdown`.
pub async fn give_back_until(shutdown: CancellationToken) {
    crate::jobs::every(GIVE_BACK_EVERY, shutdown, || async { give_back() }).await;
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Resident memory of this process, in KiB.
    fn rss_kib() -> u64 {
        std::fs::read_to_string("/proc/self/status")
            .unwrap()
            .lines()
            .find_map(|l| l.strip_prefix("VmRSS:"))
            .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
            .unwrap()
    }

    #[test]
    fn memory_a_burst_freed_is_given_back() {
        // A burst of small allocations (each below any allocator's threshold
        // for a mapping of its own), touched, then freed but for the last
        // one: what the allocator keeps sits below it and cannot be trimmed
        // from the top of the heap, only given back page by page.
        let mut burst: Vec<Box<[u8; 4096]>> = (0..16_384).map(|_| Box::new([1u8; 4096])).collect();
        let keep = burst.pop();
        drop(burst);
        let held = rss_kib();
        give_back();
        let after = rss_kib();
        drop(keep);
        // 64 MiB were freed; at least half of it must leave.
        assert!(
            held.saturating_sub(after) > 32 * 1024,
            "resident memory went from {held} KiB to {after} KiB"
        );
    }
}
