//! Every failure of the API as one JSON shape, `{"error", "message"}`, both
//! carrying the text users see (the web reads `message` first, then `error`).
//! Service errors are mapped from gRPC codes to HTTP status here and only here.

use axum::{
    Json,
    extract::rejection::JsonRejection,
    http::StatusCode,
    response::{IntoResponse, Response},
};
use serde::Serialize;
use tonic::Code;
use utoipa::ToSchema;

/// The body of every error answer.
#[derive(Debug, Serialize, ToSchema)]
pub struct ErrorBody {
    /// What went wrong, in words fit for the user.
    #[schema(example = "Invalid email or password")]
    pub error: String,
    /// The same text (clients read `message` first).
    pub message: String,
}

#[derive(Debug)]
pub struct ApiError {
    pub status: StatusCode,
    pub message: String,
}

const UNAVAILABLE: &str = "The service is temporarily unavailable. Please try again.";

impl ApiError {
    pub fn new(status: StatusCode, message: impl Into<String>) -> Self {
        Self {
            status,
            message: message.into(),
        }
    }

    pub fn unauthorized(message: impl Into<String>) -> Self {
        Self::new(StatusCode::UNAUTHORIZED, message)
    }

    pub fn bad_request(message: impl Into<String>) -> Self {
        Self::new(StatusCode::BAD_REQUEST, message)
    }

    pub fn not_found() -> Self {
        Self::new(StatusCode::NOT_FOUND, "Not found")
    }
}

/// gRPC code → HTTP status, the one place the gateway decides it.
pub fn http_status(code: Code) -> StatusCode {
    match code {
        Code::Ok => StatusCode::OK,
        Code::InvalidArgument | Code::OutOfRange => StatusCode::BAD_REQUEST,
        Code::Unauthenticated => StatusCode::UNAUTHORIZED,
        Code::PermissionDenied => StatusCode::FORBIDDEN,
        Code::NotFound => StatusCode::NOT_FOUND,
        Code::AlreadyExists | Code::Aborted | Code::FailedPrecondition => StatusCode::CONFLICT,
        Code::ResourceExhausted => StatusCode::TOO_MANY_REQUESTS,
        Code::Unimplemented => StatusCode::NOT_IMPLEMENTED,
        Code::Unavailable => StatusCode::SERVICE_UNAVAILABLE,
        Code::DeadlineExceeded => StatusCode::GATEWAY_TIMEOUT,
        Code::Cancelled | Code::Unknown | Code::Internal | Code::DataLoss => {
            StatusCode::INTERNAL_SERVER_ERROR
        }
    }
}

impl From<tonic::Status> for ApiError {
    fn from(status: tonic::Status) -> Self {
        let http = http_status(status.code());
        let message = match status.code() {
            // Transport failures carry connection details; users get none of them.
            Code::Unavailable if status.message().starts_with("The ") => {
                status.message().to_owned()
            }
            Code::Unavailable | Code::DeadlineExceeded => {
                tracing::error!(code = ?status.code(), message = status.message(), "service unavailable");
                UNAVAILABLE.to_owned()
            }
            _ if http.is_server_error() => {
                tracing::error!(code = ?status.code(), message = status.message(), "service failed");
                kit::error::INTERNAL_MESSAGE.to_owned()
            }
            _ => status.message().to_owned(),
        };
        Self {
            status: http,
            message,
        }
    }
}

impl From<JsonRejection> for ApiError {
    fn from(rejection: JsonRejection) -> Self {
        let status = match &rejection {
            JsonRejection::MissingJsonContentType(_) => StatusCode::UNSUPPORTED_MEDIA_TYPE,
            _ => StatusCode::BAD_REQUEST,
        };
        Self::new(
            status,
            format!("Invalid request body: {}", rejection.body_text()),
        )
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let body = ErrorBody {
            error: self.message.clone(),
            message: self.message,
        };
        (self.status, Json(body)).into_response()
    }
}

pub type ApiResult<T> = Result<T, ApiError>;
