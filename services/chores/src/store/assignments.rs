//! Since when who owes a chore: when its periods began to count as they do
//! now, when it came to be for the children it is for, and when each
//! assigned child was assigned (see [`crate::schedule::Since`]).

use std::collections::HashMap;

use chrono::{DateTime, Utc};
use kit::db::Traced;
use sqlx::PgConnection;
use uuid::Uuid;

use crate::{error::Error, schedule::Since};

/// Notes `children`, a chore's assigned children, as assigned at `at`
/// unless they already were; those no longer assigned are forgotten (if
/// assigned again, it is from then). `anew`, when the chore's mode
/// changed: each is assigned from `at`, their part being another one.
pub async fn record(
    tx: &mut PgConnection,
    chore: Uuid,
    children: &[Uuid],
    at: DateTime<Utc>,
    anew: bool,
) -> Result<(), Error> {
    sqlx::query!(
        "DELETE FROM chore_assignees WHERE chore_id = $1 AND ($2 OR child_id <> ALL($3))",
        chore,
        anew,
        children,
    )
    .execute(&mut *tx)
    .traced("forget_assignees")
    .await?;
    sqlx::query!(
        "INSERT INTO chore_assignees (chore_id, child_id, assigned_at)
         SELECT $1, id, $3 FROM unnest($2::uuid[]) AS id
         ON CONFLICT (chore_id, child_id) DO NOTHING",
        chore,
        children,
        at,
    )
    .execute(tx)
    .traced("record_assignees")
    .await?;
    Ok(())
}

/// Since when who owes each of the family's chores `chores`. What a
/// release before these were kept wrote counts from when the chore was
/// made (by the database's clock), the nearest known.
pub async fn of_chores(
    conn: &mut PgConnection,
    org: Uuid,
    chores: &[Uuid],
) -> Result<HashMap<Uuid, Since>, Error> {
    let rows = sqlx::query!(
        r#"SELECT c.id,
            coalesce(c.periods_start_at, c.created_at) AS "periods!",
            coalesce(c.children_since, c.periods_start_at, c.created_at) AS "children!",
            a.child_id AS "child_id?", a.assigned_at AS "assigned_at?"
         FROM chores c LEFT JOIN chore_assignees a ON a.chore_id = c.id
         WHERE c.organization_id = $1 AND c.id = ANY($2)"#,
        org,
        chores,
    )
    .fetch_all(conn)
    .traced("chores_since")
    .await?;
    let mut since: HashMap<Uuid, Since> = HashMap::new();
    for row in rows {
        let chore = since.entry(row.id).or_insert_with(|| Since {
            periods: row.periods,
            children: row.children,
            assigned: HashMap::new(),
        });
        if let (Some(child), Some(at)) = (row.child_id, row.assigned_at) {
            chore.assigned.insert(child, at);
        }
    }
    Ok(since)
}

/// Forgets a deleted child's assignments.
pub async fn forget_child(tx: &mut PgConnection, org: Uuid, child: Uuid) -> Result<(), Error> {
    sqlx::query!(
        "DELETE FROM chore_assignees a USING chores c
         WHERE c.id = a.chore_id AND c.organization_id = $1 AND a.child_id = $2",
        org,
        child,
    )
    .execute(tx)
    .traced("forget_child_assignees")
    .await?;
    Ok(())
}
