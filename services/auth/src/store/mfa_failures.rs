//! Wrong second-step codes per user, apart from passwords: a right password
//! leaves them counted (it is what a guesser of codes already has), and so
//! does a reset by mail (the mailbox is the other thing such a guesser may
//! hold); only a right code forgets them.

use chrono::{DateTime, Utc};
use kit::db::Traced;
use sqlx::PgPool;
use uuid::Uuid;

use crate::error::Error;

/// What reserving an attempt found.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Reserved {
    /// Counted; the code may be checked.
    Counted,
    /// This attempt was the last allowed before the lock: it is checked,
    /// and, if wrong, the user is told of the lock by mail.
    LastBeforeLock { until: DateTime<Utc> },
    /// Locked until then: nothing counted or checked.
    Locked { until: DateTime<Utc> },
}

/// Reserves an attempt for `user_id` before its code is checked, in one
/// statement (racing attempts each take their own place): counted as a
/// failure until [`clear`] forgets it after a right code. Attempts more than
/// `window` apart start the count again; the `max`-th in a row locks the
/// user until `now + lock` (it is still checked; one more is not).
pub async fn reserve(
    pool: &PgPool,
    user_id: Uuid,
    max: i32,
    window: std::time::Duration,
    lock: std::time::Duration,
    now: DateTime<Utc>,
) -> Result<Reserved, Error> {
    let counted = sqlx::query!(
        "INSERT INTO mfa_failures AS f (user_id, failures, last_failed_at, locked_until)
         VALUES ($1, 1, $5::timestamptz,
                 CASE WHEN $2 <= 1 THEN $5::timestamptz + make_interval(secs => $4) END)
         ON CONFLICT (user_id) DO UPDATE SET
             failures = CASE WHEN f.locked_until IS NULL
                                  AND f.last_failed_at > $5::timestamptz - make_interval(secs => $3)
                             THEN f.failures + 1 ELSE 1 END,
             last_failed_at = $5::timestamptz,
             locked_until = CASE WHEN (CASE WHEN f.locked_until IS NULL
                                                 AND f.last_failed_at > $5::timestamptz - make_interval(secs => $3)
                                            THEN f.failures + 1 ELSE 1 END) >= $2
                                 THEN $5::timestamptz + make_interval(secs => $4) END
         WHERE f.locked_until IS NULL OR f.locked_until <= $5::timestamptz
         RETURNING locked_until",
        user_id,
        max,
        window.as_secs_f64(),
        lock.as_secs_f64(),
        now,
    )
    .fetch_optional(pool)
    .traced("reserve_mfa_attempt")
    .await?;
    match counted {
        Some(row) => Ok(match row.locked_until {
            Some(until) => Reserved::LastBeforeLock { until },
            None => Reserved::Counted,
        }),
        None => {
            let until = sqlx::query_scalar!(
                "SELECT locked_until FROM mfa_failures WHERE user_id = $1",
                user_id
            )
            .fetch_one(pool)
            .traced("mfa_locked_until")
            .await?
            .unwrap_or(now);
            Ok(Reserved::Locked { until })
        }
    }
}

/// Forgets the user's wrong codes after a right one.
pub async fn clear(pool: &PgPool, user_id: Uuid) -> Result<(), Error> {
    sqlx::query!("DELETE FROM mfa_failures WHERE user_id = $1", user_id)
        .execute(pool)
        .traced("clear_mfa_failures")
        .await?;
    Ok(())
}
