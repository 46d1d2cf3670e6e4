//! Which change of each child's contact auth has applied (see migration
//! 1014): the family service's call and its event may arrive in either order.

use chrono::{DateTime, Utc};
use kit::db::Traced;
use sqlx::PgConnection;
use uuid::Uuid;

use crate::error::Error;

/// Records `as_of` as the child's applied change unless a newer one is;
/// true when the caller should apply it (it is the newest so far).
pub async fn claim(
    tx: &mut PgConnection,
    organization_id: Uuid,
    child_id: Uuid,
    as_of: DateTime<Utc>,
) -> Result<bool, Error> {
    let claimed = sqlx::query_scalar!(
        r#"INSERT INTO child_contacts (child_id, organization_id, as_of) VALUES ($1, $2, $3)
           ON CONFLICT (child_id) DO UPDATE SET as_of = EXCLUDED.as_of
           WHERE child_contacts.as_of < EXCLUDED.as_of AND child_contacts.organization_id = $2
           RETURNING 1 AS "claimed!""#,
        child_id,
        organization_id,
        as_of,
    )
    .fetch_optional(tx)
    .traced("claim_child_contact")
    .await?;
    Ok(claimed.is_some())
}

/// Marks a deleted child's record so that no change of theirs delivered
/// after the deletion is applied (nor makes an invitation).
pub async fn close(
    tx: &mut PgConnection,
    organization_id: Uuid,
    child_id: Uuid,
) -> Result<(), Error> {
    sqlx::query!(
        "INSERT INTO child_contacts (child_id, organization_id, as_of) VALUES ($1, $2, 'infinity')
         ON CONFLICT (child_id) DO UPDATE SET as_of = 'infinity'
         WHERE child_contacts.organization_id = $2",
        child_id,
        organization_id,
    )
    .execute(tx)
    .traced("close_child_contact")
    .await?;
    Ok(())
}
