//! Where a service reads the time. Rules that depend on the time (days,
//! turns, due times, lateness) take it from a [`Clock`] handed to them, so
//! tests move time forward instead of waiting for it: production runs on the
//! system clock, a test on a [`ManualClock`] it sets and advances.

use std::sync::{Arc, Mutex, PoisonError};

use chrono::{DateTime, Duration, Utc};

/// The time as a service sees it. Cheap to clone; clones read the same time.
#[derive(Clone, Default)]
pub struct Clock {
    manual: Option<ManualClock>,
}

impl Clock {
    /// The system's clock.
    pub fn system() -> Self {
        Self::default()
    }

    pub fn now(&self) -> DateTime<Utc> {
        match &self.manual {
            Some(manual) => manual.now(),
            None => Utc::now(),
        }
    }
}

impl std::fmt::Debug for Clock {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match &self.manual {
            Some(manual) => write!(f, "Clock(manual, {})", manual.now()),
            None => f.write_str("Clock(system)"),
        }
    }
}

/// A clock that shows what it was last set to, for tests. Clones share it:
/// the test keeps one and the services read another.
#[derive(Clone, Debug)]
pub struct ManualClock {
    now: Arc<Mutex<DateTime<Utc>>>,
}

impl ManualClock {
    pub fn at(now: DateTime<Utc>) -> Self {
        Self {
            now: Arc::new(Mutex::new(now)),
        }
    }

    pub fn now(&self) -> DateTime<Utc> {
        *self.now.lock().unwrap_or_else(PoisonError::into_inner)
    }

    pub fn set(&self, now: DateTime<Utc>) {
        *self.now.lock().unwrap_or_else(PoisonError::into_inner) = now;
    }

    pub fn advance(&self, by: Duration) {
        let mut now = self.now.lock().unwrap_or_else(PoisonError::into_inner);
        *now += by;
    }

    /// The [`Clock`] services read, showing this clock's time.
    pub fn clock(&self) -> Clock {
        Clock {
            manual: Some(self.clone()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_manual_clock_moves_only_when_told_and_its_clocks_follow() {
        let start = DateTime::parse_from_rfc3339("2030-03-04T12:00:00Z")
            .unwrap()
            .to_utc();
        let manual = ManualClock::at(start);
        let clock = manual.clock();
        assert_eq!(clock.now(), start);
        manual.advance(Duration::days(1));
        assert_eq!(clock.clone().now(), start + Duration::days(1));
        manual.set(start);
        assert_eq!(clock.now(), start);
        assert!(Clock::system().now() > start - Duration::days(3650));
    }
}
