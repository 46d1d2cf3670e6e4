//! Consumers handle each event once: a redelivered event changes nothing, and
//! a handler that fails leaves no trace, so the redelivery runs it again.

#![allow(clippy::unwrap_used)]

use chorely_proto::events::v1::OrganizationCreated;
use kit::{
    consumer::{EventMeta, Handler, handle_once},
    testing::TestDb,
};
use sqlx::{PgConnection, PgPool, migrate::Migrator};

static NO_MIGRATIONS: Migrator = Migrator::DEFAULT;

/// Records each organization it sees; fails when told to.
struct Tally {
    fail: bool,
}

impl Handler<OrganizationCreated> for Tally {
    async fn handle(
        &self,
        tx: &mut PgConnection,
        event: OrganizationCreated,
        _: &EventMeta,
    ) -> anyhow::Result<()> {
        sqlx::query("INSERT INTO tally (name) VALUES ($1)")
            .bind(&event.name)
            .execute(&mut *tx)
            .await?;
        anyhow::ensure!(!self.fail, "handler failed");
        Ok(())
    }
}

async fn pool(db: &TestDb) -> PgPool {
    let pool = kit::db::connect(&db.url, &NO_MIGRATIONS).await.unwrap();
    // Made by the database's owner, as migrations make tables; the service
    // (the application role) may then write it.
    let owner = PgPool::connect(&db.url).await.unwrap();
    sqlx::query("CREATE TABLE tally (name TEXT NOT NULL)")
        .execute(&owner)
        .await
        .unwrap();
    owner.close().await;
    pool
}

async fn tally(pool: &PgPool) -> i64 {
    sqlx::query_scalar("SELECT count(*) FROM tally")
        .fetch_one(pool)
        .await
        .unwrap()
}

fn event() -> (OrganizationCreated, EventMeta) {
    let event = OrganizationCreated {
        name: "Lee".into(),
        ..Default::default()
    };
    let meta = EventMeta {
        id: uuid::Uuid::now_v7().to_string(),
        subject: "test.family.organization_created".into(),
    };
    (event, meta)
}

#[tokio::test]
async fn a_redelivered_event_is_handled_once() {
    let db = TestDb::new("kit");
    let pool = pool(&db).await;
    let (event, meta) = event();

    assert!(
        handle_once(&pool, "c", &Tally { fail: false }, event.clone(), &meta)
            .await
            .unwrap()
    );
    assert!(
        !handle_once(&pool, "c", &Tally { fail: false }, event.clone(), &meta)
            .await
            .unwrap()
    );
    assert_eq!(tally(&pool).await, 1);

    // Another consumer of the same event keeps its own record.
    assert!(
        handle_once(&pool, "other", &Tally { fail: false }, event, &meta)
            .await
            .unwrap()
    );
    assert_eq!(tally(&pool).await, 2);
}

#[tokio::test]
async fn a_failed_handler_leaves_nothing_and_runs_again_on_redelivery() {
    let db = TestDb::new("kit");
    let pool = pool(&db).await;
    let (event, meta) = event();

    assert!(
        handle_once(&pool, "c", &Tally { fail: true }, event.clone(), &meta)
            .await
            .is_err()
    );
    assert_eq!(
        tally(&pool).await,
        0,
        "the failed handler's insert was rolled back"
    );

    assert!(
        handle_once(&pool, "c", &Tally { fail: false }, event, &meta)
            .await
            .unwrap()
    );
    assert_eq!(tally(&pool).await, 1);
}
