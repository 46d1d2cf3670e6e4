//! Builds the service from its configuration and runs it until shutdown.

use kit::service::Service;
use sqlx::migrate::Migrator;
use tokio_util::sync::CancellationToken;
use tonic::service::Routes;

use crate::{config::Config, storage::Storage};

static MIGRATIONS: Migrator = sqlx::migrate!("./migrations");

pub struct Application {
    service: Service,
    storage: Storage,
}

impl Application {
    pub async fn build(config: Config) -> anyhow::Result<Self> {
        let service = Service::build(&config.common, &MIGRATIONS).await?;
        let storage = Storage::new(&config.s3);
        storage.ensure_bucket().await?;
        Ok(Self { service, storage })
    }

    /// The photo store (tests reach it directly).
    pub fn storage(&self) -> &Storage {
        &self.storage
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
