//! The closed sets of values the API names by string (spec §3), as enums: the
//! OpenAPI document lists their values, serde refuses any other (naming the
//! field), and each converts to the services' protobuf enum in one place.

use chorely_proto::{
    auth::v1 as auth_pb, chores::v1 as chores_pb, family::v1 as family_pb,
    platform::v1 as platform_pb, rewards::v1 as rewards_pb,
};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

/// "must be one of A, B or C": what a field of an enum is told when its value
/// is none of them.
pub fn one_of<'a>(names: impl Iterator<Item = &'a str>) -> String {
    let names: Vec<&str> = names.collect();
    match names.split_last() {
        Some((last, rest)) if !rest.is_empty() => {
            format!("must be one of {} or {last}", rest.join(", "))
        }
        _ => format!("must be {}", names.join("")),
    }
}

/// Reads and writes an enum by its variants' names, refusing others with
/// "must be one of".
macro_rules! by_name {
    ($name:ident { $($variant:ident),+ $(,)? }) => {
        impl $name {
            pub const VALUES: &'static [Self] = &[$(Self::$variant),+];

            /// The name the API uses.
            pub fn as_str(self) -> &'static str {
                match self {
                    $(Self::$variant => stringify!($variant)),+
                }
            }

            /// The value called `name`, if any.
            pub fn parse(name: &str) -> Option<Self> {
                Self::VALUES.iter().copied().find(|v| v.as_str() == name)
            }
        }

        impl<'de> Deserialize<'de> for $name {
            fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
                let name = String::deserialize(deserializer)?;
                Self::parse(&name).ok_or_else(|| {
                    serde::de::Error::custom(one_of(Self::VALUES.iter().map(|v| v.as_str())))
                })
            }
        }
    };
}

/// An API enum spelled as the protobuf one without its prefix
/// (`ORG_ADMIN` ↔ `ROLE_ORG_ADMIN`).
macro_rules! api_enum {
    ($(#[$doc:meta])* $name:ident => $proto:ty, $prefix:literal { $($variant:ident),+ $(,)? }) => {
        $(#[$doc])*
        // Variants are spelled as the API and the protobuf names spell them.
        #[allow(non_camel_case_types)]
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema)]
        pub enum $name {
            $($variant),+
        }

        by_name!($name { $($variant),+ });

        impl $name {
            /// The protobuf value.
            pub fn to_proto(self) -> i32 {
                <$proto>::from_str_name(&format!("{}{}", $prefix, self.as_str()))
                    .map_or(0, i32::from)
            }

            /// The API value of a protobuf value; `None` for unspecified.
            pub fn from_proto(value: $proto) -> Option<Self> {
                value.as_str_name().strip_prefix($prefix).and_then(Self::parse)
            }
        }
    };
}

api_enum!(
    /// SUPER_ADMIN (the platform's operator), ORG_ADMIN (a parent) or ORG_MEMBER (a child).
    Role => auth_pb::Role, "ROLE_" {
        SUPER_ADMIN,
        ORG_ADMIN,
        ORG_MEMBER,
    }
);

api_enum!(
    /// The roles an invite code can give.
    InviteRole => auth_pb::Role, "ROLE_" {
        ORG_ADMIN,
        ORG_MEMBER,
    }
);

api_enum!(
    /// The interface theme.
    UiTheme => auth_pb::UiTheme, "UI_THEME_" {
        KIDS,
        TEEN,
        ADULT,
    }
);

api_enum!(
    /// Child 5-10, Tween 11-13, Teen 14-17, Young Adult 18+.
    AgeGroup => family_pb::AgeGroup, "AGE_GROUP_" {
        CHILD,
        TWEEN,
        TEEN,
        YOUNG_ADULT,
    }
);

api_enum!(
    /// The unit a child's rewards are shown in: $, hrs, pts or a plain number.
    RewardDisplayType => family_pb::RewardDisplayType, "REWARD_DISPLAY_TYPE_" {
        MONEY,
        SCREEN_TIME,
        POINTS,
        CUSTOM,
    }
);

api_enum!(
    /// A family's plan.
    Plan => platform_pb::Plan, "PLAN_" {
        FREE,
        PRO,
        ENTERPRISE,
    }
);

api_enum!(
    /// A family's subscription.
    SubscriptionStatus => platform_pb::SubscriptionStatus, "SUBSCRIPTION_STATUS_" {
        TRIAL,
        ACTIVE,
        CANCELED,
    }
);

api_enum!(
    /// Where a submission is in its review.
    SubmissionStatus => chores_pb::SubmissionStatus, "SUBMISSION_STATUS_" {
        PENDING,
        APPROVED,
        REJECTED,
    }
);

api_enum!(
    /// Who does a chore among the children it is assigned to: EACH (every one,
    /// on their own), ROTATE (one per period, in the list's order) or
    /// FIRST_COME (the first to submit it in a period takes it).
    AssignmentMode => chores_pb::AssignmentMode, "ASSIGNMENT_MODE_" {
        EACH,
        ROTATE,
        FIRST_COME,
    }
);

api_enum!(
    /// Where a chore stands for a child now: TODO, DUE_SOON (due within the
    /// hour), LATE (past its due time, still to do today), DONE (submitted or
    /// approved for this period), MISSED, TAKEN (by a sibling, `takenBy`),
    /// NOT_YOUR_TURN (`turn` says whose), COOLDOWN (back at
    /// `nextAvailableAt`) or PAUSED.
    TodayStatus => chores_pb::TodayStatus, "TODAY_STATUS_" {
        TODO,
        DUE_SOON,
        LATE,
        DONE,
        MISSED,
        TAKEN,
        NOT_YOUR_TURN,
        COOLDOWN,
        PAUSED,
    }
);

api_enum!(
    /// A parent's decision on a submission.
    ReviewDecision => chores_pb::SubmissionStatus, "SUBMISSION_STATUS_" {
        APPROVED,
        REJECTED,
    }
);

api_enum!(
    /// How a subject is graded.
    GradeScale => rewards_pb::GradeScale, "GRADE_SCALE_" {
        LETTER,
        PERCENTAGE,
    }
);

/// What moved a balance.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum LedgerKind {
    Chore,
    Adjustment,
    Payout,
    Birthday,
    /// A missed chore's penalty.
    Missed,
    /// A missed chore excused: its penalty given back.
    Excused,
    /// Money moved between two jars.
    Transfer,
    /// A store reward approved.
    Redemption,
}

impl LedgerKind {
    /// The ledger's own name of a kind (`CHORE`, ...); adjustments otherwise.
    pub fn parse(name: &str) -> Self {
        match name {
            "CHORE" => Self::Chore,
            "PAYOUT" => Self::Payout,
            "BIRTHDAY" => Self::Birthday,
            "MISSED" => Self::Missed,
            "EXCUSED" => Self::Excused,
            "TRANSFER" => Self::Transfer,
            "REDEMPTION" => Self::Redemption,
            _ => Self::Adjustment,
        }
    }
}

by_name!(Letter { A, B, C, D, F });
by_name!(PlanFilter {
    ALL,
    FREE,
    PRO,
    ENTERPRISE
});
by_name!(StatusFilter {
    ALL,
    TRIAL,
    ACTIVE,
    CANCELED
});
by_name!(RoleFilter {
    ALL,
    SUPER_ADMIN,
    ORG_ADMIN,
    ORG_MEMBER
});

/// One of a child's jars: SPEND, SAVE or GIVE.
#[allow(clippy::upper_case_acronyms)]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema)]
pub enum Jar {
    SPEND,
    SAVE,
    GIVE,
}

by_name!(Jar { SPEND, SAVE, GIVE });

/// Where a store redemption stands.
#[allow(clippy::upper_case_acronyms)]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema)]
pub enum RedemptionStatus {
    PENDING,
    APPROVED,
    REJECTED,
}

by_name!(RedemptionStatus {
    PENDING,
    APPROVED,
    REJECTED
});

/// A parent's decision on a redemption.
#[allow(clippy::upper_case_acronyms)]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema)]
pub enum RedemptionDecision {
    APPROVED,
    REJECTED,
}

by_name!(RedemptionDecision { APPROVED, REJECTED });

/// A letter grade.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema)]
pub enum Letter {
    A,
    B,
    C,
    D,
    F,
}

/// A filter over plans in the console: ALL or one plan.
#[allow(non_camel_case_types)]
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, ToSchema)]
pub enum PlanFilter {
    #[default]
    ALL,
    FREE,
    PRO,
    ENTERPRISE,
}

impl PlanFilter {
    pub fn plan(self) -> Option<Plan> {
        match self {
            Self::ALL => None,
            Self::FREE => Some(Plan::FREE),
            Self::PRO => Some(Plan::PRO),
            Self::ENTERPRISE => Some(Plan::ENTERPRISE),
        }
    }
}

/// A filter over subscription statuses in the console: ALL or one status.
#[allow(non_camel_case_types)]
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, ToSchema)]
pub enum StatusFilter {
    #[default]
    ALL,
    TRIAL,
    ACTIVE,
    CANCELED,
}

impl StatusFilter {
    pub fn status(self) -> Option<SubscriptionStatus> {
        match self {
            Self::ALL => None,
            Self::TRIAL => Some(SubscriptionStatus::TRIAL),
            Self::ACTIVE => Some(SubscriptionStatus::ACTIVE),
            Self::CANCELED => Some(SubscriptionStatus::CANCELED),
        }
    }
}

/// A filter over roles in the console: ALL or one role.
#[allow(non_camel_case_types)]
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, ToSchema)]
pub enum RoleFilter {
    #[default]
    ALL,
    SUPER_ADMIN,
    ORG_ADMIN,
    ORG_MEMBER,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_value_has_its_protobuf_twin() {
        for role in Role::VALUES {
            let proto = auth_pb::Role::try_from(role.to_proto()).unwrap();
            assert_eq!(Role::from_proto(proto), Some(*role));
        }
        for group in AgeGroup::VALUES {
            let proto = family_pb::AgeGroup::try_from(group.to_proto()).unwrap();
            assert_eq!(AgeGroup::from_proto(proto), Some(*group));
        }
        for unit in RewardDisplayType::VALUES {
            assert_ne!(unit.to_proto(), 0, "{unit:?}");
        }
        for theme in UiTheme::VALUES {
            assert_ne!(theme.to_proto(), 0, "{theme:?}");
        }
        for plan in Plan::VALUES {
            assert_ne!(plan.to_proto(), 0, "{plan:?}");
        }
        for status in SubscriptionStatus::VALUES {
            assert_ne!(status.to_proto(), 0, "{status:?}");
        }
        for scale in GradeScale::VALUES {
            assert_ne!(scale.to_proto(), 0, "{scale:?}");
        }
        for decision in ReviewDecision::VALUES {
            assert_ne!(decision.to_proto(), 0, "{decision:?}");
        }
        for mode in AssignmentMode::VALUES {
            let proto = chores_pb::AssignmentMode::try_from(mode.to_proto()).unwrap();
            assert_eq!(AssignmentMode::from_proto(proto), Some(*mode));
        }
        for status in TodayStatus::VALUES {
            let proto = chores_pb::TodayStatus::try_from(status.to_proto()).unwrap();
            assert_eq!(TodayStatus::from_proto(proto), Some(*status));
        }
        assert_eq!(Role::from_proto(auth_pb::Role::Unspecified), None);
    }

    #[test]
    fn unknown_values_are_refused() {
        assert_eq!(
            serde_json::from_str::<UiTheme>(r#""PIRATE""#)
                .unwrap_err()
                .to_string(),
            "must be one of KIDS, TEEN or ADULT"
        );
        assert_eq!(
            serde_json::from_str::<AgeGroup>(r#""YOUNG_ADULT""#).unwrap(),
            AgeGroup::YOUNG_ADULT
        );
    }
}

/// What a notification is about: for parents a submission, a store request
/// or a webhook turned off; for a child a review, a store decision or a
/// chore due within the hour.
#[allow(non_camel_case_types)]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema)]
pub enum NotificationKind {
    SUBMISSION,
    STORE_REQUEST,
    WEBHOOK_DISABLED,
    REVIEW,
    STORE_DECISION,
    DUE_REMINDER,
}

by_name!(NotificationKind {
    SUBMISSION,
    STORE_REQUEST,
    WEBHOOK_DISABLED,
    REVIEW,
    STORE_DECISION,
    DUE_REMINDER
});

/// How often an allowance is paid.
#[allow(clippy::upper_case_acronyms)]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema)]
pub enum AllowancePeriod {
    WEEKLY,
    MONTHLY,
}

by_name!(AllowancePeriod { WEEKLY, MONTHLY });
