//! Builds the service from its configuration and runs it until shutdown.

use std::{sync::Arc, time::Duration};

use chorely_proto::{
    events::{
        Event,
        v1::{
            CatalogueChanged, ChildCreated, ChildDeleted, ChildUpdated, ChoreCountChanged,
            ChoreDueSoon, ChoreMissed, LedgerEntryRecorded, RedemptionDecided, RedemptionRequested,
            SubmissionReviewed, SubmissionSubmitted,
        },
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
    events::{ChildLoginHandler, FamilyRegisteredHandler},
    families::Families,
    grpc::FamilyGrpc,
    webhook::{
        deliver::Deliverer, grpc::WebhooksGrpc, record::RecordDeliveries, registry::Registry,
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
    fn hook<E: Event + Send + 'static>(
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
        let mut consumers = vec![
            self.service
                .consume("family-child-logins", ChildLoginHandler, &shutdown),
            self.service
                .consume("family-registered", FamilyRegisteredHandler, &shutdown),
            tokio::spawn(self.deliverer.clone().run(shutdown.clone())),
        ];
        consumers.extend(self.hooks(&shutdown));
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

/// One durable consumer for each event webhooks may carry, by its name
/// (names stay as they are: a renamed consumer would start afresh). The test
/// below fails when the event catalogue lets webhooks carry an event that has
/// none here, or this names one it does not.
macro_rules! webhook_consumers {
    ($($event:ty => $durable:literal),* $(,)?) => {
        /// The subject and durable consumer of each event webhooks carry.
        #[cfg(test)]
        const HOOKED: &[(&str, &str)] = &[$((<$event as Event>::SUBJECT, $durable)),*];

        impl Application {
            fn hooks(&self, shutdown: &CancellationToken) -> Vec<JoinHandle<()>> {
                vec![$(self.hook::<$event>($durable, shutdown)),*]
            }
        }
    };
}

webhook_consumers! {
    SubmissionSubmitted => "family-hooks-submitted",
    SubmissionReviewed => "family-hooks-reviewed",
    LedgerEntryRecorded => "family-hooks-ledger",
    CatalogueChanged => "family-hooks-catalogue",
    ChoreCountChanged => "family-hooks-chore-count",
    ChoreMissed => "family-hooks-missed",
    ChoreDueSoon => "family-hooks-due-soon",
    ChildCreated => "family-hooks-child-created",
    ChildUpdated => "family-hooks-child-updated",
    ChildDeleted => "family-hooks-child-deleted",
    RedemptionRequested => "family-hooks-redemption-requested",
    RedemptionDecided => "family-hooks-redemption-decided",
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeSet;

    use chorely_proto::events::CATALOGUE;

    use super::HOOKED;

    #[test]
    fn every_event_webhooks_carry_has_a_consumer() {
        let carried: BTreeSet<&str> = CATALOGUE
            .iter()
            .filter(|d| d.public.is_some_and(|p| p.webhook))
            .map(|d| d.subject)
            .collect();
        let hooked: BTreeSet<&str> = HOOKED.iter().map(|(subject, _)| *subject).collect();
        assert_eq!(hooked, carried);
        let durables: BTreeSet<&str> = HOOKED.iter().map(|(_, durable)| *durable).collect();
        assert_eq!(
            durables.len(),
            HOOKED.len(),
            "a durable consumer named twice"
        );
    }
}
