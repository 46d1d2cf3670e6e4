use auth::{config::Config, startup::Application};

use clap::{Parser, Subcommand};
use kit::cli::DatabaseCommand;

/// The auth service: with no command it serves.
#[derive(Parser)]
#[command(name = "auth")]
struct Cli {
    #[command(subcommand)]
    command: Option<AuthCommand>,
}

#[derive(Subcommand)]
enum AuthCommand {
    #[command(flatten)]
    Database(DatabaseCommand),
    /// Create a platform super admin (password from SUPER_ADMIN_PASSWORD, or
    /// generated and printed once).
    CreateSuperAdmin {
        #[arg(long)]
        email: String,
    },
}

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let command = Cli::parse().command;
    if let Some(AuthCommand::CreateSuperAdmin { email }) = &command {
        return create_super_admin(email).await;
    }
    let _telemetry = kit::telemetry::init("auth");
    let config = Config::load()?;
    match command {
        Some(AuthCommand::Database(task)) => {
            task.run(&config.common.database_url, &auth::startup::MIGRATIONS)
                .await
        }
        _ => serve(config).await,
    }
}

async fn serve(config: Config) -> anyhow::Result<()> {
    kit::metrics::install("auth", &config.common.metrics_addr)?;
    let shutdown = kit::shutdown::on_signal();
    let app = Application::build(config).await?;
    tracing::info!(port = app.port(), "auth service listening");
    app.run(shutdown).await
}

async fn create_super_admin(email: &str) -> anyhow::Result<()> {
    let config = Config::load()?;
    let pool = kit::db::connect(&config.common.database_url, &auth::startup::MIGRATIONS).await?;
    let (password, generated) = match std::env::var("SUPER_ADMIN_PASSWORD") {
        Ok(password) if !password.is_empty() => (password, false),
        _ => (auth::admins::generate_password()?, true),
    };
    let hasher = auth::password::Hasher::new(1);
    // A super admin belongs to no family.
    let user = kit::tenancy::all_families(auth::admins::create_super_admin(
        &pool, &hasher, email, &password,
    ))
    .await
    .map_err(|e| anyhow::anyhow!("{e}"))?;
    println!("Super admin {} created.", user.email);
    if generated {
        // Shown once, to the operator who ran the command; never logged.
        println!("Password: {password}");
    }
    Ok(())
}
