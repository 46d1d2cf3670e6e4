//! The rewards service's errors, converted to gRPC status in one place.

use kit::{
    codes,
    refusal::{Refusal, Refuses},
};
use tonic::Status;

use crate::store::ledger::Jar;

#[derive(Debug, thiserror::Error)]
pub enum Error {
    #[error(transparent)]
    Invalid(#[from] kit::validate::FieldError),
    /// Also the answer for another family's children.
    #[error("{}", self.refused())]
    ChildNotFound,
    #[error("{}", self.refused())]
    SubjectNotFound,
    #[error("{}", self.refused())]
    SubjectArchived,
    #[error("{}", self.refused())]
    PayoutOverBalance { name: String, balance_cents: i64 },
    #[error("{}", self.refused())]
    NegativeBalance,
    #[error("{}", self.refused())]
    JarTooLow {
        name: String,
        jar: Jar,
        jar_cents: i64,
    },
    /// Also the answer for another family's items and, to a child, for
    /// items not offered to them.
    #[error("{}", self.refused())]
    ItemNotFound,
    #[error("{}", self.refused())]
    RedemptionNotFound,
    #[error("{}", self.refused())]
    CannotAfford {
        name: String,
        item: String,
        price_cents: i64,
        spend_cents: i64,
    },
    #[error("{}", self.refused())]
    OutOfStock(String),
    #[error("{}", self.refused())]
    NotAChild,
    #[error("{}", self.refused())]
    ItemRemoved,
    #[error("{}", self.refused())]
    AlreadyDecided { approved: bool },
    #[error("{}", self.refused())]
    StoreLimit { plan: &'static str, limit: i64 },
    /// Also the answer for another family's goals and, to a child, for
    /// another child's.
    #[error("{}", self.refused())]
    GoalNotFound,
    #[error("{}", self.refused())]
    GoalLimit(i64),
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
    /// (proto/errors.toml); none for a failure that is not theirs.
    fn refusal(&self) -> Option<Refusal> {
        Some(match self {
            Error::ChildNotFound => codes::child_not_found(),
            Error::SubjectNotFound => codes::subject_not_found(),
            Error::SubjectArchived => codes::subject_archived(),
            Error::PayoutOverBalance {
                name,
                balance_cents,
            } => codes::payout_over_balance(name, *balance_cents),
            Error::NegativeBalance => codes::balance_would_be_negative(),
            Error::JarTooLow {
                name,
                jar,
                jar_cents,
            } => codes::jar_too_low(name, (*jar).into(), *jar_cents),
            Error::ItemNotFound => codes::reward_not_found(),
            Error::RedemptionNotFound => codes::request_not_found(),
            Error::CannotAfford {
                name,
                item,
                price_cents,
                spend_cents,
            } => codes::cannot_afford(item, *price_cents, name, *spend_cents),
            Error::OutOfStock(item) => codes::out_of_stock(item),
            Error::NotAChild => codes::children_only_redeem(),
            Error::ItemRemoved => codes::reward_removed(),
            Error::AlreadyDecided { approved: true } => codes::request_already_approved(),
            Error::AlreadyDecided { approved: false } => codes::request_already_rejected(),
            Error::StoreLimit { plan, limit } => codes::store_limit(*plan, *limit),
            Error::GoalNotFound => codes::goal_not_found(),
            Error::GoalLimit(limit) => codes::goal_limit(*limit),
            Error::Invalid(_) | Error::Upstream(..) | Error::Database(_) | Error::Internal(_) => {
                return None;
            }
        })
    }
}

impl From<Jar> for kit::refusal::Jar {
    fn from(jar: Jar) -> Self {
        match jar {
            Jar::Spend => Self::Spend,
            Jar::Save => Self::Save,
            Jar::Give => Self::Give,
        }
    }
}

/// Cents as users read them: `12.50`.
pub use kit::refusal::dollars;

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
