//! The platform service's errors, converted to gRPC status in one place.

use tonic::{Code, Status};

#[derive(Debug, thiserror::Error)]
pub enum Error {
    #[error("Organization not found")]
    OrganizationNotFound,
    #[error(transparent)]
    Invalid(#[from] kit::validate::FieldError),
    #[error(transparent)]
    Database(#[from] sqlx::Error),
}

impl From<Error> for Status {
    fn from(err: Error) -> Self {
        match &err {
            Error::OrganizationNotFound => Status::new(Code::NotFound, err.to_string()),
            Error::Invalid(field) => kit::error::invalid(field),
            // Unavailable when PostgreSQL could not be reached, else internal.
            Error::Database(db) => kit::error::failure(db),
        }
    }
}
