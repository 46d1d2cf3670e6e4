//! Savings goals: what a child saves towards, shown with progress from their
//! SAVE jar. Goals do not divide the jar between them: each is measured
//! against all of it (a child choosing between a bike and a game sees how
//! close each is). A goal is reached the first time the jar covers its
//! target, checked by every ledger write that raises the jar (and when a
//! goal is set or changed); `reached_at` is then set once and a
//! `GoalReached` event goes out with the change, exactly once however many
//! credits race, as each marks only goals still unreached.

use chorely_proto::{events::v1::GoalReached, rewards::v1 as pb};
use chrono::Utc;
use kit::{
    authn::User,
    codes::{self, Label},
    time, validate,
};
use sqlx::{PgConnection, PgPool};
use uuid::Uuid;

use crate::{
    access,
    clients::Clients,
    error::Error,
    store::{
        self,
        goals::{GoalFields, GoalRow},
    },
    subjects::child_id,
};

/// Goals one child may keep at once, reached ones included.
pub const GOALS_MAX: i64 = 20;
const EMOJI_MAX: usize = 16;
/// $10,000, like a store reward's price.
const TARGET_MAX: i64 = 1_000_000;

#[derive(Clone)]
pub struct Goals {
    pub pool: PgPool,
    pub clients: Clients,
}

/// Marks the child's goals that their save jar now covers, once each, and
/// announces them in the same transaction. Called after any line that
/// raised the save jar, in that line's transaction.
pub async fn check(tx: &mut PgConnection, org: Uuid, child: Uuid) -> Result<usize, Error> {
    let saved = store::ledger::jars(tx, org, child).await?.save;
    let reached = store::goals::mark_reached(tx, org, child, saved, Utc::now()).await?;
    for goal in &reached {
        kit::outbox::enqueue(
            tx,
            &GoalReached {
                goal_id: goal.id.to_string(),
                organization_id: org.to_string(),
                child_id: child.to_string(),
                name: goal.name.clone(),
                target_cents: goal.target_cents,
                reached_at: goal.reached_at.map(time::to_proto),
            },
        )
        .await?;
    }
    Ok(reached.len())
}

fn goal_id(raw: &str) -> Result<Uuid, Error> {
    Uuid::parse_str(raw.trim()).map_err(|_| Error::GoalNotFound)
}

pub fn view(row: &GoalRow, saved_cents: i64) -> pb::Goal {
    pb::Goal {
        id: row.id.to_string(),
        child_id: row.child_id.to_string(),
        name: row.name.clone(),
        target_cents: row.target_cents,
        emoji: row.emoji.clone(),
        saved_cents,
        reached_at: row.reached_at.map(time::to_proto),
        created_at: Some(time::to_proto(row.created_at)),
    }
}

struct Fields {
    name: String,
    target_cents: i64,
    emoji: String,
}

fn fields(req: &pb::GoalRequest) -> Result<Fields, Error> {
    let name = validate::required(&req.name, "name", Label::Name)?;
    if req.target_cents <= 0 {
        return Err(codes::target_not_positive().on("target").into());
    }
    if req.target_cents > TARGET_MAX {
        return Err(codes::target_too_high().on("target").into());
    }
    let emoji = req.emoji.trim();
    validate::at_most(emoji, EMOJI_MAX, "emoji", Label::Emoji)?;
    Ok(Fields {
        name,
        target_cents: req.target_cents,
        emoji: emoji.to_owned(),
    })
}

impl Fields {
    fn as_store(&self) -> GoalFields<'_> {
        GoalFields {
            name: &self.name,
            target_cents: self.target_cents,
            emoji: &self.emoji,
        }
    }
}

impl Goals {
    /// A child's goals (the child, or a parent); with no child named, every
    /// goal the caller may see: a parent's family's, a child's own.
    pub async fn list(&self, user: &User, org: Uuid, child: &str) -> Result<Vec<pb::Goal>, Error> {
        let child = if child.trim().is_empty() {
            if user.role.is_parent() {
                None
            } else {
                Some(user.child.ok_or(Error::ChildNotFound)?)
            }
        } else {
            let id = child_id(child.trim())?;
            access::child(&self.pool, &self.clients, user, id).await?;
            Some(id)
        };
        let mut conn = self.pool.acquire().await?;
        let rows = store::goals::list(&mut conn, org, child).await?;
        let saved = store::goals::saved(&mut conn, org, child).await?;
        Ok(rows
            .iter()
            .map(|row| view(row, saved.get(&row.child_id).copied().unwrap_or(0)))
            .collect())
    }

    /// Sets a goal for a child: the child themselves or a parent.
    pub async fn create(
        &self,
        user: &User,
        org: Uuid,
        req: pb::GoalRequest,
    ) -> Result<pb::Goal, Error> {
        let child = child_id(req.child_id.trim())?;
        let fields = fields(&req)?;
        self.clients.child(user, child).await?;
        let mut tx = self.pool.begin().await?;
        // Under the child's lock: the count checked is the count added to,
        // and the jar checked below is not moving meanwhile.
        store::ledger::lock_child(&mut tx, child).await?;
        if store::goals::count(&mut tx, org, child).await? >= GOALS_MAX {
            return Err(Error::GoalLimit(GOALS_MAX));
        }
        let row = store::goals::insert(&mut tx, org, child, &fields.as_store()).await?;
        self.finish(tx, org, row).await
    }

    /// Changes a goal's name, target or emoji.
    pub async fn update(
        &self,
        user: &User,
        org: Uuid,
        req: pb::GoalRequest,
    ) -> Result<pb::Goal, Error> {
        let id = goal_id(&req.id)?;
        let fields = fields(&req)?;
        let mut tx = self.pool.begin().await?;
        let child = self.owned(&mut tx, user, org, id).await?;
        store::ledger::lock_child(&mut tx, child).await?;
        let row = store::goals::update(&mut tx, org, id, &fields.as_store())
            .await?
            .ok_or(Error::GoalNotFound)?;
        self.finish(tx, org, row).await
    }

    pub async fn delete(&self, user: &User, org: Uuid, id: &str) -> Result<(), Error> {
        let id = goal_id(id)?;
        let mut tx = self.pool.begin().await?;
        self.owned(&mut tx, user, org, id).await?;
        if !store::goals::delete(&mut tx, org, id).await? {
            return Err(Error::GoalNotFound);
        }
        tx.commit().await?;
        Ok(())
    }

    /// The child whose goal `id` is, if the caller may change it: a parent
    /// of the family, or that child; anyone else's is not found.
    async fn owned(
        &self,
        tx: &mut PgConnection,
        user: &User,
        org: Uuid,
        id: Uuid,
    ) -> Result<Uuid, Error> {
        let goal = store::goals::find(tx, org, id)
            .await?
            .ok_or(Error::GoalNotFound)?;
        if !user.role.is_parent() && user.child != Some(goal.child_id) {
            return Err(Error::GoalNotFound);
        }
        Ok(goal.child_id)
    }

    /// A goal set or changed may already be covered by the jar: it is
    /// reached now. Commits and answers with the goal as it stands.
    async fn finish(
        &self,
        mut tx: sqlx::Transaction<'static, sqlx::Postgres>,
        org: Uuid,
        row: GoalRow,
    ) -> Result<pb::Goal, Error> {
        check(&mut tx, org, row.child_id).await?;
        let row = store::goals::find(&mut tx, org, row.id)
            .await?
            .ok_or(Error::GoalNotFound)?;
        let saved = store::ledger::jars(&mut tx, org, row.child_id).await?.save;
        tx.commit().await?;
        Ok(view(&row, saved))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn refused(req: &pb::GoalRequest) -> (&'static str, kit::refusal::Refusal) {
        match fields(req) {
            Err(Error::Invalid(err)) => (err.field, err.refusal),
            Err(other) => panic!("not a field error: {other}"),
            Ok(_) => panic!("accepted"),
        }
    }

    #[test]
    fn a_goals_fields_are_refused_with_their_codes() {
        let goal = |target_cents, emoji: &str| pb::GoalRequest {
            name: "Kite".into(),
            target_cents,
            emoji: emoji.into(),
            ..Default::default()
        };
        assert!(fields(&goal(TARGET_MAX, "🪁")).is_ok());
        let nameless = pb::GoalRequest {
            name: "  ".into(),
            ..goal(500, "")
        };
        assert_eq!(refused(&nameless), ("name", codes::required(Label::Name)));
        let (field, refusal) = refused(&goal(0, ""));
        assert_eq!((field, refusal.code()), ("target", "TARGET_NOT_POSITIVE"));
        assert_eq!(refusal.message(), "Target must be greater than 0");
        let (field, refusal) = refused(&goal(TARGET_MAX + 1, ""));
        assert_eq!((field, refusal.code()), ("target", "TARGET_TOO_HIGH"));
        assert_eq!(refusal.message(), "Target must be at most $10,000.00");
        let (field, refusal) = refused(&goal(500, &"🪁".repeat(EMOJI_MAX + 1)));
        assert_eq!((field, refusal.code()), ("emoji", "TOO_LONG"));
        assert_eq!(refusal.message(), "Emoji must be at most 16 characters");
    }
}
