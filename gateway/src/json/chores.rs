//! JSON shapes of categories, chores and submissions.

use chorely_proto::{chores::v1 as pb, rewards::v1 as rewards_pb};
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use super::{AssignmentMode, MultiplierView, ReviewDecision, SubmissionStatus, TodayStatus, time};
use crate::money::to_dollars;

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct CategoryBody {
    #[schema(required = true, min_length = 1, max_length = 100, pattern = r"\S")]
    pub name: String,
    #[schema(max_length = 500)]
    pub description: Option<String>,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Category {
    pub id: String,
    pub name: String,
    pub description: String,
    /// Active chores in the category.
    pub chore_count: i32,
}

impl From<pb::Category> for Category {
    fn from(c: pb::Category) -> Self {
        Self {
            id: c.id,
            name: c.name,
            description: c.description,
            chore_count: c.chore_count,
        }
    }
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct ChoreBody {
    #[schema(required = true, min_length = 1, max_length = 100, pattern = r"\S")]
    pub name: String,
    #[schema(max_length = 500)]
    pub description: Option<String>,
    /// Dollars in whole cents, 0 or more.
    #[schema(value_type = f64, required = true, minimum = 0, maximum = 10000, multiple_of = 0.01)]
    pub base_reward: Option<f64>,
    #[schema(required = true, min_length = 1)]
    pub category_id: String,
    /// 0 (anytime), 1, 2, 3, 7, 14 or 30; 0 when absent.
    pub frequency_days: Option<FrequencyDays>,
    pub requires_photo: Option<bool>,
    /// The children it is for, each a child of the family, in turn order;
    /// every child when empty or absent. ROTATE needs at least two.
    #[schema(value_type = Option<Vec<uuid::Uuid>>, max_items = 100)]
    pub assigned_child_ids: Option<Vec<String>>,
    /// EACH when absent.
    pub assignment_mode: Option<AssignmentMode>,
    /// The ISO weekdays it is due on (1 Monday … 7 Sunday), each once;
    /// unscheduled when empty or absent (its frequency decides).
    #[schema(value_type = Option<Vec<IsoWeekday>>, max_items = 7)]
    pub due_days: Option<Vec<i32>>,
    /// HH:MM in the family's time zone, with due days; due by the end of
    /// the day when absent.
    #[schema(pattern = r"^([01][0-9]|2[0-3]):[0-5][0-9]$")]
    pub due_time: Option<String>,
    /// Dollars in whole cents taken from the child's balance (never below
    /// zero) when a due day passes with nothing sent; 0 when absent. Needs
    /// due days.
    #[schema(value_type = Option<f64>, minimum = 0, maximum = 10000, multiple_of = 0.01)]
    pub missed_penalty: Option<f64>,
}

/// An ISO weekday: 1 Monday … 7 Sunday (documents `dueDays`' items).
pub struct IsoWeekday;

impl utoipa::PartialSchema for IsoWeekday {
    fn schema() -> utoipa::openapi::RefOr<utoipa::openapi::schema::Schema> {
        utoipa::openapi::schema::ObjectBuilder::new()
            .schema_type(utoipa::openapi::schema::Type::Integer)
            .format(Some(utoipa::openapi::schema::SchemaFormat::KnownFormat(
                utoipa::openapi::schema::KnownFormat::Int32,
            )))
            .minimum(Some(1))
            .maximum(Some(7))
            .description(Some("An ISO weekday: 1 Monday … 7 Sunday."))
            .into()
    }
}

impl ToSchema for IsoWeekday {}

/// How many days a chore stays unavailable after it is done: 0 is anytime.
#[derive(
    Debug,
    Clone,
    Copy,
    PartialEq,
    Eq,
    serde_repr::Serialize_repr,
    serde_repr::Deserialize_repr,
    ToSchema,
)]
#[repr(i32)]
pub enum FrequencyDays {
    Anytime = 0,
    Daily = 1,
    TwoDays = 2,
    ThreeDays = 3,
    Weekly = 7,
    BiWeekly = 14,
    Monthly = 30,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CategoryRef {
    pub id: String,
    pub name: String,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Chore {
    pub id: String,
    pub name: String,
    pub description: String,
    /// Dollars.
    pub base_reward: f64,
    pub category_id: String,
    pub category: CategoryRef,
    pub frequency_days: i32,
    pub requires_photo: bool,
    /// False once retired (still shown in history).
    pub is_active: bool,
    /// The children it is for, in turn order; empty for every child.
    pub assigned_child_ids: Vec<String>,
    pub assignment_mode: AssignmentMode,
    /// ISO weekdays it is due on (1 Monday … 7 Sunday); empty when unscheduled.
    pub due_days: Vec<i32>,
    /// HH:MM in the family's time zone; null when due by the end of the day.
    pub due_time: Option<String>,
    /// Dollars taken when a due day passes with nothing sent.
    pub missed_penalty: f64,
}

impl From<pb::Chore> for Chore {
    fn from(c: pb::Chore) -> Self {
        let assignment_mode =
            AssignmentMode::from_proto(c.assignment_mode()).unwrap_or(AssignmentMode::EACH);
        Self {
            base_reward: to_dollars(c.base_reward_cents),
            category: CategoryRef {
                id: c.category_id.clone(),
                name: c.category_name,
            },
            category_id: c.category_id,
            id: c.id,
            name: c.name,
            description: c.description,
            frequency_days: c.frequency_days,
            requires_photo: c.requires_photo,
            is_active: c.is_active,
            assignment_mode,
            assigned_child_ids: c.assigned_child_ids,
            due_days: c.due_days,
            due_time: Some(c.due_time).filter(|t| !t.is_empty()),
            missed_penalty: to_dollars(c.missed_penalty_cents),
        }
    }
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Availability {
    pub chore_id: String,
    pub is_available: bool,
    /// When the chore can be done again; null for anytime chores and first times.
    pub next_available_at: Option<DateTime<Utc>>,
    /// Whole days until then, rounded up.
    pub days_remaining: i32,
}

impl From<pb::Availability> for Availability {
    fn from(a: pb::Availability) -> Self {
        Self {
            next_available_at: time(a.next_available_at.as_ref()),
            chore_id: a.chore_id,
            is_available: a.is_available,
            days_remaining: a.days_remaining,
        }
    }
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Submission {
    pub id: String,
    pub chore: Option<Chore>,
    pub child_id: String,
    pub child_name: String,
    /// Dollars: the chore's reward when submitted.
    pub base_reward: f64,
    /// Dollars: what the approval paid (0 until approved).
    pub boosted_reward: f64,
    /// The multiplier the approval used; null until approved.
    pub multiplier: Option<f64>,
    pub completed_at: Option<DateTime<Utc>>,
    pub submitted_at: Option<DateTime<Utc>>,
    pub notes: String,
    /// A link to the photo that works for a few minutes; null without a photo.
    pub photo_url: Option<String>,
    pub status: SubmissionStatus,
    pub admin_notes: String,
    pub reviewed_at: Option<DateTime<Utc>>,
    pub approved: bool,
    /// Submitted after the chore's due time.
    pub late: bool,
    /// What approving it would pay now, in the review queue: null once
    /// reviewed, and when the child's multiplier could not be read.
    pub pay_preview: Option<PayPreview>,
}

/// The base reward times the child's multiplier at this moment: the same
/// multiplier and rounding an approval uses.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PayPreview {
    /// Dollars.
    pub reward: f64,
    pub multiplier: MultiplierView,
}

impl PayPreview {
    pub fn new(base_reward_cents: i64, multiplier: rewards_pb::Multiplier) -> Self {
        Self {
            reward: to_dollars(kit::money::boosted(
                base_reward_cents,
                multiplier.total_milli,
            )),
            multiplier: multiplier.into(),
        }
    }
}

impl From<pb::Submission> for Submission {
    fn from(s: pb::Submission) -> Self {
        let status = s.status();
        Self {
            status: SubmissionStatus::from_proto(status).unwrap_or(SubmissionStatus::PENDING),
            approved: status == pb::SubmissionStatus::Approved,
            base_reward: to_dollars(s.base_reward_cents),
            boosted_reward: to_dollars(s.boosted_reward_cents),
            multiplier: (s.multiplier_milli > 0).then(|| f64::from(s.multiplier_milli) / 1000.0),
            completed_at: time(s.completed_at.as_ref()),
            submitted_at: time(s.submitted_at.as_ref()),
            reviewed_at: time(s.reviewed_at.as_ref()),
            photo_url: Some(s.photo_url)
                .filter(|u| !u.is_empty())
                .and_then(|u| crate::photos::link(&u)),
            chore: s.chore.map(Chore::from),
            id: s.id,
            child_id: s.child_id,
            child_name: s.child_name,
            notes: s.notes,
            admin_notes: s.admin_notes,
            late: s.late,
            pay_preview: None,
        }
    }
}

#[derive(Debug, Default, Deserialize, IntoParams)]
#[serde(default)]
#[into_params(parameter_in = Query)]
pub struct SubmissionsQuery {
    /// All when absent.
    pub status: Option<SubmissionStatus>,
    /// Any list but the queue (`status=PENDING`): at most this many of the
    /// latest (50 when absent).
    #[param(minimum = 1, maximum = 200)]
    pub limit: Option<i32>,
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct ReviewBody {
    #[schema(value_type = ReviewDecision, required = true)]
    pub status: Option<ReviewDecision>,
    #[schema(max_length = 1000)]
    pub admin_notes: Option<String>,
}

/// The multipart form of `POST /submissions`.
#[derive(Debug, ToSchema)]
#[allow(dead_code)]
#[schema(rename_all = "camelCase")]
pub struct SubmissionForm {
    #[schema(min_length = 1)]
    pub chore_id: String,
    /// RFC 3339, not later than now.
    #[schema(format = DateTime)]
    pub completed_at: String,
    #[schema(max_length = 1000)]
    pub notes: Option<String>,
    /// JPEG, PNG or WebP, at most 10 MB.
    #[schema(value_type = Option<String>, format = Binary, content_media_type = "application/octet-stream")]
    pub photo: Option<Vec<u8>>,
}

#[derive(Debug, Default, Deserialize, IntoParams)]
#[serde(default, rename_all = "camelCase")]
#[into_params(parameter_in = Query, rename_all = "camelCase")]
pub struct TodayQuery {
    /// One child of the family (parents); a child may name only themselves.
    pub child_id: Option<String>,
}

/// A child of the family by name.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ChildRef {
    pub id: String,
    pub name: String,
}

impl From<pb::ChildRef> for ChildRef {
    fn from(c: pb::ChildRef) -> Self {
        Self {
            id: c.id,
            name: c.name,
        }
    }
}

/// The chores that concern each child today.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Today {
    /// The family's date today.
    #[schema(format = Date)]
    pub date: String,
    /// The family's time zone, which days and due times follow.
    pub time_zone: String,
    pub children: Vec<ChildToday>,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ChildToday {
    pub child_id: String,
    pub child_name: String,
    /// Due at a time first (soonest first), then the others.
    pub chores: Vec<TodayChore>,
    /// The last day of the pause the child is in today (pauses that meet
    /// count as one); null when not paused today.
    #[schema(format = Date)]
    pub paused_until: Option<String>,
}

/// A chore on a child's list today and where it stands.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TodayChore {
    pub chore: Chore,
    pub status: TodayStatus,
    /// When it is due today; null for a chore without due days.
    pub due_at: Option<DateTime<Utc>>,
    /// When the child can next do it, for a chore they cannot do now.
    pub next_available_at: Option<DateTime<Utc>>,
    /// Whose turn it is, for a chore in turns (ROTATE).
    pub turn: Option<ChildRef>,
    /// Who took it, when TAKEN.
    pub taken_by: Option<ChildRef>,
    /// The child's submission for this period, when DONE.
    pub submission: Option<TodaySubmission>,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TodaySubmission {
    pub id: String,
    pub status: SubmissionStatus,
    /// Submitted after the due time.
    pub late: bool,
}

impl From<pb::TodayChore> for TodayChore {
    fn from(t: pb::TodayChore) -> Self {
        let submission = (!t.submission_id.is_empty()).then(|| TodaySubmission {
            status: SubmissionStatus::from_proto(t.submission_status())
                .unwrap_or(SubmissionStatus::PENDING),
            id: t.submission_id.clone(),
            late: t.late,
        });
        Self {
            status: TodayStatus::from_proto(t.status()).unwrap_or(TodayStatus::TODO),
            chore: t
                .chore
                .map(Chore::from)
                .unwrap_or_else(|| Chore::from(pb::Chore::default())),
            due_at: time(t.due_at.as_ref()),
            next_available_at: time(t.next_available_at.as_ref()),
            turn: t.turn.map(ChildRef::from),
            taken_by: t.taken_by.map(ChildRef::from),
            submission,
        }
    }
}

impl From<pb::Today> for Today {
    fn from(t: pb::Today) -> Self {
        Self {
            date: t.date,
            time_zone: t.time_zone,
            children: t
                .children
                .into_iter()
                .map(|c| {
                    let child = c.child.unwrap_or_default();
                    ChildToday {
                        child_id: child.id,
                        child_name: child.name,
                        chores: c.chores.into_iter().map(TodayChore::from).collect(),
                        paused_until: Some(c.paused_until).filter(|day| !day.is_empty()),
                    }
                })
                .collect(),
        }
    }
}

#[derive(Debug, Default, Deserialize, IntoParams)]
#[serde(default)]
#[into_params(parameter_in = Query)]
pub struct WeekQuery {
    /// The week's first day (YYYY-MM-DD); the family's today when absent.
    #[param(format = Date)]
    pub from: Option<String>,
}

/// Who does what on seven days, for each child of the family.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Week {
    /// The week's first and last day, in the family's calendar.
    #[schema(format = Date)]
    pub from: String,
    #[schema(format = Date)]
    pub to: String,
    /// The family's time zone, which days and due times follow.
    pub time_zone: String,
    /// In the family's order of children.
    pub children: Vec<ChildWeek>,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ChildWeek {
    pub child_id: String,
    pub child_name: String,
    /// Seven days from `from`.
    pub days: Vec<WeekDay>,
}

/// One child's day.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct WeekDay {
    #[schema(format = Date)]
    pub date: String,
    /// Paused for the child or the family: nothing is owed that day.
    pub paused: bool,
    /// Due at a time first (soonest first), then the others.
    pub chores: Vec<WeekChore>,
}

/// A chore that is a child's on a day.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct WeekChore {
    pub chore_id: String,
    pub name: String,
    /// EACH (theirs, on their own), ROTATE (their turn) or FIRST_COME
    /// (theirs if they do it before their siblings).
    pub mode: AssignmentMode,
    /// When it is due that day; null for a chore without due days.
    pub due_at: Option<DateTime<Utc>>,
    /// Their turn by a parent's swap rather than by the order.
    pub swapped: bool,
}

impl From<pb::Week> for Week {
    fn from(w: pb::Week) -> Self {
        Self {
            from: w.from,
            to: w.to,
            time_zone: w.time_zone,
            children: w
                .children
                .into_iter()
                .map(|c| {
                    let child = c.child.unwrap_or_default();
                    ChildWeek {
                        child_id: child.id,
                        child_name: child.name,
                        days: c
                            .days
                            .into_iter()
                            .map(|d| WeekDay {
                                date: d.date,
                                paused: d.paused,
                                chores: d
                                    .chores
                                    .into_iter()
                                    .map(|c| WeekChore {
                                        mode: AssignmentMode::from_proto(c.mode())
                                            .unwrap_or(AssignmentMode::EACH),
                                        due_at: time(c.due_at.as_ref()),
                                        chore_id: c.chore_id,
                                        name: c.name,
                                        swapped: c.swapped,
                                    })
                                    .collect(),
                            })
                            .collect(),
                    }
                })
                .collect(),
        }
    }
}

#[derive(Debug, Default, Deserialize, IntoParams)]
#[serde(default)]
#[into_params(parameter_in = Query)]
pub struct TurnsQuery {
    /// How many turns from the current one: 7 when absent, at most 31.
    #[param(minimum = 1, maximum = 31)]
    pub count: Option<i32>,
}

/// The coming turns of a chore in turns (none for other chores).
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Turns {
    pub chore_id: String,
    /// From the current turn (or the next, on a day the chore is not due).
    pub turns: Vec<Turn>,
}

/// One period of a chore in turns and the child whose turn it is.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Turn {
    /// The first and last day of the turn, in the family's calendar.
    #[schema(format = Date)]
    pub starts_on: String,
    #[schema(format = Date)]
    pub ends_on: String,
    pub child: ChildRef,
    /// Given by a parent's swap rather than by the order.
    pub swapped: bool,
    /// Whose turn it was, when they are paused all through it and it
    /// passed to `child`, the next in the order who is not.
    pub covering: Option<ChildRef>,
}

impl From<pb::Turns> for Turns {
    fn from(t: pb::Turns) -> Self {
        Self {
            chore_id: t.chore_id,
            turns: t
                .turns
                .into_iter()
                .map(|turn| Turn {
                    starts_on: turn.starts_on,
                    ends_on: turn.ends_on,
                    child: turn.child.map(ChildRef::from).unwrap_or(ChildRef {
                        id: String::new(),
                        name: String::new(),
                    }),
                    swapped: turn.swapped,
                    covering: turn.covering.map(ChildRef::from),
                })
                .collect(),
        }
    }
}

/// Gives a turn to another child; the child who had it takes that child's
/// next turn.
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct SwapTurnBody {
    /// The child who takes the turn (one of the chore's assigned children).
    #[schema(required = true, min_length = 1)]
    pub child_id: String,
    /// A day of the turn to give, today or later (YYYY-MM-DD); today's when absent.
    #[schema(format = Date)]
    pub date: Option<String>,
}

#[derive(Debug, Default, Deserialize, IntoParams)]
#[serde(default, rename_all = "camelCase")]
#[into_params(parameter_in = Query, rename_all = "camelCase")]
pub struct MissedQuery {
    /// One child of the family (parents); a child may name only themselves.
    pub child_id: Option<String>,
    /// The first due date listed (YYYY-MM-DD); 30 days before `to` when absent.
    #[param(format = Date)]
    pub from: Option<String>,
    /// The last due date listed (YYYY-MM-DD); the family's today when absent.
    #[param(format = Date)]
    pub to: Option<String>,
}

/// A due day that passed with nothing sent by the child whose chore it was.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct MissedChore {
    pub id: String,
    pub chore_id: String,
    pub chore_name: String,
    pub child: ChildRef,
    /// The family's date it was due on.
    #[schema(format = Date)]
    pub due_on: String,
    pub due_at: Option<DateTime<Utc>>,
    /// Dollars: the chore's penalty then (what the balance allowed was taken).
    pub penalty: f64,
    /// When a parent excused it (its penalty given back); null until then.
    pub excused_at: Option<DateTime<Utc>>,
    pub excuse: String,
}

impl From<pb::MissedChore> for MissedChore {
    fn from(m: pb::MissedChore) -> Self {
        Self {
            child: m.child.map(ChildRef::from).unwrap_or(ChildRef {
                id: String::new(),
                name: String::new(),
            }),
            due_at: time(m.due_at.as_ref()),
            excused_at: time(m.excused_at.as_ref()),
            penalty: to_dollars(m.penalty_cents),
            id: m.id,
            chore_id: m.chore_id,
            chore_name: m.chore_name,
            due_on: m.due_on,
            excuse: m.excuse,
        }
    }
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct ExcuseBody {
    /// Why it is excused (shown in the history), at most 500 characters.
    #[schema(max_length = 500)]
    pub reason: Option<String>,
}
