//! What the multipliers of a family's children are worked out from, read in
//! one statement.
//!
//! Each summary of a family's children (the children page, the review
//! queue's pay previews) and each approval needs five sets per child: their
//! subjects, each subject's latest grade, the days they had a chore approved,
//! their last unexcused miss and the family's pauses. As five queries, one
//! after another on one connection, they were five round trips, and on two
//! cores each trip's fixed cost (both processes woken, a statement and its
//! transaction begun and ended) outweighed the few rows it read: the rewards
//! service and its database spent 1.6 ms of CPU on the review queue's
//! `GET /api/submissions`, more than the list itself. Each set comes back
//! here as one JSON column of a single row, in the order the callers need.

use std::collections::HashMap;

use chrono::{DateTime, NaiveDate, Utc};
use kit::db::Traced;
use serde::Deserialize;
use sqlx::types::Json;
use uuid::Uuid;

use crate::{
    error::Error,
    store::{grades::GradeRow, subjects::SubjectRow},
};

/// The five sets, for the children asked about.
#[derive(Debug, Default)]
pub struct Evidence {
    /// The children the sets are of: those asked about, or every child of
    /// the family this service has heard of (see [`Children`]).
    pub children: Vec<Uuid>,
    pub subjects: Vec<SubjectRow>,
    /// The latest grade of each of those subjects (the one that counts).
    pub grades: Vec<GradeRow>,
    /// Per child, the days (in the family's time zone) with a chore
    /// approved, newest first.
    pub chore_days: HashMap<Uuid, Vec<NaiveDate>>,
    /// Per child, the last day they missed a chore that was not excused.
    pub last_missed: HashMap<Uuid, NaiveDate>,
    /// The family's pauses that had not ended: (child, from, to), both days
    /// included, the child `None` for a pause of the whole family.
    pub pauses: Vec<(Option<Uuid>, NaiveDate, NaiveDate)>,
}

#[derive(Debug, Deserialize)]
struct ChoreDay {
    child_id: Uuid,
    day: NaiveDate,
}

#[derive(Debug, Deserialize)]
struct Missed {
    child_id: Uuid,
    last: NaiveDate,
}

#[derive(Debug, Deserialize)]
struct Pause {
    child_id: Option<Uuid>,
    starts_on: NaiveDate,
    ends_on: NaiveDate,
}

/// Whose evidence to read.
#[derive(Debug, Clone, Copy)]
pub enum Children<'a> {
    /// These children.
    These(&'a [Uuid]),
    /// Every child of the family this service has heard of (the family
    /// service's `ChildCreated`, until `ChildDeleted`): read before the
    /// family service has answered who its children are, so the two are
    /// asked at once. A child not heard of yet is not in it (the caller
    /// asks again for them: [`Evidence::children`] says who is).
    Known,
}

/// The evidence on `children` of `org`: chore days since `since` counted in
/// `tz`, misses and pauses from the day `window_start` on.
pub async fn of_children(
    db: impl sqlx::PgExecutor<'_>,
    org: Uuid,
    children: Children<'_>,
    tz: &str,
    since: DateTime<Utc>,
    window_start: NaiveDate,
) -> Result<Evidence, Error> {
    let asked = match children {
        Children::These(ids) => Some(ids),
        Children::Known => None,
    };
    // The known children are read in the same statement (one round trip):
    // `known` is every id the sets below are of.
    let row = sqlx::query!(
        r#"WITH known AS MATERIALIZED (
             SELECT COALESCE($2::uuid[], ARRAY(SELECT child_id FROM children
                                               WHERE organization_id = $1
                                                 AND deleted_at IS NULL)) AS ids
           )
           SELECT
             (SELECT ids FROM known) AS "children!: Vec<Uuid>",
             (SELECT COALESCE(json_agg(s), '[]')
                FROM (SELECT id, child_id, name, teacher, period, grade_scale, custom_scale,
                             is_active
                        FROM subjects
                       WHERE organization_id = $1 AND child_id = ANY((SELECT ids FROM known)::uuid[])) s
             ) AS "subjects!: Json<Vec<SubjectRow>>",
             (SELECT COALESCE(json_agg(g), '[]')
                FROM (SELECT DISTINCT ON (g.subject_id)
                             g.subject_id, g.letter, g.percentage_centi, g.recorded_at
                        FROM grades g JOIN subjects s ON s.id = g.subject_id
                       WHERE s.organization_id = $1 AND s.child_id = ANY((SELECT ids FROM known)::uuid[])
                       ORDER BY g.subject_id, g.recorded_at DESC, g.id DESC) g
             ) AS "grades!: Json<Vec<GradeRow>>",
             (SELECT COALESCE(json_agg(d ORDER BY d.child_id, d.day DESC), '[]')
                FROM (SELECT DISTINCT child_id, (occurred_at AT TIME ZONE $3)::date AS day
                        FROM ledger_entries
                       WHERE child_id = ANY((SELECT ids FROM known)::uuid[]) AND kind = 'CHORE' AND occurred_at >= $4) d
             ) AS "chore_days!: Json<Vec<ChoreDay>>",
             (SELECT COALESCE(json_agg(m), '[]')
                FROM (SELECT child_id, max(due_on) AS last
                        FROM misses
                       WHERE child_id = ANY((SELECT ids FROM known)::uuid[]) AND excused_at IS NULL AND due_on >= $5
                       GROUP BY child_id) m
             ) AS "missed!: Json<Vec<Missed>>",
             (SELECT COALESCE(json_agg(p), '[]')
                FROM (SELECT child_id, starts_on, ends_on
                        FROM pauses
                       WHERE organization_id = $1 AND NOT removed AND ends_on >= $5) p
             ) AS "pauses!: Json<Vec<Pause>>""#,
        org,
        asked as Option<&[Uuid]>,
        tz,
        since,
        window_start,
    )
    .fetch_one(db)
    .traced("standing_evidence")
    .await?;
    let mut chore_days: HashMap<Uuid, Vec<NaiveDate>> = HashMap::new();
    for ChoreDay { child_id, day } in row.chore_days.0 {
        chore_days.entry(child_id).or_default().push(day);
    }
    Ok(Evidence {
        children: row.children,
        subjects: row.subjects.0,
        grades: row.grades.0,
        chore_days,
        last_missed: row
            .missed
            .0
            .into_iter()
            .map(|m| (m.child_id, m.last))
            .collect(),
        pauses: row
            .pauses
            .0
            .into_iter()
            .map(|p| (p.child_id, p.starts_on, p.ends_on))
            .collect(),
    })
}
