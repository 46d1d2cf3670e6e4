//! The family tablet: a browser a parent turned into the family's shared
//! device. It holds a device token (only its SHA-256 is kept); with it, a
//! child picks themselves and enters the 4-digit PIN a parent set, and gets
//! a short-lived session of their own. Removing the tablet refuses its token
//! at once and ends the sessions opened on it through the revocation path.

use std::time::Duration;

use chorely_proto::auth::v1 as pb;
use kit::{
    authn::User as Caller,
    codes::{self, Label},
    tenancy::{Scope, all_families, within},
    validate,
};
use uuid::Uuid;

use crate::{
    accounts::Accounts,
    domain::LoginWay,
    error::Error,
    families,
    mail::{hash_token, new_token},
    store::{
        child_pins::{self, Reserved},
        tablets::{self, NewTablet, TabletRow},
        users::UserRow,
    },
};

/// How long a token of a child's session on the tablet lives (renewed while
/// in use; the tablet itself signs the child out after 2 idle minutes).
pub const TABLET_SESSION_TTL: Duration = Duration::from_secs(5 * 60);
/// Wrong PINs in a row that lock a child's PIN (the fifth is still checked) ...
const PIN_FAILURES_MAX: i32 = 5;
/// ... when no more than this apart ...
const PIN_FAILURE_WINDOW: chrono::Duration = chrono::Duration::minutes(15);
/// ... for this long (the message says 15 minutes), or until a parent sets a new PIN.
const PIN_LOCK: chrono::Duration = chrono::Duration::minutes(15);
/// A tablet's name, at most.
const NAME_MAX: usize = 60;
/// Tablets a family may have set up at once: enough for every room, and a
/// bound on the device tokens a single account can mint.
const TABLETS_MAX: i64 = 10;

/// A child's PIN for the family tablet: exactly four digits.
pub struct Pin(String);

impl Pin {
    pub fn parse(raw: &str) -> Result<Self, Error> {
        if raw.is_empty() {
            return Err(Error::invalid("pin", codes::required(Label::Pin)));
        }
        if raw.len() != 4 || !raw.bytes().all(|b| b.is_ascii_digit()) {
            return Err(Error::invalid("pin", codes::pin_format()));
        }
        Ok(Self(raw.to_owned()))
    }

    pub fn expose(&self) -> &str {
        &self.0
    }
}

impl std::fmt::Debug for Pin {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Pin(****)")
    }
}

fn tablet_view(tablet: &TabletRow) -> pb::Tablet {
    pb::Tablet {
        id: tablet.id.to_string(),
        name: tablet.name.clone(),
        created_at: Some(kit::time::to_proto(tablet.created_at)),
        last_used_at: tablet.last_used_at.map(kit::time::to_proto),
    }
}

fn family_of(caller: &Caller) -> Result<Uuid, Error> {
    caller.org.ok_or(Error::NoFamily)
}

impl Accounts {
    /// A parent turns a browser into the family's tablet: the device token is
    /// answered this once.
    pub async fn create_tablet(
        &self,
        caller: &Caller,
        req: pb::CreateTabletRequest,
    ) -> Result<pb::CreatedTablet, Error> {
        let org = family_of(caller)?;
        let name = req.name.trim();
        if name.is_empty() {
            return Err(Error::invalid("name", codes::required(Label::TabletName)));
        }
        validate::at_most(name, NAME_MAX, "name", Label::TabletName)?;
        let (token, hash) = new_token()?;
        let tablet = tablets::insert(
            &self.pool,
            &NewTablet {
                id: Uuid::now_v7(),
                organization_id: org,
                name,
                token_hash: &hash,
                created_by: caller.id,
                now: self.clock.now(),
            },
            TABLETS_MAX,
        )
        .await?
        .ok_or(Error::TooManyTablets)?;
        Ok(pb::CreatedTablet {
            tablet: Some(tablet_view(&tablet)),
            token,
        })
    }

    pub async fn tablets(&self, caller: &Caller) -> Result<Vec<pb::Tablet>, Error> {
        let org = family_of(caller)?;
        Ok(tablets::list(&self.pool, org)
            .await?
            .iter()
            .map(tablet_view)
            .collect())
    }

    /// Removes the family's tablet: its token is refused from now on, and
    /// every child session opened on it ends (here at once, elsewhere when
    /// the events arrive; the answer names them for the caller to end too).
    pub async fn revoke_tablet(
        &self,
        caller: &Caller,
        req: pb::RevokeTabletRequest,
    ) -> Result<Vec<pb::EndedSession>, Error> {
        let org = family_of(caller)?;
        let id = Uuid::parse_str(req.id.trim()).map_err(|_| Error::TabletNotFound)?;
        let now = chrono::Utc::now();
        let mut tx = self.pool.begin().await?;
        if !tablets::revoke(&mut tx, org, id, self.clock.now()).await? {
            return Err(Error::TabletNotFound);
        }
        let sessions = tablets::live_sessions(&mut tx, id, now.timestamp()).await?;
        crate::sessions::end_device_sessions(&mut tx, &sessions, None, org, now).await?;
        tx.commit().await?;
        Ok(self.end_device_sessions_here(sessions))
    }

    /// A parent sets their child's PIN for the tablet (hashed like a
    /// password); wrong guesses so far and a lock are forgotten.
    pub async fn set_child_pin(
        &self,
        caller: &Caller,
        req: pb::SetChildPinRequest,
    ) -> Result<(), Error> {
        let org = family_of(caller)?;
        // Another family's child, or one that is not a child at all, answers
        // as a child without a login: nothing about it is told.
        let pin = Pin::parse(&req.pin)?;
        let child_id = Uuid::parse_str(req.child_id.trim()).map_err(|_| Error::ChildHasNoLogin)?;
        let login = tablets::child_login(&self.pool, org, child_id)
            .await?
            .ok_or(Error::ChildHasNoLogin)?;
        let hash = self.hasher.hash_secret(pin.expose()).await?;
        child_pins::set(&self.pool, login.id, &hash, self.clock.now()).await?;
        Ok(())
    }

    /// The tablet its device token belongs to; a removed or unknown one is
    /// refused. The token is the credential, and it names the family: it is
    /// looked up across families, and what follows works in the tablet's.
    async fn tablet(&self, token: &str) -> Result<TabletRow, Error> {
        if token.trim().is_empty() {
            return Err(Error::TabletUnknown);
        }
        all_families(tablets::use_token(
            &self.pool,
            &hash_token(token.trim()),
            self.clock.now(),
        ))
        .await?
        .ok_or(Error::TabletUnknown)
    }

    /// Who may sign in on the tablet: the family's children with a login,
    /// by the names their family keeps, each saying whether a PIN is set.
    pub async fn tablet_children(
        &self,
        req: pb::GetTabletChildrenRequest,
    ) -> Result<pb::TabletChildren, Error> {
        let tablet = self.tablet(&req.tablet_token).await?;
        within(
            Scope::Family(tablet.organization_id),
            self.children_on(tablet),
        )
        .await
    }

    /// The family board: who may sign in on the tablet, and every child's
    /// chores today (asked of the chores service as this service, for the
    /// tablet's family alone). A suspended family is refused first.
    pub async fn tablet_board(
        &self,
        req: pb::GetTabletChildrenRequest,
    ) -> Result<pb::TabletBoard, Error> {
        let tablet = self.tablet(&req.tablet_token).await?;
        let org = tablet.organization_id;
        let (home, today) = tokio::join!(
            within(Scope::Family(org), self.children_on(tablet)),
            self.clients.family_today(org),
        );
        Ok(pb::TabletBoard {
            home: Some(home?),
            today: Some(today?),
        })
    }

    async fn children_on(&self, tablet: TabletRow) -> Result<pb::TabletChildren, Error> {
        let org = tablet.organization_id;
        // Read together; a suspended family is judged first, whatever the
        // children's read answered.
        let (family, children) = tokio::join!(
            families::kept(&self.pool, &self.clients, org),
            families::tablet_children(&self.pool, &self.clients, org),
        );
        let family = family?;
        if !family.is_active {
            return Err(Error::FamilyInactive);
        }
        Ok(pb::TabletChildren {
            tablet_name: tablet.name,
            family_name: family.name,
            children: children?,
        })
    }

    /// A child's PIN on the tablet opens a short-lived session as that child.
    /// Each guess is counted before it is checked; five wrong in a row lock
    /// the child's PIN, the right one included.
    pub async fn unlock_tablet(
        &self,
        req: pb::UnlockTabletRequest,
    ) -> Result<pb::AuthResponse, Error> {
        let tablet = self.tablet(&req.tablet_token).await?;
        within(
            Scope::Family(tablet.organization_id),
            self.unlock_on(tablet, req),
        )
        .await
    }

    async fn unlock_on(
        &self,
        tablet: TabletRow,
        req: pb::UnlockTabletRequest,
    ) -> Result<pb::AuthResponse, Error> {
        let pin = Pin::parse(&req.pin)?;
        let child_id = Uuid::parse_str(req.child_id.trim()).map_err(|_| Error::ChildNotFound)?;
        let login = tablets::child_login(&self.pool, tablet.organization_id, child_id)
            .await?
            .ok_or(Error::ChildNotFound)?;
        let hash = match child_pins::reserve_guess(
            &self.pool,
            login.id,
            PIN_FAILURES_MAX,
            PIN_FAILURE_WINDOW,
            PIN_LOCK,
            self.clock.now(),
        )
        .await?
        {
            Reserved::Check(hash) => hash,
            Reserved::Locked => return Err(Error::TooManyPinGuesses),
            Reserved::NoPin => return Err(Error::NoPin),
        };
        if !self.hasher.verify(pin.expose(), Some(&hash)).await? {
            // Stays counted.
            return Err(Error::invalid("pin", codes::pin_wrong()));
        }
        child_pins::clear(&self.pool, login.id).await?;
        if !login.is_active {
            return Err(Error::AccountInactive);
        }
        self.tablet_session(&tablet, login).await
    }

    /// Opens the child's session on the tablet: a normal token of theirs,
    /// short-lived, recorded with the tablet so removing it ends the session.
    async fn tablet_session(
        &self,
        tablet: &TabletRow,
        mut user: UserRow,
    ) -> Result<pb::AuthResponse, Error> {
        self.active_family(&user).await?;
        let session_id = Uuid::new_v4().to_string();
        let expires_at = chrono::Utc::now().timestamp() + ttl_seconds(TABLET_SESSION_TTL);
        // Recorded before the token exists, so no token of it escapes a
        // removal of the tablet.
        tablets::record_session(
            &self.pool,
            &session_id,
            tablet.id,
            user.id,
            expires_at + 1,
            self.clock.now(),
        )
        .await?;
        self.record_login(&mut user, LoginWay::TabletPin).await?;
        let token = self
            .signer
            .session_token_for(
                &tablet_subject(self.subject(&user)),
                &session_id,
                chrono::Utc::now().timestamp(),
                TABLET_SESSION_TTL,
            )
            .map_err(|e| Error::Internal(e.into()))?;
        Ok(pb::AuthResponse {
            token,
            user: Some(self.describe(&user).await?),
            ..Default::default()
        })
    }

    /// The token renewing `session_id` when it was opened on a tablet: as
    /// short-lived as the first, and only while the tablet is set up.
    /// `None` for any other session.
    pub(crate) async fn renew_tablet_session(
        &self,
        caller: &Caller,
        user: &UserRow,
    ) -> Result<Option<String>, Error> {
        let Some((tablet_id, active)) =
            tablets::session_tablet(&self.pool, &caller.session_id).await?
        else {
            return Ok(None);
        };
        if !active {
            return Err(Error::SessionEnded);
        }
        let expires_at = chrono::Utc::now().timestamp() + ttl_seconds(TABLET_SESSION_TTL);
        tablets::record_session(
            &self.pool,
            &caller.session_id,
            tablet_id,
            user.id,
            expires_at + 1,
            self.clock.now(),
        )
        .await?;
        self.signer
            .session_token_for(
                &tablet_subject(self.subject(user)),
                &caller.session_id,
                caller.session_started,
                TABLET_SESSION_TTL,
            )
            .map(Some)
            .map_err(|e| Error::Internal(e.into()))
    }
}

/// A child's session on the tablet: scoped to the tablet's screens.
fn tablet_subject(subject: kit::jwt::Subject) -> kit::jwt::Subject {
    kit::jwt::Subject {
        tablet: true,
        ..subject
    }
}

fn ttl_seconds(ttl: Duration) -> i64 {
    i64::try_from(ttl.as_secs()).unwrap_or(i64::MAX / 2)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_pin_is_exactly_four_digits() {
        assert!(Pin::parse("0427").is_ok());
        for bad in ["", "123", "12345", "12a4", " 123", "１２３４", "12.4"] {
            assert!(Pin::parse(bad).is_err(), "{bad:?}");
        }
        let refused = |raw: &str| match Pin::parse(raw) {
            Err(Error::Invalid(field)) => (field.field, field.code(), field.message()),
            _ => panic!("{raw:?} is the PIN's refusal"),
        };
        assert_eq!(
            refused(""),
            ("pin", "REQUIRED", "PIN is required".to_owned())
        );
        assert_eq!(
            refused("12a4"),
            (
                "pin",
                "PIN_FORMAT",
                "PIN must be exactly 4 digits".to_owned()
            )
        );
        assert_eq!(format!("{:?}", Pin::parse("0427").unwrap()), "Pin(****)");
    }
}
