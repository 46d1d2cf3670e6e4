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
    /// Let webhooks point at addresses that are not globally routable
    /// (loopback, private, link-local…; `WEBHOOKS_ALLOW_PRIVATE`): off, so a
    /// family cannot reach the operator's own network; on where private
    /// endpoints are wanted.
    #[serde(default)]
    pub webhooks_allow_private: bool,
    /// How long a webhook endpoint has to answer (seconds).
    pub webhook_timeout_secs: u64,
    /// How often the delivery worker looks for due deliveries (milliseconds).
    pub webhook_poll_ms: u64,
}

impl Default for Config {
    fn default() -> Self {
        Self {
            common: CommonConfig::defaults("family", 50052),
            auth_url: "http://127.0.0.1:50051".into(),
            platform_url: "http://127.0.0.1:50055".into(),
            webhooks_allow_private: false,
            webhook_timeout_secs: 10,
            webhook_poll_ms: 1000,
        }
    }
}

impl Config {
    pub fn load() -> anyhow::Result<Self> {
        Ok(kit::config::load()?)
    }
}
