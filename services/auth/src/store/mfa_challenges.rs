//! The second steps of logins under way: each one a row, named by its
//! token's `jti`, that allows a handful of codes and is spent by the right one.

use chrono::{DateTime, Utc};
use kit::db::Traced;
use sqlx::{PgConnection, PgPool};
use uuid::Uuid;

use crate::error::Error;

/// Opens a challenge for `user_id` until `expires_at`, dropping the user's
/// challenges that have run out.
pub async fn open(
    pool: &PgPool,
    id: Uuid,
    user_id: Uuid,
    expires_at: DateTime<Utc>,
    now: DateTime<Utc>,
) -> Result<(), Error> {
    let mut tx = pool.begin().await?;
    sqlx::query!(
        "DELETE FROM mfa_challenges WHERE user_id = $1 AND expires_at <= $2",
        user_id,
        now,
    )
    .execute(&mut *tx)
    .traced("drop_expired_mfa_challenges")
    .await?;
    sqlx::query!(
        "INSERT INTO mfa_challenges (id, user_id, expires_at, created_at) VALUES ($1, $2, $3, $4)",
        id,
        user_id,
        expires_at,
        now,
    )
    .execute(&mut *tx)
    .traced("open_mfa_challenge")
    .await?;
    tx.commit().await?;
    Ok(())
}

/// Takes one attempt of the challenge `id` of `user_id`, in one statement so
/// attempts sent at once each take their own: false when it is unknown,
/// spent, run out at `now`, or has had `max` attempts already.
pub async fn take_attempt(
    pool: &PgPool,
    id: Uuid,
    user_id: Uuid,
    max: i32,
    now: DateTime<Utc>,
) -> Result<bool, Error> {
    let taken = sqlx::query!(
        "UPDATE mfa_challenges SET attempts = attempts + 1
         WHERE id = $1 AND user_id = $2 AND used_at IS NULL AND expires_at > $3
           AND attempts < $4",
        id,
        user_id,
        now,
        max,
    )
    .execute(pool)
    .traced("take_mfa_attempt")
    .await?;
    Ok(taken.rows_affected() == 1)
}

/// Spends the challenge in `tx` (the sign-in it allowed is happening):
/// false when another request spent it first.
pub async fn spend(tx: &mut PgConnection, id: Uuid, now: DateTime<Utc>) -> Result<bool, Error> {
    let spent = sqlx::query!(
        "UPDATE mfa_challenges SET used_at = $2 WHERE id = $1 AND used_at IS NULL",
        id,
        now,
    )
    .execute(tx)
    .traced("spend_mfa_challenge")
    .await?;
    Ok(spent.rows_affected() == 1)
}

/// The codes tried with a challenge that is neither spent nor run out at
/// `now`; `None` for any other.
pub async fn attempts(
    pool: &PgPool,
    id: Uuid,
    user_id: Uuid,
    now: DateTime<Utc>,
) -> Result<Option<i32>, Error> {
    Ok(sqlx::query_scalar!(
        "SELECT attempts FROM mfa_challenges
         WHERE id = $1 AND user_id = $2 AND used_at IS NULL AND expires_at > $3",
        id,
        user_id,
        now,
    )
    .fetch_optional(pool)
    .traced("mfa_challenge_attempts")
    .await?)
}
