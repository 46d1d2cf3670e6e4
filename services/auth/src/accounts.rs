//! What the auth service does, call by call, in the spec's words. Handlers in
//! `grpc` only translate between protobuf and these functions.

use std::{sync::Arc, time::Duration};

use chorely_proto::{
    auth::v1::{self as pb},
    events::v1::{FamilyRegistered, UserLoggedIn},
    family::v1::AddMemberChildRequest,
};
use kit::{
    authn::{Role, User as Caller},
    codes::{self, Label},
    jwt::{JwtSigner, Subject},
    outbox, validate,
};
use sqlx::PgPool;
use uuid::Uuid;

use crate::{
    clients::{Clients, Family},
    domain::{LoginWay, Password},
    error::Error,
    password::Hasher,
    recovery::MailContext,
    store::{
        invitations, login_failures,
        mail_queue::MailKind,
        users::{self, NewUser, ProfileUpdate, UserRow},
    },
    view,
};

/// Failed logins to one email in a row that lock it (each counted as it
/// starts, before its password is checked) ...
const LOGIN_FAILURES_MAX: i32 = 10;
/// ... when no more than this apart ...
const LOGIN_FAILURE_WINDOW: Duration = Duration::from_secs(15 * 60);
/// ... for this long (the message says 15 minutes).
const LOGIN_LOCK: Duration = Duration::from_secs(15 * 60);

/// What a new login joins by.
enum Joining<'a> {
    /// An invitation, used up with the login.
    Invitation(Uuid),
    /// The family they sign up (made by the family service with the login's
    /// family id).
    Family { name: &'a str, time_zone: &'a str },
}

/// What a new login's creation mails, and where its links point.
struct NewLoginMail {
    context: Option<MailContext>,
    /// A sign-up's address is sent its verification link.
    verify: bool,
}

#[derive(Clone)]
pub struct Accounts {
    pub pool: PgPool,
    pub hasher: Hasher,
    pub signer: Arc<JwtSigner>,
    pub clients: Clients,
    pub revocations: kit::revocation::Revocations,
    /// The time links expire by (tests move it).
    pub clock: kit::clock::Clock,
    /// Wakes the mailer when mail is queued.
    pub mail: crate::mail::MailWaker,
    /// Reads the tokens of a login's second step.
    pub verifier: Arc<kit::jwt::JwtVerifier>,
    /// Super admins must set up two-factor sign-in before the console.
    pub super_admin_mfa_required: bool,
}

impl Accounts {
    /// Creates the family, then its first parent (ORG_ADMIN), and logs them in.
    pub async fn register(&self, req: pb::RegisterRequest) -> Result<pb::AuthResponse, Error> {
        let family_name = validate::required(
            &req.organization_name,
            "organizationName",
            Label::FamilyName,
        )?;
        let first_name = validate::required(&req.first_name, "firstName", Label::FirstName)?;
        let last_name = validate::required(&req.last_name, "lastName", Label::LastName)?;
        let email = validate::email(&req.email)?;
        let password = Password::parse(&req.password)?;

        // A taken address gets the answer a free one does (a new family,
        // logged in), at the same cost: its owner is mailed instead of the
        // address being verified (`users::insert`).
        let hash = self.hasher.hash(&password).await?;
        // The family service says first whether it would refuse the family;
        // the parent is kept with the family's id and a `FamilyRegistered`
        // event, and then the family is asked for. Should this service stop
        // before that call, the family service makes the family from the
        // event: no family is ever left without its parent (ADR 0112).
        let org_id = Uuid::now_v7();
        let time_zone = req.time_zone.trim();
        self.clients
            .create_family(org_id, &family_name, time_zone, true)
            .await?;
        let user = self
            .create_user(
                NewUser {
                    organization_id: Some(org_id),
                    email: &email,
                    password_hash: &hash,
                    role: Role::OrgAdmin.as_str(),
                    first_name: &first_name,
                    last_name: &last_name,
                    phone: "",
                    child_id: None,
                    ui_theme: "ADULT",
                },
                Joining::Family {
                    name: &family_name,
                    time_zone,
                },
                NewLoginMail {
                    context: MailContext::from_proto(req.mail.as_ref()),
                    verify: true,
                },
            )
            .await?;
        fail::fail_point!("auth.register.after_commit", |_| Err(Error::Internal(
            anyhow::anyhow!("stopped at a failpoint")
        )));
        self.clients
            .create_family(org_id, &family_name, time_zone, false)
            .await?;
        self.logged_in(user).await
    }

    /// Checks the password; inactive users and users of suspended families are refused.
    pub async fn login(&self, req: pb::LoginRequest) -> Result<pb::AuthResponse, Error> {
        if req.email.trim().is_empty() {
            return Err(Error::invalid("email", codes::email_required()));
        }
        if req.password.is_empty() {
            return Err(Error::invalid("password", codes::required(Label::Password)));
        }
        let email = req.email.trim();
        self.reserve_password_attempt(email).await?;
        let user = users::find_by_email(&self.pool, email).await?;
        let matches = self
            .hasher
            .verify(
                &req.password,
                user.as_ref().map(|u| u.password_hash.as_str()),
            )
            .await?;
        // A wrong password stays counted.
        let user = match user {
            Some(user) if matches => user,
            _ => return Err(Error::BadCredentials),
        };
        login_failures::clear(&self.pool, email).await?;
        if !user.is_active {
            return Err(Error::AccountInactive);
        }
        self.after_password(user).await
    }

    /// Counts a password guess on `email` before it is checked, in the same
    /// statement that checks the limit: a locked email costs no password
    /// check, and a burst of guesses sent at once gets no more checks than
    /// guesses sent in turn. A right password clears the count.
    pub(crate) async fn reserve_password_attempt(&self, email: &str) -> Result<(), Error> {
        if login_failures::reserve_attempt(
            &self.pool,
            email,
            LOGIN_FAILURES_MAX,
            LOGIN_FAILURE_WINDOW,
            LOGIN_LOCK,
        )
        .await?
        {
            Ok(())
        } else {
            Err(Error::TooManyAttempts)
        }
    }

    /// An invitation that can still be accepted.
    pub async fn invite(&self, code: &str) -> Result<pb::Invite, Error> {
        let invite = invitations::find_pending(&self.pool, code.trim())
            .await?
            .ok_or(Error::InvalidInvite)?;
        let family = self.clients.family_of(invite.organization_id).await?;
        let display_name = if invite.display_name.is_empty() {
            format!("{} {}", invite.first_name, invite.last_name)
                .trim()
                .to_owned()
        } else {
            invite.display_name
        };
        Ok(pb::Invite {
            organization_name: family.name,
            display_name,
            email: invite.email.unwrap_or_default(),
            expires_at: Some(kit::time::to_proto(invite.expires_at)),
        })
    }

    /// Creates the invitee's account with the invitation's family and role, once.
    pub async fn accept_invite(
        &self,
        req: pb::AcceptInviteRequest,
    ) -> Result<pb::AuthResponse, Error> {
        let invite = invitations::find_pending(&self.pool, req.invite_code.trim())
            .await?
            .ok_or(Error::InvalidInvite)?;
        let password = Password::parse(&req.password)?;
        // An invitation naming its invitee fixes the email and names; an open
        // invite code asks the invitee for them.
        let email = match &invite.email {
            Some(email) => validate::email(email)?,
            None => validate::email(&req.email)?,
        };
        // The family's own members are no secret to it: a second login
        // with one of their addresses is refused, plainly.
        if users::login_in_family(&self.pool, invite.organization_id, &email).await? {
            return Err(Error::EmailTaken);
        }
        let first_name = if invite.first_name.is_empty() {
            validate::required(&req.first_name, "firstName", Label::FirstName)?
        } else {
            invite.first_name.clone()
        };
        let last_name = if invite.last_name.is_empty() {
            validate::optional(&req.last_name, "lastName", Label::LastName)?
        } else {
            invite.last_name.clone()
        };
        let hash = self.hasher.hash(&password).await?;
        // A child joining with an open invite code (role ORG_MEMBER) has no
        // child record yet: family makes one, so they can submit chores and
        // their parents see them among the children. It is asked before the
        // login is kept, outside the transaction: a refusal (the plan's
        // limit) keeps nothing, and the invitation stays open. Its id comes
        // from the invitation's, so a try again after a failure between the
        // two finds the child the first made.
        let new_child = (invite.child_id.is_none() && invite.role == "ORG_MEMBER")
            .then(|| Uuid::new_v5(&invite.id, b"member-child"));
        if let Some(id) = new_child {
            self.clients
                .add_member_child(AddMemberChildRequest {
                    child_id: id.to_string(),
                    organization_id: invite.organization_id.to_string(),
                    first_name: first_name.clone(),
                    last_name: last_name.clone(),
                    email: email.clone(),
                })
                .await?;
            fail::fail_point!("auth.join.after_child", |_| Err(Error::Internal(
                anyhow::anyhow!("stopped at a failpoint")
            )));
        }
        let child_id = new_child.or(invite.child_id);
        let ui_theme = if child_id.is_some() { "KIDS" } else { "ADULT" };
        let user = self
            .create_user(
                NewUser {
                    organization_id: Some(invite.organization_id),
                    email: &email,
                    password_hash: &hash,
                    role: &invite.role,
                    first_name: &first_name,
                    last_name: &last_name,
                    phone: &invite.phone,
                    child_id,
                    ui_theme,
                },
                Joining::Invitation(invite.id),
                NewLoginMail {
                    context: MailContext::from_proto(req.mail.as_ref()),
                    verify: false,
                },
            )
            .await?;
        self.logged_in(user).await
    }

    pub async fn me(&self, caller: &Caller) -> Result<pb::User, Error> {
        // The family the token names is asked (of two other services) while
        // the user is read; should the user's family differ from it (moved
        // since the token was issued), theirs is asked again.
        let (user, family) = tokio::try_join!(
            users::find_by_id(&self.pool, caller.id),
            self.family_in(caller.org),
        )?;
        let user = user.ok_or(Error::UserNotFound)?;
        if family.as_ref().map(|f| f.id) == user.organization_id {
            Ok(self.view(&user, family.as_ref()))
        } else {
            self.describe(&user).await
        }
    }

    pub async fn update_me(
        &self,
        caller: &Caller,
        req: pb::UpdateMeRequest,
    ) -> Result<pb::User, Error> {
        Self::off_tablet(caller)?;
        let current = users::find_by_id(&self.pool, caller.id)
            .await?
            .ok_or(Error::UserNotFound)?;
        // A child added without an address saves their profile without one.
        let email = if current.child_id.is_some()
            && current.email.is_empty()
            && req.email.trim().is_empty()
        {
            String::new()
        } else {
            validate::email(&req.email)?
        };
        let first_name = validate::required(&req.first_name, "firstName", Label::FirstName)?;
        let last_name = validate::optional(&req.last_name, "lastName", Label::LastName)?;
        let phone = validate::phone(&req.phone)?;
        // A child's name, email and phone belong to their child record, which
        // their parents keep (and the login follows): a child saving their
        // profile as it is is fine, changing any of them is not.
        if current.child_id.is_some()
            && (current.first_name != first_name
                || current.last_name != last_name
                || current.email != email
                || current.phone != phone)
        {
            return Err(Error::ChildProfileParentsOnly);
        }
        // A new address takes effect when the link mailed to it is followed;
        // until then the account signs in with the old one. Whether another
        // family's login has it is not said: that login's owner is mailed
        // instead of the link (`mail`). The family's own are said.
        let changed = !current.email.eq_ignore_ascii_case(&email);
        if changed
            && let Some(org) = current.organization_id
            && users::login_in_family(&self.pool, org, &email).await?
        {
            return Err(Error::EmailTaken);
        }
        let mail = MailContext::from_proto(req.mail.as_ref());
        let mut tx = self.pool.begin().await?;
        let user = users::update_profile(
            &mut tx,
            caller.id,
            &ProfileUpdate {
                first_name: &first_name,
                last_name: &last_name,
                phone: &phone,
                pending_email: changed.then_some(email.as_str()),
            },
        )
        .await?
        .ok_or(Error::UserNotFound)?;
        outbox::enqueue(&mut tx, &view::user_updated(&user)).await?;
        let mailed = match (&mail, changed) {
            (Some(mail), true) => {
                self.queue_mail(
                    &mut tx,
                    MailKind::ConfirmEmailChange,
                    &email,
                    Some(user.id),
                    mail,
                )
                .await?
            }
            _ => false,
        };
        tx.commit().await?;
        if mailed {
            self.mail.wake();
        }
        self.describe(&user).await
    }

    /// Inserts the user and its `user.registered` event in one transaction,
    /// with what they join by: using up their invitation, or announcing the
    /// family they signed up.
    async fn create_user(
        &self,
        new: NewUser<'_>,
        joining: Joining<'_>,
        mail: NewLoginMail,
    ) -> Result<UserRow, Error> {
        let mut tx = self.pool.begin().await?;
        let user = users::insert(&mut tx, &new).await?;
        match joining {
            Joining::Invitation(invitation) => {
                if !invitations::mark_used(&mut tx, invitation, user.id).await? {
                    return Err(Error::InvalidInvite);
                }
            }
            Joining::Family { name, time_zone } => {
                let family = user.organization_id.unwrap_or_default();
                outbox::enqueue(
                    &mut tx,
                    &FamilyRegistered {
                        organization_id: family.to_string(),
                        name: name.to_owned(),
                        time_zone: time_zone.to_owned(),
                        user_id: user.id.to_string(),
                    },
                )
                .await?;
            }
        }
        outbox::enqueue(&mut tx, &view::user_registered(&user)).await?;
        // The verification link goes out with the account, or not at all
        // (a sign-up's); an address another login signs in with gets its
        // owner told instead, whatever made the login.
        let kind = match (user.email_is_login, mail.verify) {
            (false, _) => Some(MailKind::AddressInUse),
            (true, true) => Some(MailKind::VerifyEmail),
            (true, false) => None,
        };
        let mailed = match (kind, &mail.context) {
            (Some(kind), Some(context)) => {
                self.queue_mail(&mut tx, kind, &user.email, Some(user.id), context)
                    .await?
            }
            _ => false,
        };
        tx.commit().await?;
        if mailed {
            self.mail.wake();
        }
        Ok(user)
    }

    /// The family of someone signing in, refusing a suspended one: asked of
    /// the services, so a suspension is seen at once.
    pub(crate) async fn active_family(&self, user: &UserRow) -> Result<Option<Family>, Error> {
        let family = self.family_of(user).await?;
        if family.as_ref().is_some_and(|f| !f.is_active) {
            return Err(Error::FamilyInactive);
        }
        Ok(family)
    }

    /// Records that `user` signed in now (`lastLoginAt`). The platform's
    /// directory shows last logins: the event goes with the write.
    pub(crate) async fn record_login(
        &self,
        user: &mut UserRow,
        way: LoginWay,
    ) -> Result<(), Error> {
        let mut tx = self.pool.begin().await?;
        let at = users::touch_last_login(&mut tx, user.id).await?;
        outbox::enqueue(
            &mut tx,
            &UserLoggedIn {
                user_id: user.id.to_string(),
                organization_id: user
                    .organization_id
                    .map(|o| o.to_string())
                    .unwrap_or_default(),
                logged_in_at: Some(kit::time::to_proto(at)),
                way: way.as_str().to_owned(),
            },
        )
        .await?;
        tx.commit().await?;
        user.last_login_at = Some(at);
        Ok(())
    }

    /// Token and user for someone who just proved who they are.
    pub(crate) async fn logged_in(&self, mut user: UserRow) -> Result<pb::AuthResponse, Error> {
        let family = self.active_family(&user).await?;
        self.record_login(&mut user, LoginWay::Password).await?;
        let token = self
            .signer
            .access_token(&self.subject(&user))
            .map_err(|e| Error::Internal(e.into()))?;
        Ok(pb::AuthResponse {
            token,
            user: Some(self.view(&user, family.as_ref())),
            ..Default::default()
        })
    }

    pub(crate) async fn describe(&self, user: &UserRow) -> Result<pb::User, Error> {
        let family = self.family_of(user).await?;
        Ok(self.view(user, family.as_ref()))
    }

    /// The user as they see themselves: with whether the console waits for
    /// their two-factor setup, and the new address waiting for its link.
    pub(crate) fn view(&self, user: &UserRow, family: Option<&Family>) -> pb::User {
        pb::User {
            mfa_setup_required: self.subject(user).mfa_setup,
            // Their own business: members' lists do not show it.
            pending_email: user.pending_email.clone().unwrap_or_default(),
            ..view::user(user, family)
        }
    }

    /// Who a token issued to `user` speaks for.
    pub(crate) fn subject(&self, user: &UserRow) -> Subject {
        Subject {
            user_id: user.id,
            role: user.role.clone(),
            org: user.organization_id,
            child: user.child_id,
            mfa_setup: self.mfa_required_of(user) && !user.mfa_enabled,
            tablet: false,
        }
    }

    pub(crate) async fn family_of(&self, user: &UserRow) -> Result<Option<Family>, Error> {
        self.family_in(user.organization_id).await
    }

    /// The family `org` names, if any, as the services answer now: a parent
    /// who just renamed the family sees the new name in their next read,
    /// even before its event (`families` for why the tablet reads a copy).
    async fn family_in(&self, org: Option<Uuid>) -> Result<Option<Family>, Error> {
        match org {
            Some(org) => Ok(Some(self.clients.family_of(org).await?)),
            None => Ok(None),
        }
    }
}
