use kit::config::{CommonConfig, Secret};
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Config {
    #[serde(flatten)]
    pub common: CommonConfig,
    #[serde(flatten)]
    pub s3: S3Config,
    /// The family service: time zones and children's names.
    pub family_url: String,
    /// The platform service: the family's plan, which limits its chores.
    pub platform_url: String,
    /// The rewards service: a child's multiplier at approval.
    pub rewards_url: String,
    /// How long a photo link handed to a family member works, in seconds.
    pub photo_url_ttl_secs: u64,
    /// How often the missed-chore and reminder jobs look, in seconds (also
    /// once at start); 0 leaves them to their caller.
    pub jobs_every_secs: u64,
}

/// Where submission photos are kept.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct S3Config {
    /// The store's address, for this service and for the gateway, which
    /// reads photos for browsers through links signed for it.
    pub s3_endpoint: String,
    pub s3_bucket: String,
    pub s3_region: String,
    pub s3_access_key_id: String,
    #[serde(skip_serializing, default = "local_secret")]
    pub s3_secret_access_key: Secret,
}

fn local_secret() -> Secret {
    // The local S3 store's development key (scripts/lib.sh); deployments set their own.
    "chorely-local-secret".into()
}

impl Default for S3Config {
    fn default() -> Self {
        Self {
            s3_endpoint: "http://127.0.0.1:9000".into(),
            s3_bucket: "chorely-photos".into(),
            s3_region: "us-east-1".into(),
            s3_access_key_id: "chorely-local".into(),
            s3_secret_access_key: local_secret(),
        }
    }
}

impl Default for Config {
    fn default() -> Self {
        Self {
            common: CommonConfig::defaults("chores", 50053),
            s3: S3Config::default(),
            family_url: "http://127.0.0.1:50052".into(),
            platform_url: "http://127.0.0.1:50055".into(),
            rewards_url: "http://127.0.0.1:50054".into(),
            photo_url_ttl_secs: 900,
            jobs_every_secs: 60,
        }
    }
}

impl Config {
    pub fn load() -> anyhow::Result<Self> {
        Ok(kit::config::load()?)
    }
}
