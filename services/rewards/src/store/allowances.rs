//! Children's allowances and interest rates, and what the job that pays them
//! reads of the ledger.

use chrono::{DateTime, NaiveDate, Utc};
use kit::db::Traced;
use sqlx::{PgConnection, PgPool};
use uuid::Uuid;

use crate::error::Error;

#[derive(Debug, Clone)]
pub struct AllowanceRow {
    pub child_id: Uuid,
    pub organization_id: Uuid,
    pub amount_cents: i64,
    pub period: String,
    pub day: i32,
    pub min_approved_chores: i32,
    pub checked_through: NaiveDate,
}

/// An allowance as a parent sets it.
pub struct NewAllowance<'a> {
    pub amount_cents: i64,
    pub period: &'a str,
    pub day: i32,
    pub min_approved_chores: i32,
}

pub async fn allowance(
    conn: &mut PgConnection,
    child: Uuid,
) -> Result<Option<AllowanceRow>, Error> {
    Ok(sqlx::query_as!(
        AllowanceRow,
        "SELECT child_id, organization_id, amount_cents, period, day, min_approved_chores,
            checked_through
         FROM allowances WHERE child_id = $1",
        child,
    )
    .fetch_optional(conn)
    .traced("allowance")
    .await?)
}

/// The allowance, held until the transaction ends (the job's decision on a
/// pay day and a parent's change wait for each other).
pub async fn allowance_for_update(
    conn: &mut PgConnection,
    child: Uuid,
) -> Result<Option<AllowanceRow>, Error> {
    Ok(sqlx::query_as!(
        AllowanceRow,
        "SELECT child_id, organization_id, amount_cents, period, day, min_approved_chores,
            checked_through
         FROM allowances WHERE child_id = $1 FOR UPDATE",
        child,
    )
    .fetch_optional(conn)
    .traced("allowance_for_update")
    .await?)
}

/// Sets the child's allowance. A new one, or one whose period or day
/// changed, starts after `today`: its pay days up to today are not paid
/// (they would pay for days before it was set, or twice for one week).
pub async fn set_allowance(
    conn: &mut PgConnection,
    org: Uuid,
    child: Uuid,
    a: &NewAllowance<'_>,
    today: NaiveDate,
) -> Result<AllowanceRow, Error> {
    Ok(sqlx::query_as!(
        AllowanceRow,
        "INSERT INTO allowances (child_id, organization_id, amount_cents, period, day,
            min_approved_chores, checked_through)
         VALUES ($1, $2, $3, $4, $5, $6, $7)
         ON CONFLICT (child_id) DO UPDATE SET amount_cents = EXCLUDED.amount_cents,
            period = EXCLUDED.period, day = EXCLUDED.day,
            min_approved_chores = EXCLUDED.min_approved_chores,
            checked_through = CASE
                WHEN allowances.period = EXCLUDED.period AND allowances.day = EXCLUDED.day
                THEN allowances.checked_through
                ELSE greatest(allowances.checked_through, EXCLUDED.checked_through) END,
            updated_at = now()
         RETURNING child_id, organization_id, amount_cents, period, day, min_approved_chores,
            checked_through",
        child,
        org,
        a.amount_cents,
        a.period,
        a.day,
        a.min_approved_chores,
        today,
    )
    .fetch_one(conn)
    .traced("set_allowance")
    .await?)
}

pub async fn delete_allowance(conn: &mut PgConnection, child: Uuid) -> Result<(), Error> {
    sqlx::query!("DELETE FROM allowances WHERE child_id = $1", child)
        .execute(conn)
        .traced("delete_allowance")
        .await?;
    Ok(())
}

/// Records that the pay days up to `day` are decided.
pub async fn allowance_checked(
    conn: &mut PgConnection,
    child: Uuid,
    day: NaiveDate,
) -> Result<(), Error> {
    sqlx::query!(
        "UPDATE allowances SET checked_through = greatest(checked_through, $2) WHERE child_id = $1",
        child,
        day,
    )
    .execute(conn)
    .traced("allowance_checked")
    .await?;
    Ok(())
}

#[derive(Debug, Clone)]
pub struct InterestRow {
    pub child_id: Uuid,
    pub organization_id: Uuid,
    pub basis_points: i32,
    pub checked_through: NaiveDate,
}

pub async fn interest(conn: &mut PgConnection, child: Uuid) -> Result<Option<InterestRow>, Error> {
    Ok(sqlx::query_as!(
        InterestRow,
        "SELECT child_id, organization_id, basis_points, checked_through
         FROM interest_rates WHERE child_id = $1",
        child,
    )
    .fetch_optional(conn)
    .traced("interest")
    .await?)
}

pub async fn interest_for_update(
    conn: &mut PgConnection,
    child: Uuid,
) -> Result<Option<InterestRow>, Error> {
    Ok(sqlx::query_as!(
        InterestRow,
        "SELECT child_id, organization_id, basis_points, checked_through
         FROM interest_rates WHERE child_id = $1 FOR UPDATE",
        child,
    )
    .fetch_optional(conn)
    .traced("interest_for_update")
    .await?)
}

/// Sets the child's monthly rate; a new one is first paid at the start of
/// the month after `today`.
pub async fn set_interest(
    conn: &mut PgConnection,
    org: Uuid,
    child: Uuid,
    basis_points: i32,
    today: NaiveDate,
) -> Result<InterestRow, Error> {
    Ok(sqlx::query_as!(
        InterestRow,
        "INSERT INTO interest_rates (child_id, organization_id, basis_points, checked_through)
         VALUES ($1, $2, $3, $4)
         ON CONFLICT (child_id) DO UPDATE SET basis_points = EXCLUDED.basis_points,
            updated_at = now()
         RETURNING child_id, organization_id, basis_points, checked_through",
        child,
        org,
        basis_points,
        today,
    )
    .fetch_one(conn)
    .traced("set_interest")
    .await?)
}

pub async fn delete_interest(conn: &mut PgConnection, child: Uuid) -> Result<(), Error> {
    sqlx::query!("DELETE FROM interest_rates WHERE child_id = $1", child)
        .execute(conn)
        .traced("delete_interest")
        .await?;
    Ok(())
}

pub async fn interest_checked(
    conn: &mut PgConnection,
    child: Uuid,
    day: NaiveDate,
) -> Result<(), Error> {
    sqlx::query!(
        "UPDATE interest_rates SET checked_through = greatest(checked_through, $2)
         WHERE child_id = $1",
        child,
        day,
    )
    .execute(conn)
    .traced("interest_checked")
    .await?;
    Ok(())
}

/// Forgets a deleted child's allowance and interest.
pub async fn delete_for_child(conn: &mut PgConnection, child: Uuid) -> Result<(), Error> {
    delete_allowance(conn, child).await?;
    delete_interest(conn, child).await
}

/// A child's allowance or interest, with the family's time zone, as the job
/// looks at it.
#[derive(Debug, Clone)]
pub struct DueRow {
    pub child_id: Uuid,
    pub checked_through: NaiveDate,
    pub time_zone: String,
}

/// Every family's allowances of children not deleted that are decided only
/// up to a day before `latest` (the latest day any family can be in).
pub async fn allowances_before(pool: &PgPool, latest: NaiveDate) -> Result<Vec<DueRow>, Error> {
    Ok(sqlx::query_as!(
        DueRow,
        r#"SELECT a.child_id, a.checked_through, coalesce(f.time_zone, 'UTC') AS "time_zone!"
         FROM allowances a LEFT JOIN families f ON f.organization_id = a.organization_id
         WHERE a.checked_through < $1
           AND NOT EXISTS (SELECT FROM children c
                           WHERE c.child_id = a.child_id AND c.deleted_at IS NOT NULL)"#,
        latest,
    )
    .fetch_all(pool)
    .traced("allowances_before")
    .await?)
}

/// Every family's interest rates of children not deleted that were last
/// paid before the month `first` (the latest month start any family can be
/// past).
pub async fn interest_before(pool: &PgPool, first: NaiveDate) -> Result<Vec<DueRow>, Error> {
    Ok(sqlx::query_as!(
        DueRow,
        r#"SELECT i.child_id, i.checked_through, coalesce(f.time_zone, 'UTC') AS "time_zone!"
         FROM interest_rates i LEFT JOIN families f ON f.organization_id = i.organization_id
         WHERE i.checked_through < $1
           AND NOT EXISTS (SELECT FROM children c
                           WHERE c.child_id = i.child_id AND c.deleted_at IS NOT NULL)"#,
        first,
    )
    .fetch_all(pool)
    .traced("interest_before")
    .await?)
}

/// How many chores of the child were approved with a completion in
/// `[from, to)` (an approval may write one line per jar: counted once).
pub async fn chores_approved(
    conn: &mut PgConnection,
    org: Uuid,
    child: Uuid,
    from: DateTime<Utc>,
    to: DateTime<Utc>,
) -> Result<i64, Error> {
    Ok(sqlx::query_scalar!(
        r#"SELECT count(DISTINCT source_id) AS "count!" FROM ledger_entries
         WHERE organization_id = $1 AND child_id = $2 AND kind = 'CHORE'
           AND occurred_at >= $3 AND occurred_at < $4"#,
        org,
        child,
        from,
        to,
    )
    .fetch_one(conn)
    .traced("chores_approved")
    .await?)
}

/// What the child's save jar held just before `at`.
pub async fn save_jar_before(
    conn: &mut PgConnection,
    org: Uuid,
    child: Uuid,
    at: DateTime<Utc>,
) -> Result<i64, Error> {
    Ok(sqlx::query_scalar!(
        r#"SELECT coalesce(sum(amount_cents), 0)::bigint AS "cents!" FROM ledger_entries
         WHERE organization_id = $1 AND child_id = $2 AND jar = 'SAVE' AND occurred_at < $3"#,
        org,
        child,
        at,
    )
    .fetch_one(conn)
    .traced("save_jar_before")
    .await?)
}
