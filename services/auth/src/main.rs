use auth::{config::Config, startup::Application};

const USAGE: &str = "usage: auth                                  run the service
       auth create-super-admin --email EMAIL   create a platform super admin
                                               (password from SUPER_ADMIN_PASSWORD,
                                               or generated and printed once)";

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match args.as_slice() {
        [] => serve().await,
        [command, flag, email] if command == "create-super-admin" && flag == "--email" => {
            create_super_admin(email).await
        }
        _ => {
            eprintln!("{USAGE}");
            std::process::exit(2);
        }
    }
}

async fn serve() -> anyhow::Result<()> {
    let _telemetry = kit::telemetry::init("auth");
    let config = Config::load()?;
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
    let user = auth::admins::create_super_admin(&pool, &hasher, email, &password)
        .await
        .map_err(|e| anyhow::anyhow!("{e}"))?;
    println!("Super admin {} created.", user.email);
    if generated {
        // Shown once, to the operator who ran the command; never logged.
        println!("Password: {password}");
    }
    Ok(())
}
