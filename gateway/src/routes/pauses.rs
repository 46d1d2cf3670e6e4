//! Pauses (parents only): the whole family or one child, for a range of
//! days on which nothing is due or missed, and across which streaks
//! neither grow nor break.

use axum::{Json, extract::State, http::StatusCode};
use chorely_proto::chores::v1 as pb;
use utoipa_axum::{router::OpenApiRouter, routes};

use super::{AppState, Body, Path};
use crate::{
    auth::Authed,
    error::{ApiResult, ErrorBody},
    json::{Pause, PauseBody},
};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(list_child_pauses, pause_child))
        .routes(routes!(list_family_pauses, pause_family))
        .routes(routes!(delete_pause))
}

async fn create(
    state: &AppState,
    user: &Authed,
    child_id: String,
    body: PauseBody,
) -> ApiResult<(StatusCode, Json<Pause>)> {
    let pause = state
        .clients
        .pauses(user)
        .create_pause(pb::CreatePauseRequest {
            child_id,
            from: body.from,
            to: body.to,
            reason: body.reason.unwrap_or_default(),
        })
        .await?
        .into_inner();
    Ok((StatusCode::CREATED, Json(pause.into())))
}

async fn list(state: &AppState, user: &Authed, child_id: String) -> ApiResult<Json<Vec<Pause>>> {
    let answer = state
        .clients
        .pauses(user)
        .list_pauses(pb::ListPausesRequest { child_id })
        .await?
        .into_inner();
    Ok(Json(answer.pauses.into_iter().map(Pause::from).collect()))
}

/// Pauses one child from `from` to `to` (both included): none of their
/// chores is due or missed then.
#[utoipa::path(post, path = "/children/{id}/pauses", tag = "children", security(("bearer" = [])),
    params(("id" = String, Path)), request_body = PauseBody,
    responses((status = 201, body = Pause), (status = 400, body = ErrorBody),
        (status = 403, description = "Not a parent", body = ErrorBody),
        (status = 404, description = "No such child in the family", body = ErrorBody)))]
async fn pause_child(
    State(state): State<AppState>,
    user: Authed,
    Path(id): Path<String>,
    Body(body): Body<PauseBody>,
) -> ApiResult<(StatusCode, Json<Pause>)> {
    create(&state, &user, id, body).await
}

/// A child's own pauses, the latest first (the family's are listed apart).
#[utoipa::path(get, path = "/children/{id}/pauses", tag = "children", security(("bearer" = [])),
    params(("id" = String, Path)),
    responses((status = 200, body = [Pause]),
        (status = 403, description = "Not a parent", body = ErrorBody),
        (status = 404, description = "No such child in the family", body = ErrorBody)))]
async fn list_child_pauses(
    State(state): State<AppState>,
    user: Authed,
    Path(id): Path<String>,
) -> ApiResult<Json<Vec<Pause>>> {
    list(&state, &user, id).await
}

/// Pauses the whole family from `from` to `to` (both included).
#[utoipa::path(post, path = "/organizations/current/pauses", tag = "organizations",
    security(("bearer" = [])), request_body = PauseBody,
    responses((status = 201, body = Pause), (status = 400, body = ErrorBody),
        (status = 403, description = "Not a parent", body = ErrorBody)))]
async fn pause_family(
    State(state): State<AppState>,
    user: Authed,
    Body(body): Body<PauseBody>,
) -> ApiResult<(StatusCode, Json<Pause>)> {
    create(&state, &user, String::new(), body).await
}

/// The whole family's pauses, the latest first.
#[utoipa::path(get, path = "/organizations/current/pauses", tag = "organizations",
    security(("bearer" = [])),
    responses((status = 200, body = [Pause]),
        (status = 403, description = "Not a parent", body = ErrorBody)))]
async fn list_family_pauses(
    State(state): State<AppState>,
    user: Authed,
) -> ApiResult<Json<Vec<Pause>>> {
    list(&state, &user, String::new()).await
}

/// Removes a pause that has not begun. One that has begun ends yesterday
/// instead (its days so far stay paused) and stays listed; one that is over
/// cannot be removed (409).
#[utoipa::path(delete, path = "/pauses/{id}", tag = "organizations", security(("bearer" = [])),
    params(("id" = String, Path)),
    responses((status = 204),
        (status = 403, description = "Not a parent", body = ErrorBody),
        (status = 404, body = ErrorBody),
        (status = 409, description = "The pause is over", body = ErrorBody)))]
async fn delete_pause(
    State(state): State<AppState>,
    user: Authed,
    Path(id): Path<String>,
) -> ApiResult<StatusCode> {
    state
        .clients
        .pauses(&user)
        .delete_pause(pb::DeletePauseRequest { id })
        .await?;
    Ok(StatusCode::NO_CONTENT)
}
