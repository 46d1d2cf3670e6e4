//! Generated gRPC services and domain events of Chorely.

#![allow(clippy::all, clippy::unwrap_used)]

pub mod auth {
    pub mod v1 {
        tonic::include_proto!("chorely.auth.v1");
    }
}
pub mod family {
    pub mod v1 {
        tonic::include_proto!("chorely.family.v1");
    }
}
pub mod chores {
    pub mod v1 {
        tonic::include_proto!("chorely.chores.v1");
    }
}
pub mod rewards {
    pub mod v1 {
        tonic::include_proto!("chorely.rewards.v1");
    }
}
pub mod platform {
    pub mod v1 {
        tonic::include_proto!("chorely.platform.v1");
    }
}
pub mod events {
    pub mod v1 {
        tonic::include_proto!("chorely.events.v1");
    }

    /// A domain event: a protobuf message published on its own subject.
    pub trait Event: prost::Message + Default {
        /// Subject below the deployment's prefix, e.g. `auth.user_registered`.
        const SUBJECT: &'static str;
    }

    macro_rules! events {
        ($($ty:ident => $subject:literal),* $(,)?) => {
            $(impl Event for v1::$ty { const SUBJECT: &'static str = $subject; })*
        };
    }

    events! {
        OrganizationCreated => "family.organization_created",
        OrganizationUpdated => "family.organization_updated",
        ChildCreated => "family.child_created",
        ChildUpdated => "family.child_updated",
        ChildDeleted => "family.child_deleted",
        WebhookDisabled => "family.webhook_disabled",
        UserRegistered => "auth.user_registered",
        UserUpdated => "auth.user_updated",
        UserRevoked => "auth.user_revoked",
        TokenRevoked => "auth.token_revoked",
        UserLoggedIn => "auth.user_logged_in",
        NotificationCreated => "auth.notification_created",
        ChoreCountChanged => "chores.chore_count_changed",
        SubmissionReviewed => "chores.submission_reviewed",
        SubmissionSubmitted => "chores.submission_submitted",
        CatalogueChanged => "chores.catalogue_changed",
        ChildNamed => "chores.child_named",
        ChoreMissed => "chores.chore_missed",
        ChoreDueSoon => "chores.chore_due_soon",
        MissedChoreExcused => "chores.missed_chore_excused",
        PauseChanged => "chores.pause_changed",
        LedgerEntryRecorded => "rewards.ledger_entry_recorded",
        RedemptionRequested => "rewards.redemption_requested",
        RedemptionDecided => "rewards.redemption_decided",
        StoreChanged => "rewards.store_changed",
        GoalReached => "rewards.goal_reached",
        AllowanceChanged => "rewards.allowance_changed",
        OrganizationPlanChanged => "platform.organization_plan_changed",
        OrganizationActivationChanged => "platform.organization_activation_changed",
    }
}
