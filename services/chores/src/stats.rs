//! The counts of the dashboards, in the family's calendar: pending reviews,
//! approved chores over 30 days and this month, most and least done chores.

use chorely_proto::chores::v1 as pb;
use chrono::Utc;
use kit::authn::User;
use sqlx::PgPool;
use uuid::Uuid;

use crate::{clients::Clients, error::Error, store::stats, view};

/// Most and least active lists show this many chores.
const TOP: i64 = 5;
const WINDOW_DAYS: i64 = 30;

#[derive(Clone)]
pub struct Stats {
    pub pool: PgPool,
    pub clients: Clients,
}

fn count(n: i64) -> i32 {
    i32::try_from(n).unwrap_or(i32::MAX)
}

fn activity(rows: &[stats::Activity]) -> Vec<pb::ChoreActivity> {
    rows.iter()
        .map(|a| pb::ChoreActivity {
            chore: Some(view::chore(&a.chore)),
            completions: count(a.completions),
        })
        .collect()
}

impl Stats {
    pub async fn get(&self, user: &User, org: Uuid) -> Result<pb::ChoreStats, Error> {
        let child = if user.role.is_parent() {
            None
        } else {
            Some(user.child.unwrap_or_else(Uuid::nil))
        };
        let tz = self.clients.time_zone(user).await?;
        let now = Utc::now();
        let month = kit::time::start_of_month(now, tz);
        let window = now - chrono::Duration::days(WINDOW_DAYS);
        let (children, most, least) = tokio::try_join!(
            stats::children(&self.pool, org, child, window, month),
            stats::most_done(&self.pool, org, child, window, TOP),
            stats::least_done(&self.pool, org, child, window, TOP),
        )?;
        Ok(pb::ChoreStats {
            pending_total: count(children.iter().map(|c| c.pending).sum()),
            children: children
                .into_iter()
                .map(|c| pb::ChildChoreStats {
                    child_id: c.child_id.to_string(),
                    pending: count(c.pending),
                    completed_last_30_days: count(c.completed_last_30_days),
                    completed_this_month: count(c.completed_this_month),
                })
                .collect(),
            most_active: activity(&most),
            least_active: activity(&least),
        })
    }
}
