//! What statements read of the ledger: balances before a moment, and the
//! lines between two moments in the order they happened.

use chrono::{DateTime, Utc};
use kit::db::Traced;
use sqlx::PgConnection;
use uuid::Uuid;

use crate::{error::Error, store::ledger::JarAmounts};

#[derive(Debug, Clone)]
pub struct LineRow {
    pub id: Uuid,
    pub occurred_at: DateTime<Utc>,
    pub kind: String,
    pub jar: String,
    pub amount_cents: i64,
    pub notes: String,
    pub source_id: String,
    pub breakdown: Option<serde_json::Value>,
}

/// What each of the child's jars held just before `at`.
pub async fn jars_before(
    conn: &mut PgConnection,
    org: Uuid,
    child: Uuid,
    at: DateTime<Utc>,
) -> Result<JarAmounts, Error> {
    let row = sqlx::query!(
        r#"SELECT coalesce(sum(amount_cents) FILTER (WHERE jar = 'SPEND'), 0)::bigint AS "spend!",
                coalesce(sum(amount_cents) FILTER (WHERE jar = 'SAVE'), 0)::bigint AS "save!",
                coalesce(sum(amount_cents) FILTER (WHERE jar = 'GIVE'), 0)::bigint AS "give!"
         FROM ledger_entries
         WHERE organization_id = $1 AND child_id = $2 AND occurred_at < $3"#,
        org,
        child,
        at,
    )
    .fetch_one(conn)
    .traced("jars_before")
    .await?;
    Ok(JarAmounts {
        spend: row.spend,
        save: row.save,
        give: row.give,
    })
}

/// The child's lines from `from` (included) to `to` (excluded), in the
/// order they happened.
pub async fn lines(
    conn: &mut PgConnection,
    org: Uuid,
    child: Uuid,
    from: DateTime<Utc>,
    to: DateTime<Utc>,
) -> Result<Vec<LineRow>, Error> {
    Ok(sqlx::query_as!(
        LineRow,
        "SELECT id, occurred_at, kind, jar, amount_cents, notes, source_id, breakdown
         FROM ledger_entries
         WHERE organization_id = $1 AND child_id = $2 AND occurred_at >= $3 AND occurred_at < $4
         ORDER BY occurred_at, id",
        org,
        child,
        from,
        to,
    )
    .fetch_all(conn)
    .traced("statement_lines")
    .await?)
}

/// Keeps how an approved chore's reward was reached on each of its lines.
pub async fn keep_breakdown(
    tx: &mut PgConnection,
    org: Uuid,
    source_id: &str,
    breakdown: &serde_json::Value,
) -> Result<(), Error> {
    sqlx::query!(
        "UPDATE ledger_entries SET breakdown = $3
         WHERE organization_id = $1 AND kind = 'CHORE' AND source_id = $2",
        org,
        source_id,
        breakdown,
    )
    .execute(tx)
    .traced("keep_breakdown")
    .await?;
    Ok(())
}
