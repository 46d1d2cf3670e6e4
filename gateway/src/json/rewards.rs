//! JSON shapes of money, multipliers, and subjects and grades.

use chorely_proto::rewards::v1 as pb;
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::{Child, GradeScale, LedgerKind, Letter, time};
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
            self.gpa_letter = Letter::parse(&s.gpa_letter);
            self.multiplier = s.multiplier.map(MultiplierView::from);
        }
        self
    }
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct AdjustBalanceBody {
    /// Signed dollars as text, e.g. `+10.00` or `-5.50`, or a number.
    #[schema(required = true, value_type = SignedAmount)]
    pub amount: serde_json::Value,
    /// Why: required.
    #[schema(required = true, min_length = 1, max_length = 500, pattern = r"\S")]
    pub notes: String,
    /// The jar it goes into or comes from; SPEND when absent.
    pub jar: Option<super::Jar>,
}

/// Signed dollars in whole cents: text such as `+10.00` or `-5.50`, or a number.
pub struct SignedAmount;

impl utoipa::PartialSchema for SignedAmount {
    fn schema() -> utoipa::openapi::RefOr<utoipa::openapi::schema::Schema> {
        use utoipa::openapi::schema::{ObjectBuilder, OneOfBuilder, SchemaType, Type};
        OneOfBuilder::new()
            .item(
                ObjectBuilder::new()
                    .schema_type(SchemaType::new(Type::String))
                    .pattern(Some(r"^[+-]?[0-9]{1,9}(\.[0-9]{1,2})?$"))
                    .examples([serde_json::json!("+10.00")]),
            )
            .item(
                ObjectBuilder::new()
                    .schema_type(SchemaType::new(Type::Number))
                    .minimum(Some(-1_000_000_000))
                    .maximum(Some(1_000_000_000))
                    .multiple_of(Some(0.01)),
            )
            .description(Some(
                "Signed dollars in whole cents: text such as `+10.00` or `-5.50`, or a number.",
            ))
            .into()
    }
}

impl ToSchema for SignedAmount {}

fn bad_amount() -> ApiError {
    ApiError::field("amount", kit::codes::signed_amount_invalid())
}

/// `+10.00`, `-5.5`, `7` or a JSON number → cents.
pub fn signed_cents(amount: &serde_json::Value) -> Result<i64, ApiError> {
    let text = match amount {
        serde_json::Value::String(s) => s.trim().to_owned(),
        serde_json::Value::Number(n) => n.to_string(),
        _ => return Err(bad_amount()),
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
        return Err(bad_amount());
    }
    let whole: i64 = whole.parse().map_err(|_| bad_amount())?;
    let fraction: i64 = format!("{fraction:0<2}")
        .parse()
        .map_err(|_| bad_amount())?;
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
    pub kind: LedgerKind,
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
            kind: LedgerKind::parse(&e.kind),
            notes: e.notes,
        }
    }
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct PayoutBody {
    #[schema(required = true, min_length = 1)]
    pub child_id: String,
    /// Dollars in whole cents, more than 0 and at most the child's balance.
    #[schema(
        value_type = f64,
        required = true,
        exclusive_minimum = 0,
        maximum = 1000000000,
        multiple_of = 0.01
    )]
    pub amount: Option<f64>,
    #[schema(max_length = 500)]
    pub notes: Option<String>,
    /// The jar it is taken from; SPEND when absent.
    pub jar: Option<super::Jar>,
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

/// A family's multipliers, each 0.1 to 5.0 (kept to three decimals).
#[derive(Debug, Default, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct Multipliers {
    #[schema(required = true, minimum = 0.1, maximum = 5.0)]
    pub grade_a: f64,
    #[schema(required = true, minimum = 0.1, maximum = 5.0)]
    pub grade_b: f64,
    #[schema(required = true, minimum = 0.1, maximum = 5.0)]
    pub grade_c: f64,
    #[schema(required = true, minimum = 0.1, maximum = 5.0)]
    pub grade_d: f64,
    #[schema(required = true, minimum = 0.1, maximum = 5.0)]
    pub grade_f: f64,
    /// Mean behaviour rating of 8 to 10.
    #[schema(required = true, minimum = 0.1, maximum = 5.0)]
    pub behaviour_excellent: f64,
    /// Mean behaviour rating of 1 to 4.
    #[schema(required = true, minimum = 0.1, maximum = 5.0)]
    pub behaviour_poor: f64,
    #[schema(required = true, minimum = 0.1, maximum = 5.0)]
    pub streak7: f64,
    #[schema(required = true, minimum = 0.1, maximum = 5.0)]
    pub streak30: f64,
    #[schema(required = true, minimum = 0.1, maximum = 5.0)]
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
    /// The settings in thousandths, for the rewards service to check (naming
    /// the field). A value outside 0.1 to 5.0 is never rounded inside.
    pub fn to_proto(&self) -> pb::MultiplierSettings {
        let m = |value: f64| {
            let milli = value * 1000.0;
            let milli = if value < 0.1 {
                milli.floor()
            } else if value > 5.0 {
                milli.ceil()
            } else {
                milli.round()
            };
            // Far out-of-range values saturate; the service refuses them.
            #[allow(clippy::cast_possible_truncation)]
            let milli = milli.clamp(-1e9, 1e9) as i32;
            milli
        };
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
    /// Required, except with `isActive` alone.
    #[schema(value_type = String, min_length = 1, max_length = 100, pattern = r"\S")]
    pub name: Option<String>,
    #[schema(max_length = 100)]
    pub teacher: Option<String>,
    #[schema(max_length = 100)]
    pub period: Option<String>,
    /// Required, except with `isActive` alone.
    #[schema(value_type = GradeScale)]
    pub grade_scale: Option<GradeScale>,
    /// JSON text: `{"thresholds": {"A": 90, ...}, "points": {"A": 4.0, ...}}`, or empty.
    pub custom_scale: Option<String>,
    /// Alone: archives (false) or restores (true).
    #[schema(value_type = bool)]
    pub is_active: Option<bool>,
}

/// A new subject: a name and a grade scale at least.
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct NewSubjectBody {
    #[schema(required = true, min_length = 1, max_length = 100, pattern = r"\S")]
    pub name: String,
    #[schema(max_length = 100)]
    pub teacher: Option<String>,
    #[schema(max_length = 100)]
    pub period: Option<String>,
    #[schema(value_type = GradeScale, required = true)]
    pub grade_scale: Option<GradeScale>,
    /// JSON text: `{"thresholds": {"A": 90, ...}, "points": {"A": 4.0, ...}}`, or empty.
    pub custom_scale: Option<String>,
}

impl From<NewSubjectBody> for SubjectBody {
    fn from(body: NewSubjectBody) -> Self {
        Self {
            name: Some(body.name),
            teacher: body.teacher,
            period: body.period,
            grade_scale: body.grade_scale,
            custom_scale: body.custom_scale,
            is_active: None,
        }
    }
}

/// A subject's new details (name and grade scale), or `isActive` alone to
/// archive or restore it.
pub struct SubjectUpdate;

impl utoipa::PartialSchema for SubjectUpdate {
    fn schema() -> utoipa::openapi::RefOr<utoipa::openapi::schema::Schema> {
        use utoipa::openapi::{
            Ref,
            schema::{AllOfBuilder, AnyOfBuilder, ObjectBuilder},
        };
        let requiring = |fields: &[&str]| {
            fields
                .iter()
                .fold(ObjectBuilder::new(), |o, f| o.required(*f))
        };
        AllOfBuilder::new()
            .item(Ref::from_schema_name("SubjectBody"))
            .item(
                AnyOfBuilder::new()
                    .item(requiring(&["isActive"]))
                    .item(requiring(&["name", "gradeScale"])),
            )
            .into()
    }
}

impl ToSchema for SubjectUpdate {}

impl SubjectBody {
    pub fn to_proto(self, id: String) -> pb::UpsertSubjectRequest {
        pb::UpsertSubjectRequest {
            id,
            name: self.name.unwrap_or_default(),
            teacher: self.teacher.unwrap_or_default(),
            period: self.period.unwrap_or_default(),
            grade_scale: self.grade_scale.map_or(0, GradeScale::to_proto),
            custom_scale: self.custom_scale.unwrap_or_default(),
            is_active: self.is_active,
        }
    }
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct GradeBody {
    /// For LETTER subjects.
    #[schema(value_type = Letter)]
    pub grade: Option<Letter>,
    /// 0 to 100 with at most two decimals, for PERCENTAGE subjects.
    #[schema(value_type = f64, minimum = 0, maximum = 100, multiple_of = 0.01)]
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
    pub grade_scale: GradeScale,
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
            grade_scale: GradeScale::from_proto(s.grade_scale()).unwrap_or(GradeScale::LETTER),
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
            let err = signed_cents(&bad).unwrap_err();
            assert_eq!(
                err.message, "Amount must be a signed amount such as +10.00 or -5.50",
                "{bad}"
            );
            assert_eq!(
                err.details[0].code.as_str(),
                "SIGNED_AMOUNT_INVALID",
                "{bad}"
            );
            assert_eq!(err.details[0].field, "amount", "{bad}");
        }
    }
}
