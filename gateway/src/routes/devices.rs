//! A child's own devices: a parent shows a one-time code for their child
//! (a QR of `/link#<code>`), lists the devices signed in with one and signs
//! them out; the device claims the code and, when its session runs out,
//! signs in again with the device token it keeps.

use axum::{Json, extract::State, http::StatusCode};
use chorely_proto::auth::v1 as pb;
use utoipa_axum::{router::OpenApiRouter, routes};

use super::{AppState, Body, Path};
use crate::{
    auth::Authed,
    error::{ApiResult, ErrorBody},
    json::{
        AuthAnswer, ChildDevice, ClaimDeviceLinkBody, DeviceLink, DeviceLoginBody, DeviceSignIn,
    },
};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(list))
        .routes(routes!(create_link))
        .routes(routes!(revoke))
        .routes(routes!(claim))
        .routes(routes!(login))
}

/// The child's devices signed in through a link, newest first (parents only).
#[utoipa::path(get, path = "/children/{id}/devices", tag = "children", security(("bearer" = [])),
    params(("id" = String, Path)),
    responses(
        (status = 200, body = [ChildDevice]),
        (status = 403, description = "Not a parent", body = ErrorBody),
        (status = 404, description = "The child has no login yet (or is not of this family)", body = ErrorBody),
    ))]
async fn list(
    State(state): State<AppState>,
    user: Authed,
    Path(id): Path<String>,
) -> ApiResult<Json<Vec<ChildDevice>>> {
    let devices = state
        .clients
        .auth(&user)
        .list_child_devices(pb::ListChildDevicesRequest { child_id: id })
        .await?
        .into_inner()
        .devices;
    Ok(Json(devices.into_iter().map(ChildDevice::from).collect()))
}

/// A one-time code for the child's device (parents only): opened once as
/// `/link#<code>` within 15 minutes, it signs that device in as the child.
#[utoipa::path(post, path = "/children/{id}/devices/links", tag = "children", security(("bearer" = [])),
    params(("id" = String, Path)),
    responses(
        (status = 201, body = DeviceLink),
        (status = 403, description = "Not a parent", body = ErrorBody),
        (status = 404, description = "The child has no login yet (or is not of this family)", body = ErrorBody),
        (status = 409, description = "The child has 5 devices signed in already", body = ErrorBody),
    ))]
async fn create_link(
    State(state): State<AppState>,
    user: Authed,
    Path(id): Path<String>,
) -> ApiResult<(StatusCode, Json<DeviceLink>)> {
    let link = state
        .clients
        .auth(&user)
        .create_device_link(pb::CreateDeviceLinkRequest { child_id: id })
        .await?
        .into_inner();
    Ok((StatusCode::CREATED, Json(link.into())))
}

/// Signs the child's device out (parents only): its token is refused at
/// once, and every session it opened ends.
#[utoipa::path(delete, path = "/children/{id}/devices/{deviceId}", tag = "children", security(("bearer" = [])),
    params(("id" = String, Path), ("deviceId" = String, Path)),
    responses(
        (status = 204, description = "The device is signed out"),
        (status = 403, description = "Not a parent", body = ErrorBody),
        (status = 404, description = "No such device of this child", body = ErrorBody),
    ))]
async fn revoke(
    State(state): State<AppState>,
    user: Authed,
    Path((id, device_id)): Path<(String, String)>,
) -> ApiResult<StatusCode> {
    let ended = state
        .clients
        .auth(&user)
        .revoke_child_device(pb::RevokeChildDeviceRequest {
            child_id: id,
            device_id,
        })
        .await?
        .into_inner()
        .sessions;
    state.refuse_ended(ended);
    Ok(StatusCode::NO_CONTENT)
}

/// The child's device opens the code a parent showed: the code is used up,
/// and the answer is the child's session with the device token the device
/// keeps (for `POST /auth/device/login`).
#[utoipa::path(post, path = "/auth/device/link", tag = "auth", request_body = ClaimDeviceLinkBody,
    responses(
        (status = 200, body = DeviceSignIn),
        (status = 400, description = "The code is unknown, used or expired", body = ErrorBody),
        (status = 403, description = "The child's account or the family is deactivated", body = ErrorBody),
        (status = 409, description = "The child has 5 devices signed in already", body = ErrorBody),
    ))]
async fn claim(
    State(state): State<AppState>,
    Body(body): Body<ClaimDeviceLinkBody>,
) -> ApiResult<Json<DeviceSignIn>> {
    let claimed = state
        .clients
        .auth_public()
        .claim_device_link(pb::ClaimDeviceLinkRequest {
            code: body.code,
            device_name: body.device_name,
        })
        .await?
        .into_inner();
    let mut answer = AuthAnswer::from(claimed.session.unwrap_or_default());
    crate::profile::complete_answer(&state.clients, &mut answer).await;
    Ok(Json(DeviceSignIn {
        device_token: claimed.device_token,
        token: answer.token,
        user: answer.user,
    }))
}

/// A child's linked device signs them in again with its device token.
#[utoipa::path(post, path = "/auth/device/login", tag = "auth", request_body = DeviceLoginBody,
    responses(
        (status = 200, body = AuthAnswer),
        (status = 401, description = "The device was signed out (or the token is unknown)", body = ErrorBody),
        (status = 403, description = "The child's account or the family is deactivated", body = ErrorBody),
    ))]
async fn login(
    State(state): State<AppState>,
    Body(body): Body<DeviceLoginBody>,
) -> ApiResult<Json<AuthAnswer>> {
    let answer = state
        .clients
        .auth_public()
        .device_login(pb::DeviceLoginRequest {
            device_token: body.device_token,
        })
        .await?
        .into_inner();
    let mut answer = AuthAnswer::from(answer);
    crate::profile::complete_answer(&state.clients, &mut answer).await;
    Ok(Json(answer))
}
