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
    /// The auth service refused or failed.
    #[error("{0}")]
    Upstream(Status),
    #[error(transparent)]
    Database(#[from] sqlx::Error),
    #[error(transparent)]
    Internal(#[from] anyhow::Error),
}

impl From<Error> for Status {
    fn from(err: Error) -> Self {
        let code = match &err {
            Error::Invalid(_) => Code::InvalidArgument,
            Error::FamilyNotFound | Error::ChildNotFound => Code::NotFound,
            Error::Upstream(status) => return kit::error::upstream("auth", status.clone()),
            Error::Database(_) | Error::Internal(_) => return kit::error::internal(&err),
        };
        Status::new(code, err.to_string())
    }
}
