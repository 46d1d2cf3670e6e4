use gateway::{config::Config, startup::Application};

// mimalloc: about a tenth less CPU per request than glibc's malloc (see
// docs/adr/0058-allocators-and-memory.md). Not in auth, whose argon2 hashes are
// 19 MiB each: mimalloc kept them after a burst of logins.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

/// The API gateway: with no command it serves.
#[derive(clap::Parser)]
#[command(name = "gateway")]
struct Cli {
    #[command(subcommand)]
    command: Option<GatewayCommand>,
}

#[derive(clap::Subcommand)]
enum GatewayCommand {
    /// Print the API's OpenAPI document (the web's types are generated from
    /// it, and CI checks they match).
    Openapi,
    /// Print the refusals' codes, texts and values (the web's English texts
    /// and value kinds are generated from it).
    ErrorCatalogue,
    /// Print the public events: each name, who hears it and whether webhooks
    /// carry it (the web's live event and webhook types are generated from it).
    EventCatalogue,
}

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let printed = match <Cli as clap::Parser>::parse().command {
        Some(GatewayCommand::Openapi) => Some(gateway::startup::openapi_document()),
        Some(GatewayCommand::ErrorCatalogue) => Some(gateway::error::catalogue_json()),
        Some(GatewayCommand::EventCatalogue) => Some(gateway::live::catalogue_json()),
        None => None,
    };
    if let Some(document) = printed {
        println!("{}", serde_json::to_string_pretty(&document)?);
        return Ok(());
    }
    let _telemetry = kit::telemetry::init("gateway");
    let config = Config::load()?;
    kit::metrics::install("gateway", &config.metrics_addr)?;
    let shutdown = kit::shutdown::on_signal();
    let app = Application::build(config).await?;
    tracing::info!(port = app.port(), "gateway listening");
    app.run(shutdown).await
}
