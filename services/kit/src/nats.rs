//! NATS JetStream: one stream per deployment holding every subject under the
//! deployment's prefix (tests use a prefix and stream of their own).

use std::{
    sync::{
        Arc,
        atomic::{AtomicU64, Ordering},
    },
    time::Duration,
};

use async_nats::jetstream::{self, stream};
use chorely_proto::events::Event;
use secrecy::{ExposeSecret, SecretString};
use tokio::sync::watch;

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
    /// Times messages may have been missed: the connection was lost, or the
    /// server dropped messages for a subscriber too slow to keep up.
    breaks: Arc<AtomicU64>,
    /// Counts the connections made, the first included: work that waits on
    /// the server (the outbox relay) wakes the moment it is back.
    connects: watch::Receiver<u64>,
}

/// Longest wait between two attempts to reach a server that went away. The
/// client's own default doubles up to 4 s, so a server back after a 3 s
/// restart could wait that long for a client to notice; every event in
/// flight (an approval's credit) waited with it. A quarter second costs a
/// few refused connections a second while the server is down.
const RECONNECT_AT_MOST: Duration = Duration::from_millis(250);

/// Wait before reconnect attempt `attempts` (1-based): at once, then 50 ms
/// more each time up to [`RECONNECT_AT_MOST`].
fn reconnect_delay(attempts: usize) -> Duration {
    let steps = u32::try_from(attempts.saturating_sub(1)).unwrap_or(u32::MAX);
    Duration::from_millis(50)
        .saturating_mul(steps)
        .min(RECONNECT_AT_MOST)
}

/// Who a process is to the NATS server: each service and the gateway have a
/// user of their own, allowed only the subjects they need.
#[derive(Clone, Debug)]
pub struct Login {
    pub user: String,
    pub password: SecretString,
}

impl Login {
    /// `NATS_USER` and `NATS_PASSWORD` when both are set, else the user and
    /// password written in the URL (`nats://user:password@host:4222`): the
    /// client does not read them from the URL by itself and would connect
    /// without them. None: a server without authentication (a developer's).
    pub fn resolve(
        url: &str,
        user: Option<&str>,
        password: Option<&SecretString>,
    ) -> anyhow::Result<Option<Self>> {
        match (user.map(str::trim).filter(|u| !u.is_empty()), password) {
            (Some(user), Some(password)) => {
                return Ok(Some(Self {
                    user: user.to_owned(),
                    password: password.clone(),
                }));
            }
            (Some(_), None) => anyhow::bail!("NATS_USER is set without NATS_PASSWORD"),
            (None, Some(_)) => anyhow::bail!("NATS_PASSWORD is set without NATS_USER"),
            (None, None) => {}
        }
        let addr: async_nats::ServerAddr = url
            .parse()
            .map_err(|err| anyhow::anyhow!("NATS_URL is not a NATS URL: {err}"))?;
        Ok(addr.username().map(|user| Self {
            user: decoded(user),
            password: decoded(addr.password().unwrap_or_default()).into(),
        }))
    }
}

/// A URL's user or password as written before percent-encoding.
fn decoded(part: &str) -> String {
    percent_encoding::percent_decode_str(part)
        .decode_utf8_lossy()
        .into_owned()
}

impl Bus {
    /// Connects (with the user and password in `url`, if any) and makes sure
    /// the stream exists.
    pub async fn connect(url: &str, prefix: &str, stream: &str) -> anyhow::Result<Self> {
        let login = Login::resolve(url, None, None)?;
        Self::connect_as(url, login.as_ref(), prefix, stream).await
    }

    /// Connects as `login` (none: without authentication) and makes sure the
    /// stream exists.
    pub async fn connect_as(
        url: &str,
        login: Option<&Login>,
        prefix: &str,
        stream: &str,
    ) -> anyhow::Result<Self> {
        let breaks = Arc::new(AtomicU64::new(0));
        let counted = breaks.clone();
        let (connected, connects) = watch::channel(0_u64);
        let mut options =
            async_nats::ConnectOptions::new().reconnect_delay_callback(reconnect_delay);
        if let Some(login) = login {
            // Replies come to an inbox only this user may read: the server's
            // permissions keep other users off `_INBOX_<user>.>`.
            options = options
                .user_and_password(
                    login.user.clone(),
                    login.password.expose_secret().to_owned(),
                )
                .custom_inbox_prefix(format!("_INBOX_{}", login.user));
        }
        let client = options
            .name(prefix)
            .event_callback(move |event| {
                match event {
                    async_nats::Event::Disconnected | async_nats::Event::SlowConsumer(_) => {
                        counted.fetch_add(1, Ordering::SeqCst);
                    }
                    async_nats::Event::Connected => connected.send_modify(|n| *n += 1),
                    _ => {}
                }
                std::future::ready(())
            })
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
            breaks,
            connects,
        })
    }

    /// How many times messages may have been missed since connecting (see
    /// `breaks`): state kept from events is only as good as the count it was
    /// built under, and only while [`Bus::connected`].
    pub fn breaks(&self) -> u64 {
        self.breaks.load(Ordering::SeqCst)
    }

    /// Changes each time the connection is made again after a loss.
    pub fn connects(&self) -> watch::Receiver<u64> {
        self.connects.clone()
    }

    /// Whether the connection is up now.
    pub fn connected(&self) -> bool {
        self.client.connection_state() == async_nats::connection::State::Connected
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reconnects_come_at_once_then_at_most_a_quarter_second_apart() {
        assert_eq!(reconnect_delay(1), Duration::ZERO);
        assert_eq!(reconnect_delay(2), Duration::from_millis(50));
        assert_eq!(reconnect_delay(4), Duration::from_millis(150));
        assert_eq!(reconnect_delay(6), RECONNECT_AT_MOST);
        assert_eq!(reconnect_delay(usize::MAX), RECONNECT_AT_MOST);
    }
}
