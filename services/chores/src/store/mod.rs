//! SQL of the chores service, by what it stores: categories, chores and
//! their swapped turns, submissions, and the dashboards' counts over them.
//! Every query is scoped by the family id the caller's token carries; an id
//! of another family simply finds nothing.

pub mod allowances;
pub mod assignments;
pub mod categories;
pub mod children;
pub mod chores;
pub mod families;
pub mod feeds;
pub mod missed;
pub mod pauses;
pub mod reminders;
pub mod stats;
pub mod submissions;
pub mod turns;
