//! gRPC handlers of savings goals and statements: check who is calling,
//! hand over, convert errors.

use chorely_proto::rewards::v1::{self as pb, savings_service_server::SavingsService};
use kit::authn::RequestAuth;
use kit::grpc::{Reply, reply};
use tonic::Request;

use crate::{goals::Goals, statement::Statements};

pub struct SavingsGrpc {
    pub goals: Goals,
    pub statements: Statements,
}

#[tonic::async_trait]
impl SavingsService for SavingsGrpc {
    async fn list_goals(
        &self,
        request: Request<pb::ListGoalsRequest>,
    ) -> Reply<pb::ListGoalsResponse> {
        let user = request.user()?;
        let org = user.org()?;
        reply(
            self.goals
                .list(user, org, &request.get_ref().child_id)
                .await
                .map(|goals| pb::ListGoalsResponse { goals }),
        )
    }

    async fn create_goal(&self, request: Request<pb::GoalRequest>) -> Reply<pb::Goal> {
        let user = request.user()?.clone();
        let org = user.org()?;
        reply(self.goals.create(&user, org, request.into_inner()).await)
    }

    async fn update_goal(&self, request: Request<pb::GoalRequest>) -> Reply<pb::Goal> {
        let user = request.user()?.clone();
        let org = user.org()?;
        reply(self.goals.update(&user, org, request.into_inner()).await)
    }

    async fn delete_goal(
        &self,
        request: Request<pb::DeleteGoalRequest>,
    ) -> Reply<pb::DeleteGoalResponse> {
        let user = request.user()?;
        let org = user.org()?;
        reply(
            self.goals
                .delete(user, org, &request.get_ref().id)
                .await
                .map(|()| pb::DeleteGoalResponse {}),
        )
    }

    async fn get_statement(&self, request: Request<pb::StatementRequest>) -> Reply<pb::Statement> {
        let user = request.user()?;
        let org = user.org()?;
        reply(self.statements.get(user, org, request.get_ref()).await)
    }
}
