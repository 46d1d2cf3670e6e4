//! Categories and chores: what a family's children can do and earn.

use chorely_proto::{
    chores::v1 as pb,
    events::v1::{CatalogueChanged, ChoreCountChanged},
};
use kit::{
    authn::User,
    clock::Clock,
    codes::{self, Label},
    time::local_date,
    validate,
};
use sqlx::PgPool;
use uuid::Uuid;

use crate::{
    calendar,
    clients::Clients,
    domain,
    error::Error,
    schedule::{self, Mode},
    store::{
        self, assignments, categories,
        chores::{self, ChoreFields, Started},
        turns,
    },
    view,
};

#[derive(Clone)]
pub struct Catalogue {
    pub pool: PgPool,
    pub clients: Clients,
    pub clock: Clock,
}

fn category_id(raw: &str) -> Result<Uuid, Error> {
    Uuid::parse_str(raw).map_err(|_| Error::CategoryNotFound)
}

fn chore_id(raw: &str) -> Result<Uuid, Error> {
    Uuid::parse_str(raw).map_err(|_| Error::ChoreNotFound)
}

const DESCRIPTION_MAX: usize = 500;

fn description(raw: &str) -> Result<String, Error> {
    let text = raw.trim();
    validate::at_most(text, DESCRIPTION_MAX, "description", Label::Description)?;
    Ok(text.to_owned())
}

impl Catalogue {
    pub async fn categories(&self, org: Uuid) -> Result<Vec<pb::Category>, Error> {
        Ok(categories::in_family(&self.pool, org)
            .await?
            .iter()
            .map(view::category)
            .collect())
    }

    pub async fn create_category(
        &self,
        org: Uuid,
        req: pb::UpsertCategoryRequest,
    ) -> Result<pb::Category, Error> {
        let name = validate::required(&req.name, "name", Label::Name)?;
        let description = description(&req.description)?;
        let row = categories::insert(&self.pool, org, &name, &description).await?;
        Ok(view::category(&row))
    }

    pub async fn update_category(
        &self,
        org: Uuid,
        req: pb::UpsertCategoryRequest,
    ) -> Result<pb::Category, Error> {
        let id = category_id(&req.id)?;
        let name = validate::required(&req.name, "name", Label::Name)?;
        let description = description(&req.description)?;
        let mut tx = self.pool.begin().await?;
        let row = categories::update(&mut tx, org, id, &name, &description)
            .await?
            .ok_or(Error::CategoryNotFound)?;
        announce_change(&mut tx, org).await?;
        tx.commit().await?;
        Ok(view::category(&row))
    }

    /// Refused while active chores use the category: deleting them silently
    /// would surprise a parent, and moving them needs a choice only they can make.
    pub async fn delete_category(&self, org: Uuid, id: &str) -> Result<(), Error> {
        let id = category_id(id)?;
        let mut tx = self.pool.begin().await?;
        chores::lock_family(&mut tx, org).await?;
        let in_use = chores::count_active_in(&mut tx, org, id).await?;
        if in_use > 0 {
            // Not found stays not found, even with chores counted.
            categories::find(&mut tx, org, id)
                .await?
                .ok_or(Error::CategoryNotFound)?;
            return Err(Error::CategoryInUse(in_use));
        }
        if !categories::delete(&mut tx, org, id).await? {
            return Err(Error::CategoryNotFound);
        }
        announce_change(&mut tx, org).await?;
        tx.commit().await?;
        Ok(())
    }

    pub async fn chores(&self, org: Uuid) -> Result<Vec<pb::Chore>, Error> {
        Ok(chores::active(&self.pool, org)
            .await?
            .iter()
            .map(view::chore)
            .collect())
    }

    /// Adds a chore within the family's plan limit.
    pub async fn create_chore(
        &self,
        parent: &User,
        org: Uuid,
        req: pb::UpsertChoreRequest,
    ) -> Result<pb::Chore, Error> {
        let fields = self.fields(parent, &req).await?;
        let plan = self.clients.plan(parent, org).await?;
        let limit = kit::plans::limits(plan).chores;
        let (now, today) = self.now(parent, org).await?;

        let mut tx = self.pool.begin().await?;
        chores::lock_family(&mut tx, org).await?;
        category_of_family(&mut tx, org, fields.category_id).await?;
        if chores::count_active(&mut tx, org).await? >= limit {
            return Err(Error::ChoreLimit {
                plan: kit::plans::name(plan),
                limit,
            });
        }
        let id = chores::insert(&mut tx, org, &fields, &Started::new(today, now)).await?;
        assign(&mut tx, org, id, &fields.assigned_child_ids, now, false).await?;
        announce_count(&mut tx, org).await?;
        let chore = chores::find(&mut tx, org, id)
            .await?
            .ok_or(Error::ChoreNotFound)?;
        tx.commit().await?;
        Ok(view::chore(&chore))
    }

    /// Edits a chore. Submissions already made keep the reward they were
    /// made for. A change of who takes part, in what order, how or how often
    /// counts its periods and turns again from today, forgetting swaps.
    pub async fn update_chore(
        &self,
        parent: &User,
        org: Uuid,
        req: pb::UpsertChoreRequest,
    ) -> Result<pb::Chore, Error> {
        let id = chore_id(&req.id)?;
        let fields = self.fields(parent, &req).await?;
        let (now, today) = self.now(parent, org).await?;
        let mut tx = self.pool.begin().await?;
        chores::lock_family(&mut tx, org).await?;
        chores::lock_chore(&mut tx, id).await?;
        category_of_family(&mut tx, org, fields.category_id).await?;
        let before = chores::find(&mut tx, org, id)
            .await?
            .filter(|c| c.is_active)
            .ok_or(Error::ChoreNotFound)?;
        let started = fields.started(&before, today, now);
        if started.periods_at.is_some() {
            turns::clear(&mut tx, id).await?;
        }
        if !chores::update(&mut tx, org, id, &fields, &started).await? {
            return Err(Error::ChoreNotFound);
        }
        if started.children_at.is_some() {
            let anew = fields.changes_mode(&before);
            assign(&mut tx, org, id, &fields.assigned_child_ids, now, anew).await?;
        }
        announce_change(&mut tx, org).await?;
        let chore = chores::find(&mut tx, org, id)
            .await?
            .ok_or(Error::ChoreNotFound)?;
        tx.commit().await?;
        Ok(view::chore(&chore))
    }

    /// Takes a chore off the list; its submissions and history stay.
    pub async fn retire_chore(&self, org: Uuid, id: &str) -> Result<pb::Chore, Error> {
        let id = chore_id(id)?;
        let mut tx = self.pool.begin().await?;
        // Counts announced in the order they were made.
        chores::lock_family(&mut tx, org).await?;
        if !chores::retire(&mut tx, org, id).await? {
            return Err(Error::ChoreNotFound);
        }
        announce_count(&mut tx, org).await?;
        let chore = chores::find(&mut tx, org, id)
            .await?
            .ok_or(Error::ChoreNotFound)?;
        tx.commit().await?;
        Ok(view::chore(&chore))
    }
}

impl Catalogue {
    /// The moment now, and the family's date at it.
    async fn now(
        &self,
        parent: &User,
        org: Uuid,
    ) -> Result<(chrono::DateTime<chrono::Utc>, chrono::NaiveDate), Error> {
        let tz = calendar::time_zone(&self.pool, &self.clients, parent, org).await?;
        let now = self.clock.now();
        Ok((now, local_date(now, tz)))
    }

    /// A chore as a parent set it, checked: the spec's fields first, then who
    /// does it (children of this family only, asked of the family service)
    /// and when.
    async fn fields(
        &self,
        parent: &User,
        req: &pb::UpsertChoreRequest,
    ) -> Result<ChoreFields, Error> {
        let name = validate::required(&req.name, "name", Label::Name)?;
        if req.category_id.trim().is_empty() {
            return Err(codes::required(Label::Category).on("categoryId").into());
        }
        let description = description(&req.description)?;
        let base_reward_cents = domain::base_reward(req.base_reward_cents)?;
        let category_id = category_id(&req.category_id)?;
        let frequency_days = domain::frequency(req.frequency_days)?;
        let mode = match req.assignment_mode() {
            pb::AssignmentMode::Unspecified | pb::AssignmentMode::Each => Mode::Each,
            pb::AssignmentMode::Rotate => Mode::Rotate,
            pb::AssignmentMode::FirstCome => Mode::FirstCome,
        };
        let family = if req.assigned_child_ids.is_empty() {
            Vec::new()
        } else {
            let children = self.clients.family_children(parent).await?;
            children.into_iter().map(|(id, _)| id).collect()
        };
        let assigned_child_ids = schedule::assigned(mode, &req.assigned_child_ids, &family)?;
        let due_time = schedule::due_time(&req.due_time)?;
        let due_days = schedule::due_on(schedule::due_days(&req.due_days)?, due_time);
        let missed_penalty_cents = domain::missed_penalty(req.missed_penalty_cents)?;
        schedule::penalty(&due_days, missed_penalty_cents)?;
        Ok(ChoreFields {
            name,
            description,
            base_reward_cents,
            category_id,
            frequency_days,
            requires_photo: req.requires_photo,
            assigned_child_ids,
            mode,
            due_days: due_days
                .into_iter()
                .filter_map(|d| i32::try_from(d).ok())
                .collect(),
            due_time,
            missed_penalty_cents,
        })
    }
}

/// Notes since when each of `children` is assigned to `chore`
/// ([`assignments::record`]). Each is a child the family service just
/// named: one not heard of yet is known from now, as only a child known
/// here can miss a chore.
async fn assign(
    tx: &mut sqlx::PgConnection,
    org: Uuid,
    chore: Uuid,
    children: &[Uuid],
    now: chrono::DateTime<chrono::Utc>,
    anew: bool,
) -> Result<(), Error> {
    store::children::learn_all(&mut *tx, org, children, now).await?;
    assignments::record(tx, chore, children, now, anew).await
}

/// A chore's category must be one of the family's own, not deleted.
async fn category_of_family(tx: &mut sqlx::PgConnection, org: Uuid, id: Uuid) -> Result<(), Error> {
    categories::find(tx, org, id)
        .await?
        .map(drop)
        .ok_or(Error::CategoryNotFound)
}

/// Tells the platform's directory how many active chores the family has,
/// in the transaction that changed it.
pub(crate) async fn announce_count(tx: &mut sqlx::PgConnection, org: Uuid) -> Result<(), Error> {
    let active = chores::count_active(tx, org).await?;
    kit::outbox::enqueue(
        tx,
        &ChoreCountChanged {
            organization_id: org.to_string(),
            active_chores: i32::try_from(active).unwrap_or(i32::MAX),
            counted_at: Some(kit::time::to_proto(chrono::Utc::now())),
        },
    )
    .await?;
    Ok(())
}

/// Tells those who show the family's chores by name (the dashboards) that
/// they changed, in the transaction that changed them.
pub(crate) async fn announce_change(tx: &mut sqlx::PgConnection, org: Uuid) -> Result<(), Error> {
    kit::outbox::enqueue(
        tx,
        &CatalogueChanged {
            organization_id: org.to_string(),
            changed_at: Some(kit::time::to_proto(chrono::Utc::now())),
        },
    )
    .await?;
    Ok(())
}
