//! Money: the append-only ledger, balances, adjustments, payouts and the
//! figures of the dashboards. Every movement names its source under a unique
//! key, so nothing is counted twice however often it is replayed.

use std::collections::HashMap;

use chorely_proto::{events::v1::SubmissionReviewed, rewards::v1 as pb};
use chrono::{Datelike, Days, Utc};
use kit::{
    authn::User,
    clock::Clock,
    codes::{self, Label},
    time, validate,
};
use sqlx::{PgConnection, PgPool};
use uuid::Uuid;

use crate::{
    clients::Clients,
    error::Error,
    grades, jars,
    multipliers::Multipliers,
    store::{
        self,
        ledger::{EntryRow, Jar, Kind, NewEntry},
        standings::Children,
    },
    subjects::child_id,
};

const NOTES_MAX: usize = 500;
const WEEKS: u64 = 8;

#[derive(Clone)]
pub struct Ledger {
    pub pool: PgPool,
    pub clients: Clients,
    pub multipliers: Multipliers,
    /// When a parent's entry happens, and which month and weeks the stats show.
    pub clock: Clock,
}

fn notes(raw: &str) -> Result<String, Error> {
    let text = raw.trim();
    validate::at_most(text, NOTES_MAX, "notes", Label::Notes)?;
    Ok(text.to_owned())
}

/// Whose money a caller sees: a parent the family's, a child their own.
fn scope(user: &User) -> Option<Uuid> {
    if user.role.is_parent() {
        None
    } else {
        Some(user.child.unwrap_or_else(Uuid::nil))
    }
}

fn entry_view(e: &EntryRow) -> pb::LedgerEntry {
    pb::LedgerEntry {
        id: e.id.to_string(),
        child_id: e.child_id.to_string(),
        amount_cents: e.amount_cents,
        kind: e.kind.clone(),
        notes: e.notes.clone(),
        created_at: Some(time::to_proto(e.created_at)),
        jar: e.jar.clone(),
    }
}

/// Credits an approved submission, split into the child's jars, once: a
/// replay finds its lines there.
pub async fn credit(tx: &mut PgConnection, event: &SubmissionReviewed) -> anyhow::Result<()> {
    if !event.approved {
        return Ok(());
    }
    let child = Uuid::parse_str(&event.child_id)?;
    // An approval reviewed just before the child was deleted can arrive after.
    if store::children::deleted(tx, child).await? {
        return Ok(());
    }
    let occurred_at = event
        .completed_at
        .as_ref()
        .or(event.reviewed_at.as_ref())
        .and_then(time::from_proto)
        .unwrap_or_else(Utc::now);
    let credited = jars::credit(
        tx,
        &NewEntry {
            org: Uuid::parse_str(&event.organization_id)?,
            child,
            kind: Kind::Chore,
            jar: Jar::Spend,
            source_id: &event.submission_id,
            amount_cents: event.boosted_reward_cents,
            notes: "",
            created_by: None,
            occurred_at,
        },
    )
    .await?;
    if credited {
        crate::statement::keep_breakdown(tx, event).await?;
    }
    Ok(())
}

impl Ledger {
    /// Adds or takes money with a reason; never below zero.
    pub async fn adjust(
        &self,
        parent: &User,
        org: Uuid,
        req: pb::AdjustBalanceRequest,
    ) -> Result<pb::AdjustBalanceResponse, Error> {
        let child = child_id(&req.child_id)?;
        let notes = notes(&req.notes)?;
        if notes.is_empty() {
            return Err(codes::adjustment_reason_required().on("notes").into());
        }
        if req.amount_cents == 0 {
            return Err(codes::amount_zero().on("amount").into());
        }
        let jar = jars::jar(&req.jar, "jar")?;
        let record = self.clients.child(parent, child).await?;
        let source = match req.idempotency_key.trim() {
            "" => Uuid::now_v7().to_string(),
            key => format!("{org}:{key}"),
        };

        let mut tx = self.pool.begin().await?;
        store::ledger::lock_child(&mut tx, child).await?;
        if let Some(done) = store::ledger::find(&mut tx, org, Kind::Adjustment, &source)
            .await?
            .first()
        {
            // A retried request: the first one counted.
            let balance = store::ledger::balance(&mut tx, org, child).await?;
            return Ok(pb::AdjustBalanceResponse {
                entry: Some(entry_view(done)),
                balance_cents: balance,
            });
        }
        let jars = store::ledger::jars(&mut tx, org, child).await?;
        let balance = jars.total();
        if balance + req.amount_cents < 0 {
            return Err(Error::NegativeBalance);
        }
        if jars.get(jar) + req.amount_cents < 0 {
            return Err(Error::JarTooLow {
                name: record.name,
                jar,
                jar_cents: jars.get(jar),
            });
        }
        let entry = store::ledger::insert(
            &mut tx,
            &NewEntry {
                org,
                child,
                kind: Kind::Adjustment,
                jar,
                source_id: &source,
                amount_cents: req.amount_cents,
                notes: &notes,
                created_by: Some(parent.id),
                occurred_at: self.clock.now(),
            },
        )
        .await?
        .ok_or_else(|| anyhow::anyhow!("adjustment source already used"))?;
        tx.commit().await?;
        Ok(pb::AdjustBalanceResponse {
            entry: Some(entry_view(&entry)),
            balance_cents: balance + req.amount_cents,
        })
    }

    /// Records money handed to a child; at most their balance.
    pub async fn pay(
        &self,
        parent: &User,
        org: Uuid,
        req: pb::CreatePayoutRequest,
    ) -> Result<pb::Payout, Error> {
        if req.child_id.trim().is_empty() {
            return Err(codes::required(Label::Child).on("childId").into());
        }
        let child = child_id(&req.child_id)?;
        if req.amount_cents <= 0 {
            return Err(codes::amount_not_positive().on("amount").into());
        }
        let notes = notes(&req.notes)?;
        let jar = jars::jar(&req.jar, "jar")?;
        let record = self.clients.child(parent, child).await?;

        let mut tx = self.pool.begin().await?;
        store::ledger::lock_child(&mut tx, child).await?;
        let jars = store::ledger::jars(&mut tx, org, child).await?;
        if req.amount_cents > jars.total() {
            return Err(Error::PayoutOverBalance {
                name: record.name,
                balance_cents: jars.total(),
            });
        }
        if req.amount_cents > jars.get(jar) {
            return Err(Error::JarTooLow {
                name: record.name,
                jar,
                jar_cents: jars.get(jar),
            });
        }
        let entry = store::ledger::insert(
            &mut tx,
            &NewEntry {
                org,
                child,
                kind: Kind::Payout,
                jar,
                source_id: &Uuid::now_v7().to_string(),
                amount_cents: -req.amount_cents,
                notes: &notes,
                created_by: Some(parent.id),
                occurred_at: self.clock.now(),
            },
        )
        .await?
        .ok_or_else(|| anyhow::anyhow!("payout id already used"))?;
        tx.commit().await?;
        let parents = self.clients.member_names(parent).await.unwrap_or_default();
        Ok(payout_view(&entry, record.name, Some(&parents)))
    }

    /// Payouts, newest first, with names; the parent column only for parents.
    pub async fn payouts(&self, user: &User, org: Uuid) -> Result<Vec<pb::Payout>, Error> {
        // The children's names are kept here (from the family service's
        // events); the members' come from auth, asked meanwhile.
        let parents = async {
            if user.role.is_parent() {
                self.clients.member_names(user).await.map(Some)
            } else {
                Ok(None)
            }
        };
        let (rows, parents) = tokio::try_join!(
            store::ledger::payouts(&self.pool, org, scope(user)),
            parents,
        )?;
        // A child not named here yet (heard of before names were kept, or
        // whose event is still on its way) is named by the family service,
        // and the answer kept for the next time.
        let asked: HashMap<Uuid, String> = if rows.iter().any(|r| r.child_name.is_none()) {
            let names: Vec<(Uuid, String)> = self
                .clients
                .children(user)
                .await?
                .into_iter()
                .filter_map(|c| Some((Uuid::parse_str(&c.id).ok()?, c.name)))
                .collect();
            store::children::learn_names(&self.pool, org, &names).await?;
            names.into_iter().collect()
        } else {
            HashMap::new()
        };
        Ok(rows
            .into_iter()
            .map(|row| {
                let name = row
                    .child_name
                    .or_else(|| asked.get(&row.entry.child_id).cloned())
                    .unwrap_or_default();
                payout_view(&row.entry, name, parents.as_ref())
            })
            .collect())
    }

    /// Balance, GPA and multiplier of each child the caller may see (only
    /// those of `only` when it names any), with the children's records as the
    /// family service answered.
    pub async fn summaries(
        &self,
        user: &User,
        org: Uuid,
        only: &[String],
    ) -> Result<pb::GetChildSummariesResponse, Error> {
        // The family's own figures, and the standing of every child this
        // service knows of, are read on one connection while the family
        // service lists the children (whose ratings the multipliers need):
        // the answer waits for the slower of the two, not both.
        let own = async {
            let mut conn = self.pool.acquire().await?;
            let balances = store::ledger::balances(&mut *conn, org).await?;
            let family = self.multipliers.family(&mut conn, org).await?;
            let known = self
                .multipliers
                .evidence(&mut conn, &family, Children::Known)
                .await?;
            Ok::<_, Error>((conn, balances, family, known))
        };
        let (mut children, (mut conn, balances, family, known)) =
            tokio::try_join!(self.clients.children(user), own)?;
        if !only.is_empty() {
            children.retain(|c| only.contains(&c.id));
        }
        let standings = self
            .multipliers
            .of_known(&mut conn, &family, &children, known)
            .await?;
        let summaries = children
            .iter()
            .zip(standings)
            .map(|(child, (multiplier, standing))| pb::ChildSummary {
                child_id: child.id.clone(),
                balance_cents: Uuid::parse_str(&child.id)
                    .ok()
                    .and_then(|id| balances.get(&id).copied())
                    .unwrap_or(0),
                gpa_centi: standing.gpa_centi,
                gpa_letter: standing
                    .gpa_centi
                    .map(|g| grades::gpa_letter(g).to_string())
                    .unwrap_or_default(),
                multiplier: Some(multiplier),
            })
            .collect();
        Ok(pb::GetChildSummariesResponse {
            children: summaries,
            records: children,
        })
    }

    /// This month's payouts and earnings, earnings per week for 8 weeks, in
    /// the family's calendar, and balances: a child's own, or every child's
    /// with an entry for a parent.
    pub async fn stats(&self, user: &User, org: Uuid) -> Result<pb::RewardStats, Error> {
        let child = scope(user);
        let tz_name = store::families::time_zone(&self.pool, org).await?;
        let tz = time::zone(&tz_name);
        let now = self.clock.now();
        let month = time::start_of_month(now, tz);
        let today = time::local_date(now, tz);
        let monday = today - Days::new(u64::from(today.weekday().num_days_from_monday()));
        let first_week = monday - Days::new(7 * (WEEKS - 1));
        let since = time::start_of_day(first_week, tz);
        let (totals, weekly, pending) = tokio::try_join!(
            store::ledger::totals(&self.pool, org, child, month),
            store::ledger::weekly_chore_rewards(&self.pool, org, child, &tz_name, since),
            store::redemptions::count_pending(&self.pool, org, child),
        )?;
        let weekly_earnings = (0..WEEKS)
            .map(|n| {
                let week = first_week + Days::new(7 * n);
                pb::WeekEarnings {
                    week_start: week.to_string(),
                    amount_cents: weekly.get(&week).copied().unwrap_or(0),
                }
            })
            .collect();
        Ok(pb::RewardStats {
            // Payouts are debits: the figure is how much went out.
            paid_out_this_month_cents: totals.iter().map(|t| t.paid_since).sum::<i64>().abs(),
            earned_this_month_cents: totals.iter().map(|t| t.earned_since).sum(),
            weekly_earnings,
            balances: totals
                .iter()
                .map(|t| pb::ChildBalance {
                    child_id: t.child_id.to_string(),
                    balance_cents: t.balance,
                    spend_cents: t.spend,
                    save_cents: t.save,
                    give_cents: t.give,
                })
                .collect(),
            pending_redemptions: i32::try_from(pending).unwrap_or(i32::MAX),
        })
    }
}

fn payout_view(
    row: &EntryRow,
    child_name: String,
    parents: Option<&HashMap<Uuid, String>>,
) -> pb::Payout {
    pb::Payout {
        id: row.id.to_string(),
        child_id: row.child_id.to_string(),
        child_name,
        parent_name: parents
            .map(|names| {
                row.created_by
                    .and_then(|id| names.get(&id).cloned())
                    .unwrap_or_else(|| "Former member".into())
            })
            .unwrap_or_default(),
        amount_cents: -row.amount_cents,
        notes: row.notes.clone(),
        paid_at: Some(time::to_proto(row.created_at)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::error::testing::{parent, refused, unreachable_clients, unused_pool};

    /// A ledger whose database and services are never reached: every
    /// request here is refused before it would ask them.
    fn ledger() -> Ledger {
        Ledger {
            pool: unused_pool(),
            clients: unreachable_clients(),
            multipliers: Multipliers {
                pool: unused_pool(),
                clock: Clock::system(),
            },
            clock: Clock::system(),
        }
    }

    #[tokio::test]
    async fn an_adjustment_needs_a_short_reason_and_an_amount() {
        let (ledger, parent) = (ledger(), parent());
        let child = Uuid::now_v7().to_string();
        let adjust = |notes: &str, amount_cents| {
            let req = pb::AdjustBalanceRequest {
                child_id: child.clone(),
                notes: notes.into(),
                amount_cents,
                ..Default::default()
            };
            ledger.adjust(&parent, Uuid::nil(), req)
        };
        let (field, refusal) = refused(adjust("  ", 500).await.unwrap_err());
        assert_eq!(
            (field.as_str(), refusal.code()),
            ("notes", "ADJUSTMENT_REASON_REQUIRED")
        );
        assert_eq!(
            refusal.message(),
            "Please provide a reason for the balance adjustment"
        );
        let (field, refusal) = refused(adjust(&"n".repeat(501), 500).await.unwrap_err());
        assert_eq!(field, "notes");
        assert_eq!(refusal, codes::too_long(Label::Notes, 500));
        assert_eq!(refusal.message(), "Notes must be at most 500 characters");
        let (field, refusal) = refused(adjust("Found a coin", 0).await.unwrap_err());
        assert_eq!((field.as_str(), refusal), ("amount", codes::amount_zero()));
    }

    #[tokio::test]
    async fn a_payout_needs_a_child_and_a_positive_amount() {
        let (ledger, parent) = (ledger(), parent());
        let pay = |child_id: &str, amount_cents| {
            let req = pb::CreatePayoutRequest {
                child_id: child_id.into(),
                amount_cents,
                ..Default::default()
            };
            ledger.pay(&parent, Uuid::nil(), req)
        };
        let (field, refusal) = refused(pay(" ", 500).await.unwrap_err());
        assert_eq!(field, "childId");
        assert_eq!(refusal, codes::required(Label::Child));
        assert_eq!(refusal.message(), "Child is required");
        let child = Uuid::now_v7().to_string();
        let (field, refusal) = refused(pay(&child, -5).await.unwrap_err());
        assert_eq!(
            (field.as_str(), refusal.code()),
            ("amount", "AMOUNT_NOT_POSITIVE")
        );
        assert_eq!(refusal.message(), "Amount must be greater than 0");
    }
}
