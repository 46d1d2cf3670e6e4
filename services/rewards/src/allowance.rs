//! Parents set a child's allowance and the monthly interest on their save
//! jar; the child reads their own. The job in `paydays` pays them.

use chorely_proto::{events::v1::AllowanceChanged, rewards::v1 as pb};
use chrono::{DateTime, Days, Months, NaiveDate, Utc};
use kit::{authn::User, validate::FieldError};
use sqlx::PgPool;
use uuid::Uuid;

use crate::{
    access,
    clients::Clients,
    error::Error,
    periods::{self, Period, Schedule},
    store::{
        self,
        allowances::{AllowanceRow, InterestRow, NewAllowance},
    },
    subjects::child_id,
};

/// The largest allowance, in cents ($1,000.00).
pub const AMOUNT_MAX: i64 = 100_000;
/// The most approved chores an allowance may ask for.
pub const MIN_CHORES_MAX: i32 = 100;
/// The highest monthly interest, in hundredths of a percent (10 %).
pub const BASIS_POINTS_MAX: i32 = 1_000;

#[derive(Clone)]
pub struct Allowances {
    pub pool: PgPool,
    pub clients: Clients,
}

impl Allowances {
    /// The child's allowance: a parent of the family, or the child.
    pub async fn get(
        &self,
        user: &User,
        org: Uuid,
        child: &str,
        now: DateTime<Utc>,
    ) -> Result<pb::Allowance, Error> {
        let child = child_id(child)?;
        access::child(&self.pool, &self.clients, user, child).await?;
        let mut conn = self.pool.acquire().await?;
        let row = store::allowances::allowance(&mut conn, child).await?;
        let today = self.today(org, now).await?;
        Ok(allowance_view(child, row.as_ref(), today))
    }

    /// Sets the child's allowance (parents only); an amount of 0 removes it.
    pub async fn set(
        &self,
        parent: &User,
        org: Uuid,
        req: pb::SetAllowanceRequest,
        now: DateTime<Utc>,
    ) -> Result<pb::Allowance, Error> {
        let child = child_id(&req.child_id)?;
        let wanted = checked(&req)?;
        self.clients.child(parent, child).await?;
        let today = self.today(org, now).await?;
        let mut tx = self.pool.begin().await?;
        let row = match wanted {
            None => {
                store::allowances::delete_allowance(&mut tx, child).await?;
                None
            }
            Some((schedule, amount_cents, min)) => Some(
                store::allowances::set_allowance(
                    &mut tx,
                    org,
                    child,
                    &NewAllowance {
                        amount_cents,
                        period: schedule.period.as_str(),
                        day: i32::try_from(schedule.day).unwrap_or(1),
                        min_approved_chores: min,
                    },
                    today,
                )
                .await?,
            ),
        };
        // The chores service keeps allowances for the family's calendar feeds.
        kit::outbox::enqueue(
            &mut tx,
            &AllowanceChanged {
                organization_id: org.to_string(),
                child_id: child.to_string(),
                amount_cents: row.as_ref().map_or(0, |r| r.amount_cents),
                period: row.as_ref().map(|r| r.period.clone()).unwrap_or_default(),
                day: row.as_ref().map_or(0, |r| r.day),
                changed_at: Some(kit::time::to_proto(now)),
            },
        )
        .await?;
        tx.commit().await?;
        Ok(allowance_view(child, row.as_ref(), today))
    }

    /// The child's interest: a parent of the family, or the child.
    pub async fn get_interest(
        &self,
        user: &User,
        org: Uuid,
        child: &str,
        now: DateTime<Utc>,
    ) -> Result<pb::Interest, Error> {
        let child = child_id(child)?;
        access::child(&self.pool, &self.clients, user, child).await?;
        let mut conn = self.pool.acquire().await?;
        let row = store::allowances::interest(&mut conn, child).await?;
        let today = self.today(org, now).await?;
        Ok(interest_view(child, row.as_ref(), today))
    }

    /// Sets the child's monthly interest (parents only); 0 removes it.
    pub async fn set_interest(
        &self,
        parent: &User,
        org: Uuid,
        req: pb::SetInterestRequest,
        now: DateTime<Utc>,
    ) -> Result<pb::Interest, Error> {
        let child = child_id(&req.child_id)?;
        if !(0..=BASIS_POINTS_MAX).contains(&req.basis_points) {
            return Err(FieldError::new(
                "percentPerMonth",
                "Interest must be from 0 to 10 percent a month",
            )
            .into());
        }
        self.clients.child(parent, child).await?;
        let today = self.today(org, now).await?;
        let mut tx = self.pool.begin().await?;
        let row = if req.basis_points == 0 {
            store::allowances::delete_interest(&mut tx, child).await?;
            None
        } else {
            Some(
                store::allowances::set_interest(&mut tx, org, child, req.basis_points, today)
                    .await?,
            )
        };
        tx.commit().await?;
        Ok(interest_view(child, row.as_ref(), today))
    }

    async fn today(&self, org: Uuid, now: DateTime<Utc>) -> Result<NaiveDate, Error> {
        let tz = store::families::time_zone(&self.pool, org).await?;
        Ok(kit::time::local_date(now, kit::time::zone(&tz)))
    }
}

/// The allowance asked for, or `None` to remove it.
fn checked(req: &pb::SetAllowanceRequest) -> Result<Option<(Schedule, i64, i32)>, Error> {
    if req.amount_cents < 0 {
        return Err(FieldError::new("amount", "Allowance must be 0 or more").into());
    }
    if req.amount_cents > AMOUNT_MAX {
        return Err(FieldError::new("amount", "Allowance must be at most $1000.00").into());
    }
    if req.amount_cents == 0 {
        return Ok(None);
    }
    let period = Period::parse(req.period.trim())
        .ok_or_else(|| FieldError::new("period", "Period must be WEEKLY or MONTHLY"))?;
    let schedule = u32::try_from(req.day)
        .ok()
        .and_then(|day| Schedule::new(period, day))
        .ok_or_else(|| match period {
            Period::Weekly => FieldError::new(
                "day",
                "A weekly allowance's day must be a weekday from 1 (Monday) to 7 (Sunday)",
            ),
            Period::Monthly => FieldError::new(
                "day",
                "A monthly allowance's day must be a day of the month from 1 to 31",
            ),
        })?;
    if !(0..=MIN_CHORES_MAX).contains(&req.min_approved_chores) {
        return Err(FieldError::new(
            "minApprovedChores",
            "Minimum approved chores must be a whole number from 0 to 100",
        )
        .into());
    }
    Ok(Some((schedule, req.amount_cents, req.min_approved_chores)))
}

/// The allowance as the API shows it, with its next pay day.
fn allowance_view(child: Uuid, row: Option<&AllowanceRow>, today: NaiveDate) -> pb::Allowance {
    let Some(row) = row else {
        return pb::Allowance {
            child_id: child.to_string(),
            period: Period::Weekly.as_str().into(),
            day: 6,
            ..pb::Allowance::default()
        };
    };
    let next = Period::parse(&row.period)
        .zip(u32::try_from(row.day).ok())
        .and_then(|(period, day)| Schedule::new(period, day))
        .map(|s| next_pay_day(s, row.checked_through, today).to_string())
        .unwrap_or_default();
    pb::Allowance {
        child_id: child.to_string(),
        amount_cents: row.amount_cents,
        period: row.period.clone(),
        day: row.day,
        min_approved_chores: row.min_approved_chores,
        next_pay_day: next,
    }
}

/// The next pay day not yet decided: after the last one decided, today at
/// the earliest.
pub fn next_pay_day(schedule: Schedule, checked_through: NaiveDate, today: NaiveDate) -> NaiveDate {
    let from = (checked_through + Days::new(1)).max(today);
    schedule.pay_day_on_or_after(from)
}

fn interest_view(child: Uuid, row: Option<&InterestRow>, today: NaiveDate) -> pb::Interest {
    let Some(row) = row else {
        return pb::Interest {
            child_id: child.to_string(),
            ..pb::Interest::default()
        };
    };
    let this_month = periods::first_of_month(today);
    let next = if row.checked_through < this_month {
        this_month
    } else {
        this_month + Months::new(1)
    };
    pb::Interest {
        child_id: child.to_string(),
        basis_points: row.basis_points,
        next_pay_day: next.to_string(),
    }
}
