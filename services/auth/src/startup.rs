//! Builds the service from its configuration and runs it until shutdown.

use std::sync::Arc;

use chorely_proto::{
    auth::v1::{
        auth_service_server::AuthServiceServer,
        notifications_service_server::NotificationsServiceServer,
    },
    events::v1::{
        ChildCreated, ChildUpdated, ChoreDueSoon, OrganizationActivationChanged,
        OrganizationCreated, OrganizationPlanChanged, OrganizationUpdated, RedemptionDecided,
        RedemptionRequested, SubmissionReviewed, SubmissionSubmitted, WebhookDisabled,
    },
};
use kit::{clock::Clock, jwt::JwtSigner, outbox::Relay, service::Service};
use sqlx::{PgPool, migrate::Migrator};
use tokio_util::sync::CancellationToken;
use tonic::service::Routes;

use crate::{
    accounts::Accounts,
    child_logins::ChildContacts,
    clients::Clients,
    config::Config,
    events::{ChildDeletedHandler, FamilyFacts},
    grpc::AuthGrpc,
    mail::{MailWaker, Mailer},
    notify::{
        centre::Centre, events::Notifier, grpc::NotificationsGrpc, scheduled::Scheduler,
        settings::Settings,
    },
    password::Hasher,
};

/// The service's database migrations (the admin command sets up the database with them).
pub static MIGRATIONS: Migrator = sqlx::migrate!("./migrations");

pub struct Application {
    service: Service,
    routes: Routes,
    hasher: Hasher,
    mailer: Mailer,
    notifier: Notifier,
    scheduler: Scheduler,
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
        let clients = Clients::new(
            &config.family_url,
            &config.platform_url,
            &config.chores_url,
            signer.clone(),
        )?;
        let origin = config.public_url.trim_end_matches('/').to_owned();
        let notifier = Notifier {
            clock: clock.clone(),
            origin: origin.clone(),
        };
        let scheduler = Scheduler {
            pool: service.pool.clone(),
            clock: clock.clone(),
            clients: clients.clone(),
            origin,
            waker: waker.clone(),
            every: std::time::Duration::from_secs(config.notify_check_secs),
            zone_learning: Default::default(),
            batch: crate::notify::scheduled::LOOK_BATCH,
        };
        let notifications = NotificationsServiceServer::with_interceptor(
            NotificationsGrpc {
                centre: Centre {
                    pool: service.pool.clone(),
                    clock: clock.clone(),
                },
                settings: Settings {
                    pool: service.pool.clone(),
                    clients: clients.clone(),
                    clock: clock.clone(),
                },
            },
            service.interceptor(),
        );
        let accounts = Accounts {
            pool: service.pool.clone(),
            hasher: hasher.clone(),
            signer: signer.clone(),
            clients,
            revocations: service.revocations.clone(),
            clock,
            mail: waker,
            verifier: service.verifier.clone(),
            super_admin_mfa_required: config.super_admin_mfa_required,
        };
        let routes = Routes::new(AuthServiceServer::with_interceptor(
            AuthGrpc { accounts },
            service.interceptor(),
        ))
        .add_service(notifications);
        Ok(Self {
            service,
            routes,
            hasher,
            mailer,
            notifier,
            scheduler,
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

    /// The job that queues digests and weekly summaries (tests run it at
    /// the times they set).
    pub fn scheduler(&self) -> &Scheduler {
        &self.scheduler
    }

    pub async fn run(self, shutdown: CancellationToken) -> anyhow::Result<()> {
        let s = &self.service;
        let n = &self.notifier;
        let consumers = vec![
            s.consume("auth-child-deleted", ChildDeletedHandler, &shutdown),
            // Named for what they first kept (a consumer's name is its place
            // in the stream: a new name would start over from the first event).
            s.consume::<OrganizationCreated, _>("auth-zone-created", FamilyFacts, &shutdown),
            s.consume::<OrganizationUpdated, _>("auth-zone-updated", FamilyFacts, &shutdown),
            s.consume::<OrganizationPlanChanged, _>("auth-family-plan", FamilyFacts, &shutdown),
            s.consume::<OrganizationActivationChanged, _>(
                "auth-family-standing",
                FamilyFacts,
                &shutdown,
            ),
            s.consume::<ChildCreated, _>("auth-child-created", FamilyFacts, &shutdown),
            s.consume::<ChildUpdated, _>("auth-child-updated", FamilyFacts, &shutdown),
            s.consume("auth-child-contacts", ChildContacts, &shutdown),
            s.consume::<SubmissionSubmitted, _>("auth-notify-submitted", n.clone(), &shutdown),
            s.consume::<SubmissionReviewed, _>("auth-notify-reviewed", n.clone(), &shutdown),
            s.consume::<RedemptionRequested, _>(
                "auth-notify-redemption-requested",
                n.clone(),
                &shutdown,
            ),
            s.consume::<RedemptionDecided, _>(
                "auth-notify-redemption-decided",
                n.clone(),
                &shutdown,
            ),
            s.consume::<WebhookDisabled, _>("auth-notify-webhook-disabled", n.clone(), &shutdown),
            s.consume::<ChoreDueSoon, _>("auth-notify-due-soon", n.clone(), &shutdown),
            tokio::spawn(self.mailer.run(shutdown.clone())),
            tokio::spawn(self.scheduler.run(shutdown.clone())),
        ];
        self.service
            .run(
                self.routes,
                &[
                    "chorely.auth.v1.AuthService",
                    "chorely.auth.v1.NotificationsService",
                ],
                consumers,
                shutdown,
            )
            .await
    }
}
