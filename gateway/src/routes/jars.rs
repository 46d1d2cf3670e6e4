//! A child's SPEND, SAVE and GIVE jars: read by the child or a parent;
//! the split of new earnings and moves between jars are parents' work.

use axum::{Json, extract::State, http::StatusCode};
use chorely_proto::rewards::v1 as pb;
use kit::codes::{self, Label};
use utoipa_axum::{router::OpenApiRouter, routes};

use super::{AppState, Body, Path};
use crate::{
    auth::Authed,
    error::{ApiError, ApiResult, ErrorBody},
    json::{JarsView, Split, TransferBody},
    money,
};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(get_jars))
        .routes(routes!(set_split))
        .routes(routes!(transfer))
}

/// A child's jars and the split of their new earnings (the child, or a parent).
#[utoipa::path(get, path = "/children/{id}/jars", tag = "children", security(("bearer" = [])),
    params(("id" = String, Path)),
    responses((status = 200, body = JarsView),
        (status = 404, description = "No such child in the family", body = ErrorBody)))]
async fn get_jars(
    State(state): State<AppState>,
    user: Authed,
    Path(child_id): Path<String>,
) -> ApiResult<Json<JarsView>> {
    let jars = state
        .clients
        .rewards(&user)
        .get_jars(pb::GetJarsRequest { child_id })
        .await?
        .into_inner();
    Ok(Json(jars.into()))
}

/// Sets how a child's new earnings are split, percentages summing to 100
/// (parents only). Money already in the jars stays where it is.
#[utoipa::path(put, path = "/children/{id}/split", tag = "children", security(("bearer" = [])),
    params(("id" = String, Path)), request_body = Split,
    responses((status = 200, body = JarsView), (status = 400, body = ErrorBody),
        (status = 403, description = "Not a parent", body = ErrorBody),
        (status = 404, description = "No such child in the family", body = ErrorBody)))]
async fn set_split(
    State(state): State<AppState>,
    user: Authed,
    Path(child_id): Path<String>,
    Body(body): Body<Split>,
) -> ApiResult<Json<JarsView>> {
    let jars = state
        .clients
        .rewards(&user)
        .set_split(pb::SetSplitRequest {
            child_id,
            split: Some(pb::Split {
                spend: body.spend,
                save: body.save,
                give: body.give,
            }),
        })
        .await?
        .into_inner();
    Ok(Json(jars.into()))
}

/// Moves money from one of a child's jars to another, at most what the
/// first holds (parents only).
#[utoipa::path(post, path = "/children/{id}/transfers", tag = "children", security(("bearer" = [])),
    params(("id" = String, Path)), request_body = TransferBody,
    responses((status = 201, body = JarsView), (status = 400, body = ErrorBody),
        (status = 403, description = "Not a parent", body = ErrorBody),
        (status = 404, description = "No such child in the family", body = ErrorBody),
        (status = 409, description = "More than the jar holds", body = ErrorBody)))]
async fn transfer(
    State(state): State<AppState>,
    user: Authed,
    Path(child_id): Path<String>,
    Body(body): Body<TransferBody>,
) -> ApiResult<(StatusCode, Json<JarsView>)> {
    let amount_cents = match body.amount {
        Some(amount) => money::to_cents(amount, Label::Amount, "amount")?,
        None => return Err(ApiError::field("amount", codes::required(Label::Amount))),
    };
    let jars = state
        .clients
        .rewards(&user)
        .transfer_between_jars(pb::TransferRequest {
            child_id,
            from: body.from.map(|j| j.as_str().to_owned()).unwrap_or_default(),
            to: body.to.map(|j| j.as_str().to_owned()).unwrap_or_default(),
            amount_cents,
            notes: body.notes.unwrap_or_default(),
        })
        .await?
        .into_inner();
    Ok((StatusCode::CREATED, Json(jars.into())))
}
