//! gRPC handlers of webhooks (parents only).

use chorely_proto::family::v1::{self as pb, webhooks_service_server::WebhooksService};
use kit::authn::RequestAuth;
use kit::grpc::{Reply, reply};
use tonic::Request;

use super::registry::Registry;

pub struct WebhooksGrpc {
    pub registry: Registry,
}

#[tonic::async_trait]
impl WebhooksService for WebhooksGrpc {
    async fn create_webhook(
        &self,
        request: Request<pb::CreateWebhookRequest>,
    ) -> Reply<pb::CreatedWebhook> {
        let parent = request.parent()?;
        let org = parent.org()?;
        reply(
            self.registry
                .create(parent.id, org, request.get_ref())
                .await,
        )
    }

    async fn list_webhooks(
        &self,
        request: Request<pb::ListWebhooksRequest>,
    ) -> Reply<pb::ListWebhooksResponse> {
        let org = request.parent()?.org()?;
        reply(self.registry.list(org).await)
    }

    async fn delete_webhook(
        &self,
        request: Request<pb::WebhookRequest>,
    ) -> Reply<pb::DeleteWebhookResponse> {
        let org = request.parent()?.org()?;
        reply(
            self.registry
                .delete(org, &request.get_ref().id)
                .await
                .map(|()| pb::DeleteWebhookResponse {}),
        )
    }

    async fn list_deliveries(
        &self,
        request: Request<pb::WebhookRequest>,
    ) -> Reply<pb::ListDeliveriesResponse> {
        let org = request.parent()?.org()?;
        reply(self.registry.deliveries(org, &request.get_ref().id).await)
    }

    async fn test_webhook(&self, request: Request<pb::WebhookRequest>) -> Reply<pb::Delivery> {
        let org = request.parent()?.org()?;
        reply(self.registry.test(org, &request.get_ref().id).await)
    }
}
