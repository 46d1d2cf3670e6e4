//! A family's chores, retired rather than removed so history keeps them.

use std::collections::BTreeMap;

use chrono::{DateTime, NaiveDate, NaiveTime, Utc};
use kit::db::Traced;
use sqlx::PgConnection;
use uuid::Uuid;

use crate::{
    error::Error,
    pause::Pauses,
    schedule::{Mode, Rules},
};

/// A chore with its category's name.
#[derive(Debug, Clone, Default)]
pub struct ChoreRow {
    pub id: Uuid,
    pub category_id: Uuid,
    pub category_name: String,
    pub name: String,
    pub description: String,
    pub base_reward_cents: i64,
    pub frequency_days: i32,
    pub requires_photo: bool,
    pub is_active: bool,
    /// In turn order; empty for every child.
    pub assigned_child_ids: Vec<Uuid>,
    pub assignment_mode: String,
    /// ISO weekdays; empty when unscheduled.
    pub due_days: Vec<i32>,
    pub due_time: Option<NaiveTime>,
    pub periods_start_on: NaiveDate,
    /// Taken from the child's balance when a due day passes with nothing sent.
    pub missed_penalty_cents: i64,
}

impl ChoreRow {
    /// Who does it and when, with the turns parents swapped (`swaps`) and
    /// the family's `pauses` (a paused child's turn passes on).
    pub fn rules(&self, swaps: BTreeMap<NaiveDate, Uuid>, pauses: &Pauses) -> Rules {
        Rules {
            frequency_days: self.frequency_days,
            mode: Mode::parse(&self.assignment_mode),
            assigned: self.assigned_child_ids.clone(),
            due_days: self
                .due_days
                .iter()
                .filter_map(|d| u32::try_from(*d).ok())
                .collect(),
            due_time: self.due_time,
            starts_on: self.periods_start_on,
            swaps,
            pauses: pauses.clone(),
        }
    }
}

/// A chore's fields as a parent sets them.
#[derive(Debug, Clone)]
pub struct ChoreFields {
    pub name: String,
    pub description: String,
    pub base_reward_cents: i64,
    pub category_id: Uuid,
    pub frequency_days: i32,
    pub requires_photo: bool,
    pub assigned_child_ids: Vec<Uuid>,
    pub mode: Mode,
    pub due_days: Vec<i32>,
    pub due_time: Option<NaiveTime>,
    pub missed_penalty_cents: i64,
}

impl ChoreFields {
    /// Whether these fields count periods and turns differently from `row`'s:
    /// then they are counted again from the day of the change.
    pub fn moves_periods(&self, row: &ChoreRow) -> bool {
        self.changes_mode(row)
            || self.assigned_child_ids != row.assigned_child_ids
            || self.frequency_days != row.frequency_days
            || self.due_days != row.due_days
    }

    pub fn changes_mode(&self, row: &ChoreRow) -> bool {
        self.mode.as_str() != row.assignment_mode
    }

    /// Whether these fields make the chore of `row` another one to owe:
    /// shared another way, or for other children (in any order).
    pub fn changes_children(&self, row: &ChoreRow) -> bool {
        let sorted = |ids: &[Uuid]| {
            let mut ids = ids.to_vec();
            ids.sort_unstable();
            ids
        };
        self.changes_mode(row)
            || sorted(&self.assigned_child_ids) != sorted(&row.assigned_child_ids)
    }

    /// What of the chore of `row` begins anew when these fields replace its
    /// own at `now`, on the family's `today`.
    pub fn started(&self, row: &ChoreRow, today: NaiveDate, now: DateTime<Utc>) -> Started {
        let moves = self.moves_periods(row);
        Started {
            periods_on: if moves { today } else { row.periods_start_on },
            periods_at: moves.then_some(now),
            children_at: self.changes_children(row).then_some(now),
        }
    }
}

/// When a chore's periods count from, and what of who owes it began anew
/// at an edit (see [`crate::schedule::Since`]); what did not stays as it was.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Started {
    /// The family's date its periods and turns count from.
    pub periods_on: NaiveDate,
    /// The moment they began to count as they do, when they began anew.
    pub periods_at: Option<DateTime<Utc>>,
    /// The moment it came to be for its children, when it came to be anew.
    pub children_at: Option<DateTime<Utc>>,
}

impl Started {
    /// A new chore: everything begins at `now`, on the family's `today`.
    pub fn new(today: NaiveDate, now: DateTime<Utc>) -> Self {
        Self {
            periods_on: today,
            periods_at: Some(now),
            children_at: Some(now),
        }
    }
}

/// The family's active chores, by category and name.
pub async fn active(db: impl sqlx::PgExecutor<'_>, org: Uuid) -> Result<Vec<ChoreRow>, Error> {
    Ok(sqlx::query_as!(
        ChoreRow,
        "SELECT c.id, c.category_id, k.name AS category_name, c.name, c.description,
            c.base_reward_cents, c.frequency_days, c.requires_photo, c.is_active,
            c.assigned_child_ids, c.assignment_mode, c.due_days, c.due_time, c.periods_start_on,
            c.missed_penalty_cents
         FROM chores c JOIN categories k ON k.id = c.category_id
         WHERE c.organization_id = $1 AND c.is_active ORDER BY lower(k.name), lower(c.name)",
        org,
    )
    .fetch_all(db)
    .traced("active_chores")
    .await?)
}

pub async fn find(conn: &mut PgConnection, org: Uuid, id: Uuid) -> Result<Option<ChoreRow>, Error> {
    Ok(sqlx::query_as!(
        ChoreRow,
        "SELECT c.id, c.category_id, k.name AS category_name, c.name, c.description,
            c.base_reward_cents, c.frequency_days, c.requires_photo, c.is_active,
            c.assigned_child_ids, c.assignment_mode, c.due_days, c.due_time, c.periods_start_on,
            c.missed_penalty_cents
         FROM chores c JOIN categories k ON k.id = c.category_id
         WHERE c.organization_id = $1 AND c.id = $2",
        org,
        id,
    )
    .fetch_optional(conn)
    .traced("find_chore")
    .await?)
}

/// Serialises chore creation within one family, so two parents adding the
/// last allowed chore at once cannot both succeed.
pub async fn lock_family(tx: &mut PgConnection, org: Uuid) -> Result<(), Error> {
    sqlx::query!(
        "SELECT pg_advisory_xact_lock(hashtextextended('chores:' || $1::uuid::text, 0))",
        org,
    )
    .execute(tx)
    .traced("lock_family_chores")
    .await?;
    Ok(())
}

pub async fn count_active(tx: &mut PgConnection, org: Uuid) -> Result<i64, Error> {
    Ok(sqlx::query_scalar!(
        r#"SELECT count(*) AS "count!" FROM chores WHERE organization_id = $1 AND is_active"#,
        org,
    )
    .fetch_one(tx)
    .traced("count_active_chores")
    .await?)
}

/// Active chores of one category.
pub async fn count_active_in(
    tx: &mut PgConnection,
    org: Uuid,
    category: Uuid,
) -> Result<i64, Error> {
    Ok(sqlx::query_scalar!(
        r#"SELECT count(*) AS "count!" FROM chores
         WHERE organization_id = $1 AND category_id = $2 AND is_active"#,
        org,
        category,
    )
    .fetch_one(tx)
    .traced("count_active_chores_in")
    .await?)
}

/// Adds a chore begun as `started` tells ([`Started::new`]).
pub async fn insert(
    tx: &mut PgConnection,
    org: Uuid,
    fields: &ChoreFields,
    started: &Started,
) -> Result<Uuid, Error> {
    let id = Uuid::now_v7();
    sqlx::query!(
        "INSERT INTO chores (id, organization_id, category_id, name, description,
            base_reward_cents, frequency_days, requires_photo, assigned_child_ids,
            assignment_mode, due_days, due_time, periods_start_on, missed_penalty_cents,
            periods_start_at, children_since)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16)",
        id,
        org,
        fields.category_id,
        fields.name,
        fields.description,
        fields.base_reward_cents,
        fields.frequency_days,
        fields.requires_photo,
        &fields.assigned_child_ids,
        fields.mode.as_str(),
        &fields.due_days,
        fields.due_time,
        started.periods_on,
        fields.missed_penalty_cents,
        started.periods_at,
        started.children_at,
    )
    .execute(tx)
    .traced("insert_chore")
    .await?;
    Ok(id)
}

/// Edits an active chore, what began anew as `started` tells; `false`
/// when there is no such chore.
pub async fn update(
    tx: &mut PgConnection,
    org: Uuid,
    id: Uuid,
    fields: &ChoreFields,
    started: &Started,
) -> Result<bool, Error> {
    let done = sqlx::query!(
        "UPDATE chores SET category_id = $3, name = $4, description = $5,
            base_reward_cents = $6, frequency_days = $7, requires_photo = $8,
            assigned_child_ids = $9, assignment_mode = $10, due_days = $11, due_time = $12,
            periods_start_on = $13, missed_penalty_cents = $14, updated_at = now(),
            periods_start_at = coalesce($15, periods_start_at),
            children_since = coalesce($16, children_since),
            revision = revision + 1
         WHERE organization_id = $1 AND id = $2 AND is_active",
        org,
        id,
        fields.category_id,
        fields.name,
        fields.description,
        fields.base_reward_cents,
        fields.frequency_days,
        fields.requires_photo,
        &fields.assigned_child_ids,
        fields.mode.as_str(),
        &fields.due_days,
        fields.due_time,
        started.periods_on,
        fields.missed_penalty_cents,
        started.periods_at,
        started.children_at,
    )
    .execute(tx)
    .traced("update_chore")
    .await?;
    Ok(done.rows_affected() == 1)
}

/// Retires an active chore; `false` when there is no such chore.
pub async fn retire(tx: &mut PgConnection, org: Uuid, id: Uuid) -> Result<bool, Error> {
    let done = sqlx::query!(
        "UPDATE chores SET is_active = false, updated_at = now()
         WHERE organization_id = $1 AND id = $2 AND is_active",
        org,
        id,
    )
    .execute(tx)
    .traced("retire_chore")
    .await?;
    Ok(done.rows_affected() == 1)
}

/// Serialises submissions of one chore by any child and swaps of its turns:
/// of two children racing for a chore first come, the second sees the first.
pub async fn lock_chore(tx: &mut PgConnection, chore: Uuid) -> Result<(), Error> {
    sqlx::query!(
        "SELECT pg_advisory_xact_lock(hashtextextended('chore:' || $1::uuid::text, 0))",
        chore,
    )
    .execute(tx)
    .traced("lock_chore")
    .await?;
    Ok(())
}

/// Takes a deleted child out of the family's chores. Chores left with no
/// one assigned (they were only that child's) are retired: they would
/// otherwise become everyone's. Returns how many were retired.
pub async fn forget_child(tx: &mut PgConnection, org: Uuid, child: Uuid) -> Result<usize, Error> {
    // `old` is the row before the update (a child is assigned at most once).
    let changed = sqlx::query_scalar!(
        r#"UPDATE chores c SET assigned_child_ids = array_remove(c.assigned_child_ids, $2),
            is_active = c.is_active AND cardinality(c.assigned_child_ids) > 1,
            updated_at = now(), revision = c.revision + 1
         FROM chores old
         WHERE old.id = c.id AND c.organization_id = $1 AND $2 = ANY(c.assigned_child_ids)
         RETURNING old.is_active AND NOT c.is_active AS "retired!""#,
        org,
        child,
    )
    .fetch_all(tx)
    .traced("unassign_child")
    .await?;
    Ok(changed.into_iter().filter(|retired| *retired).count())
}
