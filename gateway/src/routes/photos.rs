//! `GET /api/photos/…`: a submission's photo, through the link the API
//! handed out (see [`crate::photos`]).

use axum::{
    extract::{OriginalUri, State},
    http::{HeaderValue, header},
    response::{IntoResponse, Response},
};
use kit::codes;

use super::AppState;
use crate::{
    error::ApiError,
    photos::{PREFIX, PhotoError},
};

/// The photo a link names, as the store has it, typed by its own bytes.
pub async fn serve(State(state): State<AppState>, OriginalUri(uri): OriginalUri) -> Response {
    let asked = uri
        .path_and_query()
        .map(|pq| pq.as_str())
        .and_then(|pq| pq.strip_prefix(PREFIX))
        .unwrap_or_default();
    match state.photos.read(asked).await {
        Ok(photo) => {
            let mut answer = photo.body.into_response();
            let headers = answer.headers_mut();
            headers.insert(
                header::CONTENT_TYPE,
                HeaderValue::from_static(photo.content_type),
            );
            // What this route is for: set here, not left to the layers
            // around every answer, so a photo never goes without it.
            headers.insert(
                header::X_CONTENT_TYPE_OPTIONS,
                HeaderValue::from_static("nosniff"),
            );
            if let Some(length) = photo.length {
                headers.insert(header::CONTENT_LENGTH, HeaderValue::from(length));
            }
            answer
        }
        Err(err) => ApiError::from(err).into_response(),
    }
}

impl From<PhotoError> for ApiError {
    fn from(err: PhotoError) -> Self {
        match err {
            PhotoError::Refused => codes::photo_link_invalid().into(),
            PhotoError::NotFound => codes::photo_not_found().into(),
            PhotoError::NotAPhoto => {
                tracing::warn!("the photo store answered a signed link with no photo");
                codes::photo_not_found().into()
            }
            PhotoError::Unavailable(cause) => {
                tracing::warn!(%cause, "the photo store could not be read");
                unavailable()
            }
            PhotoError::Unexpected(status) => {
                tracing::warn!(%status, "the photo store answered a read unexpectedly");
                unavailable()
            }
        }
    }
}

fn unavailable() -> ApiError {
    codes::photos_unavailable().into()
}
