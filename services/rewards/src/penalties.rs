//! Missed chores. Each breaks the child's streak unless excused, and takes
//! its chore's penalty from the
//! child's balance, never taking it below zero: what the balance cannot
//! cover is recorded as the shortfall and not taken. A parent's excuse gives
//! back what was taken. Both are ledger entries keyed by the missed chore, so
//! each happens exactly once however often its event is delivered, and in
//! either order of arrival.

use chorely_proto::events::v1::{ChoreMissed, MissedChoreExcused};
use chrono::{NaiveDate, Utc};
use kit::time;
use sqlx::PgConnection;
use uuid::Uuid;

use crate::{
    error::dollars,
    jars,
    store::{
        self,
        ledger::{Jar, Kind, NewEntry},
        penalties::{self, NewPenalty},
    },
};

/// What the notes of a miss say: the chore, its day, and any shortfall.
pub fn missed_notes(chore: &str, due_on: &str, penalty: i64, taken: i64) -> String {
    let mut notes = format!("Missed: {chore} ({due_on})");
    if taken < penalty {
        notes.push_str(&format!(
            "; penalty {}, {} not taken: the balance was too low",
            dollars(penalty),
            dollars(penalty - taken)
        ));
    }
    notes
}

/// Takes a missed chore's penalty, as far as the balance allows, once.
pub async fn take(tx: &mut PgConnection, event: &ChoreMissed) -> anyhow::Result<()> {
    let missed = Uuid::parse_str(&event.missed_id)?;
    let org = Uuid::parse_str(&event.organization_id)?;
    let child = Uuid::parse_str(&event.child_id)?;
    if store::children::deleted(tx, child).await? {
        return Ok(());
    }
    let due_on = NaiveDate::parse_from_str(&event.due_on, "%Y-%m-%d").ok();
    store::ledger::lock_child(tx, child).await?;
    // Already handled, or excused before it arrived: nothing more to take.
    if penalties::lock(tx, missed).await?.is_some() {
        return Ok(());
    }
    let penalty = event.penalty_cents.max(0);
    let jars = store::ledger::jars(tx, org, child).await?;
    let taken = Jar::ALL
        .iter()
        .map(|j| jars.get(*j).max(0))
        .sum::<i64>()
        .min(penalty);
    penalties::insert(
        tx,
        &NewPenalty {
            missed,
            org,
            child,
            due_on,
            penalty_cents: penalty,
            taken_cents: taken,
            excused_at: None,
        },
    )
    .await?;
    // A miss without a penalty only breaks the streak.
    if penalty == 0 {
        return Ok(());
    }
    let occurred_at = event
        .due_at
        .as_ref()
        .and_then(time::from_proto)
        .unwrap_or_else(Utc::now);
    // Taken from SPEND first, then SAVE, then GIVE. Nothing to take still
    // leaves a line, with the shortfall in its notes.
    let notes = missed_notes(&event.chore_name, &event.due_on, penalty, taken);
    let entry = NewEntry {
        org,
        child,
        kind: Kind::Missed,
        jar: Jar::Spend,
        source_id: &event.missed_id,
        amount_cents: 0,
        notes: &notes,
        created_by: None,
        occurred_at,
    };
    if taken == 0 {
        store::ledger::insert(tx, &entry).await?;
    } else {
        jars::take_in_order(tx, &entry, taken).await?;
    }
    Ok(())
}

/// Gives back what a missed chore's penalty took, once.
pub async fn give_back(tx: &mut PgConnection, event: &MissedChoreExcused) -> anyhow::Result<()> {
    let missed = Uuid::parse_str(&event.missed_id)?;
    let org = Uuid::parse_str(&event.organization_id)?;
    let child = Uuid::parse_str(&event.child_id)?;
    if store::children::deleted(tx, child).await? {
        return Ok(());
    }
    let excused_at = event
        .excused_at
        .as_ref()
        .and_then(time::from_proto)
        .unwrap_or_else(Utc::now);
    store::ledger::lock_child(tx, child).await?;
    let Some(penalty) = penalties::lock(tx, missed).await? else {
        // The miss has not arrived yet: it will find the excuse and take nothing.
        penalties::insert(
            tx,
            &NewPenalty {
                missed,
                org,
                child,
                due_on: None,
                penalty_cents: 0,
                taken_cents: 0,
                excused_at: Some(excused_at),
            },
        )
        .await?;
        return Ok(());
    };
    if penalty.excused_at.is_some() {
        return Ok(());
    }
    penalties::mark_excused(tx, missed, excused_at).await?;
    if penalty.taken_cents > 0 {
        // Back into the jars it was taken from.
        let notes = format!("Excused: {} ({})", event.chore_name, event.due_on);
        for line in store::ledger::find(tx, org, Kind::Missed, &event.missed_id).await? {
            let jar = Jar::parse(&line.jar).unwrap_or(Jar::Spend);
            if line.amount_cents < 0 {
                store::ledger::insert(
                    tx,
                    &NewEntry {
                        org,
                        child,
                        kind: Kind::Excused,
                        jar,
                        source_id: &event.missed_id,
                        amount_cents: -line.amount_cents,
                        notes: &notes,
                        created_by: None,
                        occurred_at: excused_at,
                    },
                )
                .await?;
            }
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn notes_say_what_was_not_taken() {
        assert_eq!(
            missed_notes("Dishes", "2026-03-02", 100, 100),
            "Missed: Dishes (2026-03-02)"
        );
        assert_eq!(
            missed_notes("Dishes", "2026-03-02", 150, 40),
            "Missed: Dishes (2026-03-02); penalty 1.50, 1.10 not taken: the balance was too low"
        );
    }
}
