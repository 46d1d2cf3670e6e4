//! The auth service over gRPC, with the family and platform services it calls,
//! against real PostgreSQL and NATS.

#![allow(clippy::unwrap_used)]

mod events;
mod family_facts;
mod helpers;
mod invitations;
mod login;
mod notifications;
mod register;
mod relay;
mod tokens;
