//! Chores submitted by children (with photo proof) and their review by parents.

use axum::{
    Json,
    body::Bytes,
    extract::{
        DefaultBodyLimit, Multipart, State,
        multipart::{Field, MultipartError, MultipartRejection},
    },
    http::{HeaderMap, StatusCode},
    response::Response,
};
use std::collections::HashMap;

use chorely_proto::{
    chores::v1 as pb,
    rewards::v1::{GetChildSummariesRequest, Multiplier},
};
use chrono::DateTime;
use kit::{codes, validate::PHOTO_MAX_BYTES};
use utoipa_axum::{router::OpenApiRouter, routes};

use super::{AppState, Body, Path, Query};
use crate::{
    auth::Authed,
    error::{ApiError, ApiResult, ErrorBody},
    json::{
        Availability, PayPreview, ReviewBody, Submission, SubmissionForm, SubmissionStatus,
        SubmissionsQuery,
    },
    kept::{self, Key, Whole},
};

/// An upload is read to the end up to this size, so that even a photo over
/// the limit gets a proper answer rather than a cut connection.
const UPLOAD_READ_LIMIT: usize = 3 * PHOTO_MAX_BYTES + 64 * 1024;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(list))
        .routes(routes!(availability))
        .routes(routes!(history))
        .routes(routes!(get))
        .routes(routes!(review))
}

/// The photo upload, with its own body limit (every other route keeps the small one).
pub fn uploads() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(create))
        .layer(DefaultBodyLimit::max(UPLOAD_READ_LIMIT))
}

/// When each chore can next be done by the calling child.
#[utoipa::path(get, path = "/submissions/availability", tag = "submissions", security(("bearer" = [])),
    responses((status = 200, body = [Availability]),
        (status = 403, description = "Only children submit chores", body = ErrorBody)))]
async fn availability(
    State(state): State<AppState>,
    user: Authed,
) -> ApiResult<Json<Vec<Availability>>> {
    let answer = state
        .clients
        .chores(&user)
        .get_availability(pb::GetAvailabilityRequest {})
        .await?
        .into_inner();
    Ok(Json(
        answer
            .availability
            .into_iter()
            .map(Availability::from)
            .collect(),
    ))
}

/// Submits a chore as done (children), as `multipart/form-data`.
#[utoipa::path(post, path = "/submissions", tag = "submissions", security(("bearer" = [])),
    params(("Idempotency-Key" = Option<String>, Header,
        description = "1 to 100 letters, digits, '-' or '_', chosen by the device for one send: sent again by the same child with the same key, the first submission answers again (201) instead of another being made")),
    request_body(content = SubmissionForm, content_type = "multipart/form-data"),
    responses((status = 201, body = Submission),
        (status = 400, description = "Invalid input, or the photo is not a whole JPEG, PNG or WebP image", body = ErrorBody),
        (status = 403, body = ErrorBody), (status = 404, body = ErrorBody),
        (status = 409, description = "The chore is not available again yet", body = ErrorBody),
        (status = 413, description = "The photo is over 10 MB", body = ErrorBody)))]
async fn create(
    State(state): State<AppState>,
    user: Authed,
    headers: HeaderMap,
    form: Result<Multipart, MultipartRejection>,
) -> ApiResult<(StatusCode, Json<Submission>)> {
    let mut request = read_form(form.map_err(|r| ApiError::bad_request(r.body_text()))?).await?;
    // Checked by the chores service; a key that is not text is no valid key.
    if let Some(key) = headers.get("idempotency-key") {
        request.idempotency_key = key.to_str().unwrap_or("\u{fffd}").to_owned();
    }
    let submission = state
        .clients
        .chores(&user)
        .create_submission(request)
        .await?
        .into_inner();
    Ok((StatusCode::CREATED, Json(submission.into())))
}

/// The submission form as the chores service's request. Unknown fields are
/// ignored; the photo is read in chunks and never past its limit.
async fn read_form(mut form: Multipart) -> ApiResult<pb::CreateSubmissionRequest> {
    let mut request = pb::CreateSubmissionRequest::default();
    let mut too_large = false;
    while let Some(mut field) = form.next_field().await.map_err(form_error)? {
        match field.name().unwrap_or_default() {
            "choreId" => request.chore_id = text(field).await?,
            "completedAt" => {
                let raw = text(field).await?;
                if !raw.trim().is_empty() {
                    let at = DateTime::parse_from_rfc3339(raw.trim()).map_err(|_| {
                        ApiError::field("completedAt", codes::completion_time_invalid())
                    })?;
                    request.completed_at = Some(kit::time::to_proto(at.to_utc()));
                }
            }
            "notes" => request.notes = text(field).await?,
            "photo" => {
                while let Some(chunk) = field.chunk().await.map_err(form_error)? {
                    if request.photo.len() + chunk.len() > PHOTO_MAX_BYTES {
                        too_large = true;
                    }
                    if !too_large {
                        request.photo.extend_from_slice(&chunk);
                    }
                }
            }
            _ => drain(field).await?,
        }
    }
    if too_large {
        return Err(photo_too_large());
    }
    Ok(request)
}

/// The longest text field accepted (notes are the longest, and far shorter):
/// a longer one is refused before it is held in memory.
const TEXT_MAX_BYTES: usize = 16 * 1024;

/// A text field of the form, refused (naming it) when too long, not UTF-8 or
/// holding a NUL.
async fn text(mut field: Field<'_>) -> ApiResult<String> {
    let name = field.name().unwrap_or_default().to_owned();
    let mut bytes = Vec::new();
    while let Some(chunk) = field.chunk().await.map_err(form_error)? {
        if bytes.len() + chunk.len() > TEXT_MAX_BYTES {
            return Err(ApiError::field(name, codes::form_field_too_long()));
        }
        bytes.extend_from_slice(&chunk);
    }
    let text = String::from_utf8(bytes)
        .map_err(|_| ApiError::field(&name, codes::form_field_not_text()))?;
    if text.contains('\0') {
        return Err(ApiError::bad_text(name));
    }
    Ok(text)
}

async fn drain(mut field: Field<'_>) -> ApiResult<()> {
    while field.chunk().await.map_err(form_error)?.is_some() {}
    Ok(())
}

fn form_error(err: MultipartError) -> ApiError {
    if err.status() == StatusCode::PAYLOAD_TOO_LARGE {
        photo_too_large()
    } else {
        codes::invalid_form(err.body_text()).into()
    }
}

/// A photo over its limit: a 413, as HTTP names it.
fn photo_too_large() -> ApiError {
    ApiError::from(codes::photo_too_large()).with_status(StatusCode::PAYLOAD_TOO_LARGE)
}

/// Submissions, oldest first: the family's for parents (the review queue with
/// `status=PENDING`, its oldest 500), their own for a child; any other list
/// holds the latest `limit` (50 unless asked for up to 200). Pending ones
/// carry what approving them would pay now (`payPreview`).
#[utoipa::path(get, path = "/submissions", tag = "submissions", security(("bearer" = [])),
    params(SubmissionsQuery),
    responses((status = 200, body = [Submission]), (status = 400, body = ErrorBody)))]
async fn list(
    State(state): State<AppState>,
    user: Authed,
    Query(query): Query<SubmissionsQuery>,
) -> ApiResult<Response> {
    let status = query.status.map_or(0, SubmissionStatus::to_proto);
    let key = Key::submissions(&user.0, status, query.limit);
    let body = state
        .kept
        .or_compose_whole(key, compose_list(&state, &user, &query, status))
        .await?;
    Ok(kept::json(body))
}

/// The list as JSON (`status` is the query's, as the services name it),
/// asked of the services; not whole when pending ones went without what
/// approving them would pay.
async fn compose_list(
    state: &AppState,
    user: &Authed,
    query: &SubmissionsQuery,
    status: i32,
) -> ApiResult<(Bytes, Whole)> {
    // What approving would pay is asked beside the list, not after it (the
    // two are the queue's two slowest parts), whenever pending ones may be in it.
    let may_hold_pending = matches!(query.status, None | Some(SubmissionStatus::PENDING));
    let (answer, multipliers) = tokio::join!(
        async {
            state
                .clients
                .chores(user)
                .list_submissions(pb::ListSubmissionsRequest {
                    status,
                    limit: query.limit,
                })
                .await
        },
        async {
            if may_hold_pending {
                current_multipliers(state, user).await
            } else {
                Some(HashMap::new())
            }
        },
    );
    let answer = answer?.into_inner();
    let whole = if multipliers.is_some() {
        Whole::Yes
    } else {
        Whole::No
    };
    let multipliers = multipliers.unwrap_or_default();
    let list: Vec<Submission> = answer
        .submissions
        .into_iter()
        .map(|s| {
            let preview = multipliers
                .get(&s.child_id)
                .filter(|_| s.status() == pb::SubmissionStatus::Pending)
                .map(|m| PayPreview::new(s.base_reward_cents, *m));
            Submission {
                pay_preview: preview,
                ..Submission::from(s)
            }
        })
        .collect();
    Ok((kept::to_json(&list, "a list of submissions")?, whole))
}

/// The current multiplier of each child the caller may see (a child: their
/// own), read from rewards as the approval reads it. Without it the queue
/// still works, only without what an approval would pay (`None`).
async fn current_multipliers(
    state: &AppState,
    user: &Authed,
) -> Option<HashMap<String, Multiplier>> {
    match state
        .clients
        .rewards(user)
        .get_child_summaries(GetChildSummariesRequest::default())
        .await
    {
        Ok(answer) => Some(
            answer
                .into_inner()
                .children
                .into_iter()
                .filter_map(|c| Some((c.child_id, c.multiplier?)))
                .collect(),
        ),
        Err(status) => {
            tracing::warn!(code = ?status.code(), message = status.message(), "no pay preview");
            None
        }
    }
}

/// Recently reviewed submissions, newest first (at most 50).
#[utoipa::path(get, path = "/submissions/history", tag = "submissions", security(("bearer" = [])),
    responses((status = 200, body = [Submission])))]
async fn history(State(state): State<AppState>, user: Authed) -> ApiResult<Json<Vec<Submission>>> {
    let answer = state
        .clients
        .chores(&user)
        .list_history(pb::ListHistoryRequest {
            limit: 0,
            brief: false,
        })
        .await?
        .into_inner();
    Ok(Json(
        answer
            .submissions
            .into_iter()
            .map(Submission::from)
            .collect(),
    ))
}

/// One submission of the caller's family (a child's own only).
#[utoipa::path(get, path = "/submissions/{id}", tag = "submissions", security(("bearer" = [])),
    params(("id" = String, Path)),
    responses((status = 200, body = Submission), (status = 404, body = ErrorBody)))]
async fn get(
    State(state): State<AppState>,
    user: Authed,
    Path(id): Path<String>,
) -> ApiResult<Json<Submission>> {
    let submission = state
        .clients
        .chores(&user)
        .get_submission(pb::GetSubmissionRequest { id })
        .await?
        .into_inner();
    Ok(Json(submission.into()))
}

/// Approves or rejects a pending submission (parents only). An approval pays
/// the chore's reward times the child's multiplier.
#[utoipa::path(patch, path = "/submissions/{id}/review", tag = "submissions", security(("bearer" = [])),
    params(("id" = String, Path)), request_body = ReviewBody,
    responses((status = 200, body = Submission), (status = 400, body = ErrorBody),
        (status = 404, body = ErrorBody),
        (status = 409, description = "Already reviewed", body = ErrorBody),
        (status = 503, description = "The multiplier could not be read; nothing was approved", body = ErrorBody)))]
async fn review(
    State(state): State<AppState>,
    user: Authed,
    Path(id): Path<String>,
    Body(body): Body<ReviewBody>,
) -> ApiResult<Json<Submission>> {
    let status = body
        .status
        .ok_or_else(|| ApiError::field("status", codes::decision_invalid()))?;
    let submission = state
        .clients
        .chores(&user)
        .review_submission(pb::ReviewSubmissionRequest {
            id,
            status: status.to_proto(),
            admin_notes: body.admin_notes.unwrap_or_default(),
        })
        .await?
        .into_inner();
    Ok(Json(submission.into()))
}
