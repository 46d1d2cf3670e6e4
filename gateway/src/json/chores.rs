//! JSON shapes of categories, chores and submissions.

use chorely_proto::{chores::v1 as pb, rewards::v1 as rewards_pb};
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use super::{MultiplierView, ReviewDecision, SubmissionStatus, time};
use crate::money::to_dollars;

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct CategoryBody {
    #[schema(required = true, min_length = 1, max_length = 100, pattern = r"\S")]
    pub name: String,
    #[schema(max_length = 500)]
    pub description: Option<String>,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Category {
    pub id: String,
    pub name: String,
    pub description: String,
    /// Active chores in the category.
    pub chore_count: i32,
}

impl From<pb::Category> for Category {
    fn from(c: pb::Category) -> Self {
        Self {
            id: c.id,
            name: c.name,
            description: c.description,
            chore_count: c.chore_count,
        }
    }
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct ChoreBody {
    #[schema(required = true, min_length = 1, max_length = 100, pattern = r"\S")]
    pub name: String,
    #[schema(max_length = 500)]
    pub description: Option<String>,
    /// Dollars in whole cents, 0 or more.
    #[schema(value_type = f64, required = true, minimum = 0, maximum = 10000, multiple_of = 0.01)]
    pub base_reward: Option<f64>,
    #[schema(required = true, min_length = 1)]
    pub category_id: String,
    /// 0 (anytime), 1, 2, 3, 7, 14 or 30; 0 when absent.
    pub frequency_days: Option<FrequencyDays>,
    pub requires_photo: Option<bool>,
}

/// How many days a chore stays unavailable after it is done: 0 is anytime.
#[derive(
    Debug,
    Clone,
    Copy,
    PartialEq,
    Eq,
    serde_repr::Serialize_repr,
    serde_repr::Deserialize_repr,
    ToSchema,
)]
#[repr(i32)]
pub enum FrequencyDays {
    Anytime = 0,
    Daily = 1,
    TwoDays = 2,
    ThreeDays = 3,
    Weekly = 7,
    BiWeekly = 14,
    Monthly = 30,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CategoryRef {
    pub id: String,
    pub name: String,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Chore {
    pub id: String,
    pub name: String,
    pub description: String,
    /// Dollars.
    pub base_reward: f64,
    pub category_id: String,
    pub category: CategoryRef,
    pub frequency_days: i32,
    pub requires_photo: bool,
    /// False once retired (still shown in history).
    pub is_active: bool,
}

impl From<pb::Chore> for Chore {
    fn from(c: pb::Chore) -> Self {
        Self {
            base_reward: to_dollars(c.base_reward_cents),
            category: CategoryRef {
                id: c.category_id.clone(),
                name: c.category_name,
            },
            category_id: c.category_id,
            id: c.id,
            name: c.name,
            description: c.description,
            frequency_days: c.frequency_days,
            requires_photo: c.requires_photo,
            is_active: c.is_active,
        }
    }
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Availability {
    pub chore_id: String,
    pub is_available: bool,
    /// When the chore can be done again; null for anytime chores and first times.
    pub next_available_at: Option<DateTime<Utc>>,
    /// Whole days until then, rounded up.
    pub days_remaining: i32,
}

impl From<pb::Availability> for Availability {
    fn from(a: pb::Availability) -> Self {
        Self {
            next_available_at: time(a.next_available_at.as_ref()),
            chore_id: a.chore_id,
            is_available: a.is_available,
            days_remaining: a.days_remaining,
        }
    }
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Submission {
    pub id: String,
    pub chore: Option<Chore>,
    pub child_id: String,
    pub child_name: String,
    /// Dollars: the chore's reward when submitted.
    pub base_reward: f64,
    /// Dollars: what the approval paid (0 until approved).
    pub boosted_reward: f64,
    /// The multiplier the approval used; null until approved.
    pub multiplier: Option<f64>,
    pub completed_at: Option<DateTime<Utc>>,
    pub submitted_at: Option<DateTime<Utc>>,
    pub notes: String,
    /// A link to the photo that works for a few minutes; null without a photo.
    pub photo_url: Option<String>,
    pub status: SubmissionStatus,
    pub admin_notes: String,
    pub reviewed_at: Option<DateTime<Utc>>,
    pub approved: bool,
    /// What approving it would pay now, in the review queue: null once
    /// reviewed, and when the child's multiplier could not be read.
    pub pay_preview: Option<PayPreview>,
}

/// The base reward times the child's multiplier at this moment: the same
/// multiplier and rounding an approval uses.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PayPreview {
    /// Dollars.
    pub reward: f64,
    pub multiplier: MultiplierView,
}

impl PayPreview {
    pub fn new(base_reward_cents: i64, multiplier: rewards_pb::Multiplier) -> Self {
        Self {
            reward: to_dollars(kit::money::boosted(
                base_reward_cents,
                multiplier.total_milli,
            )),
            multiplier: multiplier.into(),
        }
    }
}

impl From<pb::Submission> for Submission {
    fn from(s: pb::Submission) -> Self {
        let status = s.status();
        Self {
            status: SubmissionStatus::from_proto(status).unwrap_or(SubmissionStatus::PENDING),
            approved: status == pb::SubmissionStatus::Approved,
            base_reward: to_dollars(s.base_reward_cents),
            boosted_reward: to_dollars(s.boosted_reward_cents),
            multiplier: (s.multiplier_milli > 0).then(|| f64::from(s.multiplier_milli) / 1000.0),
            completed_at: time(s.completed_at.as_ref()),
            submitted_at: time(s.submitted_at.as_ref()),
            reviewed_at: time(s.reviewed_at.as_ref()),
            photo_url: Some(s.photo_url).filter(|u| !u.is_empty()),
            chore: s.chore.map(Chore::from),
            id: s.id,
            child_id: s.child_id,
            child_name: s.child_name,
            notes: s.notes,
            admin_notes: s.admin_notes,
            pay_preview: None,
        }
    }
}

#[derive(Debug, Default, Deserialize, IntoParams)]
#[serde(default)]
#[into_params(parameter_in = Query)]
pub struct SubmissionsQuery {
    /// All when absent.
    pub status: Option<SubmissionStatus>,
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct ReviewBody {
    #[schema(value_type = ReviewDecision, required = true)]
    pub status: Option<ReviewDecision>,
    #[schema(max_length = 1000)]
    pub admin_notes: Option<String>,
}

/// The multipart form of `POST /submissions`.
#[derive(Debug, ToSchema)]
#[allow(dead_code)]
#[schema(rename_all = "camelCase")]
pub struct SubmissionForm {
    #[schema(min_length = 1)]
    pub chore_id: String,
    /// RFC 3339, not later than now.
    #[schema(format = DateTime)]
    pub completed_at: String,
    #[schema(max_length = 1000)]
    pub notes: Option<String>,
    /// JPEG, PNG or WebP, at most 10 MB.
    #[schema(value_type = Option<String>, format = Binary, content_media_type = "application/octet-stream")]
    pub photo: Option<Vec<u8>>,
}
