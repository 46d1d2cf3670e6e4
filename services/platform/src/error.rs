//! The platform service's errors, converted to gRPC status in one place.

use tonic::{Code, Status};

#[derive(Debug, thiserror::Error)]
pub enum Error {
    #[error("Organization not found")]
    OrganizationNotFound,
    #[error("{0}")]
    Invalid(String),
    #[error(transparent)]
    Database(#[from] sqlx::Error),
}

impl From<Error> for Status {
    fn from(err: Error) -> Self {
        match &err {
            Error::OrganizationNotFound => Status::new(Code::NotFound, err.to_string()),
            Error::Invalid(_) => Status::new(Code::InvalidArgument, err.to_string()),
            Error::Database(_) => kit::error::internal(&err),
        }
    }
}
