//! Builds the service from its configuration and runs it until shutdown.

use chorely_proto::platform::v1::platform_service_server::PlatformServiceServer;
use kit::service::Service;
use sqlx::{PgPool, migrate::Migrator};
use tokio_util::sync::CancellationToken;
use tonic::service::Routes;

use crate::{
    config::Config, directory::Directory, events::OrganizationCreatedHandler, grpc::PlatformGrpc,
};

static MIGRATIONS: Migrator = sqlx::migrate!("./migrations");

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
            PlatformGrpc { directory },
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
        let consumer = self.service.consume(
            "platform-organizations",
            OrganizationCreatedHandler {
                trial_days: self.trial_days,
            },
            &shutdown,
        );
        self.service
            .run(
                self.routes,
                &["chorely.platform.v1.PlatformService"],
                vec![consumer],
                shutdown,
            )
            .await
    }
}
