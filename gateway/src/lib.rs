//! The gateway: Chorely's `/api` JSON interface over the gRPC services, with
//! token checks, one mapping of service errors to HTTP, OpenAPI, request
//! tracing, and the web app served from the same origin.

pub mod auth;
pub mod clients;
pub mod config;
pub mod error;
pub mod extract;
pub mod json;
pub mod kept;
pub mod live;
pub mod money;
pub mod openapi;
pub mod photos;
pub mod profile;
pub mod routes;
pub mod startup;
pub mod tablet_scope;
pub mod web;
