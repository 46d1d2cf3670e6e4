use kit::config::CommonConfig;
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Config {
    #[serde(flatten)]
    pub common: CommonConfig,
    /// The family service: children (names, ratings) and who belongs where.
    pub family_url: String,
    /// The auth service: parents' names on payouts.
    pub auth_url: String,
    /// The platform service: the family's plan, which limits its store items.
    pub platform_url: String,
    /// How often birthdays are looked for, in seconds (also once at start).
    pub birthday_check_secs: u64,
}

impl Default for Config {
    fn default() -> Self {
        Self {
            common: CommonConfig::defaults("rewards", 50054),
            family_url: "http://127.0.0.1:50052".into(),
            auth_url: "http://127.0.0.1:50051".into(),
            platform_url: "http://127.0.0.1:50055".into(),
            birthday_check_secs: 600,
        }
    }
}

impl Config {
    pub fn load() -> anyhow::Result<Self> {
        Ok(kit::config::load()?)
    }
}
