//! Chorely chores: categories, chores, submissions with photo proof, review.
//!
//! For now the service runs its database, event bus and health service; its
//! calls (drafted in `proto/chorely/chores/v1`) are added by the chores work.

pub mod config;
pub mod startup;
pub mod storage;
