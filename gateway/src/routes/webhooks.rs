//! Webhooks (parents only): endpoints that receive the family's events,
//! signed as the Standard Webhooks specification says, with their
//! deliveries and a test button. Served by the family service.

use axum::{Json, extract::State, http::StatusCode};
use chorely_proto::family::v1 as pb;
use utoipa_axum::{router::OpenApiRouter, routes};

use super::{AppState, Body, Path};
use crate::{
    auth::Authed,
    error::{ApiResult, ErrorBody},
    json::{CreatedWebhook, Webhook, WebhookBody, WebhookDelivery},
};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(list_webhooks, create_webhook))
        .routes(routes!(delete_webhook))
        .routes(routes!(list_deliveries))
        .routes(routes!(test_webhook))
}

/// The family's endpoints, the oldest first.
#[utoipa::path(get, path = "/webhooks", tag = "webhooks", security(("bearer" = [])),
    responses((status = 200, body = [Webhook]),
        (status = 403, description = "Not a parent", body = ErrorBody)))]
async fn list_webhooks(
    State(state): State<AppState>,
    user: Authed,
) -> ApiResult<Json<Vec<Webhook>>> {
    let answer = state
        .clients
        .webhooks(&user)
        .list_webhooks(pb::ListWebhooksRequest {})
        .await?
        .into_inner();
    Ok(Json(
        answer.webhooks.into_iter().map(Webhook::from).collect(),
    ))
}

/// Registers an endpoint. The answer holds its signing secret, shown only
/// this once.
#[utoipa::path(post, path = "/webhooks", tag = "webhooks", security(("bearer" = [])),
    request_body = WebhookBody,
    responses((status = 201, body = CreatedWebhook),
        (status = 400, description = "A URL or event refused (naming it)", body = ErrorBody),
        (status = 403, description = "Not a parent", body = ErrorBody),
        (status = 409, description = "The family has as many endpoints as it may", body = ErrorBody)))]
async fn create_webhook(
    State(state): State<AppState>,
    user: Authed,
    Body(body): Body<WebhookBody>,
) -> ApiResult<(StatusCode, Json<CreatedWebhook>)> {
    let created = state
        .clients
        .webhooks(&user)
        .create_webhook(pb::CreateWebhookRequest {
            url: body.url,
            events: body.events.iter().map(|e| e.as_str().to_owned()).collect(),
        })
        .await?
        .into_inner();
    Ok((
        StatusCode::CREATED,
        Json(CreatedWebhook {
            webhook: created.webhook.unwrap_or_default().into(),
            secret: created.secret,
        }),
    ))
}

/// Removes an endpoint and its deliveries.
#[utoipa::path(delete, path = "/webhooks/{id}", tag = "webhooks", security(("bearer" = [])),
    params(("id" = String, Path)),
    responses((status = 204),
        (status = 403, description = "Not a parent", body = ErrorBody),
        (status = 404, body = ErrorBody)))]
async fn delete_webhook(
    State(state): State<AppState>,
    user: Authed,
    Path(id): Path<String>,
) -> ApiResult<StatusCode> {
    state
        .clients
        .webhooks(&user)
        .delete_webhook(pb::WebhookRequest { id })
        .await?;
    Ok(StatusCode::NO_CONTENT)
}

/// The endpoint's latest 50 deliveries, the newest first.
#[utoipa::path(get, path = "/webhooks/{id}/deliveries", tag = "webhooks",
    security(("bearer" = [])), params(("id" = String, Path)),
    responses((status = 200, body = [WebhookDelivery]),
        (status = 403, description = "Not a parent", body = ErrorBody),
        (status = 404, body = ErrorBody)))]
async fn list_deliveries(
    State(state): State<AppState>,
    user: Authed,
    Path(id): Path<String>,
) -> ApiResult<Json<Vec<WebhookDelivery>>> {
    let answer = state
        .clients
        .webhooks(&user)
        .list_deliveries(pb::WebhookRequest { id })
        .await?
        .into_inner();
    Ok(Json(
        answer
            .deliveries
            .into_iter()
            .map(WebhookDelivery::from)
            .collect(),
    ))
}

/// Sends the endpoint a `webhook.test` delivery (and turns a disabled one
/// back on), at most 5 a minute for the family's endpoints together.
#[utoipa::path(post, path = "/webhooks/{id}/test", tag = "webhooks", security(("bearer" = [])),
    params(("id" = String, Path)),
    responses((status = 202, body = WebhookDelivery),
        (status = 403, description = "Not a parent", body = ErrorBody),
        (status = 404, body = ErrorBody),
        (status = 429, description = "The family sent 5 tests in the last minute", body = ErrorBody)))]
async fn test_webhook(
    State(state): State<AppState>,
    user: Authed,
    Path(id): Path<String>,
) -> ApiResult<(StatusCode, Json<WebhookDelivery>)> {
    let delivery = state
        .clients
        .webhooks(&user)
        .test_webhook(pb::WebhookRequest { id })
        .await?
        .into_inner();
    Ok((StatusCode::ACCEPTED, Json(delivery.into())))
}
