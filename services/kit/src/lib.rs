//! Plumbing shared by every Chorely service, so each service's own code reads
//! like the product: configuration, telemetry, database and migrations, the
//! transactional outbox and its relay, durable consumers, JWT verification,
//! the caller's identity, error mapping and test helpers.

pub mod authn;
pub mod cli;
pub mod clock;
pub mod codes;
pub mod config;
pub mod consumer;
pub mod db;
pub mod error;
pub mod grpc;
pub mod jobs;
pub mod jwt;
pub mod memory;
pub mod metrics;
pub mod money;
pub mod nats;
pub mod outbox;
pub mod plans;
pub mod refusal;
pub mod revocation;
pub mod service;
pub mod shutdown;
pub mod telemetry;
pub mod tenancy;
pub mod time;
pub mod tls;
pub mod validate;

#[cfg(feature = "testing")]
pub mod testing;
