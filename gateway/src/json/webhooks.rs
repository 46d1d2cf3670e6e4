//! Webhooks: a family's endpoints and their deliveries.

use chorely_proto::family::v1 as pb;
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::{enums::one_of, time};

/// An event type an endpoint receives; `*` for every one (those added later too).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema)]
pub enum WebhookEvent {
    #[serde(rename = "*")]
    All,
    /// A child sent a chore for review.
    #[serde(rename = "submission.created")]
    SubmissionCreated,
    /// A parent approved or rejected a submission.
    #[serde(rename = "submission.reviewed")]
    SubmissionReviewed,
    /// An entry reached a child's ledger (a chore's reward, an adjustment, a payout, a birthday).
    #[serde(rename = "balance.changed")]
    BalanceChanged,
    /// Chores were added, edited or retired.
    #[serde(rename = "chore.changed")]
    ChoreChanged,
    /// A chore's due day passed without it being done.
    #[serde(rename = "chore.missed")]
    ChoreMissed,
    /// A chore with a due time is due within the hour and a child has not sent it.
    #[serde(rename = "chore.due_soon")]
    ChoreDueSoon,
    /// A child was added, changed or removed.
    #[serde(rename = "child.changed")]
    ChildChanged,
    /// A child asked for a reward of the store, or a parent decided a request.
    #[serde(rename = "store.redemption")]
    StoreRedemption,
}

impl WebhookEvent {
    pub const VALUES: &'static [Self] = &[
        Self::All,
        Self::SubmissionCreated,
        Self::SubmissionReviewed,
        Self::BalanceChanged,
        Self::ChoreChanged,
        Self::ChoreMissed,
        Self::ChoreDueSoon,
        Self::ChildChanged,
        Self::StoreRedemption,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            Self::All => "*",
            Self::SubmissionCreated => "submission.created",
            Self::SubmissionReviewed => "submission.reviewed",
            Self::BalanceChanged => "balance.changed",
            Self::ChoreChanged => "chore.changed",
            Self::ChoreMissed => "chore.missed",
            Self::ChoreDueSoon => "chore.due_soon",
            Self::ChildChanged => "child.changed",
            Self::StoreRedemption => "store.redemption",
        }
    }
}

impl<'de> Deserialize<'de> for WebhookEvent {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let name = String::deserialize(deserializer)?;
        Self::VALUES
            .iter()
            .copied()
            .find(|v| v.as_str() == name)
            .ok_or_else(|| {
                serde::de::Error::custom(one_of(Self::VALUES.iter().map(|v| v.as_str())))
            })
    }
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct WebhookBody {
    /// Where deliveries are posted: http or https, not an address of a
    /// private network (unless the operator allows it).
    #[schema(required = true, max_length = 2000)]
    pub url: String,
    /// The event types to receive, at least one.
    #[schema(required = true, min_items = 1)]
    pub events: Vec<WebhookEvent>,
}

/// An endpoint receiving the family's events.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Webhook {
    pub id: String,
    pub url: String,
    pub events: Vec<String>,
    pub created_at: Option<DateTime<Utc>>,
    /// When it was turned off after failing for 24 hours; null while it is on.
    pub disabled_at: Option<DateTime<Utc>>,
}

impl From<pb::Webhook> for Webhook {
    fn from(w: pb::Webhook) -> Self {
        Self {
            created_at: time(w.created_at.as_ref()),
            disabled_at: time(w.disabled_at.as_ref()),
            id: w.id,
            url: w.url,
            events: w.events,
        }
    }
}

/// A new endpoint with its signing secret, which is shown this once.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CreatedWebhook {
    pub webhook: Webhook,
    /// `whsec_` and the base64 of the key: verify each delivery's
    /// `webhook-signature` with it, as Standard Webhooks describes.
    pub secret: String,
}

/// Where a delivery stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema)]
#[allow(clippy::upper_case_acronyms)]
pub enum DeliveryStatus {
    PENDING,
    DELIVERED,
    FAILED,
}

/// One event sent (or being sent) to an endpoint.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct WebhookDelivery {
    /// The `webhook-id` header, the same on every attempt.
    pub id: String,
    pub event_type: String,
    pub status: DeliveryStatus,
    pub attempts: i32,
    /// The last answer's HTTP status; null when none came.
    pub response_code: Option<i32>,
    /// Why the last attempt failed: the start of the answer, or what went wrong.
    pub error: Option<String>,
    pub created_at: Option<DateTime<Utc>>,
    pub last_attempt_at: Option<DateTime<Utc>>,
    /// When the next attempt is due, while pending.
    pub next_attempt_at: Option<DateTime<Utc>>,
    pub delivered_at: Option<DateTime<Utc>>,
}

impl From<pb::Delivery> for WebhookDelivery {
    fn from(d: pb::Delivery) -> Self {
        Self {
            status: match d.status.as_str() {
                "DELIVERED" => DeliveryStatus::DELIVERED,
                "FAILED" => DeliveryStatus::FAILED,
                _ => DeliveryStatus::PENDING,
            },
            response_code: Some(d.response_code).filter(|c| *c != 0),
            error: Some(d.error).filter(|e| !e.is_empty()),
            created_at: time(d.created_at.as_ref()),
            last_attempt_at: time(d.last_attempt_at.as_ref()),
            next_attempt_at: time(d.next_attempt_at.as_ref()),
            delivered_at: time(d.delivered_at.as_ref()),
            id: d.id,
            event_type: d.event_type,
            attempts: d.attempts,
        }
    }
}
