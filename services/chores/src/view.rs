//! Rows as the gRPC messages callers receive.

use chorely_proto::chores::v1 as pb;
use kit::time::{opt_to_proto, to_proto};

use uuid::Uuid;

use crate::{
    schedule::{self, Mode},
    store::{categories::CategoryRow, chores::ChoreRow, submissions::SubmissionRow},
};

pub fn category(row: &CategoryRow) -> pb::Category {
    pb::Category {
        id: row.id.to_string(),
        name: row.name.clone(),
        description: row.description.clone(),
        chore_count: i32::try_from(row.chore_count).unwrap_or(i32::MAX),
    }
}

pub fn chore(row: &ChoreRow) -> pb::Chore {
    pb::Chore {
        id: row.id.to_string(),
        name: row.name.clone(),
        description: row.description.clone(),
        base_reward_cents: row.base_reward_cents,
        category_id: row.category_id.to_string(),
        category_name: row.category_name.clone(),
        frequency_days: row.frequency_days,
        requires_photo: row.requires_photo,
        is_active: row.is_active,
        assigned_child_ids: row.assigned_child_ids.iter().map(Uuid::to_string).collect(),
        assignment_mode: mode(Mode::parse(&row.assignment_mode)).into(),
        due_days: row.due_days.clone(),
        due_time: schedule::time_text(row.due_time),
        missed_penalty_cents: row.missed_penalty_cents,
    }
}

pub fn mode(mode: Mode) -> pb::AssignmentMode {
    match mode {
        Mode::Each => pb::AssignmentMode::Each,
        Mode::Rotate => pb::AssignmentMode::Rotate,
        Mode::FirstCome => pb::AssignmentMode::FirstCome,
    }
}

pub fn status(raw: &str) -> pb::SubmissionStatus {
    pb::SubmissionStatus::from_str_name(&format!("SUBMISSION_STATUS_{raw}"))
        .unwrap_or(pb::SubmissionStatus::Unspecified)
}

/// A submission; `child_name` and `photo_url` come from elsewhere (the family
/// service and the photo store).
pub fn submission(row: &SubmissionRow, child_name: String, photo_url: String) -> pb::Submission {
    pb::Submission {
        id: row.id.to_string(),
        chore: Some(chore(&row.chore())),
        child_id: row.child_id.to_string(),
        child_name,
        base_reward_cents: row.base_reward_cents,
        boosted_reward_cents: row.boosted_reward_cents.unwrap_or(0),
        completed_at: Some(to_proto(row.completed_at)),
        submitted_at: Some(to_proto(row.submitted_at)),
        notes: row.notes.clone(),
        photo_url,
        status: status(&row.status).into(),
        admin_notes: row.admin_notes.clone(),
        reviewed_at: opt_to_proto(row.reviewed_at),
        multiplier_milli: row.multiplier_milli.unwrap_or(0),
        late: row.late,
    }
}
