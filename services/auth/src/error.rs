//! The auth service's errors, converted to gRPC status in one place.

use tonic::{Code, Status};

#[derive(Debug, thiserror::Error)]
pub enum Error {
    /// Bad input; the message is shown to the user as is.
    #[error(transparent)]
    Invalid(#[from] kit::validate::FieldError),
    #[error("An account with this email already exists")]
    EmailTaken,
    /// Deliberately the same for an unknown email and a wrong password.
    #[error("Invalid email or password")]
    BadCredentials,
    #[error("This account has been deactivated")]
    AccountInactive,
    #[error("Too many failed logins. Try again in 15 minutes.")]
    TooManyAttempts,
    #[error("This family account has been suspended")]
    FamilyInactive,
    #[error("Invalid or expired invitation")]
    InvalidInvite,
    #[error("User not found")]
    UserNotFound,
    #[error("Your email is already verified")]
    EmailAlreadyVerified,
    #[error("Too many emails sent to this address. Try again in an hour.")]
    TooManyMails,
    /// The second step of a login came too late (or with a token not ours).
    #[error("Your sign-in took too long. Enter your password again.")]
    MfaLoginExpired,
    /// A login's second step had all the codes it allows.
    #[error("Too many wrong codes for this sign-in. Enter your password again.")]
    MfaAttemptsUsed,
    /// Too many wrong codes in a row: the second step waits this long.
    #[error("{}", mfa_locked(*minutes))]
    MfaLocked { minutes: i64 },
    #[error("Two-factor sign-in is already on")]
    MfaAlreadyOn,
    #[error("Start setting up two-factor sign-in first")]
    MfaNotStarted,
    #[error("Two-factor sign-in is not on")]
    MfaNotOn,
    /// A child without a login, or another family's: nothing to set.
    #[error("This child has no login yet")]
    ChildHasNoLogin,
    /// The session was ended while a call renewing it was on its way.
    #[error("{}", kit::authn::UNAUTHENTICATED)]
    SessionEnded,
    /// Another family's child answers as an unknown one.
    #[error("Child not found")]
    ChildNotFound,
    /// A child's invitation that expired, or none was made.
    #[error("This child has no open invitation")]
    NoOpenInvite,
    #[error("{0}")]
    Forbidden(&'static str),
    /// A child's session on the family tablet asking for the account's security.
    #[error("This can be done on your own device, not on the family tablet")]
    NotOnTablet,
    /// A family tablet's device token that is unknown or was removed.
    #[error(
        "This browser is no longer the family tablet. A parent can set it up again in Settings."
    )]
    TabletUnknown,
    /// Another family's tablet answers as an unknown one.
    #[error("Tablet not found")]
    TabletNotFound,
    #[error("Too many wrong PINs. Try again in 15 minutes or ask a parent.")]
    TooManyPinGuesses,
    #[error("Ask a parent to set your PIN first")]
    NoPin,
    #[error("A family can have at most 10 tablets. Remove one in Settings first.")]
    TooManyTablets,
    /// Another user's notification answers as an unknown one.
    #[error("Notification not found")]
    NotificationNotFound,
    #[error("This unsubscribe link is not valid")]
    UnsubscribeUnknown,
    /// Another service answered with an error.
    #[error("{service}: {status}")]
    Upstream {
        service: &'static str,
        status: Status,
    },
    #[error(transparent)]
    Database(#[from] sqlx::Error),
    #[error(transparent)]
    Internal(#[from] anyhow::Error),
}

/// The lock's message, telling when to try again.
fn mfa_locked(minutes: i64) -> String {
    if minutes == 1 {
        "Too many wrong codes. Try again in 1 minute.".to_owned()
    } else {
        format!("Too many wrong codes. Try again in {minutes} minutes.")
    }
}

impl Error {
    pub fn invalid(field: &'static str, message: impl Into<String>) -> Self {
        Error::Invalid(kit::validate::FieldError::new(field, message))
    }

    pub fn upstream(service: &'static str) -> impl FnOnce(Status) -> Self {
        move |status| Error::Upstream { service, status }
    }
}

impl From<Error> for Status {
    fn from(err: Error) -> Self {
        let code = match &err {
            Error::Invalid(field) => return kit::error::invalid(field),
            Error::EmailTaken | Error::EmailAlreadyVerified | Error::MfaAlreadyOn => {
                Code::AlreadyExists
            }
            Error::MfaNotStarted | Error::MfaNotOn | Error::NoPin | Error::TooManyTablets => {
                Code::FailedPrecondition
            }
            Error::BadCredentials
            | Error::SessionEnded
            | Error::MfaLoginExpired
            | Error::MfaAttemptsUsed
            | Error::TabletUnknown => Code::Unauthenticated,
            Error::AccountInactive
            | Error::FamilyInactive
            | Error::Forbidden(_)
            | Error::NotOnTablet => Code::PermissionDenied,
            Error::InvalidInvite
            | Error::UserNotFound
            | Error::ChildNotFound
            | Error::NoOpenInvite
            | Error::ChildHasNoLogin
            | Error::TabletNotFound
            | Error::NotificationNotFound
            | Error::UnsubscribeUnknown => Code::NotFound,
            Error::TooManyAttempts
            | Error::TooManyMails
            | Error::TooManyPinGuesses
            | Error::MfaLocked { .. } => Code::ResourceExhausted,
            Error::Upstream { service, status } => {
                return kit::error::upstream(service, status.clone());
            }
            // Unavailable when PostgreSQL could not be reached, else internal.
            Error::Database(db) => return kit::error::failure(db),
            Error::Internal(e) => return kit::error::failure(e.as_ref()),
        };
        Status::new(code, err.to_string())
    }
}
