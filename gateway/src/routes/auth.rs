//! Sign-up, login and invitations (the calls anyone may make), and logout.

use axum::{Json, extract::State, http::StatusCode};
use chorely_proto::auth::v1 as pb;
use utoipa_axum::{router::OpenApiRouter, routes};

use super::{AppState, Body, Path};
use crate::{
    auth::Authed,
    error::{ApiResult, ErrorBody},
    json::{AcceptInviteBody, AuthAnswer, Invite, LoginBody, RegisterBody},
};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(register))
        .routes(routes!(login))
        .routes(routes!(invite))
        .routes(routes!(accept_invite))
        .routes(routes!(logout))
}

/// Logs out: the token this call carries stops working at once, here and in
/// every service; the user's other sessions go on.
#[utoipa::path(post, path = "/auth/logout", tag = "auth", security(("bearer" = [])),
    responses(
        (status = 204, description = "The session has ended"),
        (status = 401, description = "The token was already refused", body = ErrorBody),
    ))]
async fn logout(State(state): State<AppState>, user: Authed) -> ApiResult<StatusCode> {
    state
        .clients
        .auth(&user)
        .logout(pb::LogoutRequest {})
        .await?;
    // This gateway refuses the token from now on; the others as soon as the
    // revocation event reaches them.
    state
        .revocations
        .revoke_token_locally(&user.0.token_id, user.0.expires_at);
    Ok(StatusCode::NO_CONTENT)
}

/// Creates a family and its first parent, and logs them in.
#[utoipa::path(post, path = "/auth/register", tag = "auth", request_body = RegisterBody,
    responses(
        (status = 201, body = AuthAnswer),
        (status = 400, description = "Invalid input", body = ErrorBody),
        (status = 409, description = "Email already registered", body = ErrorBody),
    ))]
async fn register(
    State(state): State<AppState>,
    Body(body): Body<RegisterBody>,
) -> ApiResult<(StatusCode, Json<AuthAnswer>)> {
    let answer = state
        .clients
        .auth_public()
        .register(pb::RegisterRequest {
            email: body.email,
            password: body.password,
            first_name: body.first_name,
            last_name: body.last_name,
            organization_name: body.organization_name,
            time_zone: body.time_zone.unwrap_or_default(),
        })
        .await?
        .into_inner();
    Ok((StatusCode::CREATED, Json(answer.into())))
}

/// Logs in with email and password.
#[utoipa::path(post, path = "/auth/login", tag = "auth", request_body = LoginBody,
    responses(
        (status = 200, body = AuthAnswer),
        (status = 401, description = "Wrong email or password", body = ErrorBody),
        (status = 403, description = "Account or family deactivated", body = ErrorBody),
        (status = 429, description = "Too many failed logins for this email; try again later", body = ErrorBody),
    ))]
async fn login(
    State(state): State<AppState>,
    Body(body): Body<LoginBody>,
) -> ApiResult<Json<AuthAnswer>> {
    let answer = state
        .clients
        .auth_public()
        .login(pb::LoginRequest {
            email: body.email,
            password: body.password,
        })
        .await?
        .into_inner();
    let mut answer = AuthAnswer::from(answer);
    crate::profile::complete_answer(&state.clients, &mut answer).await;
    Ok(Json(answer))
}

/// Looks an invitation up by its code.
#[utoipa::path(get, path = "/auth/invite/{code}", tag = "auth",
    params(("code" = String, Path, description = "Invitation code")),
    responses(
        (status = 200, body = Invite),
        (status = 404, description = "Invalid or expired invitation", body = ErrorBody),
    ))]
async fn invite(
    State(state): State<AppState>,
    Path(code): Path<String>,
) -> ApiResult<Json<Invite>> {
    let invite = state
        .clients
        .auth_public()
        .get_invite(pb::GetInviteRequest { code })
        .await?
        .into_inner();
    Ok(Json(invite.into()))
}

/// Accepts an invitation: sets the password and logs the new member in.
#[utoipa::path(post, path = "/auth/accept-invite", tag = "auth", request_body = AcceptInviteBody,
    responses(
        (status = 200, body = AuthAnswer),
        (status = 400, description = "Invalid input", body = ErrorBody),
        (status = 404, description = "Invalid or expired invitation", body = ErrorBody),
        (status = 409, description = "The email already has an account", body = ErrorBody),
    ))]
async fn accept_invite(
    State(state): State<AppState>,
    Body(body): Body<AcceptInviteBody>,
) -> ApiResult<Json<AuthAnswer>> {
    let answer = state
        .clients
        .auth_public()
        .accept_invite(pb::AcceptInviteRequest {
            invite_code: body.invite_code,
            password: body.password,
            email: body.email.unwrap_or_default(),
            first_name: body.first_name.unwrap_or_default(),
            last_name: body.last_name.unwrap_or_default(),
        })
        .await?
        .into_inner();
    let mut answer = AuthAnswer::from(answer);
    crate::profile::complete_answer(&state.clients, &mut answer).await;
    Ok(Json(answer))
}
