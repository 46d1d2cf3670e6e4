//! Validated input. Every value crossing into the service is parsed into one
//! of these types first; a value refused is refused with a code of the
//! catalogue (proto/errors/), whose text users see.

use kit::codes::{self, Label};

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
            return Err(Error::invalid(field, codes::required(Label::Password)));
        }
        if chars < PASSWORD_MIN {
            return Err(Error::invalid(
                field,
                codes::password_too_short(count(PASSWORD_MIN)),
            ));
        }
        if chars > PASSWORD_MAX {
            return Err(Error::invalid(
                field,
                codes::too_long(Label::Password, count(PASSWORD_MAX)),
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
            codes::invite_expiry_invalid(),
        )),
    }
}

/// A bound of ours as a refusal's count.
fn count(n: usize) -> i64 {
    i64::try_from(n).unwrap_or(i64::MAX)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn message(err: Error) -> String {
        err.to_string()
    }

    /// The field and code a refused value is refused with.
    fn refused(err: Error) -> (&'static str, &'static str) {
        match err {
            Error::Invalid(field) => (field.field, field.code()),
            other => panic!("not a field's refusal: {other}"),
        }
    }

    #[test]
    fn password_length_is_counted_in_characters() {
        assert_eq!(
            message(Password::parse("12345").unwrap_err()),
            "Password must be at least 6 characters"
        );
        assert!(Password::parse("ééééé1").is_ok());
        assert_eq!(
            message(Password::parse(&"x".repeat(129)).unwrap_err()),
            "Password must be at most 128 characters"
        );
        assert_eq!(
            message(Password::parse("").unwrap_err()),
            "Password is required"
        );
        assert_eq!(
            refused(Password::parse_field("12345", "newPassword").unwrap_err()),
            ("newPassword", "PASSWORD_TOO_SHORT")
        );
        assert_eq!(
            refused(Password::parse(&"x".repeat(129)).unwrap_err()),
            ("password", "TOO_LONG")
        );
        assert_eq!(
            format!("{:?}", Password::parse("secret1").ok()),
            "Some(Password(***))"
        );
    }

    #[test]
    fn expiry_accepts_only_offered_choices() {
        assert_eq!(parse_expiry_days(0).ok(), Some(7));
        assert_eq!(parse_expiry_days(14).ok(), Some(14));
        assert_eq!(
            refused(parse_expiry_days(5).unwrap_err()),
            ("expiresInDays", "INVITE_EXPIRY_INVALID")
        );
        assert!(parse_expiry_days(-1).is_err());
    }
}

/// How someone signed in, as the login's event records it (the platform's
/// audit of sign-ins reads it).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LoginWay {
    /// Email and password (a second step after it included).
    Password,
    /// A child's PIN on the family tablet.
    TabletPin,
    /// A child's device claiming the one-time code a parent showed.
    DeviceLink,
    /// A child's linked device signing in again with its token.
    Device,
}

impl LoginWay {
    pub fn as_str(self) -> &'static str {
        match self {
            LoginWay::Password => "PASSWORD",
            LoginWay::TabletPin => "TABLET_PIN",
            LoginWay::DeviceLink => "DEVICE_LINK",
            LoginWay::Device => "DEVICE",
        }
    }
}
