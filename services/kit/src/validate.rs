//! Field checks shared by the services. The messages are what users read.

/// A rejected input field.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{message}")]
pub struct FieldError {
    /// The field's JSON name, e.g. `firstName`.
    pub field: &'static str,
    pub message: String,
}

impl FieldError {
    pub fn new(field: &'static str, message: impl Into<String>) -> Self {
        Self {
            field,
            message: message.into(),
        }
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
pub fn required(raw: &str, field: &'static str, label: &str) -> Result<String, FieldError> {
    let text = raw.trim();
    if text.is_empty() {
        return Err(FieldError::new(field, format!("{label} is required")));
    }
    bounded(text, field, label)
}

/// An optional text: empty stays empty, anything else is bounded like [`required`].
pub fn optional(raw: &str, field: &'static str, label: &str) -> Result<String, FieldError> {
    let text = raw.trim();
    if text.is_empty() {
        Ok(String::new())
    } else {
        bounded(text, field, label)
    }
}

fn bounded(text: &str, field: &'static str, label: &str) -> Result<String, FieldError> {
    if text.chars().count() > NAME_MAX {
        return Err(FieldError::new(
            field,
            format!("{label} must be at most {NAME_MAX} characters"),
        ));
    }
    Ok(text.to_owned())
}

/// An email address, trimmed (stores compare emails case-insensitively).
pub fn email(raw: &str) -> Result<String, FieldError> {
    let email = raw.trim();
    if email.is_empty() {
        return Err(FieldError::new("email", "Email is required"));
    }
    let valid = email.len() <= EMAIL_MAX
        && email_address::EmailAddress::is_valid(email)
        && email
            .rsplit('@')
            .next()
            .is_some_and(|domain| domain.contains('.'));
    if !valid {
        return Err(FieldError::new(
            "email",
            "Please enter a valid email address",
        ));
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
        Err(FieldError::new(
            "phone",
            "Please enter a valid phone number",
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn email_is_trimmed_and_checked() {
        assert_eq!(email("  a@b.co ").ok(), Some("a@b.co".into()));
        assert_eq!(email(" ").unwrap_err().message, "Email is required");
        for bad in ["plain", "a@b", "@b.co", "a b@c.co"] {
            assert_eq!(
                email(bad).unwrap_err().message,
                "Please enter a valid email address",
                "{bad}"
            );
        }
    }

    #[test]
    fn required_text_is_trimmed_and_bounded() {
        assert_eq!(
            required("  ", "firstName", "First name")
                .unwrap_err()
                .message,
            "First name is required"
        );
        assert_eq!(
            required(" Ann ", "firstName", "First name").ok(),
            Some("Ann".into())
        );
        assert_eq!(
            required(&"n".repeat(101), "lastName", "Last name")
                .unwrap_err()
                .message,
            "Last name must be at most 100 characters"
        );
        assert_eq!(
            optional("  ", "lastName", "Last name").ok(),
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
