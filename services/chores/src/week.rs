//! Who does what over a week, free of storage and of the clock: for each
//! child and each day, the chores that are theirs that day.
//!
//! - A scheduled chore (due days) is theirs on its due days: every assigned
//!   child's (every child's, for a chore for every child) when each does it
//!   on their own or first come, only the holder's when they take turns.
//! - An unscheduled chore in turns is its holder's on each day of their
//!   period; one first come is every assigned child's on each day.
//! - An unscheduled chore each child does on their own (the spec's chore,
//!   assigned or not) is an "any time" chore, locked for a while after each
//!   time rather than due on days: it is on no day of the week.
//!
//! Periods count from the day a chore's turns start (`starts_on`): days
//! before it list nothing for that chore, as no one owed it then.

use chrono::{DateTime, Days, NaiveDate, Utc};
use chrono_tz::Tz;
use kit::{codes, validate::FieldError};
use uuid::Uuid;

use crate::{
    pause::Pauses,
    schedule::{Mode, Rules},
};

#[cfg(test)]
mod tests;

/// Days in a week view.
pub const DAYS: u64 = 7;

/// How a chore is a child's on a day.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Share {
    /// Theirs to do, on their own.
    Own,
    /// Their turn; `swapped` when a parent's swap gave it to them.
    Turn { swapped: bool },
    /// Theirs if they do it before their siblings.
    FirstCome,
}

/// A chore on a child's day: how it is theirs, and when it is due (a
/// scheduled chore only).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Slot {
    pub share: Share,
    pub due_at: Option<DateTime<Utc>>,
}

/// How the chore of `rules` is `child`'s on `day`; none when it is not.
pub fn slot(rules: &Rules, child: Uuid, day: NaiveDate, tz: Tz) -> Option<Slot> {
    if !rules.has_periods() || !rules.concerns(child) || day < rules.starts_on {
        return None;
    }
    let period = rules.period(day)?;
    let share = match rules.mode {
        Mode::Each => Share::Own,
        Mode::FirstCome => Share::FirstCome,
        Mode::Rotate => {
            // A turn passed on from a paused child is not a swap: the
            // paused child's day says paused.
            rules.holder(&period).filter(|h| *h == child)?;
            Share::Turn {
                swapped: rules.in_order(&period) != rules.given(&period),
            }
        }
    };
    Some(Slot {
        share,
        due_at: rules.due_at(&period, tz),
    })
}

/// One child's day: whether it is paused, and the chores that are theirs
/// (by index into the chores given), due at a time first, soonest first.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Day {
    pub date: NaiveDate,
    pub paused: bool,
    pub chores: Vec<(usize, Slot)>,
}

/// The seven days from `from` of `child`, given every chore's rules (in
/// the chores' order) and the family's pauses. A paused day still lists
/// the chores, which nobody owes on it.
pub fn days(rules: &[Rules], child: Uuid, from: NaiveDate, pauses: &Pauses, tz: Tz) -> Vec<Day> {
    dates(from)
        .map(|date| {
            let mut chores: Vec<(usize, Slot)> = rules
                .iter()
                .enumerate()
                .filter_map(|(at, rules)| slot(rules, child, date, tz).map(|s| (at, s)))
                .collect();
            chores.sort_by_key(|(at, slot)| (slot.due_at.is_none(), slot.due_at, *at));
            Day {
                date,
                paused: pauses.covers(child, date),
                chores,
            }
        })
        .collect()
}

/// The week's dates from `from`.
pub fn dates(from: NaiveDate) -> impl Iterator<Item = NaiveDate> {
    (0..DAYS).filter_map(move |i| from.checked_add_days(Days::new(i)))
}

/// The week's first day: YYYY-MM-DD, or the family's today when none is
/// given. Any week may be asked for (a week far off costs what this one
/// does), as long as its last day is a date too.
pub fn start(raw: &str, today: NaiveDate) -> Result<NaiveDate, FieldError> {
    match raw.trim() {
        "" => Ok(today),
        text => NaiveDate::parse_from_str(text, "%Y-%m-%d")
            .ok()
            .filter(|from| from.checked_add_days(Days::new(DAYS - 1)).is_some())
            .ok_or_else(|| codes::date_invalid().on("from")),
    }
}
