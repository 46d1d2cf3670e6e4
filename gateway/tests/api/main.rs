//! The gateway over HTTP in front of the real services.

#![allow(clippy::unwrap_used)]

mod addresses;
mod admin;
mod allowance;
mod auth;
mod between_steps;
mod board;
mod calendar;
mod chores;
mod chores_kept;
mod contract;
mod dashboard;
mod dashboard_kept;
mod devices;
mod family;
mod goals;
mod headers;
mod helpers;
mod jars;
mod latency;
mod live;
mod mfa;
mod missed;
mod notifications;
mod parents;
mod passwords;
mod pauses;
mod recovery;
mod reminders;
mod rewards;
mod schedule;
mod sessions;
mod statement;
mod step_up;
mod store;
mod submission_keys;
mod submissions;
mod submissions_kept;
mod tablet;
mod walls;
mod webhooks;
mod week;
