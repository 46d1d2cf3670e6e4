//! Categories and chores of the signed-in user's family.

use axum::{Json, extract::State, http::StatusCode, response::Response};
use chorely_proto::chores::v1 as pb;
use kit::codes::{self, Label};
use utoipa_axum::{router::OpenApiRouter, routes};

use super::{AppState, Body, Path, Query};
use crate::{
    auth::Authed,
    error::{ApiError, ApiResult, ErrorBody},
    json::{
        Category, CategoryBody, Chore, ChoreBody, ExcuseBody, MissedChore, MissedQuery,
        SwapTurnBody, Today, TodayQuery, Turns, TurnsQuery, Week, WeekQuery,
    },
    kept::{self, Key},
    money,
};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(list_categories, create_category))
        .routes(routes!(update_category, delete_category))
        .routes(routes!(list_chores, create_chore))
        .routes(routes!(update_chore, retire_chore))
        .routes(routes!(today))
        .routes(routes!(week))
        .routes(routes!(turns))
        .routes(routes!(swap_turn))
        .routes(routes!(missed))
        .routes(routes!(excuse_missed))
}

/// The family's categories with their active chore counts.
#[utoipa::path(get, path = "/categories", tag = "chores", security(("bearer" = [])),
    responses((status = 200, body = [Category])))]
async fn list_categories(
    State(state): State<AppState>,
    user: Authed,
) -> ApiResult<Json<Vec<Category>>> {
    let answer = state
        .clients
        .chores(&user)
        .list_categories(pb::ListCategoriesRequest {})
        .await?
        .into_inner();
    Ok(Json(
        answer.categories.into_iter().map(Category::from).collect(),
    ))
}

/// Adds a category (parents only).
#[utoipa::path(post, path = "/categories", tag = "chores", security(("bearer" = [])),
    request_body = CategoryBody,
    responses((status = 201, body = Category), (status = 400, body = ErrorBody),
        (status = 409, description = "The name is taken", body = ErrorBody)))]
async fn create_category(
    State(state): State<AppState>,
    user: Authed,
    Body(body): Body<CategoryBody>,
) -> ApiResult<(StatusCode, Json<Category>)> {
    let category = state
        .clients
        .chores(&user)
        .create_category(pb::UpsertCategoryRequest {
            id: String::new(),
            name: body.name,
            description: body.description.unwrap_or_default(),
        })
        .await?
        .into_inner();
    Ok((StatusCode::CREATED, Json(category.into())))
}

/// Renames or describes a category (parents only).
#[utoipa::path(put, path = "/categories/{id}", tag = "chores", security(("bearer" = [])),
    params(("id" = String, Path)), request_body = CategoryBody,
    responses((status = 200, body = Category), (status = 400, body = ErrorBody),
        (status = 404, body = ErrorBody), (status = 409, body = ErrorBody)))]
async fn update_category(
    State(state): State<AppState>,
    user: Authed,
    Path(id): Path<String>,
    Body(body): Body<CategoryBody>,
) -> ApiResult<Json<Category>> {
    let category = state
        .clients
        .chores(&user)
        .update_category(pb::UpsertCategoryRequest {
            id,
            name: body.name,
            description: body.description.unwrap_or_default(),
        })
        .await?
        .into_inner();
    Ok(Json(category.into()))
}

/// Deletes a category with no active chores (parents only).
#[utoipa::path(delete, path = "/categories/{id}", tag = "chores", security(("bearer" = [])),
    params(("id" = String, Path)),
    responses((status = 204), (status = 404, body = ErrorBody),
        (status = 409, description = "Active chores still use it", body = ErrorBody)))]
async fn delete_category(
    State(state): State<AppState>,
    user: Authed,
    Path(id): Path<String>,
) -> ApiResult<StatusCode> {
    state
        .clients
        .chores(&user)
        .delete_category(pb::DeleteCategoryRequest { id })
        .await?;
    Ok(StatusCode::NO_CONTENT)
}

/// The family's active chores with their categories (every member).
#[utoipa::path(get, path = "/chores", tag = "chores", security(("bearer" = [])),
    responses((status = 200, body = [Chore])))]
async fn list_chores(State(state): State<AppState>, user: Authed) -> ApiResult<Response> {
    // Kept until the family changes (see `crate::kept`): nearly every screen
    // shows them, and they change seldom.
    let chores = async {
        let answer = state
            .clients
            .chores(&user)
            .list_chores(pb::ListChoresRequest {})
            .await?
            .into_inner();
        let chores: Vec<Chore> = answer.chores.into_iter().map(Chore::from).collect();
        kept::to_json(&chores, "the chores")
    };
    let body = state.kept.or_compose(Key::chores(&user.0), chores).await?;
    Ok(kept::json(body))
}

fn chore_request(id: String, body: ChoreBody) -> ApiResult<pb::UpsertChoreRequest> {
    let base_reward = body
        .base_reward
        .ok_or_else(|| ApiError::field("baseReward", codes::required(Label::BaseReward)))?;
    // No due time is null or absent; an empty text is no time of day.
    if body.due_time.as_deref() == Some("") {
        return Err(ApiError::field("dueTime", codes::due_time_invalid()));
    }
    Ok(pb::UpsertChoreRequest {
        id,
        name: body.name,
        description: body.description.unwrap_or_default(),
        base_reward_cents: money::to_cents(base_reward, Label::BaseReward, "baseReward")?,
        category_id: body.category_id,
        frequency_days: body.frequency_days.map_or(0, |f| f as i32),
        requires_photo: body.requires_photo.unwrap_or_default(),
        assigned_child_ids: body.assigned_child_ids.unwrap_or_default(),
        assignment_mode: body.assignment_mode.map_or(0, |m| m.to_proto()),
        due_days: body.due_days.unwrap_or_default(),
        due_time: body.due_time.unwrap_or_default(),
        missed_penalty_cents: body
            .missed_penalty
            .map(|p| money::to_cents(p, Label::MissedPenalty, "missedPenalty"))
            .transpose()?
            .unwrap_or_default(),
    })
}

/// Adds a chore within the family's plan limit (parents only). Who does it
/// (`assignedChildIds`, `assignmentMode`) and when (`dueDays`, `dueTime`)
/// are optional: without them every child does it on the frequency's rule.
#[utoipa::path(post, path = "/chores", tag = "chores", security(("bearer" = [])),
    request_body = ChoreBody,
    responses((status = 201, body = Chore), (status = 400, body = ErrorBody),
        (status = 403, description = "Not a parent, or the plan's chore limit is reached", body = ErrorBody),
        (status = 404, description = "No such category", body = ErrorBody)))]
async fn create_chore(
    State(state): State<AppState>,
    user: Authed,
    Body(body): Body<ChoreBody>,
) -> ApiResult<(StatusCode, Json<Chore>)> {
    let request = chore_request(String::new(), body)?;
    let chore = state
        .clients
        .chores(&user)
        .create_chore(request)
        .await?
        .into_inner();
    Ok((StatusCode::CREATED, Json(chore.into())))
}

/// Edits a chore, replacing every field (absent ones take their defaults);
/// submissions already made keep their reward. Changing who takes part,
/// their order, the mode, the frequency or the due days counts periods and
/// turns again from today (parents only).
#[utoipa::path(put, path = "/chores/{id}", tag = "chores", security(("bearer" = [])),
    params(("id" = String, Path)), request_body = ChoreBody,
    responses((status = 200, body = Chore), (status = 400, body = ErrorBody), (status = 404, body = ErrorBody)))]
async fn update_chore(
    State(state): State<AppState>,
    user: Authed,
    Path(id): Path<String>,
    Body(body): Body<ChoreBody>,
) -> ApiResult<Json<Chore>> {
    let request = chore_request(id, body)?;
    let chore = state
        .clients
        .chores(&user)
        .update_chore(request)
        .await?
        .into_inner();
    Ok(Json(chore.into()))
}

/// Retires a chore: it leaves the list, its history stays (parents only).
#[utoipa::path(delete, path = "/chores/{id}", tag = "chores", security(("bearer" = [])),
    params(("id" = String, Path)),
    responses((status = 204), (status = 404, body = ErrorBody)))]
async fn retire_chore(
    State(state): State<AppState>,
    user: Authed,
    Path(id): Path<String>,
) -> ApiResult<StatusCode> {
    state
        .clients
        .chores(&user)
        .retire_chore(pb::RetireChoreRequest { id })
        .await?;
    Ok(StatusCode::NO_CONTENT)
}

/// The chores that concern each child today, with where each stands: the
/// calling child's own, or for a parent every child's (or `childId`'s).
#[utoipa::path(get, path = "/chores/today", tag = "chores", security(("bearer" = [])),
    params(TodayQuery),
    responses((status = 200, body = Today),
        (status = 403, description = "A member without a child record", body = ErrorBody),
        (status = 404, description = "No such child in the family", body = ErrorBody)))]
async fn today(
    State(state): State<AppState>,
    user: Authed,
    Query(query): Query<TodayQuery>,
) -> ApiResult<Json<Today>> {
    let today = state
        .clients
        .chores(&user)
        .get_today(pb::GetTodayRequest {
            child_id: query.child_id.unwrap_or_default(),
        })
        .await?
        .into_inner();
    Ok(Json(today.into()))
}

/// Who does what on seven days from `from` (the family's today when
/// absent): for each child, each day's chores that are theirs (a scheduled
/// chore on its due days; in turns only the child whose turn it is, swaps
/// applied; first come every assigned child) and whether the day is paused.
/// Chores without due days that each child does on their own are on no day
/// (parents only).
#[utoipa::path(get, path = "/chores/week", tag = "chores", security(("bearer" = [])),
    params(WeekQuery),
    responses((status = 200, body = Week),
        (status = 400, description = "`from` is not a date", body = ErrorBody),
        (status = 403, description = "Not a parent", body = ErrorBody)))]
async fn week(
    State(state): State<AppState>,
    user: Authed,
    Query(query): Query<WeekQuery>,
) -> ApiResult<Json<Week>> {
    // An absent date is today; an empty text is no date.
    if query.from.as_deref() == Some("") {
        return Err(ApiError::field("from", codes::date_invalid()));
    }
    let week = state
        .clients
        .chores(&user)
        .get_week(pb::GetWeekRequest {
            from: query.from.unwrap_or_default(),
        })
        .await?
        .into_inner();
    Ok(Json(week.into()))
}

/// The coming turns of a chore whose children take turns (ROTATE), from the
/// current one; empty for other chores (every member).
#[utoipa::path(get, path = "/chores/{id}/turns", tag = "chores", security(("bearer" = [])),
    params(("id" = String, Path), TurnsQuery),
    responses((status = 200, body = Turns), (status = 404, body = ErrorBody)))]
async fn turns(
    State(state): State<AppState>,
    user: Authed,
    Path(id): Path<String>,
    Query(query): Query<TurnsQuery>,
) -> ApiResult<Json<Turns>> {
    if query.count.is_some_and(|count| !(1..=31).contains(&count)) {
        return Err(ApiError::field("count", codes::turn_count_out_of_range()));
    }
    let turns = state
        .clients
        .chores(&user)
        .list_turns(pb::ListTurnsRequest {
            chore_id: id,
            count: query.count.unwrap_or_default(),
        })
        .await?
        .into_inner();
    Ok(Json(turns.into()))
}

/// Gives the turn of `date` (today's when absent) to `childId`; the child
/// who had it takes `childId`'s next turn, so each keeps as many (parents
/// only). Answers the coming turns.
#[utoipa::path(post, path = "/chores/{id}/turns/swap", tag = "chores", security(("bearer" = [])),
    params(("id" = String, Path)), request_body = SwapTurnBody,
    responses((status = 200, body = Turns), (status = 400, body = ErrorBody),
        (status = 404, body = ErrorBody),
        (status = 409, description = "Not a chore in turns, already that child's turn, or the turn is done", body = ErrorBody)))]
async fn swap_turn(
    State(state): State<AppState>,
    user: Authed,
    Path(id): Path<String>,
    Body(body): Body<SwapTurnBody>,
) -> ApiResult<Json<Turns>> {
    let turns = state
        .clients
        .chores(&user)
        .swap_turn(pb::SwapTurnRequest {
            chore_id: id,
            child_id: body.child_id,
            date: body.date.unwrap_or_default(),
        })
        .await?
        .into_inner();
    Ok(Json(turns.into()))
}

/// Due days that passed with nothing sent by the child whose chore it was,
/// newest first: a child's own, a parent's of every child (or `childId`),
/// due from `from` to `to` (the last 30 days when absent).
#[utoipa::path(get, path = "/missed", tag = "chores", security(("bearer" = [])),
    params(MissedQuery),
    responses((status = 200, body = [MissedChore]), (status = 400, body = ErrorBody),
        (status = 404, description = "No such child in the family", body = ErrorBody)))]
async fn missed(
    State(state): State<AppState>,
    user: Authed,
    Query(query): Query<MissedQuery>,
) -> ApiResult<Json<Vec<MissedChore>>> {
    // An absent date takes its default; an empty text is no date.
    for (field, value) in [("from", &query.from), ("to", &query.to)] {
        if value.as_deref() == Some("") {
            return Err(ApiError::field(field, codes::date_invalid()));
        }
    }
    let answer = state
        .clients
        .chores(&user)
        .list_missed(pb::ListMissedRequest {
            child_id: query.child_id.unwrap_or_default(),
            from: query.from.unwrap_or_default(),
            to: query.to.unwrap_or_default(),
        })
        .await?
        .into_inner();
    Ok(Json(
        answer.missed.into_iter().map(MissedChore::from).collect(),
    ))
}

/// Excuses a missed chore: whatever its penalty took is given back, once
/// (parents only).
#[utoipa::path(post, path = "/missed/{id}/excuse", tag = "chores", security(("bearer" = [])),
    params(("id" = String, Path)), request_body = ExcuseBody,
    responses((status = 200, body = MissedChore), (status = 400, body = ErrorBody),
        (status = 403, description = "Not a parent", body = ErrorBody),
        (status = 404, body = ErrorBody),
        (status = 409, description = "Already excused", body = ErrorBody)))]
async fn excuse_missed(
    State(state): State<AppState>,
    user: Authed,
    Path(id): Path<String>,
    Body(body): Body<ExcuseBody>,
) -> ApiResult<Json<MissedChore>> {
    let missed = state
        .clients
        .chores(&user)
        .excuse_missed(pb::ExcuseMissedRequest {
            id,
            reason: body.reason.unwrap_or_default(),
        })
        .await?
        .into_inner();
    Ok(Json(missed.into()))
}
