//! The calendar of allowances and interest, in the family's days: when an
//! allowance is paid and which days it pays for, and interest in whole cents.
//! Pure arithmetic on dates; the job turns days into instants with the
//! family's time zone (`kit::time::start_of_day`), so a change of clocks
//! moves no pay day.

use chrono::{Datelike, Days, Months, NaiveDate};

/// How often an allowance is paid.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Period {
    Weekly,
    Monthly,
}

impl Period {
    pub fn as_str(self) -> &'static str {
        match self {
            Period::Weekly => "WEEKLY",
            Period::Monthly => "MONTHLY",
        }
    }

    pub fn parse(name: &str) -> Option<Self> {
        match name {
            "WEEKLY" => Some(Period::Weekly),
            "MONTHLY" => Some(Period::Monthly),
            _ => None,
        }
    }
}

/// When an allowance is paid: every week on a weekday (1 Monday to 7
/// Sunday), or every month on a day (1 to 31; in a shorter month, on its
/// last day). A pay day pays for the period that ends as it starts: the
/// days from the previous pay day up to the day before it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Schedule {
    pub period: Period,
    pub day: u32,
}

impl Schedule {
    /// A schedule, when `day` fits the period.
    pub fn new(period: Period, day: u32) -> Option<Self> {
        let max = match period {
            Period::Weekly => 7,
            Period::Monthly => 31,
        };
        (1..=max).contains(&day).then_some(Self { period, day })
    }

    /// The last pay day on or before `day`.
    pub fn pay_day_on_or_before(self, day: NaiveDate) -> NaiveDate {
        match self.period {
            Period::Weekly => {
                let back = (day.weekday().number_from_monday() + 7 - self.day) % 7;
                day - Days::new(u64::from(back))
            }
            Period::Monthly => {
                let this_month = month_day(day, self.day);
                if this_month <= day {
                    this_month
                } else {
                    month_day(first_of_month(day) - Days::new(1), self.day)
                }
            }
        }
    }

    /// The first pay day on or after `day`.
    pub fn pay_day_on_or_after(self, day: NaiveDate) -> NaiveDate {
        match self.period {
            Period::Weekly => {
                let ahead = (self.day + 7 - day.weekday().number_from_monday()) % 7;
                day + Days::new(u64::from(ahead))
            }
            Period::Monthly => {
                let this_month = month_day(day, self.day);
                if this_month >= day {
                    this_month
                } else {
                    month_day(first_of_month(day) + Months::new(1), self.day)
                }
            }
        }
    }

    /// The pay day before `pay_day`: the first day of the period it pays.
    pub fn previous_pay_day(self, pay_day: NaiveDate) -> NaiveDate {
        self.pay_day_on_or_before(pay_day - Days::new(1))
    }

    /// The pay days after `after` up to `today`, oldest first.
    pub fn pay_days_between(self, after: NaiveDate, today: NaiveDate) -> Vec<NaiveDate> {
        let mut days = Vec::new();
        let mut day = self.pay_day_on_or_after(after + Days::new(1));
        while day <= today {
            days.push(day);
            day = self.pay_day_on_or_after(day + Days::new(1));
        }
        days
    }
}

/// The day of `day`'s month numbered `n`, or the month's last day.
fn month_day(day: NaiveDate, n: u32) -> NaiveDate {
    let first = first_of_month(day);
    let last = (first + Months::new(1)) - Days::new(1);
    first.with_day(n.min(last.day())).unwrap_or(last)
}

pub fn first_of_month(day: NaiveDate) -> NaiveDate {
    day.with_day(1).unwrap_or(day)
}

/// A month's interest on `cents` at `basis_points` hundredths of a percent:
/// rounded to the nearest cent, half a cent up; nothing on an empty or
/// overdrawn jar.
pub fn interest_cents(cents: i64, basis_points: i32) -> i64 {
    if cents <= 0 || basis_points <= 0 {
        return 0;
    }
    let exact_twice = i128::from(cents) * i128::from(basis_points) * 2;
    i64::try_from((exact_twice + 10_000) / 20_000).unwrap_or(i64::MAX)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn d(s: &str) -> NaiveDate {
        NaiveDate::parse_from_str(s, "%Y-%m-%d").unwrap()
    }

    fn weekly(day: u32) -> Schedule {
        Schedule::new(Period::Weekly, day).unwrap()
    }

    fn monthly(day: u32) -> Schedule {
        Schedule::new(Period::Monthly, day).unwrap()
    }

    #[test]
    fn days_must_fit_the_period() {
        assert!(Schedule::new(Period::Weekly, 0).is_none());
        assert!(Schedule::new(Period::Weekly, 8).is_none());
        assert!(Schedule::new(Period::Monthly, 31).is_some());
        assert!(Schedule::new(Period::Monthly, 32).is_none());
    }

    #[test]
    fn a_weekly_allowance_is_paid_on_its_weekday_for_the_seven_days_before() {
        // 2027-03-13 is a Saturday (6).
        let saturday = weekly(6);
        assert_eq!(
            saturday.pay_day_on_or_before(d("2027-03-13")),
            d("2027-03-13")
        );
        assert_eq!(
            saturday.pay_day_on_or_before(d("2027-03-19")),
            d("2027-03-13")
        );
        assert_eq!(
            saturday.pay_day_on_or_before(d("2027-03-20")),
            d("2027-03-20")
        );
        assert_eq!(
            saturday.pay_day_on_or_after(d("2027-03-14")),
            d("2027-03-20")
        );
        assert_eq!(
            saturday.pay_day_on_or_after(d("2027-03-13")),
            d("2027-03-13")
        );
        assert_eq!(saturday.previous_pay_day(d("2027-03-20")), d("2027-03-13"));
        let monday = weekly(1);
        assert_eq!(
            monday.pay_day_on_or_before(d("2027-03-14")),
            d("2027-03-08")
        );
        let sunday = weekly(7);
        assert_eq!(sunday.pay_day_on_or_after(d("2027-03-15")), d("2027-03-21"));
    }

    #[test]
    fn a_monthly_allowance_past_a_months_end_is_paid_on_its_last_day() {
        let end = monthly(31);
        assert_eq!(end.pay_day_on_or_before(d("2027-03-15")), d("2027-02-28"));
        assert_eq!(end.pay_day_on_or_after(d("2027-02-01")), d("2027-02-28"));
        assert_eq!(end.pay_day_on_or_after(d("2028-02-01")), d("2028-02-29"));
        assert_eq!(end.pay_day_on_or_after(d("2027-03-01")), d("2027-03-31"));
        assert_eq!(end.previous_pay_day(d("2027-03-31")), d("2027-02-28"));
        assert_eq!(end.previous_pay_day(d("2027-02-28")), d("2027-01-31"));
        let fifteenth = monthly(15);
        assert_eq!(
            fifteenth.pay_day_on_or_before(d("2027-01-14")),
            d("2026-12-15")
        );
        assert_eq!(
            fifteenth.pay_day_on_or_after(d("2026-12-16")),
            d("2027-01-15")
        );
        assert_eq!(fifteenth.previous_pay_day(d("2027-01-15")), d("2026-12-15"));
    }

    #[test]
    fn pay_days_between_are_those_after_the_first_day_up_to_today() {
        let saturday = weekly(6);
        assert_eq!(
            saturday.pay_days_between(d("2027-03-13"), d("2027-03-27")),
            vec![d("2027-03-20"), d("2027-03-27")]
        );
        assert!(
            saturday
                .pay_days_between(d("2027-03-13"), d("2027-03-19"))
                .is_empty()
        );
        assert_eq!(
            monthly(1).pay_days_between(d("2026-12-31"), d("2027-03-01")),
            vec![d("2027-01-01"), d("2027-02-01"), d("2027-03-01")]
        );
    }

    #[test]
    fn interest_is_whole_cents_half_up_and_never_negative() {
        // $12.34 at 2.5%: 30.85 cents, 31.
        assert_eq!(interest_cents(1234, 250), 31);
        // $10.10 at 1.5%: 15.15 cents, 15.
        assert_eq!(interest_cents(1010, 150), 15);
        // $1.00 at 0.5%: half a cent, up.
        assert_eq!(interest_cents(100, 50), 1);
        // $0.99 at 0.5%: 0.495 cents, none.
        assert_eq!(interest_cents(99, 50), 0);
        assert_eq!(interest_cents(0, 1000), 0);
        assert_eq!(interest_cents(-500, 1000), 0);
        assert_eq!(interest_cents(1000, 0), 0);
    }
}
