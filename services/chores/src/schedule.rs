//! Who does a chore and when, free of storage and of the clock: a chore's
//! assigned children and how they share it (each on their own, in turns, or
//! first come), its due days and time, and where it stands for one child at
//! one moment in the family's calendar.
//!
//! A chore with no assigned children, no due days and mode EACH is the
//! spec's chore: every child, each on their own, locked for its frequency
//! after it is done ([`crate::domain::availability`]). Every other chore
//! counts in periods:
//! - a scheduled chore (due days) has one period per due day, the day
//!   itself: it can be done from the day's start, is due at its due time (or
//!   the day's end) and can be done late until the day ends;
//! - an unscheduled chore in turns or first come has periods of its
//!   frequency in days (one day for frequency 0), counted from
//!   `starts_on` in the family's calendar.
//!
//! In turns, a period belongs to one assigned child, in the order of the
//! assigned list, whether or not the previous one did it; a parent's swap
//! gives a period to another child. First come, the first child to submit
//! in a period takes it; a rejected submission frees it again.

use std::collections::BTreeMap;

use chrono::{DateTime, Datelike, Duration, NaiveDate, NaiveTime, TimeZone, Utc};
use chrono_tz::Tz;
use kit::{
    codes,
    time::{local_date, start_of_day},
    validate::FieldError,
};
use uuid::Uuid;

use crate::{domain, pause::Pauses};

mod since;
#[cfg(test)]
mod tests;

pub use since::{Child, Since};

/// How the assigned children share a chore.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Mode {
    /// Every assigned child does it, each on their own.
    #[default]
    Each,
    /// One assigned child per period, in turn.
    Rotate,
    /// The first assigned child to submit it in a period takes it.
    FirstCome,
}

impl Mode {
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Each => "EACH",
            Self::Rotate => "ROTATE",
            Self::FirstCome => "FIRST_COME",
        }
    }

    /// The stored name; anything else is EACH (the database allows no other).
    pub fn parse(name: &str) -> Self {
        match name {
            "ROTATE" => Self::Rotate,
            "FIRST_COME" => Self::FirstCome,
            _ => Self::Each,
        }
    }
}

/// A chore's rules of who and when.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Rules {
    pub frequency_days: i32,
    pub mode: Mode,
    /// In turn order; empty for every child.
    pub assigned: Vec<Uuid>,
    /// ISO weekdays (1 Monday … 7 Sunday); empty when unscheduled.
    pub due_days: Vec<u32>,
    /// The family's wall-clock time it is due by; the day's end when unset.
    pub due_time: Option<NaiveTime>,
    /// The family's date periods and turns are counted from.
    pub starts_on: NaiveDate,
    /// Turns a parent gave to another child, by the first day of their period.
    pub swaps: BTreeMap<NaiveDate, Uuid>,
    /// The family's pauses: a turn its holder is paused all through passes
    /// on ([`Rules::holder`]).
    pub pauses: Pauses,
}

/// One coming turn of a chore in turns.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Turn {
    pub period: Period,
    pub holder: Uuid,
    /// Given by a parent's swap rather than by the order.
    pub swapped: bool,
    /// Whose turn it was, when they are paused all through it and it passed on.
    pub covering: Option<Uuid>,
}

/// Days of the family's calendar that count as one: `start` to `end`, the
/// end not included.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Period {
    pub start: NaiveDate,
    pub end: NaiveDate,
    /// Which period this is since `starts_on` (negative before it).
    pub index: i64,
}

impl Period {
    /// The last day of the period.
    pub fn last_day(&self) -> NaiveDate {
        shift(self.end, -1)
    }

    pub fn is_one_day(&self) -> bool {
        shift(self.start, 1) == self.end
    }

    pub fn contains(&self, day: NaiveDate) -> bool {
        self.start <= day && day < self.end
    }
}

/// `day` moved by `days` (never past the calendar's ends).
fn shift(day: NaiveDate, days: i64) -> NaiveDate {
    day.checked_add_signed(Duration::days(days)).unwrap_or(day)
}

fn weekday(day: NaiveDate) -> u32 {
    day.weekday().number_from_monday()
}

impl Rules {
    /// The spec's chore: every child, each on their own, on the frequency's rule.
    pub fn is_plain(&self) -> bool {
        self.assigned.is_empty() && self.mode == Mode::Each && !self.is_scheduled()
    }

    pub fn is_scheduled(&self) -> bool {
        !self.due_days.is_empty()
    }

    /// Whether `child` is one of those the chore is for.
    pub fn concerns(&self, child: Uuid) -> bool {
        self.assigned.is_empty() || self.assigned.contains(&child)
    }

    /// Counted in fixed periods, rather than locked for a while after each time.
    pub fn has_periods(&self) -> bool {
        self.is_scheduled() || self.mode != Mode::Each
    }

    /// Done as often as wished: an unscheduled chore of frequency 0.
    fn is_anytime(&self) -> bool {
        !self.is_scheduled() && self.frequency_days == 0
    }

    fn is_due_on(&self, day: NaiveDate) -> bool {
        self.due_days.contains(&weekday(day))
    }

    fn period_days(&self) -> i64 {
        i64::from(self.frequency_days.max(1))
    }

    /// Due days from `starts_on` to `day` (not included); negative before it.
    fn due_days_before(&self, day: NaiveDate) -> i64 {
        let days = (day - self.starts_on).num_days();
        let weeks = days.div_euclid(7);
        let week_start = shift(self.starts_on, weeks * 7);
        let rest = (0..days.rem_euclid(7))
            .filter(|i| self.is_due_on(shift(week_start, *i)))
            .count();
        let per_week = i64::try_from(self.due_days.len()).unwrap_or(7);
        weeks * per_week + i64::try_from(rest).unwrap_or(0)
    }

    /// The period `day` is in: its due day for a scheduled chore (none on
    /// other days), else the run of `frequency` days it falls in.
    pub fn period(&self, day: NaiveDate) -> Option<Period> {
        if self.is_scheduled() {
            return self.is_due_on(day).then(|| Period {
                start: day,
                end: shift(day, 1),
                index: self.due_days_before(day),
            });
        }
        let length = self.period_days();
        let index = (day - self.starts_on).num_days().div_euclid(length);
        let start = shift(self.starts_on, index * length);
        Some(Period {
            start,
            end: shift(start, length),
            index,
        })
    }

    /// The period that starts on `day` or soonest after it.
    pub fn period_from(&self, day: NaiveDate) -> Option<Period> {
        (0..7).find_map(|i| self.period(shift(day, i)))
    }

    /// The period after `period`.
    pub fn following(&self, period: &Period) -> Option<Period> {
        self.period_from(period.end)
    }

    /// Whose turn `period` is, for a chore in turns: whoever it is given to
    /// ([`Rules::given`]) or, when they are paused all through it, the next
    /// child in the order who is not; when every one is, still theirs
    /// (paused, nobody owes it).
    pub fn holder(&self, period: &Period) -> Option<Uuid> {
        let given = self.given(period)?;
        if !self.away(given, period) {
            return Some(given);
        }
        let count = self.assigned.len();
        let at = self.assigned.iter().position(|c| *c == given).unwrap_or(0);
        Some(
            (1..count)
                .map(|step| self.assigned[(at + step) % count])
                .find(|child| !self.away(*child, period))
                .unwrap_or(given),
        )
    }

    /// Whose turn `period` is before pauses: a parent's swap, else the
    /// next child in the order.
    pub fn given(&self, period: &Period) -> Option<Uuid> {
        if self.mode != Mode::Rotate || self.assigned.is_empty() {
            return None;
        }
        self.swaps
            .get(&period.start)
            .filter(|child| self.assigned.contains(child))
            .copied()
            .or_else(|| self.in_order(period))
    }

    /// Whether `child` is paused on every day of `period`.
    pub fn away(&self, child: Uuid, period: &Period) -> bool {
        self.pauses.cover_all(child, period.start, period.end)
    }

    /// Whose turn `period` is by the order alone.
    pub fn in_order(&self, period: &Period) -> Option<Uuid> {
        let count = i64::try_from(self.assigned.len()).ok().filter(|n| *n > 0)?;
        let at = usize::try_from(period.index.rem_euclid(count)).ok()?;
        self.assigned.get(at).copied()
    }

    /// The first period after `period` that is `child`'s turn, not paused.
    /// Every child has one among the next (children + swaps + 1) periods
    /// they are not paused through, unless swaps took all of theirs.
    pub fn next_turn_of(&self, child: Uuid, period: &Period) -> Option<Period> {
        let mut horizon = self.assigned.len() + self.swaps.len() + 1;
        let mut at = *period;
        // A period the child is away for does not count against the
        // horizon; pauses end, so this does too.
        while horizon > 0 {
            at = self.following(&at)?;
            if self.away(child, &at) {
                continue;
            }
            if self.holder(&at) == Some(child) {
                return Some(at);
            }
            horizon -= 1;
        }
        None
    }

    /// When `period` is due: the due time on its day (or the day's end),
    /// for a scheduled chore only.
    pub fn due_at(&self, period: &Period, tz: Tz) -> Option<DateTime<Utc>> {
        if !self.is_scheduled() {
            return None;
        }
        Some(match self.due_time {
            Some(time) => at_local(period.start, time, tz),
            None => start_of_day(period.end, tz),
        })
    }

    /// `count` turns from the one `day` is in (or the next, on a day a
    /// scheduled chore is not due).
    pub fn turns(&self, day: NaiveDate, count: usize) -> Vec<Turn> {
        if self.mode != Mode::Rotate || self.assigned.is_empty() {
            return Vec::new();
        }
        let mut turns = Vec::with_capacity(count);
        let mut at = self.period_from(day);
        while let Some(period) = at.filter(|_| turns.len() < count) {
            if let (Some(given), Some(holder)) = (self.given(&period), self.holder(&period)) {
                turns.push(Turn {
                    period,
                    holder,
                    swapped: self.in_order(&period) != Some(given),
                    covering: (holder != given).then_some(given),
                });
            }
            at = self.following(&period);
        }
        turns
    }

    /// The swaps that give `period` to `child`: whoever holds it takes
    /// `child`'s next turn after it, so each keeps as many turns as before.
    /// Empty when it is already theirs.
    pub fn swap(&self, period: &Period, child: Uuid) -> Vec<(NaiveDate, Uuid)> {
        let Some(holder) = self.holder(period).filter(|h| *h != child) else {
            return Vec::new();
        };
        let mut swaps = vec![(period.start, child)];
        if let Some(later) = self.next_turn_of(child, period) {
            swaps.push((later.start, holder));
        }
        swaps
    }
}

/// The instant the family's clock shows `time` on `day`. Where a change of
/// clocks skips that time, the first moment after the skip (the clock
/// passes the due time as it jumps); where it shows it twice, the first.
pub fn at_local(day: NaiveDate, time: NaiveTime, tz: Tz) -> DateTime<Utc> {
    let wall = day.and_time(time);
    (0..=180)
        .find_map(|minutes| {
            tz.from_local_datetime(&(wall + Duration::minutes(minutes)))
                .earliest()
        })
        .map(|local| local.with_timezone(&Utc))
        .unwrap_or_else(|| wall.and_utc())
}

/// A submission that counts (pending or approved) of a chore.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Mark {
    pub submission: Uuid,
    pub child: Uuid,
    /// The completion's date in the family's calendar.
    pub on: NaiveDate,
    pub submitted_at: DateTime<Utc>,
    pub approved: bool,
    pub late: bool,
}

/// Where a chore stands for one child at one moment.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Standing {
    /// The chore is for other children.
    NotAssigned,
    /// A scheduled chore on a day it is not due; `next` is its next due day.
    NotDue { next: Option<DateTime<Utc>> },
    /// Another child's turn; `next_turn` is when this child's comes.
    NotYourTurn {
        holder: Uuid,
        next_turn: Option<DateTime<Utc>>,
    },
    /// A sibling took it first; it is free again at `until`.
    Taken {
        by: Uuid,
        period: Period,
        until: DateTime<Utc>,
    },
    /// Done for now; `again` is when it can be done next.
    Done {
        mark: Mark,
        again: Option<DateTime<Utc>>,
    },
    /// The spec's lock after it was done on an earlier day.
    Cooldown { until: DateTime<Utc> },
    /// The child can do it now, within `period` (for a chore counted in
    /// periods), by `due_at` (for a scheduled one).
    Open {
        period: Option<Period>,
        due_at: Option<DateTime<Utc>>,
    },
}

/// What a child's list of today says about a chore.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Status {
    Todo,
    DueSoon,
    Late,
    Done,
    Missed,
    Taken,
    NotYourTurn,
    Cooldown,
    Paused,
}

/// "Due soon" is within this long of the due time.
pub const DUE_SOON: Duration = Duration::hours(1);

impl Standing {
    /// The status shown for it at `now`; none for a chore that does not
    /// concern the child today.
    pub fn status(&self, now: DateTime<Utc>) -> Option<Status> {
        Some(match self {
            Self::NotAssigned | Self::NotDue { .. } => return None,
            Self::NotYourTurn { .. } => Status::NotYourTurn,
            Self::Taken { .. } => Status::Taken,
            Self::Done { .. } => Status::Done,
            Self::Cooldown { .. } => Status::Cooldown,
            Self::Open { due_at, .. } => match due_at {
                Some(due) if now >= *due => Status::Late,
                Some(due) if now >= *due - DUE_SOON => Status::DueSoon,
                _ => Status::Todo,
            },
        })
    }

    /// When the child can next do it, if not now.
    pub fn next_available_at(&self) -> Option<DateTime<Utc>> {
        match self {
            Self::NotAssigned | Self::Open { .. } => None,
            Self::NotDue { next } => *next,
            Self::NotYourTurn { next_turn, .. } => *next_turn,
            Self::Taken { until, .. } => Some(*until),
            Self::Done { again, .. } => *again,
            Self::Cooldown { until } => Some(*until),
        }
    }
}

/// Where the chore of `rules` stands for `child` at `now`, given its
/// submissions that count (`marks`: every child's, of at least the last 31
/// days, the longest period and frequency).
pub fn standing(
    rules: &Rules,
    child: Uuid,
    marks: &[Mark],
    now: DateTime<Utc>,
    tz: Tz,
) -> Standing {
    if !rules.concerns(child) {
        return Standing::NotAssigned;
    }
    // As things stood at `now`: what was sent later does not count yet.
    let marks: Vec<Mark> = marks
        .iter()
        .filter(|m| m.submitted_at <= now)
        .copied()
        .collect();
    let marks = marks.as_slice();
    let today = local_date(now, tz);
    if !rules.has_periods() {
        return cooldown(rules, child, marks, now, tz);
    }
    let Some(period) = rules.period(today) else {
        return Standing::NotDue {
            next: rules
                .period_from(shift(today, 1))
                .map(|p| start_of_day(p.start, tz)),
        };
    };
    let starts = |p: Option<Period>| p.map(|p| start_of_day(p.start, tz));
    let in_period: Vec<&Mark> = marks.iter().filter(|m| period.contains(m.on)).collect();
    let own = in_period
        .iter()
        .filter(|m| m.child == child)
        .min_by_key(|m| m.submitted_at);
    let open = Standing::Open {
        period: Some(period),
        due_at: rules.due_at(&period, tz),
    };
    match rules.mode {
        Mode::Rotate => match rules.holder(&period) {
            Some(holder) if holder != child => Standing::NotYourTurn {
                holder,
                next_turn: starts(rules.next_turn_of(child, &period)),
            },
            _ => match own {
                Some(mark) if !rules.is_anytime() => Standing::Done {
                    mark: **mark,
                    again: starts(rules.next_turn_of(child, &period)),
                },
                _ => open,
            },
        },
        Mode::FirstCome => match in_period.iter().min_by_key(|m| m.submitted_at) {
            Some(first) if first.child != child => Standing::Taken {
                by: first.child,
                period,
                until: start_of_day(period.end, tz),
            },
            Some(mine) if !rules.is_anytime() => Standing::Done {
                mark: **mine,
                again: starts(rules.following(&period)),
            },
            _ => open,
        },
        Mode::Each => match own {
            Some(mark) => Standing::Done {
                mark: **mark,
                again: starts(rules.following(&period)),
            },
            None => open,
        },
    }
}

/// The spec's rule, for a chore each child does on their own without a
/// schedule: after each time, locked for its frequency in calendar days.
fn cooldown(rules: &Rules, child: Uuid, marks: &[Mark], now: DateTime<Utc>, tz: Tz) -> Standing {
    let last = marks
        .iter()
        .filter(|m| m.child == child)
        .max_by_key(|m| (m.on, m.submitted_at));
    let lock = domain::availability(rules.frequency_days, last.map(|m| m.on), now, tz);
    match (last, lock.next_available_at) {
        (Some(mark), again) if rules.frequency_days > 0 && mark.on == local_date(now, tz) => {
            Standing::Done { mark: *mark, again }
        }
        (_, Some(until)) if !lock.is_available => Standing::Cooldown { until },
        _ => Standing::Open {
            period: None,
            due_at: None,
        },
    }
}

/// The children who had to do the chore on `day` and sent nothing for it
/// (`marks`: the chore's submissions that count): its holder, for a chore
/// in turns; each assigned child, or each of `family` for a chore for every
/// child, for one each does on their own. Only a scheduled chore, on a due
/// day from the day its periods count from, can be missed; a first-come
/// chore nobody took was no one's. No child owes a due time (read in the
/// family's zone `tz`) that passed before they owed the chore at all
/// ([`Since::first_owed`]), and only a child of `family` (one this service
/// has heard of, so it knows since when) owes anything.
pub fn missed_on(
    rules: &Rules,
    since: &Since,
    day: NaiveDate,
    tz: Tz,
    family: &[Child],
    marks: &[Mark],
) -> Vec<Uuid> {
    let Some(period) = due_period(rules, day) else {
        return Vec::new();
    };
    let Some(due_at) = rules.due_at(&period, tz) else {
        return Vec::new();
    };
    let ids: Vec<Uuid> = family.iter().map(|c| c.id).collect();
    owers(rules, &period, &ids)
        .into_iter()
        .filter(|id| {
            family
                .iter()
                .find(|c| c.id == *id)
                .is_some_and(|child| since.first_owed(rules, child) <= due_at)
        })
        .filter(|child| !marks.iter().any(|m| m.child == *child && m.on == day))
        .collect()
}

/// The period of `day`, for a scheduled chore due that day from the day
/// its periods count from.
fn due_period(rules: &Rules, day: NaiveDate) -> Option<Period> {
    if !rules.is_scheduled() || day < rules.starts_on {
        return None;
    }
    rules.period(day)
}

/// Who owes `period` by the rules alone, `family` being every child: the
/// holder in turns, each child it is for when each does it; no one first come.
fn owers(rules: &Rules, period: &Period, family: &[Uuid]) -> Vec<Uuid> {
    match rules.mode {
        Mode::Rotate => rules.holder(period).into_iter().collect(),
        Mode::FirstCome => Vec::new(),
        Mode::Each if rules.assigned.is_empty() => family.to_vec(),
        Mode::Each => rules.assigned.clone(),
    }
}

/// The children to remind, before it is due, of the chore of `rules` on
/// `day`: those who would miss it if nothing changed ([`missed_on`]; before
/// its due time, every child it is for already owes it), and for a
/// first-come chore nobody has taken yet, each child it is for (it is
/// still anyone's to take).
pub fn owed_on(rules: &Rules, day: NaiveDate, family: &[Uuid], marks: &[Mark]) -> Vec<Uuid> {
    let Some(period) = due_period(rules, day) else {
        return Vec::new();
    };
    let unsent = |child: &Uuid| !marks.iter().any(|m| m.child == *child && m.on == day);
    if rules.mode != Mode::FirstCome {
        return owers(rules, &period, family)
            .into_iter()
            .filter(unsent)
            .collect();
    }
    if marks.iter().any(|m| m.on == day) {
        return Vec::new();
    }
    if rules.assigned.is_empty() {
        family.to_vec()
    } else {
        rules.assigned.clone()
    }
}

/// The field every assignment problem is told on.
pub const ASSIGNED: &str = "assignedChildIds";

/// The assigned children, checked against the family's: each a child of
/// the family, each once, and at least two to take turns.
pub fn assigned(mode: Mode, raw: &[String], family: &[Uuid]) -> Result<Vec<Uuid>, FieldError> {
    let mut ids = Vec::with_capacity(raw.len());
    for text in raw {
        let id = Uuid::parse_str(text.trim())
            .ok()
            .filter(|id| family.contains(id))
            .ok_or_else(|| codes::assigned_not_in_family().on(ASSIGNED))?;
        if ids.contains(&id) {
            return Err(codes::assigned_twice().on(ASSIGNED));
        }
        ids.push(id);
    }
    if mode == Mode::Rotate && ids.len() < 2 {
        return Err(codes::turns_need_two().on(ASSIGNED));
    }
    Ok(ids)
}

/// ISO weekdays, each once, ascending.
pub fn due_days(raw: &[i32]) -> Result<Vec<u32>, FieldError> {
    let mut days = Vec::with_capacity(raw.len());
    for day in raw {
        let day = u32::try_from(*day)
            .ok()
            .filter(|d| (1..=7).contains(d))
            .ok_or_else(|| codes::due_days_range().on("dueDays"))?;
        if days.contains(&day) {
            return Err(codes::due_day_twice().on("dueDays"));
        }
        days.push(day);
    }
    days.sort_unstable();
    Ok(days)
}

/// A time of day as HH:MM (24-hour); empty for none.
pub fn due_time(raw: &str) -> Result<Option<NaiveTime>, FieldError> {
    let text = raw.trim();
    if text.is_empty() {
        return Ok(None);
    }
    let well_formed = text.len() == 5
        && text.as_bytes()[2] == b':'
        && text
            .bytes()
            .enumerate()
            .all(|(i, b)| i == 2 || b.is_ascii_digit());
    well_formed
        .then(|| NaiveTime::parse_from_str(text, "%H:%M").ok())
        .flatten()
        .map(Some)
        .ok_or_else(|| codes::due_time_invalid().on("dueTime"))
}

/// The days a chore is due on: those chosen, or every day for a due time
/// given without days (what a parent who sets only a time means; the form
/// says the days are optional).
pub fn due_on(days: Vec<u32>, time: Option<NaiveTime>) -> Vec<u32> {
    match (days.is_empty(), time) {
        (true, Some(_)) => (1..=7).collect(),
        _ => days,
    }
}

/// A penalty for a missed day needs the days it is due on: a chore without
/// them is never missed.
pub fn penalty(days: &[u32], penalty_cents: i64) -> Result<(), FieldError> {
    if penalty_cents > 0 && days.is_empty() {
        return Err(codes::penalty_needs_days().on("missedPenalty"));
    }
    Ok(())
}

/// How a due time reads: HH:MM.
pub fn time_text(time: Option<NaiveTime>) -> String {
    time.map(|t| t.format("%H:%M").to_string())
        .unwrap_or_default()
}
