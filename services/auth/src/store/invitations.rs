//! Invitations into a family: a parent's, a child's, or an open invite code.

use chrono::{DateTime, Utc};
use kit::db::Traced;
use sqlx::{PgConnection, PgPool};
use uuid::Uuid;

use crate::error::Error;

#[derive(Debug, Clone)]
pub struct InvitationRow {
    pub id: Uuid,
    pub code: String,
    pub organization_id: Uuid,
    pub role: String,
    pub email: Option<String>,
    pub first_name: String,
    pub last_name: String,
    pub display_name: String,
    pub phone: String,
    pub child_id: Option<Uuid>,
    pub expires_at: DateTime<Utc>,
    pub used_at: Option<DateTime<Utc>>,
}

pub struct NewInvitation<'a> {
    pub organization_id: Uuid,
    pub role: &'a str,
    pub email: Option<&'a str>,
    pub first_name: &'a str,
    pub last_name: &'a str,
    pub display_name: &'a str,
    pub phone: &'a str,
    pub child_id: Option<Uuid>,
    pub created_by: Option<Uuid>,
    pub expires_at: DateTime<Utc>,
}

/// Inserts an invitation; `None` for a child's when the child has one open
/// already (made meanwhile by the call or the event that did not come first).
pub async fn insert(
    db: impl sqlx::PgExecutor<'_>,
    invite: &NewInvitation<'_>,
) -> Result<Option<InvitationRow>, Error> {
    Ok(sqlx::query_as!(
        InvitationRow,
        "INSERT INTO invitations (id, code, organization_id, role, email, first_name, last_name,
             display_name, phone, child_id, created_by, expires_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)
         ON CONFLICT (child_id) WHERE child_id IS NOT NULL AND used_at IS NULL DO NOTHING
         RETURNING id, code, organization_id, role, email, first_name, last_name, display_name,
             phone, child_id, expires_at, used_at",
        Uuid::now_v7(),
        new_code(),
        invite.organization_id,
        invite.role,
        invite.email,
        invite.first_name,
        invite.last_name,
        invite.display_name,
        invite.phone,
        invite.child_id,
        invite.created_by,
        invite.expires_at,
    )
    .fetch_optional(db)
    .traced("insert_invitation")
    .await?)
}

/// Whether a child was ever invited (an invitation of theirs, used,
/// expired or open, exists).
pub async fn child_was_invited(
    tx: &mut PgConnection,
    organization_id: Uuid,
    child_id: Uuid,
) -> Result<bool, Error> {
    Ok(sqlx::query_scalar!(
        r#"SELECT EXISTS (SELECT 1 FROM invitations
             WHERE organization_id = $1 AND child_id = $2) AS "exists!""#,
        organization_id,
        child_id,
    )
    .fetch_one(tx)
    .traced("child_was_invited")
    .await?)
}

/// 122 random bits: unguessable, and short enough for a link or a QR code.
fn new_code() -> String {
    Uuid::new_v4().simple().to_string()
}

/// An invitation that can still be accepted (unused and unexpired).
pub async fn find_pending(pool: &PgPool, code: &str) -> Result<Option<InvitationRow>, Error> {
    Ok(sqlx::query_as!(
        InvitationRow,
        "SELECT id, code, organization_id, role, email, first_name, last_name, display_name,
             phone, child_id, expires_at, used_at
         FROM invitations WHERE code = $1 AND used_at IS NULL AND expires_at > now()",
        code,
    )
    .fetch_optional(pool)
    .traced("find_pending_invitation")
    .await?)
}

/// Marks the invitation used; false when someone else used it first or it expired meanwhile.
pub async fn mark_used(tx: &mut PgConnection, id: Uuid, user_id: Uuid) -> Result<bool, Error> {
    let done = sqlx::query!(
        "UPDATE invitations SET used_at = now(), used_by = $2
         WHERE id = $1 AND used_at IS NULL AND expires_at > now()",
        id,
        user_id,
    )
    .execute(tx)
    .traced("use_invitation")
    .await?;
    Ok(done.rows_affected() == 1)
}

/// Invitations of a family still waiting to be used, newest first.
pub async fn pending(pool: &PgPool, organization_id: Uuid) -> Result<Vec<InvitationRow>, Error> {
    Ok(sqlx::query_as!(
        InvitationRow,
        "SELECT id, code, organization_id, role, email, first_name, last_name, display_name,
             phone, child_id, expires_at, used_at
         FROM invitations
         WHERE organization_id = $1 AND used_at IS NULL AND expires_at > now()
         ORDER BY created_at DESC",
        organization_id,
    )
    .fetch_all(pool)
    .traced("pending_invitations")
    .await?)
}

/// A child's invitation as it stands: the one used (they joined with it),
/// else the newest still open; none when every one expired.
pub async fn of_child(
    db: impl sqlx::PgExecutor<'_>,
    organization_id: Uuid,
    child_id: Uuid,
) -> Result<Option<InvitationRow>, Error> {
    Ok(sqlx::query_as!(
        InvitationRow,
        "SELECT id, code, organization_id, role, email, first_name, last_name, display_name,
             phone, child_id, expires_at, used_at
         FROM invitations
         WHERE organization_id = $1 AND child_id = $2
           AND (used_at IS NOT NULL OR expires_at > now())
         ORDER BY used_at IS NULL, created_at DESC
         LIMIT 1",
        organization_id,
        child_id,
    )
    .fetch_optional(db)
    .traced("child_invitation")
    .await?)
}

/// Ends the open invite codes a member made, so a removed parent cannot come
/// back through one (a child's own invitation is the family's, and stays).
pub async fn expire_made_by(
    tx: &mut PgConnection,
    organization_id: Uuid,
    creator: Uuid,
) -> Result<u64, Error> {
    let done = sqlx::query!(
        "UPDATE invitations SET expires_at = now()
         WHERE organization_id = $1 AND created_by = $2 AND child_id IS NULL
           AND used_at IS NULL AND expires_at > now()",
        organization_id,
        creator,
    )
    .execute(tx)
    .traced("expire_codes_made_by")
    .await?;
    Ok(done.rows_affected())
}

/// Points a child's invitation still waiting to be used at new contact details.
pub async fn update_child_contact(
    tx: &mut PgConnection,
    organization_id: Uuid,
    child_id: Uuid,
    email: &str,
    phone: &str,
) -> Result<(), Error> {
    sqlx::query!(
        "UPDATE invitations SET email = $3, phone = $4
         WHERE organization_id = $1 AND child_id = $2 AND used_at IS NULL",
        organization_id,
        child_id,
        email,
        phone,
    )
    .execute(tx)
    .traced("update_child_invitation_contact")
    .await?;
    Ok(())
}

/// Deletes a child's invitations.
pub async fn delete_for_child(
    tx: &mut PgConnection,
    organization_id: Uuid,
    child_id: Uuid,
) -> Result<(), Error> {
    sqlx::query!(
        "DELETE FROM invitations WHERE organization_id = $1 AND child_id = $2",
        organization_id,
        child_id,
    )
    .execute(tx)
    .traced("delete_child_invitations")
    .await?;
    Ok(())
}
