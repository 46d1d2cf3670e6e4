//! Reminders before a chore is due: an hour before a chore's due time, each
//! child who still owes it that day (nothing sent yet, not paused; for a
//! chore in turns its holder; first come, everyone it is for until someone
//! takes it) is reminded once, through the outbox (the auth service turns
//! the event into the child's notification and, when they have an address
//! and want it, a mail).
//!
//! Only chores with a due time are reminded of: one due "by the end of the
//! day" would remind at 23:00, when a child is asleep.
//!
//! A job looks every minute, but only at the families whose next reminder
//! has come or whose chores changed (`reminder_looks`, kept by triggers):
//! after each look it writes down when the family's next reminder can be.

use chorely_proto::events::v1::ChoreDueSoon;
use std::time::Duration as StdDuration;

use chrono::{DateTime, Days, Duration, NaiveDate, Utc};
use chrono_tz::Tz;
use kit::{clock::Clock, time::local_date, time::to_proto};
use sqlx::PgPool;
use tokio_util::sync::CancellationToken;
use uuid::Uuid;

use crate::{
    calendar,
    schedule::{self, Rules},
    store::{children, missed, pauses, reminders, submissions, turns},
};

/// How long before its due time a chore is reminded of.
pub const LEAD: Duration = Duration::hours(1);

/// Days ahead the next reminder is looked for: every due day of a weekly
/// schedule comes within a week.
const AHEAD_DAYS: u64 = 8;

/// The due dates and instants of the chore of `rules` whose reminder time
/// has come at `now` and that are not yet due.
pub fn due_soon(rules: &Rules, tz: Tz, now: DateTime<Utc>) -> Vec<(NaiveDate, DateTime<Utc>)> {
    if rules.due_time.is_none() {
        return Vec::new();
    }
    let today = local_date(now, tz);
    let mut days = vec![today];
    // A due time just after midnight is reminded of the evening before.
    let tomorrow = local_date(now + LEAD, tz);
    if tomorrow != today {
        days.push(tomorrow);
    }
    days.into_iter()
        .filter(|day| *day >= rules.starts_on)
        .filter_map(|day| {
            let due = rules.due_at(&rules.period(day)?, tz)?;
            (due - LEAD <= now && now < due).then_some((day, due))
        })
        .collect()
}

/// When the next reminder of the chore of `rules` is due after `now`.
pub fn next_reminder(rules: &Rules, tz: Tz, now: DateTime<Utc>) -> Option<DateTime<Utc>> {
    rules.due_time?;
    let from = local_date(now, tz).max(rules.starts_on);
    from.iter_days()
        .take_while(|day| from.checked_add_days(Days::new(AHEAD_DAYS)) >= Some(*day))
        .filter_map(|day| rules.due_at(&rules.period(day)?, tz))
        .map(|due| due - LEAD)
        .find(|at| *at > now)
}

/// What one look did.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Look {
    /// Reminders sent.
    pub reminders: usize,
    /// Families whose chores were read.
    pub looked_at: usize,
}

/// Sends the reminders due at `now` in every family.
pub async fn send_due(pool: &PgPool, now: DateTime<Utc>) -> anyhow::Result<Look> {
    kit::tenancy::all_families(send_due_everywhere(pool, now)).await
}

async fn send_due_everywhere(pool: &PgPool, now: DateTime<Utc>) -> anyhow::Result<Look> {
    let mut look = Look::default();
    for family in reminders::families_due(pool, now).await? {
        let tz = calendar::parse(&family.time_zone);
        look.looked_at += 1;
        look.reminders += remind_family(pool, family.organization_id, tz, now).await?;
    }
    Ok(look)
}

/// Sends one family's reminders due at `now` and notes when its next is.
async fn remind_family(
    pool: &PgPool,
    org: Uuid,
    tz: Tz,
    now: DateTime<Utc>,
) -> anyhow::Result<usize> {
    let mut tx = pool.begin().await?;
    let Some(state) = reminders::lock(&mut tx, org).await? else {
        return Ok(0);
    };
    // Another replica may have looked while this one waited for the lock.
    if !state.stale && state.next_at.is_none_or(|at| at > now) {
        return Ok(0);
    }
    let chores: Vec<_> = missed::scheduled_chores(&mut tx, org)
        .await?
        .into_iter()
        .filter(|c| c.due_time.is_some())
        .collect();
    let today = local_date(now, tz);
    let first = today.pred_opt().unwrap_or(today);
    let known: Vec<Uuid> = children::of_family(&mut tx, org)
        .await?
        .into_iter()
        .filter(|c| c.known_since <= now)
        .map(|c| c.child_id)
        .collect();
    // Read on their own connections, as the missed-chore job does.
    let (marks, swaps, paused) = tokio::try_join!(
        submissions::marks_of_family(pool, org, first),
        turns::of_family(pool, org, first),
        pauses::of_family(pool, org, first),
    )?;
    let mut sent = 0;
    let mut next: Option<DateTime<Utc>> = None;
    for chore in &chores {
        let rules = chore.rules(swaps.get(&chore.id).cloned().unwrap_or_default(), &paused);
        let marks = marks.get(&chore.id).map_or(&[][..], Vec::as_slice);
        for (day, due_at) in due_soon(&rules, tz, now) {
            for child in schedule::owed_on(&rules, day, &known, marks) {
                if paused.covers(child, day) {
                    continue;
                }
                let entry = reminders::NewReminder {
                    org,
                    chore: chore.id,
                    child,
                    due_on: day,
                    due_at,
                };
                let Some(id) = reminders::insert(&mut tx, &entry).await? else {
                    continue;
                };
                kit::outbox::enqueue(
                    &mut tx,
                    &ChoreDueSoon {
                        reminder_id: id.to_string(),
                        organization_id: org.to_string(),
                        child_id: child.to_string(),
                        chore_id: chore.id.to_string(),
                        chore_name: chore.name.clone(),
                        due_on: day.to_string(),
                        due_at: Some(to_proto(due_at)),
                        due_time: schedule::time_text(rules.due_time),
                    },
                )
                .await?;
                sent += 1;
            }
        }
        next = next.into_iter().chain(next_reminder(&rules, tz, now)).min();
    }
    reminders::set_next(&mut tx, org, next).await?;
    tx.commit().await?;
    Ok(sent)
}

/// Runs the job every `every` (and at once) until shutdown, reading the
/// time from `clock`.
pub async fn run(pool: PgPool, clock: Clock, every: StdDuration, shutdown: CancellationToken) {
    kit::jobs::every(every, shutdown, || async {
        match send_due(&pool, clock.now()).await {
            Ok(Look { reminders: 0, .. }) => {}
            Ok(look) => tracing::info!(count = look.reminders, "chore reminders sent"),
            Err(err) => tracing::warn!(error = %err, "sending chore reminders failed"),
        }
    })
    .await;
}

#[cfg(test)]
mod tests {
    use chrono::{NaiveTime, TimeZone};

    use super::*;
    use crate::schedule::Mode;

    fn tz() -> Tz {
        chrono_tz::America::New_York
    }

    fn local(text: &str) -> DateTime<Utc> {
        let wall = chrono::NaiveDateTime::parse_from_str(text, "%Y-%m-%d %H:%M").unwrap();
        tz().from_local_datetime(&wall).single().unwrap().to_utc()
    }

    fn date(text: &str) -> NaiveDate {
        NaiveDate::parse_from_str(text, "%Y-%m-%d").unwrap()
    }

    /// Due Mondays and Wednesdays (from Monday 2 March 2026) at `time`.
    fn rules(time: Option<&str>) -> Rules {
        Rules {
            mode: Mode::Each,
            due_days: vec![1, 3],
            due_time: time.map(|t| NaiveTime::parse_from_str(t, "%H:%M").unwrap()),
            starts_on: date("2026-03-02"),
            ..Rules::default()
        }
    }

    #[test]
    fn a_reminder_is_due_from_an_hour_before_until_the_due_time() {
        let five = rules(Some("17:00"));
        let due = local("2026-03-02 17:00");
        assert!(due_soon(&five, tz(), local("2026-03-02 15:59")).is_empty());
        assert_eq!(
            due_soon(&five, tz(), local("2026-03-02 16:00")),
            vec![(date("2026-03-02"), due)]
        );
        assert_eq!(
            due_soon(&five, tz(), local("2026-03-02 16:59")),
            vec![(date("2026-03-02"), due)]
        );
        assert!(due_soon(&five, tz(), local("2026-03-02 17:00")).is_empty());
        assert!(
            due_soon(&five, tz(), local("2026-03-03 16:30")).is_empty(),
            "not a due day"
        );
        assert!(
            due_soon(&rules(None), tz(), local("2026-03-02 23:30")).is_empty(),
            "the day's end is not reminded of"
        );
    }

    #[test]
    fn a_due_time_just_after_midnight_is_reminded_of_the_evening_before() {
        let early = rules(Some("00:30"));
        assert_eq!(
            due_soon(&early, tz(), local("2026-03-01 23:45")),
            vec![(date("2026-03-02"), local("2026-03-02 00:30"))]
        );
    }

    #[test]
    fn the_next_reminder_is_the_next_due_days_time_less_the_lead() {
        let five = rules(Some("17:00"));
        assert_eq!(
            next_reminder(&five, tz(), local("2026-03-02 09:00")),
            Some(local("2026-03-02 16:00"))
        );
        // At or after the reminder: Wednesday's.
        assert_eq!(
            next_reminder(&five, tz(), local("2026-03-02 16:00")),
            Some(local("2026-03-04 16:00"))
        );
        // Thursday: next Monday's, across the weekend.
        assert_eq!(
            next_reminder(&five, tz(), local("2026-03-05 12:00")),
            Some(local("2026-03-09 16:00"))
        );
        // A schedule that starts later is looked for from its start.
        let mut later = five.clone();
        later.starts_on = date("2026-06-01");
        assert_eq!(
            next_reminder(&later, tz(), local("2026-03-02 09:00")),
            Some(local("2026-06-01 16:00"))
        );
        assert_eq!(
            next_reminder(&rules(None), tz(), local("2026-03-02 09:00")),
            None
        );
    }

    #[test]
    fn reminders_follow_the_familys_clock_across_a_clock_change() {
        // New York moves to summer time on Sunday 8 March 2026; Monday 9 at
        // 17:00 is 21:00 UTC, not 22:00.
        let five = rules(Some("17:00"));
        assert_eq!(
            next_reminder(&five, tz(), local("2026-03-05 12:00")),
            Some(
                DateTime::parse_from_rfc3339("2026-03-09T20:00:00Z")
                    .unwrap()
                    .to_utc()
            )
        );
    }
}
