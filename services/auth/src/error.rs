//! The auth service's errors, converted to gRPC status in one place.

use kit::{
    codes,
    refusal::{Refusal, Refuses},
};
use tonic::Status;

#[derive(Debug, thiserror::Error)]
pub enum Error {
    /// Bad input: the refusal of one field.
    #[error(transparent)]
    Invalid(#[from] kit::validate::FieldError),
    #[error("{}", self.refused())]
    EmailTaken,
    /// Deliberately the same for an unknown email and a wrong password.
    #[error("{}", self.refused())]
    BadCredentials,
    #[error("{}", self.refused())]
    AccountInactive,
    #[error("{}", self.refused())]
    TooManyAttempts,
    #[error("{}", self.refused())]
    FamilyInactive,
    #[error("{}", self.refused())]
    InvalidInvite,
    #[error("{}", self.refused())]
    UserNotFound,
    #[error("{}", self.refused())]
    EmailAlreadyVerified,
    #[error("{}", self.refused())]
    TooManyMails,
    /// The second step of a login came too late (or with a token not ours).
    #[error("{}", self.refused())]
    MfaLoginExpired,
    /// A login's second step had all the codes it allows.
    #[error("{}", self.refused())]
    MfaAttemptsUsed,
    /// Too many wrong codes in a row: the second step waits this long.
    #[error("{}", self.refused())]
    MfaLocked { minutes: i64 },
    #[error("{}", self.refused())]
    MfaAlreadyOn,
    #[error("{}", self.refused())]
    MfaNotStarted,
    #[error("{}", self.refused())]
    MfaNotOn,
    /// A child without a login, or another family's: nothing to set.
    #[error("{}", self.refused())]
    ChildHasNoLogin,
    /// The session was ended while a call renewing it was on its way: it
    /// answers as any token that no longer passes.
    #[error("{}", self.refused())]
    SessionEnded,
    /// Another family's child answers as an unknown one.
    #[error("{}", self.refused())]
    ChildNotFound,
    /// A child's invitation that expired, or none was made.
    #[error("{}", self.refused())]
    NoOpenInvite,
    /// A session of no family (a super admin's) asking for a family's things.
    #[error("{}", self.refused())]
    NoFamily,
    /// Not a bad request: a parent may never deactivate themselves (spec §4).
    #[error("{}", self.refused())]
    CannotDeactivateSelf,
    /// A child changing the name, email or phone their parents keep.
    #[error("{}", self.refused())]
    ChildProfileParentsOnly,
    /// A super admin turning off the two-factor sign-in required of them.
    #[error("{}", self.refused())]
    MfaRequiredForAdmins,
    /// A child's session on the family tablet asking for the account's security.
    #[error("{}", self.refused())]
    NotOnTablet,
    /// A family tablet's device token that is unknown or was removed.
    #[error("{}", self.refused())]
    TabletUnknown,
    /// Another family's tablet answers as an unknown one.
    #[error("{}", self.refused())]
    TabletNotFound,
    #[error("{}", self.refused())]
    TooManyPinGuesses,
    #[error("{}", self.refused())]
    NoPin,
    #[error("{}", self.refused())]
    TooManyTablets,
    /// A child's one-time sign-in code that is unknown, used or expired.
    #[error("{}", self.refused())]
    LinkInvalid,
    /// A child's device token that is unknown or was signed out.
    #[error("{}", self.refused())]
    DeviceUnknown,
    /// Another child's device answers as an unknown one.
    #[error("{}", self.refused())]
    DeviceNotFound,
    #[error("{}", self.refused())]
    TooManyDevices,
    /// Another user's notification answers as an unknown one.
    #[error("{}", self.refused())]
    NotificationNotFound,
    #[error("{}", self.refused())]
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

impl Refuses for Error {
    /// The refusal the user sees, in the catalogue's words
    /// (proto/errors/); none for a failure that is not theirs.
    fn refusal(&self) -> Option<Refusal> {
        Some(match self {
            Error::EmailTaken => codes::email_taken(),
            Error::BadCredentials => codes::invalid_login(),
            Error::AccountInactive => codes::account_deactivated(),
            Error::TooManyAttempts => codes::too_many_logins(),
            Error::FamilyInactive => codes::family_suspended(),
            Error::InvalidInvite => codes::invalid_invitation(),
            Error::UserNotFound => codes::user_not_found(),
            Error::EmailAlreadyVerified => codes::email_already_verified(),
            Error::TooManyMails => codes::too_many_mails(),
            Error::MfaLoginExpired => codes::mfa_sign_in_expired(),
            Error::MfaAttemptsUsed => codes::mfa_attempts_used(),
            Error::MfaAlreadyOn => codes::mfa_already_on(),
            Error::MfaNotStarted => codes::mfa_not_started(),
            Error::MfaNotOn => codes::mfa_not_on(),
            Error::ChildHasNoLogin => codes::child_has_no_login(),
            Error::ChildNotFound => codes::child_not_found(),
            Error::NoOpenInvite => codes::no_open_invitation(),
            Error::NotOnTablet => codes::not_on_tablet(),
            Error::TabletUnknown => codes::tablet_unknown(),
            Error::TabletNotFound => codes::tablet_not_found(),
            Error::TooManyPinGuesses => codes::too_many_pins(),
            Error::NoPin => codes::no_pin(),
            Error::TooManyTablets => codes::tablet_limit(),
            Error::LinkInvalid => codes::link_invalid(),
            Error::DeviceUnknown => codes::device_unknown(),
            Error::DeviceNotFound => codes::device_not_found(),
            Error::TooManyDevices => codes::device_limit(),
            Error::NotificationNotFound => codes::notification_not_found(),
            Error::UnsubscribeUnknown => codes::unsubscribe_invalid(),
            Error::MfaLocked { minutes } => codes::mfa_locked(*minutes),
            Error::SessionEnded => codes::unauthenticated(),
            Error::NoFamily => codes::no_family(),
            Error::CannotDeactivateSelf => codes::cannot_deactivate_self(),
            Error::ChildProfileParentsOnly => codes::child_profile_parents_only(),
            Error::MfaRequiredForAdmins => codes::mfa_required_for_admins(),
            Error::Invalid(_)
            | Error::Upstream { .. }
            | Error::Database(_)
            | Error::Internal(_) => return None,
        })
    }
}

impl Error {
    /// The refusal of the input named `field`.
    pub fn invalid(field: &'static str, refusal: Refusal) -> Self {
        Error::Invalid(refusal.on(field))
    }

    pub fn upstream(service: &'static str) -> impl FnOnce(Status) -> Self {
        move |status| Error::Upstream { service, status }
    }
}

impl From<Error> for Status {
    fn from(err: Error) -> Self {
        match err {
            Error::Invalid(field) => kit::error::invalid(&field),
            Error::Upstream { service, status } => kit::error::upstream(service, status),
            // Unavailable when PostgreSQL could not be reached, else internal.
            Error::Database(db) => kit::error::failure(&db),
            Error::Internal(e) => kit::error::failure(e.as_ref()),
            refused => refused.refusal_status(),
        }
    }
}

#[cfg(test)]
mod tests {
    use tonic::Code;

    use super::*;

    #[test]
    fn refusals_travel_with_their_code_and_status() {
        for (err, code, status, text) in [
            (
                Error::NoFamily,
                "NO_FAMILY",
                Code::PermissionDenied,
                "This account does not belong to a family",
            ),
            (
                Error::CannotDeactivateSelf,
                "CANNOT_DEACTIVATE_SELF",
                Code::PermissionDenied,
                "You cannot deactivate your own account",
            ),
            (
                Error::ChildProfileParentsOnly,
                "CHILD_PROFILE_PARENTS_ONLY",
                Code::PermissionDenied,
                "Only a parent can change a child's name, email or phone",
            ),
            (
                Error::MfaRequiredForAdmins,
                "MFA_REQUIRED_FOR_ADMINS",
                Code::PermissionDenied,
                "Two-factor sign-in is required for platform administrators",
            ),
            (
                Error::SessionEnded,
                "UNAUTHENTICATED",
                Code::Unauthenticated,
                "Invalid or expired token",
            ),
            (
                Error::invalid("pin", codes::pin_wrong()),
                "PIN_WRONG",
                Code::InvalidArgument,
                "That PIN is not right",
            ),
        ] {
            assert_eq!(err.to_string(), text, "{code}");
            let answered = Status::from(err);
            assert_eq!((answered.code(), answered.message()), (status, text));
            assert_eq!(Refusal::of(&answered).map(|r| r.code()), Some(code));
        }
    }
}
