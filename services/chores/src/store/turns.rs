//! Turns parents gave to another child than the order would (swaps), by
//! chore and the first day of the period.

use std::collections::{BTreeMap, HashMap};

use chrono::NaiveDate;
use kit::db::Traced;
use sqlx::PgConnection;
use uuid::Uuid;

use crate::error::Error;

pub type Swaps = BTreeMap<NaiveDate, Uuid>;

/// The swaps of the family's active chores from `from` on, by chore.
pub async fn of_family(
    db: impl sqlx::PgExecutor<'_>,
    org: Uuid,
    from: NaiveDate,
) -> Result<HashMap<Uuid, Swaps>, Error> {
    let rows = sqlx::query!(
        "SELECT t.chore_id, t.period_start_on, t.child_id FROM chore_turns t
         JOIN chores c ON c.id = t.chore_id
         WHERE c.organization_id = $1 AND c.is_active AND t.period_start_on >= $2",
        org,
        from,
    )
    .fetch_all(db)
    .traced("family_turns")
    .await?;
    let mut swaps: HashMap<Uuid, Swaps> = HashMap::new();
    for row in rows {
        swaps
            .entry(row.chore_id)
            .or_default()
            .insert(row.period_start_on, row.child_id);
    }
    Ok(swaps)
}

/// The swaps of one chore from `from` on.
pub async fn of_chore(
    conn: &mut PgConnection,
    chore: Uuid,
    from: NaiveDate,
) -> Result<Swaps, Error> {
    let rows = sqlx::query!(
        "SELECT period_start_on, child_id FROM chore_turns
         WHERE chore_id = $1 AND period_start_on >= $2",
        chore,
        from,
    )
    .fetch_all(conn)
    .traced("chore_turns")
    .await?;
    Ok(rows
        .into_iter()
        .map(|r| (r.period_start_on, r.child_id))
        .collect())
}

/// Gives the period starting on `on` to `child`.
pub async fn give(
    tx: &mut PgConnection,
    chore: Uuid,
    on: NaiveDate,
    child: Uuid,
) -> Result<(), Error> {
    sqlx::query!(
        "INSERT INTO chore_turns (chore_id, period_start_on, child_id) VALUES ($1, $2, $3)
         ON CONFLICT (chore_id, period_start_on) DO UPDATE SET child_id = EXCLUDED.child_id",
        chore,
        on,
        child,
    )
    .execute(tx)
    .traced("give_turn")
    .await?;
    Ok(())
}

/// Forgets a chore's swaps, when its turns are counted anew.
pub async fn clear(tx: &mut PgConnection, chore: Uuid) -> Result<(), Error> {
    sqlx::query!("DELETE FROM chore_turns WHERE chore_id = $1", chore)
        .execute(tx)
        .traced("clear_turns")
        .await?;
    Ok(())
}

/// Forgets the turns a deleted child was given.
pub async fn forget_child(tx: &mut PgConnection, org: Uuid, child: Uuid) -> Result<(), Error> {
    sqlx::query!(
        "DELETE FROM chore_turns t USING chores c
         WHERE c.id = t.chore_id AND c.organization_id = $1 AND t.child_id = $2",
        org,
        child,
    )
    .execute(tx)
    .traced("forget_child_turns")
    .await?;
    Ok(())
}
