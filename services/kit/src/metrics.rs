//! Metrics for Prometheus to scrape at `METRICS_ADDR` (`/metrics`): request
//! rate, errors and duration per HTTP route and per gRPC method, the outbox
//! backlog and each consumer's lag. Prometheus rather than OTLP metrics
//! because it is what Kubernetes operators already scrape, pull-based (a
//! pod that stops answering is itself a signal) and needs no collector in
//! between; traces go over OTLP.
//!
//! Without `METRICS_ADDR` nothing is installed and recording costs nothing.

use std::{net::SocketAddr, time::Duration};

use metrics_exporter_prometheus::PrometheusBuilder;

/// Histogram buckets in seconds, from a fast query to a slow upload.
const BUCKETS: [f64; 12] = [
    0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0,
];

pub const HTTP_DURATION: &str = "http_server_request_duration_seconds";
pub const RPC_DURATION: &str = "rpc_server_duration_seconds";
pub const OUTBOX_BACKLOG: &str = "chorely_outbox_backlog";
pub const CONSUMER_LAG: &str = "chorely_consumer_lag";

/// Serves `/metrics` on `addr` for the process named `service`.
pub fn install(service: &str, addr: &str) -> anyhow::Result<()> {
    let addr = addr.trim();
    if addr.is_empty() {
        return Ok(());
    }
    let addr: SocketAddr = addr
        .parse()
        .map_err(|e| anyhow::anyhow!("METRICS_ADDR {addr:?}: {e}"))?;
    PrometheusBuilder::new()
        .with_http_listener(addr)
        .set_buckets(&BUCKETS)?
        .add_global_label("service", service)
        .install()?;
    tracing::info!(%addr, "metrics served at /metrics");
    Ok(())
}

/// Records one served gRPC call; `method` is `package.Service/Method`.
pub fn rpc(method: &str, code: &str, took: Duration) {
    metrics::histogram!(
        RPC_DURATION,
        "rpc_method" => method.to_owned(),
        "rpc_grpc_status_code" => code.to_owned(),
    )
    .record(took.as_secs_f64());
}

/// Records one served HTTP request under its route pattern (not its path,
/// so ids do not make a series each).
pub fn http(method: &str, route: &str, status: u16, took: Duration) {
    metrics::histogram!(
        HTTP_DURATION,
        "method" => method.to_owned(),
        "route" => route.to_owned(),
        "status" => status.to_string(),
    )
    .record(took.as_secs_f64());
}

pub fn outbox_backlog(events: i64) {
    #[allow(clippy::cast_precision_loss)]
    metrics::gauge!(OUTBOX_BACKLOG).set(events as f64);
}

pub fn consumer_lag(consumer: &str, pending: u64) {
    #[allow(clippy::cast_precision_loss)]
    metrics::gauge!(CONSUMER_LAG, "consumer" => consumer.to_owned()).set(pending as f64);
}
