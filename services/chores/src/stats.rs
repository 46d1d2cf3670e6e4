//! The counts of the dashboards, in the family's calendar: pending reviews,
//! approved chores over 30 days and this month, most and least done chores.

use chorely_proto::chores::v1 as pb;
use kit::{authn::User, clock::Clock};
use sqlx::PgPool;
use uuid::Uuid;

use crate::{calendar, clients::Clients, error::Error, store::stats, view};

/// Most and least active lists show this many chores.
const TOP: usize = 5;
const WINDOW_DAYS: i64 = 30;
/// Misses count over the family's last 30 days, today included.
const MISSED_DAYS: u64 = 30;

#[derive(Clone)]
pub struct Stats {
    pub pool: PgPool,
    pub clients: Clients,
    pub clock: Clock,
}

fn count(n: i64) -> i32 {
    i32::try_from(n).unwrap_or(i32::MAX)
}

fn activity<'a>(rows: impl Iterator<Item = &'a stats::Activity>) -> Vec<pb::ChoreActivity> {
    rows.map(|a| pb::ChoreActivity {
        chore: Some(view::chore(&a.chore)),
        completions: count(a.completions),
    })
    .collect()
}

/// The [`TOP`] chores most often approved (at least once), ties in name
/// order. `chores` is in name order, and the sort is stable.
fn most_done(chores: &[stats::Activity]) -> Vec<pb::ChoreActivity> {
    let mut done: Vec<_> = chores.iter().filter(|a| a.completions > 0).collect();
    done.sort_by_key(|a| std::cmp::Reverse(a.completions));
    activity(done.into_iter().take(TOP))
}

/// The [`TOP`] chores least often approved, never done first, ties in name order.
fn least_done(chores: &[stats::Activity]) -> Vec<pb::ChoreActivity> {
    let mut all: Vec<_> = chores.iter().collect();
    all.sort_by_key(|a| a.completions);
    activity(all.into_iter().take(TOP))
}

impl Stats {
    pub async fn get(&self, user: &User, org: Uuid) -> Result<pb::ChoreStats, Error> {
        let child = if user.role.is_parent() {
            None
        } else {
            Some(user.child.unwrap_or_else(Uuid::nil))
        };
        let tz = calendar::time_zone(&self.pool, &self.clients, user, org).await?;
        let now = self.clock.now();
        let month = kit::time::start_of_month(now, tz);
        let window = now - chrono::Duration::days(WINDOW_DAYS);
        // Misses are counted by due day, over the days `GET /missed` lists
        // by default, so the column and History's card agree.
        let today = kit::time::local_date(now, tz);
        let since = today
            .checked_sub_days(chrono::Days::new(MISSED_DAYS))
            .unwrap_or(today);
        let (children, activity, misses) = tokio::try_join!(
            stats::children(&self.pool, org, child, window, month),
            stats::activity(&self.pool, org, child, window),
            stats::missed(&self.pool, org, child, since),
        )?;
        let (most, least) = (most_done(&activity), least_done(&activity));
        Ok(pb::ChoreStats {
            pending_total: count(children.iter().map(|c| c.pending).sum()),
            children: per_child(children, &misses),
            most_active: most,
            least_active: least,
        })
    }
}

/// Each child's counts with their misses, a child who only missed chores
/// included.
fn per_child(
    children: Vec<stats::ChildCounts>,
    misses: &[stats::ChildMisses],
) -> Vec<pb::ChildChoreStats> {
    let missed_by = |id: Uuid| {
        misses
            .iter()
            .find(|m| m.child_id == id)
            .map_or(0, |m| m.missed)
    };
    let mut out: Vec<_> = children
        .iter()
        .map(|c| pb::ChildChoreStats {
            child_id: c.child_id.to_string(),
            pending: count(c.pending),
            completed_last_30_days: count(c.completed_last_30_days),
            completed_this_month: count(c.completed_this_month),
            missed_last_30_days: count(missed_by(c.child_id)),
        })
        .collect();
    out.extend(
        misses
            .iter()
            .filter(|m| !children.iter().any(|c| c.child_id == m.child_id))
            .map(|m| pb::ChildChoreStats {
                child_id: m.child_id.to_string(),
                missed_last_30_days: count(m.missed),
                ..pb::ChildChoreStats::default()
            }),
    );
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::chores::ChoreRow;

    /// Active chores in name order, as the query returns them.
    fn chores(counts: &[(&str, i64)]) -> Vec<stats::Activity> {
        counts
            .iter()
            .map(|(name, completions)| stats::Activity {
                chore: ChoreRow {
                    id: Uuid::new_v4(),
                    category_id: Uuid::new_v4(),
                    category_name: "Home".into(),
                    name: (*name).into(),
                    description: String::new(),
                    base_reward_cents: 100,
                    frequency_days: 0,
                    requires_photo: false,
                    is_active: true,
                    ..ChoreRow::default()
                },
                completions: *completions,
            })
            .collect()
    }

    #[test]
    fn a_child_who_only_missed_chores_is_counted_too() {
        let (lily, max) = (Uuid::new_v4(), Uuid::new_v4());
        let counts = vec![stats::ChildCounts {
            child_id: lily,
            pending: 1,
            completed_last_30_days: 4,
            completed_this_month: 2,
        }];
        let misses = [
            stats::ChildMisses {
                child_id: max,
                missed: 3,
            },
            stats::ChildMisses {
                child_id: lily,
                missed: 1,
            },
        ];
        let out = per_child(counts, &misses);
        assert_eq!(out.len(), 2);
        assert_eq!(out[0].child_id, lily.to_string());
        assert_eq!(
            (out[0].completed_last_30_days, out[0].missed_last_30_days),
            (4, 1)
        );
        assert_eq!(out[1].child_id, max.to_string());
        assert_eq!((out[1].pending, out[1].missed_last_30_days), (0, 3));
    }

    fn names(list: &[pb::ChoreActivity]) -> Vec<(String, i32)> {
        list.iter()
            .map(|a| (a.chore.as_ref().unwrap().name.clone(), a.completions))
            .collect()
    }

    fn pairs(list: &[(&str, i32)]) -> Vec<(String, i32)> {
        list.iter().map(|(n, c)| ((*n).into(), *c)).collect()
    }

    #[test]
    fn most_done_leaves_out_chores_never_done_and_breaks_ties_by_name() {
        let all = chores(&[
            ("Bed", 3),
            ("Dishes", 7),
            ("Dog", 0),
            ("Laundry", 3),
            ("Plants", 1),
            ("Trash", 5),
            ("Windows", 2),
        ]);
        assert_eq!(
            names(&most_done(&all)),
            pairs(&[
                ("Dishes", 7),
                ("Trash", 5),
                ("Bed", 3),
                ("Laundry", 3),
                ("Windows", 2)
            ])
        );
        assert!(most_done(&chores(&[("Bed", 0)])).is_empty());
    }

    #[test]
    fn least_done_puts_never_done_first_and_breaks_ties_by_name() {
        let all = chores(&[
            ("Bed", 3),
            ("Dishes", 7),
            ("Dog", 0),
            ("Laundry", 0),
            ("Plants", 1),
            ("Trash", 1),
            ("Windows", 2),
        ]);
        assert_eq!(
            names(&least_done(&all)),
            pairs(&[
                ("Dog", 0),
                ("Laundry", 0),
                ("Plants", 1),
                ("Trash", 1),
                ("Windows", 2)
            ])
        );
        assert_eq!(least_done(&chores(&[("Bed", 4)])).len(), 1);
    }
}
