//! Chorely rewards: ledger and balances, payouts, subjects and grades, multipliers.

pub mod config;
pub mod grpc;
pub mod startup;
