//! Chorely rewards: ledger and balances, payouts, subjects and grades, multipliers.
//!
//! For now the service runs its database, event bus and health service; its
//! calls (drafted in `proto/chorely/rewards/v1`) are added by the rewards work.

pub mod config;
pub mod startup;
