//! Shared pieces of error handling. Each service has its own error enum and
//! converts it to `tonic::Status` once; internal failures go through
//! [`internal`], which logs the cause and sends the client nothing of it.

use std::fmt::Display;

use tonic::Status;

/// The message clients see for any failure that is not theirs to fix.
pub const INTERNAL_MESSAGE: &str = "Something went wrong. Please try again.";

/// Logs `err` with the current trace and returns an opaque `internal` status.
pub fn internal(err: impl Display) -> Status {
    tracing::error!(error = %err, "internal error");
    Status::internal(INTERNAL_MESSAGE)
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
        _ => {
            tracing::error!(service, code = ?status.code(), message = status.message(), "upstream call failed");
            Status::unavailable(format!(
                "The {service} service is unavailable. Please try again."
            ))
        }
    }
}
