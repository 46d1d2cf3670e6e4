//! A child's own devices. A parent shows a one-time code (a QR of a link)
//! for their child; the phone or tablet that opens it keeps a device token
//! (only its SHA-256 is kept here) and is signed in as the child, again
//! whenever its session runs out, until a parent signs the device out. A
//! child added without an email signs in only this way or with their PIN
//! on the family tablet. Every sign-in is recorded like a password login
//! (`UserLoggedIn`, with its way).

use chorely_proto::auth::v1 as pb;
use chrono::Duration;
use kit::{
    authn::User as Caller,
    tenancy::{Scope, all_families, within},
};
use uuid::Uuid;

use crate::{
    accounts::Accounts,
    domain::LoginWay,
    error::Error,
    mail::{hash_token, new_token},
    store::{
        LiveSession,
        child_devices::{self, DeviceRow, NewDevice, NewLink},
        users::{self, UserRow},
    },
};

/// How long a one-time code works: the minutes it takes to find the
/// child's phone and point its camera.
pub const LINK_LIFETIME: Duration = Duration::minutes(15);
/// Devices a child may have signed in at once: a phone, a tablet, a
/// school laptop and some to spare; a bound on tokens one code can mint.
const DEVICES_MAX: i64 = 5;
/// A device's name, at most (the rest is cut, not refused: the device
/// names itself from its browser).
const NAME_MAX: usize = 60;

fn device_view(device: &DeviceRow) -> pb::ChildDevice {
    pb::ChildDevice {
        id: device.id.to_string(),
        name: device.name.clone(),
        created_at: Some(kit::time::to_proto(device.created_at)),
        last_used_at: device.last_used_at.map(kit::time::to_proto),
    }
}

/// What the device calls itself, trimmed and cut to [`NAME_MAX`]; "Device"
/// when it says nothing.
fn device_name(raw: &str) -> String {
    let name: String = raw
        .trim()
        .chars()
        .filter(|c| !c.is_control())
        .take(NAME_MAX)
        .collect();
    if name.trim().is_empty() {
        "Device".to_owned()
    } else {
        name.trim().to_owned()
    }
}

impl Accounts {
    /// The login of the caller's family's child `raw`; another family's
    /// child, or one not joined yet, answers as a child without a login.
    async fn child_login_of(&self, caller: &Caller, raw: &str) -> Result<UserRow, Error> {
        let org = caller.org.ok_or(Error::NoFamily)?;
        let child = Uuid::parse_str(raw.trim()).map_err(|_| Error::ChildHasNoLogin)?;
        users::child_login(&self.pool, org, child)
            .await?
            .ok_or(Error::ChildHasNoLogin)
    }

    /// A parent makes a one-time code for their child's device; refused
    /// while the child has as many devices as a child may.
    pub async fn create_device_link(
        &self,
        caller: &Caller,
        req: pb::CreateDeviceLinkRequest,
    ) -> Result<pb::DeviceLink, Error> {
        let login = self.child_login_of(caller, &req.child_id).await?;
        let org = caller.org.ok_or(Error::NoFamily)?;
        let mut conn = self.pool.acquire().await?;
        if child_devices::count(&mut conn, org, login.id).await? >= DEVICES_MAX {
            return Err(Error::TooManyDevices);
        }
        drop(conn);
        let (code, hash) = new_token()?;
        let now = self.clock.now();
        let expires_at = now + LINK_LIFETIME;
        child_devices::insert_link(
            &self.pool,
            &NewLink {
                organization_id: org,
                user_id: login.id,
                code_hash: &hash,
                created_by: caller.id,
                now,
                expires_at,
            },
        )
        .await?;
        Ok(pb::DeviceLink {
            code,
            expires_at: Some(kit::time::to_proto(expires_at)),
        })
    }

    pub async fn child_devices(
        &self,
        caller: &Caller,
        req: pb::ListChildDevicesRequest,
    ) -> Result<Vec<pb::ChildDevice>, Error> {
        let login = self.child_login_of(caller, &req.child_id).await?;
        let org = caller.org.ok_or(Error::NoFamily)?;
        Ok(child_devices::list(&self.pool, org, login.id)
            .await?
            .iter()
            .map(device_view)
            .collect())
    }

    /// Signs the child's device out: its token is refused from now on, and
    /// every session it opened ends (here at once, elsewhere when the
    /// events arrive; the answer names them for the caller to end too).
    pub async fn revoke_child_device(
        &self,
        caller: &Caller,
        req: pb::RevokeChildDeviceRequest,
    ) -> Result<Vec<pb::EndedSession>, Error> {
        let login = self.child_login_of(caller, &req.child_id).await?;
        let org = caller.org.ok_or(Error::NoFamily)?;
        let id = Uuid::parse_str(req.device_id.trim()).map_err(|_| Error::DeviceNotFound)?;
        let now = chrono::Utc::now();
        let mut tx = self.pool.begin().await?;
        if !child_devices::revoke(&mut tx, org, login.id, id, self.clock.now()).await? {
            return Err(Error::DeviceNotFound);
        }
        let sessions = end_sessions_of_device(&mut tx, id, login.id, org, now).await?;
        tx.commit().await?;
        Ok(self.end_device_sessions_here(sessions))
    }

    /// The device opening a parent's code: the code is used up, the device
    /// signed in (within the child's cap) and its first session opened. The
    /// code names the family: it is looked up across families, and what
    /// follows works in the code's.
    pub async fn claim_device_link(
        &self,
        req: pb::ClaimDeviceLinkRequest,
    ) -> Result<pb::ClaimedDevice, Error> {
        let code = req.code.trim();
        if code.is_empty() {
            return Err(Error::LinkInvalid);
        }
        let name = device_name(&req.device_name);
        let (token, token_hash) = new_token()?;
        let now = self.clock.now();
        // The code names the family: it is used up and the device kept in
        // one transaction that sees every family's rows and names the
        // code's family in each write.
        let device = all_families(async {
            let mut tx = self.pool.begin().await?;
            let (org, user_id) = child_devices::claim_link(&mut tx, &hash_token(code), now)
                .await?
                .ok_or(Error::LinkInvalid)?;
            let device = child_devices::insert(
                &mut tx,
                &NewDevice {
                    id: Uuid::now_v7(),
                    organization_id: org,
                    user_id,
                    name: &name,
                    token_hash: &token_hash,
                    now,
                },
                DEVICES_MAX,
            )
            .await?
            .ok_or(Error::TooManyDevices)?;
            tx.commit().await?;
            Ok::<_, Error>(device)
        })
        .await?;
        let org = device.organization_id;
        let session = within(
            Scope::Family(org),
            self.device_session(&device, LoginWay::DeviceLink),
        )
        .await?;
        Ok(pb::ClaimedDevice {
            device_token: token,
            session: Some(session),
        })
    }

    /// A linked device signing its child in again with its token.
    pub async fn device_login(
        &self,
        req: pb::DeviceLoginRequest,
    ) -> Result<pb::AuthResponse, Error> {
        let token = req.device_token.trim();
        if token.is_empty() {
            return Err(Error::DeviceUnknown);
        }
        let device = all_families(child_devices::use_token(
            &self.pool,
            &hash_token(token),
            self.clock.now(),
        ))
        .await?
        .ok_or(Error::DeviceUnknown)?;
        within(
            Scope::Family(device.organization_id),
            self.device_session(&device, LoginWay::Device),
        )
        .await
    }

    /// Opens the child's session on their device: a normal session of
    /// theirs, recorded with the device so signing it out ends it.
    async fn device_session(
        &self,
        device: &DeviceRow,
        way: LoginWay,
    ) -> Result<pb::AuthResponse, Error> {
        let mut user = users::find_by_id(&self.pool, device.user_id)
            .await?
            .filter(|u| u.organization_id == Some(device.organization_id))
            .ok_or(Error::DeviceUnknown)?;
        if !user.is_active {
            return Err(Error::AccountInactive);
        }
        let family = self.active_family(&user).await?;
        let session_id = Uuid::new_v4().to_string();
        let started = chrono::Utc::now().timestamp();
        // Recorded before the token exists, so no token of it escapes a
        // sign-out of the device; no token of it outlives the session.
        child_devices::record_session(
            &self.pool,
            &session_id,
            device.id,
            kit::jwt::session_end(started) + 1,
        )
        .await?;
        self.record_login(&mut user, way).await?;
        let token = self
            .signer
            .session_token(&self.subject(&user), &session_id, started)
            .map_err(|e| Error::Internal(e.into()))?;
        Ok(pb::AuthResponse {
            token,
            user: Some(self.view(&user, family.as_ref())),
            ..Default::default()
        })
    }
}

/// Ends every session the device `device` opened that may still be in use.
pub(crate) async fn end_sessions_of_device(
    tx: &mut sqlx::PgConnection,
    device: Uuid,
    user: Uuid,
    org: Uuid,
    now: chrono::DateTime<chrono::Utc>,
) -> Result<Vec<LiveSession>, Error> {
    let sessions = child_devices::live_sessions(&mut *tx, device, now.timestamp()).await?;
    crate::sessions::end_device_sessions(tx, &sessions, Some(user), org, now).await?;
    Ok(sessions)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_device_is_named_as_it_says_within_bounds() {
        assert_eq!(device_name("  iPhone "), "iPhone");
        assert_eq!(device_name(""), "Device");
        assert_eq!(device_name(" \n\t "), "Device");
        assert_eq!(device_name("Pixel\u{7}\n 8"), "Pixel 8");
        assert_eq!(device_name(&"é".repeat(100)).chars().count(), NAME_MAX);
    }
}
