//! Failed logins per email (lower-cased), to slow password guessing.

use kit::db::Traced;
use sqlx::PgPool;

use crate::error::Error;

/// Whether logins to `email` are locked after too many failures.
pub async fn locked(pool: &PgPool, email: &str) -> Result<bool, Error> {
    Ok(sqlx::query_scalar!(
        r#"SELECT EXISTS (SELECT 1 FROM login_failures
                          WHERE email = lower($1) AND locked_until > now()) AS "locked!""#,
        email,
    )
    .fetch_one(pool)
    .traced("login_locked")
    .await?)
}

/// Counts a failed login to `email`: failures more than `window` apart start
/// the count again, and the `max`-th in a row locks the email for `lock`.
pub async fn record(
    pool: &PgPool,
    email: &str,
    max: i32,
    window: std::time::Duration,
    lock: std::time::Duration,
) -> Result<(), Error> {
    sqlx::query!(
        "WITH counted AS (
             SELECT coalesce((SELECT failures FROM login_failures
                              WHERE email = lower($1)
                                AND last_failed_at > now() - make_interval(secs => $3)
                                AND (locked_until IS NULL OR locked_until > now())), 0) + 1 AS failures
         )
         INSERT INTO login_failures (email, failures, last_failed_at, locked_until)
         SELECT lower($1), failures, now(),
                CASE WHEN failures >= $2 THEN now() + make_interval(secs => $4) END
         FROM counted
         ON CONFLICT (email) DO UPDATE SET failures = EXCLUDED.failures,
             last_failed_at = EXCLUDED.last_failed_at, locked_until = EXCLUDED.locked_until",
        email,
        max,
        window.as_secs_f64(),
        lock.as_secs_f64(),
    )
    .execute(pool)
    .traced("record_login_failure")
    .await?;
    Ok(())
}

/// Forgets the failures of `email` after a successful login.
pub async fn clear(pool: &PgPool, email: &str) -> Result<(), Error> {
    sqlx::query!("DELETE FROM login_failures WHERE email = lower($1)", email)
        .execute(pool)
        .traced("clear_login_failures")
        .await?;
    Ok(())
}
