//! Since when a child can owe a chore: no one owes a deadline that passed
//! before the chore existed, before their part in it began, or before they
//! did. Each is an instant, not a date: a chore made at 23:56 is not owed
//! by a due time of 07:00 that day, and a date set in one time zone says
//! nothing of a due time read in another after the family moved.

use std::collections::HashMap;

use chrono::{DateTime, Utc};
use uuid::Uuid;

use super::{Mode, Rules};

/// A child of the family and since when this service has known them: never
/// before they were created (it hears of a child once they exist).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Child {
    pub id: Uuid,
    pub known_since: DateTime<Utc>,
}

/// When the parts of a chore that say who owes it began. None began
/// before the chore was made.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Since {
    /// Its periods and turns began to count as they do now: it was made, or
    /// who takes part, in what order, how or how often last changed. A turn
    /// is owed only in the rotation as it stands.
    pub periods: DateTime<Utc>,
    /// It came to be for the children it is for, the way it is: it was
    /// made, or its mode or which children it is for last changed.
    pub children: DateTime<Utc>,
    /// When each assigned child was assigned, in the chore's mode of now; a
    /// child not here (assigned by an older release) is taken as assigned
    /// at `children`.
    pub assigned: HashMap<Uuid, DateTime<Utc>>,
}

impl Since {
    /// The first moment `child` can owe the chore of `rules`: the later of
    /// their part's beginning and their own.
    pub fn first_owed(&self, rules: &Rules, child: &Child) -> DateTime<Utc> {
        let part = match rules.mode {
            Mode::Rotate => self.periods,
            _ if rules.assigned.is_empty() => self.children,
            _ => self
                .assigned
                .get(&child.id)
                .copied()
                .unwrap_or(self.children),
        };
        part.max(child.known_since)
    }
}
