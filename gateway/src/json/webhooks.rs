//! Webhooks: a family's endpoints and their deliveries.

use chorely_proto::{events, family::v1 as pb};
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::{enums::one_of, time};

/// An event type an endpoint receives: one the event catalogue
/// (`proto/events.toml`) lets webhooks carry, or `*` for every one (those
/// added later too).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(transparent)]
pub struct WebhookEvent(&'static str);

impl WebhookEvent {
    const ALL: &'static str = "*";

    /// `*`, then each type webhooks carry, in the order screens list them.
    pub fn names() -> impl Iterator<Item = &'static str> {
        std::iter::once(Self::ALL).chain(events::webhook_names())
    }

    pub fn as_str(self) -> &'static str {
        self.0
    }
}

impl<'de> Deserialize<'de> for WebhookEvent {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let name = String::deserialize(deserializer)?;
        Self::names()
            .find(|known| *known == name)
            .map(Self)
            .ok_or_else(|| serde::de::Error::custom(one_of(Self::names())))
    }
}

impl utoipa::PartialSchema for WebhookEvent {
    fn schema() -> utoipa::openapi::RefOr<utoipa::openapi::schema::Schema> {
        let mut description = String::from(
            "An event type an endpoint receives; `*` for every one (those added later too).",
        );
        for public in events::PUBLIC_NAMES.iter().filter(|p| p.webhook) {
            description.push_str(&format!("\n- `{}`: {}", public.name, public.about));
        }
        utoipa::openapi::schema::ObjectBuilder::new()
            .schema_type(utoipa::openapi::schema::Type::String)
            .enum_values(Some(Self::names()))
            .description(Some(description))
            .into()
    }
}

impl ToSchema for WebhookEvent {}

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
