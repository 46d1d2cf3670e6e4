//! Chorely chores: categories, chores, submissions with photo proof, review.

pub mod allowances;
pub mod calendar;
pub mod catalogue;
pub mod clients;
pub mod config;
pub mod domain;
pub mod error;
pub mod events;
pub mod feed;
pub mod feeds;
pub mod grpc;
pub mod missed;
pub mod pause;
pub mod pauses;
pub mod photo;
pub mod planning;
pub mod reminders;
pub mod schedule;
pub mod startup;
pub mod stats;
pub mod storage;
pub mod store;
pub mod submissions;
pub mod view;
pub mod week;
