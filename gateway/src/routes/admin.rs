//! The operator's console (super admins only; the platform service checks).

use axum::{Json, extract::State};
use chorely_proto::platform::v1::{self as pb, platform_service_client::PlatformServiceClient};
use kit::grpc::Outgoing;
use utoipa_axum::{router::OpenApiRouter, routes};

use super::{AppState, Body, Path, Query};
use crate::{
    auth::Authed,
    clients::Intercepted,
    error::{ApiError, ApiResult, ErrorBody},
    json::{
        AdminOrganization, AdminUser, OrganizationDetailView, OrganizationsQuery, Page, Plan,
        PlanBody, PlatformStatsView, Role, RoleFilter, SubscriptionStatus, UsersQuery,
    },
};

const PAGE_SIZE_DEFAULT: i32 = 20;
const PAGE_SIZE_MAX: i32 = 100;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(stats))
        .routes(routes!(organizations))
        .routes(routes!(organization))
        .routes(routes!(change_plan))
        .routes(routes!(deactivate))
        .routes(routes!(activate))
        .routes(routes!(users))
}

fn platform(state: &AppState, user: &Authed) -> PlatformServiceClient<Intercepted> {
    PlatformServiceClient::with_interceptor(
        state.clients.platform.clone(),
        Outgoing::bearer(user.token()),
    )
}

fn paging(page: Option<i32>, size: Option<i32>) -> (i32, i32) {
    let size = size.filter(|s| *s > 0).unwrap_or(PAGE_SIZE_DEFAULT);
    (page.unwrap_or(1).max(1), size.min(PAGE_SIZE_MAX))
}

/// Platform totals, plan distribution and the newest families.
#[utoipa::path(get, path = "/admin/stats", tag = "admin", security(("bearer" = [])),
    responses((status = 200, body = PlatformStatsView), (status = 403, body = ErrorBody)))]
async fn stats(State(state): State<AppState>, user: Authed) -> ApiResult<Json<PlatformStatsView>> {
    let stats = platform(&state, &user)
        .get_platform_stats(pb::GetPlatformStatsRequest {})
        .await?
        .into_inner();
    Ok(Json(stats.into()))
}

/// Families, newest first, searched by name or slug and filtered by plan and status.
#[utoipa::path(get, path = "/admin/organizations", tag = "admin", security(("bearer" = [])),
    params(OrganizationsQuery),
    responses((status = 200, body = Page<AdminOrganization>), (status = 403, body = ErrorBody)))]
async fn organizations(
    State(state): State<AppState>,
    user: Authed,
    Query(query): Query<OrganizationsQuery>,
) -> ApiResult<Json<Page<AdminOrganization>>> {
    let (page, page_size) = paging(query.page, query.page_size);
    let plan = query.plan.unwrap_or_default().plan();
    let status = query.status.unwrap_or_default().status();
    let answer = platform(&state, &user)
        .list_organizations(pb::ListOrganizationsRequest {
            search: query.search.unwrap_or_default(),
            plan: plan.map_or(0, Plan::to_proto),
            status: status.map_or(0, SubscriptionStatus::to_proto),
            page,
            page_size,
        })
        .await?
        .into_inner();
    Ok(Json(Page {
        items: answer
            .organizations
            .into_iter()
            .map(AdminOrganization::from)
            .collect(),
        total: answer.total,
        page,
        page_size,
    }))
}

/// One family: its plan, state, counts and users (children as a count only).
#[utoipa::path(get, path = "/admin/organizations/{id}", tag = "admin", security(("bearer" = [])),
    params(("id" = String, Path)),
    responses((status = 200, body = OrganizationDetailView), (status = 403, body = ErrorBody),
        (status = 404, body = ErrorBody)))]
async fn organization(
    State(state): State<AppState>,
    user: Authed,
    Path(id): Path<String>,
) -> ApiResult<Json<OrganizationDetailView>> {
    let detail = platform(&state, &user)
        .get_organization_detail(pb::GetOrganizationDetailRequest { id })
        .await?
        .into_inner();
    let organization = detail
        .organization
        .ok_or_else(|| ApiError::from(tonic::Status::internal("no organization")))?;
    Ok(Json(OrganizationDetailView {
        organization: organization.into(),
        users: detail.users.into_iter().map(AdminUser::from).collect(),
    }))
}

/// Moves a family to another plan; an upgrade lifts its limits at once.
#[utoipa::path(patch, path = "/admin/organizations/{id}/plan", tag = "admin", security(("bearer" = [])),
    params(("id" = String, Path)), request_body = PlanBody,
    responses((status = 200, body = AdminOrganization), (status = 400, body = ErrorBody),
        (status = 403, body = ErrorBody), (status = 404, body = ErrorBody)))]
async fn change_plan(
    State(state): State<AppState>,
    user: Authed,
    Path(id): Path<String>,
    Body(body): Body<PlanBody>,
) -> ApiResult<Json<AdminOrganization>> {
    let plan = body
        .plan
        .ok_or_else(|| ApiError::field("plan", kit::codes::plan_invalid()))?;
    let status = body
        .subscription_status
        .unwrap_or(SubscriptionStatus::ACTIVE);
    let row = platform(&state, &user)
        .change_plan(pb::ChangePlanRequest {
            id,
            plan: plan.to_proto(),
            subscription_status: status.to_proto(),
        })
        .await?
        .into_inner();
    Ok(Json(row.into()))
}

/// Suspends a family: its members cannot log in and their tokens stop working.
#[utoipa::path(patch, path = "/admin/organizations/{id}/deactivate", tag = "admin", security(("bearer" = [])),
    params(("id" = String, Path)),
    responses((status = 200, body = AdminOrganization), (status = 403, body = ErrorBody),
        (status = 404, body = ErrorBody)))]
async fn deactivate(
    State(state): State<AppState>,
    user: Authed,
    Path(id): Path<String>,
) -> ApiResult<Json<AdminOrganization>> {
    let row = platform(&state, &user)
        .deactivate_organization(pb::SetOrganizationActiveRequest { id })
        .await?
        .into_inner();
    // This gateway refuses the family's tokens now; the others as the event arrives.
    state
        .revocations
        .suspend_family_locally(&row.id, chrono::Utc::now().timestamp_millis());
    Ok(Json(row.into()))
}

/// Activates a family again: its members who were active can log in.
#[utoipa::path(patch, path = "/admin/organizations/{id}/activate", tag = "admin", security(("bearer" = [])),
    params(("id" = String, Path)),
    responses((status = 200, body = AdminOrganization), (status = 403, body = ErrorBody),
        (status = 404, body = ErrorBody)))]
async fn activate(
    State(state): State<AppState>,
    user: Authed,
    Path(id): Path<String>,
) -> ApiResult<Json<AdminOrganization>> {
    let row = platform(&state, &user)
        .activate_organization(pb::SetOrganizationActiveRequest { id })
        .await?
        .into_inner();
    Ok(Json(row.into()))
}

/// Every login, newest first, searched by name, email or family and filtered by role.
#[utoipa::path(get, path = "/admin/users", tag = "admin", security(("bearer" = [])),
    params(UsersQuery),
    responses((status = 200, body = Page<AdminUser>), (status = 403, body = ErrorBody)))]
async fn users(
    State(state): State<AppState>,
    user: Authed,
    Query(query): Query<UsersQuery>,
) -> ApiResult<Json<Page<AdminUser>>> {
    let (page, page_size) = paging(query.page, query.page_size);
    let role = match query.role.unwrap_or_default() {
        RoleFilter::ALL => String::new(),
        RoleFilter::SUPER_ADMIN => Role::SUPER_ADMIN.as_str().to_owned(),
        RoleFilter::ORG_ADMIN => Role::ORG_ADMIN.as_str().to_owned(),
        RoleFilter::ORG_MEMBER => Role::ORG_MEMBER.as_str().to_owned(),
    };
    let answer = platform(&state, &user)
        .list_users(pb::ListUsersRequest {
            search: query.search.unwrap_or_default(),
            role,
            page,
            page_size,
        })
        .await?
        .into_inner();
    Ok(Json(Page {
        items: answer.users.into_iter().map(AdminUser::from).collect(),
        total: answer.total,
        page,
        page_size,
    }))
}
