//! Sends recorded deliveries, signed as Standard Webhooks says, from rows
//! (so restarts lose nothing) claimed with SKIP LOCKED (so replicas share
//! them). A 2xx answer delivers; anything else, no answer within the timeout,
//! or an address that now points to a private network is a failed attempt
//! (keeping the status and a short excerpt of the answer, [`super::excerpt`]),
//! retried as [`super::retry`] schedules. A delivery still failing 24 hours
//! after it was made is given up and its endpoint turned off, which the
//! family's parents are told of (`WebhookDisabled`, mailed by auth).

use std::{sync::Arc, time::Duration};

use chorely_proto::events::v1::WebhookDisabled;
use chrono::{DateTime, Utc};
use kit::{clock::Clock, tenancy};
use reqwest::{Client, Url, redirect};
use sqlx::PgPool;
use tokio::sync::Notify;
use tokio_util::sync::CancellationToken;

use super::{address, excerpt, retry, signing};
use crate::{
    error::Error,
    store::webhooks::{self as store, Claimed},
};

/// How long a claimed delivery is left to its worker before another may
/// try it (longer than any attempt can take).
const LEASE: chrono::Duration = chrono::Duration::minutes(5);

#[derive(Clone)]
pub struct Deliverer {
    pub pool: PgPool,
    pub clock: Clock,
    http: Client,
    allow_private: bool,
    poll: Duration,
    wake: Arc<Notify>,
}

/// What one attempt came to.
#[derive(Debug)]
enum Outcome {
    Delivered(i32),
    Failed { code: Option<i32>, error: String },
}

impl Deliverer {
    pub fn new(
        pool: PgPool,
        clock: Clock,
        allow_private: bool,
        timeout: Duration,
        poll: Duration,
        wake: Arc<Notify>,
    ) -> anyhow::Result<Self> {
        kit::tls::install_crypto_provider();
        let mut builder = Client::builder()
            .timeout(timeout)
            .connect_timeout(timeout)
            // A redirect could lead anywhere, a private network included.
            .redirect(redirect::Policy::none())
            // The operator's proxy settings are not for families' endpoints.
            .no_proxy()
            .user_agent("Chorely-Webhooks/1");
        if !allow_private {
            builder = builder.dns_resolver(address::Guard);
        }
        Ok(Self {
            pool,
            clock,
            http: builder.build()?,
            allow_private,
            poll,
            wake,
        })
    }

    /// Sends due deliveries until `shutdown`, looking every `poll` and
    /// whenever woken.
    pub async fn run(self, shutdown: CancellationToken) {
        loop {
            loop {
                if shutdown.is_cancelled() {
                    return;
                }
                match self.run_once().await {
                    Ok(true) => {}
                    Ok(false) => break,
                    Err(err) => {
                        tracing::warn!(error = %err, "webhook delivery failed to run");
                        break;
                    }
                }
            }
            tokio::select! {
                () = shutdown.cancelled() => return,
                () = tokio::time::sleep(self.poll) => {}
                () = self.wake.notified() => {}
            }
        }
    }

    /// Makes one attempt of the most overdue delivery; false when none is due.
    pub async fn run_once(&self) -> Result<bool, Error> {
        // Deliveries of every family.
        tenancy::all_families(async {
            let now = self.clock.now();
            let Some(claimed) = store::claim(&self.pool, now, now + LEASE).await? else {
                return Ok(false);
            };
            let outcome = self.attempt(&claimed, now).await;
            self.settle(&claimed, outcome).await?;
            Ok(true)
        })
        .await
    }

    async fn attempt(&self, claimed: &Claimed, now: DateTime<Utc>) -> Outcome {
        let failed = |error: String| Outcome::Failed { code: None, error };
        let Ok(url) = Url::parse(&claimed.url) else {
            return failed("The URL is not valid".into());
        };
        // Literal addresses never reach the resolver: checked here. Names
        // are checked by the resolver, on the addresses connected to.
        if !self.allow_private && address::literal_refused(&url) {
            return failed(address::Refusal::Private.to_string());
        }
        let timestamp = now.timestamp();
        let request = self
            .http
            .post(url)
            .header("content-type", "application/json")
            .header("webhook-id", &claimed.id)
            .header("webhook-timestamp", timestamp.to_string())
            .header(
                "webhook-signature",
                signing::signature(&claimed.secret, &claimed.id, timestamp, &claimed.body),
            )
            .body(claimed.body.clone());
        match request.send().await {
            Ok(mut response) => {
                let code = i32::from(response.status().as_u16());
                if response.status().is_success() {
                    return Outcome::Delivered(code);
                }
                let mut body = Vec::new();
                while body.len() < excerpt::READ {
                    match response.chunk().await {
                        Ok(Some(chunk)) => body.extend_from_slice(&chunk),
                        _ => break,
                    }
                }
                Outcome::Failed {
                    code: Some(code),
                    error: excerpt::of(&body),
                }
            }
            Err(err) => failed(describe(&err)),
        }
    }

    async fn settle(&self, claimed: &Claimed, outcome: Outcome) -> Result<(), Error> {
        let now = self.clock.now();
        let (code, error) = match outcome {
            Outcome::Delivered(code) => {
                tracing::info!(delivery = %claimed.id, code, "webhook delivered");
                return store::delivered(&self.pool, &claimed.id, code, now).await;
            }
            Outcome::Failed { code, error } => (code, error),
        };
        tracing::info!(delivery = %claimed.id, attempts = claimed.attempts, ?code, "webhook attempt failed");
        if let Some(next) =
            retry::next_attempt(claimed.attempts, claimed.created_at, now, retry::jitter())
        {
            return store::retry_at(&self.pool, &claimed.id, code, &error, next).await;
        }
        let mut tx = self.pool.begin().await?;
        store::given_up(&mut tx, &claimed.id, code, &error).await?;
        if let Some(url) = store::disable(&mut tx, claimed.webhook_id, now).await? {
            tracing::warn!(webhook = %claimed.webhook_id, "webhook failed for 24 hours: turned off");
            kit::outbox::enqueue(
                &mut tx,
                &WebhookDisabled {
                    webhook_id: claimed.webhook_id.to_string(),
                    organization_id: claimed.organization_id.to_string(),
                    url,
                    disabled_at: Some(kit::time::to_proto(now)),
                },
            )
            .await?;
        }
        tx.commit().await?;
        Ok(())
    }
}

/// Why no answer came, in a few words (no URL, which reqwest's errors hold).
fn describe(err: &reqwest::Error) -> String {
    if err.is_timeout() {
        "No answer in time".into()
    } else if err.is_connect() {
        let private = std::error::Error::source(err)
            .into_iter()
            .flat_map(|e| std::iter::successors(Some(e), |e| e.source()))
            .any(|e| e.to_string() == address::Refusal::Private.to_string());
        if private {
            address::Refusal::Private.to_string()
        } else {
            "Could not connect".into()
        }
    } else {
        "The request failed".into()
    }
}
