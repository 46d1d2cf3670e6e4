use gateway::{config::Config, startup::Application};

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let _telemetry = kit::telemetry::init("gateway");
    let config = Config::load()?;
    kit::metrics::install("gateway", &config.metrics_addr)?;
    let shutdown = kit::shutdown::on_signal();
    let app = Application::build(config).await?;
    tracing::info!(port = app.port(), "gateway listening");
    app.run(shutdown).await
}
