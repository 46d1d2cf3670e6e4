//! JSON shapes of money, multipliers, and subjects and grades.

use chorely_proto::rewards::v1 as pb;
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::{Child, enum_name, time};
use crate::{error::ApiError, money::to_dollars};

fn milli(m: i32) -> f64 {
    f64::from(m) / 1000.0
}

fn centi(c: i32) -> f64 {
    f64::from(c) / 100.0
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct MultiplierView {
    /// grade × behaviour × streak
    pub total: f64,
    pub grade: f64,
    pub behaviour: f64,
    pub streak: f64,
    /// A D or F grade: every part above 1.0 counts as 1.0.
    pub bonuses_disabled: bool,
    /// Consecutive days with an approved chore.
    pub streak_days: i32,
}

impl From<pb::Multiplier> for MultiplierView {
    fn from(m: pb::Multiplier) -> Self {
        Self {
            total: milli(m.total_milli),
            grade: milli(m.grade_milli),
            behaviour: milli(m.behaviour_milli),
            streak: milli(m.streak_milli),
            bonuses_disabled: m.bonuses_disabled,
            streak_days: m.streak_days,
        }
    }
}

impl Child {
    /// Adds what rewards knows of the child: balance, GPA and multiplier.
    pub fn with_summary(mut self, summary: Option<&pb::ChildSummary>) -> Self {
        if let Some(s) = summary {
            self.balance = to_dollars(s.balance_cents);
            self.gpa = s.gpa_centi.map(centi);
            self.gpa_letter = Some(s.gpa_letter.clone()).filter(|l| !l.is_empty());
            self.multiplier = s.multiplier.map(MultiplierView::from);
        }
        self
    }
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct AdjustBalanceBody {
    /// Signed dollars as text, e.g. `+10.00` or `-5.50` (a number is accepted too).
    #[schema(value_type = String, example = "+10.00")]
    pub amount: serde_json::Value,
    /// Why: required.
    pub notes: String,
}

const SIGNED_AMOUNT: &str = "Amount must be a signed amount such as +10.00 or -5.50";

/// `+10.00`, `-5.5`, `7` or a JSON number → cents.
pub fn signed_cents(amount: &serde_json::Value) -> Result<i64, ApiError> {
    let text = match amount {
        serde_json::Value::String(s) => s.trim().to_owned(),
        serde_json::Value::Number(n) => n.to_string(),
        _ => return Err(ApiError::bad_request(SIGNED_AMOUNT)),
    };
    let (negative, digits) = match text.strip_prefix('-') {
        Some(rest) => (true, rest),
        None => (false, text.strip_prefix('+').unwrap_or(&text)),
    };
    let (whole, fraction) = digits.split_once('.').unwrap_or((digits, ""));
    let valid = !whole.is_empty()
        && whole.len() <= 9
        && whole.chars().all(|c| c.is_ascii_digit())
        && fraction.len() <= 2
        && fraction.chars().all(|c| c.is_ascii_digit());
    if !valid {
        return Err(ApiError::bad_request(SIGNED_AMOUNT));
    }
    let whole: i64 = whole
        .parse()
        .map_err(|_| ApiError::bad_request(SIGNED_AMOUNT))?;
    let fraction: i64 = format!("{fraction:0<2}")
        .parse()
        .map_err(|_| ApiError::bad_request(SIGNED_AMOUNT))?;
    let cents = whole * 100 + fraction;
    Ok(if negative { -cents } else { cents })
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct LedgerEntryView {
    pub id: String,
    pub child_id: String,
    /// Dollars, signed.
    pub amount: f64,
    /// CHORE, ADJUSTMENT, PAYOUT or BIRTHDAY
    pub kind: String,
    pub notes: String,
    pub created_at: Option<DateTime<Utc>>,
    /// The child's balance after it.
    pub balance: f64,
}

impl From<pb::AdjustBalanceResponse> for LedgerEntryView {
    fn from(r: pb::AdjustBalanceResponse) -> Self {
        let e = r.entry.unwrap_or_default();
        Self {
            amount: to_dollars(e.amount_cents),
            created_at: time(e.created_at.as_ref()),
            balance: to_dollars(r.balance_cents),
            id: e.id,
            child_id: e.child_id,
            kind: e.kind,
            notes: e.notes,
        }
    }
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct PayoutBody {
    pub child_id: String,
    /// Dollars, more than 0 and at most the child's balance.
    pub amount: Option<f64>,
    pub notes: String,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PayoutView {
    pub id: String,
    pub child_id: String,
    pub child_name: String,
    /// Who paid; null for a child reading their own payouts.
    pub parent_name: Option<String>,
    pub amount: f64,
    pub notes: String,
    pub paid_at: Option<DateTime<Utc>>,
}

impl From<pb::Payout> for PayoutView {
    fn from(p: pb::Payout) -> Self {
        Self {
            amount: to_dollars(p.amount_cents),
            paid_at: time(p.paid_at.as_ref()),
            parent_name: Some(p.parent_name).filter(|n| !n.is_empty()),
            id: p.id,
            child_id: p.child_id,
            child_name: p.child_name,
            notes: p.notes,
        }
    }
}

/// A family's multipliers (each 0.1 to 5.0).
#[derive(Debug, Default, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct Multipliers {
    pub grade_a: f64,
    pub grade_b: f64,
    pub grade_c: f64,
    pub grade_d: f64,
    pub grade_f: f64,
    /// Mean behaviour rating of 8 to 10.
    pub behaviour_excellent: f64,
    /// Mean behaviour rating of 1 to 4.
    pub behaviour_poor: f64,
    pub streak7: f64,
    pub streak30: f64,
    pub streak90: f64,
}

impl From<pb::MultiplierSettings> for Multipliers {
    fn from(s: pb::MultiplierSettings) -> Self {
        Self {
            grade_a: milli(s.grade_a_milli),
            grade_b: milli(s.grade_b_milli),
            grade_c: milli(s.grade_c_milli),
            grade_d: milli(s.grade_d_milli),
            grade_f: milli(s.grade_f_milli),
            behaviour_excellent: milli(s.behaviour_excellent_milli),
            behaviour_poor: milli(s.behaviour_poor_milli),
            streak7: milli(s.streak_7_milli),
            streak30: milli(s.streak_30_milli),
            streak90: milli(s.streak_90_milli),
        }
    }
}

impl Multipliers {
    pub fn to_proto(&self) -> pb::MultiplierSettings {
        // Out-of-range values saturate and are refused by the rewards service.
        #[allow(clippy::cast_possible_truncation)]
        let m = |v: f64| (v * 1000.0).round().clamp(-1e9, 1e9) as i32;
        pb::MultiplierSettings {
            grade_a_milli: m(self.grade_a),
            grade_b_milli: m(self.grade_b),
            grade_c_milli: m(self.grade_c),
            grade_d_milli: m(self.grade_d),
            grade_f_milli: m(self.grade_f),
            behaviour_excellent_milli: m(self.behaviour_excellent),
            behaviour_poor_milli: m(self.behaviour_poor),
            streak_7_milli: m(self.streak7),
            streak_30_milli: m(self.streak30),
            streak_90_milli: m(self.streak90),
        }
    }
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct SubjectBody {
    pub name: String,
    pub teacher: String,
    pub period: String,
    /// LETTER or PERCENTAGE
    pub grade_scale: String,
    /// JSON text: `{"thresholds": {"A": 90, ...}, "points": {"A": 4.0, ...}}`, or empty.
    pub custom_scale: String,
    /// Alone: archives (false) or restores (true).
    pub is_active: Option<bool>,
}

impl SubjectBody {
    pub fn to_proto(self, id: String) -> pb::UpsertSubjectRequest {
        let grade_scale = match self.grade_scale.trim() {
            "LETTER" => pb::GradeScale::Letter,
            "PERCENTAGE" => pb::GradeScale::Percentage,
            _ => pb::GradeScale::Unspecified,
        };
        pb::UpsertSubjectRequest {
            id,
            name: self.name,
            teacher: self.teacher,
            period: self.period,
            grade_scale: grade_scale.into(),
            custom_scale: self.custom_scale,
            is_active: self.is_active,
        }
    }
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct GradeBody {
    /// A to F, for LETTER subjects.
    pub grade: String,
    /// 0 to 100 (two decimals), for PERCENTAGE subjects.
    pub percentage: Option<f64>,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct GradeView {
    pub grade: String,
    pub percentage: Option<f64>,
    pub recorded_at: Option<DateTime<Utc>>,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SubjectView {
    pub id: String,
    pub child_id: String,
    pub name: String,
    pub teacher: String,
    pub period: String,
    /// LETTER or PERCENTAGE
    pub grade_scale: String,
    pub custom_scale: String,
    pub is_active: bool,
    /// A letter, a percentage with `%`, or `N/A`.
    pub current_grade: String,
    /// Grade points (LETTER) or the percentage (PERCENTAGE).
    pub current_value: Option<f64>,
    pub grade_points: Option<f64>,
    /// Newest first.
    pub grades: Vec<GradeView>,
}

impl From<pb::Subject> for SubjectView {
    fn from(s: pb::Subject) -> Self {
        Self {
            grade_scale: enum_name(s.grade_scale().as_str_name(), "GRADE_SCALE_"),
            current_value: s.current_value_centi.map(centi),
            grade_points: s.grade_points_centi.map(centi),
            grades: s
                .grades
                .into_iter()
                .map(|g| GradeView {
                    percentage: g.percentage_centi.map(centi),
                    recorded_at: time(g.recorded_at.as_ref()),
                    grade: g.grade,
                })
                .collect(),
            id: s.id,
            child_id: s.child_id,
            name: s.name,
            teacher: s.teacher,
            period: s.period,
            custom_scale: s.custom_scale,
            is_active: s.is_active,
            current_grade: s.current_grade,
        }
    }
}

#[derive(Debug, Serialize, ToSchema)]
pub struct Archived {
    pub archived: i32,
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    #[test]
    fn signed_amounts_become_cents() {
        assert_eq!(signed_cents(&json!("+10.00")).unwrap(), 1000);
        assert_eq!(signed_cents(&json!("-5.50")).unwrap(), -550);
        assert_eq!(signed_cents(&json!("-5.5")).unwrap(), -550);
        assert_eq!(signed_cents(&json!("7")).unwrap(), 700);
        assert_eq!(signed_cents(&json!(2.25)).unwrap(), 225);
        for bad in [
            json!("ten"),
            json!("1.234"),
            json!("+-1"),
            json!(""),
            json!(null),
            json!("1e3"),
        ] {
            assert_eq!(
                signed_cents(&bad).unwrap_err().message,
                SIGNED_AMOUNT,
                "{bad}"
            );
        }
    }
}
