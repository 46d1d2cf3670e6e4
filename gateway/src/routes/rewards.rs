//! Money and school: balance adjustments, payouts, multipliers, subjects and grades.

use axum::{Json, extract::State, http::StatusCode};
use chorely_proto::rewards::v1 as pb;
use kit::codes::{self, Label};
use utoipa_axum::{router::OpenApiRouter, routes};

use super::{AppState, Body, Path};
use crate::{
    auth::Authed,
    error::{ApiError, ApiResult, ErrorBody},
    json::{
        AdjustBalanceBody, Archived, GradeBody, LedgerEntryView, Multipliers, NewSubjectBody,
        PayoutBody, PayoutView, SubjectBody, SubjectUpdate, SubjectView, signed_cents,
    },
    money,
};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(adjust_balance))
        .routes(routes!(list_payouts, create_payout))
        .routes(routes!(get_multipliers, save_multipliers))
        .routes(routes!(
            list_subjects,
            create_subject,
            update_subject,
            delete_subject
        ))
        .routes(routes!(grade_subject))
        .routes(routes!(archive_all_subjects))
}

/// Adds or takes money with a reason (parents only); never below zero.
#[utoipa::path(post, path = "/children/{id}/adjust-balance", tag = "rewards", security(("bearer" = [])),
    params(("id" = String, Path)), request_body = AdjustBalanceBody,
    responses((status = 200, body = LedgerEntryView), (status = 400, body = ErrorBody),
        (status = 404, body = ErrorBody),
        (status = 409, description = "The balance would go below zero", body = ErrorBody)))]
async fn adjust_balance(
    State(state): State<AppState>,
    user: Authed,
    Path(id): Path<String>,
    Body(body): Body<AdjustBalanceBody>,
) -> ApiResult<Json<LedgerEntryView>> {
    if body.notes.trim().is_empty() {
        // The spec's own words, before the amount is even read.
        return Err(ApiError::field(
            "notes",
            codes::adjustment_reason_required(),
        ));
    }
    let amount_cents = signed_cents(&body.amount)?;
    let answer = state
        .clients
        .rewards(&user)
        .adjust_balance(pb::AdjustBalanceRequest {
            child_id: id,
            amount_cents,
            notes: body.notes,
            idempotency_key: String::new(),
            jar: body.jar.map(|j| j.as_str().to_owned()).unwrap_or_default(),
        })
        .await?
        .into_inner();
    Ok(Json(answer.into()))
}

/// Payouts, newest first: the family's for parents, their own for a child.
#[utoipa::path(get, path = "/payouts", tag = "rewards", security(("bearer" = [])),
    responses((status = 200, body = [PayoutView])))]
async fn list_payouts(
    State(state): State<AppState>,
    user: Authed,
) -> ApiResult<Json<Vec<PayoutView>>> {
    let answer = state
        .clients
        .rewards(&user)
        .list_payouts(pb::ListPayoutsRequest {})
        .await?
        .into_inner();
    Ok(Json(
        answer.payouts.into_iter().map(PayoutView::from).collect(),
    ))
}

/// Records money handed to a child, at most their balance (parents only).
#[utoipa::path(post, path = "/payouts", tag = "rewards", security(("bearer" = [])),
    request_body = PayoutBody,
    responses((status = 201, body = PayoutView), (status = 400, body = ErrorBody),
        (status = 404, body = ErrorBody),
        (status = 409, description = "More than the child's balance", body = ErrorBody)))]
async fn create_payout(
    State(state): State<AppState>,
    user: Authed,
    Body(body): Body<PayoutBody>,
) -> ApiResult<(StatusCode, Json<PayoutView>)> {
    let amount_cents = match body.amount {
        Some(amount) => money::to_cents(amount, Label::Amount, "amount")?,
        None => return Err(ApiError::field("amount", codes::required(Label::Amount))),
    };
    let payout = state
        .clients
        .rewards(&user)
        .create_payout(pb::CreatePayoutRequest {
            child_id: body.child_id,
            amount_cents,
            notes: body.notes.unwrap_or_default(),
            jar: body.jar.map(|j| j.as_str().to_owned()).unwrap_or_default(),
        })
        .await?
        .into_inner();
    Ok((StatusCode::CREATED, Json(payout.into())))
}

/// The family's reward multipliers (parents only).
#[utoipa::path(get, path = "/multipliers", tag = "rewards", security(("bearer" = [])),
    responses((status = 200, body = Multipliers)))]
async fn get_multipliers(
    State(state): State<AppState>,
    user: Authed,
) -> ApiResult<Json<Multipliers>> {
    let settings = state
        .clients
        .rewards(&user)
        .get_multiplier_settings(pb::GetMultiplierSettingsRequest {})
        .await?
        .into_inner();
    Ok(Json(settings.into()))
}

/// Saves the family's reward multipliers, each 0.1 to 5.0 (parents only).
#[utoipa::path(put, path = "/multipliers", tag = "rewards", security(("bearer" = [])),
    request_body = Multipliers,
    responses((status = 200, body = Multipliers), (status = 400, body = ErrorBody)))]
async fn save_multipliers(
    State(state): State<AppState>,
    user: Authed,
    Body(body): Body<Multipliers>,
) -> ApiResult<Json<Multipliers>> {
    let settings = state
        .clients
        .rewards(&user)
        .save_multiplier_settings(body.to_proto())
        .await?
        .into_inner();
    Ok(Json(settings.into()))
}

/// A child's subjects, active first, with grades newest first.
#[utoipa::path(get, path = "/subjects/{id}", tag = "subjects", security(("bearer" = [])),
    params(("id" = String, Path, description = "The child's id")),
    responses((status = 200, body = [SubjectView]), (status = 404, body = ErrorBody)))]
async fn list_subjects(
    State(state): State<AppState>,
    user: Authed,
    Path(child_id): Path<String>,
) -> ApiResult<Json<Vec<SubjectView>>> {
    let answer = state
        .clients
        .rewards(&user)
        .list_subjects(pb::ListSubjectsRequest { child_id })
        .await?
        .into_inner();
    Ok(Json(
        answer.subjects.into_iter().map(SubjectView::from).collect(),
    ))
}

/// Adds a subject for a child (parents only).
#[utoipa::path(post, path = "/subjects/{id}", tag = "subjects", security(("bearer" = [])),
    params(("id" = String, Path, description = "The child's id")), request_body = NewSubjectBody,
    responses((status = 201, body = SubjectView), (status = 400, body = ErrorBody),
        (status = 404, body = ErrorBody)))]
async fn create_subject(
    State(state): State<AppState>,
    user: Authed,
    Path(child_id): Path<String>,
    Body(body): Body<NewSubjectBody>,
) -> ApiResult<(StatusCode, Json<SubjectView>)> {
    let subject = state
        .clients
        .rewards(&user)
        .create_subject(SubjectBody::from(body).to_proto(child_id))
        .await?
        .into_inner();
    Ok((StatusCode::CREATED, Json(subject.into())))
}

/// Edits a subject, or archives / restores it with `isActive` alone (parents only).
#[utoipa::path(put, path = "/subjects/{id}", tag = "subjects", security(("bearer" = [])),
    params(("id" = String, Path, description = "The subject's id")), request_body = SubjectUpdate,
    responses((status = 200, body = SubjectView), (status = 400, body = ErrorBody),
        (status = 404, body = ErrorBody)))]
async fn update_subject(
    State(state): State<AppState>,
    user: Authed,
    Path(subject_id): Path<String>,
    Body(body): Body<SubjectBody>,
) -> ApiResult<Json<SubjectView>> {
    let subject = state
        .clients
        .rewards(&user)
        .update_subject(body.to_proto(subject_id))
        .await?
        .into_inner();
    Ok(Json(subject.into()))
}

/// Deletes a subject and its grades (parents only).
#[utoipa::path(delete, path = "/subjects/{id}", tag = "subjects", security(("bearer" = [])),
    params(("id" = String, Path, description = "The subject's id")),
    responses((status = 204), (status = 404, body = ErrorBody)))]
async fn delete_subject(
    State(state): State<AppState>,
    user: Authed,
    Path(subject_id): Path<String>,
) -> ApiResult<StatusCode> {
    state
        .clients
        .rewards(&user)
        .delete_subject(pb::DeleteSubjectRequest { id: subject_id })
        .await?;
    Ok(StatusCode::NO_CONTENT)
}

/// Records a grade: a letter, or a percentage for PERCENTAGE subjects (parents only).
#[utoipa::path(post, path = "/subjects/{id}/grade", tag = "subjects", security(("bearer" = [])),
    params(("id" = String, Path, description = "The subject's id")), request_body = GradeBody,
    responses((status = 200, body = SubjectView), (status = 400, body = ErrorBody),
        (status = 404, body = ErrorBody),
        (status = 409, description = "The subject is archived", body = ErrorBody)))]
async fn grade_subject(
    State(state): State<AppState>,
    user: Authed,
    Path(subject_id): Path<String>,
    Body(body): Body<GradeBody>,
) -> ApiResult<Json<SubjectView>> {
    let percentage_centi = body.percentage.map(percentage_centi).transpose()?;
    let subject = state
        .clients
        .rewards(&user)
        .grade_subject(pb::GradeSubjectRequest {
            id: subject_id,
            grade: body
                .grade
                .map(|g| g.as_str().to_owned())
                .unwrap_or_default(),
            percentage_centi,
        })
        .await?
        .into_inner();
    Ok(Json(subject.into()))
}

/// Archives every active subject of a child (parents only).
#[utoipa::path(post, path = "/subjects/{id}/archive-all", tag = "subjects", security(("bearer" = [])),
    params(("id" = String, Path, description = "The child's id")),
    responses((status = 200, body = Archived), (status = 404, body = ErrorBody)))]
async fn archive_all_subjects(
    State(state): State<AppState>,
    user: Authed,
    Path(child_id): Path<String>,
) -> ApiResult<Json<Archived>> {
    let answer = state
        .clients
        .rewards(&user)
        .archive_all_subjects(pb::ArchiveAllSubjectsRequest { child_id })
        .await?
        .into_inner();
    Ok(Json(Archived {
        archived: answer.archived,
    }))
}

/// A percentage grade in hundredths: 0 to 100, at most two decimals.
fn percentage_centi(percentage: f64) -> ApiResult<i32> {
    let centi = (percentage * 100.0).round();
    let whole = (percentage * 100.0 - centi).abs() < 1e-6;
    if !(0.0..=100.0).contains(&percentage) || !whole {
        return Err(ApiError::field("percentage", codes::percentage_invalid()));
    }
    #[allow(clippy::cast_possible_truncation)]
    Ok(centi as i32)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn percentages_have_their_own_words() {
        assert_eq!(percentage_centi(87.25).ok(), Some(8725));
        assert_eq!(percentage_centi(100.0).ok(), Some(10000));
        for bad in [100.01, -1.0, 12.345, f64::NAN] {
            let err = percentage_centi(bad).unwrap_err();
            assert_eq!(
                err.message, "Percentage must be a number from 0 to 100 with at most two decimals",
                "{bad}"
            );
            assert_eq!(err.details[0].field, "percentage");
            assert_eq!(err.details[0].code.as_str(), "PERCENTAGE_INVALID");
        }
    }
}
