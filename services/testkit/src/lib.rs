//! The whole stack in one test process: each service starts on port 0 with a
//! database of its own, all share a per-test NATS prefix and stream and a
//! freshly generated signing key. Dropping the [`Stack`] stops the services
//! and removes the databases and stream.

#![allow(clippy::unwrap_used)]

pub mod api;
pub mod gate;
pub mod images;
pub mod mail;
pub mod otlp;
pub mod process;
pub mod shutdown;

pub use kit::testing::{PATIENCE, eventually};

use std::path::PathBuf;

use chorely_proto::auth::v1::{
    AuthResponse, RegisterRequest, auth_service_client::AuthServiceClient,
};
use kit::grpc::Outgoing;
use kit::{
    config::CommonConfig,
    jwt::JwtSigner,
    testing::{TestBus, TestDb, TestKeys},
};
use tokio_util::sync::CancellationToken;
use tonic::{service::interceptor::InterceptedService, transport::Channel};

/// A client of the auth service as tests use it.
pub type AuthClient = AuthServiceClient<InterceptedService<Channel, Outgoing>>;

/// Options for [`Stack::start_with`].
#[derive(Clone, Default)]
pub struct Options {
    /// Leave auth's outbox relay off, so a test can drive it by hand.
    pub manual_auth_relay: bool,
    /// Leave chores' outbox relay off, likewise.
    pub manual_chores_relay: bool,
    /// How long photo links work (seconds); the service's default when unset.
    pub photo_url_ttl_secs: Option<u64>,
    /// How often rewards looks for birthdays (seconds); its default when unset.
    pub birthday_check_secs: Option<u64>,
    /// The clock of the chores service (a `kit::clock::ManualClock`'s, for
    /// tests that move time); the system's when unset.
    pub chores_clock: Option<kit::clock::Clock>,
    /// The clock of the auth service (link expiry), likewise.
    pub auth_clock: Option<kit::clock::Clock>,
    /// The clock of the family service (webhook retries), likewise.
    pub family_clock: Option<kit::clock::Clock>,
    /// The clock of the rewards service (streaks, the month and weeks of
    /// the stats, allowance periods), likewise.
    pub rewards_clock: Option<kit::clock::Clock>,
    /// Let webhooks reach loopback and private addresses (the test's own
    /// receivers listen on 127.0.0.1).
    pub webhooks_allow_private: bool,
    /// The SMTP server auth sends mail through; [`test_smtp_url`] when unset.
    pub smtp_url: Option<String>,
    /// The sender of auth's mail; the service's default when unset.
    pub mail_from: Option<String>,
}

/// The local SMTP server the test script starts (`ensure_smtp` in
/// scripts/lib.sh): `SMTP_URL`, or its default.
pub fn test_smtp_url() -> String {
    std::env::var("SMTP_URL").unwrap_or_else(|_| "smtp://127.0.0.1:1025".into())
}

/// The maildir that server writes every message into (`SMTP_MAILDIR`, or
/// its default under the cache).
pub fn test_maildir() -> PathBuf {
    match std::env::var("SMTP_MAILDIR") {
        Ok(dir) if !dir.is_empty() => PathBuf::from(dir),
        _ => {
            let cache = std::env::var("CHORELY_CACHE")
                .map(PathBuf::from)
                .unwrap_or_else(|_| {
                    PathBuf::from(std::env::var("HOME").unwrap_or_default()).join(".cache/chorely")
                });
            cache.join("mail")
        }
    }
}

pub struct Stack {
    pub keys: TestKeys,
    pub bus: TestBus,
    pub auth_url: String,
    pub family_url: String,
    pub platform_url: String,
    pub chores_url: String,
    pub rewards_url: String,
    /// The chores service's photo store.
    pub photos: chores::storage::Storage,
    pub auth_pool: sqlx::PgPool,
    /// The auth service's password hasher, to count the hashes it makes.
    pub auth_hasher: auth::password::Hasher,
    pub platform_pool: sqlx::PgPool,
    pub family_pool: sqlx::PgPool,
    /// A second webhook delivery worker on the family database, as another
    /// replica's would be.
    pub family_deliverer: family::webhook::deliver::Deliverer,
    auth_relay: kit::outbox::Relay,
    /// The job that queues the parents' digests and weekly summaries (tests
    /// run it at the times they set on the auth clock).
    pub auth_scheduler: auth::notify::scheduled::Scheduler,
    pub chores_pool: sqlx::PgPool,
    pub rewards_pool: sqlx::PgPool,
    chores_relay: kit::outbox::Relay,
    shutdown: CancellationToken,
    tasks: Vec<tokio::task::JoinHandle<()>>,
    // Dropped last: the services must stop before their databases are
    // handed to another stack.
    _lease: kit::testing::Lease,
}

/// Connections each service of a test stack opens at most.
const TEST_POOL_MAX_CONNECTIONS: u32 = 4;

fn common(service: &str, db: &TestDb, bus: &TestBus, keys: &TestKeys) -> CommonConfig {
    CommonConfig {
        grpc_addr: "127.0.0.1:0".into(),
        database_url: db.url.clone(),
        nats_url: bus.url.clone(),
        nats_prefix: bus.prefix.clone(),
        nats_stream: bus.stream.clone(),
        jwt_public_key: Some(keys.public_pem.clone()),
        // Four stacks run at once on PostgreSQL's default 100 connections:
        // at ten a service, their bursts together reached 98.
        db_max_connections: TEST_POOL_MAX_CONNECTIONS,
        ..CommonConfig::defaults(service, 0)
    }
}

/// The local S3 store, as the test script starts it (overridable by the same variables).
fn test_s3() -> chores::config::S3Config {
    let env = |key: &str, default: String| std::env::var(key).unwrap_or(default);
    let defaults = chores::config::S3Config::default();
    chores::config::S3Config {
        s3_endpoint: env("S3_ENDPOINT", defaults.s3_endpoint),
        s3_access_key_id: env("S3_ACCESS_KEY_ID", defaults.s3_access_key_id),
        s3_secret_access_key: std::env::var("S3_SECRET_ACCESS_KEY")
            .map(Into::into)
            .unwrap_or(defaults.s3_secret_access_key),
        ..defaults
    }
}

fn spawn<F>(tasks: &mut Vec<tokio::task::JoinHandle<()>>, run: F)
where
    F: std::future::Future<Output = anyhow::Result<()>> + Send + 'static,
{
    tasks.push(tokio::spawn(async move {
        if let Err(err) = run.await {
            eprintln!("service stopped with an error: {err:#}");
        }
    }));
}

impl Stack {
    pub async fn start() -> Self {
        Self::start_with(Options::default()).await
    }

    pub async fn start_with(options: Options) -> Self {
        // The test's own HTTP clients need the process's TLS provider too.
        kit::tls::install_crypto_provider();
        let keys = TestKeys::generate();
        let bus = TestBus::new();
        let shutdown = CancellationToken::new();
        let mut tasks = Vec::new();
        // Databases leased for this stack, as the migrations leave them.
        let lease = kit::testing::lease(&[
            ("family", &family::startup::MIGRATIONS),
            ("platform", &platform::startup::MIGRATIONS),
            ("chores", &chores::startup::MIGRATIONS),
            ("rewards", &rewards::startup::MIGRATIONS),
            ("auth", &auth::startup::MIGRATIONS),
        ])
        .await;
        let dbs = &lease.dbs;

        // Auth and family call each other: auth's address is fixed first.
        let auth_listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let auth_url = format!("http://{}", auth_listener.local_addr().unwrap());

        let platform = platform::startup::Application::build(platform::config::Config {
            common: common("platform", &dbs[1], &bus, &keys),
            ..Default::default()
        })
        .await
        .unwrap();
        let platform_url = format!("http://127.0.0.1:{}", platform.port());
        let platform_pool = platform.pool().clone();
        spawn(&mut tasks, platform.run(shutdown.clone()));

        let family = family::startup::Application::build_with(
            family::config::Config {
                common: common("family", &dbs[0], &bus, &keys),
                auth_url: auth_url.clone(),
                platform_url: platform_url.clone(),
                webhooks_allow_private: options.webhooks_allow_private,
                // Waiting tests see deliveries at once.
                webhook_poll_ms: 100,
                ..Default::default()
            },
            options.family_clock.clone().unwrap_or_default(),
        )
        .await
        .unwrap();
        let family_deliverer = family.deliverer().clone();
        let family_url = format!("http://127.0.0.1:{}", family.port());
        let family_pool = family.pool().clone();
        spawn(&mut tasks, family.run(shutdown.clone()));

        let rewards = rewards::startup::Application::build_with(
            rewards::config::Config {
                common: common("rewards", &dbs[3], &bus, &keys),
                family_url: family_url.clone(),
                auth_url: auth_url.clone(),
                platform_url: platform_url.clone(),
                birthday_check_secs: options.birthday_check_secs.unwrap_or(600),
            },
            options.rewards_clock.clone().unwrap_or_default(),
        )
        .await
        .unwrap();
        let rewards_url = format!("http://127.0.0.1:{}", rewards.port());
        let rewards_pool = rewards.pool().clone();
        spawn(&mut tasks, rewards.run(shutdown.clone()));

        let mut chores_common = common("chores", &dbs[2], &bus, &keys);
        chores_common.outbox_relay = !options.manual_chores_relay;
        let chores_clock = options.chores_clock.clone().unwrap_or_default();
        let chores = chores::startup::Application::build_with(
            chores::config::Config {
                common: chores_common,
                // One bucket for every test; each test's objects have keys of their own.
                s3: chores::config::S3Config {
                    s3_bucket: "chorely-test-photos".into(),
                    ..test_s3()
                },
                family_url: family_url.clone(),
                platform_url: platform_url.clone(),
                rewards_url: rewards_url.clone(),
                photo_url_ttl_secs: options.photo_url_ttl_secs.unwrap_or(900),
                // Never by themselves: tests run the jobs at the times they
                // set, and a look of the service's own would race theirs.
                jobs_every_secs: 0,
            },
            chores_clock,
        )
        .await
        .unwrap();
        let chores_url = format!("http://127.0.0.1:{}", chores.port());
        let photos = chores.storage().clone();
        let chores_pool = chores.pool().clone();
        let chores_relay = chores.relay();
        spawn(&mut tasks, chores.run(shutdown.clone()));

        let mut auth_common = common("auth", &dbs[4], &bus, &keys);
        auth_common.outbox_relay = !options.manual_auth_relay;
        let auth_defaults = auth::config::Config::default();
        let auth = auth::startup::Application::build_with(
            auth::config::Config {
                common: auth_common,
                jwt_private_key: Some(keys.private_pem.clone().into()),
                family_url: family_url.clone(),
                platform_url: platform_url.clone(),
                chores_url: chores_url.clone(),
                max_concurrent_hashes: 2,
                // Tests run the notification mail job themselves, at the
                // times they set; a look of its own at start would race
                // theirs (and read parents a test expects its look to find).
                notify_check_secs: 0,
                smtp_url: options
                    .smtp_url
                    .clone()
                    .unwrap_or_else(test_smtp_url)
                    .into(),
                mail_from: options
                    .mail_from
                    .clone()
                    .unwrap_or(auth_defaults.mail_from.clone()),
                ..auth_defaults
            },
            Some(auth_listener),
            options.auth_clock.clone().unwrap_or_default(),
        )
        .await
        .unwrap();
        let auth_pool = auth.pool().clone();
        let auth_hasher = auth.hasher().clone();
        let auth_relay = auth.relay();
        let auth_scheduler = auth.scheduler().clone();
        spawn(&mut tasks, auth.run(shutdown.clone()));

        Self {
            keys,
            bus,
            auth_url,
            family_url,
            platform_url,
            chores_url,
            rewards_url,
            photos,
            auth_pool,
            auth_hasher,
            platform_pool,
            family_pool,
            family_deliverer,
            auth_relay,
            auth_scheduler,
            chores_pool,
            chores_relay,
            rewards_pool,
            shutdown,
            tasks,
            _lease: lease,
        }
    }

    /// The auth service, called with `token`, or anonymously without one.
    pub fn auth(&self, token: Option<&str>) -> AuthClient {
        let outgoing = token.map_or_else(Outgoing::anonymous, Outgoing::bearer);
        AuthServiceClient::with_interceptor(Self::channel(&self.auth_url), outgoing)
    }

    /// Registers a family named `family` and its first parent (a fresh email).
    pub async fn register_family(&self, family: &str) -> AuthResponse {
        self.auth(None)
            .register(RegisterRequest {
                email: format!("parent-{}@example.com", uuid::Uuid::new_v4().simple()),
                password: "secret123".into(),
                first_name: "Pat".into(),
                last_name: "Doe".into(),
                organization_name: family.into(),
                time_zone: String::new(),
                mail: None,
            })
            .await
            .unwrap()
            .into_inner()
    }

    /// The relay of chores' outbox, for tests that drive it by hand.
    pub fn chores_relay(&self) -> &kit::outbox::Relay {
        &self.chores_relay
    }

    /// The relay of auth's outbox, for tests that drive it by hand.
    pub fn auth_relay(&self) -> &kit::outbox::Relay {
        &self.auth_relay
    }

    pub fn channel(url: &str) -> Channel {
        kit::grpc::channel(url).unwrap()
    }

    /// A signer with the stack's private key, for forging tokens in tests.
    pub fn signer(&self) -> JwtSigner {
        JwtSigner::from_private_pem(
            &self.keys.private_pem,
            std::time::Duration::from_secs(3600),
            "test",
        )
        .unwrap()
    }

    /// The gateway's configuration in front of this stack.
    pub fn gateway_config(&self) -> gateway::config::Config {
        gateway::config::Config {
            http_addr: "127.0.0.1:0".into(),
            auth_url: self.auth_url.clone(),
            family_url: self.family_url.clone(),
            chores_url: self.chores_url.clone(),
            rewards_url: self.rewards_url.clone(),
            platform_url: self.platform_url.clone(),
            jwt_public_key: Some(self.keys.public_pem.clone()),
            web_dist: PathBuf::from("/nonexistent"),
            nats_url: self.bus.url.clone(),
            nats_prefix: self.bus.prefix.clone(),
            nats_stream: self.bus.stream.clone(),
            s3_endpoint: test_s3().s3_endpoint,
            ..Default::default()
        }
    }

    /// Starts the gateway in front of the stack and returns its base URL.
    pub async fn start_gateway(&mut self) -> String {
        self.start_gateway_with(self.gateway_config()).await
    }

    /// Starts a gateway configured by `config` and returns its base URL.
    pub async fn start_gateway_with(&mut self, config: gateway::config::Config) -> String {
        let gateway = gateway::startup::Application::build(config).await.unwrap();
        let url = format!("http://127.0.0.1:{}", gateway.port());
        spawn(&mut self.tasks, gateway.run(self.shutdown.clone()));
        url
    }

    /// The environment of a gateway process in front of this stack.
    pub fn gateway_env(&self) -> Vec<(&'static str, String)> {
        let config = self.gateway_config();
        vec![
            ("HTTP_ADDR", config.http_addr),
            ("AUTH_URL", config.auth_url),
            ("FAMILY_URL", config.family_url),
            ("CHORES_URL", config.chores_url),
            ("REWARDS_URL", config.rewards_url),
            ("PLATFORM_URL", config.platform_url),
            ("JWT_PUBLIC_KEY", self.keys.public_pem.clone()),
            ("WEB_DIST", "/nonexistent".into()),
            ("NATS_URL", config.nats_url),
            ("NATS_PREFIX", config.nats_prefix),
            ("NATS_STREAM", config.nats_stream),
            ("S3_ENDPOINT", config.s3_endpoint),
        ]
    }

    /// The environment of a chores process joining this stack with the
    /// database at `database_url` (a second chores, run from its binary).
    pub fn chores_env(&self, database_url: &str) -> Vec<(&'static str, String)> {
        let s3 = test_s3();
        vec![
            ("GRPC_ADDR", "127.0.0.1:0".into()),
            ("DATABASE_URL", database_url.into()),
            ("NATS_URL", self.bus.url.clone()),
            ("NATS_PREFIX", self.bus.prefix.clone()),
            ("NATS_STREAM", self.bus.stream.clone()),
            ("JWT_PUBLIC_KEY", self.keys.public_pem.clone()),
            ("FAMILY_URL", self.family_url.clone()),
            ("PLATFORM_URL", self.platform_url.clone()),
            ("REWARDS_URL", self.rewards_url.clone()),
            ("S3_ENDPOINT", s3.s3_endpoint),
            ("S3_BUCKET", "chorely-test-photos".into()),
            ("S3_ACCESS_KEY_ID", s3.s3_access_key_id),
            (
                "S3_SECRET_ACCESS_KEY",
                secrecy::ExposeSecret::expose_secret(&s3.s3_secret_access_key).to_owned(),
            ),
        ]
    }
}

impl Drop for Stack {
    fn drop(&mut self) {
        self.shutdown.cancel();
        for task in &self.tasks {
            task.abort();
        }
    }
}
