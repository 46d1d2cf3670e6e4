//! The command line every service binary shares, parsed by clap: with no
//! command it serves; `migrate` and `wait-for-migrations` let a deployment
//! migrate the database once per release (a job) while the new pods wait for
//! it (an init container). A binary with commands of its own (auth's
//! `create-super-admin`) flattens [`DatabaseCommand`] into its own enum.

use std::time::Duration;

use clap::{Parser, Subcommand};
use sqlx::migrate::Migrator;

/// How often `wait-for-migrations` looks again.
const WAIT_EVERY: Duration = Duration::from_secs(2);

/// A service's command line: the service, or one of the database commands.
#[derive(Debug, Parser)]
pub struct ServiceCli {
    #[command(subcommand)]
    pub command: Option<DatabaseCommand>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Subcommand)]
pub enum DatabaseCommand {
    /// Create the database if missing and apply every migration.
    Migrate,
    /// Return once the database has every migration this binary knows.
    WaitForMigrations,
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

/// The database command this process of service `name` was started with,
/// none to serve; on anything else it prints what was wrong and the usage
/// with every command (clap's error alone names none) and exits (2).
pub fn command(name: &'static str) -> Option<DatabaseCommand> {
    use clap::{CommandFactory, FromArgMatches, error::ErrorKind};
    let mut cli = ServiceCli::command().name(name);
    let parsed = cli
        .try_get_matches_from_mut(std::env::args_os())
        .and_then(|matches| ServiceCli::from_arg_matches(&matches));
    match parsed {
        Ok(parsed) => parsed.command,
        Err(err)
            if matches!(
                err.kind(),
                ErrorKind::DisplayHelp | ErrorKind::DisplayVersion
            ) =>
        {
            err.exit()
        }
        Err(err) => {
            eprintln!("{err}\n{}", cli.render_help());
            std::process::exit(2)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(args: &[&str]) -> Result<Option<DatabaseCommand>, clap::Error> {
        ServiceCli::try_parse_from(std::iter::once("chores").chain(args.iter().copied()))
            .map(|cli| cli.command)
    }

    #[test]
    fn knows_its_commands_and_nothing_else() {
        assert_eq!(parse(&[]).ok(), Some(None));
        assert_eq!(
            parse(&["migrate"]).ok(),
            Some(Some(DatabaseCommand::Migrate))
        );
        assert_eq!(
            parse(&["wait-for-migrations"]).ok(),
            Some(Some(DatabaseCommand::WaitForMigrations))
        );
        assert!(parse(&["migrate", "now"]).is_err());
        assert!(parse(&["serve"]).is_err());
    }

    #[test]
    fn the_definition_is_consistent() {
        use clap::CommandFactory;
        ServiceCli::command().debug_assert();
    }
}
