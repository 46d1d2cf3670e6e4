//! Builds the service from its configuration and runs it until shutdown.

use chorely_proto::platform::v1::platform_service_server::PlatformServiceServer;
use kit::service::Service;
use sqlx::{PgPool, migrate::Migrator};
use tokio_util::sync::CancellationToken;
use tonic::service::Routes;

use chorely_proto::events::v1::{
    ChildCreated, ChildDeleted, ChoreCountChanged, OrganizationUpdated, UserLoggedIn,
    UserRegistered, UserUpdated,
};

use crate::{
    config::Config,
    console::Console,
    directory::Directory,
    events::{DirectoryHandler, OrganizationCreatedHandler},
    grpc::PlatformGrpc,
};

/// The service's database migrations (the benchmark sets up its database with them).
pub static MIGRATIONS: Migrator = sqlx::migrate!("./migrations");

pub struct Application {
    service: Service,
    routes: Routes,
    trial_days: i64,
}

impl Application {
    pub async fn build(config: Config) -> anyhow::Result<Self> {
        let service = Service::build(&config.common, &MIGRATIONS).await?;
        let directory = Directory {
            pool: service.pool.clone(),
        };
        let routes = Routes::new(PlatformServiceServer::with_interceptor(
            PlatformGrpc {
                directory,
                console: Console {
                    pool: service.pool.clone(),
                },
            },
            service.interceptor(),
        ));
        Ok(Self {
            service,
            routes,
            trial_days: config.trial_days,
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
        let consumers = vec![
            s.consume(
                "platform-organizations",
                OrganizationCreatedHandler {
                    trial_days: self.trial_days,
                },
                &shutdown,
            ),
            s.consume::<OrganizationUpdated, _>(
                "platform-organizations-updated",
                DirectoryHandler,
                &shutdown,
            ),
            s.consume::<UserRegistered, _>(
                "platform-users-registered",
                DirectoryHandler,
                &shutdown,
            ),
            s.consume::<UserUpdated, _>("platform-users-updated", DirectoryHandler, &shutdown),
            s.consume::<UserLoggedIn, _>("platform-users-logged-in", DirectoryHandler, &shutdown),
            s.consume::<ChildCreated, _>("platform-children-created", DirectoryHandler, &shutdown),
            s.consume::<ChildDeleted, _>("platform-children-deleted", DirectoryHandler, &shutdown),
            s.consume::<ChoreCountChanged, _>("platform-chore-counts", DirectoryHandler, &shutdown),
        ];
        self.service
            .run(
                self.routes,
                &["chorely.platform.v1.PlatformService"],
                consumers,
                shutdown,
            )
            .await
    }
}
