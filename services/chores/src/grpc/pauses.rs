//! gRPC handlers of pauses (parents only).

use chorely_proto::chores::v1::{self as pb, pauses_service_server::PausesService};
use kit::authn::RequestAuth;
use kit::grpc::{Reply, reply};
use tonic::Request;

use crate::pauses::Pauses;

pub struct PausesGrpc {
    pub pauses: Pauses,
}

#[tonic::async_trait]
impl PausesService for PausesGrpc {
    async fn create_pause(&self, request: Request<pb::CreatePauseRequest>) -> Reply<pb::Pause> {
        let parent = request.parent()?;
        let org = parent.org()?;
        reply(self.pauses.create(parent, org, request.get_ref()).await)
    }

    async fn list_pauses(
        &self,
        request: Request<pb::ListPausesRequest>,
    ) -> Reply<pb::ListPausesResponse> {
        let parent = request.parent()?;
        let org = parent.org()?;
        reply(self.pauses.list(parent, org, request.get_ref()).await)
    }

    async fn delete_pause(
        &self,
        request: Request<pb::DeletePauseRequest>,
    ) -> Reply<pb::DeletePauseResponse> {
        let parent = request.parent()?;
        let org = parent.org()?;
        reply(
            self.pauses
                .delete(parent, org, &request.get_ref().id)
                .await
                .map(|()| pb::DeletePauseResponse {}),
        )
    }
}
