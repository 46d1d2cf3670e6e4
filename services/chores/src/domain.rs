//! The rules of chores, free of storage: what a chore may be, when a child may
//! do it again, and what an approval pays.

use chrono::{DateTime, Days, NaiveDate, Utc};
use chrono_tz::Tz;
use kit::{codes, validate::FieldError};

/// Spec §9: anytime, daily, every 2 or 3 days, weekly, bi-weekly, monthly.
pub const FREQUENCIES: [i32; 7] = [0, 1, 2, 3, 7, 14, 30];

/// How far ahead of the server's clock a completion time may be, for phones
/// whose clocks run a little fast.
pub const CLOCK_SKEW_SECS: i64 = 60;

/// The largest reward one chore may carry (cents): a typo guard, $10,000.
pub const MAX_REWARD_CENTS: i64 = 1_000_000;

pub fn frequency(days: i32) -> Result<i32, FieldError> {
    if FREQUENCIES.contains(&days) {
        Ok(days)
    } else {
        Err(codes::frequency_invalid().on("frequencyDays"))
    }
}

pub fn base_reward(cents: i64) -> Result<i64, FieldError> {
    if cents < 0 {
        return Err(codes::base_reward_negative().on("baseReward"));
    }
    if cents > MAX_REWARD_CENTS {
        return Err(codes::base_reward_too_large().on("baseReward"));
    }
    Ok(cents)
}

/// What a missed due day costs: like a reward, at most 10000.00.
pub fn missed_penalty(cents: i64) -> Result<i64, FieldError> {
    if cents < 0 {
        return Err(codes::missed_penalty_negative().on("missedPenalty"));
    }
    if cents > MAX_REWARD_CENTS {
        return Err(codes::missed_penalty_too_large().on("missedPenalty"));
    }
    Ok(cents)
}

/// The completion time a child claims: not later than now.
pub fn completed_at(at: DateTime<Utc>, now: DateTime<Utc>) -> Result<DateTime<Utc>, FieldError> {
    if (at - now).num_seconds() > CLOCK_SKEW_SECS {
        return Err(codes::completion_in_future().on("completedAt"));
    }
    Ok(at)
}

/// When a chore may be done again, seen at one moment.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Availability {
    pub is_available: bool,
    pub next_available_at: Option<DateTime<Utc>>,
    pub days_remaining: i32,
}

/// A chore done on `last_done` (the family's calendar) comes back at the start
/// of the day `frequency_days` later, in the family's time zone: a daily chore
/// done at 23:00 can be done again at midnight, not 23:00 the next day.
pub fn availability(
    frequency_days: i32,
    last_done: Option<NaiveDate>,
    now: DateTime<Utc>,
    tz: Tz,
) -> Availability {
    let next = match (frequency_days, last_done) {
        (0, _) | (_, None) => None,
        (days, Some(done)) => done
            .checked_add_days(Days::new(days.unsigned_abs().into()))
            .map(|day| start_of_day(day, tz)),
    };
    match next {
        Some(next) if next > now => Availability {
            is_available: false,
            next_available_at: Some(next),
            days_remaining: days_until(now, next),
        },
        _ => Availability {
            is_available: true,
            next_available_at: next,
            days_remaining: 0,
        },
    }
}

/// Whole days from `now` to `then`, rounded up.
pub fn days_until(now: DateTime<Utc>, then: DateTime<Utc>) -> i32 {
    const DAY: i64 = 86_400;
    let secs = (then - now).num_seconds().max(0);
    i32::try_from((secs + DAY - 1) / DAY).unwrap_or(i32::MAX)
}

pub use kit::time::{local_date, start_of_day};

/// Two completions of one chore by one child closer than its frequency
/// collide: a daily chore once per calendar day, a weekly one once per 7 days.
pub fn collides(frequency_days: i32, a: NaiveDate, b: NaiveDate) -> bool {
    frequency_days > 0 && (a - b).num_days().abs() < i64::from(frequency_days)
}

/// What an approval pays: kit's, so the review queue's preview rounds the same.
pub use kit::money::boosted;

#[cfg(test)]
mod tests {
    use super::*;

    fn utc(s: &str) -> DateTime<Utc> {
        DateTime::parse_from_rfc3339(s).unwrap().with_timezone(&Utc)
    }

    fn date(s: &str) -> NaiveDate {
        NaiveDate::parse_from_str(s, "%Y-%m-%d").unwrap()
    }

    #[test]
    fn a_daily_chore_comes_back_at_the_familys_midnight() {
        let tz: Tz = "America/New_York".parse().unwrap();
        // 22:30 in New York on the 10th is 03:30 UTC on the 11th.
        let now = utc("2026-03-11T03:30:00Z");
        let a = availability(1, Some(date("2026-03-10")), now, tz);
        assert!(!a.is_available);
        assert_eq!(a.next_available_at, Some(utc("2026-03-11T04:00:00Z")));
        assert_eq!(a.days_remaining, 1);

        let later = availability(1, Some(date("2026-03-10")), utc("2026-03-11T04:00:00Z"), tz);
        assert!(later.is_available);
    }

    #[test]
    fn days_remaining_round_up() {
        let tz = Tz::UTC;
        let a = availability(7, Some(date("2026-01-01")), utc("2026-01-02T00:00:01Z"), tz);
        assert_eq!(a.next_available_at, Some(utc("2026-01-08T00:00:00Z")));
        assert_eq!(a.days_remaining, 6);
        let a = availability(7, Some(date("2026-01-01")), utc("2026-01-01T12:00:00Z"), tz);
        assert_eq!(a.days_remaining, 7);
    }

    #[test]
    fn anytime_chores_and_first_times_are_always_available() {
        let now = utc("2026-01-01T12:00:00Z");
        assert!(availability(0, Some(date("2026-01-01")), now, Tz::UTC).is_available);
        let first = availability(30, None, now, Tz::UTC);
        assert!(first.is_available);
        assert_eq!(first.next_available_at, None);
    }

    #[test]
    fn midnight_skipped_by_a_clock_change_moves_to_the_next_moment() {
        // Santiago moved its clocks from 00:00 to 01:00 on 2026-09-06.
        let tz: Tz = "America/Santiago".parse().unwrap();
        let start = start_of_day(date("2026-09-06"), tz);
        assert_eq!(start.with_timezone(&tz).date_naive(), date("2026-09-06"));
    }

    #[test]
    fn collisions_follow_the_frequency() {
        assert!(collides(1, date("2026-01-01"), date("2026-01-01")));
        assert!(!collides(1, date("2026-01-01"), date("2026-01-02")));
        assert!(collides(7, date("2026-01-01"), date("2026-01-07")));
        assert!(!collides(7, date("2026-01-01"), date("2026-01-08")));
        assert!(!collides(0, date("2026-01-01"), date("2026-01-01")));
    }

    #[test]
    fn completion_times_may_not_be_in_the_future() {
        let now = utc("2026-01-01T12:00:00Z");
        assert!(completed_at(utc("2026-01-01T11:00:00Z"), now).is_ok());
        assert!(completed_at(utc("2026-01-01T12:00:30Z"), now).is_ok());
        let err = completed_at(utc("2026-01-01T12:05:00Z"), now).unwrap_err();
        assert_eq!(err.message(), "Completion time cannot be in the future");
        assert_eq!(
            (err.field, err.code()),
            ("completedAt", "COMPLETION_IN_FUTURE")
        );
    }

    #[test]
    fn boosted_rewards_round_to_the_nearest_cent() {
        assert_eq!(boosted(500, 1000), 500);
        assert_eq!(boosted(500, 1500), 750);
        assert_eq!(boosted(333, 1100), 366); // 366.3
        assert_eq!(boosted(335, 1100), 369); // 368.5 rounds up
        assert_eq!(boosted(0, 1500), 0);
    }

    #[test]
    fn frequencies_and_rewards_are_checked() {
        for days in FREQUENCIES {
            assert_eq!(frequency(days), Ok(days));
        }
        assert_eq!(frequency(5).unwrap_err().code(), "FREQUENCY_INVALID");
        assert_eq!(base_reward(-1).unwrap_err().code(), "BASE_REWARD_NEGATIVE");
        let large = base_reward(MAX_REWARD_CENTS + 1).unwrap_err();
        assert_eq!(large.code(), "BASE_REWARD_TOO_LARGE");
        assert_eq!(large.message(), "Base reward must be at most 10000.00");
        assert_eq!(base_reward(0), Ok(0));
        assert_eq!(
            missed_penalty(-1).unwrap_err().code(),
            "MISSED_PENALTY_NEGATIVE"
        );
        let large = missed_penalty(MAX_REWARD_CENTS + 1).unwrap_err();
        assert_eq!(large.code(), "MISSED_PENALTY_TOO_LARGE");
        assert_eq!(large.field, "missedPenalty");
        assert_eq!(missed_penalty(MAX_REWARD_CENTS), Ok(MAX_REWARD_CENTS));
    }
}
