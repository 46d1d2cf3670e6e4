//! Webhook endpoints and their deliveries.

use chrono::{DateTime, Utc};
use kit::db::Traced;
use sqlx::{PgConnection, PgPool};
use uuid::Uuid;

use crate::error::Error;

#[derive(Debug, Clone)]
pub struct WebhookRow {
    pub id: Uuid,
    pub url: String,
    pub events: Vec<String>,
    pub created_at: DateTime<Utc>,
    pub disabled_at: Option<DateTime<Utc>>,
}

pub struct NewWebhook<'a> {
    pub id: Uuid,
    pub org: Uuid,
    pub url: &'a str,
    pub events: &'a [String],
    pub secret: &'a [u8],
    pub by: Uuid,
    pub at: DateTime<Utc>,
}

pub async fn insert(tx: &mut PgConnection, w: &NewWebhook<'_>) -> Result<WebhookRow, Error> {
    Ok(sqlx::query_as!(
        WebhookRow,
        "INSERT INTO webhooks (id, organization_id, url, events, secret, created_by, created_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7)
         RETURNING id, url, events, created_at, disabled_at",
        w.id,
        w.org,
        w.url,
        w.events,
        w.secret,
        w.by,
        w.at,
    )
    .fetch_one(tx)
    .traced("insert_webhook")
    .await?)
}

/// How many endpoints the family has, counted under a lock on the family's
/// endpoints so two registrations cannot both pass the limit.
pub async fn count_locked(tx: &mut PgConnection, org: Uuid) -> Result<i64, Error> {
    sqlx::query!(
        "SELECT pg_advisory_xact_lock(hashtextextended('webhooks:' || $1::uuid::text, 0))",
        org,
    )
    .execute(&mut *tx)
    .traced("lock_webhooks")
    .await?;
    Ok(sqlx::query_scalar!(
        r#"SELECT count(*) AS "count!" FROM webhooks WHERE organization_id = $1"#,
        org
    )
    .fetch_one(tx)
    .traced("count_webhooks")
    .await?)
}

pub async fn list(pool: &PgPool, org: Uuid) -> Result<Vec<WebhookRow>, Error> {
    Ok(sqlx::query_as!(
        WebhookRow,
        "SELECT id, url, events, created_at, disabled_at FROM webhooks
         WHERE organization_id = $1 ORDER BY created_at, id",
        org
    )
    .fetch_all(pool)
    .traced("list_webhooks")
    .await?)
}

pub async fn get(pool: &PgPool, org: Uuid, id: Uuid) -> Result<Option<WebhookRow>, Error> {
    Ok(sqlx::query_as!(
        WebhookRow,
        "SELECT id, url, events, created_at, disabled_at FROM webhooks
         WHERE organization_id = $1 AND id = $2",
        org,
        id
    )
    .fetch_optional(pool)
    .traced("get_webhook")
    .await?)
}

/// Deletes the endpoint and its deliveries; false when the family has none of that id.
pub async fn delete(pool: &PgPool, org: Uuid, id: Uuid) -> Result<bool, Error> {
    Ok(sqlx::query!(
        "DELETE FROM webhooks WHERE organization_id = $1 AND id = $2",
        org,
        id
    )
    .execute(pool)
    .traced("delete_webhook")
    .await?
    .rows_affected()
        == 1)
}

/// Turns a disabled endpoint back on (a parent sent it a test).
pub async fn enable(tx: &mut PgConnection, id: Uuid) -> Result<(), Error> {
    sqlx::query!("UPDATE webhooks SET disabled_at = NULL WHERE id = $1", id)
        .execute(tx)
        .traced("enable_webhook")
        .await?;
    Ok(())
}

#[derive(Debug, Clone)]
pub struct DeliveryRow {
    pub id: String,
    pub event_type: String,
    pub status: String,
    pub attempts: i32,
    pub response_code: Option<i32>,
    pub error: String,
    pub created_at: DateTime<Utc>,
    pub last_attempt_at: Option<DateTime<Utc>>,
    pub next_attempt_at: DateTime<Utc>,
    pub delivered_at: Option<DateTime<Utc>>,
}

/// The endpoint's latest 50 deliveries, the newest first.
pub async fn deliveries(pool: &PgPool, org: Uuid, hook: Uuid) -> Result<Vec<DeliveryRow>, Error> {
    Ok(sqlx::query_as!(
        DeliveryRow,
        "SELECT id, event_type, status, attempts, response_code, error, created_at,
                last_attempt_at, next_attempt_at, delivered_at
         FROM webhook_deliveries WHERE organization_id = $1 AND webhook_id = $2
         ORDER BY created_at DESC, id DESC LIMIT 50",
        org,
        hook
    )
    .fetch_all(pool)
    .traced("list_webhook_deliveries")
    .await?)
}

pub struct NewDeliveries<'a> {
    pub org: Uuid,
    pub event_id: &'a str,
    pub event_type: &'a str,
    pub body: &'a str,
    pub at: DateTime<Utc>,
}

/// Records a delivery of the event to each enabled endpoint of the family
/// that asked for its type (once per endpoint and event); returns how many.
pub async fn record(tx: &mut PgConnection, d: &NewDeliveries<'_>) -> Result<u64, Error> {
    Ok(sqlx::query!(
        "INSERT INTO webhook_deliveries
             (id, organization_id, webhook_id, event_id, event_type, body, next_attempt_at,
              created_at)
         SELECT 'msg_' || replace(gen_random_uuid()::text, '-', ''), organization_id, id, $2, $3,
                $4, $5, $5
         FROM webhooks
         WHERE organization_id = $1 AND disabled_at IS NULL
           AND ($3 = ANY (events) OR '*' = ANY (events))
         ON CONFLICT (webhook_id, event_id) DO NOTHING",
        d.org,
        d.event_id,
        d.event_type,
        d.body,
        d.at,
    )
    .execute(tx)
    .traced("record_webhook_deliveries")
    .await?
    .rows_affected())
}

/// How many deliveries of `event_type` the family's endpoints were given
/// since `since`, counted under a lock on the family's deliveries of that
/// type so two made at once cannot both pass a limit on them.
pub async fn count_since_locked(
    tx: &mut PgConnection,
    org: Uuid,
    event_type: &str,
    since: DateTime<Utc>,
) -> Result<i64, Error> {
    sqlx::query!(
        "SELECT pg_advisory_xact_lock(
             hashtextextended('webhook_deliveries:' || $1::uuid::text || ':' || $2, 0))",
        org,
        event_type,
    )
    .execute(&mut *tx)
    .traced("lock_webhook_deliveries")
    .await?;
    // Through the family's endpoints, so the deliveries are found by the
    // index on (webhook_id, created_at).
    Ok(sqlx::query_scalar!(
        r#"SELECT count(*) AS "count!" FROM webhook_deliveries
           WHERE webhook_id IN (SELECT id FROM webhooks WHERE organization_id = $1)
             AND event_type = $2 AND created_at > $3"#,
        org,
        event_type,
        since,
    )
    .fetch_one(tx)
    .traced("count_webhook_deliveries")
    .await?)
}

/// Records one delivery to one endpoint (the test button's).
pub async fn record_one(
    tx: &mut PgConnection,
    hook: Uuid,
    d: &NewDeliveries<'_>,
) -> Result<DeliveryRow, Error> {
    Ok(sqlx::query_as!(
        DeliveryRow,
        "INSERT INTO webhook_deliveries
             (id, organization_id, webhook_id, event_id, event_type, body, next_attempt_at,
              created_at)
         VALUES ('msg_' || replace(gen_random_uuid()::text, '-', ''), $1, $2, $3, $4, $5, $6, $6)
         RETURNING id, event_type, status, attempts, response_code, error, created_at,
                   last_attempt_at, next_attempt_at, delivered_at",
        d.org,
        hook,
        d.event_id,
        d.event_type,
        d.body,
        d.at,
    )
    .fetch_one(tx)
    .traced("record_webhook_test")
    .await?)
}

/// A delivery claimed for an attempt, with what sending it needs.
#[derive(Debug, Clone)]
pub struct Claimed {
    pub id: String,
    pub organization_id: Uuid,
    pub webhook_id: Uuid,
    pub body: String,
    pub attempts: i32,
    pub created_at: DateTime<Utc>,
    pub url: String,
    pub secret: Vec<u8>,
}

/// Claims the most overdue pending delivery of an enabled endpoint: its
/// attempt is counted (the last one's answer cleared, as this one is under
/// way) and its next one put off to `lease_until`, so another replica (or
/// this one after a crash) tries again only once that passes.
pub async fn claim(
    pool: &PgPool,
    now: DateTime<Utc>,
    lease_until: DateTime<Utc>,
) -> Result<Option<Claimed>, Error> {
    Ok(sqlx::query_as!(
        Claimed,
        "WITH due AS (
             SELECT d.id FROM webhook_deliveries d JOIN webhooks w ON w.id = d.webhook_id
             WHERE d.status = 'PENDING' AND d.next_attempt_at <= $1 AND w.disabled_at IS NULL
             ORDER BY d.next_attempt_at LIMIT 1
             FOR UPDATE OF d SKIP LOCKED
         )
         UPDATE webhook_deliveries d
         SET attempts = d.attempts + 1, last_attempt_at = $1, next_attempt_at = $2,
             response_code = NULL, error = ''
         FROM due, webhooks w
         WHERE d.id = due.id AND w.id = d.webhook_id
         RETURNING d.id, d.organization_id, d.webhook_id, d.body, d.attempts, d.created_at,
                   w.url, w.secret",
        now,
        lease_until,
    )
    .fetch_optional(pool)
    .traced("claim_webhook_delivery")
    .await?)
}

pub async fn delivered(pool: &PgPool, id: &str, code: i32, at: DateTime<Utc>) -> Result<(), Error> {
    sqlx::query!(
        "UPDATE webhook_deliveries
         SET status = 'DELIVERED', response_code = $2, error = '', delivered_at = $3
         WHERE id = $1",
        id,
        code,
        at,
    )
    .execute(pool)
    .traced("webhook_delivered")
    .await?;
    Ok(())
}

/// Records a failed attempt; the next one at `next`.
pub async fn retry_at(
    pool: &PgPool,
    id: &str,
    code: Option<i32>,
    error: &str,
    next: DateTime<Utc>,
) -> Result<(), Error> {
    sqlx::query!(
        "UPDATE webhook_deliveries SET response_code = $2, error = $3, next_attempt_at = $4
         WHERE id = $1",
        id,
        code,
        error,
        next,
    )
    .execute(pool)
    .traced("webhook_retry")
    .await?;
    Ok(())
}

/// Gives the delivery up after its last failed attempt.
pub async fn given_up(
    tx: &mut PgConnection,
    id: &str,
    code: Option<i32>,
    error: &str,
) -> Result<(), Error> {
    sqlx::query!(
        "UPDATE webhook_deliveries SET status = 'FAILED', response_code = $2, error = $3
         WHERE id = $1",
        id,
        code,
        error,
    )
    .execute(tx)
    .traced("webhook_given_up")
    .await?;
    Ok(())
}

/// Turns the endpoint off and gives up its other pending deliveries; its
/// URL when this call turned it off, `None` when it already was.
pub async fn disable(
    tx: &mut PgConnection,
    hook: Uuid,
    at: DateTime<Utc>,
) -> Result<Option<String>, Error> {
    let url = sqlx::query_scalar!(
        "UPDATE webhooks SET disabled_at = $2 WHERE id = $1 AND disabled_at IS NULL RETURNING url",
        hook,
        at,
    )
    .fetch_optional(&mut *tx)
    .traced("disable_webhook")
    .await?;
    if url.is_some() {
        sqlx::query!(
            "UPDATE webhook_deliveries SET status = 'FAILED', error = 'The endpoint was turned off'
             WHERE webhook_id = $1 AND status = 'PENDING'",
            hook,
        )
        .execute(tx)
        .traced("drop_webhook_deliveries")
        .await?;
    }
    Ok(url)
}
