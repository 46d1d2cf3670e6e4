//! Builds the service from its configuration and runs it until shutdown.

use chorely_proto::family::v1::family_service_server::FamilyServiceServer;
use kit::service::Service;
use sqlx::migrate::Migrator;
use tokio_util::sync::CancellationToken;
use tonic::service::Routes;

use crate::{
    children::Children, config::Config, events::ChildLoginHandler, families::Families,
    grpc::FamilyGrpc,
};

pub static MIGRATIONS: Migrator = sqlx::migrate!("./migrations");

pub struct Application {
    service: Service,
    routes: Routes,
}

impl Application {
    pub async fn build(config: Config) -> anyhow::Result<Self> {
        let service = Service::build(&config.common, &MIGRATIONS).await?;
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
        ));
        Ok(Self { service, routes })
    }

    pub fn port(&self) -> u16 {
        self.service.port()
    }

    pub fn pool(&self) -> &sqlx::PgPool {
        &self.service.pool
    }

    pub async fn run(self, shutdown: CancellationToken) -> anyhow::Result<()> {
        let consumers =
            vec![
                self.service
                    .consume("family-child-logins", ChildLoginHandler, &shutdown),
            ];
        self.service
            .run(
                self.routes,
                &["chorely.family.v1.FamilyService"],
                consumers,
                shutdown,
            )
            .await
    }
}
