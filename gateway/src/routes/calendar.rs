//! Calendar feeds: each signed-in member makes private iCalendar URLs for
//! their calendar apps (a parent's shows every child's chores, a child's
//! their own), lists and removes them. The feed itself is read with the
//! token in its URL and no bearer token: calendar apps cannot send one.

use axum::{
    Json,
    extract::State,
    http::{HeaderValue, StatusCode, header},
    response::{IntoResponse, Response},
};
use chorely_proto::{auth::v1 as auth_pb, chores::v1 as pb};
use utoipa_axum::{router::OpenApiRouter, routes};

use super::{AppState, Body, Path};
use crate::{
    auth::Authed,
    error::{ApiError, ApiResult, ErrorBody},
    json::{CalendarFeed, CreatedCalendarFeed, CurrentPasswordBody},
};

/// The path of a feed under `/api`, before its token.
pub const FEED_PATH: &str = "/calendar";

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(list_feeds, create_feed))
        .routes(routes!(delete_feed))
        .routes(routes!(feed))
}

/// The caller's calendar feeds, newest first (their URLs are not answered
/// again); a parent's list holds every feed of the family, each naming the
/// member who made it.
#[utoipa::path(get, path = "/calendar/feeds", tag = "calendar", security(("bearer" = [])),
    responses((status = 200, body = [CalendarFeed]),
        (status = 403, description = "Not from the family tablet", body = ErrorBody)))]
async fn list_feeds(
    State(state): State<AppState>,
    user: Authed,
) -> ApiResult<Json<Vec<CalendarFeed>>> {
    let answer = state
        .clients
        .calendar(&user)
        .list_feeds(pb::ListFeedsRequest {})
        .await?
        .into_inner();
    Ok(Json(
        answer.feeds.into_iter().map(CalendarFeed::from).collect(),
    ))
}

/// Makes a private calendar feed for the caller, proven by the current
/// password: its URL, answered this once, works without signing in until
/// the feed is deleted. At most five per member.
#[utoipa::path(post, path = "/calendar/feeds", tag = "calendar", security(("bearer" = [])),
    request_body = CurrentPasswordBody,
    responses((status = 201, body = CreatedCalendarFeed),
        (status = 400, description = "The current password is missing or not right", body = ErrorBody),
        (status = 403, description = "Not a parent or child of a family, or from the family tablet", body = ErrorBody),
        (status = 409, description = "Already five feeds", body = ErrorBody),
        (status = 429, description = "Too many wrong passwords: locked for 15 minutes", body = ErrorBody)))]
async fn create_feed(
    State(state): State<AppState>,
    user: Authed,
    Body(body): Body<CurrentPasswordBody>,
) -> ApiResult<(StatusCode, Json<CreatedCalendarFeed>)> {
    // A URL that outlives every session: the owner proves it is them.
    state
        .clients
        .auth(&user)
        .confirm_password(auth_pb::ConfirmPasswordRequest {
            current_password: body.current_password,
        })
        .await?;
    let created = state
        .clients
        .calendar(&user)
        .create_feed(pb::CreateFeedRequest {})
        .await?
        .into_inner();
    let feed = created.feed.map(CalendarFeed::from);
    Ok((
        StatusCode::CREATED,
        Json(CreatedCalendarFeed {
            url: format!("{}/api{FEED_PATH}/{}.ics", state.public_url, created.token),
            id: feed.as_ref().map(|f| f.id.clone()).unwrap_or_default(),
            created_at: feed.and_then(|f| f.created_at),
        }),
    ))
}

/// Deletes one of the caller's calendar feeds (a parent: any of the
/// family's): its URL answers 404 from now on.
#[utoipa::path(delete, path = "/calendar/feeds/{id}", tag = "calendar", security(("bearer" = [])),
    params(("id" = String, Path)),
    responses((status = 204, description = "The feed is deleted"),
        (status = 404, description = "No such feed of the caller", body = ErrorBody)))]
async fn delete_feed(
    State(state): State<AppState>,
    user: Authed,
    Path(id): Path<String>,
) -> ApiResult<StatusCode> {
    state
        .clients
        .calendar(&user)
        .delete_feed(pb::DeleteFeedRequest { id })
        .await?;
    Ok(StatusCode::NO_CONTENT)
}

/// A calendar feed (RFC 5545): the chores due or coming back in the next
/// 60 days and the children's birthdays. Needs no bearer token: the token
/// in the path is the credential. 404 for an unknown or deleted feed.
#[utoipa::path(get, path = "/calendar/{file}", tag = "calendar",
    params(("file" = String, Path, description = "The feed's token followed by `.ics`")),
    responses((status = 200, description = "The calendar", content_type = "text/calendar",
            body = String),
        (status = 404, description = "No such feed", body = ErrorBody)))]
async fn feed(
    State(state): State<AppState>,
    Path(file): Path<String>,
) -> Result<Response, ApiError> {
    let Some(token) = file.strip_suffix(".ics") else {
        return Err(kit::codes::feed_not_found().into());
    };
    let calendar = state
        .clients
        .calendar_public()
        .get_feed_calendar(pb::GetFeedCalendarRequest {
            token: token.to_owned(),
        })
        .await?
        .into_inner();
    let mut response = calendar.ics.into_response();
    let headers = response.headers_mut();
    headers.insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("text/calendar; charset=utf-8"),
    );
    // Private to whoever holds the URL: like every /api answer it carries
    // `Cache-Control: no-store` (startup's API_HEADERS), so no cache keeps it.
    headers.insert(
        header::CONTENT_DISPOSITION,
        HeaderValue::from_static("inline; filename=\"chorely.ics\""),
    );
    Ok(response)
}
