//! gRPC plumbing: the server every service runs (health service, request
//! spans continuing the caller's trace, graceful shutdown) and the client side
//! (lazy channels, trace context and bearer token in outgoing metadata).

use std::time::Duration;

use tokio::net::TcpListener;
use tokio_util::sync::CancellationToken;
use tonic::{
    Request, Response, Status,
    metadata::{MetadataKey, MetadataValue},
    service::Routes,
    transport::{Channel, Endpoint, Server, server::TcpIncoming},
};

use crate::{telemetry, tenancy::ScopeLayer};

/// What every gRPC handler returns.
pub type Reply<T> = Result<Response<T>, Status>;

/// A handler's answer from its service's result; the service's error enum
/// says once how it becomes a status.
pub fn reply<T, E: Into<Status>>(result: Result<T, E>) -> Reply<T> {
    result.map(Response::new).map_err(Into::into)
}

/// What a service needs to do its work: its database and the event bus.
pub struct Readiness {
    pub pool: sqlx::PgPool,
    pub nats: async_nats::Client,
}

/// How often readiness is checked.
const READINESS_EVERY: Duration = Duration::from_secs(5);

impl Readiness {
    async fn ready(&self) -> bool {
        let database = tokio::time::timeout(
            Duration::from_secs(2),
            sqlx::query_scalar!("SELECT 1 AS ready").fetch_one(&self.pool),
        )
        .await
        .is_ok_and(|r| r.is_ok());
        let bus = self.nats.connection_state() == async_nats::connection::State::Connected;
        database && bus
    }
}

/// Keeps each named service's health status to its readiness (the empty
/// name, the process's liveness, stays SERVING), and turns them NOT_SERVING
/// at shutdown so traffic moves away before the drain.
async fn report_readiness(
    reporter: tonic_health::server::HealthReporter,
    names: Vec<String>,
    readiness: Readiness,
    shutdown: CancellationToken,
) {
    use tonic_health::ServingStatus::{NotServing, Serving};
    loop {
        let status = if readiness.ready().await {
            Serving
        } else {
            NotServing
        };
        for name in &names {
            reporter.set_service_status(name, status).await;
        }
        tokio::select! {
            () = shutdown.cancelled() => break,
            () = tokio::time::sleep(READINESS_EVERY) => {}
        }
    }
    for name in &names {
        reporter.set_service_status(name, NotServing).await;
    }
}

/// Serves `routes` plus the standard health service on `listener` until
/// `shutdown`; requests already accepted are finished before it returns.
/// With `readiness`, the named services report it. Each request runs in the
/// database scope of its caller (see [`crate::tenancy`]).
pub async fn serve(
    listener: TcpListener,
    routes: Routes,
    service_names: &[&str],
    readiness: Option<Readiness>,
    scopes: ScopeLayer,
    shutdown: CancellationToken,
) -> anyhow::Result<()> {
    let (reporter, health) = tonic_health::server::health_reporter();
    for name in service_names {
        reporter
            .set_service_status(*name, tonic_health::ServingStatus::Serving)
            .await;
    }
    if let Some(readiness) = readiness {
        let names = service_names.iter().map(|n| (*n).to_owned()).collect();
        tokio::spawn(report_readiness(
            reporter.clone(),
            names,
            readiness,
            shutdown.clone(),
        ));
    }
    let routes = routes.add_service(health);
    // Without TCP_NODELAY a response's last small frame (the trailers) waits
    // for the caller's delayed ACK: about 40 ms on every answer that takes
    // more than one write. tonic sets it only on listeners it binds itself.
    let incoming = TcpIncoming::from(listener).with_nodelay(Some(true));
    Server::builder()
        .layer(tower::layer::layer_fn(TraceService))
        .layer(scopes)
        .add_routes(routes)
        .serve_with_incoming_shutdown(incoming, shutdown.cancelled_owned())
        .await?;
    Ok(())
}

/// Wraps each request in a `grpc.server` span whose parent is the caller's span.
#[derive(Clone)]
pub struct TraceService<S>(S);

impl<S, B, R> tower::Service<http::Request<B>> for TraceService<S>
where
    S: tower::Service<http::Request<B>, Response = http::Response<R>> + Send,
    S::Future: Send + 'static,
{
    type Response = S::Response;
    type Error = S::Error;
    type Future = futures::future::BoxFuture<'static, Result<S::Response, S::Error>>;

    fn poll_ready(
        &mut self,
        cx: &mut std::task::Context<'_>,
    ) -> std::task::Poll<Result<(), S::Error>> {
        self.0.poll_ready(cx)
    }

    fn call(&mut self, request: http::Request<B>) -> Self::Future {
        use tracing::Instrument;
        let path = request.uri().path().to_owned();
        // `/package.Service/Method`, named as OpenTelemetry's conventions say.
        let (service, method) = path
            .trim_start_matches('/')
            .split_once('/')
            .map(|(s, m)| (s.to_owned(), m.to_owned()))
            .unwrap_or_else(|| (path.clone(), String::new()));
        let span = tracing::info_span!(
            "grpc.server",
            otel.name = %path.trim_start_matches('/'),
            otel.kind = "server",
            rpc.system = "grpc",
            rpc.service = %service,
            rpc.method = %method,
            trace_id = tracing::field::Empty,
        );
        telemetry::set_parent(&span, &telemetry::HttpHeaders(request.headers()));
        let future = {
            let _entered = span.enter();
            self.0.call(request)
        };
        let started = std::time::Instant::now();
        Box::pin(
            async move {
                let result = future.await;
                // A failed call answers "trailers-only": its status is in the
                // headers. A successful one sends it later, as 0.
                let code = match &result {
                    Ok(response) => response
                        .headers()
                        .get("grpc-status")
                        .and_then(|v| v.to_str().ok())
                        .unwrap_or("0")
                        .to_owned(),
                    Err(_) => "2".to_owned(),
                };
                crate::metrics::rpc(&format!("{service}/{method}"), &code, started.elapsed());
                result
            }
            .instrument(span),
        )
    }
}

/// A channel that connects on first use, so services can start in any order.
pub fn channel(url: &str) -> anyhow::Result<Channel> {
    Ok(Endpoint::from_shared(url.to_owned())?
        .connect_timeout(Duration::from_secs(3))
        .timeout(Duration::from_secs(15))
        .connect_lazy())
}

/// Adds trace context and, when given, a bearer token to outgoing requests.
#[derive(Clone, Default)]
pub struct Outgoing {
    bearer: Option<String>,
}

impl Outgoing {
    /// No credentials (public calls).
    pub fn anonymous() -> Self {
        Self { bearer: None }
    }

    /// Calls made with `token` (the user's, forwarded, or a service token).
    pub fn bearer(token: impl Into<String>) -> Self {
        Self {
            bearer: Some(token.into()),
        }
    }
}

impl tonic::service::Interceptor for Outgoing {
    fn call(&mut self, mut request: Request<()>) -> Result<Request<()>, Status> {
        let metadata = request.metadata_mut();
        for (key, value) in telemetry::inject(&tracing::Span::current()) {
            if let (Ok(k), Ok(v)) = (
                MetadataKey::from_bytes(key.as_bytes()),
                MetadataValue::try_from(value.as_str()),
            ) {
                metadata.insert(k, v);
            }
        }
        if let Some(token) = &self.bearer {
            let value = MetadataValue::try_from(format!("Bearer {token}"))
                .map_err(|_| Status::internal("token is not valid metadata"))?;
            metadata.insert("authorization", value);
        }
        Ok(request)
    }
}
