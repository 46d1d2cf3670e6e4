//! Every failure of the API as one JSON shape, `{"error", "message",
//! "details"?}`: `error` and `message` carry the text users see (the web
//! reads `message` first, then `error`), and `details` names each request
//! field that was refused, so a form can show the text beside its input.
//! Service errors are mapped from gRPC codes to HTTP status here and only
//! here; what is decided on comes from the services' typed error details,
//! never from the wording of a message.
//!
//! A failed answer (5xx) is logged once, inside the request's span: where
//! its cause is known (a service that failed or could not be reached), with
//! that cause, the answer then carrying [`CauseLogged`]; any other by
//! [`FailuresOnce`], with its status and latency. tower-http's own failure
//! line came on top of the first kind: two ERROR lines per failed request,
//! over a million in a minute while a service was down under load.

use axum::{
    Json,
    http::StatusCode,
    response::{IntoResponse, Response},
};
use kit::authn::Refusal;
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
    /// The request fields that were refused, each with its own text; absent
    /// when the failure is not about a field.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub details: Option<Vec<FieldDetail>>,
    /// What happened, for clients to act on without reading the text;
    /// absent when no code applies.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub code: Option<ErrorCode>,
    /// The values the text names, for a client to word it itself (a
    /// refusal of the catalogue that names values); absent otherwise.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(value_type = Option<HashMap<String, ErrorParam>>, example = json!({"item": "Console", "price": 500.0, "name": "Mia", "spend": 0.0}))]
    pub params: Option<ErrorParams>,
}

/// Stable names of failures a client treats apart: the refusals of the
/// catalogue (proto/errors/, the texts a user may see, with `params`). On a
/// 401: there is no session (`AUTHENTICATION_REQUIRED`), or it ended because
/// the token is invalid or expired (`UNAUTHENTICATED`), its user was
/// deactivated (`ACCOUNT_DEACTIVATED`) or its family suspended
/// (`FAMILY_SUSPENDED`). On a 403: a super admin must set up two-factor
/// sign-in before the console (`MFA_SETUP_REQUIRED`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(transparent)]
pub struct ErrorCode(&'static str);

impl ErrorCode {
    pub const UNAUTHENTICATED: Self = Self(kit::codes::UNAUTHENTICATED.code);
    /// Answered on a 401 when a session's user or family is no more (and by
    /// auth on a 403 at login).
    pub const ACCOUNT_DEACTIVATED: Self = Self(kit::codes::ACCOUNT_DEACTIVATED.code);
    pub const FAMILY_SUSPENDED: Self = Self(kit::codes::FAMILY_SUSPENDED.code);
    pub const MFA_SETUP_REQUIRED: Self = Self(kit::codes::MFA_SETUP_REQUIRED.code);

    pub fn as_str(self) -> &'static str {
        self.0
    }
}

impl utoipa::PartialSchema for ErrorCode {
    fn schema() -> utoipa::openapi::RefOr<utoipa::openapi::schema::Schema> {
        use utoipa::openapi::schema::{ObjectBuilder, SchemaType, Type};
        let codes = kit::codes::ALL.iter().map(|spec| spec.code);
        ObjectBuilder::new()
            .schema_type(SchemaType::new(Type::String))
            .enum_values(Some(codes))
            .into()
    }
}

impl ToSchema for ErrorCode {}

/// One value a refusal's text names: words, a date, a jar, or a number.
pub struct ErrorParam;

impl utoipa::PartialSchema for ErrorParam {
    fn schema() -> utoipa::openapi::RefOr<utoipa::openapi::schema::Schema> {
        use utoipa::openapi::schema::{ObjectBuilder, OneOfBuilder, SchemaType, Type};
        OneOfBuilder::new()
            .item(ObjectBuilder::new().schema_type(SchemaType::new(Type::String)))
            .item(ObjectBuilder::new().schema_type(SchemaType::new(Type::Number)))
            .into()
    }
}

impl ToSchema for ErrorParam {}

/// The refusal catalogue as the web reads it (`gateway error-catalogue`):
/// `codes`, each with its English text and the kind of each value it names,
/// and `labels`, the English names of fields those texts may name.
pub fn catalogue_json() -> serde_json::Value {
    let codes: serde_json::Map<_, _> = kit::codes::ALL
        .iter()
        .map(|spec| {
            let params: serde_json::Map<_, _> = spec
                .params
                .iter()
                .map(|(name, kind)| ((*name).to_owned(), kind.as_str().into()))
                .collect();
            let mut entry = serde_json::json!({ "en": spec.en, "params": params });
            if let Some(one) = spec.en_one {
                entry["en_one"] = one.into();
            }
            (spec.code.to_owned(), entry)
        })
        .collect();
    let labels: serde_json::Map<_, _> = kit::codes::Label::ALL
        .iter()
        .map(|label| (label.name().to_owned(), label.english().into()))
        .collect();
    serde_json::json!({ "codes": codes, "labels": labels })
}

/// The values a refusal's text names, by name (a refusal of the catalogue):
/// money in dollars, counts as whole numbers, dates as YYYY-MM-DD, jars as
/// SPEND, SAVE or GIVE, a field's label by its name (`firstName`), words as
/// they are.
pub type ErrorParams = serde_json::Map<String, serde_json::Value>;

fn params_of(refusal: &kit::refusal::Refusal) -> ErrorParams {
    use kit::refusal::Value;
    use serde_json::Value as Json;
    refusal
        .params()
        .map(|(name, _, value)| {
            let json = match value {
                Value::Count(n) => Json::from(*n),
                Value::Money(cents) => Json::from(crate::money::to_dollars(*cents)),
                Value::Text(_) | Value::Date(_) | Value::Jar(_) | Value::Label(_) => {
                    Json::from(value.wire())
                }
            };
            (name.to_owned(), json)
        })
        .collect()
}

/// One refused request field.
#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
pub struct FieldDetail {
    /// The field's name in the request (`firstName`, `customScale`), or a
    /// path into it for nested values (`thresholds.A`).
    #[schema(example = "firstName")]
    pub field: String,
    #[schema(example = "First name is required")]
    pub message: String,
    /// Why the field was refused: a code of the catalogue.
    #[schema(example = "REQUIRED")]
    pub code: ErrorCode,
    /// The values the field's text names (a label's name, a length); absent
    /// when it names none.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(value_type = Option<HashMap<String, ErrorParam>>, example = json!({"label": "firstName"}))]
    pub params: Option<ErrorParams>,
}

impl FieldDetail {
    fn new(field: impl Into<String>, refusal: &kit::refusal::Refusal) -> Self {
        Self {
            field: field.into(),
            message: refusal.message(),
            code: ErrorCode(refusal.code()),
            params: Some(params_of(refusal)).filter(|p| !p.is_empty()),
        }
    }
}

#[derive(Debug)]
pub struct ApiError {
    pub status: StatusCode,
    pub message: String,
    pub details: Vec<FieldDetail>,
    pub code: Option<ErrorCode>,
    pub params: Option<ErrorParams>,
    /// Its cause was logged where it was known.
    cause_logged: bool,
}

/// Carried by an answer whose failure was logged with its cause, so the
/// request adds no line of its own (see [`FailuresOnce`]).
#[derive(Debug, Clone, Copy)]
pub struct CauseLogged;

/// The request's log line for a failed answer (5xx) whose cause nothing
/// logged: a timeout, a service that said another one is down. Set as
/// tower-http's `on_response`, with its `on_failure` off.
#[derive(Debug, Clone, Copy)]
pub struct FailuresOnce;

impl<B> tower_http::trace::OnResponse<B> for FailuresOnce {
    fn on_response(
        self,
        response: &Response<B>,
        latency: std::time::Duration,
        _span: &tracing::Span,
    ) {
        if response.status().is_server_error()
            && response.extensions().get::<CauseLogged>().is_none()
        {
            tracing::error!(
                status = response.status().as_u16(),
                latency_ms = latency.as_millis(),
                "request failed"
            );
        }
    }
}

#[cfg(test)]
const UNAVAILABLE: &str = kit::codes::UNAVAILABLE.en;

impl ApiError {
    pub fn new(status: StatusCode, message: impl Into<String>) -> Self {
        Self {
            status,
            message: message.into(),
            details: Vec::new(),
            code: None,
            params: None,
            cause_logged: false,
        }
    }

    /// A 401: the session ended, for the reason `code` names.
    pub fn unauthorized(message: impl Into<String>, code: ErrorCode) -> Self {
        Self {
            code: Some(code),
            ..Self::new(StatusCode::UNAUTHORIZED, message)
        }
    }

    /// The 401 for a refused token, saying why.
    pub fn refused(refusal: Refusal) -> Self {
        let code = match refusal {
            Refusal::Invalid => ErrorCode::UNAUTHENTICATED,
            Refusal::UserRevoked => ErrorCode::ACCOUNT_DEACTIVATED,
            Refusal::FamilySuspended => ErrorCode::FAMILY_SUSPENDED,
        };
        Self::unauthorized(refusal.message(), code)
    }

    /// The 403 for a tablet session beyond the tablet's screens.
    pub fn not_on_tablet() -> Self {
        kit::codes::not_on_tablet().into()
    }

    pub fn bad_request(message: impl Into<String>) -> Self {
        Self::new(StatusCode::BAD_REQUEST, message)
    }

    /// A 400 about one request field, named in `details` with the refusal.
    pub fn field(field: impl Into<String>, refusal: kit::refusal::Refusal) -> Self {
        Self {
            details: vec![FieldDetail::new(field, &refusal)],
            ..refusal.into()
        }
    }

    /// A 400 for a request field holding text no field may hold (NUL).
    pub fn bad_text(field: impl Into<String>) -> Self {
        let field = field.into();
        let refusal = kit::codes::bad_text(field.clone());
        Self::field(field, refusal)
    }

    pub fn not_found() -> Self {
        kit::codes::not_found().into()
    }

    /// This answer under `status`, where HTTP has a closer one than its
    /// refusal's gRPC code (a 413 for a photo over its limit, a 415).
    pub fn with_status(self, status: StatusCode) -> Self {
        Self { status, ..self }
    }
}

/// A refusal of the catalogue the gateway itself makes, answered as a
/// service's would be.
impl From<kit::refusal::Refusal> for ApiError {
    fn from(refusal: kit::refusal::Refusal) -> Self {
        Self {
            code: Some(ErrorCode(refusal.code())),
            params: Some(params_of(&refusal)).filter(|p| !p.is_empty()),
            ..Self::new(http_status(refusal.status_code()), refusal.message())
        }
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

/// The code to answer for a call that got no (whole) answer from the
/// service. A status the service sent arrives in headers and has no source;
/// tonic makes one with a source only from an error of the connection or of
/// the answer's body, under whatever code that error maps to: `unknown` for
/// a connection cut mid-call or mid-answer, `cancelled` for one that closed
/// before the call went out, `internal` for some HTTP/2 resets. A service
/// that died or went away is an outage (503), as one refusing connections
/// is, not its bug; a call that ran out of time is a 504.
fn no_answer(status: &tonic::Status) -> Option<Code> {
    let first = std::error::Error::source(status)?;
    let timed_out =
        std::iter::successors(Some(first), |e| e.source()).any(|e| e.is::<tonic::TimeoutExpired>());
    Some(if timed_out {
        Code::DeadlineExceeded
    } else {
        Code::Unavailable
    })
}

impl From<tonic::Status> for ApiError {
    fn from(status: tonic::Status) -> Self {
        // A service refusing a token revoked after the gateway let it
        // through says why, as the gateway itself would.
        if let Some(refusal) = Refusal::of(&status) {
            return Self::refused(refusal);
        }
        let code = no_answer(&status).unwrap_or(status.code());
        let http = http_status(code);
        let mut cause_logged = false;
        let refusal = match code {
            // A service that found another one down says which.
            _ if kit::error::is_service_unavailable(&status) => kit::refusal::Refusal::of(&status),
            // Transport failures carry connection details; users get none of them.
            Code::Unavailable | Code::DeadlineExceeded => {
                tracing::error!(code = ?status.code(), message = status.message(), "service unavailable");
                cause_logged = true;
                Some(kit::codes::unavailable())
            }
            _ if http.is_server_error() => {
                tracing::error!(code = ?status.code(), message = status.message(), "service failed");
                cause_logged = true;
                Some(kit::codes::internal())
            }
            _ => kit::refusal::Refusal::of(&status),
        };
        // A field's refusal: the status names the one field it is about.
        let details = match &refusal {
            Some(refusal) if http.is_client_error() => kit::error::field_violations(&status)
                .into_iter()
                .map(|(field, _)| FieldDetail::new(field, refusal))
                .collect(),
            _ => Vec::new(),
        };
        Self {
            status: http,
            message: refusal
                .as_ref()
                .map_or_else(|| status.message().to_owned(), |r| r.message()),
            details,
            code: refusal.as_ref().map(|r| ErrorCode(r.code())),
            params: refusal.as_ref().map(params_of).filter(|p| !p.is_empty()),
            cause_logged,
        }
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let body = ErrorBody {
            error: self.message.clone(),
            message: self.message,
            details: Some(self.details).filter(|d| !d.is_empty()),
            code: self.code,
            params: self.params,
        };
        let mut response = (self.status, Json(body)).into_response();
        if self.cause_logged {
            response.extensions_mut().insert(CauseLogged);
        }
        response
    }
}

pub type ApiResult<T> = Result<T, ApiError>;

#[cfg(test)]
mod tests {
    use kit::validate::FieldError;

    use super::*;

    /// What the gateway logged while a request was answered.
    async fn logged_for(app: &axum::Router, path: &str) -> (StatusCode, Vec<String>) {
        use std::sync::{Arc, Mutex};
        use tower::ServiceExt;

        #[derive(Clone, Default)]
        struct Lines(Arc<Mutex<Vec<u8>>>);
        impl std::io::Write for Lines {
            fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
                self.0.lock().unwrap().extend_from_slice(bytes);
                Ok(bytes.len())
            }
            fn flush(&mut self) -> std::io::Result<()> {
                Ok(())
            }
        }
        let lines = Lines::default();
        let writer = lines.clone();
        let subscriber = tracing_subscriber::fmt()
            .with_writer(move || writer.clone())
            .with_ansi(false)
            .finish();
        let _logging = tracing::subscriber::set_default(subscriber);
        let request = axum::http::Request::get(path)
            .body(axum::body::Body::empty())
            .unwrap();
        let status = app.clone().oneshot(request).await.unwrap().status();
        let text = String::from_utf8(lines.0.lock().unwrap().clone()).unwrap();
        (status, text.lines().map(str::to_owned).collect())
    }

    #[tokio::test]
    async fn a_failed_answer_is_logged_once_with_what_is_known_of_it() {
        use axum::routing::get;

        let app = axum::Router::new()
            .route(
                "/down",
                get(|| async { ApiError::from(tonic::Status::unavailable("connection refused")) }),
            )
            .route(
                "/broken",
                get(|| async { ApiError::from(tonic::Status::internal("no such column")) }),
            )
            .route("/slow", get(|| async { StatusCode::GATEWAY_TIMEOUT }))
            .route("/fine", get(|| async { "ok" }))
            .layer(crate::startup::request_tracing());
        let errors = |lines: &[String]| {
            lines
                .iter()
                .filter(|l| l.contains("ERROR"))
                .cloned()
                .collect::<Vec<_>>()
        };

        let (status, lines) = logged_for(&app, "/down").await;
        assert_eq!(status, StatusCode::SERVICE_UNAVAILABLE);
        let down = errors(&lines);
        assert_eq!(down.len(), 1, "{lines:?}");
        assert!(
            down[0].contains("connection refused"),
            "the cause: {down:?}"
        );
        assert!(
            down[0].contains("http.request") && down[0].contains("url.path=/down"),
            "in the request's span: {down:?}"
        );

        let (status, lines) = logged_for(&app, "/broken").await;
        assert_eq!(status, StatusCode::INTERNAL_SERVER_ERROR);
        let broken = errors(&lines);
        assert_eq!(broken.len(), 1, "{lines:?}");
        assert!(broken[0].contains("no such column"), "{broken:?}");

        // Nothing logged its cause: the request's own line says what it knows.
        let (status, lines) = logged_for(&app, "/slow").await;
        assert_eq!(status, StatusCode::GATEWAY_TIMEOUT);
        let slow = errors(&lines);
        assert_eq!(slow.len(), 1, "{lines:?}");
        assert!(
            slow[0].contains("request failed") && slow[0].contains("status=504"),
            "{slow:?}"
        );

        let (status, lines) = logged_for(&app, "/fine").await;
        assert_eq!(status, StatusCode::OK);
        assert!(errors(&lines).is_empty(), "{lines:?}");
    }

    #[test]
    fn a_revoked_token_refused_by_a_service_says_why() {
        let error = ApiError::from(Refusal::FamilySuspended.status());
        assert_eq!(error.status, StatusCode::UNAUTHORIZED);
        assert_eq!(error.message, "This family account has been suspended");
        assert_eq!(error.code, Some(ErrorCode::FAMILY_SUSPENDED));
        let error = ApiError::from(Refusal::UserRevoked.status());
        assert_eq!(error.code, Some(ErrorCode::ACCOUNT_DEACTIVATED));
        // Any other 401 keeps the service's words, with no code.
        let error = ApiError::from(tonic::Status::unauthenticated("Invalid email or password"));
        assert_eq!(error.status, StatusCode::UNAUTHORIZED);
        assert_eq!(error.message, "Invalid email or password");
        assert_eq!(error.code, None);
    }

    #[test]
    fn a_refusal_of_the_catalogue_answers_its_code_and_typed_values() {
        let error = ApiError::from(tonic::Status::from(kit::codes::jar_too_low(
            "Mia",
            kit::refusal::Jar::Save,
            -550,
        )));
        assert_eq!(error.status, StatusCode::CONFLICT);
        assert_eq!(error.message, "Mia's save jar has only $-5.50");
        assert_eq!(error.code, Some(ErrorCode("JAR_TOO_LOW")));
        assert_eq!(
            serde_json::Value::Object(error.params.unwrap()),
            serde_json::json!({"name": "Mia", "jar": "SAVE", "amount": -5.5})
        );
        // A code that names nothing has no params.
        let error = ApiError::from(tonic::Status::from(kit::codes::goal_not_found()));
        assert_eq!(
            (error.status, error.code),
            (StatusCode::NOT_FOUND, Some(ErrorCode("GOAL_NOT_FOUND")))
        );
        assert!(error.params.is_none());
        // A status with the same words but no code is answered without one.
        let error = ApiError::from(tonic::Status::not_found("Goal not found"));
        assert_eq!((error.code, error.params), (None, None));
    }

    #[test]
    fn the_console_waiting_for_two_factor_setup_is_a_403_with_its_code() {
        let error = ApiError::from(kit::authn::mfa_setup_required());
        assert_eq!(error.status, StatusCode::FORBIDDEN);
        assert_eq!(
            error.message,
            "Set up two-factor sign-in before using the console"
        );
        assert_eq!(error.code, Some(ErrorCode::MFA_SETUP_REQUIRED));
        // A refusal without a code keeps none.
        let error = ApiError::from(tonic::Status::permission_denied("Only parents can do this"));
        assert_eq!(error.status, StatusCode::FORBIDDEN);
        assert_eq!(error.code, None);
        // The services' own words for it carry theirs.
        let error = ApiError::from(tonic::Status::from(kit::codes::only_parents()));
        assert_eq!(
            (error.status, error.code),
            (StatusCode::FORBIDDEN, Some(ErrorCode("ONLY_PARENTS")))
        );
    }

    #[test]
    fn a_service_field_error_is_a_400_naming_the_field() {
        let refused: FieldError = kit::codes::required(kit::codes::Label::Name).on("name");
        let error = ApiError::from(kit::error::invalid(&refused));
        assert_eq!(error.status, StatusCode::BAD_REQUEST);
        assert_eq!(error.message, "Name is required");
        let label = serde_json::json!({"label": "name"});
        assert_eq!(
            error.details,
            vec![FieldDetail {
                field: "name".into(),
                message: "Name is required".into(),
                code: ErrorCode("REQUIRED"),
                params: label.as_object().cloned(),
            }]
        );
        assert_eq!(error.code, Some(ErrorCode("REQUIRED")));
    }

    #[tokio::test]
    async fn the_gateways_own_field_refusal_answers_as_a_services_would() {
        let error = ApiError::bad_text("thresholds.A");
        assert_eq!(error.status, StatusCode::BAD_REQUEST);
        let response = error.into_response();
        let bytes = axum::body::to_bytes(response.into_body(), usize::MAX)
            .await
            .unwrap();
        let body: serde_json::Value = serde_json::from_slice(&bytes).unwrap();
        let message = "thresholds.A contains a character that is not allowed";
        assert_eq!(
            body,
            serde_json::json!({
                "error": message,
                "message": message,
                "code": "BAD_TEXT",
                "params": {"field": "thresholds.A"},
                "details": [{
                    "field": "thresholds.A",
                    "message": message,
                    "code": "BAD_TEXT",
                    "params": {"field": "thresholds.A"},
                }],
            })
        );
        // A code naming nothing has no params, in the answer or its field.
        let error = ApiError::field("from", kit::codes::date_invalid());
        assert_eq!(error.details[0].code, ErrorCode("DATE_INVALID"));
        assert!(error.params.is_none() && error.details[0].params.is_none());
    }

    #[test]
    fn a_refusal_may_answer_a_closer_http_status() {
        let error = ApiError::from(kit::codes::photo_too_large())
            .with_status(StatusCode::PAYLOAD_TOO_LARGE);
        assert_eq!(error.status, StatusCode::PAYLOAD_TOO_LARGE);
        assert_eq!(error.code, Some(ErrorCode("PHOTO_TOO_LARGE")));
        assert_eq!(error.message, "Photo must be 10 MB or smaller");
    }

    /// Calls a gRPC server that never finishes its answer (with
    /// `partial_body`, it sends the headers and part of the message first)
    /// through a TCP hop cut once the call has arrived, as a killed
    /// process's sockets go; `timeout` makes the call give up first instead.
    async fn call_without_an_answer(
        partial_body: bool,
        timeout: Option<std::time::Duration>,
    ) -> tonic::Status {
        use tonic_health::pb::{HealthCheckRequest, health_client::HealthClient};

        let arrived = std::sync::Arc::new(tokio::sync::Notify::new());
        let answer = {
            let arrived = arrived.clone();
            move || async move {
                arrived.notify_one();
                if !partial_body {
                    std::future::pending::<()>().await;
                }
                // A frame announcing 10 bytes of message, then 2 of them.
                let part = axum::body::Bytes::from_static(&[0, 0, 0, 0, 10, 8, 1]);
                let body = futures::StreamExt::chain(
                    futures::stream::iter([Ok::<_, std::io::Error>(part)]),
                    futures::stream::pending(),
                );
                axum::response::Response::builder()
                    .header("content-type", "application/grpc")
                    .body(axum::body::Body::from_stream(body))
                    .expect("a valid response")
            }
        };
        let router =
            axum::Router::new().route("/grpc.health.v1.Health/Check", axum::routing::post(answer));
        let server = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let server_addr = server.local_addr().unwrap();
        tokio::spawn(
            tonic::transport::Server::builder()
                .add_routes(tonic::service::Routes::from(router))
                .serve_with_incoming(tonic::transport::server::TcpIncoming::from(server)),
        );
        let hop = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let hop_addr = hop.local_addr().unwrap();
        let relay = tokio::spawn(async move {
            let (mut client, _) = hop.accept().await.unwrap();
            let mut upstream = tokio::net::TcpStream::connect(server_addr).await.unwrap();
            let _ = tokio::io::copy_bidirectional(&mut client, &mut upstream).await;
        });

        let mut endpoint =
            tonic::transport::Endpoint::from_shared(format!("http://{hop_addr}")).unwrap();
        if let Some(timeout) = timeout {
            endpoint = endpoint.timeout(timeout);
        }
        let call = tokio::spawn(async move {
            HealthClient::new(endpoint.connect_lazy())
                .check(HealthCheckRequest::default())
                .await
        });
        if timeout.is_none() {
            arrived.notified().await;
            // Let the partial answer reach the client before the cut.
            tokio::time::sleep(std::time::Duration::from_millis(100)).await;
            relay.abort();
        }
        call.await.unwrap().unwrap_err()
    }

    #[tokio::test]
    async fn a_service_dying_mid_call_is_a_503_not_a_500() {
        for partial_body in [false, true] {
            let error = ApiError::from(call_without_an_answer(partial_body, None).await);
            assert_eq!(
                error.status,
                StatusCode::SERVICE_UNAVAILABLE,
                "{partial_body}"
            );
            assert_eq!(error.message, UNAVAILABLE);
        }
    }

    #[tokio::test]
    async fn a_call_out_of_time_is_a_504() {
        let timeout = Some(std::time::Duration::from_millis(100));
        let error = ApiError::from(call_without_an_answer(false, timeout).await);
        assert_eq!(error.status, StatusCode::GATEWAY_TIMEOUT);
    }

    #[test]
    fn a_service_answering_unknown_is_still_its_failure() {
        let error = ApiError::from(tonic::Status::unknown("a handler's own unknown"));
        assert_eq!(error.status, StatusCode::INTERNAL_SERVER_ERROR);
    }

    #[test]
    fn only_a_named_service_outage_reaches_users_in_its_own_words() {
        let named = ApiError::from(kit::error::upstream(
            "rewards",
            tonic::Status::internal("x"),
        ));
        assert_eq!(named.status, StatusCode::SERVICE_UNAVAILABLE);
        assert_eq!(
            named.message,
            "The rewards service is unavailable. Please try again."
        );
        // A transport error's text never does, even one that reads like ours.
        let transport = ApiError::from(tonic::Status::unavailable("The socket at 10.0.0.3 closed"));
        assert_eq!(transport.message, UNAVAILABLE);
    }
}
