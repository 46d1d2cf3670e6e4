//! The signed-in user's family.

use axum::{Json, extract::State, http::StatusCode};
use chorely_proto::{auth::v1 as auth_pb, family::v1 as pb};
use utoipa_axum::{router::OpenApiRouter, routes};

use super::{AppState, Body};
use crate::{
    auth::Authed,
    error::{ApiResult, ErrorBody},
    json::{
        CreateInviteCodeBody, InviteCode, InviteRole, Member, Organization, UpdateOrganizationBody,
    },
};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(current, update_current))
        .routes(routes!(list_invite_codes, create_invite_code))
        .routes(routes!(members))
}

/// Active members of the family (parents only).
#[utoipa::path(get, path = "/organizations/members", tag = "organizations", security(("bearer" = [])),
    responses((status = 200, body = [Member]), (status = 403, body = ErrorBody)))]
async fn members(State(state): State<AppState>, user: Authed) -> ApiResult<Json<Vec<Member>>> {
    let members = state
        .clients
        .auth(&user)
        .list_members(auth_pb::ListMembersRequest::default())
        .await?
        .into_inner()
        .members;
    Ok(Json(members.into_iter().map(Member::from).collect()))
}

/// Invitations still waiting to be used: unused and unexpired (parents only).
#[utoipa::path(get, path = "/organizations/invite-codes", tag = "organizations", security(("bearer" = [])),
    responses((status = 200, body = [InviteCode]), (status = 403, body = ErrorBody)))]
async fn list_invite_codes(
    State(state): State<AppState>,
    user: Authed,
) -> ApiResult<Json<Vec<InviteCode>>> {
    let codes = state
        .clients
        .auth(&user)
        .list_invite_codes(auth_pb::ListInviteCodesRequest {})
        .await?
        .into_inner()
        .invite_codes;
    Ok(Json(codes.into_iter().map(InviteCode::from).collect()))
}

/// The signed-in user's family.
#[utoipa::path(get, path = "/organizations/current", tag = "organizations", security(("bearer" = [])),
    responses((status = 200, body = Organization), (status = 401, body = ErrorBody)))]
async fn current(State(state): State<AppState>, user: Authed) -> ApiResult<Json<Organization>> {
    let org = state
        .clients
        .family(&user)
        .get_current_organization(pb::GetCurrentOrganizationRequest {})
        .await?
        .into_inner();
    Ok(Json(org.into()))
}

/// Renames the family and sets its time zone (parents only).
#[utoipa::path(put, path = "/organizations/current", tag = "organizations", security(("bearer" = [])),
    request_body = UpdateOrganizationBody,
    responses(
        (status = 200, body = Organization),
        (status = 400, body = ErrorBody),
        (status = 403, description = "Not a parent", body = ErrorBody),
    ))]
async fn update_current(
    State(state): State<AppState>,
    user: Authed,
    Body(body): Body<UpdateOrganizationBody>,
) -> ApiResult<Json<Organization>> {
    let org = state
        .clients
        .family(&user)
        .update_current_organization(pb::UpdateCurrentOrganizationRequest {
            name: body.name,
            time_zone: body.time_zone.unwrap_or_default(),
        })
        .await?
        .into_inner();
    Ok(Json(org.into()))
}

/// Creates an invite code for another parent or a child (parents only).
#[utoipa::path(post, path = "/organizations/invite-codes", tag = "organizations", security(("bearer" = [])),
    request_body = CreateInviteCodeBody,
    responses(
        (status = 201, body = InviteCode),
        (status = 400, body = ErrorBody),
        (status = 403, description = "Not a parent", body = ErrorBody),
    ))]
async fn create_invite_code(
    State(state): State<AppState>,
    user: Authed,
    Body(body): Body<CreateInviteCodeBody>,
) -> ApiResult<(StatusCode, Json<InviteCode>)> {
    let code = state
        .clients
        .auth(&user)
        .create_invite_code(auth_pb::CreateInviteCodeRequest {
            role: body.role.map_or(0, InviteRole::to_proto),
            email: body.email.unwrap_or_default(),
            expires_in_days: body.expires_in_days.map_or(0, |d| d as i32),
        })
        .await?
        .into_inner();
    Ok((StatusCode::CREATED, Json(code.into())))
}
