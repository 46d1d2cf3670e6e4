//! `/dashboard/stats`, composed here from the services, asked in parallel.

use axum::{body::Bytes, extract::State, response::Response};
use chorely_proto::{
    chores::v1::{self as chores_pb, GetChoreStatsRequest, ListHistoryRequest},
    family::v1::ListChildrenRequest,
    rewards::v1::{self as rewards_pb, GetRewardStatsRequest, ListGoalsRequest},
};
use utoipa_axum::{router::OpenApiRouter, routes};

use super::AppState;
use crate::{
    auth::Authed,
    error::{ApiResult, ErrorBody},
    json::{
        CategoryName, ChildDashboard, ChildOverview, ChoreActivityView, ChoreSummary, Dashboard,
        GoalView, HistoryChore, JarAmounts, ParentDashboard, RecentActivity, Role,
        WeekEarningsView, time,
    },
    kept::{self, Key},
    money::to_dollars,
};

/// A child's Recent Activity shows this many reviewed chores.
const RECENT: i32 = 10;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(stats))
}

/// The dashboard: the family's figures for parents, their own for a child.
/// Months and days follow the family's time zone.
#[utoipa::path(get, path = "/dashboard/stats", tag = "dashboard", security(("bearer" = [])),
    responses((status = 200, body = Dashboard), (status = 403, body = ErrorBody)))]
async fn stats(State(state): State<AppState>, user: Authed) -> ApiResult<Response> {
    let key = Key::dashboard(&user.0);
    let body = state.kept.or_compose(key, compose(&state, &user)).await?;
    Ok(kept::json(body))
}

/// The dashboard as JSON, asked of the services.
async fn compose(state: &AppState, user: &Authed) -> ApiResult<Bytes> {
    let dashboard = if user.0.role.is_parent() {
        Dashboard::Parent(parent(state, user).await?)
    } else {
        Dashboard::Child(child(state, user).await?)
    };
    kept::to_json(&dashboard, "a dashboard")
}

fn activity(items: Vec<chores_pb::ChoreActivity>) -> Vec<ChoreActivityView> {
    items
        .into_iter()
        .filter_map(|a| {
            let chore = a.chore?;
            Some(ChoreActivityView {
                chore: ChoreSummary {
                    id: chore.id,
                    name: chore.name,
                    category: CategoryName {
                        name: chore.category_name,
                    },
                },
                completions: a.completions,
            })
        })
        .collect()
}

/// A child's balance among those the rewards service answered (none: no
/// entry yet, so nothing).
fn balance(balances: &[rewards_pb::ChildBalance], child: &str) -> i64 {
    balances
        .iter()
        .find(|b| b.child_id == child)
        .map_or(0, |b| b.balance_cents)
}

/// A child's jars among those the rewards service answered.
fn jars(balances: &[rewards_pb::ChildBalance], child: &str) -> JarAmounts {
    balances
        .iter()
        .find(|b| b.child_id == child)
        .map_or_else(JarAmounts::default, |b| {
            JarAmounts::of_cents(b.spend_cents, b.save_cents, b.give_cents)
        })
}

/// Every savings goal the viewer may see (a parent: the family's; a child:
/// their own), asked beside the other figures.
async fn goals(state: &AppState, user: &Authed) -> Result<Vec<rewards_pb::Goal>, tonic::Status> {
    Ok(state
        .clients
        .savings(user)
        .list_goals(ListGoalsRequest {
            child_id: String::new(),
        })
        .await?
        .into_inner()
        .goals)
}

fn goals_of(goals: &[rewards_pb::Goal], child: &str) -> Vec<GoalView> {
    goals
        .iter()
        .filter(|g| g.child_id == child)
        .cloned()
        .map(GoalView::from)
        .collect()
}

async fn parent(state: &AppState, user: &Authed) -> ApiResult<ParentDashboard> {
    let (children, chores, money, goals) = tokio::try_join!(
        async {
            state
                .clients
                .family(user)
                .list_children(ListChildrenRequest {})
                .await
        },
        async {
            state
                .clients
                .chores(user)
                .get_chore_stats(GetChoreStatsRequest {})
                .await
        },
        async {
            state
                .clients
                .rewards(user)
                .get_reward_stats(GetRewardStatsRequest {})
                .await
        },
        goals(state, user),
    )?;
    let children = children.into_inner().children;
    let (chores, money) = (chores.into_inner(), money.into_inner());
    let balance_of = |id: &str| balance(&money.balances, id);
    let overview = children
        .iter()
        .map(|c| {
            let counts = chores.children.iter().find(|s| s.child_id == c.id);
            ChildOverview {
                id: c.id.clone(),
                name: c.name.clone(),
                balance: to_dollars(balance_of(&c.id)),
                jars: jars(&money.balances, &c.id),
                pending_submissions: counts.map_or(0, |s| s.pending),
                completed_this_month: counts.map_or(0, |s| s.completed_this_month),
                completed_last_30_days: counts.map_or(0, |s| s.completed_last_30_days),
                missed_last_30_days: counts.map_or(0, |s| s.missed_last_30_days),
                goals: goals_of(&goals, &c.id),
            }
        })
        .collect::<Vec<_>>();
    Ok(ParentDashboard {
        role: Role::parse(user.0.role.as_str()).unwrap_or(Role::ORG_MEMBER),
        total_children: i32::try_from(children.len()).unwrap_or(i32::MAX),
        total_pending_submissions: chores.pending_total,
        pending_store_requests: money.pending_redemptions,
        total_balance: to_dollars(children.iter().map(|c| balance_of(&c.id)).sum()),
        total_paid_out_this_month: to_dollars(money.paid_out_this_month_cents),
        most_active_chores: activity(chores.most_active),
        least_active_chores: activity(chores.least_active),
        children: overview,
    })
}

async fn child(state: &AppState, user: &Authed) -> ApiResult<ChildDashboard> {
    let (chores, history, money, goals) = tokio::try_join!(
        async {
            state
                .clients
                .chores(user)
                .get_chore_stats(GetChoreStatsRequest {})
                .await
        },
        async {
            state
                .clients
                .chores(user)
                .list_history(ListHistoryRequest {
                    limit: RECENT,
                    brief: true,
                })
                .await
        },
        async {
            state
                .clients
                .rewards(user)
                .get_reward_stats(GetRewardStatsRequest {})
                .await
        },
        goals(state, user),
    )?;
    let own = chores.into_inner().children.into_iter().next();
    let money = money.into_inner();
    let me = user.0.child.map(|id| id.to_string()).unwrap_or_default();
    Ok(ChildDashboard {
        role: Role::parse(user.0.role.as_str()).unwrap_or(Role::ORG_MEMBER),
        balance: to_dollars(balance(&money.balances, &me)),
        jars: jars(&money.balances, &me),
        pending_submissions: own.as_ref().map_or(0, |s| s.pending),
        completed_this_month: own.as_ref().map_or(0, |s| s.completed_this_month),
        earned_this_month: to_dollars(money.earned_this_month_cents),
        recent_history: history
            .into_inner()
            .submissions
            .into_iter()
            .map(|s| {
                let chore = s.chore.clone().unwrap_or_default();
                RecentActivity {
                    approved: s.status() == chores_pb::SubmissionStatus::Approved,
                    boosted_reward: to_dollars(s.boosted_reward_cents),
                    reviewed_at: time(s.reviewed_at.as_ref()),
                    chore: HistoryChore {
                        name: chore.name,
                        category: CategoryName {
                            name: chore.category_name,
                        },
                    },
                    id: s.id,
                }
            })
            .collect(),
        goals: goals_of(&goals, &me),
        weekly_earnings: money
            .weekly_earnings
            .into_iter()
            .map(|w| WeekEarningsView {
                week_start: w.week_start,
                amount: to_dollars(w.amount_cents),
            })
            .collect(),
    })
}
