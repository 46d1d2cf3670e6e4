//! The family tablet: parents set up and remove the family's tablets and
//! set their children's PINs; the tablet (with its device token in
//! `X-Tablet-Token`) lists the children, shows the family board and opens a
//! child's session with their PIN.

use axum::{
    Json,
    extract::{FromRequestParts, State},
    http::{StatusCode, request::Parts},
};
use chorely_proto::auth::v1 as pb;
use utoipa_axum::{router::OpenApiRouter, routes};

use super::{AppState, Body, Path};
use crate::{
    auth::Authed,
    error::{ApiResult, ErrorBody},
    json::{
        AuthAnswer, ChildPinBody, CreateTabletBody, CreatedTablet, Tablet, TabletBoard, TabletHome,
        TabletUnlockBody,
    },
};

/// The header a family tablet sends its device token in.
pub const TABLET_HEADER: &str = "x-tablet-token";

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(list, create))
        .routes(routes!(revoke))
        .routes(routes!(set_pin))
        .routes(routes!(children))
        .routes(routes!(board))
        .routes(routes!(unlock))
}

/// The device token of a family tablet, as sent (empty when none was):
/// the auth service checks it, after the body (so a refused field is named
/// whoever sends it).
pub struct TabletToken(String);

impl<S: Send + Sync> FromRequestParts<S> for TabletToken {
    type Rejection = std::convert::Infallible;

    async fn from_request_parts(parts: &mut Parts, _: &S) -> Result<Self, Self::Rejection> {
        let token = parts
            .headers
            .get(TABLET_HEADER)
            .and_then(|v| v.to_str().ok())
            .unwrap_or_default()
            .trim();
        Ok(Self(token.to_owned()))
    }
}

/// The family's tablets still set up, newest first (parents only).
#[utoipa::path(get, path = "/organizations/tablets", tag = "organizations", security(("bearer" = [])),
    responses((status = 200, body = [Tablet]), (status = 403, description = "Not a parent", body = ErrorBody)))]
async fn list(State(state): State<AppState>, user: Authed) -> ApiResult<Json<Vec<Tablet>>> {
    let tablets = state
        .clients
        .auth(&user)
        .list_tablets(pb::ListTabletsRequest {})
        .await?
        .into_inner()
        .tablets;
    Ok(Json(tablets.into_iter().map(Tablet::from).collect()))
}

/// Turns the calling browser into the family's shared tablet (parents
/// only): the answer's device token is kept by that browser and sent as
/// `X-Tablet-Token`; it is shown this once and stored only as its SHA-256.
#[utoipa::path(post, path = "/organizations/tablets", tag = "organizations", security(("bearer" = [])),
    request_body = CreateTabletBody,
    responses(
        (status = 201, body = CreatedTablet),
        (status = 400, body = ErrorBody),
        (status = 403, description = "Not a parent", body = ErrorBody),
        (status = 409, description = "The family already has 10 tablets", body = ErrorBody),
    ))]
async fn create(
    State(state): State<AppState>,
    user: Authed,
    Body(body): Body<CreateTabletBody>,
) -> ApiResult<(StatusCode, Json<CreatedTablet>)> {
    let created = state
        .clients
        .auth(&user)
        .create_tablet(pb::CreateTabletRequest { name: body.name })
        .await?
        .into_inner();
    Ok((
        StatusCode::CREATED,
        Json(CreatedTablet {
            tablet: created.tablet.map(Tablet::from),
            token: created.token,
        }),
    ))
}

/// Removes a tablet (parents only): its device token is refused at once,
/// and every child session opened on it ends.
#[utoipa::path(delete, path = "/organizations/tablets/{id}", tag = "organizations", security(("bearer" = [])),
    params(("id" = String, Path, description = "Tablet id")),
    responses(
        (status = 204, description = "The tablet is removed"),
        (status = 403, description = "Not a parent", body = ErrorBody),
        (status = 404, description = "No such tablet in this family", body = ErrorBody),
    ))]
async fn revoke(
    State(state): State<AppState>,
    user: Authed,
    Path(id): Path<String>,
) -> ApiResult<StatusCode> {
    let ended = state
        .clients
        .auth(&user)
        .revoke_tablet(pb::RevokeTabletRequest { id })
        .await?
        .into_inner()
        .sessions;
    state.refuse_ended(ended);
    Ok(StatusCode::NO_CONTENT)
}

/// Sets the 4-digit PIN a child signs in with on the family tablet (parents
/// only). Wrong guesses so far and a lock from them are forgotten.
#[utoipa::path(put, path = "/children/{id}/pin", tag = "children", security(("bearer" = [])),
    params(("id" = String, Path)), request_body = ChildPinBody,
    responses(
        (status = 204, description = "The PIN is set"),
        (status = 400, description = "The PIN is not exactly 4 digits", body = ErrorBody),
        (status = 403, description = "Not a parent", body = ErrorBody),
        (status = 404, description = "The child has no login yet (or is not of this family)", body = ErrorBody),
    ))]
async fn set_pin(
    State(state): State<AppState>,
    user: Authed,
    Path(id): Path<String>,
    Body(body): Body<ChildPinBody>,
) -> ApiResult<StatusCode> {
    state
        .clients
        .auth(&user)
        .set_child_pin(pb::SetChildPinRequest {
            child_id: id,
            pin: body.pin,
        })
        .await?;
    Ok(StatusCode::NO_CONTENT)
}

/// What the family tablet shows: its name, the family's, and the children
/// who may sign in on it (called with the tablet's device token).
#[utoipa::path(get, path = "/tablet/children", tag = "tablet", security(("tablet" = [])),
    responses(
        (status = 200, body = TabletHome),
        (status = 401, description = "This browser is not (or no longer) the family tablet", body = ErrorBody),
        (status = 403, description = "The family is suspended", body = ErrorBody),
    ))]
async fn children(
    State(state): State<AppState>,
    TabletToken(token): TabletToken,
) -> ApiResult<Json<TabletHome>> {
    let home = state
        .clients
        .auth_public()
        .get_tablet_children(pb::GetTabletChildrenRequest {
            tablet_token: token,
        })
        .await?
        .into_inner();
    Ok(Json(home.into()))
}

/// The family board (called with the tablet's device token): who may sign
/// in on the tablet and every child's chores today, without any PIN.
#[utoipa::path(get, path = "/tablet/board", tag = "tablet", security(("tablet" = [])),
    responses(
        (status = 200, body = TabletBoard),
        (status = 401, description = "This browser is not (or no longer) the family tablet", body = ErrorBody),
        (status = 403, description = "The family is suspended", body = ErrorBody),
    ))]
async fn board(
    State(state): State<AppState>,
    TabletToken(token): TabletToken,
) -> ApiResult<Json<TabletBoard>> {
    let board = state
        .clients
        .auth_public()
        .get_tablet_board(pb::GetTabletChildrenRequest {
            tablet_token: token,
        })
        .await?
        .into_inner();
    Ok(Json(board.into()))
}

/// A child signs in on the family tablet with their PIN (called with the
/// tablet's device token): the answer is the child's own session, as a
/// login's, but short-lived (5 minutes, renewed while in use). Each guess
/// is counted before it is checked; five wrong in a row lock the child's
/// PIN for 15 minutes, the right one included.
#[utoipa::path(post, path = "/tablet/unlock", tag = "tablet", security(("tablet" = [])),
    request_body = TabletUnlockBody,
    responses(
        (status = 200, body = AuthAnswer),
        (status = 400, description = "The PIN is not 4 digits, or not the child's", body = ErrorBody),
        (status = 401, description = "This browser is not (or no longer) the family tablet", body = ErrorBody),
        (status = 403, description = "The child's account or the family is deactivated", body = ErrorBody),
        (status = 404, description = "No such child with a login in the tablet's family", body = ErrorBody),
        (status = 409, description = "No PIN has been set for the child", body = ErrorBody),
        (status = 429, description = "Too many wrong PINs for this child; try again later", body = ErrorBody),
    ))]
async fn unlock(
    State(state): State<AppState>,
    TabletToken(token): TabletToken,
    Body(body): Body<TabletUnlockBody>,
) -> ApiResult<Json<AuthAnswer>> {
    let answer = state
        .clients
        .auth_public()
        .unlock_tablet(pb::UnlockTabletRequest {
            tablet_token: token,
            child_id: body.child_id,
            pin: body.pin,
        })
        .await?
        .into_inner();
    let mut answer = AuthAnswer::from(answer);
    crate::profile::complete_answer(&state.clients, &mut answer).await;
    Ok(Json(answer))
}
