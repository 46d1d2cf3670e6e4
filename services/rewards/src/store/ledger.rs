//! The ledger: every change of a child's money, append-only; a balance is
//! the sum of a child's entries.

use std::collections::HashMap;

use chorely_proto::events::v1::LedgerEntryRecorded;
use chrono::{DateTime, NaiveDate, Utc};
use kit::db::Traced;
use sqlx::{PgConnection, PgPool};
use uuid::Uuid;

use crate::error::Error;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    Chore,
    Adjustment,
    Payout,
    Birthday,
    /// A missed chore's penalty (negative, at most the balance).
    Missed,
    /// A missed chore excused: its penalty given back.
    Excused,
    /// Money moved from one jar to another: two lines, summing to zero.
    Transfer,
    /// A store reward approved: its price taken from the SPEND jar.
    Redemption,
    /// A period's allowance, split like any earning.
    Allowance,
    /// A month's interest on the SAVE jar.
    Interest,
}

impl Kind {
    pub fn as_str(self) -> &'static str {
        match self {
            Kind::Chore => "CHORE",
            Kind::Adjustment => "ADJUSTMENT",
            Kind::Payout => "PAYOUT",
            Kind::Birthday => "BIRTHDAY",
            Kind::Missed => "MISSED",
            Kind::Excused => "EXCUSED",
            Kind::Transfer => "TRANSFER",
            Kind::Redemption => "REDEMPTION",
            Kind::Allowance => "ALLOWANCE",
            Kind::Interest => "INTEREST",
        }
    }
}

/// The jars a child's money is in; the balance is their sum.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Jar {
    Spend,
    Save,
    Give,
}

impl Jar {
    pub const ALL: [Jar; 3] = [Jar::Spend, Jar::Save, Jar::Give];

    pub fn as_str(self) -> &'static str {
        match self {
            Jar::Spend => "SPEND",
            Jar::Save => "SAVE",
            Jar::Give => "GIVE",
        }
    }

    pub fn parse(name: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|j| j.as_str() == name)
    }
}

/// What each of a child's jars holds.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct JarAmounts {
    pub spend: i64,
    pub save: i64,
    pub give: i64,
}

impl JarAmounts {
    pub fn get(&self, jar: Jar) -> i64 {
        match jar {
            Jar::Spend => self.spend,
            Jar::Save => self.save,
            Jar::Give => self.give,
        }
    }

    pub fn total(&self) -> i64 {
        self.spend + self.save + self.give
    }
}

#[derive(Debug, Clone)]
pub struct EntryRow {
    pub id: Uuid,
    pub child_id: Uuid,
    pub kind: String,
    pub jar: String,
    pub amount_cents: i64,
    pub notes: String,
    pub created_by: Option<Uuid>,
    pub created_at: DateTime<Utc>,
}

#[derive(Clone, Copy)]
pub struct NewEntry<'a> {
    pub org: Uuid,
    pub child: Uuid,
    pub kind: Kind,
    pub jar: Jar,
    pub source_id: &'a str,
    pub amount_cents: i64,
    pub notes: &'a str,
    pub created_by: Option<Uuid>,
    pub occurred_at: DateTime<Utc>,
}

/// Appends an entry and announces it in the same transaction (dashboards and
/// live views follow balances through that event); `None` when its source is
/// already in the ledger, and then nothing is announced.
pub async fn insert(tx: &mut PgConnection, e: &NewEntry<'_>) -> Result<Option<EntryRow>, Error> {
    let row = sqlx::query_as!(
        EntryRow,
        "INSERT INTO ledger_entries (id, organization_id, child_id, kind, source_id,
            amount_cents, notes, created_by, occurred_at, jar)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
         ON CONFLICT ON CONSTRAINT ledger_entries_source_key DO NOTHING
         RETURNING id, child_id, kind, jar, amount_cents, notes, created_by, created_at",
        Uuid::now_v7(),
        e.org,
        e.child,
        e.kind.as_str(),
        e.source_id,
        e.amount_cents,
        e.notes,
        e.created_by,
        e.occurred_at,
        e.jar.as_str(),
    )
    .fetch_optional(&mut *tx)
    .traced("insert_entry")
    .await?;
    if let Some(row) = &row {
        kit::outbox::enqueue(
            tx,
            &LedgerEntryRecorded {
                entry_id: row.id.to_string(),
                organization_id: e.org.to_string(),
                child_id: e.child.to_string(),
                kind: e.kind.as_str().to_owned(),
                amount_cents: e.amount_cents,
                occurred_at: Some(kit::time::to_proto(e.occurred_at)),
                jar: e.jar.as_str().to_owned(),
            },
        )
        .await?;
        // Every movement is a line written here, so this is where a save jar
        // that rose is seen to cover a goal, whatever moved it.
        if e.jar == Jar::Save && e.amount_cents > 0 {
            crate::goals::check(tx, e.org, e.child).await?;
        }
    }
    Ok(row)
}

/// The family's lines of `kind` from `source_id` (one per jar it moved),
/// empty when not recorded.
pub async fn find(
    conn: &mut PgConnection,
    org: Uuid,
    kind: Kind,
    source_id: &str,
) -> Result<Vec<EntryRow>, Error> {
    Ok(sqlx::query_as!(
        EntryRow,
        "SELECT id, child_id, kind, jar, amount_cents, notes, created_by, created_at
         FROM ledger_entries WHERE organization_id = $1 AND kind = $2 AND source_id = $3
         ORDER BY id",
        org,
        kind.as_str(),
        source_id,
    )
    .fetch_all(conn)
    .traced("find_entry")
    .await?)
}

/// What each jar of a child holds: the sum of its lines.
pub async fn jars(conn: &mut PgConnection, org: Uuid, child: Uuid) -> Result<JarAmounts, Error> {
    let row = sqlx::query!(
        r#"SELECT coalesce(sum(amount_cents) FILTER (WHERE jar = 'SPEND'), 0)::bigint AS "spend!",
                coalesce(sum(amount_cents) FILTER (WHERE jar = 'SAVE'), 0)::bigint AS "save!",
                coalesce(sum(amount_cents) FILTER (WHERE jar = 'GIVE'), 0)::bigint AS "give!"
         FROM ledger_entries WHERE organization_id = $1 AND child_id = $2"#,
        org,
        child,
    )
    .fetch_one(conn)
    .traced("jars")
    .await?;
    Ok(JarAmounts {
        spend: row.spend,
        save: row.save,
        give: row.give,
    })
}

/// Serialises money movements of one child, so a balance checked is the
/// balance written against.
pub async fn lock_child(tx: &mut PgConnection, child: Uuid) -> Result<(), Error> {
    sqlx::query!(
        "SELECT pg_advisory_xact_lock(hashtextextended('ledger:' || $1::uuid::text, 0))",
        child,
    )
    .execute(tx)
    .traced("lock_child")
    .await?;
    Ok(())
}

pub async fn balance(conn: &mut PgConnection, org: Uuid, child: Uuid) -> Result<i64, Error> {
    Ok(sqlx::query_scalar!(
        r#"SELECT coalesce(sum(amount_cents), 0)::bigint AS "balance!" FROM ledger_entries
         WHERE organization_id = $1 AND child_id = $2"#,
        org,
        child,
    )
    .fetch_one(conn)
    .traced("balance")
    .await?)
}

/// Each child's balance, for the children with entries.
pub async fn balances(
    db: impl sqlx::PgExecutor<'_>,
    org: Uuid,
) -> Result<HashMap<Uuid, i64>, Error> {
    let rows = sqlx::query!(
        r#"SELECT child_id, sum(amount_cents)::bigint AS "balance!" FROM ledger_entries
         WHERE organization_id = $1 GROUP BY child_id"#,
        org,
    )
    .fetch_all(db)
    .traced("balances")
    .await?;
    Ok(rows.into_iter().map(|r| (r.child_id, r.balance)).collect())
}

/// A payout, with the child's name when it is kept here.
#[derive(Debug, Clone)]
pub struct PayoutRow {
    pub entry: EntryRow,
    pub child_name: Option<String>,
}

/// Payouts, newest first; one child's when `child` is given.
pub async fn payouts(
    pool: &PgPool,
    org: Uuid,
    child: Option<Uuid>,
) -> Result<Vec<PayoutRow>, Error> {
    let rows = sqlx::query!(
        r#"SELECT e.id AS "id!", e.child_id AS "child_id!", e.kind AS "kind!", e.jar AS "jar!",
                  e.amount_cents AS "amount_cents!", e.notes AS "notes!", e.created_by,
                  e.created_at AS "created_at!", ch.name AS "child_name?"
         FROM ledger_entries e LEFT JOIN children ch ON ch.child_id = e.child_id
         WHERE e.organization_id = $1 AND e.kind = 'PAYOUT' AND ($2::uuid IS NULL OR e.child_id = $2)
         ORDER BY e.created_at DESC, e.id DESC LIMIT 500"#,
        org,
        child,
    )
    .fetch_all(pool)
    .traced("payouts")
    .await?;
    Ok(rows
        .into_iter()
        .map(|r| PayoutRow {
            entry: EntryRow {
                id: r.id,
                child_id: r.child_id,
                kind: r.kind,
                jar: r.jar,
                amount_cents: r.amount_cents,
                notes: r.notes,
                created_by: r.created_by,
                created_at: r.created_at,
            },
            child_name: r.child_name,
        })
        .collect())
}

/// A child's money as the dashboards show it.
pub struct ChildTotals {
    pub child_id: Uuid,
    /// Everything ever credited and debited.
    pub balance: i64,
    pub spend: i64,
    pub save: i64,
    pub give: i64,
    /// Payouts since the moment asked about (negative amounts summed).
    pub paid_since: i64,
    /// Chore rewards since the moment asked about.
    pub earned_since: i64,
}

/// Each child's balance, payouts and chore rewards since `since`; one
/// child's when `child` is given. One pass over the family's entries.
pub async fn totals(
    pool: &PgPool,
    org: Uuid,
    child: Option<Uuid>,
    since: DateTime<Utc>,
) -> Result<Vec<ChildTotals>, Error> {
    Ok(sqlx::query_as!(
        ChildTotals,
        r#"SELECT child_id,
                sum(amount_cents)::bigint AS "balance!",
                coalesce(sum(amount_cents) FILTER (WHERE jar = 'SPEND'), 0)::bigint AS "spend!",
                coalesce(sum(amount_cents) FILTER (WHERE jar = 'SAVE'), 0)::bigint AS "save!",
                coalesce(sum(amount_cents) FILTER (WHERE jar = 'GIVE'), 0)::bigint AS "give!",
                coalesce(sum(amount_cents) FILTER (WHERE kind = 'PAYOUT' AND occurred_at >= $3), 0)::bigint
                    AS "paid_since!",
                coalesce(sum(amount_cents) FILTER (WHERE kind = 'CHORE' AND occurred_at >= $3), 0)::bigint
                    AS "earned_since!"
         FROM ledger_entries
         WHERE organization_id = $1 AND ($2::uuid IS NULL OR child_id = $2)
         GROUP BY child_id"#,
        org,
        child,
        since,
    )
    .fetch_all(pool)
    .traced("child_totals")
    .await?)
}

/// Chore rewards per week (Monday in `tz`) since `since`.
pub async fn weekly_chore_rewards(
    pool: &PgPool,
    org: Uuid,
    child: Option<Uuid>,
    tz: &str,
    since: DateTime<Utc>,
) -> Result<HashMap<NaiveDate, i64>, Error> {
    let rows = sqlx::query!(
        r#"SELECT date_trunc('week', occurred_at AT TIME ZONE $3)::date AS "week!",
                sum(amount_cents)::bigint AS "total!"
         FROM ledger_entries
         WHERE organization_id = $1 AND ($2::uuid IS NULL OR child_id = $2)
           AND kind = 'CHORE' AND occurred_at >= $4
         GROUP BY 1"#,
        org,
        child,
        tz,
        since,
    )
    .fetch_all(pool)
    .traced("weekly_chore_rewards")
    .await?;
    Ok(rows.into_iter().map(|r| (r.week, r.total)).collect())
}

/// Forgets a deleted child's entries.
pub async fn delete_for_child(tx: &mut PgConnection, org: Uuid, child: Uuid) -> Result<(), Error> {
    sqlx::query!(
        "DELETE FROM ledger_entries WHERE organization_id = $1 AND child_id = $2",
        org,
        child,
    )
    .execute(tx)
    .traced("delete_child_entries")
    .await?;
    Ok(())
}
