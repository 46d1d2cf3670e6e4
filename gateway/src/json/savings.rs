//! Savings goals and statements. Money is dollars, as everywhere in the API.

use chorely_proto::rewards::v1 as pb;
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::{Jar, time};
use crate::money::to_dollars;

/// A child's savings goal, with progress from their save jar (each goal is
/// measured against the whole jar).
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct GoalView {
    pub id: String,
    pub child_id: String,
    pub name: String,
    /// Dollars.
    pub target: f64,
    pub emoji: String,
    /// What the save jar holds now, in dollars.
    pub saved: f64,
    /// How far the save jar covers the target, 0 to 100 (whole percent,
    /// rounded down; 100 once covered).
    pub percent: i32,
    /// When the save jar first covered the target; null until then. Once
    /// set it stays, even if the jar later falls below the target.
    pub reached_at: Option<DateTime<Utc>>,
    pub created_at: Option<DateTime<Utc>>,
}

impl From<pb::Goal> for GoalView {
    fn from(g: pb::Goal) -> Self {
        let covered = g.saved_cents.clamp(0, g.target_cents.max(1));
        let percent = i32::try_from(covered * 100 / g.target_cents.max(1)).unwrap_or(100);
        Self {
            target: to_dollars(g.target_cents),
            saved: to_dollars(g.saved_cents),
            percent,
            reached_at: time(g.reached_at.as_ref()),
            created_at: time(g.created_at.as_ref()),
            id: g.id,
            child_id: g.child_id,
            name: g.name,
            emoji: g.emoji,
        }
    }
}

/// A goal as a child or parent writes it.
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct GoalBody {
    #[schema(required = true, min_length = 1, max_length = 100, pattern = r"\S")]
    pub name: String,
    /// Dollars in whole cents, more than 0.
    #[schema(value_type = f64, required = true, exclusive_minimum = 0, maximum = 10000, multiple_of = 0.01)]
    pub target: Option<f64>,
    /// An emoji standing for the goal (no pictures).
    #[schema(max_length = 16)]
    pub emoji: Option<String>,
}

/// The days of a statement, the family's dates.
#[derive(Debug, Default, Deserialize, utoipa::IntoParams)]
#[serde(rename_all = "camelCase", default)]
#[into_params(parameter_in = Query, rename_all = "camelCase")]
pub struct StatementQuery {
    /// First day, `YYYY-MM-DD`; absent: the Monday of `to`'s week (or of this week).
    #[param(format = Date)]
    pub from: Option<String>,
    /// Last day, included, at most 366 days after `from`; absent: six days after `from` (or this Sunday).
    #[param(format = Date)]
    pub to: Option<String>,
}

/// One factor of an approved chore's multiplier.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct MultiplierPartView {
    /// GRADE, BEHAVIOUR or STREAK.
    pub name: String,
    /// E.g. 1.5.
    pub factor: f64,
}

/// How an approved chore's reward was reached: `base` × each part = `amount`.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ChoreBreakdownView {
    pub chore_name: String,
    /// Dollars.
    pub base: f64,
    pub parts: Vec<MultiplierPartView>,
    /// The parts multiplied, to three decimals.
    pub multiplier: f64,
    /// A D or F grade capped every bonus at 1.0.
    pub bonuses_disabled: bool,
    /// The whole reward in dollars, before the split into jars.
    pub amount: f64,
}

fn factor(milli: i32) -> f64 {
    f64::from(milli) / 1000.0
}

impl From<pb::ChoreBreakdown> for ChoreBreakdownView {
    fn from(b: pb::ChoreBreakdown) -> Self {
        Self {
            base: to_dollars(b.base_cents),
            parts: b
                .parts
                .into_iter()
                .map(|p| MultiplierPartView {
                    factor: factor(p.milli),
                    name: p.name,
                })
                .collect(),
            multiplier: factor(b.total_milli),
            bonuses_disabled: b.bonuses_disabled,
            amount: to_dollars(b.amount_cents),
            chore_name: b.chore_name,
        }
    }
}

/// One ledger line of a statement.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct StatementLineView {
    pub id: String,
    pub occurred_at: Option<DateTime<Utc>>,
    /// The ledger's kind: CHORE, ADJUSTMENT, PAYOUT, BIRTHDAY, MISSED,
    /// EXCUSED, TRANSFER, REDEMPTION, ALLOWANCE, INTEREST, or one added later.
    pub kind: String,
    pub jar: Jar,
    /// Dollars; negative when money left the jar.
    pub amount: f64,
    pub notes: String,
    /// Lines of one movement (an approval split into jars, a transfer) share it.
    pub source_id: String,
    /// For approved chores credited since breakdowns were kept; null otherwise.
    pub breakdown: Option<ChoreBreakdownView>,
}

impl From<pb::StatementLine> for StatementLineView {
    fn from(l: pb::StatementLine) -> Self {
        Self {
            occurred_at: time(l.occurred_at.as_ref()),
            jar: Jar::parse(&l.jar).unwrap_or(Jar::SPEND),
            amount: to_dollars(l.amount_cents),
            breakdown: l.breakdown.map(ChoreBreakdownView::from),
            id: l.id,
            kind: l.kind,
            notes: l.notes,
            source_id: l.source_id,
        }
    }
}

/// One jar over the statement's days: `closing` = `opening` + `in` + `out`.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct JarStatementView {
    pub jar: Jar,
    pub opening: f64,
    /// The sum of the jar's positive lines.
    #[serde(rename = "in")]
    pub money_in: f64,
    /// The sum of the jar's negative lines (0 or less).
    pub out: f64,
    pub closing: f64,
}

/// A child's statement (payslip) over some of the family's days.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct StatementView {
    pub child_id: String,
    /// `YYYY-MM-DD`, the family's dates, both included.
    pub from: String,
    pub to: String,
    /// The family's time zone the days are in.
    pub time_zone: String,
    /// The balance before the first day.
    pub opening: f64,
    /// The balance after the last day: `opening` plus every line.
    pub closing: f64,
    /// New money of the days: chores, birthdays, allowance, interest (not
    /// transfers, adjustments or excused penalties).
    pub earned: f64,
    pub jars: Vec<JarStatementView>,
    /// In the order they happened.
    pub lines: Vec<StatementLineView>,
}

impl From<pb::Statement> for StatementView {
    fn from(s: pb::Statement) -> Self {
        Self {
            opening: to_dollars(s.opening_cents),
            closing: to_dollars(s.closing_cents),
            earned: to_dollars(s.earned_cents),
            jars: s
                .jars
                .into_iter()
                .map(|j| JarStatementView {
                    jar: Jar::parse(&j.jar).unwrap_or(Jar::SPEND),
                    opening: to_dollars(j.opening_cents),
                    money_in: to_dollars(j.in_cents),
                    out: to_dollars(j.out_cents),
                    closing: to_dollars(j.closing_cents),
                })
                .collect(),
            lines: s.lines.into_iter().map(StatementLineView::from).collect(),
            child_id: s.child_id,
            from: s.from,
            to: s.to,
            time_zone: s.time_zone,
        }
    }
}
