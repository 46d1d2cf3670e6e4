use kit::cli::Command;
use platform::{config::Config, startup::Application};

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let command = kit::cli::command("platform", "");
    let _telemetry = kit::telemetry::init("platform");
    let config = Config::load()?;
    match command {
        Command::Serve => serve(config).await,
        Command::Database(task) => {
            task.run(&config.common.database_url, &platform::startup::MIGRATIONS)
                .await
        }
    }
}

async fn serve(config: Config) -> anyhow::Result<()> {
    kit::metrics::install("platform", &config.common.metrics_addr)?;
    let shutdown = kit::shutdown::on_signal();
    let app = Application::build(config).await?;
    tracing::info!(port = app.port(), "platform service listening");
    app.run(shutdown).await
}
