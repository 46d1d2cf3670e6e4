//! Children submitting chores (with photo proof) and parents reviewing them.

use std::{collections::HashMap, time::Duration};

use chorely_proto::{
    chores::v1 as pb,
    events::v1::{SubmissionReviewed, SubmissionSubmitted},
};
use chrono::{DateTime, Days, NaiveDate, Utc};
use chrono_tz::Tz;
use kit::{
    authn::User,
    clock::Clock,
    codes::{self, Label},
    outbox,
    time::to_proto,
    validate::{self, FieldError},
};
use sqlx::{PgConnection, PgPool};
use uuid::Uuid;

use crate::{
    calendar,
    clients::Clients,
    domain,
    error::Error,
    photo,
    planning::since,
    schedule::{self, Period, Standing},
    storage::Storage,
    store::{
        children,
        chores::{self, ChoreRow},
        pauses,
        submissions::{self, NewSubmission, Review, SubmissionRow},
        turns,
    },
    view,
};

/// History shows this many reviewed submissions at most.
pub const HISTORY_MAX: i64 = 50;

/// Pending submissions listed at most, oldest first.
pub const QUEUE_MAX: i64 = 500;

/// Submissions of any other status (or all) listed when the caller says
/// nothing, and at most when it asks for more: the latest. Nothing in the
/// app lists them all (it shows the queue and the history); the default is
/// a page a person reads, not every row an integration might want.
pub const LIST_DEFAULT: i64 = 50;
pub const LIST_MAX: i64 = 200;

const NOTES_MAX: usize = 1000;

/// A device's key for one send is at most this long (a UUID is 36).
const IDEMPOTENCY_KEY_MAX: usize = 100;

/// A device's key for one send: 1 to 100 letters, digits, '-' or '_'; an
/// empty one is none.
fn idempotency_key(raw: &str) -> Result<Option<&str>, FieldError> {
    let key = raw.trim();
    if key.is_empty() {
        return Ok(None);
    }
    let fits = key.len() <= IDEMPOTENCY_KEY_MAX
        && key
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_');
    if fits {
        Ok(Some(key))
    } else {
        Err(codes::idempotency_key_invalid().on("idempotencyKey"))
    }
}

#[derive(Clone)]
pub struct Submissions {
    pub pool: PgPool,
    pub clients: Clients,
    pub storage: Storage,
    /// How long a photo link works.
    pub photo_url_ttl: Duration,
    pub clock: Clock,
}

fn submission_id(raw: &str) -> Result<Uuid, Error> {
    Uuid::parse_str(raw).map_err(|_| Error::SubmissionNotFound)
}

fn notes(raw: &str, field: &'static str) -> Result<String, Error> {
    let text = raw.trim();
    validate::at_most(text, NOTES_MAX, field, Label::Notes)?;
    Ok(text.to_owned())
}

/// The child a caller submits as; parents do not submit.
fn child_of(user: &User) -> Result<Uuid, Error> {
    user.child
        .filter(|_| !user.role.is_parent())
        .ok_or(Error::NotAChild)
}

/// Whose submissions a caller sees: a parent the family's, a child their own.
fn scope(user: &User) -> Result<Option<Uuid>, Error> {
    if user.role.is_parent() {
        Ok(None)
    } else {
        // A member without a child record sees nothing rather than everything.
        Ok(Some(user.child.unwrap_or_else(Uuid::nil)))
    }
}

/// A child's claim to have done a chore, as the rules judge it.
struct Claim<'a> {
    user: &'a User,
    org: Uuid,
    child: Uuid,
    chore: &'a ChoreRow,
    completed_on: NaiveDate,
    now: DateTime<Utc>,
    tz: Tz,
}

/// The spec's rule, for a chore each child does on their own without a
/// schedule: not while it is locked after the child last did it, and not
/// claimed for a day within its frequency of another of their completions
/// (so backdating cannot double a day). Of two racing submits by one child,
/// the second waits for the first and is then judged with it in view.
async fn check_frequency(tx: &mut PgConnection, claim: &Claim<'_>) -> Result<(), Error> {
    let (child, chore, tz) = (claim.child, claim.chore, claim.tz);
    submissions::lock_child_chore(tx, child, chore.id).await?;
    let latest = submissions::latest_done(tx, child, chore.id).await?;
    let now_available = domain::availability(chore.frequency_days, latest, claim.now, tz);
    if let Some(next) = now_available
        .next_available_at
        .filter(|_| !now_available.is_available)
    {
        return Err(Error::NotAvailableUntil(domain::local_date(next, tz)));
    }
    if chore.frequency_days > 0 {
        let completed_on = claim.completed_on;
        let span = Days::new((chore.frequency_days - 1).unsigned_abs().into());
        let near = submissions::done_between(
            tx,
            child,
            chore.id,
            completed_on - span,
            completed_on + span,
        )
        .await?;
        if let Some(day) = near
            .into_iter()
            .find(|d| domain::collides(chore.frequency_days, *d, completed_on))
        {
            return Err(Error::AlreadyDoneOn(day));
        }
    }
    Ok(())
}

/// A completion claimed before the period it is submitted in began.
fn outside(period: &Period) -> FieldError {
    if period.is_one_day() {
        codes::completion_not_today().on("completedAt")
    } else {
        codes::completion_before_period(period.start).on("completedAt")
    }
}

impl Submissions {
    /// When each of the family's chores can next be done by the calling child.
    /// A chore with assigned children or a schedule answers from where it
    /// stands for the child (not assigned: never; another's turn: at theirs).
    pub async fn availability(
        &self,
        user: &User,
        org: Uuid,
    ) -> Result<Vec<pb::Availability>, Error> {
        let child = child_of(user)?;
        let (tz, chores, last_done) = tokio::try_join!(
            calendar::time_zone(&self.pool, &self.clients, user, org),
            chores::active(&self.pool, org),
            submissions::last_done(&self.pool, org, child),
        )?;
        let now = self.clock.now();
        let planned = chores
            .iter()
            .any(|c| !c.rules(Default::default(), &Default::default()).is_plain());
        let (marks, swaps, paused) = if planned {
            let from = since(domain::local_date(now, tz));
            tokio::try_join!(
                submissions::marks_of_family(&self.pool, org, from),
                turns::of_family(&self.pool, org, from),
                pauses::of_family(&self.pool, org, from),
            )?
        } else {
            Default::default()
        };
        Ok(chores
            .iter()
            .map(|chore| {
                let swaps = swaps.get(&chore.id).cloned().unwrap_or_default();
                let rules = chore.rules(swaps, &paused);
                let (is_available, next) = if rules.is_plain() {
                    let a = domain::availability(
                        chore.frequency_days,
                        last_done.get(&chore.id).copied(),
                        now,
                        tz,
                    );
                    (a.is_available, a.next_available_at)
                } else {
                    let marks = marks.get(&chore.id).map_or(&[][..], Vec::as_slice);
                    let standing = schedule::standing(&rules, child, marks, now, tz);
                    (
                        matches!(standing, Standing::Open { .. }),
                        standing.next_available_at(),
                    )
                };
                pb::Availability {
                    chore_id: chore.id.to_string(),
                    is_available,
                    next_available_at: next.map(to_proto),
                    days_remaining: next
                        .filter(|_| !is_available)
                        .map_or(0, |n| domain::days_until(now, n)),
                }
            })
            .collect())
    }

    /// The submission `child` already sent with `key`: answered again when
    /// it was of the same chore; the key is refused for another chore.
    async fn sent_before(
        &self,
        user: &User,
        org: Uuid,
        (child, key): (Uuid, &str),
        chore_id: Uuid,
    ) -> Result<Option<pb::Submission>, Error> {
        match submissions::by_idempotency_key(&self.pool, org, child, key).await? {
            None => Ok(None),
            Some((id, chore)) if chore == chore_id => {
                Ok(Some(self.get(user, org, &id.to_string()).await?))
            }
            Some(_) => Err(Error::IdempotencyKeyReused),
        }
    }

    /// Records a child's submission. Of two racing submits of one chore, the
    /// second waits for the first and is then judged with it in view. Sent
    /// again with the same idempotency key, the first submission answers.
    pub async fn create(
        &self,
        user: &User,
        org: Uuid,
        req: pb::CreateSubmissionRequest,
    ) -> Result<pb::Submission, Error> {
        let child = child_of(user)?;
        let chore_id = Uuid::parse_str(&req.chore_id).map_err(|_| {
            if req.chore_id.trim().is_empty() {
                Error::Invalid(codes::required(Label::Chore).on("choreId"))
            } else {
                Error::ChoreNotFound
            }
        })?;
        let key = idempotency_key(&req.idempotency_key)?;
        if let Some(key) = key
            && let Some(first) = self.sent_before(user, org, (child, key), chore_id).await?
        {
            return Ok(first);
        }
        let now = self.clock.now();
        let completed_at = req
            .completed_at
            .as_ref()
            .and_then(kit::time::from_proto)
            .ok_or_else(|| codes::required(Label::CompletionTime).on("completedAt"))?;
        let completed_at = domain::completed_at(completed_at, now)?;
        let notes = notes(&req.notes, "notes")?;

        let tz = calendar::time_zone(&self.pool, &self.clients, user, org).await?;
        let mut conn = self.pool.acquire().await?;
        let chore = chores::find(&mut conn, org, chore_id)
            .await?
            .filter(|c| c.is_active)
            .ok_or(Error::ChoreNotFound)?;
        drop(conn);
        if !chore
            .rules(Default::default(), &Default::default())
            .concerns(child)
        {
            return Err(Error::NotAssigned);
        }
        let photo = if req.photo.is_empty() {
            if chore.requires_photo {
                return Err(codes::photo_required().on("photo").into());
            }
            None
        } else {
            let bytes = req.photo;
            Some(photo::clean_in_turn(bytes).await?)
        };

        let id = Uuid::now_v7();
        let completed_on = domain::local_date(completed_at, tz);
        let claim = Claim {
            user,
            org,
            child,
            chore: &chore,
            completed_on,
            now,
            tz,
        };
        let photo_key = photo
            .as_ref()
            .map(|p| format!("{org}/{child}/{id}.{}", p.extension));
        if let (Some(photo), Some(key)) = (photo, &photo_key) {
            // Judged before the upload too, so a refused submission stores
            // nothing; and no connection is held while the store takes the
            // photo: a slow or hung store would otherwise drain the pool and
            // stall every other request. The judgement beside the insert
            // below still decides a race.
            let mut conn = self.pool.acquire().await?;
            self.judge(&mut conn, &claim).await?;
            drop(conn);
            self.storage
                .put(key, photo.content_type, photo.bytes)
                .await?;
        }
        let saved = async {
            let mut tx = self.pool.begin().await?;
            let late = self.judge(&mut tx, &claim).await?;
            submissions::insert(
                &mut tx,
                &NewSubmission {
                    id,
                    org,
                    chore: &chore,
                    child,
                    completed_at,
                    completed_on,
                    submitted_at: now,
                    late,
                    notes: &notes,
                    photo_key: photo_key.as_deref(),
                    idempotency_key: key,
                },
            )
            .await?;
            outbox::enqueue(
                &mut tx,
                &SubmissionSubmitted {
                    submission_id: id.to_string(),
                    organization_id: org.to_string(),
                    child_id: child.to_string(),
                    chore_id: chore.id.to_string(),
                    submitted_at: Some(kit::time::to_proto(now)),
                    chore_name: chore.name.clone(),
                },
            )
            .await?;
            tx.commit().await?;
            Ok::<_, Error>(())
        }
        .await;
        if let Err(err) = saved {
            if let Some(key) = &photo_key {
                // Not kept, so not stored either; a failure here only leaves an unreachable object.
                if let Err(e) = self.storage.delete(key).await {
                    tracing::warn!(error = %e, "could not remove the photo of a failed submission");
                }
            }
            // The same send, racing this one, was recorded first (this one
            // was then judged done already, or broke the key's index): its
            // submission is the answer.
            if let Some(key) = key
                && let Some(first) = self.sent_before(user, org, (child, key), chore_id).await?
            {
                return Ok(first);
            }
            return Err(err);
        }
        self.get(user, org, &id.to_string()).await
    }

    /// Submissions, oldest first, optionally of one status.
    pub async fn list(
        &self,
        user: &User,
        org: Uuid,
        status: pb::SubmissionStatus,
        limit: Option<i32>,
    ) -> Result<Vec<pb::Submission>, Error> {
        let limit = match limit.map(i64::from) {
            None => LIST_DEFAULT,
            Some(n) if (1..=LIST_MAX).contains(&n) => n,
            Some(_) => {
                return Err(codes::limit_out_of_range(LIST_MAX).on("limit").into());
            }
        };
        let status = match status {
            pb::SubmissionStatus::Unspecified => None,
            pb::SubmissionStatus::Pending => Some("PENDING"),
            pb::SubmissionStatus::Approved => Some("APPROVED"),
            pb::SubmissionStatus::Rejected => Some("REJECTED"),
        };
        // A year of a family's submissions is thousands: the queue shows its
        // oldest, any other list the latest (history has its own endpoint).
        let child = scope(user)?;
        let rows = async {
            match status {
                Some("PENDING") => submissions::queue(&self.pool, org, child, QUEUE_MAX).await,
                _ => submissions::latest(&self.pool, org, child, status, limit).await,
            }
        };
        self.views(user, org, rows.await?).await
    }

    pub async fn get(&self, user: &User, org: Uuid, id: &str) -> Result<pb::Submission, Error> {
        let mut conn = self.pool.acquire().await?;
        let row = submissions::find(&mut conn, org, scope(user)?, submission_id(id)?)
            .await?
            .ok_or(Error::SubmissionNotFound)?;
        drop(conn);
        self.views(user, org, vec![row])
            .await?
            .pop()
            .ok_or(Error::SubmissionNotFound)
    }

    /// Reviewed submissions, newest first.
    pub async fn history(
        &self,
        user: &User,
        org: Uuid,
        limit: i32,
        brief: bool,
    ) -> Result<Vec<pb::Submission>, Error> {
        let limit = match i64::from(limit) {
            n if (1..=HISTORY_MAX).contains(&n) => n,
            _ => HISTORY_MAX,
        };
        let child = scope(user)?;
        if brief {
            let rows = submissions::history(&self.pool, org, child, limit).await?;
            return Ok(rows
                .iter()
                .map(|row| view::submission(row, String::new(), String::new()))
                .collect());
        }
        let rows = submissions::history(&self.pool, org, child, limit).await?;
        self.views(user, org, rows).await
    }

    /// Approves or rejects a pending submission. An approval pays the base
    /// reward times the child's multiplier at this moment, and says so on the
    /// bus (through the outbox, so the event goes out exactly when the review
    /// is stored).
    pub async fn review(
        &self,
        parent: &User,
        org: Uuid,
        req: pb::ReviewSubmissionRequest,
    ) -> Result<pb::Submission, Error> {
        let id = submission_id(&req.id)?;
        let approved = match req.status() {
            pb::SubmissionStatus::Approved => true,
            pb::SubmissionStatus::Rejected => false,
            _ => {
                return Err(codes::decision_invalid().on("status").into());
            }
        };
        let admin_notes = notes(&req.admin_notes, "adminNotes")?;
        let mut conn = self.pool.acquire().await?;
        let current = submissions::find(&mut conn, org, None, id)
            .await?
            .ok_or(Error::SubmissionNotFound)?;
        drop(conn);
        if current.status != "PENDING" {
            return Err(Error::AlreadyReviewed);
        }
        let multiplier = if approved {
            Some(self.clients.multiplier(parent, current.child_id).await?)
        } else {
            None
        };
        let boosted = multiplier
            .as_ref()
            .map(|m| domain::boosted(current.base_reward_cents, m.total_milli));

        let mut tx = self.pool.begin().await?;
        let review = Review {
            status: if approved { "APPROVED" } else { "REJECTED" },
            admin_notes: &admin_notes,
            reviewer: parent.id,
            boosted_reward_cents: boosted,
            multiplier: multiplier.as_ref(),
        };
        if !submissions::review(&mut tx, org, id, &review).await? {
            return Err(Error::AlreadyReviewed);
        }
        outbox::enqueue(
            &mut tx,
            &SubmissionReviewed {
                submission_id: id.to_string(),
                organization_id: org.to_string(),
                child_id: current.child_id.to_string(),
                chore_id: current.chore_id.to_string(),
                approved,
                base_reward_cents: current.base_reward_cents,
                boosted_reward_cents: boosted.unwrap_or(0),
                multiplier_milli: multiplier.as_ref().map_or(0, |m| m.total_milli),
                reviewed_at: Some(to_proto(Utc::now())),
                completed_at: Some(to_proto(current.completed_at)),
                grade_milli: multiplier.as_ref().map_or(0, |m| m.grade_milli),
                behaviour_milli: multiplier.as_ref().map_or(0, |m| m.behaviour_milli),
                streak_milli: multiplier.as_ref().map_or(0, |m| m.streak_milli),
                bonuses_disabled: multiplier.as_ref().is_some_and(|m| m.bonuses_disabled),
                chore_name: current.chore_name.clone(),
                review_notes: admin_notes.clone(),
            },
        )
        .await?;
        tx.commit().await?;
        self.get(parent, org, &req.id).await
    }

    /// Whether the claim may be recorded now (an error says why not), and
    /// whether it is late.
    async fn judge(&self, conn: &mut PgConnection, claim: &Claim<'_>) -> Result<bool, Error> {
        if claim
            .chore
            .rules(Default::default(), &Default::default())
            .has_periods()
        {
            self.check_period(conn, claim).await
        } else {
            check_frequency(conn, claim).await.map(|()| false)
        }
    }

    /// Whether a chore counted in periods is the child's to do now (their
    /// turn, not taken, not done yet, on a due day), and completed within
    /// its current period. Answers whether it is late. Submissions of the
    /// chore wait for each other: two children racing for a chore first
    /// come are judged one after the other.
    async fn check_period(&self, tx: &mut PgConnection, claim: &Claim<'_>) -> Result<bool, Error> {
        let chore = claim.chore;
        chores::lock_chore(tx, chore.id).await?;
        let from = since(domain::local_date(claim.now, claim.tz));
        let paused = pauses::of_family(&mut *tx, claim.org, from).await?;
        let rules = chore.rules(turns::of_chore(tx, chore.id, from).await?, &paused);
        let marks = submissions::marks_of_chore(tx, chore.id, from).await?;
        match schedule::standing(&rules, claim.child, &marks, claim.now, claim.tz) {
            Standing::Open { period, due_at } => {
                if let Some(period) = period.filter(|p| !p.contains(claim.completed_on)) {
                    return Err(outside(&period).into());
                }
                Ok(due_at.is_some_and(|due| claim.now >= due))
            }
            Standing::NotAssigned => Err(Error::NotAssigned),
            Standing::NotDue { next } => Err(Error::NotAvailableUntil(domain::local_date(
                next.unwrap_or(claim.now),
                claim.tz,
            ))),
            Standing::Cooldown { until } => Err(Error::NotAvailableUntil(domain::local_date(
                until, claim.tz,
            ))),
            Standing::Done { mark, .. } => Err(Error::AlreadyDoneOn(mark.on)),
            Standing::NotYourTurn { holder, .. } => {
                Err(Error::NotYourTurn(self.name_of(claim.user, holder).await?))
            }
            Standing::Taken { by, period, .. } => {
                let name = self.name_of(claim.user, by).await?;
                Err(if period.is_one_day() {
                    Error::TakenToday(name)
                } else {
                    Error::TakenUntil(name, period.end)
                })
            }
        }
    }

    /// A sibling's name, as the family service tells it to any member.
    async fn name_of(&self, user: &User, child: Uuid) -> Result<String, Error> {
        Ok(self
            .clients
            .family_children(user)
            .await?
            .into_iter()
            .find(|(id, _)| *id == child)
            .map_or_else(|| "another child".to_owned(), |(_, name)| name))
    }

    /// Rows with the children's names and fresh photo links.
    /// The rows as the API shows them: with the child's name and a signed
    /// link to the photo. The names come with the rows, as the family
    /// service announced them; only a child no announcement has named yet
    /// (added a moment ago, or before names were announced) makes this ask
    /// the family service, and its answer is kept for the next time.
    async fn views(
        &self,
        user: &User,
        org: Uuid,
        rows: Vec<SubmissionRow>,
    ) -> Result<Vec<pb::Submission>, Error> {
        let asked = if rows.iter().any(|row| row.child_name.is_none()) {
            self.ask_names(user, org).await?
        } else {
            HashMap::new()
        };
        let now = self.clock.now().into();
        let mut out = Vec::with_capacity(rows.len());
        for row in rows {
            let url = match &row.photo_key {
                Some(key) => self.storage.signed_url(key, self.photo_url_ttl, now)?,
                None => String::new(),
            };
            let name = match &row.child_name {
                Some(name) => name.clone(),
                None => asked.get(&row.child_id).cloned().unwrap_or_default(),
            };
            out.push(view::submission(&row, name, url));
        }
        Ok(out)
    }

    /// The names of the family's children, from the family service (names
    /// only; any member may know them), remembered where no announcement
    /// has named them yet.
    async fn ask_names(&self, user: &User, org: Uuid) -> Result<HashMap<Uuid, String>, Error> {
        let family = self.clients.family_children(user).await?;
        children::learn_named(&self.pool, org, &family, self.clock.now()).await?;
        Ok(family.into_iter().collect())
    }
}
