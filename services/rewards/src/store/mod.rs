//! SQL of the rewards service, by what it stores: the ledger, subjects and
//! grades, multiplier settings, and the families and children other services
//! announced. Every query of family data is scoped by the family id the
//! caller's token carries.

pub mod allowances;
pub mod children;
pub mod families;
pub mod goals;
pub mod grades;
pub mod jars;
pub mod ledger;
pub mod multipliers;
pub mod pauses;
pub mod penalties;
pub mod redemptions;
pub mod standings;
pub mod statements;
pub mod store_items;
pub mod subjects;
