//! The platform service's errors, converted to gRPC status in one place.

use tonic::Status;

#[derive(Debug, thiserror::Error)]
pub enum Error {
    #[error("{}", kit::codes::ORGANIZATION_NOT_FOUND.en)]
    OrganizationNotFound,
    #[error(transparent)]
    Invalid(#[from] kit::validate::FieldError),
    #[error(transparent)]
    Database(#[from] sqlx::Error),
}

impl From<Error> for Status {
    fn from(err: Error) -> Self {
        match &err {
            Error::OrganizationNotFound => kit::codes::organization_not_found().into(),
            Error::Invalid(field) => kit::error::invalid(field),
            // Unavailable when PostgreSQL could not be reached, else internal.
            Error::Database(db) => kit::error::failure(db),
        }
    }
}
