//! The counts of the dashboards, in the family's calendar: pending reviews,
//! approved chores over 30 days and this month, most and least done chores.

use chorely_proto::chores::v1 as pb;
use chrono::{DateTime, Utc};
use kit::authn::User;
use sqlx::PgPool;
use uuid::Uuid;

use crate::{clients::Clients, error::Error, store::ChoreRow, view};

/// Most and least active lists show this many chores.
const TOP: i64 = 5;
const WINDOW_DAYS: i64 = 30;

#[derive(Clone)]
pub struct Stats {
    pub pool: PgPool,
    pub clients: Clients,
}

#[derive(sqlx::FromRow)]
struct ChildCounts {
    child_id: Uuid,
    pending: i64,
    completed_last_30_days: i64,
    completed_this_month: i64,
}

#[derive(sqlx::FromRow)]
struct Activity {
    #[sqlx(flatten)]
    chore: ChoreRow,
    completions: i64,
}

fn count(n: i64) -> i32 {
    i32::try_from(n).unwrap_or(i32::MAX)
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
            self.children(org, child, window, month),
            self.activity(org, child, window, true),
            self.activity(org, child, window, false),
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
            most_active: most,
            least_active: least,
        })
    }

    async fn children(
        &self,
        org: Uuid,
        child: Option<Uuid>,
        window: DateTime<Utc>,
        month: DateTime<Utc>,
    ) -> Result<Vec<ChildCounts>, Error> {
        Ok(sqlx::query_as(
            "SELECT child_id,
                count(*) FILTER (WHERE status = 'PENDING') AS pending,
                count(*) FILTER (WHERE status = 'APPROVED' AND completed_at >= $3)
                    AS completed_last_30_days,
                count(*) FILTER (WHERE status = 'APPROVED' AND completed_at >= $4)
                    AS completed_this_month
             FROM submissions
             WHERE organization_id = $1 AND ($2::uuid IS NULL OR child_id = $2)
             GROUP BY child_id",
        )
        .bind(org)
        .bind(child)
        .bind(window)
        .bind(month)
        .fetch_all(&self.pool)
        .await?)
    }

    /// Active chores by approved completions in the window: the most done
    /// (at least once) or the least done (never done first).
    async fn activity(
        &self,
        org: Uuid,
        child: Option<Uuid>,
        window: DateTime<Utc>,
        most: bool,
    ) -> Result<Vec<pb::ChoreActivity>, Error> {
        let (having, order) = if most {
            ("HAVING count(s.id) > 0", "completions DESC")
        } else {
            ("", "completions ASC")
        };
        let rows: Vec<Activity> = sqlx::query_as(sqlx::AssertSqlSafe(format!(
            "SELECT c.id, c.category_id, k.name AS category_name, c.name, c.description,
                c.base_reward_cents, c.frequency_days, c.requires_photo, c.is_active,
                count(s.id) AS completions
             FROM chores c
             JOIN categories k ON k.id = c.category_id
             LEFT JOIN submissions s ON s.chore_id = c.id AND s.status = 'APPROVED'
                AND s.completed_at >= $3 AND ($2::uuid IS NULL OR s.child_id = $2)
             WHERE c.organization_id = $1 AND c.is_active
             GROUP BY c.id, k.name
             {having}
             ORDER BY {order}, lower(c.name)
             LIMIT $4"
        )))
        .bind(org)
        .bind(child)
        .bind(window)
        .bind(TOP)
        .fetch_all(&self.pool)
        .await?;
        Ok(rows
            .iter()
            .map(|a| pb::ChoreActivity {
                chore: Some(view::chore(&a.chore)),
                completions: count(a.completions),
            })
            .collect())
    }
}
