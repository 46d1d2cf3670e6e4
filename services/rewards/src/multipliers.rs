//! Multiplier settings per family, and each child's multiplier from them.

use chorely_proto::{family::v1::Child, rewards::v1 as pb};
use chrono::{Days, NaiveDate, Utc};
use chrono_tz::Tz;
use sqlx::PgPool;
use uuid::Uuid;

use crate::{
    error::Error,
    multiplier::{self, Settings},
    store,
    subjects::{Standing, Subjects},
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
    pub subjects: Subjects,
}

/// Consecutive days with an approved chore, ending today or yesterday (a
/// streak is not lost before the day is over), after the last day the child
/// missed a chore (`missed`; an excused miss does not count). `days` newest first.
pub fn streak(days: &[NaiveDate], today: NaiveDate, missed: Option<NaiveDate>) -> i32 {
    let Some(first) = days.first().copied() else {
        return 0;
    };
    let broken = |day: NaiveDate| missed.is_some_and(|m| day <= m);
    if first != today && Some(first) != today.checked_sub_days(Days::new(1)) {
        return 0;
    }
    let mut expected = first;
    let mut count = 0;
    for day in days {
        if *day != expected || broken(*day) {
            break;
        }
        count += 1;
        match expected.checked_sub_days(Days::new(1)) {
            Some(previous) => expected = previous,
            None => break,
        }
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
        store::multipliers::save(&self.pool, org, &settings).await?;
        Ok(settings.to_proto())
    }

    /// What every child of a family is measured against: its settings and calendar.
    pub async fn family(&self, org: Uuid) -> Result<Family, Error> {
        let (settings, time_zone) = tokio::try_join!(
            store::multipliers::settings(&self.pool, org),
            store::families::time_zone(&self.pool, org),
        )?;
        Ok(Family {
            org,
            settings,
            time_zone,
        })
    }

    /// A child's multiplier now, with the school standing it came from.
    pub async fn of(&self, org: Uuid, child: &Child) -> Result<(pb::Multiplier, Standing), Error> {
        let family = self.family(org).await?;
        self.of_in(&family, child).await
    }

    /// [`Multipliers::of`] for a child of a family already read.
    pub async fn of_in(
        &self,
        family: &Family,
        child: &Child,
    ) -> Result<(pb::Multiplier, Standing), Error> {
        let id = Uuid::parse_str(&child.id).map_err(|_| Error::ChildNotFound)?;
        let tz: Tz = family.time_zone.parse().unwrap_or(Tz::UTC);
        let now = Utc::now();
        let since = now - chrono::Duration::days(STREAK_WINDOW_DAYS);
        let today = now.with_timezone(&tz).date_naive();
        let window_start = since.with_timezone(&tz).date_naive();
        let (standing, days, missed) = tokio::try_join!(
            self.subjects.standing_of(family.org, id),
            store::ledger::chore_days(&self.pool, id, &family.time_zone, since),
            store::penalties::last_missed(&self.pool, id, window_start),
        )?;
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
                streak_days: streak(&days, today, missed),
            },
        );
        Ok((multiplier, standing))
    }
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
}
