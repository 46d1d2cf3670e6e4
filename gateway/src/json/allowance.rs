//! A child's allowance and the monthly interest on their save jar. Money is
//! dollars, as everywhere in the API; interest is percent a month.

use chorely_proto::rewards::v1 as pb;
use kit::codes::{self, Label};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::AllowancePeriod;
use crate::{error::ApiError, money::to_dollars};

/// A child's allowance. `amount` 0: none is set.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AllowanceView {
    pub child_id: String,
    /// Dollars paid each period; 0 when there is no allowance.
    pub amount: f64,
    pub period: AllowancePeriod,
    /// WEEKLY: the weekday, 1 (Monday) to 7 (Sunday); MONTHLY: the day of the
    /// month, 1 to 31 (in a shorter month, its last day).
    pub day: i32,
    /// Chores that must have been approved in the period for it to be paid.
    pub min_approved_chores: i32,
    /// The next pay day (`YYYY-MM-DD`, the family's calendar); null without an
    /// allowance. It pays for the days from the pay day before up to the day
    /// before it.
    #[schema(format = Date)]
    pub next_pay_day: Option<String>,
}

impl From<pb::Allowance> for AllowanceView {
    fn from(a: pb::Allowance) -> Self {
        Self {
            amount: to_dollars(a.amount_cents),
            period: AllowancePeriod::parse(&a.period).unwrap_or(AllowancePeriod::WEEKLY),
            day: a.day,
            min_approved_chores: a.min_approved_chores,
            next_pay_day: Some(a.next_pay_day).filter(|d| !d.is_empty()),
            child_id: a.child_id,
        }
    }
}

/// A child's allowance as a parent sets it; `amount` 0 turns it off (then
/// the other fields may be left out).
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct AllowanceBody {
    /// Dollars in whole cents, 0 to 1000.
    #[schema(value_type = f64, required = true, minimum = 0, maximum = 1000, multiple_of = 0.01)]
    pub amount: Option<f64>,
    pub period: Option<AllowancePeriod>,
    /// WEEKLY: 1 (Monday) to 7 (Sunday); MONTHLY: 1 to 31.
    #[schema(minimum = 1, maximum = 31)]
    pub day: Option<i32>,
    /// 0 (always paid) to 100; 0 when absent.
    #[schema(minimum = 0, maximum = 100)]
    pub min_approved_chores: Option<i32>,
}

/// The monthly interest on a child's save jar. 0: none.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct InterestView {
    pub child_id: String,
    /// Percent of the save jar paid at the start of each month, e.g. 1.5.
    pub percent_per_month: f64,
    /// The first day of the month it is next paid on; null without interest.
    #[schema(format = Date)]
    pub next_pay_day: Option<String>,
}

impl From<pb::Interest> for InterestView {
    fn from(i: pb::Interest) -> Self {
        Self {
            percent_per_month: f64::from(i.basis_points) / 100.0,
            next_pay_day: Some(i.next_pay_day).filter(|d| !d.is_empty()),
            child_id: i.child_id,
        }
    }
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct InterestBody {
    /// Percent a month, 0 to 10 in hundredths; 0 turns interest off.
    #[schema(value_type = f64, required = true, minimum = 0, maximum = 10, multiple_of = 0.01)]
    pub percent_per_month: Option<f64>,
}

impl InterestBody {
    /// The rate in hundredths of a percent (the range is the service's to check).
    pub fn basis_points(&self) -> Result<i32, ApiError> {
        let Some(percent) = self.percent_per_month else {
            return Err(ApiError::field(
                "percentPerMonth",
                codes::required(Label::Interest),
            ));
        };
        let hundredths = (percent * 100.0).round();
        if !percent.is_finite() || ((percent * 100.0) - hundredths).abs() > 1e-6 {
            return Err(ApiError::field(
                "percentPerMonth",
                codes::interest_not_hundredths(),
            ));
        }
        #[allow(clippy::cast_possible_truncation)]
        Ok(hundredths.clamp(-1e6, 1e6) as i32)
    }
}
