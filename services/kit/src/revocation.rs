//! Revoked tokens. When a user is deactivated or deleted, their tokens must
//! stop working at once everywhere, without a database read per request: the
//! auth service records `user.<id>` → revocation time in a JetStream KV bucket,
//! and every service and the gateway keep a live copy of the bucket in memory.
//! A token issued at or before its user's revocation is refused; a token issued
//! after (the user was reactivated and logged in again) is not.

use std::{
    collections::HashMap,
    sync::{Arc, RwLock},
    time::Duration,
};

use async_nats::jetstream::kv::{self, Operation, Store};
use futures::{StreamExt, TryStreamExt};
use tokio_util::sync::CancellationToken;

use crate::nats::Bus;

/// Tokens live at most this long, so older revocations no longer matter.
const KEEP_FOR: Duration = Duration::from_secs(2 * 24 * 60 * 60);

#[derive(Clone)]
pub struct Revocations {
    store: Store,
    revoked: Arc<RwLock<HashMap<String, i64>>>,
}

fn user_key(user_id: &str) -> String {
    format!("user.{user_id}")
}

/// The bucket of a deployment (`<prefix>_revoked`).
pub fn bucket_name(prefix: &str) -> String {
    format!("{prefix}_revoked")
}

impl Revocations {
    /// Loads the bucket and keeps following it until `shutdown`.
    pub async fn start(bus: &Bus, shutdown: CancellationToken) -> anyhow::Result<Self> {
        let bucket = bucket_name(&bus.prefix);
        let store = match bus.js.get_key_value(&bucket).await {
            Ok(store) => store,
            Err(_) => {
                bus.js
                    .create_key_value(kv::Config {
                        bucket: bucket.clone(),
                        history: 1,
                        max_age: KEEP_FOR,
                        storage: async_nats::jetstream::stream::StorageType::File,
                        ..Default::default()
                    })
                    .await?
            }
        };
        let revocations = Self {
            store: store.clone(),
            revoked: Arc::default(),
        };
        // Watch first, then read what is there: nothing put in between is missed.
        let mut watch = store.watch_all().await?;
        let keys: Vec<String> = store.keys().await?.try_collect().await?;
        for key in keys {
            if let Some(value) = store.get(&key).await? {
                revocations.apply(&key, Operation::Put, &value);
            }
        }
        let live = revocations.clone();
        tokio::spawn(async move {
            loop {
                let entry = tokio::select! {
                    () = shutdown.cancelled() => return,
                    entry = watch.next() => entry,
                };
                match entry {
                    Some(Ok(entry)) => live.apply(&entry.key, entry.operation, &entry.value),
                    Some(Err(err)) => tracing::warn!(%err, "revocation watch error"),
                    None => {
                        tracing::error!("revocation watch ended");
                        return;
                    }
                }
            }
        });
        Ok(revocations)
    }

    fn apply(&self, key: &str, operation: Operation, value: &[u8]) {
        let mut revoked = self.revoked.write().unwrap_or_else(|e| e.into_inner());
        match operation {
            Operation::Put => {
                let at = std::str::from_utf8(value).ok().and_then(|v| v.parse().ok());
                if let Some(at) = at {
                    revoked.insert(key.to_owned(), at);
                }
            }
            Operation::Delete | Operation::Purge => {
                revoked.remove(key);
            }
        }
    }

    /// Whether a token of `user_id` issued at `issued_at` (Unix seconds) is revoked.
    pub fn is_revoked(&self, user_id: &str, issued_at: i64) -> bool {
        let revoked = self.revoked.read().unwrap_or_else(|e| e.into_inner());
        revoked
            .get(&user_key(user_id))
            .is_some_and(|&at| issued_at <= at)
    }

    /// Revokes every token `user_id` holds now (auth service only). Also
    /// applied locally at once, so this process refuses them immediately.
    pub async fn revoke_user(&self, user_id: &str, at: i64) -> anyhow::Result<()> {
        let key = user_key(user_id);
        self.store.put(&key, at.to_string().into()).await?;
        self.apply(&key, Operation::Put, at.to_string().as_bytes());
        Ok(())
    }
}
