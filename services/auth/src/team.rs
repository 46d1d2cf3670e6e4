//! A family's members and invitations, managed by its parents.

use chorely_proto::{auth::v1 as pb, events::v1::UserRevoked};
use chrono::{Duration, Utc};
use kit::{
    authn::{Role, User as Caller},
    codes, outbox, validate,
};
use uuid::Uuid;

use crate::{
    accounts::Accounts,
    child_logins::{self, Contact},
    domain::parse_expiry_days,
    error::Error,
    store::{
        invitations::{self, NewInvitation},
        users,
    },
    view,
};

fn family_id(caller: &Caller) -> Result<Uuid, Error> {
    caller.org.ok_or(Error::NoFamily)
}

fn parse_id(raw: &str) -> Result<Uuid, Error> {
    Uuid::parse_str(raw).map_err(|_| Error::UserNotFound)
}

impl Accounts {
    /// The caller's family's active members, each with the family's name
    /// and plan when `with_family` (two other services asked for them).
    pub async fn members(
        &self,
        caller: &Caller,
        with_family: bool,
    ) -> Result<Vec<pb::User>, Error> {
        let org = family_id(caller)?;
        // The family is asked while the members are read.
        let family = async {
            if with_family {
                self.clients.family_of(org).await.map(Some)
            } else {
                Ok(None)
            }
        };
        let (family, members) = tokio::try_join!(family, users::active_members(&self.pool, org))?;
        Ok(members
            .iter()
            .map(|m| view::user(m, family.as_ref()))
            .collect())
    }

    pub async fn pending_invite_codes(
        &self,
        caller: &Caller,
    ) -> Result<Vec<pb::InviteCode>, Error> {
        let org = family_id(caller)?;
        let invites = invitations::pending(&self.pool, org).await?;
        Ok(invites.into_iter().map(view::invite_code).collect())
    }

    /// A child's invitation as it stands (used, or still open).
    pub async fn child_invite(
        &self,
        caller: &Caller,
        req: pb::GetChildInviteRequest,
    ) -> Result<pb::InviteCode, Error> {
        let org = family_id(caller)?;
        let child_id = Uuid::parse_str(&req.child_id).map_err(|_| Error::NoOpenInvite)?;
        let invite = invitations::of_child(&self.pool, org, child_id)
            .await?
            .ok_or(Error::NoOpenInvite)?;
        Ok(view::invite_code(invite))
    }

    /// A parent creates an invite code for their own family.
    pub async fn create_invite_code(
        &self,
        caller: &Caller,
        req: pb::CreateInviteCodeRequest,
    ) -> Result<pb::InviteCode, Error> {
        let org = family_id(caller)?;
        let role = match pb::Role::try_from(req.role) {
            Ok(pb::Role::OrgAdmin | pb::Role::Unspecified) => Role::OrgAdmin,
            Ok(pb::Role::OrgMember) => Role::OrgMember,
            _ => {
                return Err(Error::invalid("role", codes::invite_role_invalid()));
            }
        };
        let email = if req.email.trim().is_empty() {
            None
        } else {
            Some(validate::email(&req.email)?)
        };
        let days = parse_expiry_days(req.expires_in_days)?;
        let invite = invitations::insert(
            &self.pool,
            &NewInvitation {
                organization_id: org,
                role: role.as_str(),
                email: email.as_deref(),
                first_name: "",
                last_name: "",
                display_name: "",
                phone: "",
                child_id: None,
                created_by: Some(caller.id),
                expires_at: Utc::now() + Duration::days(days),
            },
        )
        .await?
        .ok_or_else(|| Error::Internal(anyhow::anyhow!("an open code conflicted")))?;
        Ok(view::invite_code(invite))
    }

    /// A parent deactivates another member of their family; the member's
    /// tokens stop working at once.
    pub async fn deactivate(&self, caller: &Caller, user_id: &str) -> Result<pb::User, Error> {
        let org = family_id(caller)?;
        let id = parse_id(user_id)?;
        if id == caller.id {
            // Not a bad request: a parent may never do this (spec §4).
            return Err(Error::CannotDeactivateSelf);
        }
        let mut tx = self.pool.begin().await?;
        let user = users::deactivate(&mut tx, org, id)
            .await?
            .ok_or(Error::UserNotFound)?;
        invitations::expire_made_by(&mut tx, org, user.id).await?;
        let now = Utc::now();
        outbox::enqueue(&mut tx, &view::user_updated(&user)).await?;
        outbox::enqueue(
            &mut tx,
            &UserRevoked {
                user_id: user.id.to_string(),
                organization_id: org.to_string(),
                revoked_at: Some(kit::time::to_proto(now)),
                sessions_only: false,
            },
        )
        .await?;
        tx.commit().await?;
        // Here at once; everywhere else as soon as the event is relayed.
        self.revocations
            .revoke_locally(&user.id.to_string(), now.timestamp_millis());
        let family = self.clients.family_of(org).await?;
        Ok(view::user(&user, Some(&family)))
    }

    /// The invitation that becomes a child's login, asked for by the family
    /// service with the parent's token once it has kept the child (see
    /// `child_logins`); asked again, the same invitation.
    pub async fn create_child_invite(
        &self,
        caller: &Caller,
        req: pb::CreateChildInviteRequest,
    ) -> Result<pb::InviteCode, Error> {
        let org = family_id(caller)?;
        let child_id = Uuid::parse_str(&req.child_id)
            .map_err(|_| Error::invalid("childId", codes::child_unknown()))?;
        let contact = Contact::parse(
            &req.email,
            &req.phone,
            &req.first_name,
            &req.last_name,
            &req.display_name,
        )?;
        // Whoever calls (the family service, with the parent's token, or
        // anyone holding a parent's token), the child must be the caller's
        // family's: it is kept before its invitation is asked for.
        if !req.check_only && self.clients.child_family(child_id).await? != Some(org) {
            return Err(Error::ChildNotFound);
        }
        let mut tx = self.pool.begin().await?;
        child_logins::check_address(&mut tx, org, child_id, &contact.email).await?;
        if req.check_only {
            return Ok(pb::InviteCode::default());
        }
        let invite = child_logins::invite(
            &mut tx,
            org,
            child_id,
            &contact,
            Some(caller.id),
            Utc::now(),
        )
        .await?;
        tx.commit().await?;
        match invite {
            Some(invite) => Ok(view::invite_code(invite)),
            // A child without an address has their login already: no code,
            // the login's id for the family service to show them joined.
            None if contact.email.is_empty() => Ok(pb::InviteCode {
                user_id: users::child_login(&self.pool, org, child_id)
                    .await?
                    .map(|login| login.id.to_string())
                    .unwrap_or_default(),
                child_id: child_id.to_string(),
                ..Default::default()
            }),
            None => Err(Error::NoOpenInvite),
        }
    }

    /// Keeps a child's login (or pending invitation) in step with the child's
    /// contact details, unless a newer change of the child's is kept already.
    pub async fn update_child_contact(
        &self,
        caller: &Caller,
        req: pb::UpdateChildContactRequest,
    ) -> Result<(), Error> {
        let org = family_id(caller)?;
        let child_id = Uuid::parse_str(&req.child_id)
            .map_err(|_| Error::invalid("childId", codes::child_unknown()))?;
        let email = if req.email.trim().is_empty() {
            String::new()
        } else {
            validate::email(&req.email)?
        };
        let phone = validate::phone(&req.phone)?;
        // The family's own logins' addresses are refused, as when inviting;
        // another family's is kept off the login's name (`users`).
        let mut tx = self.pool.begin().await?;
        child_logins::check_address(&mut tx, org, child_id, &email).await?;
        if req.check_only {
            return Ok(());
        }
        let as_of = req
            .as_of
            .as_ref()
            .and_then(kit::time::from_proto)
            .unwrap_or_else(Utc::now);
        // A child whose address is taken away before they joined gets their
        // login without one from the contact's event, which names them.
        child_logins::keep_contact(&mut tx, org, child_id, &email, &phone, as_of).await?;
        tx.commit().await?;
        Ok(())
    }
}
