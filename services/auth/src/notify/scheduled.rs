//! The scheduled mails of parents: the daily review digest ("3 chores
//! waiting for review") and the weekly summary, each at the parent's chosen
//! time of day in the family's time zone. The job looks every minute (and at
//! start, so a restart misses nothing later that day); a row per (parent,
//! kind, local day), written in the transaction that queues the mail, makes
//! each mail once a day whatever restarts or replicas do. A digest with
//! nothing waiting is not sent, and the day counts as done: it is a mail
//! at the chosen time, not whenever something comes in later.

use std::{
    collections::{BTreeSet, HashMap},
    sync::{Arc, Mutex},
    time::Duration,
};

use chrono::{DateTime, Datelike, Utc};
use kit::clock::Clock;
use serde_json::json;
use sqlx::PgPool;
use tokio_util::sync::CancellationToken;
use uuid::Uuid;

use super::{is_on, mail::Notice};
use crate::{
    clients::Clients,
    error::Error,
    mail::MailWaker,
    store::{
        family_zones::{self, LocalNow, ParentToLook},
        mail_queue::{self, NewMail},
        notifications::{self as store, Member},
    },
};

/// How far back the weekly summary counts.
const WEEK: chrono::Duration = chrono::Duration::days(7);

/// How long after a look that found every family's zone the next look for
/// unknown ones waits. Families get their zone from the events (and their
/// registration); only those from before zones were kept, or whose event
/// went astray, are unknown, and finding them reads every parent.
const ZONES_LEARNED_FOR: chrono::Duration = chrono::Duration::hours(1);

/// Parents read and looked at in one go. Each batch's looks move its
/// parents past now, so the next batch finds others.
pub const LOOK_BATCH: i64 = 1_000;

/// When the scheduler next looks for families whose zone it does not know
/// (at once while none is set).
#[derive(Clone, Default)]
pub struct ZoneLearning(Arc<Mutex<Option<DateTime<Utc>>>>);

impl ZoneLearning {
    fn next(&self) -> Option<DateTime<Utc>> {
        *self.0.lock().unwrap_or_else(|e| e.into_inner())
    }

    fn set_next(&self, at: Option<DateTime<Utc>>) {
        *self.0.lock().unwrap_or_else(|e| e.into_inner()) = at;
    }
}

#[derive(Clone)]
pub struct Scheduler {
    pub pool: PgPool,
    pub clock: Clock,
    pub clients: Clients,
    /// The configured `PUBLIC_URL`, the mails' links are built on.
    pub origin: String,
    pub waker: MailWaker,
    /// How often the job looks for mails due; zero: only when called.
    pub every: Duration,
    pub zone_learning: ZoneLearning,
    /// How many parents are read at a time ([`LOOK_BATCH`]).
    pub batch: i64,
}

/// What one look queued.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct Queued {
    pub digests: usize,
    pub summaries: usize,
    /// Parents the look found a mail may be due for.
    pub looked_at: usize,
    /// Parents whose next look had come (their digest time, or a change of
    /// it or of their zone); the others are not read at all.
    pub considered: usize,
}

impl Scheduler {
    /// Queues every scheduled mail due now, in every family.
    pub async fn queue_due(&self) -> Result<Queued, Error> {
        let queued = kit::tenancy::all_families(self.queue_due_everywhere()).await?;
        if queued.digests + queued.summaries > 0 {
            self.waker.wake();
        }
        Ok(queued)
    }

    async fn queue_due_everywhere(&self) -> Result<Queued, Error> {
        let now = self.clock.now();
        self.learn_zones(now).await?;
        let mut queued = Queued::default();
        // Only the parents whose digest time has come since their last look
        // (or whose time or zone changed) are read, never all of them, and
        // a batch at a time: the first look after an upgrade finds every
        // parent due, and reading them all at once would keep the memory
        // of it (the allocator keeps what a burst took).
        let batch = self.batch.max(1);
        loop {
            let parents = family_zones::parents_to_look(&self.pool, now, batch).await?;
            self.look_at(&parents, now, &mut queued).await?;
            if parents.len() < usize::try_from(batch).unwrap_or(usize::MAX) {
                return Ok(queued);
            }
        }
    }

    /// Queues the mails due now of `parents`, and sets when each is looked
    /// at next.
    async fn look_at(
        &self,
        parents: &[ParentToLook],
        now: DateTime<Utc>,
        queued: &mut Queued,
    ) -> Result<(), Error> {
        if parents.is_empty() {
            return Ok(());
        }
        queued.considered += parents.len();
        let ids: Vec<Uuid> = parents.iter().map(|p| p.id).collect();
        // Found by their family's local day, time and weekday as computed
        // here: which of the two mails each is due is decided below.
        for due in family_zones::parents_due(&self.pool, &ids, &local_now(now, parents)).await? {
            queued.looked_at += 1;
            let (parent, day) = (&due.member, due.day);
            if is_on(&parent.email_off, Notice::ReviewDigest.as_str())
                && self.digest(parent, day, now).await?
            {
                queued.digests += 1;
            }
            if due.weekday == parent.weekly_summary_day
                && is_on(&parent.email_off, Notice::WeeklySummary.as_str())
                && self.summary(parent, day, now).await?
            {
                queued.summaries += 1;
            }
        }
        // Both mails come at the digest time: each parent's next look is
        // when it next comes. A look that failed above sets none, so the
        // next one tries again (the claims keep each mail to once a day).
        let next: Vec<DateTime<Utc>> = parents
            .iter()
            .map(|p| kit::time::next_local_time(now, kit::time::zone(&p.zone), p.digest_time))
            .collect();
        family_zones::set_next_looks(&self.pool, parents, &next).await
    }

    /// Asks the family service for the zones of families not known yet
    /// (those from before zones were kept from the events): at the first
    /// look, then hourly; a family it cannot answer for now is asked again
    /// on the next look.
    async fn learn_zones(&self, now: DateTime<Utc>) -> Result<(), Error> {
        if self.zone_learning.next().is_some_and(|at| now < at) {
            return Ok(());
        }
        let mut all_answered = true;
        for org in family_zones::unknown(&self.pool).await? {
            match self.clients.time_zone(org).await {
                Ok(zone) => {
                    let mut conn = self.pool.acquire().await?;
                    family_zones::keep(&mut conn, org, &zone, false).await?;
                }
                Err(err) => {
                    all_answered = false;
                    tracing::warn!(%org, %err, "no time zone for the family's mails; trying later");
                }
            }
        }
        self.zone_learning
            .set_next(all_answered.then(|| now + ZONES_LEARNED_FOR));
        Ok(())
    }

    /// The digest of `parent` for `day`: true when a mail was queued.
    async fn digest(
        &self,
        parent: &Member,
        day: chrono::NaiveDate,
        now: DateTime<Utc>,
    ) -> Result<bool, Error> {
        let kind = Notice::ReviewDigest.as_str();
        let mut tx = self.pool.begin().await?;
        let count = store::pending_count(&mut tx, parent.organization_id).await?;
        let mail = (count > 0).then(Uuid::now_v7);
        if !store::claim_scheduled(
            &mut tx,
            parent.id,
            parent.organization_id,
            kind,
            day,
            mail,
            now,
        )
        .await?
        {
            return Ok(false);
        }
        if let Some(id) = mail {
            self.enqueue(
                &mut tx,
                id,
                Notice::ReviewDigest,
                parent,
                &json!({"count": count}),
                now,
            )
            .await?;
        }
        tx.commit().await?;
        Ok(mail.is_some())
    }

    /// The weekly summary of `parent` on `day`: the week's approvals and
    /// rewards per child; not sent for a week without any.
    async fn summary(
        &self,
        parent: &Member,
        day: chrono::NaiveDate,
        now: DateTime<Utc>,
    ) -> Result<bool, Error> {
        let org = parent.organization_id;
        let mut tx = self.pool.begin().await?;
        let weeks = store::approvals_since(&mut tx, org, now - WEEK).await?;
        let children = if weeks.is_empty() {
            Vec::new()
        } else {
            let names: HashMap<String, String> = self
                .clients
                .child_names(org)
                .await?
                .children
                .into_iter()
                .map(|c| (c.id, c.name))
                .collect();
            weeks
                .iter()
                .map(|w| {
                    let id = w.child_id.to_string();
                    json!({
                        "name": names.get(&id).cloned().unwrap_or_default(),
                        "approved": w.approved,
                        "earnedCents": w.earned_cents,
                    })
                })
                .collect()
        };
        let mail = (!children.is_empty()).then(Uuid::now_v7);
        if !store::claim_scheduled(
            &mut tx,
            parent.id,
            org,
            Notice::WeeklySummary.as_str(),
            day,
            mail,
            now,
        )
        .await?
        {
            return Ok(false);
        }
        if let Some(id) = mail {
            let payload = json!({"children": children});
            self.enqueue(&mut tx, id, Notice::WeeklySummary, parent, &payload, now)
                .await?;
        }
        tx.commit().await?;
        Ok(mail.is_some())
    }

    async fn enqueue(
        &self,
        tx: &mut sqlx::PgConnection,
        id: Uuid,
        notice: Notice,
        parent: &Member,
        payload: &serde_json::Value,
        now: DateTime<Utc>,
    ) -> Result<(), Error> {
        mail_queue::enqueue_as(
            tx,
            id,
            &NewMail {
                kind: notice.as_str(),
                email: &parent.email,
                user_id: Some(parent.id),
                language: &parent.language,
                link_origin: &self.origin,
                payload,
            },
            now,
        )
        .await?;
        Ok(())
    }

    /// Runs [`Scheduler::queue_due`] now and every `every` until `shutdown`
    /// (not at all when `every` is zero).
    pub async fn run(self, shutdown: CancellationToken) {
        kit::jobs::every(self.every, shutdown, || async {
            match self.queue_due().await {
                Ok(q) if q.digests + q.summaries == 0 => {}
                Ok(q) => tracing::info!(
                    digests = q.digests,
                    summaries = q.summaries,
                    "notification mails queued"
                ),
                Err(err) => tracing::error!(error = %err, "notification mail check failed"),
            }
        })
        .await;
    }
}

/// The local day, time and weekday at `now` of each zone `parents` are in.
fn local_now(now: DateTime<Utc>, parents: &[ParentToLook]) -> Vec<LocalNow> {
    let zones: BTreeSet<&str> = parents.iter().map(|p| p.zone.as_str()).collect();
    zones
        .into_iter()
        .map(|name| {
            let local = now.with_timezone(&kit::time::zone(name));
            LocalNow {
                zone: name.to_owned(),
                day: local.date_naive(),
                time: local.time(),
                weekday: i16::try_from(local.weekday().number_from_monday()).unwrap_or(7),
            }
        })
        .collect()
}
