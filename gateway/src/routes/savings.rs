//! Savings goals (the child, or a parent, sets them; progress comes from the
//! save jar) and statements (payslips) of a child's money.

use axum::{Json, extract::State, http::StatusCode};
use chorely_proto::rewards::v1 as pb;
use kit::codes::{self, Label};
use utoipa_axum::{router::OpenApiRouter, routes};

use super::{AppState, Body, Path, Query};
use crate::{
    auth::Authed,
    error::{ApiError, ApiResult, ErrorBody},
    json::{GoalBody, GoalView, StatementQuery, StatementView},
    money,
};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(list_goals, create_goal))
        .routes(routes!(update_goal, delete_goal))
        .routes(routes!(statement))
}

fn goal_request(id: String, child_id: String, body: GoalBody) -> ApiResult<pb::GoalRequest> {
    let target_cents = match body.target {
        Some(target) => money::to_cents(target, Label::Target, "target")?,
        None => return Err(ApiError::field("target", codes::required(Label::Target))),
    };
    Ok(pb::GoalRequest {
        id,
        child_id,
        name: body.name,
        target_cents,
        emoji: body.emoji.unwrap_or_default(),
    })
}

/// A child's savings goals, oldest first, each with progress from the save
/// jar (the child, or a parent).
#[utoipa::path(get, path = "/children/{id}/goals", tag = "savings", security(("bearer" = [])),
    params(("id" = String, Path)),
    responses((status = 200, body = [GoalView]),
        (status = 404, description = "No such child in the family", body = ErrorBody)))]
async fn list_goals(
    State(state): State<AppState>,
    user: Authed,
    Path(child_id): Path<String>,
) -> ApiResult<Json<Vec<GoalView>>> {
    let answer = state
        .clients
        .savings(&user)
        .list_goals(pb::ListGoalsRequest { child_id })
        .await?
        .into_inner();
    Ok(Json(answer.goals.into_iter().map(GoalView::from).collect()))
}

/// Sets a savings goal for a child (the child, or a parent); at most 20 per
/// child. A goal the save jar already covers is reached at once.
#[utoipa::path(post, path = "/children/{id}/goals", tag = "savings", security(("bearer" = [])),
    params(("id" = String, Path)), request_body = GoalBody,
    responses((status = 201, body = GoalView), (status = 400, body = ErrorBody),
        (status = 404, description = "No such child in the family", body = ErrorBody),
        (status = 409, description = "The child has 20 goals already", body = ErrorBody)))]
async fn create_goal(
    State(state): State<AppState>,
    user: Authed,
    Path(child_id): Path<String>,
    Body(body): Body<GoalBody>,
) -> ApiResult<(StatusCode, Json<GoalView>)> {
    let goal = state
        .clients
        .savings(&user)
        .create_goal(goal_request(String::new(), child_id, body)?)
        .await?
        .into_inner();
    Ok((StatusCode::CREATED, Json(goal.into())))
}

/// Changes a goal's name, target or emoji (its child, or a parent). A goal
/// once reached stays reached.
#[utoipa::path(put, path = "/goals/{id}", tag = "savings", security(("bearer" = [])),
    params(("id" = String, Path)), request_body = GoalBody,
    responses((status = 200, body = GoalView), (status = 400, body = ErrorBody),
        (status = 404, description = "No such goal of the family (or, to a child, of theirs)",
            body = ErrorBody)))]
async fn update_goal(
    State(state): State<AppState>,
    user: Authed,
    Path(id): Path<String>,
    Body(body): Body<GoalBody>,
) -> ApiResult<Json<GoalView>> {
    let goal = state
        .clients
        .savings(&user)
        .update_goal(goal_request(id, String::new(), body)?)
        .await?
        .into_inner();
    Ok(Json(goal.into()))
}

/// Removes a goal (its child, or a parent); the money stays in the save jar.
#[utoipa::path(delete, path = "/goals/{id}", tag = "savings", security(("bearer" = [])),
    params(("id" = String, Path)),
    responses((status = 204),
        (status = 404, description = "No such goal of the family (or, to a child, of theirs)",
            body = ErrorBody)))]
async fn delete_goal(
    State(state): State<AppState>,
    user: Authed,
    Path(id): Path<String>,
) -> ApiResult<StatusCode> {
    state
        .clients
        .savings(&user)
        .delete_goal(pb::DeleteGoalRequest { id })
        .await?;
    Ok(StatusCode::NO_CONTENT)
}

/// A child's statement (payslip) over some of the family's days (a week
/// when none are given): opening balance, every ledger line in order (an
/// approved chore with base × each multiplier part = amount), closing
/// balance, per jar and in total (the child, or a parent).
#[utoipa::path(get, path = "/children/{id}/statement", tag = "savings", security(("bearer" = [])),
    params(("id" = String, Path), StatementQuery),
    responses((status = 200, body = StatementView), (status = 400, body = ErrorBody),
        (status = 404, description = "No such child in the family", body = ErrorBody)))]
async fn statement(
    State(state): State<AppState>,
    user: Authed,
    Path(child_id): Path<String>,
    Query(query): Query<StatementQuery>,
) -> ApiResult<Json<StatementView>> {
    let statement = state
        .clients
        .savings(&user)
        .get_statement(pb::StatementRequest {
            child_id,
            from: query.from,
            to: query.to,
        })
        .await?
        .into_inner();
    Ok(Json(statement.into()))
}
