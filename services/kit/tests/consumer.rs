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

/// Publishes an organization named `name` on `bus`, as a relay would.
async fn publish(bus: &kit::nats::Bus, name: &str) {
    use prost::Message;
    let event = OrganizationCreated {
        name: name.into(),
        ..Default::default()
    };
    let mut headers = async_nats::HeaderMap::new();
    headers.insert(
        async_nats::header::NATS_MESSAGE_ID,
        uuid::Uuid::now_v7().to_string().as_str(),
    );
    bus.js
        .publish_with_headers(
            bus.subject_of::<OrganizationCreated>(),
            headers,
            event.encode_to_vec().into(),
        )
        .await
        .unwrap()
        .await
        .unwrap();
}

/// Runs a consumer with `settings` until the tally holds `want` rows.
async fn consume_until(
    bus: &kit::nats::Bus,
    pool: &PgPool,
    durable: &'static str,
    settings: kit::consumer::Settings,
    want: i64,
) {
    let stop = tokio_util::sync::CancellationToken::new();
    let task = tokio::spawn(kit::consumer::run_with(
        bus.clone(),
        pool.clone(),
        durable,
        Tally { fail: false },
        stop.clone(),
        settings,
    ));
    // The consumer exists once its info answers; only then is "new" defined.
    let stream = bus.js.get_stream(&bus.stream).await.unwrap();
    while stream.consumer_info(durable).await.is_err() {
        tokio::task::yield_now().await;
    }
    publish(bus, "after").await;
    while tally(pool).await < want {
        tokio::task::yield_now().await;
    }
    stop.cancel();
    task.await.unwrap().unwrap();
}

#[tokio::test]
async fn a_consumer_looking_back_a_moment_skips_older_events_and_the_default_starts_at_the_first() {
    let test_bus = kit::testing::TestBus::new();
    let bus = test_bus.connect().await.unwrap();
    publish(&bus, "before").await;

    let recent_db = TestDb::new("kit");
    let recent_pool = pool(&recent_db).await;
    let recent = kit::consumer::Settings {
        look_back: Some(std::time::Duration::ZERO),
        ..kit::consumer::Settings::default()
    };
    consume_until(&bus, &recent_pool, "recent", recent, 1).await;
    let names: Vec<String> = sqlx::query_scalar("SELECT name FROM tally")
        .fetch_all(&recent_pool)
        .await
        .unwrap();
    assert_eq!(names, ["after"]);

    let every_db = TestDb::new("kit");
    let every = pool(&every_db).await;
    consume_until(&bus, &every, "every", kit::consumer::Settings::default(), 3).await;
    let mut names: Vec<String> = sqlx::query_scalar("SELECT name FROM tally")
        .fetch_all(&every)
        .await
        .unwrap();
    names.sort();
    assert_eq!(names, ["after", "after", "before"]);
}

/// Records each organization once all of a group have reached it together.
struct Together(std::sync::Arc<tokio::sync::Barrier>);

impl Handler<OrganizationCreated> for Together {
    async fn handle(
        &self,
        tx: &mut PgConnection,
        event: OrganizationCreated,
        meta: &EventMeta,
    ) -> anyhow::Result<()> {
        Tally { fail: false }.handle(tx, event, meta).await?;
        self.0.wait().await;
        Ok(())
    }
}

#[tokio::test]
async fn a_consumer_allowed_several_events_at_once_handles_them_side_by_side_each_once() {
    const AT_ONCE: usize = 4;
    let test_bus = kit::testing::TestBus::new();
    let bus = test_bus.connect().await.unwrap();
    let db = TestDb::new("kit");
    let pool = pool(&db).await;
    for i in 0..AT_ONCE {
        publish(&bus, &format!("family {i}")).await;
    }

    // Each handler waits for all the others: one at a time would never end.
    let barrier = std::sync::Arc::new(tokio::sync::Barrier::new(AT_ONCE));
    let stop = tokio_util::sync::CancellationToken::new();
    let task = tokio::spawn(kit::consumer::run_with(
        bus.clone(),
        pool.clone(),
        "together",
        Together(barrier),
        stop.clone(),
        kit::consumer::Settings {
            in_flight: AT_ONCE,
            ..kit::consumer::Settings::default()
        },
    ));
    // A guard against hanging, far above the time the handlers take.
    let all_handled = async {
        while tally(&pool).await < i64::try_from(AT_ONCE).unwrap() {
            tokio::task::yield_now().await;
        }
    };
    tokio::time::timeout(std::time::Duration::from_secs(60), all_handled)
        .await
        .expect("the handlers never ran side by side");
    stop.cancel();
    task.await.unwrap().unwrap();

    let mut names: Vec<String> = sqlx::query_scalar("SELECT name FROM tally")
        .fetch_all(&pool)
        .await
        .unwrap();
    names.sort();
    let want: Vec<String> = (0..AT_ONCE).map(|i| format!("family {i}")).collect();
    assert_eq!(names, want);
    let recorded: i64 =
        sqlx::query_scalar("SELECT count(*) FROM processed_events WHERE consumer = 'together'")
            .fetch_one(&pool)
            .await
            .unwrap();
    assert_eq!(recorded, i64::try_from(AT_ONCE).unwrap());
}
