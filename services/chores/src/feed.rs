//! What a calendar feed shows, free of storage and of the clock, and its
//! RFC 5545 text.
//!
//! For the next [`DAYS_AHEAD`] days of the family's calendar, for each child
//! of the feed (the child's own feed: them alone; a parent's: every child,
//! each event naming the child):
//! - a scheduled chore on each due day that is the child's (their turn, or
//!   theirs to do or to take first), at its due time or all day;
//! - an unscheduled chore in turns or first come over each period that is
//!   the child's, as an all-day event of the period's days;
//! - an "any time" chore (locked for a while after each time) on the day it
//!   can be done again, when it is locked now;
//! - nothing on a day the child is paused: nothing is due then;
//! - each child's birthday, every year from this year's (never the year of
//!   birth: a subscribed calendar is often shared further than the family);
//! - each child's allowance pay days ([`allowance_days`]).
//!
//! UIDs name the chore, the child and the day (or period), so an event keeps
//! its UID across fetches; SEQUENCE is the chore's revision (the child's, for
//! a birthday), which grows with each edit, and DTSTAMP its last change.

use chrono::{DateTime, Datelike, Days, Duration, NaiveDate, Utc};
use chrono_tz::Tz;
use icalendar::{Calendar, Component, Event, Property};
use uuid::Uuid;

use crate::{
    pause::Pauses,
    schedule::{self, Mark, Rules, Standing},
    week::{self, Share},
};

/// How far ahead a feed shows chores, in days (today included).
pub const DAYS_AHEAD: u64 = 60;

/// A timed event ends at the chore's due time and starts this long before.
const TIMED_MINUTES: i64 = 30;

/// The product identifier of every feed (RFC 5545 PRODID).
pub const PRODID: &str = "-//Chorely//Calendar feed 1.0//EN";

/// A chore as a feed needs it.
pub struct FeedChore<'a> {
    pub id: Uuid,
    pub name: &'a str,
    pub description: &'a str,
    pub rules: &'a Rules,
    /// Grows with each edit (SEQUENCE).
    pub revision: i32,
    pub updated_at: DateTime<Utc>,
    /// Its submissions that count, of at least the last 31 days.
    pub marks: &'a [Mark],
}

/// A child as a feed needs them.
pub struct FeedChild {
    pub id: Uuid,
    pub name: String,
    pub born: Option<NaiveDate>,
    /// Grows when their name or birthday changes (SEQUENCE of the birthday).
    pub revision: i32,
    pub changed_at: DateTime<Utc>,
}

/// A child's allowance as a feed needs it: the amount and the pay days.
pub struct FeedAllowance {
    pub child: Uuid,
    pub amount_cents: i64,
    /// Paid each month on `day` (past a month's end: its last day); else
    /// each week on weekday `day`, 1 (Monday) to 7 (Sunday).
    pub monthly: bool,
    pub day: u32,
    /// Its last change (SEQUENCE and DTSTAMP).
    pub changed_at: DateTime<Utc>,
}

impl FeedAllowance {
    /// Whether `day` is a pay day (the rewards service's calendar: see its
    /// `periods` module).
    pub fn pays_on(&self, day: NaiveDate) -> bool {
        if !self.monthly {
            return day.weekday().number_from_monday() == self.day;
        }
        let last = day
            .with_day(1)
            .and_then(|first| first.checked_add_months(chrono::Months::new(1)))
            .and_then(|next| next.pred_opt())
            .map_or(31, |last| last.day());
        day.day() == self.day.min(last)
    }
}

/// What a feed shows, at `now` in the family's zone `tz`.
pub struct FeedInput<'a> {
    /// A parent's feed names the child in each event.
    pub names_children: bool,
    pub children: &'a [FeedChild],
    pub chores: &'a [FeedChore<'a>],
    pub pauses: &'a Pauses,
    /// The allowances of the family's children that are on.
    pub allowances: &'a [FeedAllowance],
    pub tz: Tz,
    pub now: DateTime<Utc>,
}

/// When an event happens.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum When {
    /// All day, one day of the family's calendar.
    Day(NaiveDate),
    /// All day, `from` to `until` (not included).
    Days { from: NaiveDate, until: NaiveDate },
    /// From `start` to `end` (instants, written in UTC).
    Time {
        start: DateTime<Utc>,
        end: DateTime<Utc>,
    },
    /// All day, every year from `from` (a birthday in the year the feed is
    /// made); `leap_day` for one born on 29 February, shown on the last day
    /// of each February.
    Yearly { from: NaiveDate, leap_day: bool },
}

impl When {
    /// The day it starts on, to order the events.
    fn first_day(&self, tz: Tz) -> NaiveDate {
        match self {
            Self::Day(day) | Self::Days { from: day, .. } | Self::Yearly { from: day, .. } => *day,
            Self::Time { start, .. } => start.with_timezone(&tz).date_naive(),
        }
    }
}

/// One event of a feed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Item {
    pub uid: String,
    pub summary: String,
    pub description: String,
    pub when: When,
    pub sequence: u32,
    pub stamp: DateTime<Utc>,
}

fn uid(parts: &[&dyn std::fmt::Display]) -> String {
    let joined: Vec<String> = parts.iter().map(ToString::to_string).collect();
    format!("{}@chorely", joined.join("."))
}

fn summary(text: String, child: &FeedChild, names_children: bool) -> String {
    if names_children {
        format!("{text} – {}", child.name)
    } else {
        text
    }
}

fn sequence(revision: i32) -> u32 {
    u32::try_from(revision).unwrap_or(0)
}

/// What the share of a chore says in an event's description.
fn share_text(share: Share, child: &FeedChild) -> String {
    match share {
        Share::Own => String::new(),
        Share::Turn { swapped: false } => format!("{}'s turn", child.name),
        Share::Turn { swapped: true } => format!("{}'s turn (swapped)", child.name),
        Share::FirstCome => "Whoever does it first takes it".to_owned(),
    }
}

fn describe(chore: &FeedChore<'_>, share: Option<Share>, child: &FeedChild) -> String {
    let share = share.map(|s| share_text(s, child)).unwrap_or_default();
    [chore.description.trim(), share.as_str()]
        .into_iter()
        .filter(|line| !line.is_empty())
        .collect::<Vec<_>>()
        .join("\n")
}

/// The days a feed shows from `today`.
pub fn window(today: NaiveDate) -> impl Iterator<Item = NaiveDate> {
    (0..DAYS_AHEAD).filter_map(move |i| today.checked_add_days(Days::new(i)))
}

/// Every event of the feed, in order of their first day.
pub fn items(input: &FeedInput<'_>) -> Vec<Item> {
    let today = input.now.with_timezone(&input.tz).date_naive();
    let mut items = Vec::new();
    for child in input.children {
        for chore in input.chores {
            chore_items(input, chore, child, today, &mut items);
        }
        items.extend(birthday(child, today.year()));
    }
    items.extend(allowance_days(input));
    items.sort_by(|a, b| {
        (a.when.first_day(input.tz), &a.uid).cmp(&(b.when.first_day(input.tz), &b.uid))
    });
    items
}

fn chore_items(
    input: &FeedInput<'_>,
    chore: &FeedChore<'_>,
    child: &FeedChild,
    today: NaiveDate,
    items: &mut Vec<Item>,
) {
    let rules = chore.rules;
    let event = |uid: String, text: String, share: Option<Share>, when: When| Item {
        uid,
        summary: summary(text, child, input.names_children),
        description: describe(chore, share, child),
        when,
        sequence: sequence(chore.revision),
        stamp: chore.updated_at,
    };
    if !rules.has_periods() {
        // Any time: locked for a while after each time; shown on the day it
        // can be done again.
        if rules.frequency_days <= 0 || !rules.concerns(child.id) {
            return;
        }
        let standing = schedule::standing(rules, child.id, chore.marks, input.now, input.tz);
        let again = match standing {
            Standing::Cooldown { until }
            | Standing::Done {
                again: Some(until), ..
            } => until,
            _ => return,
        };
        let day = again.with_timezone(&input.tz).date_naive();
        let last = today + Days::new(DAYS_AHEAD);
        if day > today && day < last && !input.pauses.covers(child.id, day) {
            items.push(event(
                uid(&[&chore.id, &child.id, &"again", &day]),
                format!("{} can be done again", chore.name),
                None,
                When::Day(day),
            ));
        }
        return;
    }
    for day in window(today) {
        let Some(slot) = week::slot(rules, child.id, day, input.tz) else {
            continue;
        };
        if input.pauses.covers(child.id, day) {
            continue;
        }
        if rules.is_scheduled() {
            let when = match (rules.due_time, slot.due_at) {
                (Some(_), Some(due)) => When::Time {
                    start: due - Duration::minutes(TIMED_MINUTES),
                    end: due,
                },
                _ => When::Day(day),
            };
            items.push(event(
                uid(&[&chore.id, &child.id, &day]),
                chore.name.to_owned(),
                Some(slot.share),
                when,
            ));
            continue;
        }
        // A period of several days: once, from its first day (or today,
        // for the one under way).
        let Some(period) = rules.period(day) else {
            continue;
        };
        if day != period.start && day != today {
            continue;
        }
        let when = if period.is_one_day() {
            When::Day(period.start)
        } else {
            When::Days {
                from: period.start,
                until: period.end,
            }
        };
        items.push(event(
            uid(&[&chore.id, &child.id, &period.start]),
            chore.name.to_owned(),
            Some(slot.share),
            when,
        ));
    }
}

/// A child's birthday, every year from its day in `year` (29 February: the
/// last day of February). The year of birth is nowhere in it: an event
/// starting on the date of birth tells the child's age to whoever the
/// calendar is shared with, and calendar apps show a feed's events to them.
fn birthday(child: &FeedChild, year: i32) -> Option<Item> {
    let born = child.born?;
    let leap_day = born.month() == 2 && born.day() == 29;
    let from = if leap_day {
        NaiveDate::from_ymd_opt(year, 3, 1).and_then(|march| march.pred_opt())
    } else {
        born.with_year(year)
    }?;
    Some(Item {
        uid: uid(&[&child.id, &"birthday"]),
        summary: format!("{}'s birthday", child.name),
        description: String::new(),
        when: When::Yearly { from, leap_day },
        sequence: sequence(child.revision),
        stamp: child.changed_at,
    })
}

/// Allowance days: an all-day event on each pay day of the window, per
/// child of the feed, with a UID of the child and the day. SEQUENCE is the
/// allowance's last change in seconds, so an edited amount replaces the
/// events calendar apps hold.
pub fn allowance_days(input: &FeedInput<'_>) -> Vec<Item> {
    let today = input.now.with_timezone(&input.tz).date_naive();
    let mut items = Vec::new();
    for allowance in input.allowances {
        let Some(child) = input.children.iter().find(|c| c.id == allowance.child) else {
            continue;
        };
        let cents = allowance.amount_cents;
        let text = format!("Allowance ${}.{:02}", cents / 100, cents % 100);
        for day in window(today).filter(|day| allowance.pays_on(*day)) {
            items.push(Item {
                uid: uid(&[&child.id, &"allowance", &day]),
                summary: summary(text.clone(), child, input.names_children),
                description: String::new(),
                when: When::Day(day),
                sequence: u32::try_from(allowance.changed_at.timestamp()).unwrap_or(0),
                stamp: allowance.changed_at,
            });
        }
    }
    items
}

/// Text as RFC 5545 may carry it: line breaks as `\n` (escaped by the
/// writer), no other control characters (TEXT allows none but tab).
fn clean(text: &str) -> String {
    text.replace("\r\n", "\n")
        .chars()
        .filter(|c| !c.is_control() || *c == '\n' || *c == '\t')
        .collect()
}

/// TEXT escaping (RFC 5545 3.3.11), for the one property the writer does
/// not know to be text.
fn escape(text: &str) -> String {
    text.replace('\\', "\\\\")
        .replace(';', "\\;")
        .replace(',', "\\,")
        .replace('\n', "\\n")
}

fn date_value(day: NaiveDate) -> String {
    day.format("%Y%m%d").to_string()
}

fn utc_value(at: DateTime<Utc>) -> String {
    at.format("%Y%m%dT%H%M%SZ").to_string()
}

fn date_property(key: &str, day: NaiveDate) -> Property {
    let mut property = Property::new(key, date_value(day));
    property.add_parameter("VALUE", "DATE");
    property
}

fn event(item: &Item) -> Event {
    let mut event = Event::new();
    event
        .uid(&item.uid)
        .summary(&clean(&item.summary))
        .sequence(item.sequence)
        .add_property("DTSTAMP", utc_value(item.stamp))
        .add_property("LAST-MODIFIED", utc_value(item.stamp))
        .add_property("TRANSP", "TRANSPARENT");
    let description = clean(&item.description);
    if !description.is_empty() {
        event.description(&description);
    }
    match item.when {
        When::Day(day) => {
            let next = day.succ_opt().unwrap_or(day);
            event
                .append_property(date_property("DTSTART", day))
                .append_property(date_property("DTEND", next));
        }
        When::Days { from, until } => {
            event
                .append_property(date_property("DTSTART", from))
                .append_property(date_property("DTEND", until));
        }
        When::Time { start, end } => {
            event
                .add_property("DTSTART", utc_value(start))
                .add_property("DTEND", utc_value(end));
        }
        When::Yearly { from, leap_day } => {
            let next = from.succ_opt().unwrap_or(from);
            let rule = if leap_day {
                "FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=-1"
            } else {
                "FREQ=YEARLY"
            };
            event
                .append_property(date_property("DTSTART", from))
                .append_property(date_property("DTEND", next))
                .add_property("RRULE", rule);
        }
    }
    event.done()
}

/// The feed's RFC 5545 text: CRLF line endings, lines folded at 75 octets
/// and text escaped by `icalendar`; all-day events as dates of the family's
/// calendar, timed ones in UTC (so no VTIMEZONE is needed).
pub fn render(name: &str, tz: Tz, items: &[Item]) -> String {
    let mut calendar = Calendar::empty();
    calendar
        .append_property(Property::new("VERSION", "2.0"))
        .append_property(Property::new("PRODID", PRODID))
        .append_property(Property::new("CALSCALE", "GREGORIAN"))
        .append_property(Property::new("METHOD", "PUBLISH"))
        // An extension property, not known to the writer as TEXT: escaped here.
        .append_property(Property::new("X-WR-CALNAME", escape(&clean(name))))
        .append_property(Property::new("X-WR-TIMEZONE", tz.name()))
        .append_property(
            Property::new("REFRESH-INTERVAL", "PT1H")
                .add_parameter("VALUE", "DURATION")
                .done(),
        )
        .append_property(Property::new("X-PUBLISHED-TTL", "PT1H"));
    for item in items {
        calendar.push(event(item));
    }
    calendar.done().to_string()
}

#[cfg(test)]
mod tests;
