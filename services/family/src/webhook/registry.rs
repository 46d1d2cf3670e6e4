//! Parents register, list and remove their family's endpoints, see their
//! deliveries and send them a test. The URL and event types are checked
//! here (the trusted layer), the address against the operator's networks
//! (see [`super::address`]).

use chorely_proto::family::v1 as pb;
use chrono::{DateTime, Utc};
use kit::{
    clock::Clock,
    codes::{self, Label},
    time::to_proto,
    validate::FieldError,
};
use reqwest::Url;
use sqlx::PgPool;
use uuid::Uuid;

use super::{address, catalogue, signing};
use crate::{
    error::Error,
    store::webhooks::{self as store, DeliveryRow, NewDeliveries, NewWebhook, WebhookRow},
};

/// Endpoints a family may have.
pub const LIMIT: i64 = 10;

/// Test deliveries a family may send per [`TEST_WINDOW`], to all its
/// endpoints together: enough to try an endpoint again after each fix, too
/// few for the button to become a way of sending requests from the
/// operator's network at will.
pub const TESTS_PER_WINDOW: i64 = 5;

/// The window [`TESTS_PER_WINDOW`] counts over (the error's words say it).
pub const TEST_WINDOW: chrono::Duration = chrono::Duration::minutes(1);

const URL_MAX: usize = 2000;

#[derive(Clone)]
pub struct Registry {
    pub pool: PgPool,
    pub clock: Clock,
    /// The operator allows endpoints on private networks.
    pub allow_private: bool,
    /// Wakes the delivery worker when a test is queued.
    pub wake: std::sync::Arc<tokio::sync::Notify>,
}

fn view(row: &WebhookRow) -> pb::Webhook {
    pb::Webhook {
        id: row.id.to_string(),
        url: row.url.clone(),
        events: row.events.clone(),
        created_at: Some(to_proto(row.created_at)),
        disabled_at: row.disabled_at.map(to_proto),
    }
}

pub fn delivery_view(row: &DeliveryRow) -> pb::Delivery {
    pb::Delivery {
        id: row.id.clone(),
        event_type: row.event_type.clone(),
        status: row.status.clone(),
        attempts: row.attempts,
        response_code: row.response_code.unwrap_or(0),
        error: row.error.clone(),
        created_at: Some(to_proto(row.created_at)),
        last_attempt_at: row.last_attempt_at.map(to_proto),
        next_attempt_at: (row.status == "PENDING").then(|| to_proto(row.next_attempt_at)),
        delivered_at: row.delivered_at.map(to_proto),
    }
}

/// The URL as given, checked for its form: http or https, a host, no
/// credentials in it.
pub fn parse_url(raw: &str) -> Result<Url, FieldError> {
    let raw = raw.trim();
    if raw.is_empty() {
        return Err(codes::required(Label::Url).on("url"));
    }
    // Counted in bytes, as the stored column bounds it (a URL's characters
    // beyond ASCII are escaped anyway).
    if raw.len() > URL_MAX {
        let max = i64::try_from(URL_MAX).unwrap_or(i64::MAX);
        return Err(codes::too_long(Label::Url, max).on("url"));
    }
    let url = Url::parse(raw).map_err(|_| codes::webhook_url_invalid().on("url"))?;
    if !matches!(url.scheme(), "http" | "https") {
        return Err(codes::webhook_url_scheme().on("url"));
    }
    if url.host_str().is_none_or(str::is_empty) {
        return Err(codes::webhook_url_invalid().on("url"));
    }
    if !url.username().is_empty() || url.password().is_some() {
        return Err(codes::webhook_url_credentials().on("url"));
    }
    Ok(url)
}

/// The event types asked for, checked, without repeats, in the catalogue's
/// order; `["*"]` alone when every type is.
pub fn parse_events(raw: &[String]) -> Result<Vec<String>, FieldError> {
    let asked: Vec<&str> = raw.iter().map(|e| e.trim()).collect();
    if asked.is_empty() {
        return Err(codes::webhook_events_required().on("events"));
    }
    if let Some(unknown) = asked
        .iter()
        .find(|e| **e != catalogue::ALL && !catalogue::is_type(e))
    {
        return Err(codes::webhook_event_unknown(*unknown).on("events"));
    }
    if asked.contains(&catalogue::ALL) {
        return Ok(vec![catalogue::ALL.to_owned()]);
    }
    Ok(catalogue::types()
        .filter(|t| asked.contains(t))
        .map(str::to_owned)
        .collect())
}

impl Registry {
    pub async fn create(
        &self,
        parent: Uuid,
        org: Uuid,
        req: &pb::CreateWebhookRequest,
    ) -> Result<pb::CreatedWebhook, Error> {
        let url = parse_url(&req.url)?;
        let events = parse_events(&req.events)?;
        address::check_url(&url, self.allow_private)
            .await
            .map_err(|refused| refused.refusal().on("url"))?;
        let key = signing::new_key()?;
        let mut tx = self.pool.begin().await?;
        if store::count_locked(&mut tx, org).await? >= LIMIT {
            return Err(Error::WebhookLimit(LIMIT));
        }
        let row = store::insert(
            &mut tx,
            &NewWebhook {
                id: Uuid::now_v7(),
                org,
                url: url.as_str(),
                events: &events,
                secret: &key,
                by: parent,
                at: self.clock.now(),
            },
        )
        .await?;
        tx.commit().await?;
        Ok(pb::CreatedWebhook {
            webhook: Some(view(&row)),
            secret: signing::secret_text(&key),
        })
    }

    pub async fn list(&self, org: Uuid) -> Result<pb::ListWebhooksResponse, Error> {
        let rows = store::list(&self.pool, org).await?;
        Ok(pb::ListWebhooksResponse {
            webhooks: rows.iter().map(view).collect(),
        })
    }

    /// The family's endpoint `raw` names; another family's is not found.
    async fn hook(&self, org: Uuid, raw: &str) -> Result<WebhookRow, Error> {
        let id = Uuid::parse_str(raw.trim()).map_err(|_| Error::WebhookNotFound)?;
        store::get(&self.pool, org, id)
            .await?
            .ok_or(Error::WebhookNotFound)
    }

    pub async fn delete(&self, org: Uuid, raw: &str) -> Result<(), Error> {
        let hook = self.hook(org, raw).await?;
        if !store::delete(&self.pool, org, hook.id).await? {
            return Err(Error::WebhookNotFound);
        }
        Ok(())
    }

    pub async fn deliveries(
        &self,
        org: Uuid,
        raw: &str,
    ) -> Result<pb::ListDeliveriesResponse, Error> {
        let hook = self.hook(org, raw).await?;
        let rows = store::deliveries(&self.pool, org, hook.id).await?;
        Ok(pb::ListDeliveriesResponse {
            deliveries: rows.iter().map(delivery_view).collect(),
        })
    }

    /// Queues a `webhook.test` delivery, at most [`TESTS_PER_WINDOW`] a
    /// family per [`TEST_WINDOW`]. A disabled endpoint is turned back on: a
    /// test is how a parent says it works again.
    pub async fn test(&self, org: Uuid, raw: &str) -> Result<pb::Delivery, Error> {
        let hook = self.hook(org, raw).await?;
        let now: DateTime<Utc> = self.clock.now();
        let body = catalogue::body(
            catalogue::TEST,
            now,
            serde_json::json!({"webhookId": hook.id.to_string()}),
        );
        let event_id = format!("test-{}", Uuid::now_v7());
        let mut tx = self.pool.begin().await?;
        let recent =
            store::count_since_locked(&mut tx, org, catalogue::TEST, now - TEST_WINDOW).await?;
        if recent >= TESTS_PER_WINDOW {
            return Err(Error::TooManyWebhookTests);
        }
        if hook.disabled_at.is_some() {
            store::enable(&mut tx, hook.id).await?;
        }
        let row = store::record_one(
            &mut tx,
            hook.id,
            &NewDeliveries {
                org,
                event_id: &event_id,
                event_type: catalogue::TEST,
                body: &body,
                at: now,
            },
        )
        .await?;
        tx.commit().await?;
        self.wake.notify_one();
        Ok(delivery_view(&row))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn urls_are_http_or_https_with_a_host_and_no_credentials() {
        assert!(parse_url(" https://hooks.example.com/in?x=1 ").is_ok());
        assert!(parse_url("http://10.0.0.1:8080/").is_ok());
        for (raw, message) in [
            ("", "URL is required"),
            ("hooks.example.com", "URL is not valid"),
            (
                "ftp://example.com/",
                "URL must start with http:// or https://",
            ),
            (
                "file:///etc/passwd",
                "URL must start with http:// or https://",
            ),
            (
                "https://me:pw@example.com/",
                "URL must not contain a user name or password",
            ),
        ] {
            assert_eq!(parse_url(raw).unwrap_err().message(), message, "{raw}");
        }
        for (raw, code) in [
            ("", "REQUIRED"),
            ("hooks.example.com", "WEBHOOK_URL_INVALID"),
            ("ftp://example.com/", "WEBHOOK_URL_SCHEME"),
            ("https://me:pw@example.com/", "WEBHOOK_URL_CREDENTIALS"),
        ] {
            let refused = parse_url(raw).unwrap_err();
            assert_eq!((refused.field, refused.code()), ("url", code), "{raw}");
        }
        let long = format!("https://example.com/{}", "a".repeat(URL_MAX));
        let refused = parse_url(&long).unwrap_err();
        assert_eq!(refused.code(), "TOO_LONG");
        assert_eq!(refused.message(), "URL must be at most 2000 characters");
    }

    #[test]
    fn events_are_known_types_or_every_one() {
        let ask = |e: &[&str]| parse_events(&e.iter().map(|s| (*s).to_owned()).collect::<Vec<_>>());
        assert_eq!(
            ask(&["balance.changed", "submission.created", "balance.changed"]).unwrap(),
            ["submission.created", "balance.changed"]
        );
        assert_eq!(ask(&["*", "chore.changed"]).unwrap(), ["*"]);
        assert_eq!(ask(&[]).unwrap_err().message(), "Choose at least one event");
        assert_eq!(ask(&[]).unwrap_err().code(), "WEBHOOK_EVENTS_REQUIRED");
        let unknown = ask(&["chore.deleted"]).unwrap_err();
        assert_eq!(unknown.message(), "Unknown event: chore.deleted");
        assert_eq!(
            (unknown.field, unknown.code()),
            ("events", "WEBHOOK_EVENT_UNKNOWN")
        );
    }
}
