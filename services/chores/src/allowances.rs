//! Children's allowances, kept from the rewards service's announcements so
//! calendar feeds can show pay days (a feed is read without a user, so it
//! cannot ask rewards).

use chorely_proto::events::v1::AllowanceChanged;
use chrono::DateTime;
use kit::consumer::{EventMeta, Handler};
use sqlx::PgConnection;
use uuid::Uuid;

use crate::{feed::FeedAllowance, store::allowances};

pub struct KeepAllowances;

impl Handler<AllowanceChanged> for KeepAllowances {
    async fn handle(
        &self,
        tx: &mut PgConnection,
        e: AllowanceChanged,
        _: &EventMeta,
    ) -> anyhow::Result<()> {
        let org = Uuid::parse_str(&e.organization_id)?;
        let row = allowances::AllowanceRow {
            child_id: Uuid::parse_str(&e.child_id)?,
            amount_cents: e.amount_cents,
            period: e.period,
            day: e.day,
            changed_at: e
                .changed_at
                .as_ref()
                .and_then(kit::time::from_proto)
                .unwrap_or(DateTime::UNIX_EPOCH),
        };
        allowances::announce(tx, org, &row).await?;
        Ok(())
    }
}

/// A kept allowance as a feed shows it.
pub fn for_feed(row: &allowances::AllowanceRow) -> FeedAllowance {
    FeedAllowance {
        child: row.child_id,
        amount_cents: row.amount_cents,
        monthly: row.period == "MONTHLY",
        day: u32::try_from(row.day).unwrap_or(0),
        changed_at: row.changed_at,
    }
}
