//! The reward store: parents keep its items and decide requests; a child
//! sees what is offered to them and asks for it.

use axum::{Json, extract::State, http::StatusCode};
use chorely_proto::rewards::v1 as pb;
use kit::codes::{self, Label};
use utoipa_axum::{router::OpenApiRouter, routes};

use super::{AppState, Body, Path, Query};
use crate::{
    auth::Authed,
    error::{ApiError, ApiResult, ErrorBody},
    json::{DecisionBody, RedemptionView, RedemptionsQuery, StoreItemBody, StoreItemView},
    money,
};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(list_items, create_item))
        .routes(routes!(update_item, delete_item))
        .routes(routes!(redeem))
        .routes(routes!(list_redemptions))
        .routes(routes!(decide))
}

fn item_request(id: String, body: StoreItemBody) -> ApiResult<pb::StoreItemRequest> {
    let price_cents = match body.price {
        Some(price) => money::to_cents(price, Label::Price, "price")?,
        None => return Err(ApiError::field("price", codes::required(Label::Price))),
    };
    Ok(pb::StoreItemRequest {
        id,
        name: body.name,
        description: body.description.unwrap_or_default(),
        price_cents,
        stock: body.stock,
        child_ids: body.child_ids.unwrap_or_default(),
        emoji: body.emoji.unwrap_or_default(),
    })
}

/// The store's items: all of them for parents, those offered to them for a child.
#[utoipa::path(get, path = "/store/items", tag = "store", security(("bearer" = [])),
    responses((status = 200, body = [StoreItemView])))]
async fn list_items(
    State(state): State<AppState>,
    user: Authed,
) -> ApiResult<Json<Vec<StoreItemView>>> {
    let answer = state
        .clients
        .rewards(&user)
        .list_store_items(pb::ListStoreItemsRequest {})
        .await?
        .into_inner();
    Ok(Json(
        answer.items.into_iter().map(StoreItemView::from).collect(),
    ))
}

/// Adds a reward to the store, within the plan's limit (parents only).
#[utoipa::path(post, path = "/store/items", tag = "store", security(("bearer" = [])),
    request_body = StoreItemBody,
    responses((status = 201, body = StoreItemView), (status = 400, body = ErrorBody),
        (status = 403, description = "Not a parent, or the plan's limit is reached", body = ErrorBody)))]
async fn create_item(
    State(state): State<AppState>,
    user: Authed,
    Body(body): Body<StoreItemBody>,
) -> ApiResult<(StatusCode, Json<StoreItemView>)> {
    let item = state
        .clients
        .rewards(&user)
        .create_store_item(item_request(String::new(), body)?)
        .await?
        .into_inner();
    Ok((StatusCode::CREATED, Json(item.into())))
}

/// Rewrites a store item (parents only); requests already made keep their price.
#[utoipa::path(put, path = "/store/items/{id}", tag = "store", security(("bearer" = [])),
    params(("id" = String, Path)), request_body = StoreItemBody,
    responses((status = 200, body = StoreItemView), (status = 400, body = ErrorBody),
        (status = 403, description = "Not a parent", body = ErrorBody),
        (status = 404, body = ErrorBody)))]
async fn update_item(
    State(state): State<AppState>,
    user: Authed,
    Path(id): Path<String>,
    Body(body): Body<StoreItemBody>,
) -> ApiResult<Json<StoreItemView>> {
    let item = state
        .clients
        .rewards(&user)
        .update_store_item(item_request(id, body)?)
        .await?
        .into_inner();
    Ok(Json(item.into()))
}

/// Takes a reward out of the store (parents only).
#[utoipa::path(delete, path = "/store/items/{id}", tag = "store", security(("bearer" = [])),
    params(("id" = String, Path)),
    responses((status = 204), (status = 403, description = "Not a parent", body = ErrorBody),
        (status = 404, body = ErrorBody)))]
async fn delete_item(
    State(state): State<AppState>,
    user: Authed,
    Path(id): Path<String>,
) -> ApiResult<StatusCode> {
    state
        .clients
        .rewards(&user)
        .delete_store_item(pb::DeleteStoreItemRequest { id })
        .await?;
    Ok(StatusCode::NO_CONTENT)
}

/// A child asks for a reward offered to them: a PENDING redemption, if it
/// is in stock and their spend jar covers its price.
#[utoipa::path(post, path = "/store/items/{id}/redeem", tag = "store", security(("bearer" = [])),
    params(("id" = String, Path)),
    responses((status = 201, body = RedemptionView),
        (status = 403, description = "Not a child", body = ErrorBody),
        (status = 404, body = ErrorBody),
        (status = 409, description = "Out of stock, or more than the spend jar holds", body = ErrorBody)))]
async fn redeem(
    State(state): State<AppState>,
    user: Authed,
    Path(item_id): Path<String>,
) -> ApiResult<(StatusCode, Json<RedemptionView>)> {
    let redemption = state
        .clients
        .rewards(&user)
        .redeem(pb::RedeemRequest { item_id })
        .await?
        .into_inner();
    Ok((StatusCode::CREATED, Json(redemption.into())))
}

/// Redemptions, newest first: the family's for parents, their own for a child.
#[utoipa::path(get, path = "/store/redemptions", tag = "store", security(("bearer" = [])),
    params(RedemptionsQuery),
    responses((status = 200, body = [RedemptionView]), (status = 400, body = ErrorBody)))]
async fn list_redemptions(
    State(state): State<AppState>,
    user: Authed,
    Query(query): Query<RedemptionsQuery>,
) -> ApiResult<Json<Vec<RedemptionView>>> {
    let answer = state
        .clients
        .rewards(&user)
        .list_redemptions(pb::ListRedemptionsRequest {
            status: query
                .status
                .map(|s| s.as_str().to_owned())
                .unwrap_or_default(),
        })
        .await?
        .into_inner();
    Ok(Json(
        answer
            .redemptions
            .into_iter()
            .map(RedemptionView::from)
            .collect(),
    ))
}

/// Approves (the price leaves the child's spend jar, one leaves stock) or
/// rejects a pending redemption, with a note (parents only).
#[utoipa::path(patch, path = "/store/redemptions/{id}", tag = "store", security(("bearer" = [])),
    params(("id" = String, Path)), request_body = DecisionBody,
    responses((status = 200, body = RedemptionView), (status = 400, body = ErrorBody),
        (status = 403, description = "Not a parent", body = ErrorBody),
        (status = 404, body = ErrorBody),
        (status = 409, description = "Already decided, out of stock, or more than the spend jar holds",
            body = ErrorBody)))]
async fn decide(
    State(state): State<AppState>,
    user: Authed,
    Path(id): Path<String>,
    Body(body): Body<DecisionBody>,
) -> ApiResult<Json<RedemptionView>> {
    let Some(status) = body.status else {
        return Err(ApiError::field("status", codes::required(Label::Status)));
    };
    let redemption = state
        .clients
        .rewards(&user)
        .decide_redemption(pb::DecideRedemptionRequest {
            id,
            status: status.as_str().to_owned(),
            note: body.note.unwrap_or_default(),
        })
        .await?
        .into_inner();
    Ok(Json(redemption.into()))
}
