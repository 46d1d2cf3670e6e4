//! Conversions between `chrono` and protobuf timestamps, and the family's
//! calendar (days and months start at midnight in the family's time zone).

use chrono::{DateTime, Datelike, NaiveDate, TimeZone, Utc};
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
}
