//! Live updates: the family's events, as they happen, for `GET /api/events`.
//!
//! Every gateway follows the event stream itself (an ordered JetStream
//! consumer over every subject), so any replica behind a load balancer can
//! serve any user. An event's id is its sequence in the stream: the same on
//! every replica, so a browser reconnecting to another one with
//! `Last-Event-ID` gets what it missed. The last [`REPLAY_WINDOW`] of events
//! is kept for that (read back from the stream when the gateway starts).
//!
//! What reaches whom is declared once, in the event catalogue
//! (`proto/events.toml`): each public event's name, who hears it and what it
//! carries. A family's parents hear their family's; a child hears what
//! concerns them and what the whole family hears; a super admin hears the
//! families' creation, plan and activation changes. Nothing else.

use std::{
    collections::VecDeque,
    sync::{Arc, Mutex},
    time::Duration,
};

use async_nats::jetstream::consumer::{DeliverPolicy, pull::OrderedConfig};
use chorely_proto::events::{self, Hears, Public};
use futures::StreamExt;
use kit::{
    authn::{Role, User},
    nats::Bus,
};
use serde_json::{Value, json};
use tokio::sync::broadcast;
use tokio_util::sync::CancellationToken;
use uuid::Uuid;

/// How far back a reconnecting browser is caught up.
pub const REPLAY_WINDOW: Duration = Duration::from_secs(5 * 60);

/// Events kept for replay at most, whatever the window (memory stays
/// bounded on a busy platform; a browser further behind reloads its data).
const REPLAY_CAPACITY: usize = 20_000;

/// Events waiting for a slow stream before it is told to reload.
const LAG: usize = 1_024;

/// Who may see an event.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Audience {
    /// The family's parents, and the child it is about.
    Child { org: Uuid, child: Uuid },
    /// The family's parents and children.
    Family(Uuid),
    /// The family's parents.
    Parents(Uuid),
    /// One user of the family (their own notification centre).
    User { org: Uuid, user: Uuid },
    /// The platform's super admins.
    Operators,
}

impl Audience {
    /// The family it is in; none for the operators' events.
    pub fn family(&self) -> Option<Uuid> {
        match self {
            Audience::Child { org, .. }
            | Audience::Family(org)
            | Audience::Parents(org)
            | Audience::User { org, .. } => Some(*org),
            Audience::Operators => None,
        }
    }

    pub fn includes(&self, user: &User) -> bool {
        let parent_of = |org: &Uuid| user.org == Some(*org) && user.role.is_parent();
        match self {
            Audience::Child { org, child } => {
                parent_of(org) || (user.org == Some(*org) && user.child == Some(*child))
            }
            Audience::Family(org) => user.org == Some(*org),
            Audience::Parents(org) => parent_of(org),
            Audience::User { org, user: id } => user.org == Some(*org) && user.id == *id,
            // The console's events, for those the console lets in.
            Audience::Operators => user.role == Role::SuperAdmin && !user.mfa_setup,
        }
    }
}

/// One event as a browser receives it.
#[derive(Debug, Clone)]
pub struct LiveEvent {
    /// Its sequence in the event stream.
    pub id: u64,
    /// `submission.submitted`, `balance.changed`, …
    pub kind: &'static str,
    /// The event's JSON, written once: kept for replay as text (a fraction
    /// of a parsed value's memory) and sent as it is to every stream.
    pub data: Box<str>,
    pub audience: Audience,
    received: tokio::time::Instant,
}

#[derive(Clone)]
pub struct Live {
    recent: Arc<Mutex<VecDeque<Arc<LiveEvent>>>>,
    sender: broadcast::Sender<Arc<LiveEvent>>,
    /// Ends every open stream: a server draining for shutdown waits for
    /// its connections, and a stream would never finish by itself.
    closing: CancellationToken,
}

/// What a stream starts with: the events it missed, or word that it missed
/// too many to be caught up (it must reload what it shows).
pub struct Replay {
    pub events: Vec<Arc<LiveEvent>>,
    pub complete: bool,
}

impl Default for Live {
    fn default() -> Self {
        Self {
            recent: Arc::default(),
            sender: broadcast::channel(LAG).0,
            closing: CancellationToken::new(),
        }
    }
}

impl Live {
    /// Follows the event stream from [`REPLAY_WINDOW`] ago until `shutdown`.
    pub async fn follow(bus: &Bus, shutdown: CancellationToken) -> anyhow::Result<Self> {
        let live = Self::default();
        let stream = bus.js.get_stream(&bus.stream).await?;
        let start_time = time::OffsetDateTime::now_utc()
            - time::Duration::try_from(REPLAY_WINDOW).unwrap_or(time::Duration::ZERO);
        // An ordered consumer recreates itself after a break, from where it was.
        let consumer = stream
            .create_consumer(OrderedConfig {
                filter_subject: bus.subject(">"),
                deliver_policy: DeliverPolicy::ByStartTime { start_time },
                ..Default::default()
            })
            .await?;
        let mut messages = consumer.messages().await?;
        let prefix = format!("{}.", bus.prefix);
        let following = live.clone();
        tokio::spawn(async move {
            loop {
                let next = tokio::select! {
                    () = shutdown.cancelled() => return,
                    next = messages.next() => next,
                };
                match next {
                    Some(Ok(message)) => {
                        let Some(subject) = message.subject.as_str().strip_prefix(&prefix) else {
                            continue;
                        };
                        let Ok(info) = message.info() else { continue };
                        if let Some((kind, data, audience)) = translate(subject, &message.payload) {
                            following.publish(info.stream_sequence, kind, data, audience);
                        }
                    }
                    Some(Err(err)) => tracing::warn!(%err, "live event stream error"),
                    None => {
                        tracing::warn!("live event stream ended");
                        return;
                    }
                }
            }
        });
        Ok(live)
    }

    fn publish(&self, id: u64, kind: &'static str, data: Value, audience: Audience) {
        let event = Arc::new(LiveEvent {
            id,
            kind,
            data: data.to_string().into_boxed_str(),
            audience,
            received: tokio::time::Instant::now(),
        });
        {
            let mut recent = self.recent.lock().unwrap_or_else(|e| e.into_inner());
            if recent.back().is_some_and(|last| last.id >= id) {
                // A redelivery after the consumer was recreated.
                return;
            }
            recent.push_back(event.clone());
            while recent.len() > REPLAY_CAPACITY
                || recent
                    .front()
                    .is_some_and(|e| e.received.elapsed() > REPLAY_WINDOW)
            {
                recent.pop_front();
            }
        }
        // No receivers is fine: nobody is listening.
        let _ = self.sender.send(event);
    }

    /// Ends every stream (browsers reconnect, to another replica or to this
    /// one once it is back).
    pub fn close(&self) {
        self.closing.cancel();
    }

    /// Resolves when [`Live::close`] is called.
    pub fn closed(&self) -> tokio_util::sync::WaitForCancellationFutureOwned {
        self.closing.clone().cancelled_owned()
    }

    /// New events from now on (take it before [`Live::since`], so none falls
    /// between the two).
    pub fn subscribe(&self) -> broadcast::Receiver<Arc<LiveEvent>> {
        self.sender.subscribe()
    }

    /// The events after `last` that `user` may see.
    pub fn since(&self, last: u64, user: &User) -> Replay {
        let recent = self.recent.lock().unwrap_or_else(|e| e.into_inner());
        // Complete when the oldest event kept is at or before the next one
        // the browser expects (or nothing newer happened at all).
        let complete = recent.front().is_none_or(|first| first.id <= last + 1)
            || recent.back().is_some_and(|newest| newest.id <= last);
        let events = recent
            .iter()
            .filter(|e| e.id > last && e.audience.includes(user))
            .cloned()
            .collect();
        Replay { events, complete }
    }
}

/// The public events as the web reads them (`gateway event-catalogue`), in
/// the catalogue's order: each name, who hears it live, whether webhooks
/// carry it, and what it says.
pub fn catalogue_json() -> Value {
    let public: Vec<Value> = events::PUBLIC_NAMES
        .iter()
        .map(|p| json!({"name": p.name, "hears": p.hears.as_str(), "webhook": p.webhook, "about": p.about}))
        .collect();
    json!({ "public": public })
}

/// The browser's view of a bus event (its public name and data), and who may
/// hear it; `None` for events no screen hears.
pub fn translate(subject: &str, payload: &[u8]) -> Option<(&'static str, Value, Audience)> {
    let heard = events::public(subject, payload)?;
    let audience = audience(&heard)?;
    Some((heard.name.name, heard.data, audience))
}

/// Who hears `heard`, as the catalogue says, among its family's members.
fn audience(heard: &Public) -> Option<Audience> {
    let id = |id: Option<&str>| id.and_then(|id| Uuid::parse_str(id).ok());
    let org = || id(Some(&heard.family));
    Some(match heard.name.hears {
        Hears::Nobody => return None,
        Hears::Parents => Audience::Parents(org()?),
        Hears::Child => Audience::Child {
            org: org()?,
            child: id(heard.child.as_deref())?,
        },
        Hears::Family => Audience::Family(org()?),
        Hears::User => Audience::User {
            org: org()?,
            user: id(heard.user.as_deref())?,
        },
        Hears::Operators => Audience::Operators,
    })
}

#[cfg(test)]
mod tests {
    use chorely_proto::events::{
        Event,
        v1::{
            ChildCreated, ChoreDueSoon, NotificationCreated, OrganizationPlanChanged,
            SubmissionReviewed,
        },
    };
    use prost::Message;

    use super::*;

    fn user(role: Role, org: Option<Uuid>, child: Option<Uuid>) -> User {
        User {
            id: Uuid::new_v4(),
            role,
            org,
            child,
            token: String::new(),
            session_id: String::new(),
            expires_at: i64::MAX,
            issued_at_ms: 0,
            session_started: 0,
            on_tablet: false,
            mfa_setup: false,
        }
    }

    #[test]
    fn each_event_reaches_only_its_audience() {
        let (org, other) = (Uuid::new_v4(), Uuid::new_v4());
        let (mia, leo) = (Uuid::new_v4(), Uuid::new_v4());
        let parent = user(Role::OrgAdmin, Some(org), None);
        let stranger = user(Role::OrgAdmin, Some(other), None);
        let mia_user = user(Role::OrgMember, Some(org), Some(mia));
        let leo_user = user(Role::OrgMember, Some(org), Some(leo));
        let operator = user(Role::SuperAdmin, None, None);

        let about_mia = Audience::Child { org, child: mia };
        assert!(about_mia.includes(&parent));
        assert!(about_mia.includes(&mia_user));
        assert!(
            !about_mia.includes(&leo_user),
            "a sibling's reviews are theirs"
        );
        assert!(!about_mia.includes(&stranger));
        assert!(
            !about_mia.includes(&operator),
            "operators see no family's details"
        );

        assert!(Audience::Family(org).includes(&leo_user));
        assert!(!Audience::Family(org).includes(&stranger));
        assert!(!Audience::Parents(org).includes(&mia_user));
        let mias_own = Audience::User {
            org,
            user: mia_user.id,
        };
        assert!(mias_own.includes(&mia_user));
        assert!(
            !mias_own.includes(&parent) && !mias_own.includes(&leo_user),
            "a notification is its user's alone"
        );
        let elsewhere = Audience::User {
            org: other,
            user: mia_user.id,
        };
        assert!(!elsewhere.includes(&mia_user));
        assert!(Audience::Operators.includes(&operator));
        assert!(!Audience::Operators.includes(&parent));
        let unsecured = User {
            mfa_setup: true,
            ..operator
        };
        assert!(
            !Audience::Operators.includes(&unsecured),
            "not before two-factor sign-in is set up"
        );
    }

    #[test]
    fn a_reconnecting_browser_gets_what_it_missed_or_is_told_to_reload() {
        let live = Live::default();
        let org = Uuid::new_v4();
        let parent = user(Role::OrgAdmin, Some(org), None);
        let stranger = user(Role::OrgAdmin, Some(Uuid::new_v4()), None);
        for id in 10..15 {
            live.publish(id, "chores.changed", json!({}), Audience::Family(org));
        }
        let replay = live.since(12, &parent);
        assert!(replay.complete);
        assert_eq!(
            replay.events.iter().map(|e| e.id).collect::<Vec<_>>(),
            [13, 14]
        );
        assert!(live.since(12, &stranger).events.is_empty());
        // Up to date: nothing to send, nothing missed.
        let replay = live.since(14, &parent);
        assert!(replay.complete && replay.events.is_empty());
        // From before the oldest kept: some were lost.
        assert!(!live.since(3, &parent).complete);
        // A redelivered event is kept once.
        live.publish(14, "chores.changed", json!({}), Audience::Family(org));
        assert_eq!(live.since(12, &parent).events.len(), 2);
    }

    #[test]
    fn bus_events_read_as_the_browser_sees_them() {
        let (org, child) = (Uuid::new_v4(), Uuid::new_v4());
        let reviewed = SubmissionReviewed {
            submission_id: "s1".into(),
            organization_id: org.to_string(),
            child_id: child.to_string(),
            approved: true,
            boosted_reward_cents: 250,
            ..Default::default()
        };
        let (kind, data, audience) =
            translate(SubmissionReviewed::SUBJECT, &reviewed.encode_to_vec()).unwrap();
        assert_eq!(kind, "submission.reviewed");
        assert_eq!(data["status"], "APPROVED");
        assert_eq!(data["reward"], 2.5);
        assert_eq!(audience, Audience::Child { org, child });
        // Each audience the catalogue names.
        let added = ChildCreated {
            child_id: child.to_string(),
            organization_id: org.to_string(),
            ..Default::default()
        };
        let (kind, _, audience) = translate(ChildCreated::SUBJECT, &added.encode_to_vec()).unwrap();
        assert_eq!((kind, audience), ("child.changed", Audience::Parents(org)));
        let user = Uuid::new_v4();
        let note = NotificationCreated {
            organization_id: org.to_string(),
            user_id: user.to_string(),
            ..Default::default()
        };
        let (_, _, audience) =
            translate(NotificationCreated::SUBJECT, &note.encode_to_vec()).unwrap();
        assert_eq!(audience, Audience::User { org, user });
        let plan = OrganizationPlanChanged {
            organization_id: org.to_string(),
            plan: "PREMIUM".into(),
            ..Default::default()
        };
        let (kind, data, audience) =
            translate(OrganizationPlanChanged::SUBJECT, &plan.encode_to_vec()).unwrap();
        assert_eq!(kind, "organization.changed");
        assert_eq!(data["plan"], "PREMIUM");
        assert_eq!(audience, Audience::Operators);
        // Logins and revocations are nobody's screen; a reminder is for webhooks.
        assert!(translate("auth.user_logged_in", &[]).is_none());
        assert!(translate("auth.user_revoked", &[]).is_none());
        let due = ChoreDueSoon {
            organization_id: org.to_string(),
            child_id: child.to_string(),
            ..Default::default()
        };
        assert!(translate(ChoreDueSoon::SUBJECT, &due.encode_to_vec()).is_none());
        // An id that is not one reaches nobody.
        let garbled = SubmissionReviewed {
            organization_id: "not-an-id".into(),
            ..reviewed
        };
        assert!(translate(SubmissionReviewed::SUBJECT, &garbled.encode_to_vec()).is_none());
    }
}
