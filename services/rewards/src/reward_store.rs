//! The reward store: parents offer rewards at a price, children ask for
//! them, parents approve or reject. Approval takes the price from the
//! child's SPEND jar and one from the item's stock, exactly once: the
//! redemption's row is held while it is decided, the stock falls only by a
//! conditional UPDATE (never below zero, whoever races), and the debit is a
//! ledger line keyed by the redemption.

use chorely_proto::{
    events::v1::{RedemptionDecided, RedemptionRequested, StoreChanged},
    rewards::v1 as pb,
};
use chrono::{DateTime, Utc};
use kit::{
    authn::User,
    clock::Clock,
    codes::{self, Label},
    time, validate,
};
use sqlx::{PgConnection, PgPool};
use uuid::Uuid;

use crate::{
    clients::Clients,
    error::Error,
    store::{
        self,
        ledger::{Jar, Kind, NewEntry},
        redemptions::{NewRedemption, RedemptionRow},
        store_items::{ItemFields, ItemRow},
    },
};

const DESCRIPTION_MAX: usize = 500;
const NOTE_MAX: usize = 500;
const EMOJI_MAX: usize = 16;
/// $10,000: a reward, not a car.
const PRICE_MAX: i64 = 1_000_000;
const STOCK_MAX: i32 = 100_000;

pub const APPROVED: &str = "APPROVED";
pub const REJECTED: &str = "REJECTED";
pub const PENDING: &str = "PENDING";

#[derive(Clone)]
pub struct RewardStore {
    pub pool: PgPool,
    pub clients: Clients,
    /// When a parent's decision, and the debit it makes, happen.
    pub clock: Clock,
}

fn item_id(raw: &str) -> Result<Uuid, Error> {
    Uuid::parse_str(raw.trim()).map_err(|_| Error::ItemNotFound)
}

fn item_view(row: &ItemRow) -> pb::StoreItem {
    pb::StoreItem {
        id: row.id.to_string(),
        name: row.name.clone(),
        description: row.description.clone(),
        price_cents: row.price_cents,
        stock: row.stock,
        child_ids: row.child_ids.iter().map(Uuid::to_string).collect(),
        emoji: row.emoji.clone(),
        created_at: Some(time::to_proto(row.created_at)),
    }
}

fn redemption_view(row: &RedemptionRow, child_name: String) -> pb::Redemption {
    pb::Redemption {
        id: row.id.to_string(),
        item_id: row.item_id.to_string(),
        item_name: row.item_name.clone(),
        emoji: row.emoji.clone(),
        child_id: row.child_id.to_string(),
        child_name,
        price_cents: row.price_cents,
        status: row.status.clone(),
        note: row.note.clone(),
        requested_at: Some(time::to_proto(row.requested_at)),
        decided_at: row.decided_at.map(time::to_proto),
    }
}

/// An item's fields, checked; the children named must be the family's.
struct Fields {
    name: String,
    description: String,
    price_cents: i64,
    stock: Option<i32>,
    child_ids: Vec<Uuid>,
    emoji: String,
}

impl Fields {
    fn as_store(&self) -> ItemFields<'_> {
        ItemFields {
            name: &self.name,
            description: &self.description,
            price_cents: self.price_cents,
            stock: self.stock,
            child_ids: &self.child_ids,
            emoji: &self.emoji,
        }
    }
}

fn bounded(raw: &str, max: usize, field: &'static str, label: Label) -> Result<String, Error> {
    let text = raw.trim();
    validate::at_most(text, max, field, label)?;
    Ok(text.to_owned())
}

impl RewardStore {
    async fn fields(&self, parent: &User, req: &pb::StoreItemRequest) -> Result<Fields, Error> {
        let name = validate::required(&req.name, "name", Label::Name)?;
        let description = bounded(
            &req.description,
            DESCRIPTION_MAX,
            "description",
            Label::Description,
        )?;
        let emoji = bounded(&req.emoji, EMOJI_MAX, "emoji", Label::Emoji)?;
        if req.price_cents <= 0 {
            return Err(codes::price_not_positive().on("price").into());
        }
        if req.price_cents > PRICE_MAX {
            return Err(codes::price_too_high().on("price").into());
        }
        if req
            .stock
            .is_some_and(|stock| !(0..=STOCK_MAX).contains(&stock))
        {
            return Err(codes::stock_out_of_range(i64::from(STOCK_MAX))
                .on("stock")
                .into());
        }
        let mut child_ids = Vec::new();
        if !req.child_ids.is_empty() {
            let family = self.clients.children(parent).await?;
            for raw in &req.child_ids {
                let known = family.iter().any(|c| c.id == raw.trim());
                let id = Uuid::parse_str(raw.trim())
                    .ok()
                    .filter(|_| known)
                    .ok_or_else(|| codes::not_family_children().on("childIds"))?;
                if !child_ids.contains(&id) {
                    child_ids.push(id);
                }
            }
        }
        Ok(Fields {
            name,
            description,
            price_cents: req.price_cents,
            stock: req.stock,
            child_ids,
            emoji,
        })
    }

    /// The store: every item for parents, a child only what is offered to them.
    pub async fn items(&self, user: &User, org: Uuid) -> Result<Vec<pb::StoreItem>, Error> {
        let rows = store::store_items::list(&self.pool, org).await?;
        Ok(rows
            .iter()
            .filter(|row| user.role.is_parent() || user.child.is_some_and(|c| row.offered_to(c)))
            .map(item_view)
            .collect())
    }

    /// Adds an item within the plan's limit of store rewards (parents only).
    pub async fn create(
        &self,
        parent: &User,
        org: Uuid,
        req: pb::StoreItemRequest,
    ) -> Result<pb::StoreItem, Error> {
        let fields = self.fields(parent, &req).await?;
        let plan = self.clients.plan(parent, org).await?;
        // The plan table's "reward types" are the store's items.
        let limit = kit::plans::limits(plan).reward_types;
        let mut tx = self.pool.begin().await?;
        store::store_items::lock_family(&mut tx, org).await?;
        if store::store_items::count(&mut tx, org).await? >= limit {
            return Err(Error::StoreLimit {
                plan: kit::plans::name(plan),
                limit,
            });
        }
        let row = store::store_items::insert(&mut tx, org, &fields.as_store()).await?;
        announce(&mut tx, org).await?;
        tx.commit().await?;
        Ok(item_view(&row))
    }

    pub async fn update(
        &self,
        parent: &User,
        org: Uuid,
        req: pb::StoreItemRequest,
    ) -> Result<pb::StoreItem, Error> {
        let id = item_id(&req.id)?;
        let fields = self.fields(parent, &req).await?;
        let mut tx = self.pool.begin().await?;
        let row = store::store_items::update(&mut tx, org, id, &fields.as_store())
            .await?
            .ok_or(Error::ItemNotFound)?;
        announce(&mut tx, org).await?;
        tx.commit().await?;
        Ok(item_view(&row))
    }

    /// Takes an item out of the store; requests already made keep its name.
    pub async fn delete(&self, org: Uuid, id: &str) -> Result<(), Error> {
        let id = item_id(id)?;
        let mut tx = self.pool.begin().await?;
        if !store::store_items::remove(&mut tx, org, id).await? {
            return Err(Error::ItemNotFound);
        }
        announce(&mut tx, org).await?;
        tx.commit().await?;
        Ok(())
    }

    /// A child asks for an item offered to them, in stock, that their spend
    /// jar covers now (it is checked again at approval).
    pub async fn redeem(&self, user: &User, org: Uuid, id: &str) -> Result<pb::Redemption, Error> {
        let child = match user.child {
            Some(child) if !user.role.is_parent() => child,
            _ => return Err(Error::NotAChild),
        };
        let id = item_id(id)?;
        let record = self.clients.child(user, child).await?;
        let mut tx = self.pool.begin().await?;
        let row = request(&mut tx, org, child, id, &record.name).await?;
        tx.commit().await?;
        Ok(redemption_view(&row, record.name))
    }

    /// Redemptions, newest first: the family's for parents, their own for a
    /// child; of one status when asked.
    pub async fn redemptions(
        &self,
        user: &User,
        org: Uuid,
        status: &str,
    ) -> Result<Vec<pb::Redemption>, Error> {
        let status = match status.trim() {
            "" => None,
            s @ (PENDING | APPROVED | REJECTED) => Some(s),
            _ => {
                return Err(codes::redemption_status_invalid().on("status").into());
            }
        };
        let only = if user.role.is_parent() {
            None
        } else {
            Some(user.child.unwrap_or_else(Uuid::nil))
        };
        let rows = store::redemptions::list(&self.pool, org, only, status).await?;
        if rows.is_empty() {
            return Ok(Vec::new());
        }
        let children = self.clients.children(user).await?;
        Ok(rows
            .iter()
            .map(|row| {
                let name = children
                    .iter()
                    .find(|c| c.id == row.child_id.to_string())
                    .map(|c| c.name.clone())
                    .unwrap_or_default();
                redemption_view(row, name)
            })
            .collect())
    }

    /// A parent approves or rejects a pending redemption.
    pub async fn decide(
        &self,
        parent: &User,
        org: Uuid,
        req: pb::DecideRedemptionRequest,
    ) -> Result<pb::Redemption, Error> {
        let id = Uuid::parse_str(req.id.trim()).map_err(|_| Error::RedemptionNotFound)?;
        let approve = match req.status.trim() {
            APPROVED => true,
            REJECTED => false,
            _ => {
                return Err(codes::decision_invalid().on("status").into());
            }
        };
        let note = bounded(&req.note, NOTE_MAX, "note", Label::Note)?;
        let children = self.clients.children(parent).await?;
        let name_of = |child: Uuid| {
            children
                .iter()
                .find(|c| c.id == child.to_string())
                .map(|c| c.name.clone())
                .unwrap_or_default()
        };
        let mut tx = self.pool.begin().await?;
        let decision = Decision {
            approve,
            note: &note,
            parent: parent.id,
            at: self.clock.now(),
        };
        let row = decide(&mut tx, org, id, &decision, &name_of).await?;
        tx.commit().await?;
        let name = name_of(row.child_id);
        Ok(redemption_view(&row, name))
    }
}

async fn announce(tx: &mut PgConnection, org: Uuid) -> Result<(), Error> {
    kit::outbox::enqueue(
        tx,
        &StoreChanged {
            organization_id: org.to_string(),
        },
    )
    .await?;
    Ok(())
}

/// Records a child's request for an item (the caller's transaction).
pub async fn request(
    tx: &mut PgConnection,
    org: Uuid,
    child: Uuid,
    id: Uuid,
    child_name: &str,
) -> Result<RedemptionRow, Error> {
    let item = store::store_items::find(tx, org, id)
        .await?
        .filter(|item| item.deleted_at.is_none() && item.offered_to(child))
        .ok_or(Error::ItemNotFound)?;
    if item.stock == Some(0) {
        return Err(Error::OutOfStock(item.name));
    }
    let spend = store::ledger::jars(tx, org, child).await?.spend;
    if spend < item.price_cents {
        return Err(Error::CannotAfford {
            name: child_name.to_owned(),
            item: item.name,
            price_cents: item.price_cents,
            spend_cents: spend,
        });
    }
    let row = store::redemptions::insert(
        tx,
        &NewRedemption {
            org,
            item_id: item.id,
            child,
            item_name: &item.name,
            emoji: &item.emoji,
            price_cents: item.price_cents,
        },
    )
    .await?;
    kit::outbox::enqueue(
        tx,
        &RedemptionRequested {
            redemption_id: row.id.to_string(),
            organization_id: org.to_string(),
            child_id: child.to_string(),
            item_id: item.id.to_string(),
            price_cents: item.price_cents,
        },
    )
    .await?;
    Ok(row)
}

/// A parent's answer to a redemption: approve or reject, with a note, at a time.
pub struct Decision<'a> {
    pub approve: bool,
    pub note: &'a str,
    pub parent: Uuid,
    pub at: DateTime<Utc>,
}

/// Decides a pending redemption (the caller's transaction). Approval takes
/// the price from the child's SPEND jar and one from stock, or nothing at
/// all: the jar must cover it and the item must still be there, in stock.
pub async fn decide(
    tx: &mut PgConnection,
    org: Uuid,
    id: Uuid,
    decision: &Decision<'_>,
    name_of: &(dyn Fn(Uuid) -> String + Sync),
) -> Result<RedemptionRow, Error> {
    let &Decision {
        approve,
        note,
        parent,
        at,
    } = decision;
    let row = store::redemptions::lock(tx, org, id)
        .await?
        .ok_or(Error::RedemptionNotFound)?;
    if row.status != PENDING {
        return Err(Error::AlreadyDecided {
            approved: row.status == APPROVED,
        });
    }
    if approve {
        store::ledger::lock_child(tx, row.child_id).await?;
        let spend = store::ledger::jars(tx, org, row.child_id).await?.spend;
        if spend < row.price_cents {
            return Err(Error::CannotAfford {
                name: name_of(row.child_id),
                item: row.item_name,
                price_cents: row.price_cents,
                spend_cents: spend,
            });
        }
        let item = store::store_items::find(tx, org, row.item_id).await?;
        if item.is_none_or(|item| item.deleted_at.is_some()) {
            return Err(Error::ItemRemoved);
        }
        if !store::store_items::take_one(tx, org, row.item_id).await? {
            return Err(Error::OutOfStock(row.item_name));
        }
        store::ledger::insert(
            tx,
            &NewEntry {
                org,
                child: row.child_id,
                kind: Kind::Redemption,
                jar: Jar::Spend,
                source_id: &row.id.to_string(),
                amount_cents: -row.price_cents,
                notes: &row.item_name,
                created_by: Some(parent),
                occurred_at: at,
            },
        )
        .await?
        .ok_or_else(|| anyhow::anyhow!("redemption already debited"))?;
    }
    let status = if approve { APPROVED } else { REJECTED };
    let decided = store::redemptions::decide(tx, id, status, note, parent, at).await?;
    kit::outbox::enqueue(
        tx,
        &RedemptionDecided {
            redemption_id: id.to_string(),
            organization_id: org.to_string(),
            child_id: row.child_id.to_string(),
            status: status.to_owned(),
        },
    )
    .await?;
    Ok(decided)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::error::testing::{parent, refused, unreachable_clients, unused_pool};

    /// A store whose database and services are never reached: every
    /// request here is refused before it would ask them.
    fn reward_store() -> RewardStore {
        RewardStore {
            pool: unused_pool(),
            clients: unreachable_clients(),
            clock: Clock::system(),
        }
    }

    #[tokio::test]
    async fn an_items_fields_are_refused_with_their_codes() {
        let (store, parent) = (reward_store(), parent());
        let item = |price_cents, stock| pb::StoreItemRequest {
            name: "Movie night".into(),
            price_cents,
            stock,
            ..Default::default()
        };
        let refusal = async |req: pb::StoreItemRequest| {
            refused(store.fields(&parent, &req).await.err().expect("refused"))
        };
        let (field, r) = refusal(pb::StoreItemRequest::default()).await;
        assert_eq!((field.as_str(), r), ("name", codes::required(Label::Name)));
        let (field, r) = refusal(item(0, None)).await;
        assert_eq!((field.as_str(), r.code()), ("price", "PRICE_NOT_POSITIVE"));
        let (field, r) = refusal(item(PRICE_MAX + 1, None)).await;
        assert_eq!((field.as_str(), r.code()), ("price", "PRICE_TOO_HIGH"));
        assert_eq!(r.message(), "Price must be at most $10,000.00");
        let (field, r) = refusal(item(500, Some(STOCK_MAX + 1))).await;
        assert_eq!((field.as_str(), r.code()), ("stock", "STOCK_OUT_OF_RANGE"));
        assert_eq!(r.message(), "Stock must be a whole number from 0 to 100000");
        let long = pb::StoreItemRequest {
            emoji: "🎬".repeat(EMOJI_MAX + 1),
            ..item(500, None)
        };
        let (field, r) = refusal(long).await;
        assert_eq!(
            (field.as_str(), r),
            ("emoji", codes::too_long(Label::Emoji, 16))
        );
    }

    #[tokio::test]
    async fn a_status_and_a_note_are_checked_before_anything_is_read() {
        let (store, parent) = (reward_store(), parent());
        let err = store
            .redemptions(&parent, Uuid::nil(), "LOST")
            .await
            .unwrap_err();
        let (field, r) = refused(err);
        assert_eq!(
            (field.as_str(), r.code()),
            ("status", "REDEMPTION_STATUS_INVALID")
        );
        assert_eq!(r.message(), "Status must be PENDING, APPROVED or REJECTED");
        let decide = |status: &str, note: String| pb::DecideRedemptionRequest {
            id: Uuid::now_v7().to_string(),
            status: status.into(),
            note,
        };
        let err = store
            .decide(&parent, Uuid::nil(), decide(PENDING, String::new()))
            .await
            .unwrap_err();
        let (field, r) = refused(err);
        assert_eq!(r.message(), "Status must be APPROVED or REJECTED");
        assert_eq!((field.as_str(), r), ("status", codes::decision_invalid()));
        let err = store
            .decide(
                &parent,
                Uuid::nil(),
                decide(REJECTED, "n".repeat(NOTE_MAX + 1)),
            )
            .await
            .unwrap_err();
        let (field, r) = refused(err);
        assert_eq!((field.as_str(), r.code()), ("note", "TOO_LONG"));
        assert_eq!(r.message(), "Note must be at most 500 characters");
    }
}
