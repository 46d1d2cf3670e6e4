//! Shared pieces of error handling. Each service has its own error enum and
//! converts it to `tonic::Status` once; internal failures go through
//! [`internal`], which logs the cause and sends the client nothing of it.
//!
//! What a caller decides on travels as gRPC's standard error details
//! (`google.rpc.BadRequest`, `google.rpc.ErrorInfo`), never in the wording of
//! a message: the field a validation error is about, and whether an
//! `unavailable` status names the service that is down in words fit for users.

use std::fmt::Display;

use tonic::{Code, Status};
use tonic_types::StatusExt;

use crate::validate::FieldError;

/// The message clients see for any failure that is not theirs to fix.
pub const INTERNAL_MESSAGE: &str = crate::codes::INTERNAL.en;

/// The `ErrorInfo.domain` of every detail Chorely attaches.
pub const ERROR_DOMAIN: &str = "chorely";

/// `ErrorInfo.reason` of an `unavailable` status whose message is written for
/// users ("The rewards service is unavailable..."), unlike a transport error's.
pub const REASON_SERVICE_UNAVAILABLE: &str = crate::codes::SERVICE_UNAVAILABLE.code;

/// Logs `err` with the current trace and returns an opaque `internal` status.
pub fn internal(err: impl Display) -> Status {
    tracing::error!(error = %err, "internal error");
    crate::codes::internal().into()
}

/// The message clients see when a dependency of the service (its database,
/// the photo store) cannot be reached for the moment.
pub const UNAVAILABLE_MESSAGE: &str = crate::codes::UNAVAILABLE.en;

/// The status of a failure of this service's own work: `unavailable` when
/// somewhere in `err`'s chain PostgreSQL could not be reached (see
/// [`database_unreachable`]), so callers answer 503 and users try again;
/// otherwise the opaque `internal` of [`internal`], a bug to look into.
pub fn failure(err: &(dyn std::error::Error + 'static)) -> Status {
    let unreachable = std::iter::successors(Some(err), |e| e.source())
        .filter_map(|e| e.downcast_ref::<sqlx::Error>())
        .any(database_unreachable);
    if unreachable {
        tracing::warn!(error = %err, "database unreachable");
        crate::codes::unavailable().into()
    } else {
        internal(err)
    }
}

/// Whether a statement failed because the database could not be reached,
/// not because of the statement: no connection within the pool's acquire
/// timeout (PostgreSQL down or restarting, or every connection busy), a
/// connection that broke, or the server refusing or ending sessions while it
/// stops and starts (SQLSTATE class 08, 57P01-57P03, 53300).
pub fn database_unreachable(err: &sqlx::Error) -> bool {
    match err {
        sqlx::Error::PoolTimedOut | sqlx::Error::PoolClosed | sqlx::Error::Io(_) => true,
        sqlx::Error::Database(db) => db.code().is_some_and(|code| {
            code.starts_with("08") || matches!(&*code, "57P01" | "57P02" | "57P03" | "53300")
        }),
        _ => false,
    }
}

/// `invalid_argument` naming the field (`BadRequest`), with the message
/// users read and the refusal's code and values (`ErrorInfo`, as
/// [`crate::refusal::Refusal::of`] reads them).
pub fn invalid(err: &FieldError) -> Status {
    let message = err.message();
    let mut details = err.refusal.details();
    details.add_bad_request_violation(err.field, message.clone());
    Status::with_error_details(Code::InvalidArgument, message, details)
}

/// The fields a status names as wrong, with their messages (empty for a
/// status that is not about fields).
pub fn field_violations(status: &Status) -> Vec<(String, String)> {
    status
        .get_details_bad_request()
        .map(|bad| {
            bad.field_violations
                .into_iter()
                .map(|v| (v.field, v.description))
                .collect()
        })
        .unwrap_or_default()
}

/// Whether an `unavailable` status's message was written for users.
pub fn is_service_unavailable(status: &Status) -> bool {
    status.code() == Code::Unavailable
        && status.get_details_error_info().is_some_and(|info| {
            info.domain == ERROR_DOMAIN && info.reason == REASON_SERVICE_UNAVAILABLE
        })
}

/// Returns the status of a failed call to another service unchanged when it is
/// the caller's problem (bad input, not found, ...), and as `unavailable` when
/// the other service itself failed, so one service's outage is not reported as
/// this service's bug.
pub fn upstream(service: &str, status: Status) -> Status {
    use tonic::Code::*;
    match status.code() {
        InvalidArgument | NotFound | AlreadyExists | PermissionDenied | FailedPrecondition
        | Unauthenticated | OutOfRange | ResourceExhausted => status,
        _ if is_service_unavailable(&status) => status,
        _ => {
            tracing::error!(service, code = ?status.code(), message = status.message(), "upstream call failed");
            crate::codes::service_unavailable(service).into()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_field_error_keeps_its_field_through_the_status() {
        let status =
            invalid(&crate::codes::required(crate::codes::Label::FirstName).on("firstName"));
        assert_eq!(status.code(), Code::InvalidArgument);
        assert_eq!(status.message(), "First name is required");
        assert_eq!(
            field_violations(&status),
            vec![("firstName".to_owned(), "First name is required".to_owned())]
        );
        // With its code and the field's label, for clients to word it.
        let refusal = crate::refusal::Refusal::of(&status).expect("the refusal");
        assert_eq!(refusal.code(), "REQUIRED");
        assert_eq!(
            refusal
                .params()
                .map(|(_, _, v)| v.wire())
                .collect::<Vec<_>>(),
            vec!["firstName"]
        );
        // Passed on by another service unchanged.
        assert_eq!(field_violations(&upstream("family", status)).len(), 1);
    }

    #[test]
    fn an_unreachable_database_is_unavailable_and_any_other_failure_internal() {
        assert_eq!(
            failure(&sqlx::Error::PoolTimedOut).code(),
            Code::Unavailable
        );
        let refused = sqlx::Error::Io(std::io::ErrorKind::ConnectionRefused.into());
        assert_eq!(failure(&refused).code(), Code::Unavailable);
        // Found through the chain, as a service's anyhow error carries it.
        let wrapped = anyhow::Error::from(sqlx::Error::PoolTimedOut).context("reading the ledger");
        assert_eq!(failure(wrapped.as_ref()).code(), Code::Unavailable);
        let bug = sqlx::Error::ColumnNotFound("amount".into());
        assert_eq!(failure(&bug).code(), Code::Internal);
        assert_eq!(failure(&std::fmt::Error).code(), Code::Internal);
    }

    #[test]
    fn only_a_failed_service_is_reported_unavailable_in_words() {
        let down = upstream("rewards", Status::internal("db gone"));
        assert!(is_service_unavailable(&down));
        assert_eq!(
            down.message(),
            "The rewards service is unavailable. Please try again."
        );
        // Relayed again by a second hop, it still names the first service.
        assert_eq!(upstream("chores", down.clone()).message(), down.message());
        // A transport failure's text is not for users, whatever it says.
        assert!(!is_service_unavailable(&Status::unavailable(
            "The connection was refused"
        )));
        assert!(field_violations(&down).is_empty());
    }
}
