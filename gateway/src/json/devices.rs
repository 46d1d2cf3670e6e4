//! A child's own devices' JSON: what a parent sees and makes, and what the
//! device sends and keeps.

use chorely_proto::auth::v1 as auth_pb;
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::{User, time};

/// A phone, tablet or computer of the child's, signed in through a link.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ChildDevice {
    pub id: String,
    /// What the device called itself ("iPhone").
    pub name: String,
    pub created_at: Option<DateTime<Utc>>,
    /// When it last signed the child in again; null until then.
    pub last_used_at: Option<DateTime<Utc>>,
}

impl From<auth_pb::ChildDevice> for ChildDevice {
    fn from(d: auth_pb::ChildDevice) -> Self {
        Self {
            created_at: time(d.created_at.as_ref()),
            last_used_at: time(d.last_used_at.as_ref()),
            id: d.id,
            name: d.name,
        }
    }
}

/// A one-time code for the child's device.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DeviceLink {
    /// Opened once, as `/link#<code>`, on the child's device, before
    /// `expiresAt`. Answered this once: only its SHA-256 is stored.
    pub code: String,
    pub expires_at: Option<DateTime<Utc>>,
}

impl From<auth_pb::DeviceLink> for DeviceLink {
    fn from(l: auth_pb::DeviceLink) -> Self {
        Self {
            expires_at: time(l.expires_at.as_ref()),
            code: l.code,
        }
    }
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct ClaimDeviceLinkBody {
    /// The code of the link a parent showed.
    #[schema(required = true, min_length = 1, max_length = 200)]
    pub code: String,
    /// What the device calls itself, shown to the parents; cut at 60 characters.
    #[schema(max_length = 200)]
    pub device_name: String,
}

/// A device just signed in: the child's session, and the device token it
/// keeps to sign in again.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DeviceSignIn {
    /// Sent to `POST /auth/device/login` when the session runs out.
    /// Answered this once: only its SHA-256 is stored.
    pub device_token: String,
    /// Bearer token for the `Authorization` header.
    pub token: String,
    pub user: Option<User>,
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct DeviceLoginBody {
    #[schema(required = true, min_length = 1, max_length = 200)]
    pub device_token: String,
}
