use std::path::PathBuf;

use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Config {
    /// Address the HTTP server listens on; port 0 picks a free port.
    pub http_addr: String,
    pub auth_url: String,
    pub family_url: String,
    pub chores_url: String,
    pub rewards_url: String,
    pub platform_url: String,
    /// PEM of the Ed25519 public key that verifies access tokens ...
    #[serde(default)]
    pub jwt_public_key: Option<String>,
    /// ... or the file holding it.
    pub jwt_public_key_file: PathBuf,
    /// The built web app (`web/dist`), served at `/`.
    pub web_dist: PathBuf,
    /// Origin of links handed out, e.g. `https://app.chorely.example`; taken
    /// from each request's Host when unset.
    #[serde(default)]
    pub public_url: Option<String>,
    /// NATS, for the revoked-token bucket the gateway follows.
    pub nats_url: String,
    pub nats_prefix: String,
    pub nats_stream: String,
    /// Where Prometheus scrapes `/metrics`, e.g. `0.0.0.0:9464`; none when empty.
    #[serde(default)]
    pub metrics_addr: String,
}

impl Default for Config {
    fn default() -> Self {
        Self {
            http_addr: "127.0.0.1:8080".into(),
            auth_url: "http://127.0.0.1:50051".into(),
            family_url: "http://127.0.0.1:50052".into(),
            chores_url: "http://127.0.0.1:50053".into(),
            rewards_url: "http://127.0.0.1:50054".into(),
            platform_url: "http://127.0.0.1:50055".into(),
            jwt_public_key: None,
            jwt_public_key_file: PathBuf::from(".local/keys/jwt-public.pem"),
            web_dist: PathBuf::from("web/dist"),
            public_url: None,
            nats_url: "nats://127.0.0.1:4222".into(),
            nats_prefix: "chorely".into(),
            nats_stream: "CHORELY".into(),
            metrics_addr: String::new(),
        }
    }
}

impl Config {
    pub fn load() -> anyhow::Result<Self> {
        Ok(kit::config::load()?)
    }

    pub fn jwt_public_key_pem(&self) -> anyhow::Result<String> {
        kit::config::read_pem(self.jwt_public_key.as_deref(), &self.jwt_public_key_file)
    }
}
