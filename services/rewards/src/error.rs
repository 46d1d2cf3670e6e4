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
    /// (proto/errors/rewards.toml); none for a failure that is not theirs.
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

/// What the unit tests of refused requests share: a parent, and a database
/// and services that are never reached (each request is refused before it
/// would ask them), and the refusal an error reaches the gateway as.
#[cfg(test)]
pub(crate) mod testing {
    use kit::{
        authn::{Role, User},
        refusal::Refusal,
    };
    use sqlx::PgPool;
    use tonic::Status;
    use uuid::Uuid;

    use super::Error;
    use crate::clients::Clients;

    pub fn parent() -> User {
        User {
            id: Uuid::now_v7(),
            role: Role::OrgAdmin,
            org: Some(Uuid::nil()),
            child: None,
            token: String::new(),
            session_id: String::new(),
            expires_at: 0,
            issued_at_ms: 0,
            session_started: 0,
            on_tablet: false,
            mfa_setup: false,
        }
    }

    /// A pool that connects only when first used (port 9, discard: nothing
    /// answers there).
    pub fn unused_pool() -> PgPool {
        PgPool::connect_lazy("postgres://rewards@127.0.0.1:9/unused").expect("a lazy pool")
    }

    pub fn unreachable_clients() -> Clients {
        let nowhere = "http://127.0.0.1:9";
        Clients::new(nowhere, nowhere, nowhere).expect("lazy channels")
    }

    /// The field a refused request names and the refusal it carries, as
    /// read back from its status.
    pub fn refused(err: Error) -> (String, Refusal) {
        let status = Status::from(err);
        assert_eq!(status.code(), tonic::Code::InvalidArgument, "{status:?}");
        let mut fields = kit::error::field_violations(&status);
        assert_eq!(fields.len(), 1, "{status:?}");
        let (field, message) = fields.remove(0);
        let refusal = Refusal::of(&status).expect("a refusal of the catalogue");
        assert_eq!(message, refusal.message());
        (field, refusal)
    }
}

#[cfg(test)]
mod tests {
    use kit::codes::{self, Label};

    use super::{testing::refused, *};

    #[test]
    fn a_field_error_reaches_the_gateway_with_its_field_and_code() {
        let err = Error::from(codes::too_long(Label::Note, 500).on("note"));
        let (field, refusal) = refused(err);
        assert_eq!(field, "note");
        assert_eq!(refusal.code(), "TOO_LONG");
        assert_eq!(refusal.message(), "Note must be at most 500 characters");
    }

    #[test]
    fn a_refusal_that_is_no_field_error_keeps_its_code() {
        let status = Status::from(Error::GoalLimit(20));
        assert_eq!(status.code(), tonic::Code::FailedPrecondition);
        let refusal = Refusal::of(&status).expect("the refusal");
        assert_eq!(refusal, codes::goal_limit(20));
    }
}
