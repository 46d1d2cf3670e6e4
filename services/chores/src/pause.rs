//! Pauses, free of storage and of the clock: days of the family's calendar,
//! for the whole family or one child, on which nothing is due or missed.
//!
//! A pause suspends what a child owes, it forbids nothing: on a paused day
//! a chore that concerns the child shows PAUSED on today's list (unless they
//! did it anyway: DONE), and the missed-chore job records no miss for them.
//! A chore in turns keeps its order, and a turn its holder is paused all
//! through passes to the next child in the order who is not paused then
//! ([`crate::schedule::Rules::holder`]; docs/adr/0115-turns-pass-on-a-pause.md):
//! the next period still goes to whoever the order gives it. When every
//! child taking turns is paused, nobody owes the turn.

use chrono::{DateTime, Days, NaiveDate, Utc};
use chrono_tz::Tz;
use kit::{
    codes::{self, Label},
    validate::{self, FieldError},
};
use uuid::Uuid;

use crate::schedule::{self, Child, Mark, Rules, Since, Standing, Status};

/// The longest pause, in days (both ends included).
pub const LONGEST_DAYS: i64 = 366;

/// How far ahead a pause may start.
pub const AHEAD_DAYS: u64 = 366;

/// The longest reason, in characters.
pub const REASON_MAX: usize = 200;

/// Days `from` to `to` (both included) paused for one child or, when
/// `child` is `None`, the whole family.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Pause {
    pub child: Option<Uuid>,
    pub from: NaiveDate,
    pub to: NaiveDate,
}

impl Pause {
    /// Whether it pauses `child` on `day`.
    pub fn covers(&self, child: Uuid, day: NaiveDate) -> bool {
        self.child.is_none_or(|c| c == child) && self.from <= day && day <= self.to
    }
}

/// A family's pauses; they may overlap, a day is paused when any covers it.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Pauses(pub Vec<Pause>);

impl Pauses {
    pub fn covers(&self, child: Uuid, day: NaiveDate) -> bool {
        self.0.iter().any(|p| p.covers(child, day))
    }

    /// Whether they pause `child` on every day from `from` to `end` (not included).
    pub fn cover_all(&self, child: Uuid, from: NaiveDate, end: NaiveDate) -> bool {
        from.iter_days()
            .take_while(|day| *day < end)
            .all(|day| self.covers(child, day))
    }

    /// The last day of the pause `child` is in on `day` (pauses that meet
    /// or overlap count as one); none when `day` is not paused for them.
    pub fn until(&self, child: Uuid, day: NaiveDate) -> Option<NaiveDate> {
        let mut last = None;
        let mut at = day;
        // Each step moves past the end of a pause, so this ends.
        while let Some(end) = self
            .0
            .iter()
            .filter(|p| p.covers(child, at))
            .map(|p| p.to)
            .max()
        {
            last = Some(end);
            match end.succ_opt() {
                Some(next) => at = next,
                None => break,
            }
        }
        last
    }
}

/// What today's list shows for a chore standing as `standing` at `now`
/// for a child `paused` today: PAUSED in place of any status but DONE (what
/// they did anyway stays done); nothing for a chore not on their list.
pub fn status(standing: &Standing, now: DateTime<Utc>, paused: bool) -> Option<Status> {
    let shown = standing.status(now)?;
    Some(if paused && shown != Status::Done {
        Status::Paused
    } else {
        shown
    })
}

/// [`schedule::missed_on`] but for the children paused on `day`: they owed nothing.
pub fn missed_on(
    rules: &Rules,
    since: &Since,
    day: NaiveDate,
    tz: Tz,
    family: &[Child],
    marks: &[Mark],
    pauses: &Pauses,
) -> Vec<Uuid> {
    schedule::missed_on(rules, since, day, tz, family, marks)
        .into_iter()
        .filter(|child| !pauses.covers(*child, day))
        .collect()
}

/// A new pause's days and reason, as a parent sent them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewPause {
    pub from: NaiveDate,
    pub to: NaiveDate,
    pub reason: String,
}

fn day(raw: &str, field: &'static str, label: Label) -> Result<NaiveDate, FieldError> {
    match raw.trim() {
        "" => Err(codes::required(label).on(field)),
        text => {
            NaiveDate::parse_from_str(text, "%Y-%m-%d").map_err(|_| codes::date_invalid().on(field))
        }
    }
}

/// Checks a new pause on the family's `today`: both dates as YYYY-MM-DD,
/// from today to a year ahead, the end not before the start, at most
/// [`LONGEST_DAYS`] days, a reason of at most [`REASON_MAX`] characters.
pub fn parse(from: &str, to: &str, reason: &str, today: NaiveDate) -> Result<NewPause, FieldError> {
    let from = day(from, "from", Label::StartDate)?;
    let to = day(to, "to", Label::EndDate)?;
    if from < today {
        return Err(codes::pause_in_past().on("from"));
    }
    if today
        .checked_add_days(Days::new(AHEAD_DAYS))
        .is_some_and(|last| from > last)
    {
        return Err(codes::pause_too_far_ahead().on("from"));
    }
    if to < from {
        return Err(codes::pause_end_before_start().on("to"));
    }
    if (to - from).num_days() + 1 > LONGEST_DAYS {
        return Err(codes::pause_too_long(LONGEST_DAYS).on("to"));
    }
    let reason = reason.trim();
    validate::at_most(reason, REASON_MAX, "reason", Label::Reason)?;
    Ok(NewPause {
        from,
        to,
        reason: reason.to_owned(),
    })
}

/// What removing a pause does on the family's `today`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Removal {
    /// It has not begun: it goes.
    Remove,
    /// It has begun: it ends yesterday, and the days already paused stay
    /// paused (no miss was recorded for them, no streak broke across them).
    EndOn(NaiveDate),
    /// It is over: its days stay paused.
    Over,
}

pub fn removal(pause: &Pause, today: NaiveDate) -> Removal {
    if pause.from >= today {
        Removal::Remove
    } else if pause.to < today {
        Removal::Over
    } else {
        Removal::EndOn(today.pred_opt().unwrap_or(today))
    }
}

#[cfg(test)]
mod tests;
