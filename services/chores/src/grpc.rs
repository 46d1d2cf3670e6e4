//! gRPC handlers: check who is calling, hand over, convert errors.

pub mod calendar;
pub mod pauses;

use chorely_proto::chores::v1::{self as pb, chores_service_server::ChoresService};
use kit::authn::RequestAuth;
use kit::grpc::{Reply, reply};
use tonic::Request;

use crate::{
    catalogue::Catalogue, missed::Missed, planning::Planning, stats::Stats,
    submissions::Submissions,
};

pub struct ChoresGrpc {
    pub catalogue: Catalogue,
    pub submissions: Submissions,
    pub stats: Stats,
    pub planning: Planning,
    pub missed: Missed,
}

#[tonic::async_trait]
impl ChoresService for ChoresGrpc {
    async fn list_categories(
        &self,
        request: Request<pb::ListCategoriesRequest>,
    ) -> Reply<pb::ListCategoriesResponse> {
        let org = request.user()?.org()?;
        reply(
            self.catalogue
                .categories(org)
                .await
                .map(|categories| pb::ListCategoriesResponse { categories }),
        )
    }

    async fn create_category(
        &self,
        request: Request<pb::UpsertCategoryRequest>,
    ) -> Reply<pb::Category> {
        let org = request.parent()?.org()?;
        reply(
            self.catalogue
                .create_category(org, request.into_inner())
                .await,
        )
    }

    async fn update_category(
        &self,
        request: Request<pb::UpsertCategoryRequest>,
    ) -> Reply<pb::Category> {
        let org = request.parent()?.org()?;
        reply(
            self.catalogue
                .update_category(org, request.into_inner())
                .await,
        )
    }

    async fn delete_category(
        &self,
        request: Request<pb::DeleteCategoryRequest>,
    ) -> Reply<pb::DeleteCategoryResponse> {
        let org = request.parent()?.org()?;
        reply(
            self.catalogue
                .delete_category(org, &request.get_ref().id)
                .await
                .map(|()| pb::DeleteCategoryResponse {}),
        )
    }

    async fn list_chores(
        &self,
        request: Request<pb::ListChoresRequest>,
    ) -> Reply<pb::ListChoresResponse> {
        let org = request.user()?.org()?;
        reply(
            self.catalogue
                .chores(org)
                .await
                .map(|chores| pb::ListChoresResponse { chores }),
        )
    }

    async fn create_chore(&self, request: Request<pb::UpsertChoreRequest>) -> Reply<pb::Chore> {
        let parent = request.parent()?.clone();
        let org = parent.org()?;
        reply(
            self.catalogue
                .create_chore(&parent, org, request.into_inner())
                .await,
        )
    }

    async fn update_chore(&self, request: Request<pb::UpsertChoreRequest>) -> Reply<pb::Chore> {
        let parent = request.parent()?.clone();
        let org = parent.org()?;
        reply(
            self.catalogue
                .update_chore(&parent, org, request.into_inner())
                .await,
        )
    }

    async fn retire_chore(&self, request: Request<pb::RetireChoreRequest>) -> Reply<pb::Chore> {
        let org = request.parent()?.org()?;
        reply(
            self.catalogue
                .retire_chore(org, &request.get_ref().id)
                .await,
        )
    }

    async fn get_availability(
        &self,
        request: Request<pb::GetAvailabilityRequest>,
    ) -> Reply<pb::GetAvailabilityResponse> {
        let user = request.user()?;
        let org = user.org()?;
        reply(
            self.submissions
                .availability(user, org)
                .await
                .map(|availability| pb::GetAvailabilityResponse { availability }),
        )
    }

    async fn create_submission(
        &self,
        request: Request<pb::CreateSubmissionRequest>,
    ) -> Reply<pb::Submission> {
        let user = request.user()?.clone();
        let org = user.org()?;
        reply(
            self.submissions
                .create(&user, org, request.into_inner())
                .await,
        )
    }

    async fn list_submissions(
        &self,
        request: Request<pb::ListSubmissionsRequest>,
    ) -> Reply<pb::ListSubmissionsResponse> {
        let user = request.user()?;
        let org = user.org()?;
        reply(
            self.submissions
                .list(
                    user,
                    org,
                    request.get_ref().status(),
                    request.get_ref().limit,
                )
                .await
                .map(|submissions| pb::ListSubmissionsResponse { submissions }),
        )
    }

    async fn get_submission(
        &self,
        request: Request<pb::GetSubmissionRequest>,
    ) -> Reply<pb::Submission> {
        let user = request.user()?;
        let org = user.org()?;
        reply(self.submissions.get(user, org, &request.get_ref().id).await)
    }

    async fn list_history(
        &self,
        request: Request<pb::ListHistoryRequest>,
    ) -> Reply<pb::ListSubmissionsResponse> {
        let user = request.user()?;
        let org = user.org()?;
        reply(
            self.submissions
                .history(user, org, request.get_ref().limit, request.get_ref().brief)
                .await
                .map(|submissions| pb::ListSubmissionsResponse { submissions }),
        )
    }

    async fn review_submission(
        &self,
        request: Request<pb::ReviewSubmissionRequest>,
    ) -> Reply<pb::Submission> {
        let parent = request.parent()?.clone();
        let org = parent.org()?;
        reply(
            self.submissions
                .review(&parent, org, request.into_inner())
                .await,
        )
    }

    async fn get_today(&self, request: Request<pb::GetTodayRequest>) -> Reply<pb::Today> {
        let user = request.user()?;
        let org = user.org()?;
        reply(
            self.planning
                .today(user, org, &request.get_ref().child_id)
                .await,
        )
    }

    async fn get_family_today(
        &self,
        request: Request<pb::GetFamilyTodayRequest>,
    ) -> Reply<pb::Today> {
        request.service()?;
        let org = uuid::Uuid::parse_str(&request.get_ref().organization_id)
            .map_err(|_| kit::codes::no_family())?;
        // Other services' calls may see every family: this one reads only
        // the family it names, and its family service calls forward the token.
        let token = kit::authn::token_of(&request).unwrap_or_default();
        reply(
            kit::tenancy::within(
                kit::tenancy::Scope::Family(org),
                self.planning.family_today(&token, org),
            )
            .await,
        )
    }

    async fn get_week(&self, request: Request<pb::GetWeekRequest>) -> Reply<pb::Week> {
        let parent = request.parent()?;
        let org = parent.org()?;
        reply(
            self.planning
                .week(parent, org, &request.get_ref().from)
                .await,
        )
    }

    async fn list_turns(&self, request: Request<pb::ListTurnsRequest>) -> Reply<pb::Turns> {
        let user = request.user()?;
        let org = user.org()?;
        reply(self.planning.turns(user, org, request.get_ref()).await)
    }

    async fn swap_turn(&self, request: Request<pb::SwapTurnRequest>) -> Reply<pb::Turns> {
        let parent = request.parent()?;
        let org = parent.org()?;
        reply(self.planning.swap(parent, org, request.get_ref()).await)
    }

    async fn list_missed(
        &self,
        request: Request<pb::ListMissedRequest>,
    ) -> Reply<pb::ListMissedResponse> {
        let user = request.user()?;
        let org = user.org()?;
        reply(self.missed.list(user, org, request.get_ref()).await)
    }

    async fn excuse_missed(
        &self,
        request: Request<pb::ExcuseMissedRequest>,
    ) -> Reply<pb::MissedChore> {
        let parent = request.parent()?;
        let org = parent.org()?;
        reply(self.missed.excuse(parent, org, request.get_ref()).await)
    }

    async fn get_chore_stats(
        &self,
        request: Request<pb::GetChoreStatsRequest>,
    ) -> Reply<pb::ChoreStats> {
        let user = request.user()?;
        let org = user.org()?;
        reply(self.stats.get(user, org).await)
    }
}
