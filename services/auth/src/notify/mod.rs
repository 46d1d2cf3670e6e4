//! Notifications: made by consumers of the events that already exist, one
//! per event and recipient, kept in the recipient's in-app centre, and mailed
//! through the mail queue where the recipient wants mail: a daily review
//! digest and a weekly summary for parents (scheduled jobs, never one mail
//! per submission), approvals and reminders before a chore is due for a child with an
//! address, and a webhook
//! turned off. Every such mail carries a one-click unsubscribe link.

pub mod centre;
pub mod events;
pub mod grpc;
pub mod mail;
pub mod scheduled;
pub mod settings;

/// What a notification is about; the strings stored in `notifications.kind`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    /// Parents: a child sent a chore for review.
    Submission,
    /// Parents: a child asked for something from the store.
    StoreRequest,
    /// Parents: a webhook endpoint was turned off.
    WebhookDisabled,
    /// A child: a chore of theirs was approved or rejected.
    Review,
    /// A child: a store request of theirs was approved or rejected.
    StoreDecision,
    /// A child: a chore of theirs is due within the hour and not done yet.
    DueReminder,
}

impl Kind {
    pub const FOR_PARENTS: [Kind; 3] =
        [Kind::Submission, Kind::StoreRequest, Kind::WebhookDisabled];
    pub const FOR_CHILDREN: [Kind; 3] = [Kind::Review, Kind::StoreDecision, Kind::DueReminder];

    pub fn as_str(self) -> &'static str {
        match self {
            Kind::Submission => "SUBMISSION",
            Kind::StoreRequest => "STORE_REQUEST",
            Kind::WebhookDisabled => "WEBHOOK_DISABLED",
            Kind::Review => "REVIEW",
            Kind::StoreDecision => "STORE_DECISION",
            Kind::DueReminder => "DUE_REMINDER",
        }
    }

    pub fn parse(raw: &str) -> Option<Self> {
        [Self::FOR_PARENTS.as_slice(), Self::FOR_CHILDREN.as_slice()]
            .concat()
            .into_iter()
            .find(|k| k.as_str() == raw)
    }

    /// The mail that tells of this kind, if any: submissions are told in the
    /// daily digest, never one by one; store requests and decisions only in
    /// the app.
    pub fn mail(self) -> Option<mail::Notice> {
        match self {
            Kind::Submission => Some(mail::Notice::ReviewDigest),
            Kind::WebhookDisabled => Some(mail::Notice::WebhookDisabled),
            Kind::Review => Some(mail::Notice::Approval),
            Kind::DueReminder => Some(mail::Notice::DueReminder),
            Kind::StoreRequest | Kind::StoreDecision => None,
        }
    }
}

/// Whether `off` (a user's list of kinds turned off) leaves `name` on.
pub fn is_on(off: &[String], name: &str) -> bool {
    !off.iter().any(|o| o == name)
}
