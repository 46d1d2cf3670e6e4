//! Configuration from environment variables, with defaults that work on a
//! developer machine (Postgres and NATS on localhost).
//!
//! Every service embeds [`CommonConfig`] with `#[serde(flatten)]` and adds its
//! own fields; [`load`] reads them all from the environment (`DATABASE_URL`,
//! `NATS_URL`, ...; names are the upper-cased field names).

use std::path::PathBuf;

use figment::{
    Figment,
    providers::{Env, Serialized},
};
use secrecy::SecretString;
use serde::{Deserialize, Serialize, de::DeserializeOwned};

/// Reads `T` from the environment on top of `T::default()`.
pub fn load<T>() -> Result<T, Box<figment::Error>>
where
    T: Serialize + DeserializeOwned + Default,
{
    Figment::from(Serialized::defaults(T::default()))
        .merge(Env::raw())
        .extract()
        .map_err(Box::new)
}

/// What every service needs to run.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct CommonConfig {
    /// Address the gRPC server listens on; port 0 picks a free port.
    pub grpc_addr: String,
    /// The service's own database; created if missing.
    pub database_url: String,
    pub nats_url: String,
    /// This process's NATS user and password, on a server that requires them
    /// (see `nats::Login`); unset for one without authentication.
    #[serde(default)]
    pub nats_user: Option<String>,
    #[serde(skip_serializing, default)]
    pub nats_password: Option<SecretString>,
    /// First token of every subject this deployment publishes, e.g. `chorely`.
    pub nats_prefix: String,
    /// JetStream stream holding `<nats_prefix>.>`.
    pub nats_stream: String,
    /// PEM of the Ed25519 public key that verifies access tokens ...
    #[serde(default)]
    pub jwt_public_key: Option<String>,
    /// ... or the file holding it.
    pub jwt_public_key_file: PathBuf,
    /// Start the outbox relay in this process (tests turn it off to control it).
    pub outbox_relay: bool,
    /// Apply migrations at start. Deployments that run them once per release
    /// (the Helm chart's job) turn it off; the service then checks the schema.
    pub migrate_on_start: bool,
    /// Where Prometheus scrapes `/metrics`, e.g. `0.0.0.0:9464`; none when empty.
    #[serde(default)]
    pub metrics_addr: String,
    /// The most connections the service's pool opens to its database.
    #[serde(default = "default_db_max_connections")]
    pub db_max_connections: u32,
}

fn default_db_max_connections() -> u32 {
    crate::db::POOL_MAX_CONNECTIONS
}

impl CommonConfig {
    /// Defaults for the service `name` whose gRPC port is `port`.
    pub fn defaults(name: &str, port: u16) -> Self {
        Self {
            grpc_addr: format!("127.0.0.1:{port}"),
            database_url: format!("postgres://postgres@127.0.0.1:5432/chorely_{name}"),
            nats_url: "nats://127.0.0.1:4222".into(),
            nats_user: None,
            nats_password: None,
            nats_prefix: "chorely".into(),
            nats_stream: "CHORELY".into(),
            jwt_public_key: None,
            jwt_public_key_file: PathBuf::from(".local/keys/jwt-public.pem"),
            outbox_relay: true,
            migrate_on_start: true,
            metrics_addr: String::new(),
            db_max_connections: crate::db::POOL_MAX_CONNECTIONS,
        }
    }

    /// Who this process is to NATS, if the server asks.
    pub fn nats_login(&self) -> anyhow::Result<Option<crate::nats::Login>> {
        crate::nats::Login::resolve(
            &self.nats_url,
            self.nats_user.as_deref(),
            self.nats_password.as_ref(),
        )
    }

    /// The public key PEM, from the variable or the file.
    pub fn jwt_public_key_pem(&self) -> anyhow::Result<String> {
        read_pem(self.jwt_public_key.as_deref(), &self.jwt_public_key_file)
    }
}

/// A PEM given inline wins over the file path.
pub fn read_pem(inline: Option<&str>, file: &std::path::Path) -> anyhow::Result<String> {
    match inline {
        Some(pem) if !pem.trim().is_empty() => Ok(pem.to_owned()),
        _ => std::fs::read_to_string(file)
            .map_err(|e| anyhow::anyhow!("cannot read key file {}: {e}", file.display())),
    }
}

/// Secrets never appear in `Debug` output or logs.
pub type Secret = SecretString;
