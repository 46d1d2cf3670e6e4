//! SQL of the family service, by what it stores: families, their children and webhooks.

pub mod children;
pub mod organizations;
pub mod webhooks;
