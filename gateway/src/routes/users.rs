//! The signed-in user's own account.

use axum::{Json, extract::State};
use chorely_proto::auth::v1 as pb;
use utoipa_axum::{router::OpenApiRouter, routes};

use super::{AppState, Body, Path};
use crate::{
    auth::Authed,
    error::{ApiResult, ErrorBody},
    json::{UpdateMeBody, User},
};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(me, update_me))
        .routes(routes!(deactivate))
}

/// Deactivates another member of the family; their tokens stop working at once (parents only).
#[utoipa::path(put, path = "/users/{id}/deactivate", tag = "users", security(("bearer" = [])),
    params(("id" = String, Path)),
    responses(
        (status = 200, body = User),
        (status = 400, description = "Your own account", body = ErrorBody),
        (status = 403, body = ErrorBody),
        (status = 404, body = ErrorBody),
    ))]
async fn deactivate(
    State(state): State<AppState>,
    user: Authed,
    Path(id): Path<String>,
) -> ApiResult<Json<User>> {
    let deactivated = state
        .clients
        .auth(&user)
        .deactivate_user(pb::DeactivateUserRequest { user_id: id })
        .await?
        .into_inner();
    // This gateway refuses their tokens from now on; the others as soon as
    // the revocation event reaches them.
    state
        .revocations
        .revoke_locally(&deactivated.id, chrono::Utc::now().timestamp_millis());
    Ok(Json(deactivated.into()))
}

/// The signed-in user.
#[utoipa::path(get, path = "/users/me", tag = "users", security(("bearer" = [])),
    responses((status = 200, body = User), (status = 401, body = ErrorBody)))]
async fn me(State(state): State<AppState>, user: Authed) -> ApiResult<Json<User>> {
    let me = state
        .clients
        .auth(&user)
        .get_me(pb::GetMeRequest {})
        .await?
        .into_inner();
    let mut me = User::from(me);
    crate::profile::complete(&state.clients, user.token(), &mut me).await?;
    Ok(Json(me))
}

/// Updates the signed-in user's personal fields. A child's name, email and
/// phone are their parents' to change (on the child's record).
#[utoipa::path(put, path = "/users/me", tag = "users", security(("bearer" = [])), request_body = UpdateMeBody,
    responses(
        (status = 200, body = User),
        (status = 400, body = ErrorBody),
        (status = 403, description = "A child changing their name, email or phone (their parents keep them)", body = ErrorBody),
        (status = 409, description = "Email used by another account", body = ErrorBody),
    ))]
async fn update_me(
    State(state): State<AppState>,
    user: Authed,
    Body(body): Body<UpdateMeBody>,
) -> ApiResult<Json<User>> {
    let me = state
        .clients
        .auth(&user)
        .update_me(pb::UpdateMeRequest {
            first_name: body.first_name,
            last_name: body.last_name.unwrap_or_default(),
            email: body.email,
            phone: body.phone.unwrap_or_default(),
        })
        .await?
        .into_inner();
    let mut me = User::from(me);
    crate::profile::complete(&state.clients, user.token(), &mut me).await?;
    Ok(Json(me))
}
