//! What each plan allows (spec §9). The family and chores services enforce
//! these; the platform service owns which plan a family is on.

use chorely_proto::platform::v1::Plan;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Limits {
    pub children: i64,
    pub chores: i64,
    pub reward_types: i64,
}

pub fn limits(plan: Plan) -> Limits {
    let each = |n| Limits {
        children: n,
        chores: n,
        reward_types: n,
    };
    match plan {
        // An unknown plan gets the most careful answer.
        Plan::Free | Plan::Unspecified => Limits {
            children: 3,
            chores: 10,
            reward_types: 3,
        },
        // Shown as "unlimited" in the console; 999 is still a ceiling.
        Plan::Pro => each(999),
        Plan::Enterprise => each(9999),
    }
}

/// The plan's name as users see it ("FREE").
pub fn name(plan: Plan) -> &'static str {
    match plan {
        Plan::Free | Plan::Unspecified => "FREE",
        Plan::Pro => "PRO",
        Plan::Enterprise => "ENTERPRISE",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn free_is_the_smallest_and_unknown_plans_count_as_free() {
        assert_eq!(limits(Plan::Free).children, 3);
        assert_eq!(limits(Plan::Free).chores, 10);
        assert_eq!(limits(Plan::Unspecified), limits(Plan::Free));
        assert_eq!(limits(Plan::Pro).chores, 999);
        assert_eq!(limits(Plan::Enterprise).children, 9999);
    }
}
