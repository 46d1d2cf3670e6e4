//! Sessions: logging out of one or of all, renewing a session's short-lived
//! token while it is in use, and the password changes that end sessions.
//!
//! A login starts a session (the token's `sid`); a renewal issues a new
//! token in the same session. Ending sessions goes through the revocation
//! path every process follows (see `kit::revocation`): `token_revoked` for
//! one session, `user_revoked` with `sessions_only` for all of a user's.

use chorely_proto::{
    auth::v1 as pb,
    events::v1::{TokenRevoked, UserRevoked},
};
use chrono::{DateTime, Utc};
use kit::{
    authn::User as Caller,
    codes::{self, Label},
    outbox,
};
use sqlx::PgConnection;
use uuid::Uuid;

use crate::{
    accounts::Accounts,
    devices,
    domain::Password,
    error::Error,
    store::{LiveSession, child_devices, login_failures, users},
};

impl Accounts {
    /// Ends the session of the caller's token (and of its renewals):
    /// `token_revoked` goes through the outbox to every process, and this
    /// one refuses the session at once.
    pub async fn logout(&self, caller: &Caller) -> Result<(), Error> {
        let now = Utc::now();
        // An older token of the session may be the one logging out while a
        // newer renewal lives on: the session is refused for as long as any
        // token issued until now can live.
        let expires_at = caller.expires_at.max(now.timestamp() + self.ttl_seconds());
        let mut tx = self.pool.begin().await?;
        outbox::enqueue(
            &mut tx,
            &TokenRevoked {
                token_id: caller.session_id.clone(),
                user_id: caller.id.to_string(),
                organization_id: caller.org.map(|o| o.to_string()).unwrap_or_default(),
                expires_at: Some(prost_types::Timestamp {
                    seconds: expires_at,
                    nanos: 0,
                }),
                revoked_at: Some(kit::time::to_proto(now)),
            },
        )
        .await?;
        // Signing out on a child's linked device signs the device out: it
        // forgets its token, and its parents' list drops it.
        let mut device_sessions = Vec::new();
        if let Some(device) =
            child_devices::revoke_by_session(&mut tx, &caller.session_id, self.clock.now()).await?
            && let Some(org) = caller.org
        {
            device_sessions =
                devices::end_sessions_of_device(&mut tx, device, caller.id, org, now).await?;
        }
        tx.commit().await?;
        self.revocations
            .revoke_token_locally(&caller.session_id, expires_at);
        self.end_device_sessions_here(device_sessions);
        Ok(())
    }

    /// Ends every session of the caller, on every device, this one included;
    /// proven by the current password (a session alone must not sign its
    /// owner out of every device).
    pub async fn logout_everywhere(
        &self,
        caller: &Caller,
        req: pb::LogoutEverywhereRequest,
    ) -> Result<(), Error> {
        self.confirm_password(caller, &req.current_password).await?;
        let mut tx = self.pool.begin().await?;
        let cut = end_sessions(&mut tx, caller.id, caller.org).await?;
        tx.commit().await?;
        self.end_sessions_here(caller.id, cut);
        Ok(())
    }

    /// A new token in the caller's session, valid for another token lifetime
    /// but never past the session's 30 days from its login (`auth_time`).
    /// Only a valid token that is not revoked is renewed (the request was
    /// authenticated), so an ended session stays ended; an account
    /// deactivated or a family suspended since is refused as at login.
    pub async fn renew(&self, caller: &Caller) -> Result<String, Error> {
        let user = users::find_by_id(&self.pool, caller.id)
            .await?
            .ok_or(Error::SessionEnded)?;
        if !user.is_active {
            return Err(Error::AccountInactive);
        }
        if self.family_of(&user).await?.is_some_and(|f| !f.is_active) {
            return Err(Error::FamilyInactive);
        }
        // Checked again as it is issued: a logout or a password change may
        // have ended the session while this call was on its way.
        if self.revocations.is_revoked(
            &caller.id.to_string(),
            caller.org.map(|o| o.to_string()).as_deref(),
            caller.issued_at_ms,
        ) || self.revocations.token_revoked(&caller.session_id)
        {
            return Err(Error::SessionEnded);
        }
        // A session lasts 30 days from its login, however often renewed.
        if kit::jwt::session_end(caller.session_started) <= Utc::now().timestamp() {
            return Err(Error::SessionEnded);
        }
        // A session a child's device opened ends when the device is signed out.
        if child_devices::session_signed_out(&self.pool, &caller.session_id).await? {
            return Err(Error::SessionEnded);
        }
        // A child's session on the family tablet stays short, and ends with the tablet.
        if let Some(token) = self.renew_tablet_session(caller, &user).await? {
            return Ok(token);
        }
        self.signer
            .session_token(
                &self.subject(&user),
                &caller.session_id,
                caller.session_started,
            )
            .map_err(|e| Error::Internal(e.into()))
    }

    /// Changes the caller's password, proven by the current one (counted
    /// against the same lock as logins). Every other session ends; this one
    /// goes on with the token in the answer.
    pub async fn change_password(
        &self,
        caller: &Caller,
        req: pb::ChangePasswordRequest,
    ) -> Result<pb::AuthResponse, Error> {
        Self::off_tablet(caller)?;
        if req.current_password.is_empty() {
            return Err(Error::invalid(
                "currentPassword",
                codes::required(Label::CurrentPassword),
            ));
        }
        let password = Password::parse_field(&req.new_password, "newPassword")?;
        let user = self.confirm_password(caller, &req.current_password).await?;
        let hash = self.hasher.hash(&password).await?;
        let mut tx = self.pool.begin().await?;
        users::change_password(&mut tx, user.id, &hash).await?;
        let cut = end_sessions(&mut tx, user.id, user.organization_id).await?;
        tx.commit().await?;
        self.end_sessions_here(user.id, cut);
        wait_past(cut).await;
        let token = self
            .signer
            .session_token(
                &self.subject(&user),
                &caller.session_id,
                caller.session_started,
            )
            .map_err(|e| Error::Internal(e.into()))?;
        Ok(pb::AuthResponse {
            token,
            user: Some(self.describe(&user).await?),
            ..Default::default()
        })
    }

    /// A parent sets a new password for their own child's login (children
    /// often have no email they read to reset it with). The child's sessions
    /// end and a lock from guessing is lifted.
    pub async fn set_child_password(
        &self,
        caller: &Caller,
        req: pb::SetChildPasswordRequest,
    ) -> Result<Uuid, Error> {
        let org = caller.org.ok_or(Error::NoFamily)?;
        // Another family's child, or one that is not a child at all, answers
        // as a child without a login: nothing about it is told.
        let child_id = Uuid::parse_str(req.child_id.trim()).map_err(|_| Error::ChildHasNoLogin)?;
        let password = Password::parse(&req.password)?;
        let hash = self.hasher.hash(&password).await?;
        let mut tx = self.pool.begin().await?;
        let login = users::set_child_password(&mut tx, org, child_id, &hash)
            .await?
            .ok_or(Error::ChildHasNoLogin)?;
        let cut = end_sessions(&mut tx, login.id, Some(org)).await?;
        tx.commit().await?;
        self.end_sessions_here(login.id, cut);
        login_failures::clear(&self.pool, &login.email).await?;
        Ok(login.id)
    }

    /// This process refuses the sessions ended at `cut` at once; the others
    /// when the event reaches them.
    pub(crate) fn end_sessions_here(&self, user_id: Uuid, cut: DateTime<Utc>) {
        self.revocations
            .end_sessions_locally(&user_id.to_string(), cut.timestamp_millis());
    }

    fn ttl_seconds(&self) -> i64 {
        i64::try_from(self.signer.ttl().as_secs()).unwrap_or(i64::MAX / 2)
    }
}

/// Queues the end of every session of `user_id` issued until now (the
/// account itself is fine) in `tx`; returns that moment. Revocations and
/// tokens count in the system's milliseconds.
pub(crate) async fn end_sessions(
    tx: &mut PgConnection,
    user_id: Uuid,
    org: Option<Uuid>,
) -> Result<DateTime<Utc>, Error> {
    let cut = Utc::now();
    outbox::enqueue(
        tx,
        &UserRevoked {
            user_id: user_id.to_string(),
            organization_id: org.map(|o| o.to_string()).unwrap_or_default(),
            revoked_at: Some(kit::time::to_proto(cut)),
            sessions_only: true,
        },
    )
    .await?;
    Ok(cut)
}

/// Waits out the millisecond of `cut`: a token issued in it would be refused
/// with the sessions it ended.
pub(crate) async fn wait_past(cut: DateTime<Utc>) {
    let cut = cut.timestamp_millis();
    while Utc::now().timestamp_millis() <= cut {
        tokio::time::sleep(std::time::Duration::from_millis(1)).await;
    }
}

/// Ends the device's `sessions` (those of `user`, when known, in family
/// `org`): announced through the outbox, for every process to refuse.
pub(crate) async fn end_device_sessions(
    tx: &mut PgConnection,
    sessions: &[LiveSession],
    user: Option<Uuid>,
    org: Uuid,
    now: DateTime<Utc>,
) -> Result<(), Error> {
    for session in sessions {
        outbox::enqueue(
            &mut *tx,
            &TokenRevoked {
                token_id: session.session_id.clone(),
                user_id: user.map(|u| u.to_string()).unwrap_or_default(),
                organization_id: org.to_string(),
                expires_at: Some(prost_types::Timestamp {
                    seconds: session.expires_at,
                    nanos: 0,
                }),
                revoked_at: Some(kit::time::to_proto(now)),
            },
        )
        .await?;
    }
    Ok(())
}

impl Accounts {
    /// Refuses the device's ended `sessions` in this process at once (the
    /// others when the events arrive), answering them for the caller to
    /// refuse too.
    pub(crate) fn end_device_sessions_here(
        &self,
        sessions: Vec<LiveSession>,
    ) -> Vec<pb::EndedSession> {
        sessions
            .into_iter()
            .map(|s| {
                self.revocations
                    .revoke_token_locally(&s.session_id, s.expires_at);
                pb::EndedSession {
                    session_id: s.session_id,
                    expires_at: s.expires_at,
                }
            })
            .collect()
    }
}
