//! The notification centre of the signed-in user, their notification
//! settings, and the one-click unsubscribe link of every notification mail
//! (RFC 8058): a mail app POSTs to it without opening it; a person clicking
//! it in the mail gets a small page whose button POSTs the same. A GET
//! changes nothing, since mail scanners open links to look at them.
//! Served by the auth service.

use axum::{
    Json,
    extract::State,
    http::{HeaderMap, HeaderValue, StatusCode, header},
    response::{Html, IntoResponse, Response},
};
use chorely_proto::auth::v1 as pb;
use utoipa_axum::{router::OpenApiRouter, routes};

use super::{AppState, Body, Query, auth::preferred_language};
use crate::{
    auth::Authed,
    error::{ApiError, ApiResult, ErrorBody},
    json::{
        MarkReadBody, MarkedRead, NotificationSettingsBody, NotificationSettingsView,
        NotificationsPage, NotificationsQuery, UnsubscribeQuery, Unsubscribed,
    },
};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(list_notifications))
        .routes(routes!(mark_read))
        .routes(routes!(get_settings, save_settings))
        .routes(routes!(unsubscribe_page, unsubscribe))
}

/// The caller's latest notifications, newest first, with the number unread.
#[utoipa::path(get, path = "/notifications", tag = "notifications", security(("bearer" = [])),
    params(NotificationsQuery),
    responses((status = 200, body = NotificationsPage),
        (status = 400, description = "A limit outside 1 to 100", body = ErrorBody),
        (status = 403, description = "An account of no family", body = ErrorBody)))]
async fn list_notifications(
    State(state): State<AppState>,
    user: Authed,
    Query(query): Query<NotificationsQuery>,
) -> ApiResult<Json<NotificationsPage>> {
    let answer = state
        .clients
        .notifications(&user)
        .list_notifications(pb::ListNotificationsRequest { limit: query.limit })
        .await?
        .into_inner();
    Ok(Json(answer.into()))
}

/// Marks the caller's notifications read: those named, or every one.
#[utoipa::path(post, path = "/notifications/read", tag = "notifications", security(("bearer" = [])),
    request_body = MarkReadBody,
    responses((status = 200, body = MarkedRead),
        (status = 400, description = "More than 100 ids", body = ErrorBody),
        (status = 403, description = "An account of no family", body = ErrorBody),
        (status = 404, description = "An id that is not one of the caller's notifications", body = ErrorBody)))]
async fn mark_read(
    State(state): State<AppState>,
    user: Authed,
    Body(body): Body<MarkReadBody>,
) -> ApiResult<Json<MarkedRead>> {
    let answer = state
        .clients
        .notifications(&user)
        .mark_read(pb::MarkReadRequest {
            ids: body.ids.unwrap_or_default(),
        })
        .await?
        .into_inner();
    Ok(Json(MarkedRead {
        marked: answer.marked,
        unread: answer.unread,
    }))
}

/// The caller's notification settings: the defaults (everything on, the
/// digest at 18:00, the weekly summary on Sundays) until saved.
#[utoipa::path(get, path = "/users/me/notifications", tag = "notifications", security(("bearer" = [])),
    responses((status = 200, body = NotificationSettingsView),
        (status = 403, description = "An account of no family", body = ErrorBody)))]
async fn get_settings(
    State(state): State<AppState>,
    user: Authed,
) -> ApiResult<Json<NotificationSettingsView>> {
    let answer = state
        .clients
        .notifications(&user)
        .get_settings(pb::GetSettingsRequest {})
        .await?
        .into_inner();
    Ok(Json(answer.into()))
}

/// Saves the caller's notification settings; mails are written in the
/// language of this request from now on.
#[utoipa::path(put, path = "/users/me/notifications", tag = "notifications", security(("bearer" = [])),
    request_body = NotificationSettingsBody,
    responses((status = 200, body = NotificationSettingsView),
        (status = 400, description = "A time, day or kind refused (naming it)", body = ErrorBody),
        (status = 403, description = "An account of no family", body = ErrorBody)))]
async fn save_settings(
    State(state): State<AppState>,
    user: Authed,
    headers: HeaderMap,
    Body(body): Body<NotificationSettingsBody>,
) -> ApiResult<Json<NotificationSettingsView>> {
    let language = preferred_language(
        headers
            .get(header::ACCEPT_LANGUAGE)
            .and_then(|v| v.to_str().ok())
            .unwrap_or_default(),
    );
    let answer = state
        .clients
        .notifications(&user)
        .save_settings(pb::NotificationSettings {
            kinds: body
                .kinds
                .unwrap_or_default()
                .into_iter()
                .map(|k| pb::KindSetting {
                    kind: k.kind.as_str().to_owned(),
                    in_app: k.in_app,
                    email: k.email,
                })
                .collect(),
            digest_time: body.digest_time,
            weekly_summary: body.weekly_summary,
            weekly_summary_day: body.weekly_summary_day,
            time_zone: String::new(),
            language: language.to_owned(),
        })
        .await?
        .into_inner();
    Ok(Json(answer.into()))
}

/// The words of the unsubscribe pages.
struct Page {
    title: &'static str,
    ask: &'static str,
    button: &'static str,
    done: &'static str,
    unknown: &'static str,
}

fn page_words(headers: &HeaderMap) -> (&'static str, Page) {
    let accept = headers
        .get(header::ACCEPT_LANGUAGE)
        .and_then(|v| v.to_str().ok())
        .unwrap_or_default();
    let language = preferred_language(accept);
    let page = match language {
        "es" => Page {
            title: "Darse de baja",
            ask: "¿Dejar de recibir este tipo de correo de Chorely?",
            button: "Darme de baja",
            done: "Listo: ya no recibirás este tipo de correo. Puedes volver a activarlo en tu perfil.",
            unknown: "Este enlace para darse de baja no es válido.",
        },
        "de" => Page {
            title: "Abbestellen",
            ask: "Diese Art von E-Mails von Chorely nicht mehr bekommen?",
            button: "Abbestellen",
            done: "Erledigt: Du bekommst diese Art von E-Mails nicht mehr. In deinem Profil kannst du sie wieder einschalten.",
            unknown: "Dieser Abbestell-Link ist nicht gültig.",
        },
        _ => Page {
            title: "Unsubscribe",
            ask: "Stop getting this kind of email from Chorely?",
            button: "Unsubscribe",
            done: "Done: you will not get this kind of email any more. You can turn it back on in your profile.",
            unknown: "This unsubscribe link is not valid.",
        },
    };
    (language, page)
}

fn html(language: &str, title: &str, body: &str) -> Response {
    let mut response = Html(format!(
        "<!doctype html><html lang=\"{language}\"><head><meta charset=\"utf-8\">\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\
         <title>{title}</title></head><body><main><h1>{title}</h1>{body}</main></body></html>"
    ))
    .into_response();
    response.headers_mut().insert(
        header::REFERRER_POLICY,
        HeaderValue::from_static("no-referrer"),
    );
    response
}

/// Only characters a token has may be written back into the page.
fn clean(token: &str) -> Option<&str> {
    (!token.is_empty()
        && token.len() <= 100
        && token
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_'))
    .then_some(token)
}

/// The page a person sees when clicking the unsubscribe link in a mail: a
/// button that turns that kind of mail off. Changes nothing itself.
#[utoipa::path(get, path = "/notifications/unsubscribe", tag = "notifications",
    params(UnsubscribeQuery),
    responses((status = 200, description = "A page with the button", content_type = "text/html",
            body = String)))]
async fn unsubscribe_page(headers: HeaderMap, Query(query): Query<UnsubscribeQuery>) -> Response {
    let (language, words) = page_words(&headers);
    let Some(token) = clean(&query.token) else {
        return html(language, words.title, &format!("<p>{}</p>", words.unknown));
    };
    html(
        language,
        words.title,
        &format!(
            "<p>{}</p><form method=\"post\" action=\"?token={token}\">\
             <input type=\"hidden\" name=\"List-Unsubscribe\" value=\"One-Click\">\
             <button type=\"submit\">{}</button></form>",
            words.ask, words.button
        ),
    )
}

/// Turns off the kind of mail the link came with (RFC 8058 one-click: the
/// body `List-Unsubscribe=One-Click` is what mail apps send; it is not
/// needed). No bearer token: the link's token is the credential. A browser
/// (asking for HTML) gets a page saying it is done.
#[utoipa::path(post, path = "/notifications/unsubscribe", tag = "notifications",
    params(UnsubscribeQuery),
    responses((status = 200, body = Unsubscribed),
        (status = 404, description = "An unknown token", body = ErrorBody)))]
async fn unsubscribe(
    State(state): State<AppState>,
    headers: HeaderMap,
    Query(query): Query<UnsubscribeQuery>,
) -> Result<Response, ApiError> {
    let browser = headers
        .get(header::ACCEPT)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|accept| accept.contains("text/html"));
    let (language, words) = page_words(&headers);
    let answer = state
        .clients
        .notifications_public()
        .unsubscribe(pb::UnsubscribeRequest { token: query.token })
        .await;
    match (answer, browser) {
        (Ok(done), false) => Ok(Json(Unsubscribed {
            mail: done.into_inner().mail,
        })
        .into_response()),
        (Ok(_), true) => Ok(html(
            language,
            words.title,
            &format!("<p>{}</p>", words.done),
        )),
        (Err(status), true) if status.code() == tonic::Code::NotFound => {
            let mut page = html(language, words.title, &format!("<p>{}</p>", words.unknown));
            *page.status_mut() = StatusCode::NOT_FOUND;
            Ok(page)
        }
        (Err(status), _) => Err(status.into()),
    }
}
