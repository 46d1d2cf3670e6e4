//! The family service's errors, converted to gRPC status in one place.

use tonic::{Code, Status};

#[derive(Debug, thiserror::Error)]
pub enum Error {
    #[error(transparent)]
    Invalid(#[from] kit::validate::FieldError),
    /// Also the answer for another family's ids: nothing is revealed.
    #[error("Family not found")]
    FamilyNotFound,
    /// Also the answer for another family's children.
    #[error("Child not found")]
    ChildNotFound,
    /// Also the answer for another family's webhooks.
    #[error("Webhook not found")]
    WebhookNotFound,
    #[error("A family can have at most {0} webhooks")]
    WebhookLimit(i64),
    #[error("Too many test deliveries sent. Try again in a minute.")]
    TooManyWebhookTests,
    #[error("The {plan} plan allows up to {limit} children. Upgrade to add more.")]
    ChildLimit { plan: &'static str, limit: i64 },
    /// Another service refused or failed.
    #[error("{1}")]
    Upstream(&'static str, Status),
    #[error(transparent)]
    Database(#[from] sqlx::Error),
    #[error(transparent)]
    Internal(#[from] anyhow::Error),
}

impl From<Error> for Status {
    fn from(err: Error) -> Self {
        let code = match &err {
            Error::Invalid(field) => return kit::error::invalid(field),
            Error::FamilyNotFound | Error::ChildNotFound | Error::WebhookNotFound => Code::NotFound,
            Error::WebhookLimit(_) => Code::FailedPrecondition,
            Error::ChildLimit { .. } => Code::PermissionDenied,
            Error::TooManyWebhookTests => Code::ResourceExhausted,
            Error::Upstream(service, status) => {
                return kit::error::upstream(service, status.clone());
            }
            // Unavailable when PostgreSQL could not be reached, else internal.
            Error::Database(db) => return kit::error::failure(db),
            Error::Internal(e) => return kit::error::failure(e.as_ref()),
        };
        Status::new(code, err.to_string())
    }
}
