//! Pauses of the whole family or one child.

use chorely_proto::chores::v1 as pb;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct PauseBody {
    /// The first paused day of the family's calendar (YYYY-MM-DD): today or
    /// later, at most a year ahead.
    #[schema(required = true, format = Date)]
    pub from: String,
    /// The last paused day (YYYY-MM-DD), not before `from`; at most 366 days in all.
    #[schema(required = true, format = Date)]
    pub to: String,
    /// Why (shown to parents), at most 200 characters.
    #[schema(max_length = 200)]
    pub reason: Option<String>,
}

/// Days on which nothing is due or missed, for one child or the whole family.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Pause {
    pub id: String,
    /// The paused child; null for the whole family.
    pub child_id: Option<String>,
    /// The first paused day (YYYY-MM-DD).
    #[schema(format = Date)]
    pub from: String,
    /// The last paused day (YYYY-MM-DD), included.
    #[schema(format = Date)]
    pub to: String,
    pub reason: String,
}

impl From<pb::Pause> for Pause {
    fn from(p: pb::Pause) -> Self {
        Self {
            id: p.id,
            child_id: Some(p.child_id).filter(|c| !c.is_empty()),
            from: p.from,
            to: p.to,
            reason: p.reason,
        }
    }
}
