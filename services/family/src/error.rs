//! The family service's errors, converted to gRPC status in one place.

use kit::{
    codes,
    refusal::{Refusal, Refuses},
};
use tonic::Status;

#[derive(Debug, thiserror::Error)]
pub enum Error {
    #[error(transparent)]
    Invalid(#[from] kit::validate::FieldError),
    /// Also the answer for another family's ids: nothing is revealed.
    #[error("{}", self.refused())]
    FamilyNotFound,
    /// Also the answer for another family's children.
    #[error("{}", self.refused())]
    ChildNotFound,
    /// Also the answer for another family's webhooks.
    #[error("{}", self.refused())]
    WebhookNotFound,
    #[error("{}", self.refused())]
    WebhookLimit(i64),
    #[error("{}", self.refused())]
    TooManyWebhookTests,
    #[error("{}", self.refused())]
    ChildLimit { plan: &'static str, limit: i64 },
    /// Another service refused or failed.
    #[error("{1}")]
    Upstream(&'static str, Status),
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
            Error::FamilyNotFound => codes::family_not_found(),
            Error::ChildNotFound => codes::child_not_found(),
            Error::WebhookNotFound => codes::webhook_not_found(),
            Error::WebhookLimit(limit) => codes::webhook_limit(*limit),
            Error::TooManyWebhookTests => codes::too_many_webhook_tests(),
            Error::ChildLimit { plan, limit } => codes::child_limit(*plan, *limit),
            Error::Invalid(_) | Error::Upstream(..) | Error::Database(_) | Error::Internal(_) => {
                return None;
            }
        })
    }
}

impl From<Error> for Status {
    fn from(err: Error) -> Self {
        match err {
            Error::Invalid(field) => kit::error::invalid(&field),
            Error::Upstream(service, status) => kit::error::upstream(service, status),
            // Unavailable when PostgreSQL could not be reached, else internal.
            Error::Database(db) => kit::error::failure(&db),
            Error::Internal(e) => kit::error::failure(e.as_ref()),
            refused => refused.refusal_status(),
        }
    }
}
