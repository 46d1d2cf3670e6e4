//! Webhooks: parents register endpoints that receive the family's events
//! (`registry`), the bus's events become deliveries recorded with the
//! consumer's progress (`record`), and a worker sends them signed, retrying
//! for 24 hours (`deliver`, `retry`), only ever to globally routable
//! addresses (`address`, `routable`).

pub mod address;
pub mod catalogue;
pub mod deliver;
pub mod excerpt;
pub mod grpc;
pub mod record;
pub mod registry;
pub mod retry;
pub mod routable;
pub mod signing;
