//! Calendar feeds: private iCalendar URLs a member's calendar apps follow.

use chorely_proto::chores::v1 as pb;
use chrono::{DateTime, Utc};
use serde::Serialize;
use utoipa::ToSchema;

use super::time;

/// One of the caller's calendar feeds (its URL is answered only when made).
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CalendarFeed {
    pub id: String,
    pub created_at: Option<DateTime<Utc>>,
    /// When a calendar app last fetched it; null until then.
    pub last_used_at: Option<DateTime<Utc>>,
    /// The member who made it (a parent's list holds every member's).
    pub user_id: String,
    /// The child whose chores it shows; null for a parent's feed (every child).
    pub child_id: Option<String>,
}

impl From<pb::Feed> for CalendarFeed {
    fn from(f: pb::Feed) -> Self {
        Self {
            created_at: time(f.created_at.as_ref()),
            last_used_at: time(f.last_used_at.as_ref()),
            id: f.id,
            user_id: f.user_id,
            child_id: (!f.child_id.is_empty()).then_some(f.child_id),
        }
    }
}

/// A new calendar feed with its URL, answered this once: only a hash of
/// the URL's token is stored.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CreatedCalendarFeed {
    pub id: String,
    /// The feed's address (`webcal://` is the same with its scheme changed).
    pub url: String,
    pub created_at: Option<DateTime<Utc>>,
}
