//! Statements (payslips): for a child and a span of the family's days, the
//! opening balance, every ledger line in the order it happened, and the
//! closing balance, per jar and in total. Lines are dated as the ledger
//! dates them (`occurred_at`: a chore's completion, otherwise when the money
//! moved), the same dates the dashboards count by. Opening and closing are
//! read from the ledger in one snapshot, so the closing balance is the
//! opening plus the lines, and for a span ending today it is the balance.
//! Kinds are passed through as the ledger names them, so a kind added later
//! (allowance, interest) appears without a change here.

use chorely_proto::{events::v1::SubmissionReviewed, rewards::v1 as pb};
use chrono::{Datelike, Days, NaiveDate};
use kit::{
    authn::User,
    clock::Clock,
    codes::{self, Label},
    time,
};
use serde::{Deserialize, Serialize};
use sqlx::{PgConnection, PgPool};
use uuid::Uuid;

use crate::{
    access,
    clients::Clients,
    error::Error,
    store::{self, ledger::Jar, statements::LineRow},
    subjects::child_id,
};

/// The longest span a statement covers: a year, leap years included.
pub const DAYS_MAX: u64 = 366;

/// Kinds whose positive lines are not new money: moves between jars,
/// corrections, penalties given back.
const NOT_EARNINGS: [&str; 3] = ["TRANSFER", "ADJUSTMENT", "EXCUSED"];

/// How an approved chore's reward was reached, kept on its ledger lines.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct Breakdown {
    pub chore_name: String,
    pub base_cents: i64,
    pub grade_milli: i32,
    pub behaviour_milli: i32,
    pub streak_milli: i32,
    pub total_milli: i32,
    pub bonuses_disabled: bool,
    pub amount_cents: i64,
}

impl Breakdown {
    /// What an approval says of its reward; none from an approval without
    /// its multiplier's parts (sent before they were).
    pub fn of(event: &SubmissionReviewed) -> Option<Self> {
        (event.grade_milli > 0 && event.behaviour_milli > 0 && event.streak_milli > 0).then(|| {
            Self {
                chore_name: event.chore_name.clone(),
                base_cents: event.base_reward_cents,
                grade_milli: event.grade_milli,
                behaviour_milli: event.behaviour_milli,
                streak_milli: event.streak_milli,
                total_milli: event.multiplier_milli,
                bonuses_disabled: event.bonuses_disabled,
                amount_cents: event.boosted_reward_cents,
            }
        })
    }

    fn to_proto(&self) -> pb::ChoreBreakdown {
        let part = |name: &str, milli| pb::MultiplierPart {
            name: name.to_owned(),
            milli,
        };
        pb::ChoreBreakdown {
            chore_name: self.chore_name.clone(),
            base_cents: self.base_cents,
            parts: vec![
                part("GRADE", self.grade_milli),
                part("BEHAVIOUR", self.behaviour_milli),
                part("STREAK", self.streak_milli),
            ],
            total_milli: self.total_milli,
            bonuses_disabled: self.bonuses_disabled,
            amount_cents: self.amount_cents,
        }
    }
}

/// Keeps an approval's breakdown on the lines it credited (in the credit's
/// transaction).
pub async fn keep_breakdown(
    tx: &mut PgConnection,
    event: &SubmissionReviewed,
) -> anyhow::Result<()> {
    if let Some(breakdown) = Breakdown::of(event) {
        let org = Uuid::parse_str(&event.organization_id)?;
        store::statements::keep_breakdown(
            tx,
            org,
            &event.submission_id,
            &serde_json::to_value(&breakdown)?,
        )
        .await?;
    }
    Ok(())
}

/// A date given; one given empty is no date and refused like any other.
fn date(raw: Option<&str>, field: &'static str, label: Label) -> Result<Option<NaiveDate>, Error> {
    raw.map(|raw| {
        NaiveDate::parse_from_str(raw.trim(), "%Y-%m-%d")
            .map_err(|_| codes::not_a_date(label).on(field).into())
    })
    .transpose()
}

/// The days asked for, checked: neither is the week of `today` (Monday to
/// Sunday); `from` alone runs a week, `to` alone starts on its Monday.
pub fn period(
    from: Option<&str>,
    to: Option<&str>,
    today: NaiveDate,
) -> Result<(NaiveDate, NaiveDate), Error> {
    let monday = |d: NaiveDate| d - Days::new(u64::from(d.weekday().num_days_from_monday()));
    let (from, to) = match (date(from, "from", Label::From)?, date(to, "to", Label::To)?) {
        (Some(from), Some(to)) => (from, to),
        (Some(from), None) => (from, from + Days::new(6)),
        (None, Some(to)) => (monday(to), to),
        (None, None) => (monday(today), monday(today) + Days::new(6)),
    };
    if to < from {
        return Err(codes::to_before_from().on("to").into());
    }
    let days_max = i64::try_from(DAYS_MAX).unwrap_or(i64::MAX);
    if (to - from).num_days() >= days_max {
        return Err(codes::statement_too_long(days_max).on("to").into());
    }
    Ok((from, to))
}

fn line_view(row: &LineRow) -> pb::StatementLine {
    pb::StatementLine {
        id: row.id.to_string(),
        occurred_at: Some(time::to_proto(row.occurred_at)),
        kind: row.kind.clone(),
        jar: row.jar.clone(),
        amount_cents: row.amount_cents,
        notes: row.notes.clone(),
        source_id: row.source_id.clone(),
        breakdown: row
            .breakdown
            .clone()
            .and_then(|json| serde_json::from_value::<Breakdown>(json).ok())
            .map(|b| b.to_proto()),
    }
}

/// Earnings among the lines: new money, whatever kind brought it.
pub fn earned(lines: &[LineRow]) -> i64 {
    lines
        .iter()
        .filter(|l| l.amount_cents > 0 && !NOT_EARNINGS.contains(&l.kind.as_str()))
        .map(|l| l.amount_cents)
        .sum()
}

#[derive(Clone)]
pub struct Statements {
    pub pool: PgPool,
    pub clients: Clients,
    /// Today, where a statement's period ends unless asked otherwise.
    pub clock: Clock,
}

impl Statements {
    /// A child's statement: the child themselves, or a parent of the family.
    pub async fn get(
        &self,
        user: &User,
        org: Uuid,
        req: &pb::StatementRequest,
    ) -> Result<pb::Statement, Error> {
        let child = child_id(req.child_id.trim())?;
        let tz_name = store::families::time_zone(&self.pool, org).await?;
        let tz = time::zone(&tz_name);
        let (from, to) = period(
            req.from.as_deref(),
            req.to.as_deref(),
            time::local_date(self.clock.now(), tz),
        )?;
        access::child(&self.pool, &self.clients, user, child).await?;
        let (start, end) = (
            time::start_of_day(from, tz),
            time::start_of_day(to + Days::new(1), tz),
        );

        // One snapshot: a line written meanwhile is in all three or none.
        let mut tx = self.pool.begin().await?;
        sqlx::query("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ READ ONLY")
            .execute(&mut *tx)
            .await?;
        let opening = store::statements::jars_before(&mut tx, org, child, start).await?;
        let lines = store::statements::lines(&mut tx, org, child, start, end).await?;
        let closing = store::statements::jars_before(&mut tx, org, child, end).await?;
        tx.commit().await?;

        let jars = Jar::ALL
            .into_iter()
            .map(|jar| {
                let of_jar = lines.iter().filter(|l| l.jar == jar.as_str());
                pb::JarStatement {
                    jar: jar.as_str().to_owned(),
                    opening_cents: opening.get(jar),
                    in_cents: of_jar
                        .clone()
                        .filter(|l| l.amount_cents > 0)
                        .map(|l| l.amount_cents)
                        .sum(),
                    out_cents: of_jar
                        .filter(|l| l.amount_cents < 0)
                        .map(|l| l.amount_cents)
                        .sum(),
                    closing_cents: closing.get(jar),
                }
            })
            .collect();
        Ok(pb::Statement {
            child_id: child.to_string(),
            from: from.to_string(),
            to: to.to_string(),
            time_zone: tz_name,
            opening_cents: opening.total(),
            closing_cents: closing.total(),
            earned_cents: earned(&lines),
            jars,
            lines: lines.iter().map(line_view).collect(),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::Utc;

    fn d(s: &str) -> NaiveDate {
        NaiveDate::parse_from_str(s, "%Y-%m-%d").unwrap()
    }

    #[test]
    fn a_period_defaults_to_the_week_and_is_checked() {
        // 2030-01-09 is a Wednesday.
        let today = d("2030-01-09");
        assert_eq!(
            period(None, None, today).unwrap(),
            (d("2030-01-07"), d("2030-01-13"))
        );
        assert_eq!(
            period(Some("2030-01-01"), None, today).unwrap(),
            (d("2030-01-01"), d("2030-01-07"))
        );
        assert_eq!(
            period(None, Some("2030-01-09"), today).unwrap(),
            (d("2030-01-07"), d("2030-01-09"))
        );
        assert_eq!(
            period(Some("2029-01-01"), Some("2029-12-31"), today).unwrap(),
            (d("2029-01-01"), d("2029-12-31"))
        );
        let message = |r: Result<_, Error>| r.unwrap_err().to_string();
        assert_eq!(
            message(period(Some("2030-01-10"), Some("2030-01-09"), today)),
            "To must not be before From"
        );
        assert_eq!(
            message(period(Some("2029-01-01"), Some("2030-01-02"), today)),
            "A statement covers at most 366 days"
        );
        assert_eq!(
            message(period(Some("yesterday"), None, today)),
            "From must be a date (YYYY-MM-DD)"
        );
        assert_eq!(
            message(period(Some(""), None, today)),
            "From must be a date (YYYY-MM-DD)"
        );
    }

    #[test]
    fn a_refused_period_names_its_field_and_code() {
        let today = d("2030-01-09");
        let refused = |r: Result<_, Error>| match r.unwrap_err() {
            Error::Invalid(field) => (field.field, field.refusal),
            other => panic!("not a field error: {other}"),
        };
        assert_eq!(
            refused(period(None, Some("soon"), today)),
            ("to", codes::not_a_date(Label::To))
        );
        assert_eq!(
            refused(period(Some("2030-01-10"), Some("2030-01-09"), today)),
            ("to", codes::to_before_from())
        );
        let (field, too_long) = refused(period(Some("2029-01-01"), Some("2030-01-02"), today));
        assert_eq!((field, too_long.code()), ("to", "STATEMENT_TOO_LONG"));
        assert_eq!(too_long, codes::statement_too_long(366));
    }

    fn line(kind: &str, amount_cents: i64) -> LineRow {
        LineRow {
            id: Uuid::nil(),
            occurred_at: Utc::now(),
            kind: kind.to_owned(),
            jar: "SPEND".to_owned(),
            amount_cents,
            notes: String::new(),
            source_id: String::new(),
            breakdown: None,
        }
    }

    #[test]
    fn earnings_are_new_money_of_any_kind() {
        let lines = [
            line("CHORE", 150),
            line("BIRTHDAY", 1000),
            line("ALLOWANCE", 500),
            line("INTEREST", 3),
            line("TRANSFER", 200),
            line("TRANSFER", -200),
            line("ADJUSTMENT", 700),
            line("PAYOUT", -100),
            line("EXCUSED", 50),
        ];
        assert_eq!(earned(&lines), 150 + 1000 + 500 + 3);
    }
}
