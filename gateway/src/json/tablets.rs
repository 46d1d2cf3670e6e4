//! The family tablet's JSON: the tablets a parent set up, a child's PIN,
//! and what the tablet itself shows and sends.

use chorely_proto::auth::v1 as auth_pb;
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::{Today, time};

/// A browser set up as the family's shared tablet.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Tablet {
    pub id: String,
    pub name: String,
    pub created_at: Option<DateTime<Utc>>,
    /// When a child last used it; null until then.
    pub last_used_at: Option<DateTime<Utc>>,
}

impl From<auth_pb::Tablet> for Tablet {
    fn from(t: auth_pb::Tablet) -> Self {
        Self {
            created_at: time(t.created_at.as_ref()),
            last_used_at: time(t.last_used_at.as_ref()),
            id: t.id,
            name: t.name,
        }
    }
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct CreateTabletBody {
    /// What the family calls this device ("Kitchen tablet").
    #[schema(required = true, min_length = 1, max_length = 60, pattern = r"\S")]
    pub name: String,
}

/// A new tablet and its device token.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CreatedTablet {
    pub tablet: Option<Tablet>,
    /// The device token this browser keeps and sends as `X-Tablet-Token`.
    /// Answered this once: only its SHA-256 is stored.
    pub token: String,
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct ChildPinBody {
    /// Exactly four digits. Never answered by any call; stored only hashed.
    #[schema(required = true, pattern = "^[0-9]{4}$", example = "4827")]
    pub pin: String,
}

/// A child who may sign in on the tablet.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TabletChild {
    /// The child's id (as in `/children`).
    pub id: String,
    pub name: String,
    /// Whether a parent has set their PIN; without one they cannot sign in here.
    pub has_pin: bool,
}

/// What the tablet shows before anyone signs in.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TabletHome {
    pub tablet_name: String,
    pub family_name: String,
    pub children: Vec<TabletChild>,
}

impl From<auth_pb::TabletChildren> for TabletHome {
    fn from(t: auth_pb::TabletChildren) -> Self {
        Self {
            tablet_name: t.tablet_name,
            family_name: t.family_name,
            children: t
                .children
                .into_iter()
                .map(|c| TabletChild {
                    id: c.id,
                    name: c.name,
                    has_pin: c.has_pin,
                })
                .collect(),
        }
    }
}

/// The family board: the tablet's home (who may sign in) and every child's
/// chores today, shown without any PIN.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TabletBoard {
    pub tablet_name: String,
    pub family_name: String,
    /// The children who may sign in on the tablet (as `/tablet/children`).
    pub children: Vec<TabletChild>,
    /// Every child's chores today, as a parent's `/chores/today`.
    pub today: Today,
}

impl From<auth_pb::TabletBoard> for TabletBoard {
    fn from(board: auth_pb::TabletBoard) -> Self {
        let home = TabletHome::from(board.home.unwrap_or_default());
        Self {
            tablet_name: home.tablet_name,
            family_name: home.family_name,
            children: home.children,
            today: board.today.unwrap_or_default().into(),
        }
    }
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct TabletUnlockBody {
    /// The child signing in (an id of the tablet's `children`).
    #[schema(required = true, min_length = 1)]
    pub child_id: String,
    /// The child's four-digit PIN.
    #[schema(required = true, pattern = "^[0-9]{4}$", example = "4827")]
    pub pin: String,
}
