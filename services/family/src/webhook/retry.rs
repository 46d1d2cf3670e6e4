//! When a failed delivery is tried again: 30 seconds after the first
//! failure, doubling up to two hours, each delay shortened or lengthened by
//! up to a fifth at random so that endpoints coming back after an outage are
//! not all called at once; given up 24 hours after the delivery was made.

use chrono::{DateTime, Duration, Utc};

/// How long a delivery is retried.
pub const GIVE_UP_AFTER: Duration = Duration::hours(24);

const FIRST: i64 = 30;
const LONGEST: i64 = 2 * 60 * 60;

/// The delay after the `attempts`th failed attempt, before jitter.
pub fn base_delay(attempts: i32) -> Duration {
    let doublings = u32::try_from(attempts.saturating_sub(1))
        .unwrap_or(0)
        .min(16);
    Duration::seconds((FIRST << doublings).min(LONGEST))
}

/// The delay, with `jitter` (from 0 to 1) spreading it over ±20%.
pub fn delay(attempts: i32, jitter: f64) -> Duration {
    let base = base_delay(attempts).num_milliseconds();
    #[allow(clippy::cast_possible_truncation, clippy::cast_precision_loss)]
    let spread = (base as f64 * 0.4 * (jitter.clamp(0.0, 1.0) - 0.5)) as i64;
    Duration::milliseconds(base + spread)
}

/// When to try again after `attempts` failed attempts, or `None` when the
/// delivery made at `created` has been tried long enough.
pub fn next_attempt(
    attempts: i32,
    created: DateTime<Utc>,
    now: DateTime<Utc>,
    jitter: f64,
) -> Option<DateTime<Utc>> {
    (now - created < GIVE_UP_AFTER).then(|| now + delay(attempts, jitter))
}

/// A number from 0 to 1 for [`delay`].
pub fn jitter() -> f64 {
    let mut byte = [0u8; 2];
    if getrandom::fill(&mut byte).is_err() {
        return 0.5;
    }
    f64::from(u16::from_le_bytes(byte)) / f64::from(u16::MAX)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn delays_double_up_to_two_hours_and_jitter_stays_within_a_fifth() {
        let seconds: Vec<i64> = (1..=11).map(|n| base_delay(n).num_seconds()).collect();
        assert_eq!(
            seconds,
            [30, 60, 120, 240, 480, 960, 1920, 3840, 7200, 7200, 7200]
        );
        assert_eq!(delay(1, 0.0).num_seconds(), 24);
        assert_eq!(delay(1, 1.0).num_seconds(), 36);
        assert_eq!(delay(100, 0.5), Duration::hours(2));
    }

    #[test]
    fn a_delivery_is_given_up_a_day_after_it_was_made() {
        let made = DateTime::parse_from_rfc3339("2030-01-01T00:00:00Z")
            .unwrap()
            .to_utc();
        let late = made + Duration::hours(23);
        assert_eq!(
            next_attempt(3, made, late, 0.5),
            Some(late + Duration::minutes(2))
        );
        assert_eq!(next_attempt(3, made, made + Duration::hours(24), 0.5), None);
    }
}
