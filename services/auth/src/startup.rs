//! Builds the service from its configuration and runs it until shutdown.

use std::sync::Arc;

use chorely_proto::auth::v1::auth_service_server::AuthServiceServer;
use kit::{clock::Clock, jwt::JwtSigner, outbox::Relay, service::Service};
use sqlx::{PgPool, migrate::Migrator};
use tokio_util::sync::CancellationToken;
use tonic::service::Routes;

use crate::{
    accounts::Accounts,
    clients::Clients,
    config::Config,
    events::ChildDeletedHandler,
    grpc::AuthGrpc,
    mail::{MailWaker, Mailer},
    password::Hasher,
};

/// The service's database migrations (the admin command sets up the database with them).
pub static MIGRATIONS: Migrator = sqlx::migrate!("./migrations");

pub struct Application {
    service: Service,
    routes: Routes,
    hasher: Hasher,
    mailer: Mailer,
}

impl Application {
    pub async fn build(config: Config) -> anyhow::Result<Self> {
        Self::build_on(config, None).await
    }

    /// Serves on `listener` instead of binding `GRPC_ADDR` (see `Service::build_on`).
    pub async fn build_on(
        config: Config,
        listener: Option<tokio::net::TcpListener>,
    ) -> anyhow::Result<Self> {
        Self::build_with(config, listener, Clock::system()).await
    }

    /// Like [`Application::build_on`], reading the time from `clock` (link
    /// expiry; tests move it).
    pub async fn build_with(
        config: Config,
        listener: Option<tokio::net::TcpListener>,
        clock: Clock,
    ) -> anyhow::Result<Self> {
        let service = Service::build_on(&config.common, &MIGRATIONS, listener).await?;
        let signer = Arc::new(JwtSigner::from_private_pem(
            &config.jwt_private_key_pem()?,
            config.token_ttl(),
            "auth",
        )?);
        let hasher = Hasher::new(config.max_concurrent_hashes);
        let waker = MailWaker::default();
        let mailer = Mailer::new(&config, service.pool.clone(), clock.clone(), waker.clone())?;
        let accounts = Accounts {
            pool: service.pool.clone(),
            hasher: hasher.clone(),
            signer: signer.clone(),
            clients: Clients::new(&config.family_url, &config.platform_url, signer)?,
            revocations: service.revocations.clone(),
            clock,
            mail: waker,
            verifier: service.verifier.clone(),
            super_admin_mfa_required: config.super_admin_mfa_required,
        };
        let routes = Routes::new(AuthServiceServer::with_interceptor(
            AuthGrpc { accounts },
            service.interceptor(),
        ));
        Ok(Self {
            service,
            routes,
            hasher,
            mailer,
        })
    }

    pub fn port(&self) -> u16 {
        self.service.port()
    }

    pub fn pool(&self) -> &PgPool {
        &self.service.pool
    }

    /// The password hasher (tests count the hashes it makes).
    pub fn hasher(&self) -> &Hasher {
        &self.hasher
    }

    /// The relay that publishes this service's events (tests drive it by hand).
    pub fn relay(&self) -> Relay {
        self.service.relay()
    }

    /// The mailer (tests make it send what is due at once).
    pub fn mailer(&self) -> &Mailer {
        &self.mailer
    }

    pub async fn run(self, shutdown: CancellationToken) -> anyhow::Result<()> {
        let consumers = vec![
            self.service
                .consume("auth-child-deleted", ChildDeletedHandler, &shutdown),
            tokio::spawn(self.mailer.run(shutdown.clone())),
        ];
        self.service
            .run(
                self.routes,
                &["chorely.auth.v1.AuthService"],
                consumers,
                shutdown,
            )
            .await
    }
}
