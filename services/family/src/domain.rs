//! Validated family input: a value refused is refused with a code of the
//! catalogue (proto/errors/), whose text users see.

use std::str::FromStr;

use chorely_proto::family::v1::{AgeGroup, RewardDisplayType};
use chrono::NaiveDate;
use kit::{
    codes::{self, Label},
    validate::{self, FieldError},
};

/// A family's display name.
pub fn family_name(raw: &str) -> Result<String, FieldError> {
    validate::required(raw, "name", Label::FamilyName)
}

/// An IANA time zone; empty means UTC (a family can set it later).
pub fn time_zone(raw: &str) -> Result<String, FieldError> {
    let raw = raw.trim();
    if raw.is_empty() {
        return Ok("UTC".into());
    }
    chrono_tz::Tz::from_str(raw)
        .map(|tz| tz.name().to_owned())
        .map_err(|_| codes::time_zone_unknown(raw).on("timeZone"))
}

/// The readable part of a slug; a random suffix is added when it is taken.
pub fn slug_base(name: &str) -> String {
    let base = slug::slugify(name);
    let base: String = base.chars().take(40).collect();
    let base = base.trim_end_matches('-');
    if base.is_empty() {
        "family".into()
    } else {
        base.to_owned()
    }
}

/// A child's details as parents enter them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ChildDetails {
    pub name: String,
    pub email: String,
    pub phone: String,
    pub date_of_birth: Option<NaiveDate>,
    pub birthday_reward_cents: i64,
    pub age_group: &'static str,
    pub ui_theme: &'static str,
    pub reward_display_type: &'static str,
}

/// Default birthday reward (spec §9): $10.
pub const DEFAULT_BIRTHDAY_REWARD_CENTS: i64 = 1000;

/// A birthday: empty means unknown; never in the future.
pub fn date_of_birth(raw: &str, today: NaiveDate) -> Result<Option<NaiveDate>, FieldError> {
    let raw = raw.trim();
    if raw.is_empty() {
        return Ok(None);
    }
    let date = NaiveDate::parse_from_str(raw, "%Y-%m-%d")
        .map_err(|_| codes::not_a_date(Label::Birthday).on("dateOfBirth"))?;
    if date > today {
        return Err(codes::birthday_in_future().on("dateOfBirth"));
    }
    Ok(Some(date))
}

pub fn birthday_reward(cents: Option<i64>) -> Result<i64, FieldError> {
    match cents {
        None => Ok(DEFAULT_BIRTHDAY_REWARD_CENTS),
        Some(c) if c >= 0 => Ok(c),
        Some(_) => Err(codes::birthday_reward_negative().on("birthdayRewardAmount")),
    }
}

pub fn age_group(raw: i32) -> Result<&'static str, FieldError> {
    match AgeGroup::try_from(raw) {
        Ok(AgeGroup::Unspecified | AgeGroup::Child) => Ok("CHILD"),
        Ok(AgeGroup::Tween) => Ok("TWEEN"),
        Ok(AgeGroup::Teen) => Ok("TEEN"),
        Ok(AgeGroup::YoungAdult) => Ok("YOUNG_ADULT"),
        Err(_) => Err(codes::age_group_invalid().on("ageGroup")),
    }
}

pub fn ui_theme(raw: &str) -> Result<&'static str, FieldError> {
    match raw.trim() {
        "" | "KIDS" => Ok("KIDS"),
        "TEEN" => Ok("TEEN"),
        "ADULT" => Ok("ADULT"),
        _ => Err(codes::ui_theme_invalid().on("uiTheme")),
    }
}

pub fn reward_display_type(raw: i32) -> Result<&'static str, FieldError> {
    match RewardDisplayType::try_from(raw) {
        Ok(RewardDisplayType::Unspecified | RewardDisplayType::Money) => Ok("MONEY"),
        Ok(RewardDisplayType::ScreenTime) => Ok("SCREEN_TIME"),
        Ok(RewardDisplayType::Points) => Ok("POINTS"),
        Ok(RewardDisplayType::Custom) => Ok("CUSTOM"),
        Err(_) => Err(codes::reward_display_type_invalid().on("rewardDisplayType")),
    }
}

/// A behaviour rating: a whole number from 1 to 10.
pub fn rating(value: i32, field: &'static str) -> Result<i16, FieldError> {
    if (1..=10).contains(&value) {
        Ok(i16::try_from(value).unwrap_or(5))
    } else {
        Err(codes::ratings_invalid().on(field))
    }
}

/// The display name: the one given, else first and last name.
pub fn display_name(name: &str, first: &str, last: &str) -> Result<String, FieldError> {
    let given = validate::optional(name, "name", Label::DisplayName)?;
    if given.is_empty() {
        Ok(format!("{first} {last}").trim().to_owned())
    } else {
        Ok(given)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn time_zone_defaults_to_utc_and_rejects_unknown_names() {
        assert_eq!(time_zone("").ok(), Some("UTC".into()));
        assert_eq!(
            time_zone(" Europe/Paris ").ok(),
            Some("Europe/Paris".into())
        );
        let unknown = time_zone("Mars/Olympus").unwrap_err();
        assert_eq!(unknown.message(), "Unknown time zone: Mars/Olympus");
        assert_eq!(
            (unknown.field, unknown.code()),
            ("timeZone", "TIME_ZONE_UNKNOWN")
        );
    }

    #[test]
    fn birthdays_are_optional_dates_not_in_the_future() {
        let today = NaiveDate::from_ymd_opt(2026, 11, 22).unwrap();
        assert_eq!(date_of_birth(" ", today).ok(), Some(None));
        assert_eq!(
            date_of_birth("2016-02-29", today).ok(),
            Some(NaiveDate::from_ymd_opt(2016, 2, 29))
        );
        assert_eq!(
            date_of_birth("2026-11-23", today).unwrap_err().message(),
            "Birthday cannot be in the future"
        );
        let not_a_date = date_of_birth("22/11/2016", today).unwrap_err();
        assert_eq!(
            (not_a_date.field, not_a_date.code()),
            ("dateOfBirth", "NOT_A_DATE")
        );
        assert_eq!(not_a_date.message(), "Birthday must be a date (YYYY-MM-DD)");
    }

    #[test]
    fn ratings_are_whole_numbers_from_one_to_ten() {
        assert_eq!(rating(1, "honestyRating").ok(), Some(1));
        assert_eq!(rating(10, "honestyRating").ok(), Some(10));
        for bad in [0, 11, -3] {
            let refused = rating(bad, "rulesRating").unwrap_err();
            assert_eq!(
                (refused.field, refused.code()),
                ("rulesRating", "RATINGS_INVALID")
            );
            assert_eq!(
                refused.message(),
                "Ratings must be whole numbers from 1 to 10"
            );
        }
    }

    #[test]
    fn child_choices_default_and_reject_unknown_values() {
        assert_eq!(age_group(0).ok(), Some("CHILD"));
        assert_eq!(age_group(4).ok(), Some("YOUNG_ADULT"));
        assert_eq!(age_group(-1).unwrap_err().code(), "AGE_GROUP_INVALID");
        assert_eq!(ui_theme("").ok(), Some("KIDS"));
        assert_eq!(ui_theme("NEON").unwrap_err().code(), "UI_THEME_INVALID");
        assert_eq!(reward_display_type(2).ok(), Some("SCREEN_TIME"));
        assert_eq!(
            reward_display_type(9).unwrap_err().code(),
            "REWARD_DISPLAY_TYPE_INVALID"
        );
        assert_eq!(birthday_reward(None).ok(), Some(1000));
        assert_eq!(
            birthday_reward(Some(-1)).unwrap_err().message(),
            "Birthday reward must be 0 or more"
        );
        assert_eq!(display_name("", "Sam", "Lee").ok(), Some("Sam Lee".into()));
        assert_eq!(
            display_name(" Sammy ", "Sam", "Lee").ok(),
            Some("Sammy".into())
        );
    }

    #[test]
    fn slugs_are_readable_and_never_empty() {
        assert_eq!(slug_base("The Smith Family!"), "the-smith-family");
        assert_eq!(slug_base("!!! ???"), "family");
        assert_eq!(slug_base("Famille Müller"), "famille-muller");
        assert!(slug_base(&"long name ".repeat(20)).len() <= 40);
    }
}
