//! Conversions between `chrono` and protobuf timestamps, and the family's
//! calendar (days and months start at midnight in the family's time zone).

use chrono::{DateTime, Datelike, Days, NaiveDate, NaiveTime, TimeZone, Utc};
use chrono_tz::Tz;
use prost_types::Timestamp;

pub fn to_proto(t: DateTime<Utc>) -> Timestamp {
    Timestamp {
        seconds: t.timestamp(),
        nanos: i32::try_from(t.timestamp_subsec_nanos()).unwrap_or(0),
    }
}

pub fn opt_to_proto(t: Option<DateTime<Utc>>) -> Option<Timestamp> {
    t.map(to_proto)
}

pub fn from_proto(t: &Timestamp) -> Option<DateTime<Utc>> {
    DateTime::from_timestamp(t.seconds, u32::try_from(t.nanos).ok()?)
}

/// Midnight of `day` in `tz` (or the first moment after it, where a change
/// of clocks skips midnight).
pub fn start_of_day(day: NaiveDate, tz: Tz) -> DateTime<Utc> {
    (0..3)
        .find_map(|hour| {
            tz.from_local_datetime(&day.and_hms_opt(hour, 0, 0)?)
                .earliest()
        })
        .map(|local| local.with_timezone(&Utc))
        .unwrap_or_else(|| day.and_time(chrono::NaiveTime::MIN).and_utc())
}

/// The first instant after `now` at which the local time of day in `tz`
/// is `at`: today's when it is still ahead, else tomorrow's. On a day a
/// change of clocks skips `at`, the moment the skipped time ends.
pub fn next_local_time(now: DateTime<Utc>, tz: Tz, at: NaiveTime) -> DateTime<Utc> {
    let today = local_date(now, tz);
    (0..3)
        .filter_map(|days| today.checked_add_days(Days::new(days)))
        .filter_map(|day| local_time_on(day, tz, at))
        .find(|instant| *instant > now)
        .unwrap_or(now + chrono::Duration::days(1))
}

/// When the local time of day in `tz` reaches `at` on `day`: where the
/// clocks skip it, the moment the skip ends (the first minute after it
/// that exists; skips are whole minutes, at most a few hours).
fn local_time_on(day: NaiveDate, tz: Tz, at: NaiveTime) -> Option<DateTime<Utc>> {
    let start = day.and_time(at);
    (0..=180)
        .find_map(|minutes| {
            tz.from_local_datetime(&(start + chrono::Duration::minutes(minutes)))
                .earliest()
        })
        .map(|local| local.with_timezone(&Utc))
}

/// The zone an event names: events from before families had zones name
/// none, which is UTC.
pub fn zone_name(raw: &str) -> &str {
    if raw.is_empty() { "UTC" } else { raw }
}

/// The calendar date of an instant in `tz`.
pub fn local_date(at: DateTime<Utc>, tz: Tz) -> NaiveDate {
    at.with_timezone(&tz).date_naive()
}

/// When the month of `now` began in `tz`.
pub fn start_of_month(now: DateTime<Utc>, tz: Tz) -> DateTime<Utc> {
    let today = local_date(now, tz);
    start_of_day(today.with_day(1).unwrap_or(today), tz)
}

/// A family's time zone by name; UTC for a name that is not one.
pub fn zone(name: &str) -> Tz {
    name.parse().unwrap_or(Tz::UTC)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_event_without_a_zone_means_utc() {
        assert_eq!(zone_name(""), "UTC");
        assert_eq!(zone_name("Europe/London"), "Europe/London");
    }

    #[test]
    fn months_begin_at_the_familys_midnight() {
        let tz: Tz = "Pacific/Auckland".parse().unwrap();
        // 20:00 UTC on 31 March is 09:00 on 1 April in Auckland (NZDT, +13).
        let now = DateTime::parse_from_rfc3339("2026-03-31T20:00:00Z")
            .unwrap()
            .to_utc();
        let start = start_of_month(now, tz);
        assert_eq!(start.to_rfc3339(), "2026-03-31T11:00:00+00:00");
        assert_eq!(zone("Nowhere/Else"), Tz::UTC);
    }

    fn utc(at: &str) -> DateTime<Utc> {
        DateTime::parse_from_rfc3339(at).unwrap().to_utc()
    }

    #[test]
    fn the_next_local_time_is_todays_while_ahead_then_tomorrows() {
        let tz: Tz = "America/New_York".parse().unwrap();
        let six_pm = NaiveTime::from_hms_opt(18, 0, 0).unwrap();
        // 11:00 in New York (EST, -5): today's 18:00.
        let next = next_local_time(utc("2026-01-15T16:00:00Z"), tz, six_pm);
        assert_eq!(next.to_rfc3339(), "2026-01-15T23:00:00+00:00");
        // At 18:00 itself, and after it: tomorrow's.
        let next = next_local_time(utc("2026-01-15T23:00:00Z"), tz, six_pm);
        assert_eq!(next.to_rfc3339(), "2026-01-16T23:00:00+00:00");
        // Across the change to summer time (8 March 2026): 18:00 EDT is 22:00 UTC.
        let next = next_local_time(utc("2026-03-07T23:30:00Z"), tz, six_pm);
        assert_eq!(next.to_rfc3339(), "2026-03-08T22:00:00+00:00");
    }

    #[test]
    fn a_skipped_local_time_comes_when_the_skip_ends() {
        let tz: Tz = "America/New_York".parse().unwrap();
        // On 8 March 2026 02:00 EST jumps to 03:00 EDT (07:00 UTC): 02:30 never is.
        let half_past_two = NaiveTime::from_hms_opt(2, 30, 0).unwrap();
        let next = next_local_time(utc("2026-03-08T05:00:00Z"), tz, half_past_two);
        assert_eq!(next.to_rfc3339(), "2026-03-08T07:00:00+00:00");
        // The day after, it is there again (02:30 EDT).
        let next = next_local_time(next, tz, half_past_two);
        assert_eq!(next.to_rfc3339(), "2026-03-09T06:30:00+00:00");
    }
}
