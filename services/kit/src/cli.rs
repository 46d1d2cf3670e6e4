//! The command line every service binary shares: with no arguments it serves;
//! `migrate` and `wait-for-migrations` let a deployment migrate the database
//! once per release (a job) while the new pods wait for it (an init container).

use std::time::Duration;

use sqlx::migrate::Migrator;

/// How often `wait-for-migrations` looks again.
const WAIT_EVERY: Duration = Duration::from_secs(2);

pub enum Command {
    Serve,
    Database(DatabaseCommand),
}

pub enum DatabaseCommand {
    /// Create the database if missing and apply every migration.
    Migrate,
    /// Return once the database has every migration this binary knows.
    WaitForMigrations,
}

impl Command {
    /// The command in `args` (without the program name), or `None` for anything else.
    pub fn parse(args: &[String]) -> Option<Self> {
        match args {
            [] => Some(Self::Serve),
            [command] if command == "migrate" => Some(Self::Database(DatabaseCommand::Migrate)),
            [command] if command == "wait-for-migrations" => {
                Some(Self::Database(DatabaseCommand::WaitForMigrations))
            }
            _ => None,
        }
    }
}

impl DatabaseCommand {
    pub async fn run(self, database_url: &str, migrations: &Migrator) -> anyhow::Result<()> {
        match self {
            Self::Migrate => crate::db::migrate(database_url, migrations).await,
            Self::WaitForMigrations => {
                crate::db::wait_for_migrations(database_url, migrations, WAIT_EVERY).await
            }
        }
    }
}

/// The command this process of service `name` was started with; on anything
/// it does not know, prints the usage (with the service's `extra` lines) and exits.
pub fn command(name: &str, extra: &str) -> Command {
    let args: Vec<String> = std::env::args().skip(1).collect();
    Command::parse(&args).unwrap_or_else(|| {
        eprintln!("{}", usage(name, extra));
        std::process::exit(2);
    })
}

fn usage(name: &str, extra: &str) -> String {
    format!(
        "usage: {name}                       run the service
       {name} migrate               create the database if missing and migrate it
       {name} wait-for-migrations   wait until the database is migrated{extra}"
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(args: &[&str]) -> Option<Command> {
        Command::parse(&args.iter().map(|a| (*a).to_owned()).collect::<Vec<_>>())
    }

    #[test]
    fn knows_its_commands_and_nothing_else() {
        assert!(matches!(parse(&[]), Some(Command::Serve)));
        assert!(matches!(
            parse(&["migrate"]),
            Some(Command::Database(DatabaseCommand::Migrate))
        ));
        assert!(matches!(
            parse(&["wait-for-migrations"]),
            Some(Command::Database(DatabaseCommand::WaitForMigrations))
        ));
        assert!(parse(&["migrate", "now"]).is_none());
        assert!(parse(&["serve"]).is_none());
    }
}
