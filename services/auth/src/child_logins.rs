//! A child's way in (their login, or the invitation that becomes it), kept in
//! step with the child the family service keeps.
//!
//! The family service keeps the child first, with a `ChildContactChanged`
//! event in the same transaction, and only then asks auth for the
//! invitation or the new contact (no call is made while it holds a lock).
//! Either of the two may reach auth first, or the call never (the family
//! service stopped between its commit and the call): both paths land here,
//! and each does what the other has not done yet. Before it keeps anything,
//! the family service asks, with `check_only`, whether auth would refuse the
//! address (one of the family's own logins has it).

use chorely_proto::events::v1::ChildContactChanged;
use chrono::{DateTime, Duration, Utc};
use kit::{
    authn::Role,
    codes::Label,
    consumer::{EventMeta, Handler},
    outbox, validate,
};
use sqlx::PgConnection;
use uuid::Uuid;

use crate::{
    domain::INVITE_DEFAULT_DAYS,
    error::Error,
    store::{
        child_contacts,
        invitations::{self, InvitationRow, NewInvitation},
        users::{self, NewUser},
    },
    view,
};

/// How a child is reached and named, as the family service keeps them.
#[derive(Debug, Clone)]
pub struct Contact {
    pub email: String,
    pub phone: String,
    pub first_name: String,
    pub last_name: String,
    pub display_name: String,
}

impl Contact {
    /// Checked as a parent entering them would be.
    pub fn parse(
        email: &str,
        phone: &str,
        first_name: &str,
        last_name: &str,
        display_name: &str,
    ) -> Result<Self, Error> {
        Ok(Self {
            // Optional: a child without one signs in with a linked device
            // or their PIN on the family tablet.
            email: if email.trim().is_empty() {
                String::new()
            } else {
                validate::email(email)?
            },
            phone: validate::phone(phone)?,
            first_name: validate::required(first_name, "firstName", Label::FirstName)?,
            last_name: validate::optional(last_name, "lastName", Label::LastName)?,
            display_name: validate::optional(display_name, "name", Label::DisplayName)?,
        })
    }
}

/// Refuses an address one of the family's own logins signs in with (the
/// child's own login aside); another family's is not said to be taken.
pub async fn check_address(
    tx: &mut PgConnection,
    org: Uuid,
    child: Uuid,
    email: &str,
) -> Result<(), Error> {
    if email.is_empty() {
        return Ok(());
    }
    let own = users::child_login(&mut *tx, org, child)
        .await?
        .is_some_and(|login| login.email.eq_ignore_ascii_case(email));
    if !own && users::login_in_family(&mut *tx, org, email).await? {
        return Err(Error::EmailTaken);
    }
    Ok(())
}

/// The login of a child without an address, made now unless the child has
/// a login already; an invitation still open for them is used up by it (it
/// named an address the child no longer has). The new login is announced
/// as any other.
pub async fn open_login(
    tx: &mut PgConnection,
    org: Uuid,
    child: Uuid,
    contact: &Contact,
) -> Result<(), Error> {
    if users::child_login(&mut *tx, org, child).await?.is_some() {
        return Ok(());
    }
    let Some(login) = users::insert_without_address(
        &mut *tx,
        &NewUser {
            organization_id: Some(org),
            email: "",
            password_hash: "",
            role: Role::OrgMember.as_str(),
            first_name: &contact.first_name,
            last_name: &contact.last_name,
            phone: &contact.phone,
            child_id: Some(child),
            ui_theme: "KIDS",
        },
    )
    .await?
    else {
        return Ok(());
    };
    if let Some(open) = invitations::of_child(&mut *tx, org, child).await?
        && open.used_at.is_none()
    {
        invitations::mark_used(&mut *tx, open.id, login.id).await?;
    }
    outbox::enqueue(&mut *tx, &view::user_registered(&login)).await?;
    Ok(())
}

/// The child's open invitation, made now if they have neither a login nor
/// one open; `None` once they have a login. A child without an address is
/// given their login instead (`None` too).
pub async fn invite(
    tx: &mut PgConnection,
    org: Uuid,
    child: Uuid,
    contact: &Contact,
    by: Option<Uuid>,
    now: DateTime<Utc>,
) -> Result<Option<InvitationRow>, Error> {
    if users::child_login(&mut *tx, org, child).await?.is_some() {
        return Ok(None);
    }
    if contact.email.is_empty() {
        open_login(tx, org, child, contact).await?;
        return Ok(None);
    }
    let made = invitations::insert(
        &mut *tx,
        &NewInvitation {
            organization_id: org,
            role: Role::OrgMember.as_str(),
            email: Some(&contact.email),
            first_name: &contact.first_name,
            last_name: &contact.last_name,
            display_name: &contact.display_name,
            phone: &contact.phone,
            child_id: Some(child),
            created_by: by,
            expires_at: now + Duration::days(i64::from(INVITE_DEFAULT_DAYS)),
        },
    )
    .await?;
    match made {
        Some(invite) => Ok(Some(invite)),
        None => invitations::of_child(&mut *tx, org, child).await,
    }
}

/// Points the child's login and open invitation at `email` and `phone`,
/// unless a newer change of the child's was applied already; true when
/// applied.
pub async fn keep_contact(
    tx: &mut PgConnection,
    org: Uuid,
    child: Uuid,
    email: &str,
    phone: &str,
    as_of: DateTime<Utc>,
) -> Result<bool, Error> {
    if !child_contacts::claim(tx, org, child, as_of).await? {
        return Ok(false);
    }
    users::update_child_contact(tx, org, child, email, phone).await?;
    if !email.is_empty() {
        invitations::update_child_contact(tx, org, child, email, phone).await?;
    }
    Ok(true)
}

/// Keeps each child's way in from the family service's events.
pub struct ChildContacts;

impl Handler<ChildContactChanged> for ChildContacts {
    async fn handle(
        &self,
        tx: &mut PgConnection,
        event: ChildContactChanged,
        _: &EventMeta,
    ) -> anyhow::Result<()> {
        let org = Uuid::parse_str(&event.organization_id)?;
        let child = Uuid::parse_str(&event.child_id)?;
        let as_of = event
            .as_of
            .as_ref()
            .and_then(kit::time::from_proto)
            .unwrap_or_else(Utc::now);
        // The family service checked both before it kept them; should an
        // address have been taken since, the child keeps what they had and
        // their parents can enter another.
        let contact = match Contact::parse(
            &event.email,
            &event.phone,
            &event.first_name,
            &event.last_name,
            &event.display_name,
        ) {
            Ok(contact) => contact,
            Err(refused) => {
                tracing::warn!(%child, ?refused, "a child's contact auth cannot keep");
                return Ok(());
            }
        };
        match check_address(tx, org, child, &contact.email).await {
            Ok(()) => {}
            Err(Error::EmailTaken) => {
                tracing::warn!(%child, "a child's address another login of the family has");
                return Ok(());
            }
            Err(other) => return Err(other.into()),
        }
        // Not over a newer change, nor for a child deleted meanwhile.
        if !keep_contact(tx, org, child, &contact.email, &contact.phone, as_of).await? {
            return Ok(());
        }
        // A child new to auth is invited (the call that would have made the
        // invitation never came); one invited before is not invited again.
        if contact.email.is_empty() {
            open_login(tx, org, child, &contact).await?;
        } else if !invitations::child_was_invited(tx, org, child).await? {
            let by = Uuid::parse_str(&event.by_user_id).ok();
            invite(tx, org, child, &contact, by, Utc::now()).await?;
        }
        Ok(())
    }
}
