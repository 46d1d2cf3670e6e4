//! A child's reward multiplier (spec §4, §9): grade × behaviour × streak,
//! each from the family's settings. While any active subject stands at D or
//! F, every part above 1.0 counts as 1.0; penalties still apply.

use chorely_proto::rewards::v1 as pb;
use kit::{
    codes::{self, Label},
    validate::FieldError,
};

use crate::grades::Letter;

pub const NEUTRAL: i32 = 1000;
/// Each setting lies within 0.1 and 5.0.
const RANGE: std::ops::RangeInclusive<i32> = 100..=5000;

/// A family's settings, thousandths.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Settings {
    /// A, B, C, D, F
    pub grade: [i32; 5],
    pub behaviour_excellent: i32,
    pub behaviour_poor: i32,
    pub streak_7: i32,
    pub streak_30: i32,
    pub streak_90: i32,
}

impl Default for Settings {
    fn default() -> Self {
        Self {
            grade: [1500, 1300, 1000, 800, 500],
            behaviour_excellent: 1200,
            behaviour_poor: 800,
            streak_7: 1100,
            streak_30: 1250,
            streak_90: 1500,
        }
    }
}

impl Settings {
    pub fn to_proto(self) -> pb::MultiplierSettings {
        let [a, b, c, d, f] = self.grade;
        pb::MultiplierSettings {
            grade_a_milli: a,
            grade_b_milli: b,
            grade_c_milli: c,
            grade_d_milli: d,
            grade_f_milli: f,
            behaviour_excellent_milli: self.behaviour_excellent,
            behaviour_poor_milli: self.behaviour_poor,
            streak_7_milli: self.streak_7,
            streak_30_milli: self.streak_30,
            streak_90_milli: self.streak_90,
        }
    }

    /// Settings as a parent saved them, each checked.
    pub fn from_proto(p: &pb::MultiplierSettings) -> Result<Self, FieldError> {
        let fields = [
            ("gradeA", Label::GradeA, p.grade_a_milli),
            ("gradeB", Label::GradeB, p.grade_b_milli),
            ("gradeC", Label::GradeC, p.grade_c_milli),
            ("gradeD", Label::GradeD, p.grade_d_milli),
            ("gradeF", Label::GradeF, p.grade_f_milli),
            (
                "behaviourExcellent",
                Label::BehaviourExcellent,
                p.behaviour_excellent_milli,
            ),
            (
                "behaviourPoor",
                Label::BehaviourPoor,
                p.behaviour_poor_milli,
            ),
            ("streak7", Label::Streak7, p.streak_7_milli),
            ("streak30", Label::Streak30, p.streak_30_milli),
            ("streak90", Label::Streak90, p.streak_90_milli),
        ];
        for (field, label, value) in fields {
            if !RANGE.contains(&value) {
                return Err(codes::multiplier_out_of_range(label).on(field));
            }
        }
        Ok(Self {
            grade: [
                p.grade_a_milli,
                p.grade_b_milli,
                p.grade_c_milli,
                p.grade_d_milli,
                p.grade_f_milli,
            ],
            behaviour_excellent: p.behaviour_excellent_milli,
            behaviour_poor: p.behaviour_poor_milli,
            streak_7: p.streak_7_milli,
            streak_30: p.streak_30_milli,
            streak_90: p.streak_90_milli,
        })
    }
}

/// What a child's multiplier depends on.
#[derive(Debug, Clone, Copy, Default)]
pub struct Standing {
    /// The letter of the GPA of active subjects; None without grades.
    pub gpa_letter: Option<Letter>,
    /// Any active subject currently at D or F.
    pub failing: bool,
    /// Honesty, respect and rules, 1 to 10.
    pub ratings: [i32; 3],
    pub streak_days: i32,
}

pub fn compute(settings: &Settings, s: &Standing) -> pb::Multiplier {
    let grade = s
        .gpa_letter
        .map_or(NEUTRAL, |letter| settings.grade[letter as usize]);
    let sum: i32 = s.ratings.iter().sum();
    // Mean of 8 or more is excellent, 4 or less poor (compared as sums: exact).
    let behaviour = if sum >= 24 {
        settings.behaviour_excellent
    } else if sum <= 12 {
        settings.behaviour_poor
    } else {
        NEUTRAL
    };
    let streak = match s.streak_days {
        90.. => settings.streak_90,
        30.. => settings.streak_30,
        7.. => settings.streak_7,
        _ => NEUTRAL,
    };
    let cap = |m: i32| if s.failing { m.min(NEUTRAL) } else { m };
    let (grade, behaviour, streak) = (cap(grade), cap(behaviour), cap(streak));
    let product = i64::from(grade) * i64::from(behaviour) * i64::from(streak);
    let total = i32::try_from((product + 500_000) / 1_000_000).unwrap_or(i32::MAX);
    pb::Multiplier {
        total_milli: total,
        grade_milli: grade,
        behaviour_milli: behaviour,
        streak_milli: streak,
        bonuses_disabled: s.failing,
        streak_days: s.streak_days,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn standing(letter: Option<Letter>, ratings: [i32; 3], streak_days: i32) -> Standing {
        Standing {
            gpa_letter: letter,
            failing: false,
            ratings,
            streak_days,
        }
    }

    #[test]
    fn the_parts_multiply() {
        let m = compute(
            &Settings::default(),
            &standing(Some(Letter::A), [8, 8, 8], 7),
        );
        assert_eq!(
            (m.grade_milli, m.behaviour_milli, m.streak_milli),
            (1500, 1200, 1100)
        );
        assert_eq!(m.total_milli, 1980);
        let neutral = compute(&Settings::default(), &standing(None, [5, 5, 5], 6));
        assert_eq!(neutral.total_milli, 1000);
    }

    #[test]
    fn behaviour_follows_the_mean_rating() {
        let b = |r| compute(&Settings::default(), &standing(None, r, 0)).behaviour_milli;
        assert_eq!(b([10, 8, 6]), 1200); // mean 8
        assert_eq!(b([10, 8, 5]), 1000); // mean 7.67
        assert_eq!(b([4, 4, 4]), 800);
        assert_eq!(b([5, 4, 4]), 1000); // mean 4.33
        assert_eq!(b([1, 1, 1]), 800);
    }

    #[test]
    fn streaks_take_the_longest_step_reached() {
        let s = |days| compute(&Settings::default(), &standing(None, [5, 5, 5], days)).streak_milli;
        assert_eq!(s(6), 1000);
        assert_eq!(s(7), 1100);
        assert_eq!(s(29), 1100);
        assert_eq!(s(30), 1250);
        assert_eq!(s(90), 1500);
    }

    #[test]
    fn a_failing_grade_turns_bonuses_off_but_keeps_penalties() {
        let mut s = standing(Some(Letter::A), [9, 9, 9], 30);
        s.failing = true;
        let m = compute(&Settings::default(), &s);
        assert_eq!(
            (m.grade_milli, m.behaviour_milli, m.streak_milli),
            (1000, 1000, 1000)
        );
        assert!(m.bonuses_disabled);
        let mut poor = standing(Some(Letter::D), [2, 2, 2], 0);
        poor.failing = true;
        let m = compute(&Settings::default(), &poor);
        assert_eq!((m.grade_milli, m.behaviour_milli), (800, 800));
        assert_eq!(m.total_milli, 640);
    }

    #[test]
    fn settings_out_of_range_are_refused() {
        let mut p = Settings::default().to_proto();
        assert_eq!(Settings::from_proto(&p).unwrap(), Settings::default());
        p.streak_30_milli = 5001;
        let err = Settings::from_proto(&p).unwrap_err();
        assert_eq!(err.field, "streak30");
        assert_eq!(
            err.message(),
            "30-day streak multiplier must be between 0.1 and 5.0"
        );
        assert_eq!(err.code(), "MULTIPLIER_OUT_OF_RANGE");
        assert_eq!(err.refusal, codes::multiplier_out_of_range(Label::Streak30));
        p.streak_30_milli = 1250;
        p.behaviour_excellent_milli = 99;
        let err = Settings::from_proto(&p).unwrap_err();
        assert_eq!(err.field, "behaviourExcellent");
        assert_eq!(
            err.message(),
            "Excellent behaviour multiplier must be between 0.1 and 5.0"
        );
    }
}
