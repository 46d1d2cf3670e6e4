//! Answers the gateway keeps, per family, until something they show changes.
//!
//! A dashboard is three services' answers put together, and families open it
//! after nearly every action; the family's chores are on nearly every screen
//! and change seldom. So the gateway keeps the JSON it answered: a dashboard
//! per family and viewer (the family's parents share one; each child has
//! their own), the chores once per family (every member sees the same), and
//! the submission lists (the parents' review queue is their most opened
//! page; each child has their own list).
//!
//! Each kind of answer names the events of the catalogue (`proto/events.toml`)
//! whose facts it shows ([`Kind::outdated_by`]). An entry is good while its
//! family's generation for its kind is the one it was composed under. That
//! generation moves on with each such event of the family on the bus, and
//! with every change a member makes through this gateway, which its next
//! read must show even before the event comes round. A composition that
//! races with a change is stamped with the generation from before it began,
//! so it is never served.
//!
//! Entries also expire after [`TTL`], as some figures move with the clock
//! (this month, the last 30 days, the weeks). While the bus is down, or after
//! it may have dropped events, nothing kept before is trusted.

use std::{
    sync::{
        Arc,
        atomic::{AtomicU64, Ordering},
    },
    time::Duration,
};

use axum::{
    body::Bytes,
    http::{StatusCode, header},
    response::{IntoResponse, Response},
};
use chorely_proto::events::{
    self, Declared, Event,
    v1::{
        AllowanceChanged, CatalogueChanged, ChildCreated, ChildDeleted, ChildNamed, ChildUpdated,
        ChoreCountChanged, ChoreMissed, GoalReached, LedgerEntryRecorded, MissedChoreExcused,
        MultiplierChanged, NotificationCreated, NotificationsRead, OrganizationUpdated,
        PauseChanged, RedemptionDecided, RedemptionRequested, StoreChanged, SubmissionReviewed,
        SubmissionSubmitted,
    },
};
use futures::StreamExt;
use kit::{authn::User, nats::Bus};
use moka::sync::Cache;
use tokio_util::sync::CancellationToken;
use uuid::Uuid;

use crate::error::{ApiError, ApiResult};

/// How long an answer is kept at most: the clock moves a dashboard's figures
/// on (a new month, the 30-day window) without any event.
pub const TTL: Duration = Duration::from_secs(30);

/// A family's generation outlives every entry composed before it moved on
/// (an entry is put at most a request's timeout after its stamp).
const GENERATION_TTL: Duration = Duration::from_secs(4 * 60);

/// The JSON kept, in bytes, across every family.
const CAPACITY_BYTES: u64 = 16 * 1024 * 1024;

/// Which answer, for whom.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Key {
    org: Uuid,
    answer: Answer,
}

#[derive(Debug, Clone, PartialEq, Eq, Hash)]
enum Answer {
    /// Parents share their family's dashboard, by role: it names the
    /// viewer's role.
    ParentDashboard(&'static str),
    /// Each child has their own.
    ChildDashboard(Uuid),
    /// The family's active chores, the same for every member.
    Chores,
    /// A list of submissions by status and length: the family's (`None`,
    /// for its parents) or one child's.
    Submissions {
        child: Option<Uuid>,
        status: i32,
        limit: Option<i32>,
    },
}

/// The kinds of answer kept.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
enum Kind {
    Dashboard,
    Chores,
    Submissions,
}

impl Kind {
    const ALL: [Kind; 3] = [Kind::Dashboard, Kind::Chores, Kind::Submissions];

    /// The events whose facts this kind of answer shows: each outdates the
    /// family's answers of this kind.
    fn outdated_by(self) -> &'static [&'static Declared] {
        match self {
            // Every figure of the family: its children and their money,
            // chores, submissions, missed days, store, goals, pauses,
            // allowances, notifications and time zone.
            Kind::Dashboard => &[
                SubmissionSubmitted::DECLARED,
                SubmissionReviewed::DECLARED,
                LedgerEntryRecorded::DECLARED,
                CatalogueChanged::DECLARED,
                ChoreCountChanged::DECLARED,
                ChildCreated::DECLARED,
                ChildUpdated::DECLARED,
                ChildDeleted::DECLARED,
                ChildNamed::DECLARED,
                ChoreMissed::DECLARED,
                MissedChoreExcused::DECLARED,
                OrganizationUpdated::DECLARED,
                RedemptionRequested::DECLARED,
                RedemptionDecided::DECLARED,
                GoalReached::DECLARED,
                StoreChanged::DECLARED,
                PauseChanged::DECLARED,
                AllowanceChanged::DECLARED,
                NotificationCreated::DECLARED,
                NotificationsRead::DECLARED,
            ],
            // The chores' own fields, their categories and the children
            // they are assigned to.
            Kind::Chores => &[
                CatalogueChanged::DECLARED,
                ChoreCountChanged::DECLARED,
                ChildDeleted::DECLARED,
            ],
            // Each submission's state, its chore and child by name, and what
            // approving a pending one would pay (the child's grades and
            // ratings, the family's multiplier settings).
            Kind::Submissions => &[
                MultiplierChanged::DECLARED,
                SubmissionSubmitted::DECLARED,
                SubmissionReviewed::DECLARED,
                LedgerEntryRecorded::DECLARED,
                CatalogueChanged::DECLARED,
                ChoreCountChanged::DECLARED,
                ChildUpdated::DECLARED,
                ChildDeleted::DECLARED,
                ChildNamed::DECLARED,
                OrganizationUpdated::DECLARED,
            ],
        }
    }
}

impl Answer {
    fn kind(&self) -> Kind {
        match self {
            Answer::ParentDashboard(_) | Answer::ChildDashboard(_) => Kind::Dashboard,
            Answer::Chores => Kind::Chores,
            Answer::Submissions { .. } => Kind::Submissions,
        }
    }
}

impl Key {
    /// The dashboard `user` sees; none for a user without a family.
    pub fn dashboard(user: &User) -> Option<Self> {
        let org = user.org?;
        let answer = if user.role.is_parent() {
            Answer::ParentDashboard(user.role.as_str())
        } else {
            Answer::ChildDashboard(user.child?)
        };
        Some(Self { org, answer })
    }

    /// The chores `user`'s family has; none for a user without a family.
    pub fn chores(user: &User) -> Option<Self> {
        Some(Self {
            org: user.org?,
            answer: Answer::Chores,
        })
    }

    /// The list of submissions `user` asked for (a parent sees the family's,
    /// a child their own); none for a user without a family or a child's
    /// record.
    pub fn submissions(user: &User, status: i32, limit: Option<i32>) -> Option<Self> {
        let child = if user.role.is_parent() {
            None
        } else {
            Some(user.child?)
        };
        Some(Self {
            org: user.org?,
            answer: Answer::Submissions {
                child,
                status,
                limit,
            },
        })
    }
}

/// Whether a composed answer has all its parts, and so may be kept.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Whole {
    Yes,
    No,
}

/// What an entry was composed under, taken before composing it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Stamp {
    generation: u64,
    breaks: u64,
}

#[derive(Clone)]
struct Entry {
    stamp: Stamp,
    json: Bytes,
}

/// Where the cache learns of the bus's breaks: the live connection, or a
/// fixed state for a gateway without one.
#[derive(Clone)]
enum Watch {
    Bus(Box<Bus>),
    #[cfg(test)]
    Manual(Arc<(std::sync::atomic::AtomicBool, AtomicU64)>),
}

impl Watch {
    fn breaks(&self) -> u64 {
        match self {
            Watch::Bus(bus) => bus.breaks(),
            #[cfg(test)]
            Watch::Manual(state) => state.1.load(Ordering::SeqCst),
        }
    }

    fn connected(&self) -> bool {
        match self {
            Watch::Bus(bus) => bus.connected(),
            #[cfg(test)]
            Watch::Manual(state) => state.0.load(Ordering::SeqCst),
        }
    }
}

#[derive(Clone)]
pub struct Kept {
    entries: Cache<Key, Entry>,
    generations: Cache<(Uuid, Kind), u64>,
    /// Where new generations come from: each is larger than any before.
    counter: Arc<AtomicU64>,
    watch: Watch,
    /// False for a gateway told to keep nothing (`KEEP_ANSWERS=false`).
    keeping: bool,
}

impl Kept {
    fn with_watch(watch: Watch) -> Self {
        Self {
            entries: Cache::builder()
                .time_to_live(TTL)
                .weigher(|_, entry: &Entry| u32::try_from(entry.json.len()).unwrap_or(u32::MAX))
                .max_capacity(CAPACITY_BYTES)
                .build(),
            // Never evicted for room: a generation forgotten early would make
            // an outdated entry look current again.
            generations: Cache::builder().time_to_live(GENERATION_TTL).build(),
            counter: Arc::new(AtomicU64::new(0)),
            watch,
            keeping: true,
        }
    }

    /// Composes every answer afresh: the path the benchmark compares the
    /// kept one with.
    pub fn keeping_nothing(self) -> Self {
        Self {
            keeping: false,
            ..self
        }
    }

    /// Follows the family events on `bus` until `shutdown`.
    pub async fn follow(bus: &Bus, shutdown: CancellationToken) -> anyhow::Result<Self> {
        let kept = Self::with_watch(Watch::Bus(Box::new(bus.clone())));
        // Plain subscription: JetStream's events are ordinary messages on
        // their subjects, and nothing before this moment matters (the
        // cache starts empty).
        let mut messages = bus.client.subscribe(bus.subject(">")).await?;
        let prefix = format!("{}.", bus.prefix);
        let following = kept.clone();
        tokio::spawn(async move {
            loop {
                let message = tokio::select! {
                    () = shutdown.cancelled() => return,
                    message = messages.next() => message,
                };
                let Some(message) = message else { return };
                if let Some(subject) = message.subject.as_str().strip_prefix(&prefix) {
                    following.heard(subject, &message.payload);
                }
            }
        });
        Ok(kept)
    }

    fn generation(&self, key: &Key) -> u64 {
        self.generations
            .get(&(key.org, key.answer.kind()))
            .unwrap_or(0)
    }

    /// The answer kept for `key`, if nothing it shows has changed since.
    fn get(&self, key: &Key) -> Option<Bytes> {
        if !self.watch.connected() {
            return None;
        }
        let entry = self.entries.get(key)?;
        let now = Stamp {
            generation: self.generation(key),
            breaks: self.watch.breaks(),
        };
        (entry.stamp == now).then_some(entry.json)
    }

    /// Taken before composing the answer `key` names.
    fn stamp(&self, key: &Key) -> Stamp {
        Stamp {
            generation: self.generation(key),
            breaks: self.watch.breaks(),
        }
    }

    /// Keeps an answer composed under `stamp`.
    fn put(&self, key: Key, stamp: Stamp, json: Bytes) {
        self.entries.insert(key, Entry { stamp, json });
    }

    /// A member of `org` changed something: any of its kept answers may
    /// show it.
    pub fn changed(&self, org: Uuid) {
        for kind in Kind::ALL {
            self.outdate(org, kind);
        }
    }

    /// The event `payload` on `subject` outdates its family's answers of
    /// each kind that shows its facts.
    fn heard(&self, subject: &str, payload: &[u8]) {
        let Some(declared) = events::declared(subject) else {
            return;
        };
        let kinds: Vec<Kind> = Kind::ALL
            .into_iter()
            .filter(|kind| kind.outdated_by().contains(&declared))
            .collect();
        if kinds.is_empty() {
            return;
        }
        let Some(org) = events::family_of(subject, payload)
            .and_then(|(_, family)| Uuid::parse_str(&family).ok())
        else {
            return;
        };
        for kind in kinds {
            self.outdate(org, kind);
        }
    }

    fn outdate(&self, org: Uuid, kind: Kind) {
        let next = self.counter.fetch_add(1, Ordering::SeqCst) + 1;
        self.generations.insert((org, kind), next);
    }

    /// The answer kept for `key`, or else the one `compose` makes, kept for
    /// the next read. Without a key (a user of no family) nothing is kept.
    pub async fn or_compose<E, F>(&self, key: Option<Key>, compose: F) -> Result<Bytes, E>
    where
        F: Future<Output = Result<Bytes, E>>,
    {
        self.or_compose_whole(key, async { Ok((compose.await?, Whole::Yes)) })
            .await
    }

    /// As [`Self::or_compose`], for an answer that may come back without
    /// one of its parts (a service that did not answer): such an answer is
    /// served but not kept, so the next read asks again.
    pub async fn or_compose_whole<E, F>(&self, key: Option<Key>, compose: F) -> Result<Bytes, E>
    where
        F: Future<Output = Result<(Bytes, Whole), E>>,
    {
        let Some(key) = key.filter(|_| self.keeping) else {
            return compose.await.map(|(json, _)| json);
        };
        if let Some(kept) = self.get(&key) {
            return Ok(kept);
        }
        let stamp = self.stamp(&key);
        let (composed, whole) = compose.await?;
        if whole == Whole::Yes {
            self.put(key, stamp, composed.clone());
        }
        Ok(composed)
    }
}

/// `value` as the JSON body of an answer to keep; `what` names it in the log
/// should it not be writable.
pub fn to_json<T: serde::Serialize>(value: &T, what: &str) -> ApiResult<Bytes> {
    serde_json::to_vec(value).map(Bytes::from).map_err(|err| {
        tracing::error!(%err, "could not write {what} as JSON");
        ApiError::new(StatusCode::INTERNAL_SERVER_ERROR, "Internal server error")
    })
}

/// An answer of JSON `body`, kept or just composed.
pub fn json(body: Bytes) -> Response {
    ([(header::CONTENT_TYPE, "application/json")], body).into_response()
}

#[cfg(test)]
mod tests {
    use std::sync::atomic::AtomicBool;

    use chorely_proto::events::{
        Hears,
        v1::{OrganizationPlanChanged, UserLoggedIn},
    };
    use kit::authn::Role;
    use prost::Message;

    use super::*;

    fn manual() -> (Kept, Arc<(AtomicBool, AtomicU64)>) {
        let state = Arc::new((AtomicBool::new(true), AtomicU64::new(0)));
        (Kept::with_watch(Watch::Manual(state.clone())), state)
    }

    fn user(role: Role, org: Option<Uuid>, child: Option<Uuid>) -> User {
        User {
            id: Uuid::new_v4(),
            role,
            org,
            child,
            token: String::new(),
            session_id: String::new(),
            expires_at: 0,
            issued_at_ms: 0,
            session_started: 0,
            on_tablet: false,
            mfa_setup: false,
        }
    }

    fn parent_key(org: Uuid) -> Key {
        Key::dashboard(&user(Role::OrgAdmin, Some(org), None)).unwrap()
    }

    #[test]
    fn a_kept_dashboard_is_served_until_its_family_changes() {
        let (cache, _) = manual();
        let (org, other) = (Uuid::new_v4(), Uuid::new_v4());
        let key = parent_key(org);
        cache.put(key.clone(), cache.stamp(&key), Bytes::from_static(b"{}"));
        cache.put(
            parent_key(other),
            cache.stamp(&parent_key(other)),
            Bytes::from_static(b"[]"),
        );
        assert_eq!(cache.get(&key).as_deref(), Some(&b"{}"[..]));

        cache.changed(org);
        assert_eq!(cache.get(&key), None);
        // Another family's is untouched.
        assert_eq!(cache.get(&parent_key(other)).as_deref(), Some(&b"[]"[..]));
    }

    #[test]
    fn a_dashboard_composed_across_a_change_is_never_served() {
        let (cache, _) = manual();
        let org = Uuid::new_v4();
        let stamp = cache.stamp(&parent_key(org));
        // The change lands while the services are being asked.
        cache.changed(org);
        cache.put(parent_key(org), stamp, Bytes::from_static(b"old"));
        assert_eq!(cache.get(&parent_key(org)), None);
        // Composed afresh, it is kept.
        cache.put(
            parent_key(org),
            cache.stamp(&parent_key(org)),
            Bytes::from_static(b"new"),
        );
        assert_eq!(cache.get(&parent_key(org)).as_deref(), Some(&b"new"[..]));
    }

    #[test]
    fn nothing_is_trusted_while_the_bus_is_down_or_after_it_broke() {
        let (cache, state) = manual();
        let org = Uuid::new_v4();
        cache.put(
            parent_key(org),
            cache.stamp(&parent_key(org)),
            Bytes::from_static(b"{}"),
        );
        state.0.store(false, Ordering::SeqCst);
        assert_eq!(
            cache.get(&parent_key(org)),
            None,
            "served while disconnected"
        );
        // Back, after a break in which events may have been missed.
        state.1.fetch_add(1, Ordering::SeqCst);
        state.0.store(true, Ordering::SeqCst);
        assert_eq!(cache.get(&parent_key(org)), None, "served across a break");
    }

    #[test]
    fn parents_share_a_dashboard_and_each_child_has_their_own() {
        let org = Uuid::new_v4();
        let (a, b) = (Uuid::new_v4(), Uuid::new_v4());
        let parent = |id| {
            Key::dashboard(&User {
                id,
                ..user(Role::OrgAdmin, Some(org), None)
            })
        };
        assert_eq!(parent(Uuid::new_v4()), parent(Uuid::new_v4()));
        let child = |c| Key::dashboard(&user(Role::OrgMember, Some(org), Some(c))).unwrap();
        assert_ne!(child(a), child(b));
        assert_ne!(Some(child(a)), parent(Uuid::new_v4()));
        // Another family's parents have another.
        assert_ne!(parent_key(Uuid::new_v4()), parent_key(org));
        // No family, nothing kept.
        assert_eq!(Key::dashboard(&user(Role::SuperAdmin, None, None)), None);
    }

    #[test]
    fn a_familys_members_share_its_chores_and_nobody_elses() {
        let org = Uuid::new_v4();
        let parent = user(Role::OrgAdmin, Some(org), None);
        let child = user(Role::OrgMember, Some(org), Some(Uuid::new_v4()));
        let chores = Key::chores(&parent).unwrap();
        assert_eq!(Key::chores(&child), Some(chores.clone()));
        // Not any of the family's dashboards.
        assert_ne!(Key::dashboard(&parent), Some(chores.clone()));
        assert_ne!(Key::dashboard(&child), Some(chores.clone()));
        // Another family's are another's; no family, nothing kept.
        assert_ne!(
            Key::chores(&user(Role::OrgAdmin, Some(Uuid::new_v4()), None)),
            Some(chores)
        );
        assert_eq!(Key::chores(&user(Role::SuperAdmin, None, None)), None);
    }

    #[tokio::test]
    async fn an_answer_is_composed_once_and_kept_until_its_family_changes() {
        let (cache, _) = manual();
        let org = Uuid::new_v4();
        let key = Key::chores(&user(Role::OrgAdmin, Some(org), None));
        let composed = AtomicU64::new(0);
        let compose = || async {
            let n = composed.fetch_add(1, Ordering::SeqCst) + 1;
            Ok::<_, ()>(Bytes::from(n.to_string()))
        };
        assert_eq!(
            cache.or_compose(key.clone(), compose()).await,
            Ok("1".into())
        );
        assert_eq!(
            cache.or_compose(key.clone(), compose()).await,
            Ok("1".into())
        );
        cache.changed(org);
        assert_eq!(
            cache.or_compose(key.clone(), compose()).await,
            Ok("2".into())
        );
        // A failure is answered and not kept.
        cache.changed(org);
        assert_eq!(
            cache.or_compose(key.clone(), async { Err(()) }).await,
            Err(())
        );
        assert_eq!(cache.or_compose(key, compose()).await, Ok("3".into()));
        // Without a family, composed every time.
        assert_eq!(cache.or_compose(None, compose()).await, Ok("4".into()));
        assert_eq!(cache.or_compose(None, compose()).await, Ok("5".into()));
    }

    #[tokio::test]
    async fn a_gateway_keeping_nothing_composes_every_answer() {
        let (cache, _) = manual();
        let cache = cache.keeping_nothing();
        let key = Key::chores(&user(Role::OrgAdmin, Some(Uuid::new_v4()), None));
        let composed = AtomicU64::new(0);
        for expected in 1..=3 {
            let answer = cache
                .or_compose(key.clone(), async {
                    Ok::<_, ()>(Bytes::from(
                        (composed.fetch_add(1, Ordering::SeqCst) + 1).to_string(),
                    ))
                })
                .await;
            assert_eq!(answer, Ok(expected.to_string().into()));
        }
    }

    #[tokio::test]
    async fn an_answer_without_all_its_parts_is_served_but_not_kept() {
        let (cache, _) = manual();
        let org = Uuid::new_v4();
        let key = Key::submissions(&user(Role::OrgAdmin, Some(org), None), 0, None);
        let part =
            |json: &'static str, whole| async move { Ok::<_, ()>((Bytes::from(json), whole)) };
        assert_eq!(
            cache
                .or_compose_whole(key.clone(), part("partial", Whole::No))
                .await,
            Ok("partial".into())
        );
        assert_eq!(
            cache
                .or_compose_whole(key.clone(), part("whole", Whole::Yes))
                .await,
            Ok("whole".into())
        );
        assert_eq!(
            cache.or_compose_whole(key, part("again", Whole::Yes)).await,
            Ok("whole".into())
        );
    }

    #[test]
    fn submission_lists_are_kept_per_family_viewer_status_and_length() {
        let org = Uuid::new_v4();
        let (anna, ben) = (Uuid::new_v4(), Uuid::new_v4());
        let parent = user(Role::OrgAdmin, Some(org), None);
        let queue = Key::submissions(&parent, 1, None);
        // The family's parents (a super admin counts as one) share a list.
        assert_eq!(
            queue,
            Key::submissions(&user(Role::SuperAdmin, Some(org), None), 1, None)
        );
        assert_ne!(queue, Key::submissions(&parent, 0, None));
        assert_ne!(queue, Key::submissions(&parent, 1, Some(10)));
        assert_ne!(
            queue,
            Key::submissions(&user(Role::OrgAdmin, Some(Uuid::new_v4()), None), 1, None)
        );
        let anna_list = Key::submissions(&user(Role::OrgMember, Some(org), Some(anna)), 1, None);
        assert!(anna_list.is_some());
        assert_ne!(anna_list, queue);
        assert_ne!(
            anna_list,
            Key::submissions(&user(Role::OrgMember, Some(org), Some(ben)), 1, None)
        );
        // A member without a child's record, or a user of no family: never kept.
        assert_eq!(
            Key::submissions(&user(Role::OrgMember, Some(org), None), 1, None),
            None
        );
        assert_eq!(
            Key::submissions(&user(Role::OrgAdmin, None, None), 1, None),
            None
        );
    }

    fn kept(cache: &Kept, key: &Key) {
        cache.put(key.clone(), cache.stamp(key), Bytes::from_static(b"{}"));
    }

    #[test]
    fn an_event_outdates_the_kinds_of_answer_that_show_its_facts() {
        let (cache, _) = manual();
        let (org, other) = (Uuid::new_v4(), Uuid::new_v4());
        let parent = user(Role::OrgAdmin, Some(org), None);
        let (dashboard, chores) = (parent_key(org), Key::chores(&parent).unwrap());
        let queue = Key::submissions(&parent, 1, None).unwrap();
        let elsewhere = parent_key(other);
        let all = [&dashboard, &chores, &queue, &elsewhere];
        let fresh = |cache: &Kept| all.map(|key| cache.get(key).is_some());
        for key in all {
            kept(&cache, key);
        }

        let submitted = SubmissionSubmitted {
            organization_id: org.to_string(),
            child_id: Uuid::new_v4().to_string(),
            ..Default::default()
        };
        cache.heard(SubmissionSubmitted::SUBJECT, &submitted.encode_to_vec());
        // The dashboard and the queue show it; the chores and another family's do not.
        assert_eq!(fresh(&cache), [false, true, false, true]);

        for key in all {
            kept(&cache, key);
        }
        let edited = CatalogueChanged {
            organization_id: org.to_string(),
            ..Default::default()
        };
        cache.heard(CatalogueChanged::SUBJECT, &edited.encode_to_vec());
        assert_eq!(fresh(&cache), [false, false, false, true]);

        for key in all {
            kept(&cache, key);
        }
        // A login shows nowhere; an operator's plan change is no family's figure.
        let login = UserLoggedIn {
            organization_id: org.to_string(),
            ..Default::default()
        };
        cache.heard(UserLoggedIn::SUBJECT, &login.encode_to_vec());
        let plan = OrganizationPlanChanged {
            organization_id: org.to_string(),
            ..Default::default()
        };
        cache.heard(OrganizationPlanChanged::SUBJECT, &plan.encode_to_vec());
        cache.heard("chores.unheard_of", &[1, 2, 3]);
        assert_eq!(fresh(&cache), [true, true, true, true]);
        // A change through this gateway outdates all of the family's.
        cache.changed(org);
        assert_eq!(fresh(&cache), [false, false, false, true]);
    }

    #[test]
    fn every_event_a_familys_screens_hear_outdates_its_dashboard() {
        // A screen following the live stream reloads on such an event; a
        // dashboard kept from before it would show the old figures.
        for declared in events::CATALOGUE {
            let Some(public) = declared.public else {
                continue;
            };
            if matches!(public.hears, Hears::Nobody | Hears::Operators) {
                continue;
            }
            assert!(
                Kind::Dashboard.outdated_by().contains(&declared),
                "{} is heard by a family but outdates no dashboard",
                declared.message
            );
        }
    }
}
