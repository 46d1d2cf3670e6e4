//! Builds the service from its configuration and runs it until shutdown.

use kit::service::Service;
use sqlx::migrate::Migrator;
use tokio_util::sync::CancellationToken;
use tonic::service::Routes;

use crate::config::Config;

static MIGRATIONS: Migrator = sqlx::migrate!("./migrations");

pub struct Application {
    service: Service,
}

impl Application {
    pub async fn build(config: Config) -> anyhow::Result<Self> {
        let service = Service::build(&config.common, &MIGRATIONS).await?;
        Ok(Self { service })
    }

    pub fn port(&self) -> u16 {
        self.service.port()
    }

    pub async fn run(self, shutdown: CancellationToken) -> anyhow::Result<()> {
        self.service
            .run(Routes::default(), &[], Vec::new(), shutdown)
            .await
    }
}
