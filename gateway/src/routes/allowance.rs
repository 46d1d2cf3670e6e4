//! A child's allowance and the monthly interest on their save jar: read by
//! the child or a parent, set by parents.

use axum::{Json, extract::State};
use chorely_proto::rewards::v1 as pb;
use kit::codes::{self, Label};
use utoipa_axum::{router::OpenApiRouter, routes};

use super::{AppState, Body, Path};
use crate::{
    auth::Authed,
    error::{ApiError, ApiResult, ErrorBody},
    json::{AllowanceBody, AllowanceView, InterestBody, InterestView},
    money,
};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(get_allowance, set_allowance))
        .routes(routes!(get_interest, set_interest))
}

/// A child's allowance and its next pay day (the child, or a parent).
#[utoipa::path(get, path = "/children/{id}/allowance", tag = "children", security(("bearer" = [])),
    params(("id" = String, Path)),
    responses((status = 200, body = AllowanceView),
        (status = 404, description = "No such child in the family", body = ErrorBody)))]
async fn get_allowance(
    State(state): State<AppState>,
    user: Authed,
    Path(child_id): Path<String>,
) -> ApiResult<Json<AllowanceView>> {
    let allowance = state
        .clients
        .allowance(&user)
        .get_allowance(pb::GetAllowanceRequest { child_id })
        .await?
        .into_inner();
    Ok(Json(allowance.into()))
}

/// Sets a child's allowance (parents only): paid on each pay day for the
/// period that just ended, in the family's time zone, when at least
/// `minApprovedChores` chores were approved in it. `amount` 0 turns it off.
#[utoipa::path(put, path = "/children/{id}/allowance", tag = "children", security(("bearer" = [])),
    params(("id" = String, Path)), request_body = AllowanceBody,
    responses((status = 200, body = AllowanceView), (status = 400, body = ErrorBody),
        (status = 403, description = "Not a parent", body = ErrorBody),
        (status = 404, description = "No such child in the family", body = ErrorBody)))]
async fn set_allowance(
    State(state): State<AppState>,
    user: Authed,
    Path(child_id): Path<String>,
    Body(body): Body<AllowanceBody>,
) -> ApiResult<Json<AllowanceView>> {
    let amount_cents = match body.amount {
        Some(amount) => money::to_cents(amount, Label::Amount, "amount")?,
        None => return Err(ApiError::field("amount", codes::required(Label::Amount))),
    };
    // Refused when sent out of range even with an amount of 0 (which turns
    // the allowance off and otherwise ignores them).
    if body.day.is_some_and(|day| !(1..=31).contains(&day)) {
        return Err(ApiError::field("day", codes::pay_day_out_of_range()));
    }
    if body
        .min_approved_chores
        .is_some_and(|n| !(0..=100).contains(&n))
    {
        return Err(ApiError::field(
            "minApprovedChores",
            codes::min_chores_out_of_range(),
        ));
    }
    let allowance = state
        .clients
        .allowance(&user)
        .set_allowance(pb::SetAllowanceRequest {
            child_id,
            amount_cents,
            period: body
                .period
                .map(|p| p.as_str().to_owned())
                .unwrap_or_default(),
            day: body.day.unwrap_or_default(),
            min_approved_chores: body.min_approved_chores.unwrap_or_default(),
        })
        .await?
        .into_inner();
    Ok(Json(allowance.into()))
}

/// The monthly interest on a child's save jar (the child, or a parent).
#[utoipa::path(get, path = "/children/{id}/interest", tag = "children", security(("bearer" = [])),
    params(("id" = String, Path)),
    responses((status = 200, body = InterestView),
        (status = 404, description = "No such child in the family", body = ErrorBody)))]
async fn get_interest(
    State(state): State<AppState>,
    user: Authed,
    Path(child_id): Path<String>,
) -> ApiResult<Json<InterestView>> {
    let interest = state
        .clients
        .allowance(&user)
        .get_interest(pb::GetInterestRequest { child_id })
        .await?
        .into_inner();
    Ok(Json(interest.into()))
}

/// Sets the monthly interest on a child's save jar (parents only): paid at
/// the start of each month on what the jar held as it began, rounded to the
/// nearest cent. 0 turns it off.
#[utoipa::path(put, path = "/children/{id}/interest", tag = "children", security(("bearer" = [])),
    params(("id" = String, Path)), request_body = InterestBody,
    responses((status = 200, body = InterestView), (status = 400, body = ErrorBody),
        (status = 403, description = "Not a parent", body = ErrorBody),
        (status = 404, description = "No such child in the family", body = ErrorBody)))]
async fn set_interest(
    State(state): State<AppState>,
    user: Authed,
    Path(child_id): Path<String>,
    Body(body): Body<InterestBody>,
) -> ApiResult<Json<InterestView>> {
    let basis_points = body.basis_points()?;
    let interest = state
        .clients
        .allowance(&user)
        .set_interest(pb::SetInterestRequest {
            child_id,
            basis_points,
        })
        .await?
        .into_inner();
    Ok(Json(interest.into()))
}
