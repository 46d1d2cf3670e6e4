use chores::{config::Config, startup::Application};

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let _telemetry = kit::telemetry::init("chores");
    let config = Config::load()?;
    kit::metrics::install("chores", &config.common.metrics_addr)?;
    let shutdown = kit::shutdown::on_signal();
    let app = Application::build(config).await?;
    tracing::info!(port = app.port(), "chores service listening");
    app.run(shutdown).await
}
