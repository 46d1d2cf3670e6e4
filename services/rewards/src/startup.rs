//! Builds the service from its configuration and runs it until shutdown.

use kit::service::Service;
use sqlx::migrate::Migrator;
use tokio_util::sync::CancellationToken;
use tonic::service::Routes;

use chorely_proto::rewards::v1::rewards_service_server::RewardsServiceServer;

use crate::{config::Config, grpc::RewardsGrpc};

static MIGRATIONS: Migrator = sqlx::migrate!("./migrations");

pub struct Application {
    service: Service,
    routes: Routes,
}

impl Application {
    pub async fn build(config: Config) -> anyhow::Result<Self> {
        let service = Service::build(&config.common, &MIGRATIONS).await?;
        let routes = Routes::new(RewardsServiceServer::with_interceptor(
            RewardsGrpc,
            service.interceptor(),
        ));
        Ok(Self { service, routes })
    }

    pub fn port(&self) -> u16 {
        self.service.port()
    }

    pub async fn run(self, shutdown: CancellationToken) -> anyhow::Result<()> {
        self.service
            .run(
                self.routes,
                &["chorely.rewards.v1.RewardsService"],
                Vec::new(),
                shutdown,
            )
            .await
    }
}
