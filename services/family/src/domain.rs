//! Validated family input.

use std::str::FromStr;

use kit::validate::{self, FieldError};

/// A family's display name.
pub fn family_name(raw: &str) -> Result<String, FieldError> {
    validate::required(raw, "name", "Family name")
}

/// An IANA time zone; empty means UTC (a family can set it later).
pub fn time_zone(raw: &str) -> Result<String, FieldError> {
    let raw = raw.trim();
    if raw.is_empty() {
        return Ok("UTC".into());
    }
    chrono_tz::Tz::from_str(raw)
        .map(|tz| tz.name().to_owned())
        .map_err(|_| FieldError::new("timeZone", format!("Unknown time zone: {raw}")))
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
        assert_eq!(
            time_zone("Mars/Olympus").unwrap_err().message,
            "Unknown time zone: Mars/Olympus"
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
