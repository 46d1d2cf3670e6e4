//! The event types a webhook can ask for: the public events the event
//! catalogue (`proto/events.toml`) lets webhooks carry, each delivered with
//! the data the catalogue's payload gives it: ids, statuses and amounts (in
//! dollars, as the API speaks), never a child's personal details.

use chrono::{DateTime, Utc};
use serde_json::{Value, json};

/// Every event type, in the order the screens list them.
pub fn types() -> impl Iterator<Item = &'static str> {
    chorely_proto::events::webhook_names()
}

/// Whether `name` is an event type a webhook can ask for.
pub fn is_type(name: &str) -> bool {
    types().any(|t| t == name)
}

/// What an endpoint asks for to receive every type, those added later too.
pub const ALL: &str = "*";

/// The type of the deliveries the test button sends (to every endpoint,
/// whatever it asked for).
pub const TEST: &str = "webhook.test";

/// The body every attempt of a delivery sends.
pub fn body(event_type: &str, at: DateTime<Utc>, data: Value) -> String {
    json!({
        "type": event_type,
        "timestamp": at.to_rfc3339_opts(chrono::SecondsFormat::Millis, true),
        "data": data,
    })
    .to_string()
}
