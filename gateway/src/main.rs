use gateway::{config::Config, startup::Application};

// mimalloc: about a tenth less CPU per request than glibc's malloc (see
// docs/adr/0058-allocators-and-memory.md). Not in auth, whose argon2 hashes are
// 19 MiB each: mimalloc kept them after a burst of logins.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    // `gateway openapi` prints the API's document and exits: the web's types
    // are generated from it, and CI checks they match.
    if std::env::args().nth(1).as_deref() == Some("openapi") {
        let document = serde_json::to_string_pretty(&gateway::startup::openapi_document())?;
        println!("{document}");
        return Ok(());
    }
    // `gateway error-catalogue` prints the refusals' codes, texts and values:
    // the web's English texts and value kinds are generated from it.
    if std::env::args().nth(1).as_deref() == Some("error-catalogue") {
        let catalogue = serde_json::to_string_pretty(&gateway::error::catalogue_json())?;
        println!("{catalogue}");
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
