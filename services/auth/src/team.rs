//! A family's members and invitations, managed by its parents.

use chorely_proto::{
    auth::v1 as pb,
    events::v1::{UserRevoked, UserUpdated},
};
use chrono::{Duration, Utc};
use kit::{authn::User as Caller, outbox, validate};
use uuid::Uuid;

use crate::{
    accounts::Accounts,
    domain::INVITE_DEFAULT_DAYS,
    error::Error,
    store::{self, NewInvitation},
    view,
};

fn family_of(caller: &Caller) -> Result<Uuid, Error> {
    caller
        .org
        .ok_or(Error::Forbidden("This account does not belong to a family"))
}

fn parse_id(raw: &str) -> Result<Uuid, Error> {
    Uuid::parse_str(raw).map_err(|_| Error::UserNotFound)
}

impl Accounts {
    pub async fn members(&self, caller: &Caller) -> Result<Vec<pb::User>, Error> {
        let org = family_of(caller)?;
        let family = self.clients.family_of(org).await?;
        let members = store::active_members(&self.pool, org).await?;
        Ok(members
            .iter()
            .map(|m| view::user(m, Some(&family)))
            .collect())
    }

    pub async fn pending_invite_codes(
        &self,
        caller: &Caller,
    ) -> Result<Vec<pb::InviteCode>, Error> {
        let org = family_of(caller)?;
        let invites = store::pending_invitations(&self.pool, org).await?;
        Ok(invites.into_iter().map(view::invite_code).collect())
    }

    /// A parent deactivates another member of their family; the member's
    /// tokens stop working at once.
    pub async fn deactivate(&self, caller: &Caller, user_id: &str) -> Result<pb::User, Error> {
        let org = family_of(caller)?;
        let id = parse_id(user_id)?;
        if id == caller.id {
            return Err(Error::invalid(
                "userId",
                "You cannot deactivate your own account",
            ));
        }
        let mut tx = self.pool.begin().await?;
        let user = store::deactivate(&mut tx, org, id)
            .await?
            .ok_or(Error::UserNotFound)?;
        let now = Utc::now();
        outbox::enqueue(
            &mut tx,
            &UserUpdated {
                user_id: user.id.to_string(),
                organization_id: org.to_string(),
                email: user.email.clone(),
                first_name: user.first_name.clone(),
                last_name: user.last_name.clone(),
                is_active: false,
            },
        )
        .await?;
        outbox::enqueue(
            &mut tx,
            &UserRevoked {
                user_id: user.id.to_string(),
                organization_id: org.to_string(),
                revoked_at: Some(kit::time::to_proto(now)),
            },
        )
        .await?;
        tx.commit().await?;
        // Here at once; everywhere else as soon as the event is relayed.
        self.revocations
            .revoke_locally(&user.id.to_string(), now.timestamp());
        let family = self.clients.family_of(org).await?;
        Ok(view::user(&user, Some(&family)))
    }

    /// The invitation that becomes a child's login, asked for by the family
    /// service with the parent's token.
    pub async fn create_child_invite(
        &self,
        caller: &Caller,
        req: pb::CreateChildInviteRequest,
    ) -> Result<pb::InviteCode, Error> {
        let org = family_of(caller)?;
        let child_id = Uuid::parse_str(&req.child_id)
            .map_err(|_| Error::invalid("childId", "Unknown child"))?;
        let email = validate::email(&req.email)?;
        if store::email_exists(&self.pool, &email).await? {
            return Err(Error::EmailTaken);
        }
        let invite = store::insert_invitation(
            &self.pool,
            &NewInvitation {
                organization_id: org,
                role: kit::authn::Role::OrgMember.as_str(),
                email: Some(&email),
                first_name: &validate::required(&req.first_name, "firstName", "First name")?,
                last_name: &validate::optional(&req.last_name, "lastName", "Last name")?,
                display_name: &validate::optional(&req.display_name, "name", "Display name")?,
                phone: &validate::phone(&req.phone)?,
                child_id: Some(child_id),
                created_by: Some(caller.id),
                expires_at: Utc::now() + Duration::days(i64::from(INVITE_DEFAULT_DAYS)),
            },
        )
        .await?;
        Ok(view::invite_code(invite))
    }

    /// Keeps a child's login (or pending invitation) in step with the child's contact details.
    pub async fn update_child_contact(
        &self,
        caller: &Caller,
        req: pb::UpdateChildContactRequest,
    ) -> Result<(), Error> {
        let org = family_of(caller)?;
        let child_id = Uuid::parse_str(&req.child_id)
            .map_err(|_| Error::invalid("childId", "Unknown child"))?;
        let email = validate::email(&req.email)?;
        let phone = validate::phone(&req.phone)?;
        let mut tx = self.pool.begin().await?;
        store::update_child_contact(&mut tx, org, child_id, &email, &phone).await?;
        tx.commit().await?;
        Ok(())
    }
}
