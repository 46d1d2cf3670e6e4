//! Failed logins per email (lower-cased), to slow password guessing. An
//! attempt is counted before its password is checked and forgotten once a
//! password was right, so the count is of attempts not (yet) proven right.

use kit::db::Traced;
use sqlx::PgPool;

use crate::error::Error;

/// Reserves a login attempt on `email` before its password is checked, in
/// one statement, so attempts racing each other each take their own place
/// in the count. Returns false when the email is locked (nothing counted).
///
/// Every attempt counts as a failure until [`clear`] forgets them after a
/// right password: attempts more than `window` apart start the count again,
/// and the `max`-th in a row locks the email for `lock` (so the `max`-th is
/// still checked; one more is not). A lock that has run out starts a new count.
pub async fn reserve_attempt(
    pool: &PgPool,
    email: &str,
    max: i32,
    window: std::time::Duration,
    lock: std::time::Duration,
) -> Result<bool, Error> {
    // The row's lock (ON CONFLICT DO UPDATE) orders racing attempts; each
    // sees the count the one before it left. The WHERE leaves a locked row
    // as it is, and then nothing is returned.
    let counted = sqlx::query_scalar!(
        "INSERT INTO login_failures AS f (email, failures, last_failed_at, locked_until)
         VALUES (lower($1), 1, now(),
                 CASE WHEN $2 <= 1 THEN now() + make_interval(secs => $4) END)
         ON CONFLICT (email) DO UPDATE SET
             failures = CASE WHEN f.locked_until IS NULL
                                  AND f.last_failed_at > now() - make_interval(secs => $3)
                             THEN f.failures + 1 ELSE 1 END,
             last_failed_at = now(),
             locked_until = CASE WHEN (CASE WHEN f.locked_until IS NULL
                                                 AND f.last_failed_at > now() - make_interval(secs => $3)
                                            THEN f.failures + 1 ELSE 1 END) >= $2
                                 THEN now() + make_interval(secs => $4) END
         WHERE f.locked_until IS NULL OR f.locked_until <= now()
         RETURNING failures",
        email,
        max,
        window.as_secs_f64(),
        lock.as_secs_f64(),
    )
    .fetch_optional(pool)
    .traced("reserve_login_attempt")
    .await?;
    Ok(counted.is_some())
}

/// Forgets the attempts on `email` after a right password.
pub async fn clear(pool: &PgPool, email: &str) -> Result<(), Error> {
    sqlx::query!("DELETE FROM login_failures WHERE email = lower($1)", email)
        .execute(pool)
        .traced("clear_login_failures")
        .await?;
    Ok(())
}
