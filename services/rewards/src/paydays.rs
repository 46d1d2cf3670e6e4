//! The job that pays allowances and interest. Like birthdays, it looks every
//! few minutes and at start, with the time passed in, so a restart misses
//! nothing and tests move the clock.
//!
//! For each child's allowance, every pay day after the last one decided
//! (`checked_through`) and up to today in the family's calendar is decided
//! in turn: paid as an ALLOWANCE line keyed by the child and the period's
//! first day when enough chores were approved in the period, otherwise not,
//! and never looked at again. Interest is paid at the start of each month
//! on what the save jar held as it began, as an INTEREST line keyed by the
//! child and the month it is for. Every decision is made under the child's
//! ledger lock with the setting's row held, and the ledger's unique source
//! key is the last wall: replicas running at once and a job killed half-way
//! pay each period once.

use std::time::Duration;

use chrono::{DateTime, Datelike, Days, Months, NaiveDate, Utc};
use chrono_tz::Tz;
use kit::clock::Clock;
use sqlx::PgPool;
use tokio_util::sync::CancellationToken;
use uuid::Uuid;

use crate::{
    periods::{self, Period, Schedule},
    store::{
        allowances::{self, AllowanceRow, DueRow},
        children,
        ledger::{self, Jar, Kind, NewEntry},
    },
};

/// Pay days further back than this are not paid any more (a job stopped for
/// longer, or an allowance older than the job's memory).
const CATCH_UP_DAYS: u64 = 35;

/// What one run paid.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct Paid {
    pub allowances: usize,
    pub interest: usize,
}

/// Pays every allowance and interest due at `now`, in every family.
pub async fn pay_due(pool: &PgPool, now: DateTime<Utc>) -> anyhow::Result<Paid> {
    kit::tenancy::all_families(pay_due_everywhere(pool, now)).await
}

async fn pay_due_everywhere(pool: &PgPool, now: DateTime<Utc>) -> anyhow::Result<Paid> {
    let mut paid = Paid::default();
    let latest = latest_date(now);
    for row in allowances::allowances_before(pool, latest).await? {
        let today = kit::time::local_date(now, kit::time::zone(&row.time_zone));
        if behind(&row, today) {
            paid.allowances += pay_allowance(pool, &row, now).await?;
        }
    }
    for row in allowances::interest_before(pool, periods::first_of_month(latest)).await? {
        let today = kit::time::local_date(now, kit::time::zone(&row.time_zone));
        if row.checked_through < periods::first_of_month(today) {
            paid.interest += usize::from(pay_interest(pool, &row, now).await?);
        }
    }
    Ok(paid)
}

/// The latest date any family can be in at `now` (time zones run to UTC+14):
/// rows decided up to it need no look.
fn latest_date(now: DateTime<Utc>) -> NaiveDate {
    (now + chrono::Duration::hours(14)).date_naive()
}

/// Whether a pay day may have come since the last decision (the job looks
/// closer under the lock).
fn behind(row: &DueRow, today: NaiveDate) -> bool {
    row.checked_through < today
}

/// Decides the child's pay days up to today; how many were paid.
async fn pay_allowance(pool: &PgPool, due: &DueRow, now: DateTime<Utc>) -> anyhow::Result<usize> {
    let tz = kit::time::zone(&due.time_zone);
    let today = kit::time::local_date(now, tz);
    let mut tx = pool.begin().await?;
    ledger::lock_child(&mut tx, due.child_id).await?;
    // Held, and read again: a parent's change or another replica may have
    // come first.
    let Some(row) = allowances::allowance_for_update(&mut tx, due.child_id).await? else {
        return Ok(0);
    };
    if children::deleted(&mut tx, row.child_id).await? {
        return Ok(0);
    }
    let Some(schedule) = schedule_of(&row) else {
        return Ok(0);
    };
    let oldest = today - Days::new(CATCH_UP_DAYS);
    let mut paid = 0;
    for pay_day in schedule.pay_days_between(row.checked_through, today) {
        if pay_day >= oldest && pay_period(&mut tx, &row, schedule, pay_day, tz).await? {
            paid += 1;
        }
    }
    allowances::allowance_checked(&mut tx, row.child_id, today).await?;
    tx.commit().await?;
    Ok(paid)
}

/// Pays the period ending as `pay_day` starts when its condition holds.
async fn pay_period(
    tx: &mut sqlx::PgConnection,
    row: &AllowanceRow,
    schedule: Schedule,
    pay_day: NaiveDate,
    tz: Tz,
) -> anyhow::Result<bool> {
    let first = schedule.previous_pay_day(pay_day);
    let (from, to) = (
        kit::time::start_of_day(first, tz),
        kit::time::start_of_day(pay_day, tz),
    );
    let approved =
        allowances::chores_approved(tx, row.organization_id, row.child_id, from, to).await?;
    if approved < i64::from(row.min_approved_chores) {
        tracing::info!(child = %row.child_id, %pay_day, approved, "allowance not earned");
        return Ok(false);
    }
    let notes = match schedule.period {
        Period::Weekly => "Weekly allowance",
        Period::Monthly => "Monthly allowance",
    };
    Ok(crate::jars::credit(
        tx,
        &NewEntry {
            org: row.organization_id,
            child: row.child_id,
            kind: Kind::Allowance,
            jar: Jar::Spend,
            source_id: &allowance_source(row.child_id, first),
            amount_cents: row.amount_cents,
            notes,
            created_by: None,
            occurred_at: to,
        },
    )
    .await?)
}

/// An allowance's ledger key: the child and the first day of the period.
pub fn allowance_source(child: Uuid, first_day: NaiveDate) -> String {
    format!("{child}:{first_day}")
}

/// An interest payment's ledger key: the child and the month it is for.
pub fn interest_source(child: Uuid, month: NaiveDate) -> String {
    format!("{child}:{}-{:02}", month.year(), month.month())
}

fn schedule_of(row: &AllowanceRow) -> Option<Schedule> {
    Schedule::new(Period::parse(&row.period)?, u32::try_from(row.day).ok()?)
}

/// Pays last month's interest on the save jar as this month began.
async fn pay_interest(pool: &PgPool, due: &DueRow, now: DateTime<Utc>) -> anyhow::Result<bool> {
    let tz = kit::time::zone(&due.time_zone);
    let this_month = periods::first_of_month(kit::time::local_date(now, tz));
    let mut tx = pool.begin().await?;
    ledger::lock_child(&mut tx, due.child_id).await?;
    let Some(row) = allowances::interest_for_update(&mut tx, due.child_id).await? else {
        return Ok(false);
    };
    if row.checked_through >= this_month || children::deleted(&mut tx, row.child_id).await? {
        return Ok(false);
    }
    let month_end = kit::time::start_of_day(this_month, tz);
    let saved =
        allowances::save_jar_before(&mut tx, row.organization_id, row.child_id, month_end).await?;
    let cents = periods::interest_cents(saved, row.basis_points);
    let mut paid = false;
    if cents > 0 {
        let last_month = this_month
            .checked_sub_months(Months::new(1))
            .unwrap_or(this_month);
        paid = ledger::insert(
            &mut tx,
            &NewEntry {
                org: row.organization_id,
                child: row.child_id,
                kind: Kind::Interest,
                jar: Jar::Save,
                source_id: &interest_source(row.child_id, last_month),
                amount_cents: cents,
                notes: "Interest on the save jar",
                created_by: None,
                occurred_at: month_end,
            },
        )
        .await?
        .is_some();
    }
    allowances::interest_checked(&mut tx, row.child_id, this_month).await?;
    tx.commit().await?;
    Ok(paid)
}

/// Runs [`pay_due`] now and every `every` until `shutdown`.
pub async fn run(pool: PgPool, clock: Clock, every: Duration, shutdown: CancellationToken) {
    kit::jobs::every(every, shutdown, || async {
        match pay_due(&pool, clock.now()).await {
            Ok(Paid {
                allowances: 0,
                interest: 0,
            }) => {}
            Ok(paid) => tracing::info!(
                allowances = paid.allowances,
                interest = paid.interest,
                "allowances and interest paid"
            ),
            Err(err) => tracing::error!(error = %err, "allowance check failed"),
        }
    })
    .await;
}

#[cfg(test)]
mod tests {
    use chrono::TimeZone;

    use super::*;

    #[test]
    fn no_family_is_ever_past_the_latest_date() {
        let start = Utc.with_ymd_and_hms(2030, 1, 1, 0, 0, 0).unwrap();
        for quarter_hours in 0..(4 * 24 * 2) {
            let now = start + chrono::Duration::minutes(15 * quarter_hours);
            let latest = latest_date(now);
            for tz in chrono_tz::TZ_VARIANTS {
                assert!(
                    kit::time::local_date(now, tz) <= latest,
                    "{tz} at {now} is past {latest}"
                );
            }
        }
        // Kiritimati (UTC+14) reaches the next day at 10:00 UTC.
        let kiritimati = |h, m| latest_date(Utc.with_ymd_and_hms(2030, 1, 1, h, m, 0).unwrap());
        assert_eq!(kiritimati(9, 59), start.date_naive());
        assert_eq!(kiritimati(10, 0), start.date_naive() + Days::new(1));
    }
}
