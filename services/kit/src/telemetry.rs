//! Logs and traces. Logs go to stdout (text, or JSON with `LOG_FORMAT=json`);
//! spans are exported over OTLP/gRPC when `OTEL_EXPORTER_OTLP_ENDPOINT` is set.
//! Trace context crosses process boundaries as W3C `traceparent`, in gRPC
//! metadata and in NATS headers (see [`inject`] and [`extract`]).

use std::{collections::HashMap, io::IsTerminal};

use opentelemetry::{
    Context, global,
    propagation::{Extractor, Injector},
    trace::{TraceContextExt, TracerProvider as _},
};
use opentelemetry_otlp::WithExportConfig;
use opentelemetry_sdk::{Resource, propagation::TraceContextPropagator, trace::SdkTracerProvider};
use tracing_opentelemetry::OpenTelemetrySpanExt;
use tracing_subscriber::{EnvFilter, Layer, layer::SubscriberExt, util::SubscriberInitExt};

/// Keeps the span exporter alive; dropping it flushes pending spans.
#[must_use = "dropping the guard stops trace export"]
pub struct TelemetryGuard {
    provider: Option<SdkTracerProvider>,
}

impl Drop for TelemetryGuard {
    fn drop(&mut self) {
        if let Some(provider) = self.provider.take()
            && let Err(err) = provider.shutdown()
        {
            eprintln!("failed to flush spans: {err}");
        }
    }
}

impl TelemetryGuard {
    /// Exports the spans ended so far (blocks until the exporter answers).
    pub fn flush(&self) {
        if let Some(provider) = &self.provider
            && let Err(err) = provider.force_flush()
        {
            eprintln!("failed to flush spans: {err}");
        }
    }
}

/// Installs the global subscriber for the process named `service`,
/// exporting to `OTEL_EXPORTER_OTLP_ENDPOINT` when it is set.
pub fn init(service: &str) -> TelemetryGuard {
    init_with(service, otlp_endpoint().as_deref())
}

/// [`init`] with the OTLP endpoint given (tests run their own receiver).
pub fn init_with(service: &str, endpoint: Option<&str>) -> TelemetryGuard {
    global::set_text_map_propagator(TraceContextPropagator::new());

    let filter = EnvFilter::try_from_default_env()
        .unwrap_or_else(|_| EnvFilter::new("info,sqlx=warn,h2=warn,tower=warn,hyper=warn"));
    let json = std::env::var("LOG_FORMAT").is_ok_and(|v| v.eq_ignore_ascii_case("json"));
    let fmt = if json {
        json_layer(std::io::stdout).boxed()
    } else {
        text_layer(std::io::stdout, std::io::stdout().is_terminal()).boxed()
    };

    let provider = endpoint.and_then(|endpoint| match tracer_provider(service, endpoint) {
        Ok(provider) => Some(provider),
        Err(err) => {
            eprintln!("OTLP export disabled: {err}");
            None
        }
    });
    let otel = provider.as_ref().map(|p| {
        tracing_opentelemetry::layer()
            .with_tracer(p.tracer(service.to_owned()))
            .boxed()
    });

    // A second init (several services in one test process) keeps the first.
    let _ = tracing_subscriber::registry()
        .with(filter)
        .with(fmt)
        .with(otel)
        .try_init();
    if let Some(p) = &provider {
        global::set_tracer_provider(p.clone());
    }
    TelemetryGuard { provider }
}

/// One line per event, coloured only for a terminal: a log file or a log
/// collector would otherwise keep the escape codes around every word.
fn text_layer<S, W>(writer: W, ansi: bool) -> impl Layer<S>
where
    S: tracing::Subscriber + for<'a> tracing_subscriber::registry::LookupSpan<'a>,
    W: for<'w> tracing_subscriber::fmt::MakeWriter<'w> + Send + Sync + 'static,
{
    tracing_subscriber::fmt::layer()
        .compact()
        .with_ansi(ansi)
        .with_writer(writer)
}

/// One JSON object per log line, with the spans it happened in (the
/// outermost carries `trace_id`).
fn json_layer<S, W>(writer: W) -> impl Layer<S>
where
    S: tracing::Subscriber + for<'a> tracing_subscriber::registry::LookupSpan<'a>,
    W: for<'w> tracing_subscriber::fmt::MakeWriter<'w> + Send + Sync + 'static,
{
    tracing_subscriber::fmt::layer()
        .json()
        .flatten_event(true)
        .with_span_list(true)
        .with_current_span(false)
        .with_writer(writer)
}

fn otlp_endpoint() -> Option<String> {
    std::env::var("OTEL_EXPORTER_OTLP_ENDPOINT")
        .ok()
        .filter(|v| !v.trim().is_empty())
}

fn tracer_provider(service: &str, endpoint: &str) -> anyhow::Result<SdkTracerProvider> {
    let exporter = opentelemetry_otlp::SpanExporter::builder()
        .with_tonic()
        .with_endpoint(endpoint)
        .build()?;
    Ok(SdkTracerProvider::builder()
        .with_batch_exporter(exporter)
        .with_resource(
            Resource::builder()
                .with_service_name(service.to_owned())
                .build(),
        )
        .build())
}

/// The current span's context as W3C headers, ready for any carrier.
pub fn inject(span: &tracing::Span) -> HashMap<String, String> {
    let mut carrier = HashMap::new();
    let cx = span.context();
    global::get_text_map_propagator(|p| p.inject_context(&cx, &mut MapInjector(&mut carrier)));
    carrier
}

/// A parent context read from headers of any carrier.
pub fn extract(headers: &dyn Extractor) -> Context {
    global::get_text_map_propagator(|p| p.extract(headers))
}

/// Makes `span` a child of the context carried in `headers`, and records its
/// trace id in the span's `trace_id` field (when it has one), so JSON log
/// lines within it name their trace.
pub fn set_parent(span: &tracing::Span, headers: &dyn Extractor) {
    let parent = extract(headers);
    // Fails only when the span is disabled, in which case there is nothing to link.
    let _ = span.set_parent(parent);
    let trace = span.context().span().span_context().trace_id();
    if trace != opentelemetry::trace::TraceId::INVALID {
        span.record("trace_id", trace.to_string());
    }
}

struct MapInjector<'a>(&'a mut HashMap<String, String>);

impl Injector for MapInjector<'_> {
    fn set(&mut self, key: &str, value: String) {
        self.0.insert(key.to_owned(), value);
    }
}

/// Reads W3C headers from an HTTP (and so gRPC) header map.
pub struct HttpHeaders<'a>(pub &'a http::HeaderMap);

impl Extractor for HttpHeaders<'_> {
    fn get(&self, key: &str) -> Option<&str> {
        self.0.get(key).and_then(|v| v.to_str().ok())
    }
    fn keys(&self) -> Vec<&str> {
        self.0.keys().map(|k| k.as_str()).collect()
    }
}

/// Reads W3C headers from NATS message headers.
pub struct NatsHeaders<'a>(pub &'a async_nats::HeaderMap);

impl Extractor for NatsHeaders<'_> {
    fn get(&self, key: &str) -> Option<&str> {
        self.0.get(key).map(|v| v.as_str())
    }
    fn keys(&self) -> Vec<&str> {
        self.0.iter().map(|(k, _)| k.as_ref()).collect()
    }
}

#[cfg(test)]
mod tests {
    use std::{
        io,
        sync::{Arc, Mutex},
    };

    use super::*;

    #[derive(Clone, Default)]
    struct Buffer(Arc<Mutex<Vec<u8>>>);

    impl io::Write for Buffer {
        fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
            self.0
                .lock()
                .unwrap_or_else(|e| e.into_inner())
                .extend_from_slice(bytes);
            Ok(bytes.len())
        }
        fn flush(&mut self) -> io::Result<()> {
            Ok(())
        }
    }

    #[test]
    fn plain_log_lines_are_coloured_only_for_a_terminal() {
        let logged = |ansi: bool| {
            let buffer = Buffer::default();
            let writer = buffer.clone();
            let subscriber =
                tracing_subscriber::registry().with(text_layer(move || writer.clone(), ansi));
            tracing::subscriber::with_default(subscriber, || {
                tracing::info_span!("request", path = "/api/chores")
                    .in_scope(|| tracing::warn!(code = 503, "service unavailable"));
            });
            String::from_utf8(buffer.0.lock().unwrap().clone()).unwrap()
        };
        let file = logged(false);
        assert!(file.contains("WARN"), "{file}");
        assert!(file.contains("service unavailable code=503"), "{file}");
        assert!(
            !file.contains('\u{1b}'),
            "no escape codes in a file: {file:?}"
        );
        assert!(logged(true).contains('\u{1b}'), "a terminal gets colours");
    }

    #[test]
    fn json_log_lines_name_the_trace_they_belong_to() {
        global::set_text_map_propagator(TraceContextPropagator::new());
        let buffer = Buffer::default();
        let writer = buffer.clone();
        let provider = SdkTracerProvider::builder().build();
        let subscriber = tracing_subscriber::registry()
            .with(tracing_opentelemetry::layer().with_tracer(provider.tracer("test")))
            .with(json_layer(move || writer.clone()));
        let _default = subscriber.set_default();

        // A request arriving with a trace of its own.
        let trace = "4bf92f3577b34da6a3ce929d0e0e4736";
        let headers = HashMap::from([(
            "traceparent".to_owned(),
            format!("00-{trace}-00f067aa0ba902b7-01"),
        )]);
        let request = tracing::info_span!("http.request", trace_id = tracing::field::Empty);
        set_parent(&request, &headers);
        request.in_scope(|| {
            tracing::info_span!("db.query").in_scope(|| tracing::info!("inside"));
        });

        let text = String::from_utf8(buffer.0.lock().unwrap().clone()).unwrap();
        let line: serde_json::Value = serde_json::from_str(text.lines().next().unwrap()).unwrap();
        assert_eq!(line["message"], "inside");
        assert_eq!(line["spans"][0]["name"], "http.request");
        assert_eq!(line["spans"][0]["trace_id"], trace);
    }
}
