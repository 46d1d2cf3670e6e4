//! Builds the service from its configuration and runs it until shutdown.

use std::{sync::Arc, time::Duration};

use chorely_proto::{
    events::v1::{
        CatalogueChanged, ChildCreated, ChildDeleted, ChildUpdated, ChoreCountChanged,
        ChoreDueSoon, ChoreMissed, LedgerEntryRecorded, RedemptionDecided, RedemptionRequested,
        SubmissionReviewed, SubmissionSubmitted,
    },
    family::v1::{
        family_service_server::FamilyServiceServer, webhooks_service_server::WebhooksServiceServer,
    },
};
use kit::{clock::Clock, service::Service};
use sqlx::migrate::Migrator;
use tokio::{sync::Notify, task::JoinHandle};
use tokio_util::sync::CancellationToken;
use tonic::service::Routes;

/// How far back a webhook consumer new to the deployment starts: the events
/// of the last minutes reach the endpoints asking for them, while a type
/// added by an upgrade does not send its whole history to `*` endpoints.
const HOOKS_LOOK_BACK: Duration = Duration::from_secs(5 * 60);

use crate::{
    children::Children,
    config::Config,
    events::ChildLoginHandler,
    families::Families,
    grpc::FamilyGrpc,
    webhook::{
        catalogue::Hooked, deliver::Deliverer, grpc::WebhooksGrpc, record::RecordDeliveries,
        registry::Registry,
    },
};

pub static MIGRATIONS: Migrator = sqlx::migrate!("./migrations");

pub struct Application {
    service: Service,
    routes: Routes,
    clock: Clock,
    deliverer: Deliverer,
    wake: Arc<Notify>,
}

impl Application {
    pub async fn build(config: Config) -> anyhow::Result<Self> {
        Self::build_with(config, Clock::system()).await
    }

    /// Like [`Application::build`], reading the time from `clock` (tests
    /// move it to bring webhook retries due).
    pub async fn build_with(config: Config, clock: Clock) -> anyhow::Result<Self> {
        let service = Service::build(&config.common, &MIGRATIONS).await?;
        let wake = Arc::new(Notify::new());
        let registry = Registry {
            pool: service.pool.clone(),
            clock: clock.clone(),
            allow_private: config.webhooks_allow_private,
            wake: wake.clone(),
        };
        let deliverer = Deliverer::new(
            service.pool.clone(),
            clock.clone(),
            config.webhooks_allow_private,
            Duration::from_secs(config.webhook_timeout_secs),
            Duration::from_millis(config.webhook_poll_ms),
            wake.clone(),
        )?;
        let families = Families {
            pool: service.pool.clone(),
        };
        let children = Children {
            pool: service.pool.clone(),
            auth: kit::grpc::channel(&config.auth_url)?,
            platform: kit::grpc::channel(&config.platform_url)?,
        };
        let routes = Routes::new(FamilyServiceServer::with_interceptor(
            FamilyGrpc { families, children },
            service.interceptor(),
        ))
        .add_service(WebhooksServiceServer::with_interceptor(
            WebhooksGrpc { registry },
            service.interceptor(),
        ));
        Ok(Self {
            service,
            routes,
            clock,
            deliverer,
            wake,
        })
    }

    pub fn port(&self) -> u16 {
        self.service.port()
    }

    pub fn pool(&self) -> &sqlx::PgPool {
        &self.service.pool
    }

    /// The webhook delivery worker (tests drive a second one, as a replica).
    pub fn deliverer(&self) -> &Deliverer {
        &self.deliverer
    }

    /// Records a webhook delivery of each `E` for the endpoints asking for it.
    fn hook<E: Hooked + Send + 'static>(
        &self,
        durable: &'static str,
        shutdown: &CancellationToken,
    ) -> JoinHandle<()> {
        self.service.consume_with(
            durable,
            RecordDeliveries::<E>::new(self.clock.clone(), self.wake.clone()),
            shutdown,
            kit::consumer::Settings {
                look_back: Some(HOOKS_LOOK_BACK),
                ..kit::consumer::Settings::default()
            },
        )
    }

    pub async fn run(self, shutdown: CancellationToken) -> anyhow::Result<()> {
        let consumers = vec![
            self.service
                .consume("family-child-logins", ChildLoginHandler, &shutdown),
            self.hook::<SubmissionSubmitted>("family-hooks-submitted", &shutdown),
            self.hook::<SubmissionReviewed>("family-hooks-reviewed", &shutdown),
            self.hook::<LedgerEntryRecorded>("family-hooks-ledger", &shutdown),
            self.hook::<CatalogueChanged>("family-hooks-catalogue", &shutdown),
            self.hook::<ChoreCountChanged>("family-hooks-chore-count", &shutdown),
            self.hook::<ChoreMissed>("family-hooks-missed", &shutdown),
            self.hook::<ChoreDueSoon>("family-hooks-due-soon", &shutdown),
            self.hook::<ChildCreated>("family-hooks-child-created", &shutdown),
            self.hook::<ChildUpdated>("family-hooks-child-updated", &shutdown),
            self.hook::<ChildDeleted>("family-hooks-child-deleted", &shutdown),
            self.hook::<RedemptionRequested>("family-hooks-redemption-requested", &shutdown),
            self.hook::<RedemptionDecided>("family-hooks-redemption-decided", &shutdown),
            tokio::spawn(self.deliverer.clone().run(shutdown.clone())),
        ];
        self.service
            .run(
                self.routes,
                &[
                    "chorely.family.v1.FamilyService",
                    "chorely.family.v1.WebhooksService",
                ],
                consumers,
                shutdown,
            )
            .await
    }
}
