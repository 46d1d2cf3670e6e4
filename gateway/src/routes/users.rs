//! The signed-in user's own account.

use axum::{Json, extract::State, http::HeaderMap};
use chorely_proto::auth::v1 as pb;
use utoipa_axum::{router::OpenApiRouter, routes};

use super::{AppState, Body, Path};
use crate::{
    auth::Authed,
    error::{ApiResult, ErrorBody},
    json::{
        AuthAnswer, ChangePasswordBody, CurrentPasswordBody, MfaCodeBody, MfaConfirmedAnswer,
        MfaSetupAnswer, UpdateMeBody, User,
    },
};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(me, update_me))
        .routes(routes!(change_password))
        .routes(routes!(start_mfa_setup))
        .routes(routes!(confirm_mfa))
        .routes(routes!(disable_mfa))
        .routes(routes!(deactivate))
}

/// Changes the signed-in user's password, proven by the current one. Every
/// other session of theirs ends; this one goes on with the token in the
/// answer (the one the call carried ends too).
#[utoipa::path(put, path = "/users/me/password", tag = "users", security(("bearer" = [])),
    request_body = ChangePasswordBody,
    responses(
        (status = 200, body = AuthAnswer),
        (status = 400, description = "The current password is wrong, or the new one breaks the rules (the field is named)", body = ErrorBody),
        (status = 401, body = ErrorBody),
        (status = 429, description = "Too many wrong passwords: locked for 15 minutes", body = ErrorBody),
    ))]
async fn change_password(
    State(state): State<AppState>,
    user: Authed,
    Body(body): Body<ChangePasswordBody>,
) -> ApiResult<Json<AuthAnswer>> {
    // As for a reset: the sessions issued before the call end here at once.
    let before = chrono::Utc::now().timestamp_millis();
    let answer = state
        .clients
        .auth(&user)
        .change_password(pb::ChangePasswordRequest {
            current_password: body.current_password,
            new_password: body.new_password,
        })
        .await?
        .into_inner();
    state
        .revocations
        .end_sessions_locally(&user.0.id.to_string(), before);
    let mut answer = AuthAnswer::from(answer);
    crate::profile::complete_answer(&state.clients, &mut answer).await;
    Ok(Json(answer))
}

/// Starts setting up two-factor sign-in, proven by the current password: a
/// new secret for an authenticator app. It is not asked for at login until
/// confirmed with a code.
#[utoipa::path(post, path = "/users/me/mfa", tag = "users", security(("bearer" = [])),
    request_body = CurrentPasswordBody,
    responses(
        (status = 200, body = MfaSetupAnswer),
        (status = 400, description = "The current password is missing or not right", body = ErrorBody),
        (status = 401, body = ErrorBody),
        (status = 403, description = "Not from the family tablet", body = ErrorBody),
        (status = 409, description = "Two-factor sign-in is already on", body = ErrorBody),
        (status = 429, description = "Too many wrong passwords: locked for 15 minutes", body = ErrorBody),
    ))]
async fn start_mfa_setup(
    State(state): State<AppState>,
    user: Authed,
    Body(body): Body<CurrentPasswordBody>,
) -> ApiResult<Json<MfaSetupAnswer>> {
    let setup = state
        .clients
        .auth(&user)
        .start_mfa_setup(pb::StartMfaSetupRequest {
            current_password: body.current_password,
        })
        .await?
        .into_inner();
    Ok(Json(MfaSetupAnswer {
        secret: setup.secret,
        otpauth_url: setup.otpauth_url,
    }))
}

/// Turns two-factor sign-in on with a code of the app. The answer carries
/// the recovery codes (shown this once) and a new token for this session.
#[utoipa::path(post, path = "/users/me/mfa/confirm", tag = "users", security(("bearer" = [])),
    request_body = MfaCodeBody,
    responses(
        (status = 200, body = MfaConfirmedAnswer),
        (status = 400, description = "The code is missing or not right", body = ErrorBody),
        (status = 409, description = "Not being set up, or already on", body = ErrorBody),
        (status = 429, description = "Too many wrong codes: locked for 30 minutes", body = ErrorBody),
    ))]
async fn confirm_mfa(
    State(state): State<AppState>,
    user: Authed,
    Body(body): Body<MfaCodeBody>,
) -> ApiResult<Json<MfaConfirmedAnswer>> {
    let confirmed = state
        .clients
        .auth(&user)
        .confirm_mfa(pb::ConfirmMfaRequest { code: body.code })
        .await?
        .into_inner();
    let mut session = AuthAnswer::from(confirmed.session.unwrap_or_default());
    crate::profile::complete_answer(&state.clients, &mut session).await;
    Ok(Json(MfaConfirmedAnswer {
        recovery_codes: confirmed.recovery_codes,
        token: session.token,
        user: session.user,
    }))
}

/// Turns two-factor sign-in off, proven by a code of the app or a recovery
/// code. Platform administrators keep it while it is required of them.
#[utoipa::path(post, path = "/users/me/mfa/disable", tag = "users", security(("bearer" = [])),
    request_body = MfaCodeBody,
    responses(
        (status = 200, body = User),
        (status = 400, description = "The code is missing or not right", body = ErrorBody),
        (status = 403, description = "Required of platform administrators", body = ErrorBody),
        (status = 409, description = "Two-factor sign-in is not on", body = ErrorBody),
        (status = 429, description = "Too many wrong codes: locked for 30 minutes", body = ErrorBody),
    ))]
async fn disable_mfa(
    State(state): State<AppState>,
    user: Authed,
    headers: HeaderMap,
    Body(body): Body<MfaCodeBody>,
) -> ApiResult<Json<User>> {
    let me = state
        .clients
        .auth(&user)
        .disable_mfa(pb::DisableMfaRequest {
            code: body.code,
            mail: Some(super::auth::mail_context(&state, &headers)),
        })
        .await?
        .into_inner();
    let mut me = User::from(me);
    crate::profile::complete(&state.clients, user.token(), &mut me).await?;
    Ok(Json(me))
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
        (status = 409, description = "Email used by another member of the family", body = ErrorBody),
    ))]
async fn update_me(
    State(state): State<AppState>,
    user: Authed,
    headers: HeaderMap,
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
            mail: Some(super::auth::mail_context(&state, &headers)),
        })
        .await?
        .into_inner();
    let mut me = User::from(me);
    crate::profile::complete(&state.clients, user.token(), &mut me).await?;
    Ok(Json(me))
}
