//! Migrating once per release, as the Helm chart does it: `chores migrate`
//! runs as a job, new pods wait for it with `chores wait-for-migrations`, and
//! the service itself, told not to migrate, refuses a database that is behind.

#![allow(clippy::unwrap_used)]

use std::time::Duration;

use kit::testing::TestDb;
use testkit::{
    Stack,
    process::{Process, command, set_env},
};

const CHORES: &str = env!("CARGO_BIN_EXE_chores");

#[tokio::test]
async fn a_release_migrates_once_while_its_pods_wait() {
    let stack = Stack::start().await;
    let db = TestDb::new("chores");
    let mut env = stack.chores_env(&db.url);
    set_env(&mut env, "MIGRATE_ON_START", "false".into());

    // Before the job: the database does not even exist. The service refuses
    // to start, and a pod's init container waits.
    let refused = command(CHORES, &env).output().await.unwrap();
    assert!(!refused.status.success());
    let reason = String::from_utf8_lossy(&refused.stderr);
    assert!(reason.contains("`migrate` command first"), "{reason}");
    let mut waiting = command(CHORES, &env)
        .arg("wait-for-migrations")
        .spawn()
        .unwrap();
    assert!(
        tokio::time::timeout(Duration::from_millis(500), waiting.wait())
            .await
            .is_err(),
        "wait-for-migrations returned before the migration"
    );

    // The job migrates; the waiting init container is released and the
    // service starts without migrating.
    let migrated = command(CHORES, &env).arg("migrate").status().await.unwrap();
    assert!(migrated.success());
    let waited = tokio::time::timeout(Duration::from_secs(30), waiting.wait())
        .await
        .expect("wait-for-migrations still waiting after the migration")
        .unwrap();
    assert!(waited.success());
    let mut chores = Process::start(CHORES, &env, "chores service listening").await;
    chores.terminate();
    assert!(chores.exit_status().await.success());

    // Running the job again (a retried job, a second release) changes nothing.
    let again = command(CHORES, &env).arg("migrate").status().await.unwrap();
    assert!(again.success());

    // After a rollback the database has a newer release's migration this
    // binary does not know: its job and its pods still go ahead.
    let pool = sqlx::PgPool::connect(&db.url).await.unwrap();
    sqlx::query(
        "INSERT INTO _sqlx_migrations (version, description, success, checksum, execution_time)
         VALUES (999999, 'from a newer release', true, '\\x00', 0)",
    )
    .execute(&pool)
    .await
    .unwrap();
    pool.close().await;
    let rolled_back = command(CHORES, &env).arg("migrate").status().await.unwrap();
    assert!(rolled_back.success());
    let mut chores = Process::start(CHORES, &env, "chores service listening").await;
    chores.terminate();
    assert!(chores.exit_status().await.success());
}

#[tokio::test]
async fn an_unknown_command_prints_the_usage() {
    let output = command(CHORES, &[]).arg("migrat").output().await.unwrap();
    assert_eq!(output.status.code(), Some(2));
    let usage = String::from_utf8(output.stderr).unwrap();
    // The usage names the binary and each of its commands.
    assert!(usage.contains("Usage: chores"), "{usage}");
    assert!(usage.contains("wait-for-migrations"), "{usage}");
    assert!(usage.contains("migrate "), "{usage}");
}
