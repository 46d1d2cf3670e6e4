//! SQL of the family service, by what it stores: families and their children.

pub mod children;
pub mod organizations;
