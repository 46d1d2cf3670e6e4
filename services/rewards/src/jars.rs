//! Jars: a child's money is in SPEND, SAVE and GIVE; the balance is their
//! sum. New earnings (approved chores, birthdays) are split by the child's
//! percentages, whole cents to SAVE and GIVE rounded down and the rest,
//! with any cent left over, to SPEND. Parents move money between jars.
//! Every movement is ledger lines of one source written under the child's
//! lock, so it counts once however often it is replayed.

use chorely_proto::rewards::v1 as pb;
use kit::{
    authn::User,
    clock::Clock,
    codes::{self, Label},
    validate,
};
use sqlx::{PgConnection, PgPool};
use uuid::Uuid;

use crate::{
    access,
    clients::Clients,
    error::Error,
    store::{
        self,
        jars::Split,
        ledger::{Jar, JarAmounts, Kind, NewEntry},
    },
    subjects::child_id,
};

const NOTES_MAX: usize = 500;

/// How `amount` cents are split: SAVE and GIVE get their percentage rounded
/// down, SPEND the rest (so a cent left over lands in SPEND). Jars getting
/// nothing are left out, but never all of them.
pub fn parts(amount: i64, split: Split) -> Vec<(Jar, i64)> {
    if amount <= 0 {
        return vec![(Jar::Spend, amount)];
    }
    let share = |percent: i32| amount * i64::from(percent) / 100;
    let (save, give) = (share(split.save), share(split.give));
    let spend = amount - save - give;
    [(Jar::Spend, spend), (Jar::Save, save), (Jar::Give, give)]
        .into_iter()
        .filter(|(_, cents)| *cents != 0)
        .collect()
}

/// Credits new earnings split into the child's jars, once: `false` when the
/// source was already counted. The child's lock makes a replay racing the
/// first delivery wait and then find its lines.
pub async fn credit(tx: &mut PgConnection, entry: &NewEntry<'_>) -> Result<bool, Error> {
    store::ledger::lock_child(tx, entry.child).await?;
    if !store::ledger::find(tx, entry.org, entry.kind, entry.source_id)
        .await?
        .is_empty()
    {
        return Ok(false);
    }
    let split = store::jars::split(tx, entry.child).await?;
    for (jar, cents) in parts(entry.amount_cents, split) {
        store::ledger::insert(
            tx,
            &NewEntry {
                jar,
                amount_cents: cents,
                ..*entry
            },
        )
        .await?;
    }
    Ok(true)
}

/// Takes up to `wanted` cents from the jars, SPEND first, then SAVE, then
/// GIVE, never below zero: the lines written (the caller holds the lock).
pub async fn take_in_order(
    tx: &mut PgConnection,
    entry: &NewEntry<'_>,
    wanted: i64,
) -> Result<i64, Error> {
    let jars = store::ledger::jars(tx, entry.org, entry.child).await?;
    let mut left = wanted.max(0);
    let mut taken = 0;
    for jar in Jar::ALL {
        let cents = left.min(jars.get(jar).max(0));
        if cents > 0 {
            store::ledger::insert(
                tx,
                &NewEntry {
                    jar,
                    amount_cents: -cents,
                    ..*entry
                },
            )
            .await?;
            left -= cents;
            taken += cents;
        }
    }
    Ok(taken)
}

/// A jar named by the API: SPEND, SAVE or GIVE; empty means SPEND.
pub fn jar(raw: &str, field: &'static str) -> Result<Jar, Error> {
    match raw.trim() {
        "" => Ok(Jar::Spend),
        name => Jar::parse(name).ok_or_else(|| codes::jar_invalid().on(field).into()),
    }
}

pub fn view(child: Uuid, amounts: JarAmounts, split: Split) -> pb::Jars {
    pb::Jars {
        child_id: child.to_string(),
        spend_cents: amounts.spend,
        save_cents: amounts.save,
        give_cents: amounts.give,
        balance_cents: amounts.total(),
        split: Some(pb::Split {
            spend: split.spend,
            save: split.save,
            give: split.give,
        }),
    }
}

/// Parents' and children's questions about jars.
#[derive(Clone)]
pub struct Jars {
    pub pool: PgPool,
    pub clients: Clients,
    /// When a transfer between jars happens.
    pub clock: Clock,
}

impl Jars {
    /// A child's jars and split: a parent of the family, or the child.
    pub async fn get(&self, user: &User, org: Uuid, child: &str) -> Result<pb::Jars, Error> {
        let child = child_id(child)?;
        access::child(&self.pool, &self.clients, user, child).await?;
        let mut conn = self.pool.acquire().await?;
        let amounts = store::ledger::jars(&mut conn, org, child).await?;
        let split = store::jars::split(&mut conn, child).await?;
        Ok(view(child, amounts, split))
    }

    /// Sets how the child's new earnings are split (parents only).
    pub async fn set_split(
        &self,
        parent: &User,
        org: Uuid,
        req: pb::SetSplitRequest,
    ) -> Result<pb::Jars, Error> {
        let child = child_id(&req.child_id)?;
        let raw = req.split.unwrap_or_default();
        for (field, percent) in [("spend", raw.spend), ("save", raw.save), ("give", raw.give)] {
            if !(0..=100).contains(&percent) {
                return Err(codes::split_percent_out_of_range().on(field).into());
            }
        }
        if raw.spend + raw.save + raw.give != 100 {
            return Err(codes::split_not_100().on("split").into());
        }
        let split = Split {
            spend: raw.spend,
            save: raw.save,
            give: raw.give,
        };
        self.clients.child(parent, child).await?;
        let mut tx = self.pool.begin().await?;
        store::jars::set_split(&mut tx, org, child, split).await?;
        let amounts = store::ledger::jars(&mut tx, org, child).await?;
        tx.commit().await?;
        Ok(view(child, amounts, split))
    }

    /// Moves money from one jar to another (parents only): at most what the
    /// first holds.
    pub async fn transfer(
        &self,
        parent: &User,
        org: Uuid,
        req: pb::TransferRequest,
    ) -> Result<pb::Jars, Error> {
        let child = child_id(&req.child_id)?;
        if req.from.trim().is_empty() {
            return Err(codes::from_jar_required().on("from").into());
        }
        if req.to.trim().is_empty() {
            return Err(codes::to_jar_required().on("to").into());
        }
        let (from, to) = (jar(&req.from, "from")?, jar(&req.to, "to")?);
        if from == to {
            return Err(codes::same_jar().on("to").into());
        }
        if req.amount_cents <= 0 {
            return Err(codes::amount_not_positive().on("amount").into());
        }
        let notes = req.notes.trim();
        validate::at_most(notes, NOTES_MAX, "notes", Label::Notes)?;
        let record = self.clients.child(parent, child).await?;

        let mut tx = self.pool.begin().await?;
        store::ledger::lock_child(&mut tx, child).await?;
        let amounts = store::ledger::jars(&mut tx, org, child).await?;
        if amounts.get(from) < req.amount_cents {
            return Err(Error::JarTooLow {
                name: record.name,
                jar: from,
                jar_cents: amounts.get(from),
            });
        }
        let source = Uuid::now_v7().to_string();
        // Both lines of a transfer happen at once.
        let at = self.clock.now();
        for (jar, cents) in [(from, -req.amount_cents), (to, req.amount_cents)] {
            store::ledger::insert(
                &mut tx,
                &NewEntry {
                    org,
                    child,
                    kind: Kind::Transfer,
                    jar,
                    source_id: &source,
                    amount_cents: cents,
                    notes,
                    created_by: Some(parent.id),
                    occurred_at: at,
                },
            )
            .await?;
        }
        let after = store::ledger::jars(&mut tx, org, child).await?;
        let split = store::jars::split(&mut tx, child).await?;
        tx.commit().await?;
        Ok(view(child, after, split))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn split(spend: i32, save: i32, give: i32) -> Split {
        Split { spend, save, give }
    }

    #[test]
    fn a_split_puts_any_cent_left_over_in_spend() {
        assert_eq!(
            parts(100, split(70, 20, 10)),
            vec![(Jar::Spend, 70), (Jar::Save, 20), (Jar::Give, 10)]
        );
        // 33.33 + 33.33 + 34.34 = 101: SAVE 33, GIVE 34, SPEND 33 and the cent over.
        assert_eq!(
            parts(101, split(33, 33, 34)),
            vec![(Jar::Spend, 34), (Jar::Save, 33), (Jar::Give, 34)]
        );
        assert_eq!(parts(250, Split::default()), vec![(Jar::Spend, 250)]);
        assert_eq!(parts(0, split(0, 50, 50)), vec![(Jar::Spend, 0)]);
        assert_eq!(parts(1, split(0, 50, 50)), vec![(Jar::Spend, 1)]);
    }

    #[test]
    fn a_jar_is_named_by_the_api_or_refused_on_its_field() {
        assert_eq!(jar("", "jar").unwrap(), Jar::Spend);
        assert_eq!(jar("GIVE", "to").unwrap(), Jar::Give);
        match jar("PIGGY", "from").unwrap_err() {
            Error::Invalid(err) => {
                assert_eq!((err.field, err.code()), ("from", "JAR_INVALID"));
                assert_eq!(err.message(), "Jar must be SPEND, SAVE or GIVE");
            }
            other => panic!("not a field error: {other}"),
        }
    }
}
