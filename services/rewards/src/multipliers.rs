//! Multiplier settings per family, and each child's multiplier from them.

use chorely_proto::{family::v1::Child, rewards::v1 as pb};
use chrono::{Days, NaiveDate};
use chrono_tz::Tz;
use kit::clock::Clock;
use sqlx::{PgConnection, PgPool};
use uuid::Uuid;

use crate::{
    error::Error,
    multiplier::{self, Settings},
    store::{self, standings::Children},
    subjects::{self, Standing},
};

/// Streaks are counted this far back (the longest step is 90 days).
const STREAK_WINDOW_DAYS: i64 = 100;

/// A family's multiplier settings and time zone, read once for all its children.
pub struct Family {
    pub org: Uuid,
    pub settings: Settings,
    pub time_zone: String,
}

#[derive(Clone)]
pub struct Multipliers {
    pub pool: PgPool,
    /// Today, for streaks and the window they are counted in.
    pub clock: Clock,
}

/// Consecutive days with an approved chore, ending today or yesterday (a
/// streak is not lost before the day is over), after the last day the child
/// missed a chore (`missed`; an excused miss does not count). `days` newest first.
pub fn streak(days: &[NaiveDate], today: NaiveDate, missed: Option<NaiveDate>) -> i32 {
    streak_paused(days, today, missed, &[])
}

/// [`streak`] across pauses (`paused`: ranges of days, both ends included):
/// a paused day neither grows the streak (a chore done anyway does not
/// count) nor breaks it (nothing was owed), so the days on either side of a
/// pause count as consecutive.
pub fn streak_paused(
    days: &[NaiveDate],
    today: NaiveDate,
    missed: Option<NaiveDate>,
    paused: &[(NaiveDate, NaiveDate)],
) -> i32 {
    let Some(oldest) = days.last().copied() else {
        return 0;
    };
    let is_paused = |day: NaiveDate| paused.iter().any(|(from, to)| *from <= day && day <= *to);
    let done = |day: NaiveDate| days.contains(&day);
    let broken = |day: NaiveDate| missed.is_some_and(|m| day <= m);
    let previous = |day: NaiveDate| day.checked_sub_days(Days::new(1));
    // Today counts once done; until then the streak runs to yesterday.
    let mut at = if done(today) || is_paused(today) {
        Some(today)
    } else {
        previous(today)
    };
    let mut count = 0;
    while let Some(day) = at.filter(|day| *day >= oldest) {
        if !is_paused(day) {
            if broken(day) || !done(day) {
                break;
            }
            count += 1;
        }
        at = previous(day);
    }
    count
}

impl Multipliers {
    pub async fn settings(&self, org: Uuid) -> Result<pb::MultiplierSettings, Error> {
        Ok(store::multipliers::settings(&self.pool, org)
            .await?
            .to_proto())
    }

    pub async fn save(
        &self,
        org: Uuid,
        req: &pb::MultiplierSettings,
    ) -> Result<pb::MultiplierSettings, Error> {
        let settings = Settings::from_proto(req)?;
        let mut tx = self.pool.begin().await?;
        store::multipliers::save(&mut tx, org, &settings).await?;
        crate::subjects::changed(&mut tx, org, None).await?;
        tx.commit().await?;
        Ok(settings.to_proto())
    }

    /// What every child of a family is measured against: its settings and calendar.
    pub async fn family(&self, conn: &mut PgConnection, org: Uuid) -> Result<Family, Error> {
        let (settings, time_zone) = store::multipliers::with_time_zone(&mut *conn, org).await?;
        Ok(Family {
            org,
            settings,
            time_zone,
        })
    }

    /// A child's multiplier now, with the school standing it came from.
    pub async fn of(&self, org: Uuid, child: &Child) -> Result<(pb::Multiplier, Standing), Error> {
        let mut conn = self.pool.acquire().await?;
        let family = self.family(&mut conn, org).await?;
        let mut one = self
            .of_children(&mut conn, &family, std::slice::from_ref(child))
            .await?;
        one.pop().ok_or(Error::ChildNotFound)
    }

    /// [`Multipliers::of`] for each of `children` (in their order) of a
    /// family already read: one statement on `conn` whatever their number
    /// (see [`store::standings`] for why one).
    pub async fn of_children(
        &self,
        conn: &mut PgConnection,
        family: &Family,
        children: &[Child],
    ) -> Result<Vec<(pb::Multiplier, Standing)>, Error> {
        let ids = ids_of(children)?;
        let evidence = self.evidence(conn, family, Children::These(&ids)).await?;
        Ok(measure(family, children, &ids, &evidence))
    }

    /// What the multipliers of `which` children are worked out from, as of now.
    pub async fn evidence(
        &self,
        conn: &mut PgConnection,
        family: &Family,
        which: Children<'_>,
    ) -> Result<Evidence, Error> {
        let tz: Tz = family.time_zone.parse().unwrap_or(Tz::UTC);
        let now = self.clock.now();
        let since = now - chrono::Duration::days(STREAK_WINDOW_DAYS);
        let window_start = since.with_timezone(&tz).date_naive();
        let sets = store::standings::of_children(
            &mut *conn,
            family.org,
            which,
            &family.time_zone,
            since,
            window_start,
        )
        .await?;
        Ok(Evidence {
            today: now.with_timezone(&tz).date_naive(),
            sets,
        })
    }

    /// [`Multipliers::of_children`] from evidence read before the family
    /// service said who the children are ([`Children::Known`]): read again,
    /// for exactly these children, when it lacks one of them (a child whose
    /// `ChildCreated` is still on its way).
    pub async fn of_known(
        &self,
        conn: &mut PgConnection,
        family: &Family,
        children: &[Child],
        known: Evidence,
    ) -> Result<Vec<(pb::Multiplier, Standing)>, Error> {
        let ids = ids_of(children)?;
        let evidence = if ids.iter().all(|id| known.sets.children.contains(id)) {
            known
        } else {
            self.evidence(conn, family, Children::These(&ids)).await?
        };
        Ok(measure(family, children, &ids, &evidence))
    }
}

/// The evidence of some children, and the family's day it was read on.
pub struct Evidence {
    today: NaiveDate,
    sets: store::standings::Evidence,
}

impl Evidence {
    /// Whose evidence it is.
    pub fn children(&self) -> &[Uuid] {
        &self.sets.children
    }
}

fn ids_of(children: &[Child]) -> Result<Vec<Uuid>, Error> {
    children
        .iter()
        .map(|c| Uuid::parse_str(&c.id).map_err(|_| Error::ChildNotFound))
        .collect()
}

/// Each of `children` (their ids `ids`, in the same order) measured against
/// the family's settings.
fn measure(
    family: &Family,
    children: &[Child],
    ids: &[Uuid],
    evidence: &Evidence,
) -> Vec<(pb::Multiplier, Standing)> {
    let Evidence { today, sets } = evidence;
    let standings = subjects::standings(ids, &sets.subjects, &sets.grades);
    children
        .iter()
        .zip(ids)
        .map(|(child, id)| {
            let standing = standings.get(id).copied().unwrap_or_default();
            let theirs: Vec<(NaiveDate, NaiveDate)> = sets
                .pauses
                .iter()
                .filter(|(who, _, _)| who.is_none_or(|c| c == *id))
                .map(|(_, from, to)| (*from, *to))
                .collect();
            let days = sets.chore_days.get(id).map_or(&[][..], Vec::as_slice);
            let multiplier = multiplier::compute(
                &family.settings,
                &multiplier::Standing {
                    gpa_letter: standing.letter(),
                    failing: standing.failing,
                    ratings: [
                        child.honesty_rating,
                        child.respect_rating,
                        child.rules_rating,
                    ],
                    streak_days: streak_paused(
                        days,
                        *today,
                        sets.last_missed.get(id).copied(),
                        &theirs,
                    ),
                },
            );
            (multiplier, standing)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn d(s: &str) -> NaiveDate {
        NaiveDate::parse_from_str(s, "%Y-%m-%d").unwrap()
    }

    #[test]
    fn a_streak_counts_back_from_today_or_yesterday() {
        let today = d("2026-03-10");
        assert_eq!(streak(&[], today, None), 0);
        assert_eq!(
            streak(
                &[d("2026-03-10"), d("2026-03-09"), d("2026-03-08")],
                today,
                None
            ),
            3
        );
        assert_eq!(streak(&[d("2026-03-09"), d("2026-03-08")], today, None), 2);
        assert_eq!(streak(&[d("2026-03-08"), d("2026-03-07")], today, None), 0);
        assert_eq!(streak(&[d("2026-03-10"), d("2026-03-08")], today, None), 1);
        // Across a month boundary.
        let days: Vec<NaiveDate> = (0..40)
            .map(|n| today.checked_sub_days(Days::new(n)).unwrap())
            .collect();
        assert_eq!(streak(&days, today, None), 40);
    }

    #[test]
    fn a_missed_chore_breaks_the_streak() {
        let today = d("2026-03-10");
        let days = [
            d("2026-03-10"),
            d("2026-03-09"),
            d("2026-03-08"),
            d("2026-03-07"),
        ];
        assert_eq!(streak(&days, today, Some(d("2026-03-08"))), 2);
        assert_eq!(streak(&days, today, Some(d("2026-03-10"))), 0);
        // A miss before the streak began changes nothing.
        assert_eq!(streak(&days, today, Some(d("2026-03-01"))), 4);
    }

    /// Rows of (days with an approved chore, pauses, expected streak) on
    /// Tuesday 10 March 2026.
    #[test]
    fn a_pause_neither_grows_nor_breaks_a_streak() {
        let today = d("2026-03-10");
        let range = |from: &str, to: &str| (d(from), d(to));
        type Row<'a> = (
            &'a [&'a str],
            Vec<(NaiveDate, NaiveDate)>,
            Option<&'a str>,
            i32,
        );
        let rows: [Row; 8] = [
            // Done the 2nd to the 5th, paused the 6th to the 8th, done the 9th and 10th.
            (
                &[
                    "2026-03-10",
                    "2026-03-09",
                    "2026-03-05",
                    "2026-03-04",
                    "2026-03-03",
                    "2026-03-02",
                ],
                vec![range("2026-03-06", "2026-03-08")],
                None,
                6,
            ),
            // The same without the pause: broken on the 8th.
            (
                &["2026-03-10", "2026-03-09", "2026-03-05", "2026-03-04"],
                vec![],
                None,
                2,
            ),
            // Chores done during the pause do not grow it.
            (
                &[
                    "2026-03-10",
                    "2026-03-09",
                    "2026-03-08",
                    "2026-03-07",
                    "2026-03-06",
                    "2026-03-05",
                ],
                vec![range("2026-03-06", "2026-03-08")],
                None,
                3,
            ),
            // Paused until yesterday: the streak before it still stands today.
            (
                &["2026-03-05", "2026-03-04"],
                vec![range("2026-03-06", "2026-03-09")],
                None,
                2,
            ),
            // Paused today: it stands, and today adds nothing.
            (
                &["2026-03-09", "2026-03-08"],
                vec![range("2026-03-10", "2026-03-12")],
                None,
                2,
            ),
            // A day between the pause and today with nothing done breaks it.
            (
                &["2026-03-05", "2026-03-04"],
                vec![range("2026-03-06", "2026-03-08")],
                None,
                0,
            ),
            // A child's pause and the family's, back to back.
            (
                &["2026-03-10", "2026-03-05"],
                vec![
                    range("2026-03-06", "2026-03-07"),
                    range("2026-03-08", "2026-03-09"),
                ],
                None,
                2,
            ),
            // A miss before the pause still breaks what came before it.
            (
                &["2026-03-10", "2026-03-05", "2026-03-04"],
                vec![range("2026-03-06", "2026-03-09")],
                Some("2026-03-04"),
                2,
            ),
        ];
        for (done, paused, missed, expected) in rows {
            let days: Vec<NaiveDate> = done.iter().map(|s| d(s)).collect();
            assert_eq!(
                streak_paused(&days, today, missed.map(d), &paused),
                expected,
                "{done:?} paused {paused:?}"
            );
        }
    }
}
