//! Missed chores: a due day that ended with nothing sent by the child whose
//! chore it was. A job looks every minute (and at start, so a restart misses
//! nothing) at the days each family's calendar has finished since it last
//! looked (reading only the families whose day has ended since: each notes
//! when its next one ends, so a look costs the same for any number of
//! families); each miss is recorded once per child, chore and due date (a
//! unique key, so replicas looking at once cannot count twice) and
//! announced through the outbox in the same transaction, for rewards to take
//! the chore's penalty. Parents list misses and excuse them.

use std::{collections::HashMap, time::Duration as StdDuration};

use chorely_proto::{
    chores::v1 as pb,
    events::v1::{ChoreMissed, MissedChoreExcused},
};
use chrono::{DateTime, Days, Duration, NaiveDate, Utc};
use kit::{
    authn::User,
    clock::Clock,
    codes::Label,
    time::{local_date, opt_to_proto, to_proto},
    validate::{self, FieldError},
};
use sqlx::PgPool;
use tokio_util::sync::CancellationToken;
use uuid::Uuid;

use crate::{
    calendar,
    clients::Clients,
    error::Error,
    pause,
    schedule::Child,
    store::{assignments, children, missed, pauses, submissions, turns},
};

/// A day is checked this long after it ended, so a submission sent in its
/// last moment has been committed by then.
const GRACE: Duration = Duration::minutes(2);

/// How far back a family's first check (or one after a long outage) looks.
const LOOKBACK_DAYS: u64 = 30;

/// Misses listed when the caller gives no range: the last 30 days.
const LIST_DAYS: u64 = 30;

const REASON_MAX: usize = 500;

/// A parent's reason for excusing a miss, trimmed: at most [`REASON_MAX`]
/// characters.
fn reason(raw: &str) -> Result<&str, FieldError> {
    let reason = raw.trim();
    validate::at_most(reason, REASON_MAX, "reason", Label::Reason)?;
    Ok(reason)
}

/// Records the misses of every day that has ended, at `now`, in every
/// family; returns how many were recorded.
pub async fn record_due(pool: &PgPool, now: DateTime<Utc>) -> anyhow::Result<usize> {
    kit::tenancy::all_families(record_due_everywhere(pool, now)).await
}

async fn record_due_everywhere(pool: &PgPool, now: DateTime<Utc>) -> anyhow::Result<usize> {
    let mut recorded = 0;
    for family in missed::families_due(pool, now).await? {
        let tz = calendar::parse(&family.time_zone);
        let Some(ended) = local_date(now - GRACE, tz).pred_opt() else {
            continue;
        };
        recorded += record_family(pool, family.organization_id, tz, ended).await?;
    }
    Ok(recorded)
}

/// When a family whose days up to `ended` are checked is next looked at:
/// once the day after `ended` has ended, and its grace with it.
fn next_look(ended: NaiveDate, tz: chrono_tz::Tz) -> DateTime<Utc> {
    let day_after_next = ended + Days::new(2);
    kit::time::start_of_day(day_after_next, tz) + GRACE
}

/// Records one family's misses up to `ended`, the last day that has ended.
async fn record_family(
    pool: &PgPool,
    org: Uuid,
    tz: chrono_tz::Tz,
    ended: NaiveDate,
) -> anyhow::Result<usize> {
    let next = next_look(ended, tz);
    let mut tx = pool.begin().await?;
    let checked = missed::lock_checked_through(&mut tx, org).await?;
    if let Some(day) = checked.filter(|day| *day >= ended) {
        // Another replica looked meanwhile: only the next look is left to note.
        missed::set_checked_through(&mut tx, org, day, next).await?;
        tx.commit().await?;
        return Ok(0);
    }
    let earliest = ended - Days::new(LOOKBACK_DAYS);
    let chores = missed::scheduled_chores(&mut tx, org).await?;
    if chores.is_empty() {
        missed::set_checked_through(&mut tx, org, ended, next).await?;
        tx.commit().await?;
        return Ok(0);
    }
    // A family seen for the first time is checked from its oldest schedule.
    let first = checked
        .and_then(|day| day.succ_opt())
        .or_else(|| chores.iter().map(|c| c.periods_start_on).min())
        .unwrap_or(ended)
        .max(earliest);
    let family: Vec<Child> = children::of_family(&mut tx, org)
        .await?
        .into_iter()
        .map(|c| Child {
            id: c.child_id,
            known_since: c.known_since,
        })
        .collect();
    let ids: Vec<Uuid> = chores.iter().map(|c| c.id).collect();
    let since = assignments::of_chores(&mut tx, org, &ids).await?;
    // Read on their own connections: nothing of these days can change now.
    let (marks, swaps, paused) = tokio::try_join!(
        submissions::marks_of_family(pool, org, first),
        turns::of_family(pool, org, first),
        pauses::of_family(pool, org, first),
    )?;
    let mut recorded = 0;
    for chore in &chores {
        let rules = chore.rules(swaps.get(&chore.id).cloned().unwrap_or_default(), &paused);
        let marks = marks.get(&chore.id).map_or(&[][..], Vec::as_slice);
        // Every chore read has one: chores are retired, never deleted.
        let Some(since) = since.get(&chore.id) else {
            continue;
        };
        for day in first.iter_days().take_while(|day| *day <= ended) {
            let Some(due_at) = rules.period(day).and_then(|p| rules.due_at(&p, tz)) else {
                continue;
            };
            for child in pause::missed_on(&rules, since, day, tz, &family, marks, &paused) {
                let entry = missed::NewMissed {
                    org,
                    chore,
                    child,
                    due_on: day,
                    due_at,
                };
                if let Some(id) = missed::insert(&mut tx, &entry).await? {
                    kit::outbox::enqueue(
                        &mut tx,
                        &ChoreMissed {
                            missed_id: id.to_string(),
                            organization_id: org.to_string(),
                            child_id: child.to_string(),
                            chore_id: chore.id.to_string(),
                            chore_name: chore.name.clone(),
                            due_on: day.to_string(),
                            penalty_cents: chore.missed_penalty_cents,
                            due_at: Some(to_proto(due_at)),
                        },
                    )
                    .await?;
                    recorded += 1;
                }
            }
        }
    }
    missed::set_checked_through(&mut tx, org, ended, next).await?;
    tx.commit().await?;
    Ok(recorded)
}

/// Runs the job every `every` (and at once) until shutdown, reading the
/// time from `clock`.
pub async fn run(pool: PgPool, clock: Clock, every: StdDuration, shutdown: CancellationToken) {
    kit::jobs::every(every, shutdown, || async {
        match record_due(&pool, clock.now()).await {
            Ok(0) => {}
            Ok(count) => tracing::info!(count, "missed chores recorded"),
            Err(err) => tracing::warn!(error = %err, "looking for missed chores failed"),
        }
    })
    .await;
}

#[derive(Clone)]
pub struct Missed {
    pub pool: PgPool,
    pub clients: Clients,
    pub clock: Clock,
}

impl Missed {
    /// A child's own misses, or a parent's of every child (or the one named),
    /// due from `from` to `to` (the last 30 days by default), newest first;
    /// none when `from` is after `to`.
    pub async fn list(
        &self,
        user: &User,
        org: Uuid,
        req: &pb::ListMissedRequest,
    ) -> Result<pb::ListMissedResponse, Error> {
        let child = if user.role.is_parent() {
            match req.child_id.trim() {
                "" => None,
                id => Some(Uuid::parse_str(id).map_err(|_| Error::ChildNotFound)?),
            }
        } else {
            let own = user.child.ok_or(Error::NotAChild)?;
            if !req.child_id.trim().is_empty() && req.child_id.trim() != own.to_string() {
                return Err(Error::ChildNotFound);
            }
            Some(own)
        };
        let tz = calendar::time_zone(&self.pool, &self.clients, user, org).await?;
        let to = calendar::date(&req.to, "to")?.unwrap_or_else(|| local_date(self.clock.now(), tz));
        let from = match calendar::date(&req.from, "from")? {
            Some(day) => day,
            None => to.checked_sub_days(Days::new(LIST_DAYS)).unwrap_or(to),
        };
        let (rows, names) = tokio::try_join!(
            async { missed::list(&self.pool, org, child, from, to).await },
            self.clients.family_children(user),
        )?;
        let names: HashMap<Uuid, String> = names.into_iter().collect();
        Ok(pb::ListMissedResponse {
            missed: rows.iter().map(|row| view(row, &names)).collect(),
        })
    }

    /// Excuses a miss: rewards gives its penalty back, once.
    pub async fn excuse(
        &self,
        parent: &User,
        org: Uuid,
        req: &pb::ExcuseMissedRequest,
    ) -> Result<pb::MissedChore, Error> {
        let id = Uuid::parse_str(req.id.trim()).map_err(|_| Error::MissedNotFound)?;
        let reason = reason(&req.reason)?;
        let names: HashMap<Uuid, String> = self
            .clients
            .family_children(parent)
            .await?
            .into_iter()
            .collect();
        let now = self.clock.now();
        let mut tx = self.pool.begin().await?;
        let mut row = missed::find(&mut tx, org, id)
            .await?
            .ok_or(Error::MissedNotFound)?;
        if row.excused_at.is_some() {
            return Err(Error::AlreadyExcused);
        }
        missed::excuse(&mut tx, id, parent.id, reason, now).await?;
        kit::outbox::enqueue(
            &mut tx,
            &MissedChoreExcused {
                missed_id: id.to_string(),
                organization_id: org.to_string(),
                child_id: row.child_id.to_string(),
                chore_name: row.chore_name.clone(),
                due_on: row.due_on.to_string(),
                excused_at: Some(to_proto(now)),
            },
        )
        .await?;
        tx.commit().await?;
        row.excused_at = Some(now);
        reason.clone_into(&mut row.excuse);
        Ok(view(&row, &names))
    }
}

fn view(row: &missed::MissedRow, names: &HashMap<Uuid, String>) -> pb::MissedChore {
    pb::MissedChore {
        id: row.id.to_string(),
        chore_id: row.chore_id.to_string(),
        chore_name: row.chore_name.clone(),
        child: Some(pb::ChildRef {
            id: row.child_id.to_string(),
            name: names.get(&row.child_id).cloned().unwrap_or_default(),
        }),
        due_on: row.due_on.to_string(),
        due_at: Some(to_proto(row.due_at)),
        penalty_cents: row.penalty_cents,
        excused_at: opt_to_proto(row.excused_at),
        excuse: row.excuse.clone(),
    }
}

#[cfg(test)]
mod tests {
    use chrono::TimeZone;

    use super::*;

    #[test]
    fn a_family_is_next_looked_at_when_the_day_after_the_checked_one_has_ended() {
        let utc = |y, m, d, h, min| Utc.with_ymd_and_hms(y, m, d, h, min, 0).unwrap();
        let day = |y, m, d| NaiveDate::from_ymd_opt(y, m, d).unwrap();
        // Checked through Monday 7 January: Tuesday ends at midnight in New
        // York (05:00 UTC), and the grace of two minutes follows.
        assert_eq!(
            next_look(day(2030, 1, 7), chrono_tz::America::New_York),
            utc(2030, 1, 9, 5, 2)
        );
        // Across the clocks going forward (10 March 2030): still midnight, now EDT.
        assert_eq!(
            next_look(day(2030, 3, 9), chrono_tz::America::New_York),
            utc(2030, 3, 11, 4, 2)
        );
        assert_eq!(
            next_look(day(2030, 1, 7), chrono_tz::Asia::Tokyo),
            utc(2030, 1, 8, 15, 2)
        );
    }

    #[test]
    fn an_excuse_has_a_reason_of_at_most_500_characters() {
        assert_eq!(reason("  sick  "), Ok("sick"));
        assert_eq!(
            reason(&"x".repeat(REASON_MAX)).map(str::len),
            Ok(REASON_MAX)
        );
        let err = reason(&"x".repeat(REASON_MAX + 1)).unwrap_err();
        assert_eq!((err.field, err.code()), ("reason", "TOO_LONG"));
        assert_eq!(err.message(), "Reason must be at most 500 characters");
    }
}
