//! The chores service's errors, converted to gRPC status in one place.

use chrono::NaiveDate;
use tonic::{Code, Status};

use crate::photo::PhotoError;

#[derive(Debug, thiserror::Error)]
pub enum Error {
    #[error(transparent)]
    Invalid(#[from] kit::validate::FieldError),
    #[error(transparent)]
    Photo(#[from] PhotoError),
    /// Also the answer for another family's ids: nothing is revealed.
    #[error("Category not found")]
    CategoryNotFound,
    #[error("Chore not found")]
    ChoreNotFound,
    #[error("Submission not found")]
    SubmissionNotFound,
    #[error("A category with this name already exists")]
    CategoryNameTaken,
    #[error("This category still has {0} active chore(s). Move or retire them before deleting it.")]
    CategoryInUse(i64),
    #[error("The {plan} plan allows up to {limit} active chores. Upgrade to add more.")]
    ChoreLimit { plan: &'static str, limit: i64 },
    #[error("Only children can submit chores")]
    NotAChild,
    #[error("This chore is not available again until {}", .0.format("%B %-d, %Y"))]
    NotAvailableUntil(NaiveDate),
    #[error("This chore was already done on {}", .0.format("%B %-d, %Y"))]
    AlreadyDoneOn(NaiveDate),
    #[error("This submission has already been reviewed")]
    AlreadyReviewed,
    #[error("This chore is not assigned to you")]
    NotAssigned,
    /// Another child's turn (their name).
    #[error("It is {0}'s turn for this chore")]
    NotYourTurn(String),
    /// A sibling (their name) took a chore of one day first.
    #[error("{0} has already taken this chore today")]
    TakenToday(String),
    /// A sibling took a chore of a longer period first, until the day it is free.
    #[error("{name} has already taken this chore; it is free again on {}", .1.format("%B %-d, %Y"), name = .0)]
    TakenUntil(String, NaiveDate),
    #[error("Child not found")]
    ChildNotFound,
    #[error("Missed chore not found")]
    MissedNotFound,
    #[error("This missed chore is already excused")]
    AlreadyExcused,
    #[error("Only a chore whose children take turns has turns to swap")]
    NoTurns,
    #[error("Pause not found")]
    PauseNotFound,
    #[error("This pause is over; its days stay paused")]
    PauseOver,
    #[error("Calendar feed not found")]
    FeedNotFound,
    #[error("You can have at most {0} calendar feeds. Delete one to make another.")]
    FeedLimit(usize),
    #[error("Only parents and children of a family can have a calendar feed")]
    NoFeedForAccount,
    /// A child's session on the family tablet asking for the account's security.
    #[error("This can be done on your own device, not on the family tablet")]
    NotOnTablet,
    #[error("It is already {0}'s turn")]
    AlreadyTheirTurn(String),
    #[error("{0} has already done this turn")]
    TurnDone(String),
    /// The photo store is down or failing; nothing was saved.
    #[error("The photo could not be stored. Please try again.")]
    PhotoStoreUnavailable(#[source] anyhow::Error),
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
            Error::Photo(photo) => {
                return kit::error::invalid(&kit::validate::FieldError::new(
                    "photo",
                    photo.to_string(),
                ));
            }
            Error::CategoryNotFound
            | Error::ChoreNotFound
            | Error::SubmissionNotFound
            | Error::ChildNotFound
            | Error::MissedNotFound
            | Error::PauseNotFound
            | Error::FeedNotFound => Code::NotFound,
            Error::CategoryNameTaken => Code::AlreadyExists,
            Error::CategoryInUse(_)
            | Error::NotAvailableUntil(_)
            | Error::AlreadyDoneOn(_)
            | Error::AlreadyReviewed
            | Error::NotYourTurn(_)
            | Error::TakenToday(_)
            | Error::TakenUntil(..)
            | Error::NoTurns
            | Error::AlreadyTheirTurn(_)
            | Error::TurnDone(_)
            | Error::AlreadyExcused
            | Error::PauseOver
            | Error::FeedLimit(_) => Code::FailedPrecondition,
            Error::ChoreLimit { .. }
            | Error::NotAChild
            | Error::NotAssigned
            | Error::NoFeedForAccount
            | Error::NotOnTablet => Code::PermissionDenied,
            Error::PhotoStoreUnavailable(cause) => {
                tracing::warn!(error = %cause, "photo store unavailable");
                Code::Unavailable
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
