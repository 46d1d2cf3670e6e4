use kit::config::CommonConfig;
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Config {
    #[serde(flatten)]
    pub common: CommonConfig,
    /// The auth service, which creates and updates children's logins.
    pub auth_url: String,
    /// The platform service, which knows the family's plan and its limits.
    pub platform_url: String,
}

impl Default for Config {
    fn default() -> Self {
        Self {
            common: CommonConfig::defaults("family", 50052),
            auth_url: "http://127.0.0.1:50051".into(),
            platform_url: "http://127.0.0.1:50055".into(),
        }
    }
}

impl Config {
    pub fn load() -> anyhow::Result<Self> {
        Ok(kit::config::load()?)
    }
}
