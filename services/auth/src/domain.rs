//! Validated input. Every value crossing into the service is parsed into one
//! of these types first; the error texts are the ones users see.

use crate::error::Error;

pub const PASSWORD_MIN: usize = 6;
/// Bounds the hashing cost an attacker can ask for.
pub const PASSWORD_MAX: usize = 128;

/// A new password (spec §5: at least 6 characters).
#[derive(Clone)]
pub struct Password(String);

impl Password {
    pub fn parse(raw: &str) -> Result<Self, Error> {
        Self::parse_field(raw, "password")
    }

    /// [`Password::parse`] of the input named `field`.
    pub fn parse_field(raw: &str, field: &'static str) -> Result<Self, Error> {
        let chars = raw.chars().count();
        if chars == 0 {
            return Err(Error::invalid(field, "Password is required"));
        }
        if chars < PASSWORD_MIN {
            return Err(Error::invalid(
                field,
                "Password must be at least 6 characters",
            ));
        }
        if chars > PASSWORD_MAX {
            return Err(Error::invalid(
                field,
                "Password must be at most 128 characters",
            ));
        }
        Ok(Self(raw.to_owned()))
    }

    pub fn expose(&self) -> &str {
        &self.0
    }
}

impl std::fmt::Debug for Password {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Password(***)")
    }
}

/// Invitation lifetimes offered to parents (spec §5).
pub const INVITE_EXPIRY_DAYS: [i32; 5] = [1, 3, 7, 14, 30];
pub const INVITE_DEFAULT_DAYS: i32 = 7;

pub fn parse_expiry_days(days: i32) -> Result<i64, Error> {
    match days {
        0 => Ok(i64::from(INVITE_DEFAULT_DAYS)),
        d if INVITE_EXPIRY_DAYS.contains(&d) => Ok(i64::from(d)),
        _ => Err(Error::invalid(
            "expiresInDays",
            "Expiry must be 1, 3, 7, 14 or 30 days",
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn message(err: Error) -> String {
        err.to_string()
    }

    #[test]
    fn password_length_is_counted_in_characters() {
        assert_eq!(
            message(Password::parse("12345").unwrap_err()),
            "Password must be at least 6 characters"
        );
        assert!(Password::parse("ééééé1").is_ok());
        assert!(Password::parse(&"x".repeat(129)).is_err());
        assert_eq!(
            format!("{:?}", Password::parse("secret1").ok()),
            "Some(Password(***))"
        );
    }

    #[test]
    fn expiry_accepts_only_offered_choices() {
        assert_eq!(parse_expiry_days(0).ok(), Some(7));
        assert_eq!(parse_expiry_days(14).ok(), Some(14));
        assert!(parse_expiry_days(5).is_err());
        assert!(parse_expiry_days(-1).is_err());
    }
}
