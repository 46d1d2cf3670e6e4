//! Parents set a child's allowance and the monthly interest on their save
//! jar; the child reads their own. The job in `paydays` pays them.

use chorely_proto::{events::v1::AllowanceChanged, rewards::v1 as pb};
use chrono::{DateTime, Days, Months, NaiveDate, Utc};
use kit::{authn::User, codes};
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
            return Err(codes::interest_out_of_range().on("percentPerMonth").into());
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
        return Err(codes::allowance_negative().on("amount").into());
    }
    if req.amount_cents > AMOUNT_MAX {
        return Err(codes::allowance_too_high().on("amount").into());
    }
    if req.amount_cents == 0 {
        return Ok(None);
    }
    let period = Period::parse(req.period.trim())
        .ok_or_else(|| codes::allowance_period_invalid().on("period"))?;
    let schedule = u32::try_from(req.day)
        .ok()
        .and_then(|day| Schedule::new(period, day))
        .ok_or_else(|| match period {
            Period::Weekly => codes::weekly_day_invalid().on("day"),
            Period::Monthly => codes::monthly_day_invalid().on("day"),
        })?;
    if !(0..=MIN_CHORES_MAX).contains(&req.min_approved_chores) {
        return Err(codes::min_chores_out_of_range()
            .on("minApprovedChores")
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::error::testing::{parent, refused, unreachable_clients, unused_pool};

    fn weekly(amount_cents: i64, day: i32, min_approved_chores: i32) -> pb::SetAllowanceRequest {
        pb::SetAllowanceRequest {
            child_id: Uuid::nil().to_string(),
            amount_cents,
            period: "WEEKLY".into(),
            day,
            min_approved_chores,
        }
    }

    fn code(req: &pb::SetAllowanceRequest) -> (&'static str, &'static str) {
        match checked(req) {
            Err(Error::Invalid(err)) => (err.field, err.code()),
            Err(other) => panic!("not a field error: {other}"),
            Ok(_) => panic!("accepted"),
        }
    }

    #[test]
    fn an_allowance_is_refused_with_the_code_of_what_is_wrong() {
        assert!(checked(&weekly(500, 6, 0)).unwrap().is_some());
        assert!(
            checked(&weekly(0, 99, 999)).unwrap().is_none(),
            "0 removes it"
        );
        assert_eq!(code(&weekly(-1, 6, 0)), ("amount", "ALLOWANCE_NEGATIVE"));
        assert_eq!(
            code(&weekly(AMOUNT_MAX + 1, 6, 0)),
            ("amount", "ALLOWANCE_TOO_HIGH")
        );
        let fortnightly = pb::SetAllowanceRequest {
            period: "FORTNIGHTLY".into(),
            ..weekly(500, 6, 0)
        };
        assert_eq!(code(&fortnightly), ("period", "ALLOWANCE_PERIOD_INVALID"));
        assert_eq!(code(&weekly(500, 8, 0)), ("day", "WEEKLY_DAY_INVALID"));
        let monthly = pb::SetAllowanceRequest {
            period: "MONTHLY".into(),
            ..weekly(500, 32, 0)
        };
        assert_eq!(code(&monthly), ("day", "MONTHLY_DAY_INVALID"));
        assert_eq!(
            code(&weekly(500, 6, MIN_CHORES_MAX + 1)),
            ("minApprovedChores", "MIN_CHORES_OUT_OF_RANGE")
        );
        let Err(Error::Invalid(err)) = checked(&weekly(500, 0, 0)) else {
            panic!("accepted");
        };
        assert_eq!(
            err.message(),
            "A weekly allowance's day must be a weekday from 1 (Monday) to 7 (Sunday)"
        );
    }

    #[tokio::test]
    async fn interest_above_ten_percent_is_refused_before_anything_is_read() {
        let allowances = Allowances {
            pool: unused_pool(),
            clients: unreachable_clients(),
        };
        let req = pb::SetInterestRequest {
            child_id: Uuid::nil().to_string(),
            basis_points: BASIS_POINTS_MAX + 1,
        };
        let err = allowances
            .set_interest(&parent(), Uuid::nil(), req, Utc::now())
            .await
            .unwrap_err();
        let (field, refusal) = refused(err);
        assert_eq!(field, "percentPerMonth");
        assert_eq!(refusal, codes::interest_out_of_range());
        assert_eq!(
            refusal.message(),
            "Interest must be from 0 to 10 percent a month"
        );
    }
}
