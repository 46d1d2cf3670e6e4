//! Test helpers: each test gets its own database, its own NATS subject prefix
//! and stream, and freshly generated signing keys, so tests share no state and
//! run in parallel. Resources are removed when the guards drop.

use ed25519_dalek::{
    SigningKey,
    pkcs8::{EncodePrivateKey, EncodePublicKey, spki::der::pem::LineEnding},
};
use uuid::Uuid;

/// An Ed25519 key pair as PEM, like the files the run script generates.
#[derive(Clone)]
pub struct TestKeys {
    pub private_pem: String,
    pub public_pem: String,
}

impl TestKeys {
    pub fn generate() -> Self {
        let mut seed = [0u8; 32];
        getrandom::fill(&mut seed).expect("os randomness");
        let key = SigningKey::from_bytes(&seed);
        let private_pem = key
            .to_pkcs8_pem(LineEnding::LF)
            .expect("encode private key")
            .to_string();
        let public_pem = key
            .verifying_key()
            .to_public_key_pem(LineEnding::LF)
            .expect("encode public key");
        Self {
            private_pem,
            public_pem,
        }
    }
}

/// Tokens a test forges to see them refused.
pub mod tokens {
    use std::time::Duration;

    use base64::{Engine, engine::general_purpose::URL_SAFE_NO_PAD};

    use super::TestKeys;
    use crate::jwt::{ACCESS_TYP, AUDIENCE, Claims, ISSUER, JwtSigner};

    /// A parent's claims for user `sub`, expiring `exp_offset` seconds from now.
    pub fn claims(sub: &str, exp_offset: i64) -> Claims {
        let now = chrono::Utc::now().timestamp();
        Claims {
            sub: sub.into(),
            aud: AUDIENCE.into(),
            iss: ISSUER.into(),
            exp: now + exp_offset,
            iat: now - 10,
            jti: uuid::Uuid::new_v4().to_string(),
            sid: None,
            role: Some("ORG_ADMIN".into()),
            org: None,
            child: None,
            iat_ms: None,
            mfa_setup: false,
            auth_time: None,
            scope: None,
        }
    }

    /// `claims` with `alg: none` and no signature.
    pub fn unsigned(claims: &Claims) -> String {
        let body = serde_json::to_vec(claims).expect("claims serialize");
        format!(
            "{}.{}.",
            URL_SAFE_NO_PAD.encode(br#"{"alg":"none","typ":"at+jwt"}"#),
            URL_SAFE_NO_PAD.encode(body)
        )
    }

    /// `claims` signed by a key nobody trusts.
    pub fn signed_by_stranger(claims: &Claims) -> String {
        let stranger = TestKeys::generate();
        JwtSigner::from_private_pem(&stranger.private_pem, Duration::from_secs(60), "stranger")
            .expect("key")
            .sign(ACCESS_TYP, claims)
            .expect("sign")
    }
}

/// Hands `event` to `handler` as its consumer would, once, under a fresh
/// event id: for tests that choose the order events arrive in.
pub async fn deliver<E, H>(pool: &sqlx::PgPool, handler: &H, event: E)
where
    E: chorely_proto::events::Event,
    H: crate::consumer::Handler<E>,
{
    let meta = crate::consumer::EventMeta {
        id: Uuid::now_v7().to_string(),
        subject: E::SUBJECT.into(),
    };
    let handled = crate::consumer::handle_once(pool, "test", handler, event, &meta)
        .await
        .expect("the handler fails");
    assert!(handled, "a fresh event id was taken for a redelivery");
}

/// A database of its own, dropped with the guard, or one of a lease's
/// (see [`lease`]), which outlives it.
pub struct TestDb {
    pub url: String,
    leased: bool,
}

/// Where test databases are made (`TEST_DATABASE_BASE_URL`).
fn database_base_url() -> String {
    std::env::var("TEST_DATABASE_BASE_URL")
        .unwrap_or_else(|_| "postgres://postgres@127.0.0.1:5432".into())
}

impl TestDb {
    /// A fresh, not yet created database for `service` (the service creates it).
    pub fn new(service: &str) -> Self {
        let name = format!("test_{service}_{}", Uuid::new_v4().simple());
        Self {
            url: format!("{}/{name}", database_base_url()),
            leased: false,
        }
    }
}

/// Databases for a whole test stack, one a service, leased together.
///
/// A test stack used to get copies of the templates and drop them as it
/// ended: five `CREATE DATABASE`s (each written whole through the WAL) and
/// five `DROP DATABASE`s (each forcing a checkpoint the test waits for) a
/// test, which kept the Rust tests waiting on the disk a third of the time.
/// A lease instead takes a slot, numbered from 0, under a session advisory
/// lock held by the connection inside [`Lease`] (closed with it, or with the
/// process, however it ends), and reuses that slot's databases
/// (`lease<n>_<template>`, made from the template the first time), emptied
/// before use: every table's rows deleted with triggers off, then the rows
/// the migrations seeded put back from the `test_seed` schema kept beside
/// them. Tests share no state: a database is used by one stack at a time
/// and is as the migrations left it when handed out.
pub async fn lease(services: &[(&str, &sqlx::migrate::Migrator)]) -> Lease {
    lease_from(0, services).await
}

/// [`lease`], taking the first free slot from `first_slot` on (kit's own
/// tests start where no stack's slots are).
pub async fn lease_from(first_slot: u32, services: &[(&str, &sqlx::migrate::Migrator)]) -> Lease {
    lease::take(&database_base_url(), first_slot, services)
        .await
        .expect("test databases leased")
}

/// What [`lease`] hands out: the databases, in the order asked, and the
/// lock that keeps them this stack's.
pub struct Lease {
    pub dbs: Vec<TestDb>,
    lock: sqlx::PgConnection,
    slot: u32,
}

impl Lease {
    /// Gives the slot back at once. Dropping the lease gives it back too,
    /// as soon as PostgreSQL sees its connection close.
    pub async fn release(mut self) {
        sqlx::query("SELECT pg_advisory_unlock(hashtext($1))")
            .bind(lease::slot_key(self.slot))
            .execute(&mut self.lock)
            .await
            .expect("the slot given back");
        let _ = sqlx::Connection::close(self.lock).await;
    }
}

mod lease {
    use anyhow::Context;
    use sqlx::{Connection, PgConnection, migrate::Migrator};

    use super::{Lease, TestDb, template};

    pub(super) async fn take(
        base: &str,
        first_slot: u32,
        services: &[(&str, &Migrator)],
    ) -> anyhow::Result<Lease> {
        let mut lock = PgConnection::connect(&format!("{base}/postgres")).await?;
        let mut slot = first_slot;
        while !sqlx::query_scalar::<_, bool>("SELECT pg_try_advisory_lock(hashtext($1))")
            .bind(slot_key(slot))
            .fetch_one(&mut lock)
            .await?
        {
            slot += 1;
        }
        let dbs = futures::future::try_join_all(
            services
                .iter()
                .map(|(service, migrations)| ready(base, slot, service, migrations)),
        )
        .await?;
        Ok(Lease { dbs, lock, slot })
    }

    pub(super) fn slot_key(slot: u32) -> String {
        format!("chorely_test_slot_{slot}")
    }

    /// The slot's database of `service`, empty but for the seeded rows.
    async fn ready(
        base: &str,
        slot: u32,
        service: &str,
        migrations: &Migrator,
    ) -> anyhow::Result<TestDb> {
        let name = format!("lease{slot}_{}", template::name(service, migrations));
        let url = format!("{base}/{name}");
        let mut admin = PgConnection::connect(&format!("{base}/postgres")).await?;
        if template::exists(&mut admin, &name).await? {
            // A stack whose process is still ending may hold connections.
            sqlx::query(
                "SELECT pg_terminate_backend(pid) FROM pg_stat_activity
                 WHERE datname = $1 AND pid <> pg_backend_pid()",
            )
            .bind(&name)
            .execute(&mut admin)
            .await?;
            admin.close().await?;
            let mut db = PgConnection::connect(&url).await?;
            sqlx::raw_sql(EMPTY)
                .execute(&mut db)
                .await
                .context("emptying a leased database")?;
            db.close().await?;
        } else {
            // This slot's databases of earlier migrations: the slot is this
            // stack's, so nobody else uses them.
            let stale: Vec<String> = sqlx::query_scalar(
                "SELECT datname FROM pg_database WHERE datname LIKE $1 AND datname <> $2",
            )
            .bind(format!("lease{slot}\\_tmpl\\_{service}\\_%"))
            .bind(&name)
            .fetch_all(&mut admin)
            .await?;
            admin.close().await?;
            for old in stale {
                crate::db::drop_database(&format!("{base}/{old}")).await?;
            }
            template::copy(base, &url, service, migrations).await?;
            let mut db = PgConnection::connect(&url).await?;
            sqlx::raw_sql(KEEP_SEEDS)
                .execute(&mut db)
                .await
                .context("keeping the seeded rows")?;
            db.close().await?;
        }
        Ok(TestDb { url, leased: true })
    }

    /// The tables a test fills: every table but the catalogs', the seed
    /// copies and the migrations' record (a literal, for `concat!`).
    macro_rules! filled_tables {
        () => {
            "SELECT n.nspname, c.relname FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
             WHERE c.relkind = 'r' AND n.nspname NOT IN ('pg_catalog', 'information_schema', 'test_seed')
               AND n.nspname NOT LIKE 'pg\\_%'
               AND NOT (n.nspname = 'public' AND c.relname = '_sqlx_migrations')"
        };
    }

    /// Copies the rows the migrations seeded (a fresh copy of the template
    /// holds nothing else) into `test_seed`, a table for each table with rows.
    const KEEP_SEEDS: &str = concat!(
        "CREATE SCHEMA test_seed;
        DO $$
        DECLARE t record; has_rows boolean;
        BEGIN
          FOR t IN ",
        filled_tables!(),
        "
          LOOP
            EXECUTE format('SELECT EXISTS (SELECT 1 FROM %I.%I)', t.nspname, t.relname) INTO has_rows;
            IF has_rows THEN
              EXECUTE format('CREATE TABLE test_seed.%I AS TABLE %I.%I',
                t.nspname || '__' || t.relname, t.nspname, t.relname);
            END IF;
          END LOOP;
        END $$;"
    );

    /// Deletes every row (triggers, foreign keys' included, off: the order
    /// does not matter), then puts the seeded rows back, in one transaction.
    const EMPTY: &str = concat!(
        "BEGIN;
        SET LOCAL session_replication_role = replica;
        DO $$
        DECLARE t record;
        BEGIN
          FOR t IN ",
        filled_tables!(),
        "
          LOOP
            EXECUTE format('DELETE FROM %I.%I', t.nspname, t.relname);
          END LOOP;
          FOR t IN SELECT f.* FROM (",
        filled_tables!(),
        ") f
            WHERE EXISTS (SELECT 1 FROM pg_class s JOIN pg_namespace sn ON sn.oid = s.relnamespace
                          WHERE sn.nspname = 'test_seed' AND s.relname = f.nspname || '__' || f.relname)
          LOOP
            EXECUTE format('INSERT INTO %I.%I SELECT * FROM test_seed.%I',
              t.nspname, t.relname, t.nspname || '__' || t.relname);
          END LOOP;
        END $$;
        COMMIT;"
    );
}

/// Template databases: `tmpl_<service>_<fingerprint>`, the schema kit's and
/// the service's migrations make, named by their checksums so that a changed
/// migration makes a new one. Made once under an exclusive advisory lock;
/// copied under a shared one, so a template is never dropped mid-copy (a
/// stale one is dropped by the next maker when nobody holds it).
mod template {
    use anyhow::Context;
    use sha2::{Digest, Sha256};
    use sqlx::{Connection, PgConnection, migrate::Migrator};

    pub(super) fn name(service: &str, migrations: &Migrator) -> String {
        let mut hash = Sha256::new();
        for migration in crate::db::migrator(migrations).iter() {
            hash.update(migration.version.to_le_bytes());
            hash.update(&migration.checksum);
        }
        let digest = hash.finalize();
        let fingerprint: String = digest[..8].iter().map(|b| format!("{b:02x}")).collect();
        format!("tmpl_{service}_{fingerprint}")
    }

    pub(super) async fn exists(admin: &mut PgConnection, name: &str) -> anyhow::Result<bool> {
        Ok(
            sqlx::query_scalar("SELECT EXISTS (SELECT 1 FROM pg_database WHERE datname = $1)")
                .bind(name)
                .fetch_one(admin)
                .await?,
        )
    }

    /// Makes database `url` a copy of `service`'s template, making the
    /// template first if this machine has none for these migrations.
    pub(super) async fn copy(
        base: &str,
        url: &str,
        service: &str,
        migrations: &Migrator,
    ) -> anyhow::Result<()> {
        let target = url
            .rsplit('/')
            .next()
            .context("a database name")?
            .to_owned();
        let template = name(service, migrations);
        let mut admin = PgConnection::connect(&format!("{base}/postgres")).await?;
        loop {
            lock(&mut admin, Lock::Shared, &template).await?;
            if exists(&mut admin, &template).await? {
                // Names made here from a UUID and a hex digest: nothing to quote.
                let copied = sqlx::raw_sql(sqlx::AssertSqlSafe(format!(
                    r#"CREATE DATABASE "{target}" TEMPLATE "{template}""#
                )))
                .execute(&mut admin)
                .await;
                lock(&mut admin, Lock::SharedUnlock, &template).await?;
                copied?;
                break;
            }
            lock(&mut admin, Lock::SharedUnlock, &template).await?;
            lock(&mut admin, Lock::Exclusive, &template).await?;
            let made = make(base, &mut admin, &template, service, migrations).await;
            lock(&mut admin, Lock::ExclusiveUnlock, &template).await?;
            made?;
        }
        admin.close().await?;
        Ok(())
    }

    /// Takes or gives back an advisory lock keyed by `name`.
    async fn lock(admin: &mut PgConnection, lock: Lock, name: &str) -> anyhow::Result<()> {
        let sql = match lock {
            Lock::Shared => "SELECT pg_advisory_lock_shared(hashtext($1))::text",
            Lock::SharedUnlock => "SELECT pg_advisory_unlock_shared(hashtext($1))::text",
            Lock::Exclusive => "SELECT pg_advisory_lock(hashtext($1))::text",
            Lock::ExclusiveUnlock => "SELECT pg_advisory_unlock(hashtext($1))::text",
        };
        sqlx::query(sql).bind(name).execute(admin).await?;
        Ok(())
    }

    #[derive(Clone, Copy)]
    enum Lock {
        Shared,
        SharedUnlock,
        Exclusive,
        ExclusiveUnlock,
    }

    /// Migrates a new database under another name and renames it, so that
    /// a template that exists is always whole; then drops this service's
    /// stale templates that nobody is copying.
    async fn make(
        base: &str,
        admin: &mut PgConnection,
        template: &str,
        service: &str,
        migrations: &Migrator,
    ) -> anyhow::Result<()> {
        if exists(admin, template).await? {
            return Ok(());
        }
        let building = format!("{template}_building");
        crate::db::drop_database(&format!("{base}/{building}")).await?;
        crate::db::migrate(&format!("{base}/{building}"), migrations).await?;
        sqlx::raw_sql(sqlx::AssertSqlSafe(format!(
            r#"ALTER DATABASE "{building}" RENAME TO "{template}""#
        )))
        .execute(&mut *admin)
        .await?;
        let stale: Vec<String> = sqlx::query_scalar(
            "SELECT datname FROM pg_database
             WHERE datname LIKE $1 AND datname <> $2 AND datname NOT LIKE '%\\_building'",
        )
        .bind(format!("tmpl\\_{service}\\_%"))
        .bind(template)
        .fetch_all(&mut *admin)
        .await?;
        for old in stale {
            let free: bool = sqlx::query_scalar("SELECT pg_try_advisory_lock(hashtext($1))")
                .bind(&old)
                .fetch_one(&mut *admin)
                .await?;
            if free {
                crate::db::drop_database(&format!("{base}/{old}")).await?;
                lock(admin, Lock::ExclusiveUnlock, &old).await?;
            }
        }
        Ok(())
    }
}

impl Drop for TestDb {
    fn drop(&mut self) {
        if self.leased {
            return;
        }
        let url = self.url.clone();
        block_on_side(async move { crate::db::drop_database(&url).await });
    }
}

/// A subject prefix and stream of its own, deleted with the guard.
pub struct TestBus {
    pub url: String,
    pub prefix: String,
    pub stream: String,
}

impl TestBus {
    pub fn new() -> Self {
        let id = Uuid::new_v4().simple().to_string();
        Self {
            url: std::env::var("NATS_URL").unwrap_or_else(|_| "nats://127.0.0.1:4222".into()),
            prefix: format!("test{id}"),
            stream: format!("TEST_{id}"),
        }
    }

    pub async fn connect(&self) -> anyhow::Result<crate::nats::Bus> {
        crate::nats::Bus::connect(&self.url, &self.prefix, &self.stream).await
    }
}

impl Default for TestBus {
    fn default() -> Self {
        Self::new()
    }
}

impl Drop for TestBus {
    fn drop(&mut self) {
        let (url, stream) = (self.url.clone(), self.stream.clone());
        block_on_side(async move {
            let client = async_nats::connect(url).await?;
            let js = async_nats::jetstream::new(client);
            // Missing when the test never started a service: nothing to delete.
            let _ = js.delete_stream(stream).await;
            Ok(())
        });
    }
}

/// Runs cleanup on a thread of its own: `Drop` cannot await, and the test's
/// runtime may be shutting down.
fn block_on_side<F>(future: F)
where
    F: std::future::Future<Output = anyhow::Result<()>> + Send + 'static,
{
    let outcome = std::thread::spawn(move || {
        tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
            .map_err(anyhow::Error::from)
            .and_then(|rt| rt.block_on(future))
    })
    .join();
    if let Ok(Err(err)) = outcome {
        eprintln!("test cleanup failed: {err}");
    }
}

/// How long an effect may take to arrive before a test fails: far above
/// what any takes on a loaded machine (the bench measures the real times).
pub const PATIENCE: std::time::Duration = std::time::Duration::from_secs(15);

/// The one way tests wait for what travels through events or another
/// process: polls `check` until it holds, failing the test, naming `what`,
/// when it has not within [`PATIENCE`] (never a sleep for a guessed time).
pub async fn eventually<F, Fut>(what: &str, mut check: F)
where
    F: FnMut() -> Fut,
    Fut: std::future::Future<Output = bool>,
{
    let deadline = tokio::time::Instant::now() + PATIENCE;
    while !check().await {
        assert!(
            tokio::time::Instant::now() < deadline,
            "{what} did not happen"
        );
        tokio::time::sleep(std::time::Duration::from_millis(25)).await;
    }
}
