//! Grades and GPA (spec §4, §5, §9): letters, percentage thresholds, grade
//! points, and how a subject's custom scale changes them. Values are kept in
//! hundredths (percent or grade points), so arithmetic is exact.

use std::fmt;

use kit::{codes, refusal::Refusal, validate::FieldError};
use serde::Deserialize;

#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Letter {
    A,
    B,
    C,
    D,
    F,
}

pub const LETTERS: [Letter; 5] = [Letter::A, Letter::B, Letter::C, Letter::D, Letter::F];

impl Letter {
    pub fn parse(raw: &str) -> Option<Self> {
        match raw.trim().to_ascii_uppercase().as_str() {
            "A" => Some(Letter::A),
            "B" => Some(Letter::B),
            "C" => Some(Letter::C),
            "D" => Some(Letter::D),
            "F" => Some(Letter::F),
            _ => None,
        }
    }

    fn index(self) -> usize {
        self as usize
    }

    /// D and F switch every multiplier bonus off.
    pub fn is_failing(self) -> bool {
        matches!(self, Letter::D | Letter::F)
    }
}

impl fmt::Display for Letter {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{self:?}")
    }
}

/// A subject's scale: the lowest percentage of A to D, and the points of A to F.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Scale {
    pub thresholds_centi: [i32; 4],
    pub points_centi: [i32; 5],
}

impl Default for Scale {
    fn default() -> Self {
        Self {
            thresholds_centi: [9000, 8000, 7000, 6000],
            points_centi: [400, 300, 200, 100, 0],
        }
    }
}

#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
struct ScaleText {
    #[serde(default)]
    thresholds: std::collections::BTreeMap<String, f64>,
    #[serde(default)]
    points: std::collections::BTreeMap<String, f64>,
}

fn invalid(refusal: Refusal) -> FieldError {
    refusal.on("customScale")
}

/// Hundredths of `value`, when it has at most `decimals` decimals.
fn centi(value: f64, decimals: i32) -> Option<i32> {
    let scaled = value * 10f64.powi(decimals);
    if !value.is_finite() || (scaled - scaled.round()).abs() > 1e-6 {
        return None;
    }
    #[allow(clippy::cast_possible_truncation)]
    let centi = (value * 100.0).round() as i32;
    Some(centi)
}

/// Reads a custom scale: JSON text like
/// `{"thresholds": {"A": 90, ...}, "points": {"A": 4.0, ...}}`, any part
/// omitted keeping its default; empty text is the default scale.
pub fn parse_scale(text: &str) -> Result<Scale, FieldError> {
    let mut scale = Scale::default();
    if text.trim().is_empty() {
        return Ok(scale);
    }
    let parsed: ScaleText =
        serde_json::from_str(text).map_err(|_| invalid(codes::custom_scale_not_json()))?;
    for (key, value) in &parsed.thresholds {
        let letter = Letter::parse(key)
            .filter(|l| *l != Letter::F)
            .ok_or_else(|| invalid(codes::unknown_threshold(key)))?;
        let value = centi(*value, 2)
            .filter(|v| (0..=10000).contains(v))
            .ok_or_else(|| invalid(codes::threshold_out_of_range()))?;
        scale.thresholds_centi[letter.index()] = value;
    }
    if !scale.thresholds_centi.windows(2).all(|w| w[0] > w[1]) {
        return Err(invalid(codes::thresholds_not_descending()));
    }
    for (key, value) in &parsed.points {
        let letter = Letter::parse(key).ok_or_else(|| invalid(codes::unknown_grade_points(key)))?;
        let value = centi(*value, 1)
            .filter(|v| (0..=500).contains(v))
            .ok_or_else(|| invalid(codes::grade_points_out_of_range()))?;
        scale.points_centi[letter.index()] = value;
    }
    Ok(scale)
}

impl Scale {
    /// The letter a percentage earns.
    pub fn letter(&self, percentage_centi: i32) -> Letter {
        LETTERS
            .iter()
            .zip(self.thresholds_centi)
            .find(|(_, lowest)| percentage_centi >= *lowest)
            .map_or(Letter::F, |(letter, _)| *letter)
    }

    pub fn points(&self, letter: Letter) -> i32 {
        self.points_centi[letter.index()]
    }
}

/// A percentage grade as entered: 0 to 100, at most two decimals.
pub fn percentage(value: f64) -> Result<i32, FieldError> {
    centi(value, 2)
        .filter(|v| (0..=10000).contains(v))
        .ok_or_else(|| codes::percentage_out_of_range().on("percentage"))
}

/// The mean of grade points (hundredths), rounded half up; None without any.
pub fn gpa(points_centi: &[i32]) -> Option<i32> {
    let n = i64::try_from(points_centi.len()).ok().filter(|n| *n > 0)?;
    let sum: i64 = points_centi.iter().map(|p| i64::from(*p)).sum();
    i32::try_from((2 * sum + n) / (2 * n)).ok()
}

/// The letter a GPA stands for, rounding to the nearest grade point
/// (3.5 and above is an A; weighted GPAs above 4 are As too).
pub fn gpa_letter(gpa_centi: i32) -> Letter {
    match gpa_centi {
        350.. => Letter::A,
        250..=349 => Letter::B,
        150..=249 => Letter::C,
        50..=149 => Letter::D,
        _ => Letter::F,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn percentages_become_letters_by_the_thresholds() {
        let scale = Scale::default();
        assert_eq!(scale.letter(10000), Letter::A);
        assert_eq!(scale.letter(9000), Letter::A);
        assert_eq!(scale.letter(8999), Letter::B);
        assert_eq!(scale.letter(6000), Letter::D);
        assert_eq!(scale.letter(5999), Letter::F);
        let strict = parse_scale(r#"{"thresholds": {"A": 93, "B": 85}}"#).unwrap();
        assert_eq!(strict.letter(9200), Letter::B);
        assert_eq!(strict.thresholds_centi, [9300, 8500, 7000, 6000]);
    }

    #[test]
    fn weighted_points_replace_the_defaults() {
        let honours = parse_scale(r#"{"points": {"A": 5.0, "B": 4.0}}"#).unwrap();
        assert_eq!(honours.points(Letter::A), 500);
        assert_eq!(honours.points(Letter::C), 200);
        assert_eq!(parse_scale("").unwrap(), Scale::default());
    }

    #[test]
    fn bad_scales_are_refused_with_a_reason() {
        let message = |text: &str| parse_scale(text).unwrap_err().message();
        assert!(message("not json").starts_with("Custom scale must be JSON"));
        assert_eq!(
            message(r#"{"thresholds": {"A": 101}}"#),
            "Percentage thresholds must be between 0 and 100"
        );
        assert_eq!(
            message(r#"{"thresholds": {"B": 95}}"#),
            "Percentage thresholds must go down from A to D"
        );
        assert_eq!(
            message(r#"{"points": {"A": 4.25}}"#),
            "Grade points must be between 0 and 5, in steps of 0.1"
        );
        assert_eq!(
            message(r#"{"points": {"E": 1}}"#),
            "Unknown grade \"E\": use A, B, C, D or F"
        );
        assert!(parse_scale(r#"{"thresholds": {"F": 10}}"#).is_err());
    }

    #[test]
    fn bad_scales_carry_their_code_on_the_custom_scale() {
        let err = parse_scale(r#"{"points": {"E": 1}}"#).unwrap_err();
        assert_eq!(err.field, "customScale");
        assert_eq!(err.code(), "UNKNOWN_GRADE_POINTS");
        assert_eq!(err.refusal, codes::unknown_grade_points("E"));
        let code = |text: &str| parse_scale(text).unwrap_err().code();
        assert_eq!(code("[1"), "CUSTOM_SCALE_NOT_JSON");
        assert_eq!(code(r#"{"thresholds": {"F": 10}}"#), "UNKNOWN_THRESHOLD");
        assert_eq!(
            code(r#"{"thresholds": {"A": -1}}"#),
            "THRESHOLD_OUT_OF_RANGE"
        );
        assert_eq!(
            code(r#"{"thresholds": {"C": 85}}"#),
            "THRESHOLDS_NOT_DESCENDING"
        );
        assert_eq!(code(r#"{"points": {"B": 6}}"#), "GRADE_POINTS_OUT_OF_RANGE");
    }

    #[test]
    fn percentage_grades_have_at_most_two_decimals() {
        assert_eq!(percentage(87.25).unwrap(), 8725);
        assert_eq!(percentage(100.0).unwrap(), 10000);
        assert!(percentage(87.255).is_err());
        assert!(percentage(-1.0).is_err());
        assert!(percentage(100.01).is_err());
        let err = percentage(-1.0).unwrap_err();
        assert_eq!(
            (err.field, err.code()),
            ("percentage", "PERCENTAGE_OUT_OF_RANGE")
        );
        assert_eq!(
            err.message(),
            "Percentage must be between 0 and 100, with at most two decimals"
        );
    }

    #[test]
    fn gpa_is_the_rounded_mean() {
        assert_eq!(gpa(&[400, 300, 300]), Some(333));
        assert_eq!(gpa(&[400, 300]), Some(350));
        assert_eq!(gpa(&[400, 300, 200, 200, 200, 200]), Some(250));
        assert_eq!(gpa(&[]), None);
        assert_eq!(gpa_letter(350), Letter::A);
        assert_eq!(gpa_letter(349), Letter::B);
        assert_eq!(gpa_letter(149), Letter::D);
        assert_eq!(gpa_letter(49), Letter::F);
        assert_eq!(gpa_letter(480), Letter::A);
    }
}
