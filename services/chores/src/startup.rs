//! Builds the service from its configuration and runs it until shutdown.

use std::time::Duration;

use chorely_proto::{
    chores::v1::{
        calendar_service_server::CalendarServiceServer, chores_service_server::ChoresServiceServer,
        pauses_service_server::PausesServiceServer,
    },
    events::v1::{
        ChildCreated, ChildUpdated, OrganizationActivationChanged, OrganizationCreated,
        OrganizationUpdated, UserRevoked,
    },
};
use kit::{clock::Clock, service::Service};
use sqlx::migrate::Migrator;
use tokio_util::sync::CancellationToken;
use tonic::service::{Routes, interceptor::InterceptedService};

use crate::{
    catalogue::Catalogue,
    clients::Clients,
    config::Config,
    events::{Activation, ChildDeletedHandler, Children, Families, RevokedUsers},
    feeds::Feeds,
    grpc::{ChoresGrpc, calendar::CalendarGrpc, pauses::PausesGrpc},
    missed::{self, Missed},
    pauses::Pauses,
    photo,
    planning::Planning,
    reminders,
    stats::Stats,
    storage::Storage,
    submissions::Submissions,
};

pub static MIGRATIONS: Migrator = sqlx::migrate!("./migrations");

/// Room for a photo at its size limit plus the rest of the request.
const MAX_REQUEST_BYTES: usize = photo::MAX_BYTES + 64 * 1024;

pub struct Application {
    service: Service,
    storage: Storage,
    routes: Routes,
    clock: Clock,
    /// How often the missed-chore and reminder jobs look.
    jobs_every: Duration,
}

impl Application {
    pub async fn build(config: Config) -> anyhow::Result<Self> {
        Self::build_with(config, Clock::system()).await
    }

    /// The service reading the time from `clock` (tests move it by hand).
    pub async fn build_with(config: Config, clock: Clock) -> anyhow::Result<Self> {
        let service = Service::build(&config.common, &MIGRATIONS).await?;
        let storage = Storage::new(&config.s3);
        storage.ensure_bucket().await?;
        let clients = Clients::new(
            &config.family_url,
            &config.platform_url,
            &config.rewards_url,
        )?;
        let grpc = ChoresGrpc {
            catalogue: Catalogue {
                pool: service.pool.clone(),
                clients: clients.clone(),
                clock: clock.clone(),
            },
            stats: Stats {
                pool: service.pool.clone(),
                clients: clients.clone(),
                clock: clock.clone(),
            },
            planning: Planning {
                pool: service.pool.clone(),
                clients: clients.clone(),
                clock: clock.clone(),
            },
            missed: Missed {
                pool: service.pool.clone(),
                clients: clients.clone(),
                clock: clock.clone(),
            },
            submissions: Submissions {
                pool: service.pool.clone(),
                clients: clients.clone(),
                storage: storage.clone(),
                photo_url_ttl: Duration::from_secs(config.photo_url_ttl_secs),
                clock: clock.clone(),
            },
        };
        let pauses = PausesServiceServer::new(PausesGrpc {
            pauses: Pauses {
                pool: service.pool.clone(),
                clients: clients.clone(),
                clock: clock.clone(),
            },
        });
        let calendar = CalendarServiceServer::new(CalendarGrpc {
            feeds: Feeds {
                pool: service.pool.clone(),
                clients: clients.clone(),
                clock: clock.clone(),
            },
        });
        let server = ChoresServiceServer::new(grpc).max_decoding_message_size(MAX_REQUEST_BYTES);
        let routes = Routes::new(InterceptedService::new(server, service.interceptor()))
            .add_service(InterceptedService::new(pauses, service.interceptor()))
            .add_service(InterceptedService::new(calendar, service.interceptor()));
        Ok(Self {
            service,
            storage,
            routes,
            clock,
            jobs_every: Duration::from_secs(config.jobs_every_secs),
        })
    }

    /// The photo store (tests reach it directly).
    pub fn storage(&self) -> &Storage {
        &self.storage
    }

    pub fn pool(&self) -> &sqlx::PgPool {
        &self.service.pool
    }

    /// The outbox relay (tests that turn it off drive it by hand).
    pub fn relay(&self) -> kit::outbox::Relay {
        self.service.relay()
    }

    pub fn port(&self) -> u16 {
        self.service.port()
    }

    pub async fn run(self, shutdown: CancellationToken) -> anyhow::Result<()> {
        let s = &self.service;
        tokio::spawn(missed::run(
            s.pool.clone(),
            self.clock.clone(),
            self.jobs_every,
            shutdown.clone(),
        ));
        tokio::spawn(reminders::run(
            s.pool.clone(),
            self.clock.clone(),
            self.jobs_every,
            shutdown.clone(),
        ));
        let consumers = vec![
            s.consume(
                "chores-child-deleted",
                ChildDeletedHandler {
                    storage: self.storage.clone(),
                    clock: self.clock.clone(),
                },
                &shutdown,
            ),
            s.consume::<ChildCreated, _>(
                "chores-child-created",
                Children {
                    clock: self.clock.clone(),
                },
                &shutdown,
            ),
            s.consume::<ChildUpdated, _>(
                "chores-child-updated",
                Children {
                    clock: self.clock.clone(),
                },
                &shutdown,
            ),
            s.consume::<UserRevoked, _>("chores-feeds-revoked-users", RevokedUsers, &shutdown),
            s.consume::<OrganizationActivationChanged, _>(
                "chores-feeds-activation",
                Activation {
                    clock: self.clock.clone(),
                },
                &shutdown,
            ),
            s.consume::<OrganizationCreated, _>("chores-families-created", Families, &shutdown),
            s.consume::<OrganizationUpdated, _>("chores-families-updated", Families, &shutdown),
            s.consume::<chorely_proto::events::v1::AllowanceChanged, _>(
                "chores-allowances",
                crate::allowances::KeepAllowances,
                &shutdown,
            ),
        ];
        self.service
            .run(
                self.routes,
                &[
                    "chorely.chores.v1.ChoresService",
                    "chorely.chores.v1.PausesService",
                    "chorely.chores.v1.CalendarService",
                ],
                consumers,
                shutdown,
            )
            .await
    }
}
