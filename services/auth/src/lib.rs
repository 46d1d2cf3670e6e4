//! The auth service: accounts, passwords, tokens, invitations and membership.

pub mod accounts;
pub mod admins;
pub mod child_logins;
pub mod clients;
pub mod config;
pub mod devices;
pub mod domain;
pub mod error;
pub mod events;
pub mod families;
pub mod grpc;
pub mod mail;
pub mod mfa;
pub mod notify;
pub mod password;
pub mod recovery;
pub mod sessions;
pub mod startup;
pub mod step_up;
pub mod store;
pub mod tablets;
pub mod team;
pub mod view;
