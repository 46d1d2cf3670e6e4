//! gRPC handlers of allowances and interest: check who is calling, hand over,
//! convert errors.

use chorely_proto::rewards::v1::{self as pb, allowance_service_server::AllowanceService};
use kit::{
    authn::RequestAuth,
    clock::Clock,
    grpc::{Reply, reply},
};
use tonic::Request;

use crate::allowance::Allowances;

pub struct AllowanceGrpc {
    pub allowances: Allowances,
    /// Which week and month an allowance or interest is in now.
    pub clock: Clock,
}

#[tonic::async_trait]
impl AllowanceService for AllowanceGrpc {
    async fn get_allowance(
        &self,
        request: Request<pb::GetAllowanceRequest>,
    ) -> Reply<pb::Allowance> {
        let user = request.user()?;
        let org = user.org()?;
        let child = &request.get_ref().child_id;
        reply(
            self.allowances
                .get(user, org, child, self.clock.now())
                .await,
        )
    }

    async fn set_allowance(
        &self,
        request: Request<pb::SetAllowanceRequest>,
    ) -> Reply<pb::Allowance> {
        let parent = request.parent()?.clone();
        let org = parent.org()?;
        reply(
            self.allowances
                .set(&parent, org, request.into_inner(), self.clock.now())
                .await,
        )
    }

    async fn get_interest(&self, request: Request<pb::GetInterestRequest>) -> Reply<pb::Interest> {
        let user = request.user()?;
        let org = user.org()?;
        let child = &request.get_ref().child_id;
        reply(
            self.allowances
                .get_interest(user, org, child, self.clock.now())
                .await,
        )
    }

    async fn set_interest(&self, request: Request<pb::SetInterestRequest>) -> Reply<pb::Interest> {
        let parent = request.parent()?.clone();
        let org = parent.org()?;
        reply(
            self.allowances
                .set_interest(&parent, org, request.into_inner(), self.clock.now())
                .await,
        )
    }
}
