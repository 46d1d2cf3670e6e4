//! The chores service's errors, converted to gRPC status in one place.

use chrono::NaiveDate;
use kit::{
    codes,
    refusal::{Refusal, Refuses},
};
use tonic::Status;

use crate::photo::PhotoError;

#[derive(Debug, thiserror::Error)]
pub enum Error {
    #[error(transparent)]
    Invalid(#[from] kit::validate::FieldError),
    #[error(transparent)]
    Photo(#[from] PhotoError),
    /// Also the answer for another family's ids: nothing is revealed.
    #[error("{}", self.refused())]
    CategoryNotFound,
    #[error("{}", self.refused())]
    ChoreNotFound,
    #[error("{}", self.refused())]
    SubmissionNotFound,
    #[error("{}", self.refused())]
    CategoryNameTaken,
    #[error("{}", self.refused())]
    CategoryInUse(i64),
    #[error("{}", self.refused())]
    ChoreLimit { plan: &'static str, limit: i64 },
    #[error("{}", self.refused())]
    NotAChild,
    #[error("{}", self.refused())]
    NotAvailableUntil(NaiveDate),
    #[error("{}", self.refused())]
    AlreadyDoneOn(NaiveDate),
    #[error("{}", self.refused())]
    AlreadyReviewed,
    #[error("{}", self.refused())]
    NotAssigned,
    /// Another child's turn (their name).
    #[error("{}", self.refused())]
    NotYourTurn(String),
    /// A sibling (their name) took a chore of one day first.
    #[error("{}", self.refused())]
    TakenToday(String),
    /// A sibling took a chore of a longer period first, until the day it is free.
    #[error("{}", self.refused())]
    TakenUntil(String, NaiveDate),
    #[error("{}", self.refused())]
    ChildNotFound,
    #[error("{}", self.refused())]
    MissedNotFound,
    #[error("{}", self.refused())]
    AlreadyExcused,
    #[error("{}", self.refused())]
    NoTurns,
    #[error("{}", self.refused())]
    PauseNotFound,
    #[error("{}", self.refused())]
    PauseOver,
    #[error("{}", self.refused())]
    FeedNotFound,
    #[error("{}", self.refused())]
    FeedLimit(usize),
    #[error("{}", self.refused())]
    NoFeedForAccount,
    /// A child's session on the family tablet asking for the account's security.
    #[error("{}", self.refused())]
    NotOnTablet,
    #[error("{}", self.refused())]
    AlreadyTheirTurn(String),
    #[error("{}", self.refused())]
    TurnDone(String),
    /// A child's idempotency key sent again with another chore.
    #[error("{}", self.refused())]
    IdempotencyKeyReused,
    /// The photo store is down or failing; nothing was saved.
    #[error("{}", self.refused())]
    PhotoStoreUnavailable(#[source] anyhow::Error),
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
    /// (proto/errors/); none for a failure that is not theirs. A refused
    /// field (a photo's too) is answered with its field, in `From` below.
    fn refusal(&self) -> Option<Refusal> {
        Some(match self {
            Error::CategoryNotFound => codes::category_not_found(),
            Error::ChoreNotFound => codes::chore_not_found(),
            Error::SubmissionNotFound => codes::submission_not_found(),
            Error::CategoryNameTaken => codes::category_name_taken(),
            Error::CategoryInUse(count) => codes::category_in_use(*count),
            Error::ChoreLimit { plan, limit } => codes::chore_limit(*plan, *limit),
            Error::NotAChild => codes::children_only_submit(),
            Error::NotAvailableUntil(date) => codes::not_available_until(*date),
            Error::AlreadyDoneOn(date) => codes::already_done_on(*date),
            Error::AlreadyReviewed => codes::already_reviewed(),
            Error::NotAssigned => codes::not_assigned(),
            Error::NotYourTurn(name) => codes::not_your_turn(name),
            Error::TakenToday(name) => codes::taken_today(name),
            Error::TakenUntil(name, date) => codes::taken_until(name, *date),
            Error::ChildNotFound => codes::child_not_found(),
            Error::MissedNotFound => codes::missed_not_found(),
            Error::AlreadyExcused => codes::already_excused(),
            Error::NoTurns => codes::no_turns(),
            Error::PauseNotFound => codes::pause_not_found(),
            Error::PauseOver => codes::pause_over(),
            Error::FeedNotFound => codes::feed_not_found(),
            Error::FeedLimit(limit) => codes::feed_limit(i64::try_from(*limit).unwrap_or(i64::MAX)),
            Error::NoFeedForAccount => codes::feed_members_only(),
            Error::NotOnTablet => codes::not_on_tablet(),
            Error::AlreadyTheirTurn(name) => codes::already_their_turn(name),
            Error::TurnDone(name) => codes::turn_done(name),
            Error::IdempotencyKeyReused => codes::idempotency_key_reused(),
            Error::PhotoStoreUnavailable(_) => codes::photo_not_stored(),
            Error::Invalid(_)
            | Error::Photo(_)
            | Error::Upstream(..)
            | Error::Database(_)
            | Error::Internal(_) => return None,
        })
    }
}

impl From<Error> for Status {
    fn from(err: Error) -> Self {
        match err {
            Error::Invalid(field) => kit::error::invalid(&field),
            Error::Photo(photo) => kit::error::invalid(&photo.refusal().on("photo")),
            Error::PhotoStoreUnavailable(ref cause) => {
                tracing::warn!(error = %cause, "photo store unavailable");
                err.refusal_status()
            }
            Error::Upstream(service, status) => kit::error::upstream(service, status),
            // Unavailable when PostgreSQL could not be reached, else internal.
            Error::Database(db) => kit::error::failure(&db),
            Error::Internal(e) => kit::error::failure(e.as_ref()),
            refused => refused.refusal_status(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_refused_photo_is_its_fields_refusal() {
        let status = Status::from(Error::Photo(PhotoError::NotAnImage));
        assert_eq!(status.code(), tonic::Code::InvalidArgument);
        assert_eq!(status.message(), "Photo must be a JPEG, PNG or WebP image");
        let refusal = Refusal::of(&status).expect("a refusal");
        assert_eq!(refusal.code(), "PHOTO_NOT_AN_IMAGE");
        assert_eq!(
            kit::error::field_violations(&status),
            vec![("photo".to_owned(), refusal.message())]
        );
    }

    #[test]
    fn a_photo_store_outage_is_unavailable_with_its_code() {
        let err = Error::PhotoStoreUnavailable(anyhow::anyhow!("connection refused"));
        assert_eq!(
            err.to_string(),
            "The photo could not be stored. Please try again."
        );
        let status = Status::from(err);
        assert_eq!(status.code(), tonic::Code::Unavailable);
        assert_eq!(
            Refusal::of(&status).map(|r| r.code()),
            Some("PHOTO_NOT_STORED")
        );
    }

    #[test]
    fn a_refused_field_keeps_its_code() {
        let status = Status::from(Error::Invalid(codes::limit_out_of_range(200).on("limit")));
        assert_eq!(status.message(), "Limit must be between 1 and 200");
        let refusal = Refusal::of(&status).expect("a refusal");
        assert_eq!(refusal.code(), "LIMIT_OUT_OF_RANGE");
    }
}
