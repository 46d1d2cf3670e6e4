//! Jars and the reward store. Money is dollars, as everywhere in the API.

use chorely_proto::rewards::v1 as pb;
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::{Jar, RedemptionDecision, RedemptionStatus, time};
use crate::money::to_dollars;

/// What each jar holds, in dollars.
#[derive(Debug, Default, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct JarAmounts {
    pub spend: f64,
    pub save: f64,
    pub give: f64,
}

impl JarAmounts {
    pub fn of_cents(spend: i64, save: i64, give: i64) -> Self {
        Self {
            spend: to_dollars(spend),
            save: to_dollars(save),
            give: to_dollars(give),
        }
    }
}

/// How new earnings are split between the jars, in whole percent summing to 100.
#[derive(Debug, Default, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct Split {
    #[schema(required = true, minimum = 0, maximum = 100)]
    pub spend: i32,
    #[schema(required = true, minimum = 0, maximum = 100)]
    pub save: i32,
    #[schema(required = true, minimum = 0, maximum = 100)]
    pub give: i32,
}

/// A child's jars; `balance` (the spec's) is their sum.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct JarsView {
    pub child_id: String,
    pub spend: f64,
    pub save: f64,
    pub give: f64,
    pub balance: f64,
    pub split: Split,
}

impl From<pb::Jars> for JarsView {
    fn from(j: pb::Jars) -> Self {
        let split = j.split.unwrap_or_default();
        Self {
            child_id: j.child_id,
            spend: to_dollars(j.spend_cents),
            save: to_dollars(j.save_cents),
            give: to_dollars(j.give_cents),
            balance: to_dollars(j.balance_cents),
            split: Split {
                spend: split.spend,
                save: split.save,
                give: split.give,
            },
        }
    }
}

/// Money moved from one jar to another.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TransferBody {
    #[schema(value_type = Jar, required = true)]
    pub from: Option<Jar>,
    #[schema(value_type = Jar, required = true)]
    pub to: Option<Jar>,
    /// Dollars in whole cents, more than 0 and at most what `from` holds.
    #[schema(value_type = f64, required = true, exclusive_minimum = 0, multiple_of = 0.01)]
    pub amount: Option<f64>,
    #[schema(max_length = 500)]
    pub notes: Option<String>,
}

/// A reward in the family's store.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct StoreItemView {
    pub id: String,
    pub name: String,
    pub description: String,
    /// Dollars.
    pub price: f64,
    /// How many are left; null: no limit.
    pub stock: Option<i32>,
    /// The children it is offered to; empty: every child.
    pub child_ids: Vec<String>,
    pub emoji: String,
    pub created_at: Option<DateTime<Utc>>,
}

impl From<pb::StoreItem> for StoreItemView {
    fn from(i: pb::StoreItem) -> Self {
        Self {
            price: to_dollars(i.price_cents),
            created_at: time(i.created_at.as_ref()),
            id: i.id,
            name: i.name,
            description: i.description,
            stock: i.stock,
            child_ids: i.child_ids,
            emoji: i.emoji,
        }
    }
}

/// A store item as a parent writes it.
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct StoreItemBody {
    #[schema(required = true, min_length = 1, max_length = 100, pattern = r"\S")]
    pub name: String,
    #[schema(max_length = 500)]
    pub description: Option<String>,
    /// Dollars in whole cents, more than 0.
    #[schema(value_type = f64, required = true, exclusive_minimum = 0, maximum = 10000, multiple_of = 0.01)]
    pub price: Option<f64>,
    /// How many there are; null or absent: no limit.
    #[schema(minimum = 0, maximum = 100000)]
    pub stock: Option<i32>,
    /// The children it is offered to; empty or absent: every child.
    pub child_ids: Option<Vec<String>>,
    #[schema(max_length = 16)]
    pub emoji: Option<String>,
}

/// A child's request for a store item.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RedemptionView {
    pub id: String,
    pub item_id: String,
    pub item_name: String,
    pub emoji: String,
    pub child_id: String,
    pub child_name: String,
    /// The item's price when it was asked for, in dollars.
    pub price: f64,
    pub status: RedemptionStatus,
    /// The parent's note with the decision.
    pub note: String,
    pub requested_at: Option<DateTime<Utc>>,
    pub decided_at: Option<DateTime<Utc>>,
}

impl From<pb::Redemption> for RedemptionView {
    fn from(r: pb::Redemption) -> Self {
        Self {
            price: to_dollars(r.price_cents),
            status: RedemptionStatus::parse(&r.status).unwrap_or(RedemptionStatus::PENDING),
            requested_at: time(r.requested_at.as_ref()),
            decided_at: time(r.decided_at.as_ref()),
            id: r.id,
            item_id: r.item_id,
            item_name: r.item_name,
            emoji: r.emoji,
            child_id: r.child_id,
            child_name: r.child_name,
            note: r.note,
        }
    }
}

#[derive(Debug, Default, Deserialize, utoipa::IntoParams)]
#[serde(rename_all = "camelCase", default)]
#[into_params(parameter_in = Query, rename_all = "camelCase")]
pub struct RedemptionsQuery {
    /// Only redemptions of this status.
    pub status: Option<RedemptionStatus>,
}

/// A parent's decision on a redemption.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DecisionBody {
    #[schema(value_type = RedemptionDecision, required = true)]
    pub status: Option<RedemptionDecision>,
    /// Shown to the child, at most 500 characters.
    #[schema(max_length = 500)]
    pub note: Option<String>,
}
