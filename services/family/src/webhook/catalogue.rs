//! The event types a webhook can ask for, each made from events already on
//! the bus, and the JSON each one carries: ids, statuses and amounts (in
//! dollars, as the API speaks), never a child's personal details.

use chorely_proto::events::{
    Event,
    v1::{
        CatalogueChanged, ChildCreated, ChildDeleted, ChildUpdated, ChoreCountChanged,
        ChoreDueSoon, ChoreMissed, LedgerEntryRecorded, RedemptionDecided, RedemptionRequested,
        SubmissionReviewed, SubmissionSubmitted,
    },
};
use chrono::{DateTime, Utc};
use serde_json::{Value, json};

/// Every event type, in the order the screens list them.
pub const TYPES: &[&str] = &[
    "submission.created",
    "submission.reviewed",
    "balance.changed",
    "chore.changed",
    "chore.missed",
    "chore.due_soon",
    "child.changed",
    "store.redemption",
];

/// What an endpoint asks for to receive every type, those added later too.
pub const ALL: &str = "*";

/// The type of the deliveries the test button sends (to every endpoint,
/// whatever it asked for).
pub const TEST: &str = "webhook.test";

/// A bus event that becomes a webhook event.
pub trait Hooked: Event {
    /// Its webhook event type, one of [`TYPES`].
    const TYPE: &'static str;
    fn organization(&self) -> &str;
    /// The `data` of the delivered body.
    fn data(&self) -> Value;
    /// When it happened, when the event says.
    fn at(&self) -> Option<DateTime<Utc>> {
        None
    }
}

fn time(t: Option<&prost_types::Timestamp>) -> Option<DateTime<Utc>> {
    t.and_then(kit::time::from_proto)
}

fn dollars(cents: i64) -> f64 {
    // Exact for every amount a family holds (well below 2^53 cents).
    #[allow(clippy::cast_precision_loss)]
    let amount = cents as f64;
    amount / 100.0
}

impl Hooked for SubmissionSubmitted {
    const TYPE: &'static str = "submission.created";
    fn organization(&self) -> &str {
        &self.organization_id
    }
    fn data(&self) -> Value {
        json!({"submissionId": self.submission_id, "childId": self.child_id,
            "choreId": self.chore_id})
    }
    fn at(&self) -> Option<DateTime<Utc>> {
        time(self.submitted_at.as_ref())
    }
}

impl Hooked for SubmissionReviewed {
    const TYPE: &'static str = "submission.reviewed";
    fn organization(&self) -> &str {
        &self.organization_id
    }
    fn data(&self) -> Value {
        json!({"submissionId": self.submission_id, "childId": self.child_id,
            "choreId": self.chore_id,
            "status": if self.approved { "APPROVED" } else { "REJECTED" },
            "reward": dollars(if self.approved { self.boosted_reward_cents } else { 0 })})
    }
    fn at(&self) -> Option<DateTime<Utc>> {
        time(self.reviewed_at.as_ref())
    }
}

impl Hooked for LedgerEntryRecorded {
    const TYPE: &'static str = "balance.changed";
    fn organization(&self) -> &str {
        &self.organization_id
    }
    fn data(&self) -> Value {
        json!({"entryId": self.entry_id, "childId": self.child_id, "kind": self.kind,
            "amount": dollars(self.amount_cents)})
    }
    fn at(&self) -> Option<DateTime<Utc>> {
        time(self.occurred_at.as_ref())
    }
}

impl Hooked for CatalogueChanged {
    const TYPE: &'static str = "chore.changed";
    fn organization(&self) -> &str {
        &self.organization_id
    }
    fn data(&self) -> Value {
        json!({})
    }
    fn at(&self) -> Option<DateTime<Utc>> {
        time(self.changed_at.as_ref())
    }
}

impl Hooked for ChoreCountChanged {
    const TYPE: &'static str = "chore.changed";
    fn organization(&self) -> &str {
        &self.organization_id
    }
    fn data(&self) -> Value {
        json!({"activeChores": self.active_chores})
    }
    fn at(&self) -> Option<DateTime<Utc>> {
        time(self.counted_at.as_ref())
    }
}

impl Hooked for ChoreMissed {
    const TYPE: &'static str = "chore.missed";
    fn organization(&self) -> &str {
        &self.organization_id
    }
    fn data(&self) -> Value {
        json!({"missedId": self.missed_id, "childId": self.child_id, "choreId": self.chore_id,
            "choreName": self.chore_name, "dueOn": self.due_on,
            "penalty": dollars(self.penalty_cents)})
    }
    fn at(&self) -> Option<DateTime<Utc>> {
        time(self.due_at.as_ref())
    }
}

impl Hooked for ChoreDueSoon {
    const TYPE: &'static str = "chore.due_soon";
    fn organization(&self) -> &str {
        &self.organization_id
    }
    fn data(&self) -> Value {
        json!({"reminderId": self.reminder_id, "childId": self.child_id,
            "choreId": self.chore_id, "choreName": self.chore_name, "dueOn": self.due_on,
            "dueAt": time(self.due_at.as_ref()).map(|at| at.to_rfc3339())})
    }
}

impl Hooked for ChildCreated {
    const TYPE: &'static str = "child.changed";
    fn organization(&self) -> &str {
        &self.organization_id
    }
    fn data(&self) -> Value {
        json!({"childId": self.child_id, "change": "CREATED"})
    }
}

impl Hooked for ChildUpdated {
    const TYPE: &'static str = "child.changed";
    fn organization(&self) -> &str {
        &self.organization_id
    }
    fn data(&self) -> Value {
        json!({"childId": self.child_id, "change": "UPDATED"})
    }
}

impl Hooked for ChildDeleted {
    const TYPE: &'static str = "child.changed";
    fn organization(&self) -> &str {
        &self.organization_id
    }
    fn data(&self) -> Value {
        json!({"childId": self.child_id, "change": "DELETED"})
    }
}

impl Hooked for RedemptionRequested {
    const TYPE: &'static str = "store.redemption";
    fn organization(&self) -> &str {
        &self.organization_id
    }
    fn data(&self) -> Value {
        json!({"redemptionId": self.redemption_id, "childId": self.child_id,
            "itemId": self.item_id, "status": "PENDING", "price": dollars(self.price_cents)})
    }
}

impl Hooked for RedemptionDecided {
    const TYPE: &'static str = "store.redemption";
    fn organization(&self) -> &str {
        &self.organization_id
    }
    fn data(&self) -> Value {
        json!({"redemptionId": self.redemption_id, "childId": self.child_id,
            "status": self.status})
    }
}

/// The body every attempt of a delivery sends.
pub fn body(event_type: &str, at: DateTime<Utc>, data: Value) -> String {
    json!({
        "type": event_type,
        "timestamp": at.to_rfc3339_opts(chrono::SecondsFormat::Millis, true),
        "data": data,
    })
    .to_string()
}
