//! What each public event carries, written once for the live stream and
//! webhooks alike: ids, statuses and amounts (in dollars, as the API speaks),
//! never a child's personal details. Every event with a public name in
//! `proto/events.toml` must have its [`Payload`] here (the generated code
//! does not compile without it).

use prost_types::Timestamp;
use serde_json::{Value, json};

use super::v1::{
    CatalogueChanged, ChildCreated, ChildDeleted, ChildUpdated, ChoreCountChanged, ChoreDueSoon,
    ChoreMissed, GoalReached, LedgerEntryRecorded, MissedChoreExcused, NotificationCreated,
    NotificationsRead, OrganizationActivationChanged, OrganizationCreated, OrganizationPlanChanged,
    OrganizationUpdated, RedemptionDecided, RedemptionRequested, StoreChanged, SubmissionReviewed,
    SubmissionSubmitted,
};

/// The `data` a public event carries, and when it happened.
pub trait Payload {
    fn data(&self) -> Value;
    /// When it happened, when the event says.
    fn at(&self) -> Option<&Timestamp> {
        None
    }
}

fn dollars(cents: i64) -> f64 {
    // Exact for every amount a family holds (well below 2^53 cents).
    #[allow(clippy::cast_precision_loss)]
    let amount = cents as f64;
    amount / 100.0
}

impl Payload for SubmissionSubmitted {
    fn data(&self) -> Value {
        json!({"submissionId": self.submission_id, "childId": self.child_id,
            "choreId": self.chore_id})
    }
    fn at(&self) -> Option<&Timestamp> {
        self.submitted_at.as_ref()
    }
}

impl Payload for SubmissionReviewed {
    fn data(&self) -> Value {
        json!({"submissionId": self.submission_id, "childId": self.child_id,
            "choreId": self.chore_id,
            "status": if self.approved { "APPROVED" } else { "REJECTED" },
            "reward": dollars(if self.approved { self.boosted_reward_cents } else { 0 })})
    }
    fn at(&self) -> Option<&Timestamp> {
        self.reviewed_at.as_ref()
    }
}

impl Payload for LedgerEntryRecorded {
    fn data(&self) -> Value {
        // Entries recorded before jars came have none: they moved spend.
        let jar = if self.jar.is_empty() {
            "SPEND"
        } else {
            &self.jar
        };
        json!({"entryId": self.entry_id, "childId": self.child_id, "kind": self.kind,
            "jar": jar, "amount": dollars(self.amount_cents)})
    }
    fn at(&self) -> Option<&Timestamp> {
        self.occurred_at.as_ref()
    }
}

impl Payload for CatalogueChanged {
    fn data(&self) -> Value {
        json!({})
    }
    fn at(&self) -> Option<&Timestamp> {
        self.changed_at.as_ref()
    }
}

impl Payload for ChoreCountChanged {
    fn data(&self) -> Value {
        json!({"activeChores": self.active_chores})
    }
    fn at(&self) -> Option<&Timestamp> {
        self.counted_at.as_ref()
    }
}

impl Payload for ChoreMissed {
    fn data(&self) -> Value {
        json!({"missedId": self.missed_id, "childId": self.child_id, "choreId": self.chore_id,
            "choreName": self.chore_name, "dueOn": self.due_on,
            "penalty": dollars(self.penalty_cents)})
    }
    fn at(&self) -> Option<&Timestamp> {
        self.due_at.as_ref()
    }
}

impl Payload for ChoreDueSoon {
    fn data(&self) -> Value {
        let due_at = self.due_at.as_ref().and_then(rfc3339);
        json!({"reminderId": self.reminder_id, "childId": self.child_id,
            "choreId": self.chore_id, "choreName": self.chore_name, "dueOn": self.due_on,
            "dueAt": due_at})
    }
}

impl Payload for MissedChoreExcused {
    fn data(&self) -> Value {
        json!({"missedId": self.missed_id, "childId": self.child_id})
    }
    fn at(&self) -> Option<&Timestamp> {
        self.excused_at.as_ref()
    }
}

impl Payload for ChildCreated {
    fn data(&self) -> Value {
        json!({"childId": self.child_id, "change": "CREATED"})
    }
}

impl Payload for ChildUpdated {
    fn data(&self) -> Value {
        json!({"childId": self.child_id, "change": "UPDATED"})
    }
}

impl Payload for ChildDeleted {
    fn data(&self) -> Value {
        json!({"childId": self.child_id, "change": "DELETED"})
    }
}

impl Payload for RedemptionRequested {
    fn data(&self) -> Value {
        json!({"redemptionId": self.redemption_id, "childId": self.child_id,
            "itemId": self.item_id, "status": "PENDING", "price": dollars(self.price_cents)})
    }
}

impl Payload for RedemptionDecided {
    fn data(&self) -> Value {
        json!({"redemptionId": self.redemption_id, "childId": self.child_id,
            "status": self.status})
    }
}

impl Payload for GoalReached {
    fn data(&self) -> Value {
        json!({"goalId": self.goal_id, "childId": self.child_id, "name": self.name,
            "target": dollars(self.target_cents)})
    }
    fn at(&self) -> Option<&Timestamp> {
        self.reached_at.as_ref()
    }
}

impl Payload for StoreChanged {
    fn data(&self) -> Value {
        json!({})
    }
}

impl Payload for OrganizationUpdated {
    fn data(&self) -> Value {
        json!({})
    }
}

impl Payload for NotificationCreated {
    fn data(&self) -> Value {
        json!({"notificationId": self.notification_id, "kind": self.kind})
    }
}

impl Payload for NotificationsRead {
    fn data(&self) -> Value {
        json!({"marked": self.marked})
    }
}

impl Payload for OrganizationCreated {
    fn data(&self) -> Value {
        json!({"organizationId": self.organization_id})
    }
    fn at(&self) -> Option<&Timestamp> {
        self.created_at.as_ref()
    }
}

impl Payload for OrganizationPlanChanged {
    fn data(&self) -> Value {
        json!({"organizationId": self.organization_id, "plan": self.plan,
            "subscriptionStatus": self.subscription_status})
    }
}

impl Payload for OrganizationActivationChanged {
    fn data(&self) -> Value {
        json!({"organizationId": self.organization_id, "isActive": self.is_active})
    }
    fn at(&self) -> Option<&Timestamp> {
        self.changed_at.as_ref()
    }
}

/// `at` as RFC 3339, as the API writes times.
fn rfc3339(at: &Timestamp) -> Option<String> {
    let nanos = u32::try_from(at.nanos).ok()?;
    chrono::DateTime::from_timestamp(at.seconds, nanos).map(|t| t.to_rfc3339())
}
