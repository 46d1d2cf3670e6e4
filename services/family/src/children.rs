//! What the family service does with children, in the spec's words. A child
//! is created together with the invitation that becomes their login (auth
//! service); deleting a child is announced so every service forgets them.

use chorely_proto::{
    auth::v1::{
        CreateChildInviteRequest, UpdateChildContactRequest, auth_service_client::AuthServiceClient,
    },
    events::v1::{ChildContactChanged, ChildCreated, ChildDeleted, ChildUpdated},
    family::v1 as pb,
    platform::v1::{GetOrganizationStatusRequest, platform_service_client::PlatformServiceClient},
};
use chrono::Utc;
use kit::{authn::User, codes::Label, grpc::Outgoing, outbox, validate};
use sqlx::PgPool;
use tonic::transport::Channel;
use uuid::Uuid;

use crate::{
    domain::{self, ChildDetails},
    error::Error,
    store::children::{self, ChildRow},
};

#[derive(Clone)]
pub struct Children {
    pub pool: PgPool,
    pub auth: Channel,
    pub platform: Channel,
}

fn child_id(raw: &str) -> Result<Uuid, Error> {
    Uuid::parse_str(raw).map_err(|_| Error::ChildNotFound)
}

struct Entered<'a> {
    name: &'a str,
    first_name: &'a str,
    last_name: &'a str,
    email: &'a str,
    phone: &'a str,
    date_of_birth: &'a str,
    birthday_reward_cents: Option<i64>,
    age_group: i32,
    ui_theme: &'a str,
    reward_display_type: i32,
}

fn details(e: &Entered<'_>) -> Result<ChildDetails, Error> {
    Ok(ChildDetails {
        name: domain::display_name(e.name, e.first_name, e.last_name)?,
        // Optional (issue 51): a child without one signs in with a device
        // a parent links or their PIN on the family tablet.
        email: if e.email.trim().is_empty() {
            String::new()
        } else {
            validate::email(e.email)?
        },
        phone: validate::phone(e.phone)?,
        date_of_birth: domain::date_of_birth(e.date_of_birth, Utc::now().date_naive())?,
        birthday_reward_cents: domain::birthday_reward(e.birthday_reward_cents)?,
        age_group: domain::age_group(e.age_group)?,
        ui_theme: domain::ui_theme(e.ui_theme)?,
        reward_display_type: domain::reward_display_type(e.reward_display_type)?,
    })
}

impl Children {
    /// Auth, called with the parent's own token.
    fn auth(
        &self,
        parent: &User,
    ) -> AuthServiceClient<tonic::service::interceptor::InterceptedService<Channel, Outgoing>> {
        AuthServiceClient::with_interceptor(self.auth.clone(), Outgoing::bearer(&parent.token))
    }

    pub async fn list(&self, org: Uuid) -> Result<Vec<pb::Child>, Error> {
        Ok(children::in_family(&self.pool, org)
            .await?
            .iter()
            .map(view)
            .collect())
    }

    /// Every child of the family by name, oldest first, and the family's
    /// own name: what any member, a sibling too, may know of the others.
    /// A family this service does not have has neither.
    pub async fn names(&self, org: Uuid) -> Result<pb::ListChildNamesResponse, Error> {
        let (family_name, children) = children::names_in_family(&self.pool, org)
            .await?
            .unwrap_or_default();
        Ok(pb::ListChildNamesResponse {
            children: children
                .into_iter()
                .map(|(id, name)| pb::ChildName {
                    id: id.to_string(),
                    name,
                })
                .collect(),
            family_name,
        })
    }

    pub async fn get(&self, org: Uuid, id: &str) -> Result<pb::Child, Error> {
        children::find(&self.pool, org, child_id(id)?)
            .await?
            .map(|c| view(&c))
            .ok_or(Error::ChildNotFound)
    }

    /// The family a child belongs to; `None` for an id no family has (yet).
    pub async fn family_of(&self, id: &str) -> Result<Option<Uuid>, Error> {
        match Uuid::parse_str(id) {
            Ok(id) => children::family_of(&self.pool, id).await,
            Err(_) => Ok(None),
        }
    }

    /// Adds a child and the invitation that becomes their login; both or neither.
    pub async fn invite(
        &self,
        parent: &User,
        org: Uuid,
        req: pb::InviteChildRequest,
    ) -> Result<pb::InviteChildResponse, Error> {
        let first_name = validate::required(&req.first_name, "firstName", Label::FirstName)?;
        let last_name = validate::optional(&req.last_name, "lastName", Label::LastName)?;
        let details = details(&Entered {
            name: &req.name,
            first_name: &first_name,
            last_name: &last_name,
            email: &req.email,
            phone: &req.phone,
            date_of_birth: &req.date_of_birth,
            birthday_reward_cents: req.birthday_reward_cents,
            age_group: req.age_group,
            ui_theme: &req.ui_theme,
            reward_display_type: req.reward_display_type,
        })?;

        let limit = self.child_limit(&parent.token, org).await?;
        // Auth is asked first whether it would refuse the address (one of
        // the family's own logins has it), so that nothing is kept for a
        // refusal; it is asked again for the invitation only once the child
        // is kept, outside the transaction: no lock is held across the call,
        // and auth's own check that the child is the family's finds them.
        let invite_request = |id: Uuid, check_only: bool| CreateChildInviteRequest {
            child_id: id.to_string(),
            email: details.email.clone(),
            phone: details.phone.clone(),
            first_name: first_name.clone(),
            last_name: last_name.clone(),
            display_name: details.name.clone(),
            check_only,
        };
        let id = Uuid::now_v7();
        self.auth(parent)
            .create_child_invite(invite_request(id, true))
            .await
            .map_err(|s| Error::Upstream("auth", s))?;
        let mut tx = self.pool.begin().await?;
        limit.make_room(&mut tx, org).await?;
        let child = children::insert(&mut tx, id, org, &first_name, &last_name, &details).await?;
        outbox::enqueue(&mut tx, &created(&child)).await?;
        // Should this service stop before the call below, auth makes the
        // invitation from this event instead.
        outbox::enqueue(&mut tx, &contact(&child, parent)).await?;
        tx.commit().await?;
        fail::fail_point!("family.invite.after_commit", |_| Err(stopped_here()));
        let invite = self
            .auth(parent)
            .create_child_invite(invite_request(child.id, false))
            .await
            .map_err(|s| Error::Upstream("auth", s))?
            .into_inner();
        // A child without an email has their login at once: kept now, so the
        // answer shows them joined (the login's event says it again).
        let mut child = child;
        if let Ok(login) = Uuid::parse_str(&invite.user_id) {
            let mut conn = self.pool.acquire().await?;
            children::link_login(&mut conn, org, child.id, login).await?;
            child.user_id = Some(login);
        }
        Ok(pb::InviteChildResponse {
            child: Some(view(&child)),
            invite_code: invite.code,
        })
    }

    /// The child record of someone joining as a child with an open invite
    /// code (auth calls, as itself, with `token`, before it keeps the login).
    /// A retried call returns the child the first one made.
    pub async fn add_member(
        &self,
        token: &str,
        req: pb::AddMemberChildRequest,
    ) -> Result<pb::Child, Error> {
        let id = child_id(&req.child_id)?;
        let org = Uuid::parse_str(&req.organization_id).map_err(|_| Error::FamilyNotFound)?;
        if let Some(child) = children::find(&self.pool, org, id).await? {
            return Ok(view(&child));
        }
        let first_name = validate::required(&req.first_name, "firstName", Label::FirstName)?;
        let last_name = validate::optional(&req.last_name, "lastName", Label::LastName)?;
        let details = details(&Entered {
            name: "",
            first_name: &first_name,
            last_name: &last_name,
            email: &req.email,
            phone: "",
            date_of_birth: "",
            birthday_reward_cents: None,
            age_group: 0,
            ui_theme: "",
            reward_display_type: 0,
        })?;
        let limit = self.child_limit(token, org).await?;
        let mut tx = self.pool.begin().await?;
        limit.make_room(&mut tx, org).await?;
        let child = children::insert(&mut tx, id, org, &first_name, &last_name, &details).await?;
        outbox::enqueue(&mut tx, &created(&child)).await?;
        tx.commit().await?;
        Ok(view(&child))
    }

    /// The family's plan and its number of children, asked now: an upgrade
    /// lifts it at once.
    async fn child_limit(&self, token: &str, org: Uuid) -> Result<ChildLimit, Error> {
        let plan =
            PlatformServiceClient::with_interceptor(self.platform.clone(), Outgoing::bearer(token))
                .get_organization_status(GetOrganizationStatusRequest {
                    organization_id: org.to_string(),
                })
                .await
                .map_err(|s| Error::Upstream("platform", s))?
                .into_inner()
                .plan();
        Ok(ChildLimit {
            plan,
            limit: kit::plans::limits(plan).children,
        })
    }

    pub async fn update(
        &self,
        parent: &User,
        org: Uuid,
        req: pb::UpdateChildRequest,
    ) -> Result<pb::Child, Error> {
        let id = child_id(&req.id)?;
        let current = children::find(&self.pool, org, id)
            .await?
            .ok_or(Error::ChildNotFound)?;
        let details = details(&Entered {
            name: &req.name,
            first_name: &current.first_name,
            last_name: &current.last_name,
            email: &req.email,
            phone: &req.phone,
            date_of_birth: &req.date_of_birth,
            birthday_reward_cents: req
                .birthday_reward_cents
                .or(Some(current.birthday_reward_cents)),
            age_group: req.age_group,
            ui_theme: &req.ui_theme,
            reward_display_type: req.reward_display_type,
        })?;
        let contact_changed = details.email != current.email || details.phone != current.phone;
        let contact_request = |child: &ChildRow, check_only: bool| UpdateChildContactRequest {
            child_id: child.id.to_string(),
            email: child.email.clone(),
            phone: child.phone.clone(),
            check_only,
            as_of: Some(kit::time::to_proto(child.updated_at)),
        };
        if contact_changed {
            // Whether auth would refuse the address, asked before anything
            // is kept (as when inviting).
            let proposed = ChildRow {
                email: details.email.clone(),
                phone: details.phone.clone(),
                ..current.clone()
            };
            self.auth(parent)
                .update_child_contact(contact_request(&proposed, true))
                .await
                .map_err(|s| Error::Upstream("auth", s))?;
        }
        let mut tx = self.pool.begin().await?;
        let child = children::update(&mut tx, org, id, &details)
            .await?
            .ok_or(Error::ChildNotFound)?;
        outbox::enqueue(&mut tx, &updated(&child)).await?;
        if contact_changed {
            outbox::enqueue(&mut tx, &contact(&child, parent)).await?;
        }
        tx.commit().await?;
        if contact_changed {
            fail::fail_point!("family.update.after_commit", |_| Err(stopped_here()));
            // The login follows at once; the event above makes sure it does
            // should this call not be made or fail.
            if let Err(status) = self
                .auth(parent)
                .update_child_contact(contact_request(&child, false))
                .await
            {
                tracing::warn!(child = %child.id, %status, "auth keeps the contact from the event");
            }
        }
        Ok(view(&child))
    }

    /// Deletes the child here and announces it: their login, submissions,
    /// photos and ledger go in the services that hold them.
    pub async fn delete(&self, org: Uuid, id: &str) -> Result<(), Error> {
        let id = child_id(id)?;
        let mut tx = self.pool.begin().await?;
        if !children::delete(&mut tx, org, id).await? {
            return Err(Error::ChildNotFound);
        }
        outbox::enqueue(
            &mut tx,
            &ChildDeleted {
                child_id: id.to_string(),
                organization_id: org.to_string(),
            },
        )
        .await?;
        tx.commit().await?;
        Ok(())
    }

    pub async fn rate(&self, org: Uuid, req: pb::UpdateRatingsRequest) -> Result<pb::Child, Error> {
        let id = child_id(&req.id)?;
        let ratings = [
            domain::rating(req.honesty_rating, "honestyRating")?,
            domain::rating(req.respect_rating, "respectRating")?,
            domain::rating(req.rules_rating, "rulesRating")?,
        ];
        // Announced like any change of the child: the ratings move what
        // approving their submissions pays, which every gateway's kept
        // review queue shows.
        let mut tx = self.pool.begin().await?;
        let child = children::update_ratings(&mut tx, org, id, ratings)
            .await?
            .ok_or(Error::ChildNotFound)?;
        outbox::enqueue(&mut tx, &updated(&child)).await?;
        tx.commit().await?;
        Ok(view(&child))
    }
}

/// The event announcing `child`'s details as they are now.
fn updated(child: &ChildRow) -> ChildUpdated {
    ChildUpdated {
        child_id: child.id.to_string(),
        organization_id: child.organization_id.to_string(),
        date_of_birth: child
            .date_of_birth
            .map(|d| d.to_string())
            .unwrap_or_default(),
        birthday_reward_cents: child.birthday_reward_cents,
        name: child.name.clone(),
    }
}

fn view(c: &ChildRow) -> pb::Child {
    pb::Child {
        id: c.id.to_string(),
        name: c.name.clone(),
        first_name: c.first_name.clone(),
        last_name: c.last_name.clone(),
        email: c.email.clone(),
        phone: c.phone.clone(),
        date_of_birth: c.date_of_birth.map(|d| d.to_string()).unwrap_or_default(),
        birthday_reward_cents: c.birthday_reward_cents,
        age_group: pb::AgeGroup::from_str_name(&format!("AGE_GROUP_{}", c.age_group))
            .unwrap_or(pb::AgeGroup::Child)
            .into(),
        ui_theme: c.ui_theme.clone(),
        reward_display_type: pb::RewardDisplayType::from_str_name(&format!(
            "REWARD_DISPLAY_TYPE_{}",
            c.reward_display_type
        ))
        .unwrap_or(pb::RewardDisplayType::Money)
        .into(),
        honesty_rating: c.honesty_rating.into(),
        respect_rating: c.respect_rating.into(),
        rules_rating: c.rules_rating.into(),
        user_id: c.user_id.map(|u| u.to_string()).unwrap_or_default(),
    }
}

/// How many children a family's plan allows.
struct ChildLimit {
    plan: chorely_proto::platform::v1::Plan,
    limit: i64,
}

impl ChildLimit {
    /// Holds the family's children lock for the transaction and refuses one
    /// child too many; two parents adding at once cannot both pass.
    async fn make_room(&self, tx: &mut sqlx::PgConnection, org: Uuid) -> Result<(), Error> {
        children::lock_family(tx, org).await?;
        if children::count(tx, org).await? >= self.limit {
            return Err(Error::ChildLimit {
                plan: kit::plans::name(self.plan),
                limit: self.limit,
            });
        }
        Ok(())
    }
}

/// The event telling auth how `child` is reached and named, as of their last
/// change, and which parent changed it.
fn contact(child: &ChildRow, parent: &User) -> ChildContactChanged {
    ChildContactChanged {
        child_id: child.id.to_string(),
        organization_id: child.organization_id.to_string(),
        email: child.email.clone(),
        phone: child.phone.clone(),
        first_name: child.first_name.clone(),
        last_name: child.last_name.clone(),
        display_name: child.name.clone(),
        as_of: Some(kit::time::to_proto(child.updated_at)),
        by_user_id: parent.id.to_string(),
    }
}

/// What a failpoint armed by a test returns: the request ends there, as it
/// would were the process stopped at that step.
fn stopped_here() -> Error {
    Error::Internal(anyhow::anyhow!("stopped at a failpoint"))
}

/// The event announcing `child` to the other services.
fn created(child: &ChildRow) -> ChildCreated {
    ChildCreated {
        child_id: child.id.to_string(),
        organization_id: child.organization_id.to_string(),
        date_of_birth: child
            .date_of_birth
            .map(|d| d.to_string())
            .unwrap_or_default(),
        birthday_reward_cents: child.birthday_reward_cents,
        name: child.name.clone(),
    }
}
