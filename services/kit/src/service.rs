//! What every service's startup shares: database with migrations, event bus,
//! token verifier and a bound listener (port 0 picks a free one, which tests
//! read back with [`Service::port`]), then serving until shutdown with the
//! outbox relay beside it.

use std::sync::Arc;

use sqlx::{PgPool, migrate::Migrator};
use tokio::{net::TcpListener, task::JoinHandle};
use tokio_util::sync::CancellationToken;
use tonic::service::Routes;

use crate::{
    authn::{AuthInterceptor, Authenticator},
    config::CommonConfig,
    jwt::JwtVerifier,
    nats::Bus,
    outbox::Relay,
    revocation::Revocations,
    tenancy::ScopeLayer,
};

pub struct Service {
    listener: TcpListener,
    port: u16,
    pub pool: PgPool,
    pub bus: Bus,
    pub verifier: Arc<JwtVerifier>,
    pub revocations: Revocations,
    /// Stops the revocation watch once the server has drained.
    stopping: CancellationToken,
    relay: bool,
}

impl Service {
    pub async fn build(common: &CommonConfig, migrations: &Migrator) -> anyhow::Result<Self> {
        Self::build_on(common, migrations, None).await
    }

    /// Like [`Service::build`], serving on `listener` when given instead of
    /// binding `grpc_addr` (tests bind first so services can know each other's
    /// address before they start).
    pub async fn build_on(
        common: &CommonConfig,
        migrations: &Migrator,
        listener: Option<TcpListener>,
    ) -> anyhow::Result<Self> {
        let verifier = Arc::new(JwtVerifier::from_public_pem(&common.jwt_public_key_pem()?)?);
        let pool = if common.migrate_on_start {
            crate::db::connect_sized(&common.database_url, migrations, common.db_max_connections)
                .await?
        } else {
            crate::db::connect_migrated(&common.database_url, migrations, common.db_max_connections)
                .await?
        };
        let bus = Bus::connect_as(
            &common.nats_url,
            common.nats_login()?.as_ref(),
            &common.nats_prefix,
            &common.nats_stream,
        )
        .await?;
        let stopping = CancellationToken::new();
        let revocations = Revocations::start(&bus, stopping.clone()).await?;
        let listener = match listener {
            Some(listener) => listener,
            None => TcpListener::bind(&common.grpc_addr).await?,
        };
        let port = listener.local_addr()?.port();
        Ok(Self {
            listener,
            port,
            pool,
            bus,
            verifier,
            revocations,
            stopping,
            relay: common.outbox_relay,
        })
    }

    pub fn port(&self) -> u16 {
        self.port
    }

    /// Verifies bearer tokens for this service's gRPC server.
    pub fn interceptor(&self) -> AuthInterceptor {
        AuthInterceptor::new(self.authenticator())
    }

    fn authenticator(&self) -> Authenticator {
        Authenticator::new(self.verifier.clone(), self.revocations.clone())
    }

    /// The relay publishing this service's outbox.
    pub fn relay(&self) -> Relay {
        Relay::new(self.pool.clone(), self.bus.clone())
    }

    /// Serves `routes` until `shutdown`, then waits for the relay and for the
    /// service's own `background` tasks (consumers, schedulers) to finish.
    pub async fn run(
        self,
        routes: Routes,
        service_names: &[&str],
        background: Vec<JoinHandle<()>>,
        shutdown: CancellationToken,
    ) -> anyhow::Result<()> {
        // The relay outlives the server: requests finishing during the drain
        // still enqueue events, and its last pass must publish them.
        let relay_stop = CancellationToken::new();
        let relay = self
            .relay
            .then(|| tokio::spawn(self.relay().run(relay_stop.clone())));
        let memory = tokio::spawn(crate::memory::give_back_until(shutdown.clone()));
        let scopes = ScopeLayer::new(self.authenticator());
        let served = crate::grpc::serve(
            self.listener,
            routes,
            service_names,
            Some(crate::grpc::Readiness {
                pool: self.pool.clone(),
                nats: self.bus.client.clone(),
            }),
            scopes,
            shutdown.clone(),
        )
        .await;
        shutdown.cancel();
        self.stopping.cancel();
        // Consumers finish the event in hand (which may enqueue more) before
        // the relay's last pass.
        for task in background {
            if let Err(err) = task.await {
                tracing::error!(%err, "background task failed");
            }
        }
        let _ = memory.await;
        relay_stop.cancel();
        if let Some(relay) = relay
            && let Err(err) = relay.await
        {
            tracing::error!(%err, "outbox relay failed");
        }
        served
    }
}

impl Service {
    /// Spawns the durable consumer `durable` of events `E` with `handler`.
    pub fn consume<E, H>(
        &self,
        durable: &'static str,
        handler: H,
        shutdown: &CancellationToken,
    ) -> JoinHandle<()>
    where
        E: chorely_proto::events::Event + Send + 'static,
        H: crate::consumer::Handler<E>,
    {
        self.consume_with(
            durable,
            handler,
            shutdown,
            crate::consumer::Settings::default(),
        )
    }

    /// [`Service::consume`], creating a new durable consumer with `settings`.
    pub fn consume_with<E, H>(
        &self,
        durable: &'static str,
        handler: H,
        shutdown: &CancellationToken,
        settings: crate::consumer::Settings,
    ) -> JoinHandle<()>
    where
        E: chorely_proto::events::Event + Send + 'static,
        H: crate::consumer::Handler<E>,
    {
        let (bus, pool, shutdown) = (self.bus.clone(), self.pool.clone(), shutdown.clone());
        tokio::spawn(async move {
            let run = crate::consumer::run_with(bus, pool, durable, handler, shutdown, settings);
            if let Err(err) = run.await {
                tracing::error!(%err, durable, "consumer stopped");
            }
        })
    }
}
