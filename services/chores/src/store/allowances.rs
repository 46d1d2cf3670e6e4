//! Children's allowances as rewards announced them (calendar feeds).

use chrono::{DateTime, Utc};
use kit::db::Traced;
use sqlx::{PgConnection, PgPool};
use uuid::Uuid;

use crate::error::Error;

#[derive(Debug, Clone)]
pub struct AllowanceRow {
    pub child_id: Uuid,
    pub amount_cents: i64,
    pub period: String,
    pub day: i32,
    pub changed_at: DateTime<Utc>,
}

/// Keeps the announced allowance unless a later one is kept already.
pub async fn announce(tx: &mut PgConnection, org: Uuid, row: &AllowanceRow) -> Result<(), Error> {
    sqlx::query!(
        "INSERT INTO allowances (child_id, organization_id, amount_cents, period, day, changed_at)
         VALUES ($1, $2, $3, $4, $5, $6)
         ON CONFLICT (child_id) DO UPDATE SET amount_cents = EXCLUDED.amount_cents,
            period = EXCLUDED.period, day = EXCLUDED.day, changed_at = EXCLUDED.changed_at
         WHERE allowances.changed_at < EXCLUDED.changed_at",
        row.child_id,
        org,
        row.amount_cents,
        row.period,
        row.day,
        row.changed_at,
    )
    .execute(tx)
    .traced("announce_allowance")
    .await?;
    Ok(())
}

/// The family's allowances that are on.
pub async fn of_family(pool: &PgPool, org: Uuid) -> Result<Vec<AllowanceRow>, Error> {
    Ok(sqlx::query_as!(
        AllowanceRow,
        "SELECT child_id, amount_cents, period, day, changed_at FROM allowances
         WHERE organization_id = $1 AND amount_cents > 0",
        org,
    )
    .fetch_all(pool)
    .traced("allowances_of_family")
    .await?)
}
