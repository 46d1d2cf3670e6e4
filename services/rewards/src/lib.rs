//! Chorely rewards: ledger, jars and balances, payouts, the reward store,
//! subjects and grades, multipliers, savings goals and statements.

pub mod access;
pub mod allowance;
pub mod allowance_grpc;
pub mod birthdays;
pub mod clients;
pub mod config;
pub mod error;
pub mod events;
pub mod grades;
pub mod grpc;
pub mod jars;
pub mod ledger;
pub mod multiplier;
pub mod multipliers;
pub mod pauses;
pub mod paydays;
pub mod penalties;
pub mod periods;
pub mod reward_store;
pub mod startup;
pub mod store;
pub mod subjects;

pub mod goals;
pub mod savings_grpc;
pub mod statement;
