//! Field checks shared by the services. A refused field says which field and
//! why, as a refusal of the catalogue (proto/errors/): its code and values
//! for clients to word it, its English text for API clients to read.

use crate::{
    codes::{self, Label},
    refusal::Refusal,
};

/// A rejected input field.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{refusal}")]
pub struct FieldError {
    /// The field's JSON name, e.g. `firstName`.
    pub field: &'static str,
    pub refusal: Refusal,
}

impl FieldError {
    pub fn new(field: &'static str, refusal: Refusal) -> Self {
        debug_assert_eq!(
            refusal.status_code(),
            tonic::Code::InvalidArgument,
            "{} is about a field but is no invalid_argument",
            refusal.code()
        );
        Self { field, refusal }
    }

    /// The English text users read.
    pub fn message(&self) -> String {
        self.refusal.message()
    }

    pub fn code(&self) -> &'static str {
        self.refusal.code()
    }
}

pub const NAME_MAX: usize = 100;
/// The largest photo accepted (the gateway stops reading there; the chores
/// service checks again).
pub const PHOTO_MAX_BYTES: usize = 10 * 1024 * 1024;
const PHONE_MAX: usize = 40;
const EMAIL_MAX: usize = 254;

/// A required text, trimmed, at most `NAME_MAX` characters. `label` is how
/// users know the field ("First name").
pub fn required(raw: &str, field: &'static str, label: Label) -> Result<String, FieldError> {
    let text = raw.trim();
    if text.is_empty() {
        return Err(codes::required(label).on(field));
    }
    bounded(text, field, label)
}

/// An optional text: empty stays empty, anything else is bounded like [`required`].
pub fn optional(raw: &str, field: &'static str, label: Label) -> Result<String, FieldError> {
    let text = raw.trim();
    if text.is_empty() {
        Ok(String::new())
    } else {
        bounded(text, field, label)
    }
}

fn bounded(text: &str, field: &'static str, label: Label) -> Result<String, FieldError> {
    at_most(text, NAME_MAX, field, label)?;
    Ok(text.to_owned())
}

/// Refuses `text` when longer than `max` characters.
pub fn at_most(
    text: &str,
    max: usize,
    field: &'static str,
    label: Label,
) -> Result<(), FieldError> {
    if text.chars().count() > max {
        let max = i64::try_from(max).unwrap_or(i64::MAX);
        return Err(codes::too_long(label, max).on(field));
    }
    Ok(())
}

/// An email address, trimmed (stores compare emails case-insensitively).
pub fn email(raw: &str) -> Result<String, FieldError> {
    let email = raw.trim();
    if email.is_empty() {
        return Err(codes::email_required().on("email"));
    }
    let valid = email.len() <= EMAIL_MAX
        && email_address::EmailAddress::is_valid(email)
        && email
            .rsplit('@')
            .next()
            .is_some_and(|domain| domain.contains('.'));
    if !valid {
        return Err(codes::email_invalid().on("email"));
    }
    Ok(email.to_owned())
}

/// An optional phone number: digits, spaces and `+-().` only.
pub fn phone(raw: &str) -> Result<String, FieldError> {
    let phone = raw.trim();
    let valid = phone.chars().count() <= PHONE_MAX
        && phone
            .chars()
            .all(|c| c.is_ascii_digit() || " +-().".contains(c));
    if valid {
        Ok(phone.to_owned())
    } else {
        Err(codes::phone_invalid().on("phone"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn email_is_trimmed_and_checked() {
        assert_eq!(email("  a@b.co ").ok(), Some("a@b.co".into()));
        assert_eq!(email(" ").unwrap_err().message(), "Email is required");
        for bad in ["plain", "a@b", "@b.co", "a b@c.co"] {
            assert_eq!(
                email(bad).unwrap_err().message(),
                "Please enter a valid email address",
                "{bad}"
            );
        }
    }

    #[test]
    fn required_text_is_trimmed_and_bounded() {
        assert_eq!(
            required("  ", "firstName", Label::FirstName)
                .unwrap_err()
                .message(),
            "First name is required"
        );
        assert_eq!(
            required(" Ann ", "firstName", Label::FirstName).ok(),
            Some("Ann".into())
        );
        assert_eq!(
            required(&"n".repeat(101), "lastName", Label::LastName)
                .unwrap_err()
                .message(),
            "Last name must be at most 100 characters"
        );
        assert_eq!(
            optional("  ", "lastName", Label::LastName).ok(),
            Some(String::new())
        );
    }

    #[test]
    fn phone_allows_common_punctuation_only() {
        assert_eq!(
            phone(" +1 (555) 010-2000 ").ok(),
            Some("+1 (555) 010-2000".into())
        );
        assert_eq!(phone("call me").unwrap_err().field, "phone");
    }
}
