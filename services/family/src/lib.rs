//! The family service: organizations (families), children and family settings.

pub mod children;
pub mod config;
pub mod domain;
pub mod error;
pub mod events;
pub mod families;
pub mod grpc;
pub mod startup;
pub mod store;
pub mod webhook;
