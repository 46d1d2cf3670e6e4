//! What auth keeps of each family and its children to describe them: the
//! family's name, plan and standing, and its children's names. Events set
//! them; an answer the services gave fills only what no event set yet.

use chrono::{DateTime, Utc};
use kit::db::Traced;
use sqlx::{PgConnection, PgPool};
use uuid::Uuid;

use crate::{clients::Family, error::Error};

/// The family as kept, when every part of it is known.
pub async fn family(pool: &PgPool, org: Uuid) -> Result<Option<Family>, Error> {
    let row = sqlx::query!(
        "SELECT name, plan, is_active FROM family_facts WHERE organization_id = $1",
        org,
    )
    .fetch_optional(pool)
    .traced("kept_family")
    .await?;
    Ok(row.and_then(|r| {
        Some(Family {
            id: org,
            name: r.name?,
            plan: r.plan?,
            is_active: r.is_active?,
        })
    }))
}

/// Keeps what the services answered about a family, where no event has
/// set it yet (an event is as new as the answer or newer).
pub async fn fill(pool: &PgPool, family: &Family) -> Result<(), Error> {
    sqlx::query!(
        "INSERT INTO family_facts (organization_id, name, plan, is_active)
         VALUES ($1, $2, $3, $4)
         ON CONFLICT (organization_id) DO UPDATE
            SET name = COALESCE(family_facts.name, EXCLUDED.name),
                plan = COALESCE(family_facts.plan, EXCLUDED.plan),
                is_active = COALESCE(family_facts.is_active, EXCLUDED.is_active),
                updated_at = now()
            WHERE family_facts.name IS NULL OR family_facts.plan IS NULL
               OR family_facts.is_active IS NULL",
        family.id,
        family.name,
        family.plan,
        family.is_active,
    )
    .execute(pool)
    .traced("fill_kept_family")
    .await?;
    Ok(())
}

/// Keeps a family's name; `replace` false keeps one already known (a
/// family's creation, consumed after a rename, must not undo it).
pub async fn keep_name(
    conn: &mut PgConnection,
    org: Uuid,
    name: &str,
    replace: bool,
) -> Result<(), Error> {
    sqlx::query!(
        "INSERT INTO family_facts (organization_id, name) VALUES ($1, $2)
         ON CONFLICT (organization_id) DO UPDATE
            SET name = EXCLUDED.name, updated_at = now()
            WHERE $3 OR family_facts.name IS NULL",
        org,
        name,
        replace,
    )
    .execute(conn)
    .traced("keep_family_name")
    .await?;
    Ok(())
}

/// Keeps a family's plan (its changes come in order, each replacing the last).
pub async fn keep_plan(conn: &mut PgConnection, org: Uuid, plan: &str) -> Result<(), Error> {
    sqlx::query!(
        "INSERT INTO family_facts (organization_id, plan) VALUES ($1, $2)
         ON CONFLICT (organization_id) DO UPDATE SET plan = EXCLUDED.plan, updated_at = now()",
        org,
        plan,
    )
    .execute(conn)
    .traced("keep_family_plan")
    .await?;
    Ok(())
}

/// Keeps whether a family is active, unless a change decided later is kept.
pub async fn keep_standing(
    conn: &mut PgConnection,
    org: Uuid,
    is_active: bool,
    changed_at: DateTime<Utc>,
) -> Result<(), Error> {
    sqlx::query!(
        "INSERT INTO family_facts (organization_id, is_active, active_changed_at)
         VALUES ($1, $2, $3)
         ON CONFLICT (organization_id) DO UPDATE
            SET is_active = EXCLUDED.is_active,
                active_changed_at = EXCLUDED.active_changed_at, updated_at = now()
            WHERE family_facts.active_changed_at IS NULL
               OR family_facts.active_changed_at <= EXCLUDED.active_changed_at",
        org,
        is_active,
        changed_at,
    )
    .execute(conn)
    .traced("keep_family_standing")
    .await?;
    Ok(())
}

/// Keeps a child's name; `replace` false keeps one already known (the
/// child's creation, consumed after a change of name, must not undo it).
pub async fn keep_child_name(
    conn: &mut PgConnection,
    org: Uuid,
    child: Uuid,
    name: &str,
    replace: bool,
) -> Result<(), Error> {
    sqlx::query!(
        "INSERT INTO child_names (child_id, organization_id, name) VALUES ($1, $2, $3)
         ON CONFLICT (child_id) DO UPDATE SET name = EXCLUDED.name
            WHERE $4 AND child_names.organization_id = EXCLUDED.organization_id",
        child,
        org,
        name,
        replace,
    )
    .execute(conn)
    .traced("keep_child_name")
    .await?;
    Ok(())
}

/// Keeps the names the family service answered for children not kept yet.
pub async fn fill_child_names(
    pool: &PgPool,
    org: Uuid,
    children: &[(Uuid, String)],
) -> Result<(), Error> {
    let (ids, names): (Vec<Uuid>, Vec<String>) = children.iter().cloned().unzip();
    sqlx::query!(
        "INSERT INTO child_names (child_id, organization_id, name)
         SELECT c.id, $1, c.name FROM unnest($2::uuid[], $3::text[]) AS c(id, name)
         ON CONFLICT (child_id) DO NOTHING",
        org,
        &ids,
        &names,
    )
    .execute(pool)
    .traced("fill_child_names")
    .await?;
    Ok(())
}

/// Forgets a deleted child's name.
pub async fn forget_child(conn: &mut PgConnection, org: Uuid, child: Uuid) -> Result<(), Error> {
    sqlx::query!(
        "DELETE FROM child_names WHERE organization_id = $1 AND child_id = $2",
        org,
        child,
    )
    .execute(conn)
    .traced("forget_child_name")
    .await?;
    Ok(())
}
