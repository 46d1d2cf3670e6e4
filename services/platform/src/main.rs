use platform::{config::Config, startup::Application};

// mimalloc: about a tenth less CPU per request than glibc's malloc (see
// docs/adr/0058-allocators-and-memory.md). Not in auth, whose argon2 hashes are
// 19 MiB each: mimalloc kept them after a burst of logins.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let command = kit::cli::command("platform");
    let _telemetry = kit::telemetry::init("platform");
    let config = Config::load()?;
    match command {
        None => serve(config).await,
        Some(task) => {
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
