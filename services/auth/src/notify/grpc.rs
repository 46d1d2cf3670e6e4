//! gRPC handlers of notifications: each signed-in user reads and marks their
//! own and keeps their own choices; an unsubscribe link needs no caller.

use chorely_proto::auth::v1::{self as pb, notifications_service_server::NotificationsService};
use kit::authn::RequestAuth;
use kit::grpc::{Reply, reply};
use tonic::Request;

use super::{centre::Centre, settings::Settings};

pub struct NotificationsGrpc {
    pub centre: Centre,
    pub settings: Settings,
}

#[tonic::async_trait]
impl NotificationsService for NotificationsGrpc {
    async fn list_notifications(
        &self,
        request: Request<pb::ListNotificationsRequest>,
    ) -> Reply<pb::NotificationList> {
        let user = request.user()?;
        reply(self.centre.list(user, request.get_ref().limit).await)
    }

    async fn mark_read(
        &self,
        request: Request<pb::MarkReadRequest>,
    ) -> Reply<pb::MarkReadResponse> {
        let user = request.user()?;
        reply(self.centre.mark_read(user, &request.get_ref().ids).await)
    }

    async fn get_settings(
        &self,
        request: Request<pb::GetSettingsRequest>,
    ) -> Reply<pb::NotificationSettings> {
        let user = request.user()?;
        reply(self.settings.get(user).await)
    }

    async fn save_settings(
        &self,
        request: Request<pb::NotificationSettings>,
    ) -> Reply<pb::NotificationSettings> {
        let user = request.user()?.clone();
        if user.on_tablet {
            return Err(crate::error::Error::NotOnTablet.into());
        }
        reply(self.settings.save(&user, request.into_inner()).await)
    }

    /// No caller is needed: the token is the credential.
    async fn unsubscribe(
        &self,
        request: Request<pb::UnsubscribeRequest>,
    ) -> Reply<pb::UnsubscribeResponse> {
        reply(self.centre.unsubscribe(&request.get_ref().token).await)
    }
}
