//! Events the rewards service consumes: approvals to credit, and the facts of
//! other services it keeps (family time zones, children's birthdays).

use chorely_proto::events::v1::{
    ChildCreated, ChildDeleted, ChildUpdated, ChoreMissed, MissedChoreExcused, OrganizationCreated,
    OrganizationUpdated, SubmissionReviewed,
};
use chrono::NaiveDate;
use kit::consumer::{EventMeta, Handler};
use sqlx::PgConnection;
use uuid::Uuid;

use crate::{ledger, penalties, store};

/// An approval credits the child's boosted reward, exactly once.
pub struct CreditApprovals;

impl Handler<SubmissionReviewed> for CreditApprovals {
    async fn handle(
        &self,
        tx: &mut PgConnection,
        event: SubmissionReviewed,
        _: &EventMeta,
    ) -> anyhow::Result<()> {
        ledger::credit(tx, &event).await
    }
}

/// A missed chore takes its penalty; an excuse gives it back.
pub struct Penalties;

impl Handler<ChoreMissed> for Penalties {
    async fn handle(
        &self,
        tx: &mut PgConnection,
        event: ChoreMissed,
        _: &EventMeta,
    ) -> anyhow::Result<()> {
        penalties::take(tx, &event).await
    }
}

impl Handler<MissedChoreExcused> for Penalties {
    async fn handle(
        &self,
        tx: &mut PgConnection,
        event: MissedChoreExcused,
        _: &EventMeta,
    ) -> anyhow::Result<()> {
        penalties::give_back(tx, &event).await
    }
}

/// Families' time zones, for the calendar of streaks, months and birthdays.
pub struct Families;

impl Handler<OrganizationCreated> for Families {
    async fn handle(
        &self,
        tx: &mut PgConnection,
        event: OrganizationCreated,
        _: &EventMeta,
    ) -> anyhow::Result<()> {
        let org = Uuid::parse_str(&event.organization_id)?;
        store::families::upsert(tx, org, kit::time::zone_name(&event.time_zone)).await?;
        Ok(())
    }
}

impl Handler<OrganizationUpdated> for Families {
    async fn handle(
        &self,
        tx: &mut PgConnection,
        event: OrganizationUpdated,
        _: &EventMeta,
    ) -> anyhow::Result<()> {
        let org = Uuid::parse_str(&event.organization_id)?;
        store::families::upsert(tx, org, kit::time::zone_name(&event.time_zone)).await?;
        Ok(())
    }
}

/// Children's birthdays and birthday rewards; a deleted child's money and grades go.
pub struct Children;

fn birthday(raw: &str) -> Option<NaiveDate> {
    NaiveDate::parse_from_str(raw, "%Y-%m-%d").ok()
}

/// The name and birthday details both child events carry.
async fn keep_child(
    tx: &mut PgConnection,
    org: &str,
    child: &str,
    name: &str,
    date_of_birth: &str,
    reward_cents: i64,
) -> anyhow::Result<()> {
    let (org, child) = (Uuid::parse_str(org)?, Uuid::parse_str(child)?);
    let born = birthday(date_of_birth);
    store::children::upsert(tx, org, child, name, born, reward_cents).await?;
    Ok(())
}

impl Handler<ChildCreated> for Children {
    async fn handle(
        &self,
        tx: &mut PgConnection,
        e: ChildCreated,
        _: &EventMeta,
    ) -> anyhow::Result<()> {
        keep_child(
            tx,
            &e.organization_id,
            &e.child_id,
            &e.name,
            &e.date_of_birth,
            e.birthday_reward_cents,
        )
        .await
    }
}

impl Handler<ChildUpdated> for Children {
    async fn handle(
        &self,
        tx: &mut PgConnection,
        e: ChildUpdated,
        _: &EventMeta,
    ) -> anyhow::Result<()> {
        keep_child(
            tx,
            &e.organization_id,
            &e.child_id,
            &e.name,
            &e.date_of_birth,
            e.birthday_reward_cents,
        )
        .await
    }
}

impl Handler<ChildDeleted> for Children {
    async fn handle(
        &self,
        tx: &mut PgConnection,
        e: ChildDeleted,
        _: &EventMeta,
    ) -> anyhow::Result<()> {
        let (org, child) = (
            Uuid::parse_str(&e.organization_id)?,
            Uuid::parse_str(&e.child_id)?,
        );
        store::ledger::delete_for_child(tx, org, child).await?;
        store::subjects::delete_for_child(tx, org, child).await?;
        store::jars::delete_for_child(tx, child).await?;
        store::redemptions::delete_for_child(tx, org, child).await?;
        store::goals::delete_for_child(tx, org, child).await?;
        store::allowances::delete_for_child(tx, child).await?;
        store::children::mark_deleted(tx, org, child).await?;
        Ok(())
    }
}
