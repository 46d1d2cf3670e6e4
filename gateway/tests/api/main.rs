//! The gateway over HTTP in front of the real services.

#![allow(clippy::unwrap_used)]

mod auth;
mod family;
mod helpers;
