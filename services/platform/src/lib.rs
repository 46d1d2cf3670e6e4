//! The platform service: each family's plan, subscription and active state,
//! and the operator's directory of families built from other services' events.

pub mod config;
pub mod console;
pub mod directory;
pub mod error;
pub mod events;
pub mod grpc;
pub mod startup;
pub mod store;
