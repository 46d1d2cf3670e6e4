use family::{config::Config, startup::Application};

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let _telemetry = kit::telemetry::init("family");
    let config = Config::load()?;
    kit::metrics::install("family", &config.common.metrics_addr)?;
    let shutdown = kit::shutdown::on_signal();
    let app = Application::build(config).await?;
    tracing::info!(port = app.port(), "family service listening");
    app.run(shutdown).await
}
