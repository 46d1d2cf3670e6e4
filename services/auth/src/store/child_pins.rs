//! Children's PINs for the family tablet (Argon2id hashes, never the PIN)
//! and the wrong guesses since the last right one.

use chrono::{DateTime, Utc};
use kit::db::Traced;
use sqlx::PgPool;
use uuid::Uuid;

use crate::error::Error;

/// Sets the PIN of the login `user_id`, forgetting wrong guesses and any lock.
pub async fn set(
    pool: &PgPool,
    user_id: Uuid,
    pin_hash: &str,
    now: DateTime<Utc>,
) -> Result<(), Error> {
    sqlx::query!(
        "INSERT INTO child_pins (user_id, pin_hash, updated_at) VALUES ($1, $2, $3)
         ON CONFLICT (user_id) DO UPDATE SET pin_hash = EXCLUDED.pin_hash,
             failures = 0, last_failed_at = NULL, locked_until = NULL,
             updated_at = EXCLUDED.updated_at",
        user_id,
        pin_hash,
        now,
    )
    .execute(pool)
    .traced("set_child_pin")
    .await?;
    Ok(())
}

/// What reserving a guess found.
pub enum Reserved {
    /// No PIN is set for this login.
    NoPin,
    /// Too many wrong guesses: nothing counted, nothing to check.
    Locked,
    /// Counted as wrong until [`clear`]; check it against this hash.
    Check(String),
}

/// Counts a guess at the PIN of `user_id` before it is checked, in the
/// statement that checks the limit, so guesses sent at once each take their
/// own place in the count. The `max`-th wrong guess in a row (each within
/// `window` of the last) is still checked and locks the PIN until `lock`
/// has passed; a lock that has run out starts a new count.
pub async fn reserve_guess(
    pool: &PgPool,
    user_id: Uuid,
    max: i32,
    window: chrono::Duration,
    lock: chrono::Duration,
    now: DateTime<Utc>,
) -> Result<Reserved, Error> {
    let window_start = now - window;
    let locked_until = now + lock;
    // The row's lock orders racing guesses (each reads the count the one
    // before it left); the WHERE leaves a locked row as it is, and then
    // nothing is returned.
    let counted = sqlx::query_scalar!(
        "UPDATE child_pins AS p SET
             failures = CASE WHEN p.locked_until IS NULL AND p.last_failed_at > $4
                             THEN p.failures + 1 ELSE 1 END,
             last_failed_at = $2,
             locked_until = CASE WHEN (CASE WHEN p.locked_until IS NULL AND p.last_failed_at > $4
                                            THEN p.failures + 1 ELSE 1 END) >= $3
                                 THEN $5::timestamptz END
         WHERE p.user_id = $1
           AND (p.locked_until IS NULL OR p.locked_until <= $2)
         RETURNING p.pin_hash",
        user_id,
        now,
        max,
        window_start,
        locked_until,
    )
    .fetch_optional(pool)
    .traced("reserve_pin_guess")
    .await?;
    if let Some(hash) = counted {
        return Ok(Reserved::Check(hash));
    }
    let exists = sqlx::query_scalar!("SELECT user_id FROM child_pins WHERE user_id = $1", user_id)
        .fetch_optional(pool)
        .traced("find_child_pin")
        .await?;
    Ok(if exists.is_some() {
        Reserved::Locked
    } else {
        Reserved::NoPin
    })
}

/// Forgets the wrong guesses after a right PIN.
pub async fn clear(pool: &PgPool, user_id: Uuid) -> Result<(), Error> {
    sqlx::query!(
        "UPDATE child_pins SET failures = 0, last_failed_at = NULL, locked_until = NULL
         WHERE user_id = $1",
        user_id,
    )
    .execute(pool)
    .traced("clear_pin_guesses")
    .await?;
    Ok(())
}
