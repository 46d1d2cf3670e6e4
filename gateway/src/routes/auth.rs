//! Sign-up, login and invitations (the calls anyone may make), and logout.

use axum::{
    Json,
    extract::State,
    http::{HeaderMap, StatusCode, header::ACCEPT_LANGUAGE},
};
use chorely_proto::auth::v1 as pb;
use kit::authn::Refusal;
use utoipa_axum::{router::OpenApiRouter, routes};

use super::{AppState, Body, Path};
use crate::{
    auth::Authed,
    error::{ApiError, ApiResult, ErrorBody},
    json::{
        AcceptInviteBody, Accepted, AuthAnswer, CurrentPasswordBody, ForgotPasswordBody, Invite,
        LoginAnswer, LoginBody, LoginMfaBody, RegisterBody, RenewedToken, ResetPasswordBody,
        VerifiedEmail, VerifyEmailBody,
    },
};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(register))
        .routes(routes!(login))
        .routes(routes!(login_mfa))
        .routes(routes!(invite))
        .routes(routes!(accept_invite))
        .routes(routes!(logout))
        .routes(routes!(logout_everywhere))
        .routes(routes!(renew))
        .routes(routes!(forgot_password))
        .routes(routes!(reset_password))
        .routes(routes!(verify_email))
        .routes(routes!(resend_verification))
}

/// What a mail caused by this request needs: links on the configured
/// `PUBLIC_URL` (never the request's host), in the language the request
/// prefers among those mails are written in (`Accept-Language`; the web app
/// sends the language it shows).
pub(crate) fn mail_context(state: &AppState, headers: &HeaderMap) -> pb::MailContext {
    let accept = headers
        .get(ACCEPT_LANGUAGE)
        .and_then(|v| v.to_str().ok())
        .unwrap_or_default();
    pb::MailContext {
        link_origin: state.public_url.clone(),
        language: preferred_language(accept).to_owned(),
    }
}

/// The first of en, es and de in an `Accept-Language` list (by weight, then
/// order); English when none is.
pub(crate) fn preferred_language(accept: &str) -> &'static str {
    let mut best: Option<(f32, &'static str)> = None;
    for item in accept.split(',') {
        let mut parts = item.split(';');
        let tag = parts.next().unwrap_or_default().trim().to_ascii_lowercase();
        let weight = parts
            .find_map(|p| {
                p.trim()
                    .strip_prefix("q=")
                    .and_then(|q| q.parse::<f32>().ok())
            })
            .unwrap_or(1.0);
        let language = match tag.split('-').next() {
            Some("en") => "en",
            Some("es") => "es",
            Some("de") => "de",
            _ => continue,
        };
        if weight > 0.0 && best.is_none_or(|(w, _)| weight > w) {
            best = Some((weight, language));
        }
    }
    best.map_or("en", |(_, language)| language)
}

const RESET_LINK_SENT: &str =
    "If an account exists for this email, we sent a link to reset its password.";

/// Asks for a password-reset link. The answer is the same whether or not an
/// account has the address: the link (valid 1 hour, usable once) is mailed
/// afterwards, only to an active account. A few requests per address per
/// hour are mailed; more are answered alike and dropped.
#[utoipa::path(post, path = "/auth/forgot-password", tag = "auth", request_body = ForgotPasswordBody,
    responses(
        (status = 202, description = "Accepted: a link is mailed if an active account has the address", body = Accepted),
        (status = 400, description = "The email is missing or not an email", body = ErrorBody),
    ))]
async fn forgot_password(
    State(state): State<AppState>,
    headers: HeaderMap,
    Body(body): Body<ForgotPasswordBody>,
) -> ApiResult<(StatusCode, Json<Accepted>)> {
    state
        .clients
        .auth_public()
        .forgot_password(pb::ForgotPasswordRequest {
            email: body.email,
            mail: Some(mail_context(&state, &headers)),
        })
        .await?;
    Ok((
        StatusCode::ACCEPTED,
        Json(Accepted {
            message: RESET_LINK_SENT.into(),
        }),
    ))
}

/// Sets a new password with the token of a reset link, ends every other
/// session of the user and logs them in: the same answer as a login, so a
/// user with two-factor sign-in on is asked for a code (`POST /auth/login/mfa`).
#[utoipa::path(post, path = "/auth/reset-password", tag = "auth", request_body = ResetPasswordBody,
    responses(
        (status = 200, body = LoginAnswer),
        (status = 400, description = "The password breaks the rules, or the link is unknown, already used or expired (the message says which)", body = ErrorBody),
        (status = 403, description = "Account or family deactivated", body = ErrorBody),
    ))]
async fn reset_password(
    State(state): State<AppState>,
    Body(body): Body<ResetPasswordBody>,
) -> ApiResult<Json<LoginAnswer>> {
    // Auth ends the sessions issued until some moment during the call; this
    // gateway ends those issued before the call at once (the new one, issued
    // after, is never among them), the rest when the event comes round.
    let before = chrono::Utc::now().timestamp_millis();
    let answer = state
        .clients
        .auth_public()
        .reset_password(pb::ResetPasswordRequest {
            token: body.token,
            password: body.password,
        })
        .await?
        .into_inner();
    if let Some(user) = &answer.user {
        state.revocations.end_sessions_locally(&user.id, before);
    }
    let mut answer = LoginAnswer::from(answer);
    if let LoginAnswer::Session(session) = &mut answer {
        crate::profile::complete_answer(&state.clients, session.as_mut()).await;
    }
    Ok(Json(answer))
}

/// Follows a verification link: the address it was mailed to is verified.
#[utoipa::path(post, path = "/auth/verify-email", tag = "auth", request_body = VerifyEmailBody,
    responses(
        (status = 200, body = VerifiedEmail),
        (status = 400, description = "The link is unknown, already used or expired (the message says which)", body = ErrorBody),
    ))]
async fn verify_email(
    State(state): State<AppState>,
    Body(body): Body<VerifyEmailBody>,
) -> ApiResult<Json<VerifiedEmail>> {
    let user = state
        .clients
        .auth_public()
        .verify_email(pb::VerifyEmailRequest { token: body.token })
        .await?
        .into_inner();
    Ok(Json(VerifiedEmail {
        email: user.email,
        email_verified: user.email_verified,
    }))
}

/// Mails the signed-in user a new link to verify their email.
#[utoipa::path(post, path = "/auth/resend-verification", tag = "auth", security(("bearer" = [])),
    responses(
        (status = 202, description = "Accepted: the link is mailed", body = Accepted),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 409, description = "The email is already verified", body = ErrorBody),
        (status = 429, description = "Too many mails sent to this address lately", body = ErrorBody),
    ))]
async fn resend_verification(
    State(state): State<AppState>,
    headers: HeaderMap,
    user: Authed,
) -> ApiResult<(StatusCode, Json<Accepted>)> {
    state
        .clients
        .auth(&user)
        .resend_verification(pb::ResendVerificationRequest {
            mail: Some(mail_context(&state, &headers)),
        })
        .await?;
    Ok((
        StatusCode::ACCEPTED,
        Json(Accepted {
            message: "We sent you a new verification link.".into(),
        }),
    ))
}

#[cfg(test)]
mod tests {
    use super::preferred_language;

    #[test]
    fn mails_follow_the_preferred_language_of_those_offered() {
        assert_eq!(preferred_language(""), "en");
        assert_eq!(preferred_language("es-MX,es;q=0.9,en;q=0.8"), "es");
        assert_eq!(preferred_language("fr-FR,fr;q=0.9,de;q=0.7,en;q=0.5"), "de");
        assert_eq!(preferred_language("en;q=0.2, de"), "de");
        assert_eq!(preferred_language("de;q=0"), "en");
        assert_eq!(preferred_language("zh"), "en");
    }
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
        .revoke_token_locally(&user.0.session_id, user.0.expires_at);
    Ok(StatusCode::NO_CONTENT)
}

/// Logs out everywhere, proven by the current password: every session of
/// the user, on every device, ends at once, this one included.
#[utoipa::path(post, path = "/auth/logout-everywhere", tag = "auth", security(("bearer" = [])),
    request_body = CurrentPasswordBody,
    responses(
        (status = 204, description = "Every session of the user has ended"),
        (status = 400, description = "The current password is missing or not right", body = ErrorBody),
        (status = 401, description = "The token was already refused", body = ErrorBody),
        (status = 403, description = "Not from the family tablet", body = ErrorBody),
        (status = 429, description = "Too many wrong passwords: locked for 15 minutes", body = ErrorBody),
    ))]
async fn logout_everywhere(
    State(state): State<AppState>,
    user: Authed,
    Body(body): Body<CurrentPasswordBody>,
) -> ApiResult<StatusCode> {
    // Auth ends the sessions issued until some moment during the call; this
    // gateway ends those issued before the call at once, the rest when the
    // event comes round (a login elsewhere just after is never among them).
    let before = chrono::Utc::now().timestamp_millis();
    state
        .clients
        .auth(&user)
        .logout_everywhere(pb::LogoutEverywhereRequest {
            current_password: body.current_password,
        })
        .await?;
    state
        .revocations
        .end_sessions_locally(&user.0.id.to_string(), before);
    Ok(StatusCode::NO_CONTENT)
}

/// Renews the access token of this session: the same session with a new
/// expiry. Tokens live an hour; the web app renews them while it is in use.
/// A token that is expired, logged out or otherwise revoked is not renewed.
#[utoipa::path(post, path = "/auth/renew", tag = "auth", security(("bearer" = [])),
    responses(
        (status = 200, body = RenewedToken),
        (status = 401, description = "The token is expired or its session ended", body = ErrorBody),
        (status = 403, description = "Account or family deactivated since", body = ErrorBody),
    ))]
async fn renew(State(state): State<AppState>, user: Authed) -> ApiResult<Json<RenewedToken>> {
    let renewed = state
        .clients
        .auth(&user)
        .renew_token(pb::RenewTokenRequest {})
        .await
        // A session auth ends (its 30 days are over, or it was logged out
        // while this call was on its way) reads as any ended session.
        .map_err(|status| match status.code() {
            tonic::Code::Unauthenticated => ApiError::refused(Refusal::Invalid),
            _ => ApiError::from(status),
        })?
        .into_inner();
    Ok(Json(RenewedToken {
        token: renewed.token,
    }))
}

/// Creates a family and its first parent, and logs them in; a link to
/// verify the email is mailed (in the `Accept-Language` of the request).
#[utoipa::path(post, path = "/auth/register", tag = "auth", request_body = RegisterBody,
    responses(
        (status = 201, body = AuthAnswer),
        (status = 400, description = "Invalid input", body = ErrorBody),
    ))]
async fn register(
    State(state): State<AppState>,
    headers: HeaderMap,
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
            mail: Some(mail_context(&state, &headers)),
        })
        .await?
        .into_inner();
    Ok((StatusCode::CREATED, Json(answer.into())))
}

/// Logs in with email and password. A user with two-factor sign-in on is
/// answered a challenge instead of a session: the login ends with
/// `POST /auth/login/mfa`.
#[utoipa::path(post, path = "/auth/login", tag = "auth", request_body = LoginBody,
    responses(
        (status = 200, body = LoginAnswer),
        (status = 401, description = "Wrong email or password", body = ErrorBody),
        (status = 403, description = "Account or family deactivated", body = ErrorBody),
        (status = 429, description = "Too many failed logins for this email; try again later", body = ErrorBody),
    ))]
async fn login(
    State(state): State<AppState>,
    Body(body): Body<LoginBody>,
) -> ApiResult<Json<LoginAnswer>> {
    let answer = state
        .clients
        .auth_public()
        .login(pb::LoginRequest {
            email: body.email,
            password: body.password,
        })
        .await?
        .into_inner();
    let mut answer = LoginAnswer::from(answer);
    if let LoginAnswer::Session(session) = &mut answer {
        crate::profile::complete_answer(&state.clients, session.as_mut()).await;
    }
    Ok(Json(answer))
}

/// The second step of a login with two-factor sign-in: the login's
/// `mfaToken` and a code of the authenticator app, or a recovery code (each
/// works once). The token is spent by the right code and allows 5 codes;
/// wrong codes count towards the account's own lock, apart from passwords.
#[utoipa::path(post, path = "/auth/login/mfa", tag = "auth", request_body = LoginMfaBody,
    responses(
        (status = 200, body = AuthAnswer),
        (status = 400, description = "The code is missing or not right", body = ErrorBody),
        (status = 401, description = "The login's token expired (5 minutes), was used, or has had its 5 codes: enter the password again", body = ErrorBody),
        (status = 403, description = "Account or family deactivated", body = ErrorBody),
        (status = 429, description = "Too many wrong codes for this account: locked for 30 minutes (the message says how long is left)", body = ErrorBody),
    ))]
async fn login_mfa(
    State(state): State<AppState>,
    headers: HeaderMap,
    Body(body): Body<LoginMfaBody>,
) -> ApiResult<Json<AuthAnswer>> {
    let answer = state
        .clients
        .auth_public()
        .login_mfa(pb::LoginMfaRequest {
            mfa_token: body.mfa_token,
            code: body.code,
            mail: Some(mail_context(&state, &headers)),
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
        (status = 409, description = "A member of the family already has the email", body = ErrorBody),
    ))]
async fn accept_invite(
    State(state): State<AppState>,
    headers: HeaderMap,
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
            mail: Some(mail_context(&state, &headers)),
        })
        .await?
        .into_inner();
    let mut answer = AuthAnswer::from(answer);
    crate::profile::complete_answer(&state.clients, &mut answer).await;
    Ok(Json(answer))
}
