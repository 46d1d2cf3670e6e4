//! The rewards service's errors, converted to gRPC status in one place.

use tonic::{Code, Status};

#[derive(Debug, thiserror::Error)]
pub enum Error {
    #[error(transparent)]
    Invalid(#[from] kit::validate::FieldError),
    /// Also the answer for another family's children.
    #[error("Child not found")]
    ChildNotFound,
    #[error("Subject not found")]
    SubjectNotFound,
    #[error("Archived subjects cannot be graded")]
    SubjectArchived,
    #[error("The payout is larger than {name}'s balance of ${}", dollars(*.balance_cents))]
    PayoutOverBalance { name: String, balance_cents: i64 },
    #[error("The adjustment would make the balance negative")]
    NegativeBalance,
    /// Another service refused or failed.
    #[error("{1}")]
    Upstream(&'static str, Status),
    #[error(transparent)]
    Database(#[from] sqlx::Error),
    #[error(transparent)]
    Internal(#[from] anyhow::Error),
}

/// Cents as users read them: `12.50`.
pub fn dollars(cents: i64) -> String {
    let sign = if cents < 0 { "-" } else { "" };
    let abs = cents.unsigned_abs();
    format!("{sign}{}.{:02}", abs / 100, abs % 100)
}

impl From<Error> for Status {
    fn from(err: Error) -> Self {
        let code = match &err {
            Error::Invalid(field) => return kit::error::invalid(field),
            Error::ChildNotFound | Error::SubjectNotFound => Code::NotFound,
            Error::SubjectArchived | Error::PayoutOverBalance { .. } | Error::NegativeBalance => {
                Code::FailedPrecondition
            }
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

#[cfg(test)]
mod tests {
    #[test]
    fn dollars_have_two_decimals() {
        assert_eq!(super::dollars(1250), "12.50");
        assert_eq!(super::dollars(5), "0.05");
        assert_eq!(super::dollars(-550), "-5.50");
    }
}
