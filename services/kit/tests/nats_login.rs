//! The bus logs in: each process with its own NATS user, limited by the
//! server to the subjects it needs (deploy/compose/nats-users.conf). Every test
//! runs its own nats-server on a free port, never the shared one.

#![allow(clippy::unwrap_used)]

use std::{
    path::{Path, PathBuf},
    process::{Child, Command, Stdio},
    time::Duration,
};

use async_nats::jetstream::consumer;
use futures::StreamExt;
use kit::nats::{Bus, Login};

const USERS: [&str; 6] = ["auth", "family", "chores", "rewards", "platform", "gateway"];

/// A nats-server with JetStream and the deployment's users, stopped on drop.
struct Server {
    child: Child,
    port: u16,
    _dir: TempDir,
}

struct TempDir(PathBuf);

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

fn password(user: &str) -> String {
    format!("{user}-secret")
}

impl Server {
    async fn start() -> Self {
        let dir = std::env::temp_dir().join(format!("chorely-nats-{}", uuid::Uuid::new_v4()));
        std::fs::create_dir_all(dir.join("js")).unwrap();
        // At run time, not env!(): the binary may have been built in another clone.
        let manifest = std::env::var_os("CARGO_MANIFEST_DIR").expect("run by cargo");
        let users = Path::new(&manifest).join("../../deploy/compose/nats-users.conf");
        std::fs::copy(users, dir.join("nats-users.conf")).unwrap();
        let port = std::net::TcpListener::bind("127.0.0.1:0")
            .unwrap()
            .local_addr()
            .unwrap()
            .port();
        std::fs::write(
            dir.join("nats.conf"),
            format!(
                "listen: 127.0.0.1:{port}\njetstream {{ store_dir: \"{}\" }}\ninclude ./nats-users.conf\n",
                dir.join("js").display()
            ),
        )
        .unwrap();
        let mut command = Command::new(
            std::env::var("NATS_SERVER_BIN").unwrap_or_else(|_| "/usr/sbin/nats-server".into()),
        );
        command
            .arg("-c")
            .arg(dir.join("nats.conf"))
            .stdout(Stdio::null())
            .stderr(Stdio::null());
        for user in USERS {
            command.env(
                format!("NATS_{}_PASSWORD", user.to_uppercase()),
                password(user),
            );
        }
        let child = command.spawn().expect("nats-server runs");
        let server = Self {
            child,
            port,
            _dir: TempDir(dir),
        };
        // Ready once it accepts connections (it binds after loading its config).
        for _ in 0..200 {
            if tokio::net::TcpStream::connect(("127.0.0.1", port))
                .await
                .is_ok()
            {
                return server;
            }
            tokio::time::sleep(Duration::from_millis(25)).await;
        }
        panic!("nats-server did not listen on {port}");
    }

    fn url(&self) -> String {
        format!("nats://127.0.0.1:{}", self.port)
    }

    async fn bus(&self, user: &str) -> anyhow::Result<Bus> {
        let login = Login {
            user: user.into(),
            password: password(user).into(),
        };
        Bus::connect_as(&self.url(), Some(&login), "chorely", "CHORELY").await
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn refused(result: anyhow::Result<Bus>) -> String {
    match result {
        Ok(_) => panic!("connected"),
        Err(err) => format!("{err:#}").to_lowercase(),
    }
}

#[tokio::test]
async fn the_bus_connects_with_its_password_only() {
    let server = Server::start().await;
    let bus = server.bus("auth").await.unwrap();
    assert!(bus.connected());

    let wrong = Login {
        user: "auth".into(),
        password: "not-the-password".into(),
    };
    let err = refused(Bus::connect_as(&server.url(), Some(&wrong), "chorely", "CHORELY").await);
    assert!(err.contains("authorization"), "{err}");
    let err = refused(Bus::connect_as(&server.url(), None, "chorely", "CHORELY").await);
    assert!(err.contains("authorization"), "{err}");
}

#[tokio::test]
async fn credentials_in_the_url_are_used() {
    let server = Server::start().await;
    let url = format!(
        "nats://family:{}@127.0.0.1:{}",
        password("family"),
        server.port
    );
    assert!(
        Bus::connect(&url, "chorely", "CHORELY")
            .await
            .unwrap()
            .connected()
    );
    let url = format!("nats://family:wrong@127.0.0.1:{}", server.port);
    let err = refused(Bus::connect(&url, "chorely", "CHORELY").await);
    assert!(err.contains("authorization"), "{err}");
}

#[test]
fn the_variables_win_over_the_url_and_come_in_pairs() {
    let url = "nats://url-user:p%40ss@127.0.0.1:4222";
    let login = Login::resolve(url, None, None).unwrap().unwrap();
    assert_eq!(login.user, "url-user");
    assert_eq!(
        secrecy::ExposeSecret::expose_secret(&login.password),
        "p@ss"
    );
    let secret = "from-env".into();
    let login = Login::resolve(url, Some("chores"), Some(&secret))
        .unwrap()
        .unwrap();
    assert_eq!(login.user, "chores");
    assert!(
        Login::resolve("nats://127.0.0.1:4222", None, None)
            .unwrap()
            .is_none()
    );
    assert!(Login::resolve(url, Some("chores"), None).is_err());
    assert!(Login::resolve(url, None, Some(&secret)).is_err());
}

/// Publishes with an acknowledgement; Err when the server refuses or never stores it.
async fn publish(bus: &Bus, subject: &str) -> anyhow::Result<()> {
    // A refused publish is never acknowledged: the wait ends it.
    tokio::time::timeout(Duration::from_secs(2), async {
        bus.js
            .publish(subject.to_owned(), "event".into())
            .await?
            .await?;
        anyhow::Ok(())
    })
    .await?
}

#[tokio::test]
async fn each_user_publishes_its_own_events_and_follows_the_stream() {
    let server = Server::start().await;
    let auth = server.bus("auth").await.unwrap();
    publish(&auth, "chorely.auth.token_revoked").await.unwrap();
    assert!(
        publish(&auth, "chorely.family.child_deleted")
            .await
            .is_err()
    );
    assert!(
        auth.js.delete_stream("CHORELY").await.is_err(),
        "auth deleted the stream"
    );

    // A service's durable consumer, as kit::consumer runs it, and its acks.
    let family = server.bus("family").await.unwrap();
    publish(&family, "chorely.family.child_deleted")
        .await
        .unwrap();
    let stream = auth.js.get_stream("CHORELY").await.unwrap();
    let durable = stream
        .get_or_create_consumer(
            "auth-child-deleted",
            consumer::pull::Config {
                durable_name: Some("auth-child-deleted".into()),
                filter_subject: "chorely.family.child_deleted".into(),
                ack_policy: consumer::AckPolicy::Explicit,
                ..Default::default()
            },
        )
        .await
        .unwrap();
    let mut messages = durable.messages().await.unwrap();
    let message = messages.next().await.unwrap().unwrap();
    assert_eq!(message.subject.as_str(), "chorely.family.child_deleted");
    message.ack().await.unwrap();

    // The gateway publishes nothing and follows every event (ordered consumer).
    let gateway = server.bus("gateway").await.unwrap();
    assert!(
        publish(&gateway, "chorely.auth.token_revoked")
            .await
            .is_err()
    );
    let ordered = gateway
        .js
        .get_stream("CHORELY")
        .await
        .unwrap()
        .create_consumer(consumer::pull::OrderedConfig {
            filter_subject: "chorely.>".into(),
            ..Default::default()
        })
        .await
        .unwrap();
    let mut events = ordered.messages().await.unwrap();
    let first = events.next().await.unwrap().unwrap();
    assert_eq!(first.subject.as_str(), "chorely.auth.token_revoked");
}
