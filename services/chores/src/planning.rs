//! Today's chores of each child, with where each stands, and the turns of
//! chores that children take in turn (listed, and swapped by parents).

use std::collections::HashMap;

use chorely_proto::chores::v1 as pb;
use chrono::{DateTime, Days, NaiveDate, Utc};
use chrono_tz::Tz;
use kit::{
    authn::User,
    clock::Clock,
    codes::{self, Label},
    time::{local_date, to_proto},
    validate::FieldError,
};
use sqlx::PgPool;
use uuid::Uuid;

use crate::{
    calendar, catalogue,
    clients::{Asker, Clients},
    error::Error,
    pause,
    schedule::{self, Mark, Mode, Rules, Standing, Status},
    store::{
        children,
        chores::{self, ChoreRow},
        families, pauses, submissions, turns,
    },
    view,
    week::{self, Share},
};

/// Submissions and swaps older than this cannot change where a chore stands
/// today: the longest period and frequency are 30 days.
const LOOKBACK_DAYS: u64 = 31;

/// Turns listed when the caller does not say how many, and at most.
const TURNS_DEFAULT: usize = 7;
const TURNS_MAX: usize = 31;

/// How far ahead a parent can swap a turn.
const SWAP_AHEAD_DAYS: u64 = 366;

/// The first day whose submissions and swaps can still matter on `today`.
pub fn since(today: NaiveDate) -> NaiveDate {
    today - Days::new(LOOKBACK_DAYS)
}

/// A turn a parent may swap on `today`: today's or a later one, up to
/// [`SWAP_AHEAD_DAYS`] ahead (what is past is done or missed already).
fn swappable(day: NaiveDate, today: NaiveDate) -> Result<(), FieldError> {
    if day < today {
        return Err(codes::swap_in_past().on("date"));
    }
    if day > today + Days::new(SWAP_AHEAD_DAYS) {
        return Err(codes::swap_too_far_ahead().on("date"));
    }
    Ok(())
}

#[derive(Clone)]
pub struct Planning {
    pub pool: PgPool,
    pub clients: Clients,
    pub clock: Clock,
}

/// The names of the family's children, by id; a child deleted meanwhile has none.
struct Names(HashMap<Uuid, String>);

impl Names {
    fn of(&self, child: Uuid) -> String {
        self.0.get(&child).cloned().unwrap_or_default()
    }

    fn child(&self, child: Uuid) -> pb::ChildRef {
        pb::ChildRef {
            id: child.to_string(),
            name: self.of(child),
        }
    }
}

fn status(status: Status) -> pb::TodayStatus {
    match status {
        Status::Todo => pb::TodayStatus::Todo,
        Status::DueSoon => pb::TodayStatus::DueSoon,
        Status::Late => pb::TodayStatus::Late,
        Status::Done => pb::TodayStatus::Done,
        Status::Missed => pb::TodayStatus::Missed,
        Status::Taken => pb::TodayStatus::Taken,
        Status::NotYourTurn => pb::TodayStatus::NotYourTurn,
        Status::Cooldown => pb::TodayStatus::Cooldown,
        Status::Paused => pb::TodayStatus::Paused,
    }
}

fn chore_id(raw: &str) -> Result<Uuid, Error> {
    Uuid::parse_str(raw).map_err(|_| Error::ChoreNotFound)
}

/// One chore on a child's list today, or none when it does not concern
/// them today; with when it is due, to order the list. A child `paused`
/// today sees PAUSED.
#[allow(clippy::too_many_arguments)]
fn entry(
    chore: &ChoreRow,
    rules: &Rules,
    child: Uuid,
    marks: &[Mark],
    now: DateTime<Utc>,
    tz: Tz,
    names: &Names,
    paused: bool,
) -> Option<(Option<DateTime<Utc>>, pb::TodayChore)> {
    let standing = schedule::standing(rules, child, marks, now, tz);
    let shown = pause::status(&standing, now, paused)?;
    let period = rules.period(local_date(now, tz));
    let due_at = period.and_then(|p| rules.due_at(&p, tz));
    let mut item = pb::TodayChore {
        chore: Some(view::chore(chore)),
        status: status(shown).into(),
        due_at: due_at.map(to_proto),
        next_available_at: standing.next_available_at().map(to_proto),
        turn: period
            .and_then(|p| rules.holder(&p))
            .map(|holder| names.child(holder)),
        ..Default::default()
    };
    match &standing {
        Standing::Taken { by, .. } => item.taken_by = Some(names.child(*by)),
        Standing::Done { mark, .. } => {
            item.submission_id = mark.submission.to_string();
            item.submission_status = if mark.approved {
                pb::SubmissionStatus::Approved
            } else {
                pb::SubmissionStatus::Pending
            }
            .into();
            item.late = mark.late;
        }
        _ => {}
    }
    Some((due_at, item))
}

/// The children of `family` whose today `user` asked for: for a parent every
/// child, or the one `child_id` names; for a child only themselves.
fn wanted(
    user: &User,
    family: &[(Uuid, String)],
    child_id: &str,
) -> Result<Vec<(Uuid, String)>, Error> {
    Ok(if user.role.is_parent() {
        match child_id.trim() {
            "" => family.to_vec(),
            id => {
                let id = Uuid::parse_str(id).map_err(|_| Error::ChildNotFound)?;
                let one: Vec<_> = family.iter().filter(|(c, _)| *c == id).cloned().collect();
                if one.is_empty() {
                    return Err(Error::ChildNotFound);
                }
                one
            }
        }
    } else {
        let own = user
            .child
            .filter(|_| !user.role.is_parent())
            .ok_or(Error::NotAChild)?;
        if !child_id.trim().is_empty() && child_id.trim() != own.to_string() {
            return Err(Error::ChildNotFound);
        }
        let name = family
            .iter()
            .find(|(c, _)| *c == own)
            .map(|(_, name)| name.clone())
            .unwrap_or_default();
        vec![(own, name)]
    })
}

impl Planning {
    async fn time_zone(&self, user: &User, org: Uuid) -> Result<Tz, Error> {
        calendar::time_zone(&self.pool, &self.clients, user, org).await
    }

    /// Each chore that concerns a child today: the calling child's, or for
    /// a parent every child's (or the one `child_id` names). Chores due at a
    /// time come first, soonest first, then the others in the chores' order.
    pub async fn today(&self, user: &User, org: Uuid, child_id: &str) -> Result<pb::Today, Error> {
        self.today_of(user.into(), org, |family| wanted(user, family, child_id))
            .await
    }

    /// Every child's today in `org`, for the family board: asked by auth
    /// (with its service `token`), which checked the tablet's device token.
    pub async fn family_today(&self, token: &str, org: Uuid) -> Result<pb::Today, Error> {
        self.today_of(Asker::Service { token, org }, org, |family| {
            Ok(family.to_vec())
        })
        .await
    }

    /// Today's chores of the children `pick` takes from the family's, asking
    /// other services as `asker`.
    async fn today_of(
        &self,
        asker: Asker<'_>,
        org: Uuid,
        pick: impl FnOnce(&[(Uuid, String)]) -> Result<Vec<(Uuid, String)>, Error>,
    ) -> Result<pb::Today, Error> {
        // The family's children come from another service; everything read
        // here needs only the family's day, so it is read meanwhile (every
        // page a child opens waits for the slower of the two, not both).
        let now = self.clock.now();
        let reads = async {
            // One connection, one query after another: side by side, each on
            // a connection of its own, they were no quicker on two cores (an
            // unloaded read is bound by CPU), and each connection handed out
            // costs its scoping statement and its release.
            let mut conn = self.pool.acquire().await?;
            let (zone, known) = families::zone_and_children(&mut conn, org).await?;
            let tz = calendar::kept_or_asked(zone, &self.pool, &self.clients, asker, org).await?;
            let today = local_date(now, tz);
            let chores = chores::active(&mut *conn, org).await?;
            let marks = submissions::marks_of_family(&mut *conn, org, since(today)).await?;
            let swaps = turns::of_family(&mut *conn, org, since(today)).await?;
            let paused = pauses::of_family(&mut *conn, org, since(today)).await?;
            Ok::<_, Error>((conn, known, (tz, today, chores, marks, swaps, paused)))
        };
        let (family, (mut conn, known, (tz, today, chores, marks, swaps, paused))) =
            tokio::try_join!(self.clients.family_children(asker), reads)?;
        // Children created before their events were followed here are
        // learned from the family's answer (who can miss a chore): only
        // those not heard of, so a plan read writes nothing as a rule.
        let unknown: Vec<Uuid> = family
            .iter()
            .map(|(id, _)| *id)
            .filter(|id| !known.contains(id))
            .collect();
        if !unknown.is_empty() {
            children::learn_all(&mut *conn, org, &unknown, now).await?;
        }
        drop(conn);
        let wanted = pick(&family)?;
        let names = Names(family.into_iter().collect());
        let rules: Vec<Rules> = chores
            .iter()
            .map(|c| c.rules(swaps.get(&c.id).cloned().unwrap_or_default(), &paused))
            .collect();
        let children = wanted
            .into_iter()
            .map(|(child, name)| {
                let paused_until = paused.until(child, today);
                let paused = paused_until.is_some();
                let mut list: Vec<_> = chores
                    .iter()
                    .zip(&rules)
                    .filter_map(|(chore, rules)| {
                        let marks = marks.get(&chore.id).map_or(&[][..], Vec::as_slice);
                        entry(chore, rules, child, marks, now, tz, &names, paused)
                    })
                    .collect();
                list.sort_by_key(|(due_at, _)| (due_at.is_none(), *due_at));
                pb::ChildToday {
                    child: Some(pb::ChildRef {
                        id: child.to_string(),
                        name,
                    }),
                    chores: list.into_iter().map(|(_, item)| item).collect(),
                    paused_until: paused_until.map(|day| day.to_string()).unwrap_or_default(),
                }
            })
            .collect();
        Ok(pb::Today {
            date: today.to_string(),
            time_zone: tz.name().to_owned(),
            children,
        })
    }

    /// Who does what on the seven days from `from` (today when empty), for
    /// each child of the family, in the family's order (parents).
    pub async fn week(&self, parent: &User, org: Uuid, from: &str) -> Result<pb::Week, Error> {
        // As for today: the family's children are asked while the week is read.
        let reads = async {
            // One connection for the zone and the reads, as for today.
            let mut conn = self.pool.acquire().await?;
            let zone = families::time_zone(&mut *conn, org).await?;
            let tz = calendar::kept_or_asked(zone, &self.pool, &self.clients, parent, org).await?;
            let today = local_date(self.clock.now(), tz);
            let from = week::start(from, today)?;
            let chores = chores::active(&mut *conn, org).await?;
            let swaps = turns::of_family(&mut *conn, org, from.min(since(today))).await?;
            let paused = pauses::of_family(&mut *conn, org, from.min(since(today))).await?;
            Ok::<_, Error>((tz, from, chores, swaps, paused))
        };
        let (family, (tz, from, chores, swaps, paused)) =
            tokio::try_join!(self.clients.family_children(parent), reads)?;
        let to = from + Days::new(week::DAYS - 1);
        let rules: Vec<Rules> = chores
            .iter()
            .map(|c| c.rules(swaps.get(&c.id).cloned().unwrap_or_default(), &paused))
            .collect();
        let children = family
            .into_iter()
            .map(|(child, name)| pb::ChildWeek {
                days: week::days(&rules, child, from, &paused, tz)
                    .into_iter()
                    .map(|day| pb::WeekDay {
                        date: day.date.to_string(),
                        paused: day.paused,
                        chores: day
                            .chores
                            .into_iter()
                            .filter_map(|(at, slot)| {
                                let chore = chores.get(at)?;
                                Some(pb::WeekChore {
                                    chore_id: chore.id.to_string(),
                                    name: chore.name.clone(),
                                    mode: view::mode(rules.get(at)?.mode).into(),
                                    due_at: slot.due_at.map(to_proto),
                                    swapped: slot.share == (Share::Turn { swapped: true }),
                                })
                            })
                            .collect(),
                    })
                    .collect(),
                child: Some(pb::ChildRef {
                    id: child.to_string(),
                    name,
                }),
            })
            .collect();
        Ok(pb::Week {
            from: from.to_string(),
            to: to.to_string(),
            time_zone: tz.name().to_owned(),
            children,
        })
    }

    /// The coming turns of a chore in turns, from today's (none for other chores).
    pub async fn turns(
        &self,
        user: &User,
        org: Uuid,
        req: &pb::ListTurnsRequest,
    ) -> Result<pb::Turns, Error> {
        let id = chore_id(&req.chore_id)?;
        let count = usize::try_from(req.count)
            .ok()
            .filter(|n| (1..=TURNS_MAX).contains(n))
            .unwrap_or(TURNS_DEFAULT);
        let tz = self.time_zone(user, org).await?;
        let today = local_date(self.clock.now(), tz);
        let mut conn = self.pool.acquire().await?;
        let chore = chores::find(&mut conn, org, id)
            .await?
            .filter(|c| c.is_active)
            .ok_or(Error::ChoreNotFound)?;
        let swaps = turns::of_chore(&mut conn, id, since(today)).await?;
        let paused = pauses::of_family(&mut *conn, org, since(today)).await?;
        drop(conn);
        let rules = chore.rules(swaps, &paused);
        if rules.mode != Mode::Rotate {
            return Ok(pb::Turns {
                chore_id: id.to_string(),
                turns: Vec::new(),
            });
        }
        let names = Names(
            self.clients
                .family_children(user)
                .await?
                .into_iter()
                .collect(),
        );
        Ok(listed(id, &rules, today, count, &names))
    }

    /// Gives the turn that `req.date` (today when empty) falls in to
    /// `req.child_id`; whoever had it takes that child's next turn after it,
    /// so each keeps as many turns. Answers the coming turns.
    pub async fn swap(
        &self,
        parent: &User,
        org: Uuid,
        req: &pb::SwapTurnRequest,
    ) -> Result<pb::Turns, Error> {
        let id = chore_id(&req.chore_id)?;
        if req.child_id.trim().is_empty() {
            return Err(codes::required(Label::Child).on("childId").into());
        }
        let not_taking_turns = || codes::not_in_turns().on("childId");
        let child = Uuid::parse_str(req.child_id.trim()).map_err(|_| not_taking_turns())?;
        let tz = self.time_zone(parent, org).await?;
        let today = local_date(self.clock.now(), tz);
        let day = calendar::date(&req.date, "date")?.unwrap_or(today);
        swappable(day, today)?;
        let names = Names(
            self.clients
                .family_children(parent)
                .await?
                .into_iter()
                .collect(),
        );

        let mut tx = self.pool.begin().await?;
        chores::lock_chore(&mut tx, id).await?;
        let chore = chores::find(&mut tx, org, id)
            .await?
            .filter(|c| c.is_active)
            .ok_or(Error::ChoreNotFound)?;
        let paused = pauses::of_family(&mut *tx, org, since(today)).await?;
        let mut rules = chore.rules(turns::of_chore(&mut tx, id, since(today)).await?, &paused);
        if rules.mode != Mode::Rotate {
            return Err(Error::NoTurns);
        }
        if !rules.assigned.contains(&child) {
            return Err(not_taking_turns().into());
        }
        let period = rules
            .period(day)
            .ok_or_else(|| codes::not_due_on(day).on("date"))?;
        if rules.away(child, &period) {
            let until = paused.until(child, period.start).unwrap_or(period.start);
            return Err(codes::paused_then(names.of(child), until)
                .on("childId")
                .into());
        }
        let holder = rules.holder(&period).ok_or(Error::NoTurns)?;
        if holder == child {
            return Err(Error::AlreadyTheirTurn(names.of(child)));
        }
        let marks = submissions::marks_of_chore(&mut tx, id, period.start).await?;
        if marks
            .iter()
            .any(|m| m.child == holder && period.contains(m.on))
        {
            return Err(Error::TurnDone(names.of(holder)));
        }
        for (on, to) in rules.swap(&period, child) {
            turns::give(&mut tx, id, on, to).await?;
            rules.swaps.insert(on, to);
        }
        // Today's lists show whose turn it is.
        catalogue::announce_change(&mut tx, org).await?;
        tx.commit().await?;
        Ok(listed(id, &rules, today, TURNS_DEFAULT, &names))
    }
}

fn listed(chore: Uuid, rules: &Rules, today: NaiveDate, count: usize, names: &Names) -> pb::Turns {
    pb::Turns {
        chore_id: chore.to_string(),
        turns: rules
            .turns(today, count)
            .into_iter()
            .map(|turn| pb::Turn {
                starts_on: turn.period.start.to_string(),
                ends_on: turn.period.last_day().to_string(),
                child: Some(names.child(turn.holder)),
                swapped: turn.swapped,
                covering: turn.covering.map(|away| names.child(away)),
            })
            .collect(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn date(s: &str) -> NaiveDate {
        NaiveDate::parse_from_str(s, "%Y-%m-%d").unwrap()
    }

    #[test]
    fn turns_are_swapped_from_today_up_to_a_year_ahead() {
        let today = date("2030-01-10");
        assert_eq!(swappable(today, today), Ok(()));
        assert_eq!(swappable(date("2031-01-11"), today), Ok(()));
        let past = swappable(date("2030-01-09"), today).unwrap_err();
        assert_eq!((past.field, past.code()), ("date", "SWAP_IN_PAST"));
        assert_eq!(
            past.message(),
            "Only today's turn or a later one can be swapped"
        );
        let far = swappable(date("2031-01-12"), today).unwrap_err();
        assert_eq!(far.code(), "SWAP_TOO_FAR_AHEAD");
        assert_eq!(far.message(), "Turns can be swapped up to a year ahead");
    }

    #[test]
    fn a_day_without_a_turn_is_named_in_the_refusal() {
        let refusal = codes::not_due_on(date("2030-03-05"));
        assert_eq!(refusal.code(), "NOT_DUE_ON");
        assert_eq!(refusal.message(), "This chore is not due on March 5, 2030");
    }
}
