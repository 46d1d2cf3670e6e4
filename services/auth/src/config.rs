use std::{path::PathBuf, time::Duration};

use kit::config::{CommonConfig, Secret};
use secrecy::ExposeSecret;
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Config {
    #[serde(flatten)]
    pub common: CommonConfig,
    /// PEM of the Ed25519 private key that signs tokens ...
    #[serde(default, skip_serializing)]
    pub jwt_private_key: Option<Secret>,
    /// ... or the file holding it.
    pub jwt_private_key_file: PathBuf,
    /// Lifetime of an access token: short, as a stolen one should be; the
    /// web app renews it while it is in use (`POST /api/auth/renew`).
    pub token_ttl_seconds: u64,
    pub family_url: String,
    pub platform_url: String,
    /// The chores service, asked for the family board's chores.
    pub chores_url: String,
    /// Password hashes computed at once; each takes 19 MiB and a core for ~50 ms.
    pub max_concurrent_hashes: usize,
    /// The SMTP relay mail goes out through: `smtp://host:port` (plain, as
    /// the local test server speaks), `smtp://user:password@host:587?tls=required`
    /// (STARTTLS) or `smtps://user:password@host:465`. It may hold a password:
    /// never printed.
    #[serde(default = "local_smtp", skip_serializing)]
    pub smtp_url: Secret,
    /// The sender of every mail, e.g. `Chorely <no-reply@chorely.example>`.
    pub mail_from: String,
    /// The origin the web app and API are reached at (the gateway's
    /// `PUBLIC_URL`): the links of the mails no request caused (digests,
    /// summaries, unsubscribe links) are built on it.
    pub public_url: String,
    /// How often the scheduled notification mails (digests, weekly
    /// summaries) are looked for, in seconds (also once at start). 0 leaves
    /// the job to its caller: tests run it themselves, at the times they set,
    /// so a look of its own cannot race theirs.
    pub notify_check_secs: u64,
    /// Super admins must set up two-factor sign-in before the console lets
    /// them in (`SUPER_ADMIN_MFA_REQUIRED=false` lifts it).
    pub super_admin_mfa_required: bool,
}

impl Default for Config {
    fn default() -> Self {
        Self {
            common: CommonConfig::defaults("auth", 50051),
            jwt_private_key: None,
            jwt_private_key_file: PathBuf::from(".local/keys/jwt-private.pem"),
            token_ttl_seconds: 60 * 60,
            family_url: "http://127.0.0.1:50052".into(),
            platform_url: "http://127.0.0.1:50055".into(),
            chores_url: "http://127.0.0.1:50053".into(),
            max_concurrent_hashes: 4,
            smtp_url: local_smtp(),
            mail_from: "Chorely <no-reply@chorely.local>".into(),
            public_url: "http://localhost:8080".into(),
            notify_check_secs: 60,
            super_admin_mfa_required: true,
        }
    }
}

/// The SMTP server the project's scripts start on this machine.
fn local_smtp() -> Secret {
    "smtp://127.0.0.1:1025".to_owned().into()
}

impl Config {
    pub fn load() -> anyhow::Result<Self> {
        Ok(kit::config::load()?)
    }

    pub fn token_ttl(&self) -> Duration {
        Duration::from_secs(self.token_ttl_seconds)
    }

    pub fn jwt_private_key_pem(&self) -> anyhow::Result<String> {
        kit::config::read_pem(
            self.jwt_private_key.as_ref().map(|s| s.expose_secret()),
            &self.jwt_private_key_file,
        )
    }
}
