//! The rewards service's errors, converted to gRPC status in one place.

use tonic::{Code, Status};

use crate::store::ledger::Jar;

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
    #[error("{name}'s {} jar has only ${}", jar_name(*.jar), dollars(*.jar_cents))]
    JarTooLow {
        name: String,
        jar: Jar,
        jar_cents: i64,
    },
    /// Also the answer for another family's items and, to a child, for
    /// items not offered to them.
    #[error("Reward not found")]
    ItemNotFound,
    #[error("Request not found")]
    RedemptionNotFound,
    #[error("{item} costs ${}, but {name}'s spend jar has only ${}", dollars(*.price_cents), dollars(*.spend_cents))]
    CannotAfford {
        name: String,
        item: String,
        price_cents: i64,
        spend_cents: i64,
    },
    #[error("{0} is out of stock")]
    OutOfStock(String),
    #[error("Only children can redeem rewards")]
    NotAChild,
    #[error("This reward is no longer in the store")]
    ItemRemoved,
    #[error("This request was already {0}")]
    AlreadyDecided(String),
    #[error("The {plan} plan allows up to {limit} store rewards. Upgrade to add more.")]
    StoreLimit { plan: &'static str, limit: i64 },
    /// Also the answer for another family's goals and, to a child, for
    /// another child's.
    #[error("Goal not found")]
    GoalNotFound,
    #[error("A child can have at most {0} savings goals. Remove one to add another.")]
    GoalLimit(i64),
    /// Another service refused or failed.
    #[error("{1}")]
    Upstream(&'static str, Status),
    #[error(transparent)]
    Database(#[from] sqlx::Error),
    #[error(transparent)]
    Internal(#[from] anyhow::Error),
}

fn jar_name(jar: Jar) -> &'static str {
    match jar {
        Jar::Spend => "spend",
        Jar::Save => "save",
        Jar::Give => "give",
    }
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
            Error::ChildNotFound
            | Error::SubjectNotFound
            | Error::ItemNotFound
            | Error::RedemptionNotFound
            | Error::GoalNotFound => Code::NotFound,
            Error::SubjectArchived
            | Error::PayoutOverBalance { .. }
            | Error::NegativeBalance
            | Error::JarTooLow { .. }
            | Error::CannotAfford { .. }
            | Error::OutOfStock(_)
            | Error::ItemRemoved
            | Error::AlreadyDecided(_)
            | Error::GoalLimit(_) => Code::FailedPrecondition,
            Error::StoreLimit { .. } | Error::NotAChild => Code::PermissionDenied,
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
