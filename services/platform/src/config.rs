use kit::config::CommonConfig;
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Config {
    #[serde(flatten)]
    pub common: CommonConfig,
    /// Length of the trial a new family starts with.
    pub trial_days: i64,
}

impl Default for Config {
    fn default() -> Self {
        Self {
            common: CommonConfig::defaults("platform", 50055),
            trial_days: 14,
        }
    }
}

impl Config {
    pub fn load() -> anyhow::Result<Self> {
        Ok(kit::config::load()?)
    }
}
