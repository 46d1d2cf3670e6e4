//! Birthday rewards: on a child's birthday in the family's time zone, their
//! birthday reward is credited once for that year. The job looks every few
//! minutes (and at start, so a restart misses nothing); the ledger's unique
//! source key (`child:year`) makes a second payment impossible, also with
//! several replicas looking at once.

use std::time::Duration;

use chrono::{DateTime, Datelike, Days, NaiveDate, Utc};
use kit::clock::Clock;
use sqlx::PgPool;
use tokio_util::sync::CancellationToken;

use crate::store::{
    children::{self, BirthdayRow},
    ledger::{self, Kind, NewEntry},
};

/// Whether `born` has their birthday on `day` (29 February: on the 28th in
/// years without one).
pub fn is_birthday(born: NaiveDate, day: NaiveDate) -> bool {
    if born.month() == day.month() && born.day() == day.day() {
        return true;
    }
    let leap_day = born.month() == 2 && born.day() == 29;
    leap_day
        && day.month() == 2
        && day.day() == 28
        && NaiveDate::from_ymd_opt(day.year(), 2, 29).is_none()
}

/// Credits every birthday due at `now`, in every family; returns how many
/// were paid.
pub async fn pay_due(pool: &PgPool, now: DateTime<Utc>) -> anyhow::Result<usize> {
    kit::tenancy::all_families(pay_due_everywhere(pool, now)).await
}

async fn pay_due_everywhere(pool: &PgPool, now: DateTime<Utc>) -> anyhow::Result<usize> {
    // Somewhere on Earth it is one of these days.
    let utc = now.date_naive();
    let days: Vec<NaiveDate> = [
        utc.checked_sub_days(Days::new(1)),
        Some(utc),
        utc.succ_opt(),
    ]
    .into_iter()
    .flatten()
    .collect();
    let mut wanted: Vec<(u32, u32, i32)> = days
        .iter()
        .map(|d| (d.month(), d.day(), d.year()))
        .collect();
    // Leap-day children have theirs on the 28th in other years.
    if let Some(feb_28) = days.iter().find(|d| d.month() == 2 && d.day() == 28) {
        wanted.push((2, 29, feb_28.year()));
    }
    let mut paid = 0;
    for child in children::born_on(pool, &wanted).await? {
        let today = kit::time::local_date(now, kit::time::zone(&child.time_zone));
        if is_birthday(child.date_of_birth, today) && today > child.date_of_birth {
            paid += usize::from(credit(pool, &child, today.year(), now).await?);
        }
    }
    Ok(paid)
}

async fn credit(
    pool: &PgPool,
    child: &BirthdayRow,
    year: i32,
    now: DateTime<Utc>,
) -> anyhow::Result<bool> {
    let mut tx = pool.begin().await?;
    let credited = crate::jars::credit(
        &mut tx,
        &NewEntry {
            org: child.organization_id,
            child: child.child_id,
            kind: Kind::Birthday,
            jar: ledger::Jar::Spend,
            source_id: &format!("{}:{year}", child.child_id),
            amount_cents: child.birthday_reward_cents,
            notes: "Happy birthday!",
            created_by: None,
            occurred_at: now,
        },
    )
    .await?;
    tx.commit().await?;
    Ok(credited)
}

/// Runs [`pay_due`] now and every `every` until `shutdown`.
pub async fn run(pool: PgPool, clock: Clock, every: Duration, shutdown: CancellationToken) {
    kit::jobs::every(every, shutdown, || async {
        match pay_due(&pool, clock.now()).await {
            Ok(0) => {}
            Ok(n) => tracing::info!(paid = n, "birthday rewards credited"),
            Err(err) => tracing::error!(error = %err, "birthday check failed"),
        }
    })
    .await;
}

#[cfg(test)]
mod tests {
    use super::*;

    fn d(s: &str) -> NaiveDate {
        NaiveDate::parse_from_str(s, "%Y-%m-%d").unwrap()
    }

    #[test]
    fn birthdays_match_month_and_day() {
        assert!(is_birthday(d("2015-06-03"), d("2026-06-03")));
        assert!(!is_birthday(d("2015-06-03"), d("2026-06-04")));
    }

    #[test]
    fn leap_day_birthdays_fall_on_the_28th_in_other_years() {
        assert!(is_birthday(d("2016-02-29"), d("2027-02-28")));
        assert!(!is_birthday(d("2016-02-29"), d("2028-02-28")));
        assert!(is_birthday(d("2016-02-29"), d("2028-02-29")));
    }
}
