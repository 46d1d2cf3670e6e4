//! SQL of the platform service, by what it stores: the directory's families,
//! their logins, children and chore counts, all kept from other services'
//! events, and the platform's totals over them.

pub mod children;
pub mod chores;
pub mod organizations;
pub mod totals;
pub mod users;
