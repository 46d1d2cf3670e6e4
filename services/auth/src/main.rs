use auth::{config::Config, startup::Application};

use kit::cli::Command;

const SUPER_ADMIN_USAGE: &str = "
       auth create-super-admin --email EMAIL   create a platform super admin
                                               (password from SUPER_ADMIN_PASSWORD,
                                               or generated and printed once)";

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if let [command, flag, email] = args.as_slice()
        && command == "create-super-admin"
        && flag == "--email"
    {
        return create_super_admin(email).await;
    }
    let command = kit::cli::command("auth", SUPER_ADMIN_USAGE);
    let _telemetry = kit::telemetry::init("auth");
    let config = Config::load()?;
    match command {
        Command::Serve => serve(config).await,
        Command::Database(task) => {
            task.run(&config.common.database_url, &auth::startup::MIGRATIONS)
                .await
        }
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
