//! Builds the HTTP app and runs it until shutdown.

use std::{sync::Arc, time::Duration};

use axum::http::{HeaderValue, header};
use axum::serve::ListenerExt;
use axum::{Json, Router, http::Request, routing::get};
use kit::{authn::Authenticator, jwt::JwtVerifier, nats::Bus, revocation::Revocations};
use tokio::net::TcpListener;
use tokio_util::sync::CancellationToken;
use tower::ServiceBuilder;
use tower_http::{
    classify::{ServerErrorsAsFailures, SharedClassifier},
    limit::RequestBodyLimitLayer,
    set_header::SetResponseHeaderLayer,
    trace::{DefaultOnBodyChunk, DefaultOnEos, DefaultOnRequest, TraceLayer},
};
use utoipa::OpenApi;
use utoipa_axum::router::OpenApiRouter;

use crate::{
    clients::Clients,
    config::Config,
    error::{ApiError, FailuresOnce},
    kept::Kept,
    live::Live,
    openapi::ApiDoc,
    photos::PhotoStore,
    routes::{self, AppState, Shared},
    web,
};

/// Largest request body accepted (photo uploads raise it on their own route).
const BODY_LIMIT: usize = 64 * 1024;

pub struct Application {
    listener: TcpListener,
    port: u16,
    app: Router,
    /// Stops the revocation watch after the server.
    stopping: CancellationToken,
    /// Its live streams end as soon as shutdown begins.
    live: Live,
}

impl Application {
    pub async fn build(config: Config) -> anyhow::Result<Self> {
        let listener = TcpListener::bind(&config.http_addr).await?;
        let public_url = config.public_origin(listener.local_addr()?)?;
        let bus = Bus::connect_as(
            &config.nats_url,
            config.nats_login()?.as_ref(),
            &config.nats_prefix,
            &config.nats_stream,
        )
        .await?;
        let stopping = CancellationToken::new();
        let verifier = Arc::new(JwtVerifier::from_public_pem(&config.jwt_public_key_pem()?)?);
        let revocations = Revocations::start(&bus, stopping.clone()).await?;
        let mut kept = Kept::follow(&bus, stopping.clone()).await?;
        if !config.keep_answers {
            kept = kept.keeping_nothing();
        }
        let live = Live::follow(&bus, stopping.clone()).await?;
        let state = AppState::new(Shared {
            clients: Clients::new(&config)?,
            authenticator: Authenticator::new(verifier, revocations.clone()),
            revocations,
            public_url,
            kept,
            live: live.clone(),
            photos: PhotoStore::new(config.photo_store_origin()?)?,
        });
        let port = listener.local_addr()?.port();
        let web = Web {
            dist: config.web_dist.clone(),
            hsts: config.hsts,
        };
        Ok(Self {
            listener,
            port,
            app: app(state, &web),
            stopping,
            live,
        })
    }

    pub fn port(&self) -> u16 {
        self.port
    }

    /// Serves until `shutdown`, finishing requests already accepted.
    pub async fn run(self, shutdown: CancellationToken) -> anyhow::Result<()> {
        // Nagle's algorithm would hold an answer's last small write until the
        // browser's delayed ACK (about 40 ms).
        let listener = self.listener.tap_io(|tcp| {
            if let Err(err) = tcp.set_nodelay(true) {
                tracing::warn!(%err, "could not set TCP_NODELAY");
            }
        });
        // A draining server waits for open connections, and a live stream
        // never ends by itself: they end when shutdown begins.
        let live = self.live.clone();
        tokio::spawn(kit::memory::give_back_until(shutdown.clone()));
        // One router for every connection: serving the `Router` itself would
        // rebuild its route table (every route's layers) per connection.
        let served = axum::serve(listener, self.app.into_make_service())
            .with_graceful_shutdown(async move {
                shutdown.cancelled_owned().await;
                live.close();
            })
            .await;
        self.stopping.cancel();
        Ok(served?)
    }
}

/// Times each API request under its route pattern (`/api/chores/{id}`: the
/// matched path names the route, with the prefix it is nested under).
async fn record_request(
    route: axum::extract::MatchedPath,
    request: Request<axum::body::Body>,
    next: axum::middleware::Next,
) -> axum::response::Response {
    let method = request.method().clone();
    let started = std::time::Instant::now();
    let response = next.run(request).await;
    kit::metrics::http(
        method.as_str(),
        route.as_str(),
        response.status().as_u16(),
        started.elapsed(),
    );
    response
}

/// Every `/api` route with the document describing it.
fn api_routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::with_openapi(ApiDoc::openapi())
        .merge(routes::router())
        .layer(RequestBodyLimitLayer::new(BODY_LIMIT))
        .merge(routes::uploads())
}

/// The OpenAPI document `/api/openapi.json` serves, without starting anything
/// (`gateway openapi` prints it; the web's API types are generated from it).
pub fn openapi_document() -> serde_json::Value {
    crate::openapi::to_json(&crate::openapi::complete(api_routes().split_for_parts().1))
}

/// How the web app is served.
pub struct Web {
    /// The built app (`web/dist`).
    pub dist: std::path::PathBuf,
    /// Whether answers carry `Strict-Transport-Security`.
    pub hsts: bool,
}

/// What every `/api` answer carries besides `Cache-Control: no-store`
/// (private answers are never stored by a browser or a proxy): a JSON answer
/// is no document that could run or load anything.
const API_POLICY: &str = "default-src 'none'; frame-ancestors 'none'";

/// Two years, subdomains included (the length browsers' preload lists ask for).
const HSTS: &str = "max-age=63072000; includeSubDomains";

/// The whole HTTP surface: `/api`, its OpenAPI document and docs, and the web app.
///
/// Layers that hold for every answer are put around the whole router once
/// (`ServiceBuilder`), not with `Router::layer`: that wraps each of the
/// hundred-odd routes in its own copy of every layer, one boxed route inside
/// the next, and that whole table was cloned for every new connection.
pub fn app(state: AppState, web: &Web) -> Router {
    let (api, openapi) = api_routes().split_for_parts();
    let openapi = Arc::new(crate::openapi::to_json(&crate::openapi::complete(openapi)));
    let api = api
        .route(
            "/openapi.json",
            get(move || async move { Json(openapi.as_ref().clone()) }),
        )
        // Links the API hands out, not an operation to call: not in the document.
        .route("/photos/{*link}", get(routes::photos::serve))
        .route_layer(axum::middleware::from_fn(record_request))
        .route_layer(axum::middleware::from_fn_with_state(
            state.clone(),
            crate::auth::changes_seen_at_once,
        ))
        .fallback(|| async { ApiError::not_found() })
        .with_state(state);
    let api = ServiceBuilder::new()
        .layer(SetResponseHeaderLayer::overriding(
            header::CACHE_CONTROL,
            HeaderValue::from_static("no-store"),
        ))
        .layer(SetResponseHeaderLayer::overriding(
            header::CONTENT_SECURITY_POLICY,
            HeaderValue::from_static(API_POLICY),
        ))
        .layer(tower_http::timeout::TimeoutLayer::with_status_code(
            axum::http::StatusCode::GATEWAY_TIMEOUT,
            Duration::from_secs(30),
        ))
        .layer(axum::middleware::from_fn(crate::extract::refuse_nul_in_uri))
        .service(api);
    let policy = HeaderValue::from_static(web::APP_POLICY);
    let app = Router::new()
        .nest_service("/api", api)
        .merge(web::docs_page())
        .merge(web::spa(&web.dist, policy));
    let hsts = web.hsts.then(|| {
        SetResponseHeaderLayer::overriding(
            header::STRICT_TRANSPORT_SECURITY,
            HeaderValue::from_static(HSTS),
        )
    });
    let app = ServiceBuilder::new()
        .layer(request_tracing())
        // What every answer carries: no content-type guessing, no framing of
        // the app by other sites (clickjacking), and no app paths (which can
        // hold invitation codes) sent to other sites as referrers.
        .layer(SetResponseHeaderLayer::if_not_present(
            header::X_CONTENT_TYPE_OPTIONS,
            HeaderValue::from_static("nosniff"),
        ))
        .layer(SetResponseHeaderLayer::if_not_present(
            header::X_FRAME_OPTIONS,
            HeaderValue::from_static("DENY"),
        ))
        .layer(SetResponseHeaderLayer::if_not_present(
            header::REFERRER_POLICY,
            HeaderValue::from_static("same-origin"),
        ))
        .option_layer(hsts)
        // `with_state` turns the handlers into routes once, not per request.
        .service(app.with_state(()));
    Router::new().fallback_service(app)
}

/// What tower-http's request tracing does here: each request's span,
/// continuing the caller's trace, and one log line for a failed answer
/// whose cause nothing logged (see [`FailuresOnce`]).
pub(crate) type RequestTracing = TraceLayer<
    SharedClassifier<ServerErrorsAsFailures>,
    fn(&Request<axum::body::Body>) -> tracing::Span,
    DefaultOnRequest,
    FailuresOnce,
    DefaultOnBodyChunk,
    DefaultOnEos,
    (),
>;

pub(crate) fn request_tracing() -> RequestTracing {
    TraceLayer::new_for_http()
        .make_span_with(request_span as fn(&Request<axum::body::Body>) -> tracing::Span)
        .on_response(FailuresOnce)
        .on_failure(())
}

fn request_span(request: &Request<axum::body::Body>) -> tracing::Span {
    let path = traced_path(request.uri().path());
    let span = tracing::info_span!(
        "http.request",
        otel.name = %format!("{} {path}", request.method()),
        otel.kind = "server",
        http.request.method = %request.method(),
        url.path = %path,
        trace_id = tracing::field::Empty,
    );
    kit::telemetry::set_parent(&span, &kit::telemetry::HttpHeaders(request.headers()));
    span
}

/// The request path as traces and logs show it. An invitation code is a
/// credential (it redeems a place in a family), so it never leaves the
/// process: not to the trace store, not into log lines.
fn traced_path(path: &str) -> std::borrow::Cow<'_, str> {
    for prefix in ["/api/auth/invite/", "/invite/", "/accept-invite/"] {
        if path
            .strip_prefix(prefix)
            .is_some_and(|code| !code.is_empty())
        {
            return format!("{prefix}{{code}}").into();
        }
    }
    path.into()
}

#[cfg(test)]
mod tests {
    use super::traced_path;

    #[test]
    fn invitation_codes_are_not_traced() {
        for (path, traced) in [
            ("/api/auth/invite/Zx81kQ", "/api/auth/invite/{code}"),
            ("/invite/Zx81kQ", "/invite/{code}"),
            ("/accept-invite/Zx81kQ", "/accept-invite/{code}"),
            ("/api/chores/42", "/api/chores/42"),
            ("/invite/", "/invite/"),
        ] {
            assert_eq!(traced_path(path), traced, "{path}");
        }
    }
}
