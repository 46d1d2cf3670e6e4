//! JSON shapes of `/dashboard/stats` (spec §3): one for parents, one for a child.

use chrono::{DateTime, Utc};
use serde::Serialize;
use utoipa::ToSchema;

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CategoryName {
    pub name: String,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ChoreSummary {
    pub id: String,
    pub name: String,
    pub category: CategoryName,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ChoreActivityView {
    pub chore: ChoreSummary,
    /// Approved completions in the last 30 days.
    pub completions: i32,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ChildOverview {
    pub id: String,
    pub name: String,
    pub balance: f64,
    /// What each of the child's jars holds (their sum is `balance`).
    pub jars: super::JarAmounts,
    pub pending_submissions: i32,
    /// Approved chores since the 1st of this month (family's calendar).
    pub completed_this_month: i32,
    /// Approved chores in the last 30 days.
    pub completed_last_30_days: i32,
    /// Chores missed on due days of the family's last 30 days, excused ones
    /// left out.
    pub missed_last_30_days: i32,
    /// The child's savings goals, oldest first, with progress from the save jar.
    pub goals: Vec<super::GoalView>,
}

/// What parents see.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ParentDashboard {
    pub role: super::Role,
    pub total_children: i32,
    pub total_pending_submissions: i32,
    /// Store redemptions waiting for a parent's decision.
    pub pending_store_requests: i32,
    pub total_balance: f64,
    pub total_paid_out_this_month: f64,
    pub most_active_chores: Vec<ChoreActivityView>,
    pub least_active_chores: Vec<ChoreActivityView>,
    pub children: Vec<ChildOverview>,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct HistoryChore {
    pub name: String,
    pub category: CategoryName,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RecentActivity {
    pub id: String,
    pub chore: HistoryChore,
    pub approved: bool,
    pub boosted_reward: f64,
    pub reviewed_at: Option<DateTime<Utc>>,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct WeekEarningsView {
    /// Monday, `YYYY-MM-DD`.
    pub week_start: String,
    pub amount: f64,
}

/// What a child sees.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ChildDashboard {
    pub role: super::Role,
    pub balance: f64,
    /// What each of the child's jars holds (their sum is `balance`).
    pub jars: super::JarAmounts,
    pub pending_submissions: i32,
    pub completed_this_month: i32,
    pub earned_this_month: f64,
    pub recent_history: Vec<RecentActivity>,
    /// The last 8 weeks, oldest first.
    pub weekly_earnings: Vec<WeekEarningsView>,
    /// The child's savings goals, oldest first, with progress from the save jar.
    pub goals: Vec<super::GoalView>,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(untagged)]
pub enum Dashboard {
    Parent(ParentDashboard),
    Child(ChildDashboard),
}
