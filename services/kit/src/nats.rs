//! NATS JetStream: one stream per deployment holding every subject under the
//! deployment's prefix (tests use a prefix and stream of their own).

use std::time::Duration;

use async_nats::jetstream::{self, stream};
use chorely_proto::events::Event;

/// How long JetStream remembers a `Nats-Msg-Id`; a relay retrying within this
/// window can never publish an event twice.
pub const DUPLICATE_WINDOW: Duration = Duration::from_secs(10 * 60);

/// A connection to the event bus of one deployment.
#[derive(Clone)]
pub struct Bus {
    pub client: async_nats::Client,
    pub js: jetstream::Context,
    pub prefix: String,
    pub stream: String,
}

impl Bus {
    /// Connects and makes sure the stream exists.
    pub async fn connect(url: &str, prefix: &str, stream: &str) -> anyhow::Result<Self> {
        let client = async_nats::ConnectOptions::new()
            .name(prefix)
            .connect(url)
            .await?;
        let js = jetstream::new(client.clone());
        js.get_or_create_stream(stream::Config {
            name: stream.to_owned(),
            subjects: vec![format!("{prefix}.>")],
            duplicate_window: DUPLICATE_WINDOW,
            storage: stream::StorageType::File,
            ..Default::default()
        })
        .await?;
        Ok(Self {
            client,
            js,
            prefix: prefix.to_owned(),
            stream: stream.to_owned(),
        })
    }

    /// The full subject of an event type in this deployment.
    pub fn subject_of<E: Event>(&self) -> String {
        self.subject(E::SUBJECT)
    }

    pub fn subject(&self, suffix: &str) -> String {
        format!("{}.{}", self.prefix, suffix)
    }

    /// Number of messages stored for one subject (used by readiness and tests).
    pub async fn count(&self, subject: &str) -> anyhow::Result<u64> {
        let stream = self.js.get_stream(&self.stream).await?;
        let mut subjects = stream.info_with_subjects(subject).await?;
        let mut total = 0;
        use futures::TryStreamExt;
        while let Some((_, n)) = subjects.try_next().await? {
            total += u64::try_from(n).unwrap_or(0);
        }
        Ok(total)
    }
}
