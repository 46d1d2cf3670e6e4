//! Builds the service from its configuration and runs it until shutdown.

use std::time::Duration;

use chorely_proto::{
    events::v1::{
        ChildCreated, ChildDeleted, ChildUpdated, ChoreMissed, MissedChoreExcused,
        OrganizationCreated, OrganizationUpdated,
    },
    rewards::v1::{
        allowance_service_server::AllowanceServiceServer,
        rewards_service_server::RewardsServiceServer, savings_service_server::SavingsServiceServer,
    },
};
use kit::{clock::Clock, service::Service};
use sqlx::{PgPool, migrate::Migrator};
use tokio_util::sync::CancellationToken;
use tonic::service::Routes;

use crate::{
    allowance::Allowances,
    allowance_grpc::AllowanceGrpc,
    birthdays,
    clients::Clients,
    config::Config,
    events::{Children, CreditApprovals, Families, Penalties},
    goals::Goals,
    grpc::RewardsGrpc,
    jars::Jars,
    ledger::Ledger,
    multipliers::Multipliers,
    paydays,
    reward_store::RewardStore,
    savings_grpc::SavingsGrpc,
    statement::Statements,
    subjects::Subjects,
};

/// Approvals credited side by side: each credit locks its child and is
/// recorded by submission, so their order does not matter, and after an
/// outage of the event bus the backlog drains this many times faster (the
/// fault suite's NATS restart, whose credits waited 3-5 s one by one). Four of
/// the pool's ten connections, leaving the rest to requests.
const CREDITS_AT_ONCE: usize = 4;

/// The service's database migrations (tests set up its database with them).
pub static MIGRATIONS: Migrator = sqlx::migrate!("./migrations");

pub struct Application {
    service: Service,
    routes: Routes,
    birthday_check: Duration,
    clock: Clock,
}

impl Application {
    pub async fn build(config: Config) -> anyhow::Result<Self> {
        Self::build_with(config, Clock::system()).await
    }

    /// The service reading the time from `clock` (tests move it by hand).
    pub async fn build_with(config: Config, clock: Clock) -> anyhow::Result<Self> {
        let service = Service::build(&config.common, &MIGRATIONS).await?;
        let clients = Clients::new(&config.family_url, &config.auth_url, &config.platform_url)?;
        let pool = service.pool.clone();
        let subjects = Subjects {
            pool: pool.clone(),
            clients: clients.clone(),
        };
        let multipliers = Multipliers {
            pool: pool.clone(),
            clock: clock.clone(),
        };
        let allowances = AllowanceServiceServer::with_interceptor(
            AllowanceGrpc {
                allowances: Allowances {
                    pool: pool.clone(),
                    clients: clients.clone(),
                },
                clock: clock.clone(),
            },
            service.interceptor(),
        );
        let grpc = RewardsGrpc {
            jars: Jars {
                pool: pool.clone(),
                clients: clients.clone(),
                clock: clock.clone(),
            },
            store: RewardStore {
                pool: pool.clone(),
                clients: clients.clone(),
                clock: clock.clone(),
            },
            ledger: Ledger {
                pool,
                clients,
                multipliers: multipliers.clone(),
                clock: clock.clone(),
            },
            multipliers,
            subjects,
        };
        let savings = SavingsServiceServer::with_interceptor(
            SavingsGrpc {
                goals: Goals {
                    pool: grpc.ledger.pool.clone(),
                    clients: grpc.ledger.clients.clone(),
                },
                statements: Statements {
                    pool: grpc.ledger.pool.clone(),
                    clients: grpc.ledger.clients.clone(),
                    clock: clock.clone(),
                },
            },
            service.interceptor(),
        );
        let routes = Routes::new(RewardsServiceServer::with_interceptor(
            grpc,
            service.interceptor(),
        ))
        .add_service(savings)
        .add_service(allowances);
        Ok(Self {
            service,
            routes,
            birthday_check: Duration::from_secs(config.birthday_check_secs.max(1)),
            clock,
        })
    }

    pub fn port(&self) -> u16 {
        self.service.port()
    }

    pub fn pool(&self) -> &PgPool {
        &self.service.pool
    }

    pub async fn run(self, shutdown: CancellationToken) -> anyhow::Result<()> {
        let s = &self.service;
        let background = vec![
            s.consume_with::<chorely_proto::events::v1::SubmissionReviewed, _>(
                "rewards-credit-approvals",
                CreditApprovals,
                &shutdown,
                kit::consumer::Settings {
                    in_flight: CREDITS_AT_ONCE,
                    ..kit::consumer::Settings::default()
                },
            ),
            s.consume::<OrganizationCreated, _>("rewards-families-created", Families, &shutdown),
            s.consume::<OrganizationUpdated, _>("rewards-families-updated", Families, &shutdown),
            s.consume::<ChildCreated, _>("rewards-children-created", Children, &shutdown),
            s.consume::<ChoreMissed, _>("rewards-chores-missed", Penalties, &shutdown),
            s.consume::<MissedChoreExcused, _>("rewards-missed-excused", Penalties, &shutdown),
            s.consume::<ChildUpdated, _>("rewards-children-updated", Children, &shutdown),
            s.consume::<ChildDeleted, _>("rewards-children-deleted", Children, &shutdown),
            s.consume::<chorely_proto::events::v1::PauseChanged, _>(
                "rewards-pauses",
                crate::pauses::KeepPauses,
                &shutdown,
            ),
            tokio::spawn(birthdays::run(
                s.pool.clone(),
                self.clock.clone(),
                self.birthday_check,
                shutdown.clone(),
            )),
            // Allowances and interest are looked for as often as birthdays.
            tokio::spawn(paydays::run(
                s.pool.clone(),
                self.clock.clone(),
                self.birthday_check,
                shutdown.clone(),
            )),
        ];
        self.service
            .run(
                self.routes,
                &[
                    "chorely.rewards.v1.RewardsService",
                    "chorely.rewards.v1.SavingsService",
                    "chorely.rewards.v1.AllowanceService",
                ],
                background,
                shutdown,
            )
            .await
    }
}
