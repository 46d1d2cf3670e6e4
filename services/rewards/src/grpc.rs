//! gRPC handlers: check who is calling, hand over, convert errors.

use chorely_proto::rewards::v1::{self as pb, rewards_service_server::RewardsService};
use kit::authn::RequestAuth;
use kit::grpc::{Reply, reply};
use tonic::Request;

use crate::{
    error::Error, jars::Jars, ledger::Ledger, multipliers::Multipliers, reward_store::RewardStore,
    subjects::Subjects, subjects::child_id,
};

pub struct RewardsGrpc {
    pub ledger: Ledger,
    pub jars: Jars,
    pub store: RewardStore,
    pub multipliers: Multipliers,
    pub subjects: Subjects,
}

#[tonic::async_trait]
impl RewardsService for RewardsGrpc {
    async fn get_multiplier(
        &self,
        request: Request<pb::GetMultiplierRequest>,
    ) -> Reply<pb::Multiplier> {
        // Parents ask when they approve a chore (through the chores service).
        let parent = request.parent()?;
        let org = parent.org()?;
        let result = async {
            let id = child_id(&request.get_ref().child_id)?;
            let child = self.ledger.clients.child(parent, id).await?;
            Ok::<_, Error>(self.multipliers.of(org, &child).await?.0)
        }
        .await;
        reply(result)
    }

    async fn get_multiplier_settings(
        &self,
        request: Request<pb::GetMultiplierSettingsRequest>,
    ) -> Reply<pb::MultiplierSettings> {
        let org = request.parent()?.org()?;
        reply(self.multipliers.settings(org).await)
    }

    async fn save_multiplier_settings(
        &self,
        request: Request<pb::MultiplierSettings>,
    ) -> Reply<pb::MultiplierSettings> {
        let org = request.parent()?.org()?;
        reply(self.multipliers.save(org, request.get_ref()).await)
    }

    async fn get_child_summaries(
        &self,
        request: Request<pb::GetChildSummariesRequest>,
    ) -> Reply<pb::GetChildSummariesResponse> {
        let user = request.user()?;
        let org = user.org()?;
        reply(
            self.ledger
                .summaries(user, org, &request.get_ref().child_ids)
                .await,
        )
    }

    async fn adjust_balance(
        &self,
        request: Request<pb::AdjustBalanceRequest>,
    ) -> Reply<pb::AdjustBalanceResponse> {
        let parent = request.parent()?.clone();
        let org = parent.org()?;
        reply(self.ledger.adjust(&parent, org, request.into_inner()).await)
    }

    async fn list_payouts(
        &self,
        request: Request<pb::ListPayoutsRequest>,
    ) -> Reply<pb::ListPayoutsResponse> {
        let user = request.user()?;
        let org = user.org()?;
        reply(
            self.ledger
                .payouts(user, org)
                .await
                .map(|payouts| pb::ListPayoutsResponse { payouts }),
        )
    }

    async fn create_payout(&self, request: Request<pb::CreatePayoutRequest>) -> Reply<pb::Payout> {
        let parent = request.parent()?.clone();
        let org = parent.org()?;
        reply(self.ledger.pay(&parent, org, request.into_inner()).await)
    }

    async fn get_reward_stats(
        &self,
        request: Request<pb::GetRewardStatsRequest>,
    ) -> Reply<pb::RewardStats> {
        let user = request.user()?;
        let org = user.org()?;
        reply(self.ledger.stats(user, org).await)
    }

    async fn list_subjects(
        &self,
        request: Request<pb::ListSubjectsRequest>,
    ) -> Reply<pb::ListSubjectsResponse> {
        let user = request.user()?;
        let org = user.org()?;
        reply(
            self.subjects
                .list(user, org, &request.get_ref().child_id)
                .await
                .map(|subjects| pb::ListSubjectsResponse { subjects }),
        )
    }

    async fn create_subject(
        &self,
        request: Request<pb::UpsertSubjectRequest>,
    ) -> Reply<pb::Subject> {
        let parent = request.parent()?.clone();
        let org = parent.org()?;
        reply(
            self.subjects
                .create(&parent, org, request.into_inner())
                .await,
        )
    }

    async fn update_subject(
        &self,
        request: Request<pb::UpsertSubjectRequest>,
    ) -> Reply<pb::Subject> {
        let org = request.parent()?.org()?;
        reply(self.subjects.update(org, request.into_inner()).await)
    }

    async fn delete_subject(
        &self,
        request: Request<pb::DeleteSubjectRequest>,
    ) -> Reply<pb::DeleteSubjectResponse> {
        let org = request.parent()?.org()?;
        reply(
            self.subjects
                .delete(org, &request.get_ref().id)
                .await
                .map(|()| pb::DeleteSubjectResponse {}),
        )
    }

    async fn grade_subject(&self, request: Request<pb::GradeSubjectRequest>) -> Reply<pb::Subject> {
        let org = request.parent()?.org()?;
        reply(self.subjects.grade(org, request.into_inner()).await)
    }

    async fn archive_all_subjects(
        &self,
        request: Request<pb::ArchiveAllSubjectsRequest>,
    ) -> Reply<pb::ArchiveAllSubjectsResponse> {
        let parent = request.parent()?.clone();
        let org = parent.org()?;
        reply(
            self.subjects
                .archive_all(&parent, org, &request.get_ref().child_id)
                .await
                .map(|n| pb::ArchiveAllSubjectsResponse {
                    archived: i32::try_from(n).unwrap_or(i32::MAX),
                }),
        )
    }

    async fn get_jars(&self, request: Request<pb::GetJarsRequest>) -> Reply<pb::Jars> {
        let user = request.user()?;
        let org = user.org()?;
        reply(self.jars.get(user, org, &request.get_ref().child_id).await)
    }

    async fn set_split(&self, request: Request<pb::SetSplitRequest>) -> Reply<pb::Jars> {
        let parent = request.parent()?.clone();
        let org = parent.org()?;
        reply(
            self.jars
                .set_split(&parent, org, request.into_inner())
                .await,
        )
    }

    async fn transfer_between_jars(
        &self,
        request: Request<pb::TransferRequest>,
    ) -> Reply<pb::Jars> {
        let parent = request.parent()?.clone();
        let org = parent.org()?;
        reply(self.jars.transfer(&parent, org, request.into_inner()).await)
    }

    async fn list_store_items(
        &self,
        request: Request<pb::ListStoreItemsRequest>,
    ) -> Reply<pb::ListStoreItemsResponse> {
        let user = request.user()?;
        let org = user.org()?;
        reply(
            self.store
                .items(user, org)
                .await
                .map(|items| pb::ListStoreItemsResponse { items }),
        )
    }

    async fn create_store_item(
        &self,
        request: Request<pb::StoreItemRequest>,
    ) -> Reply<pb::StoreItem> {
        let parent = request.parent()?.clone();
        let org = parent.org()?;
        reply(self.store.create(&parent, org, request.into_inner()).await)
    }

    async fn update_store_item(
        &self,
        request: Request<pb::StoreItemRequest>,
    ) -> Reply<pb::StoreItem> {
        let parent = request.parent()?.clone();
        let org = parent.org()?;
        reply(self.store.update(&parent, org, request.into_inner()).await)
    }

    async fn delete_store_item(
        &self,
        request: Request<pb::DeleteStoreItemRequest>,
    ) -> Reply<pb::DeleteStoreItemResponse> {
        let org = request.parent()?.org()?;
        reply(
            self.store
                .delete(org, &request.get_ref().id)
                .await
                .map(|()| pb::DeleteStoreItemResponse {}),
        )
    }

    async fn redeem(&self, request: Request<pb::RedeemRequest>) -> Reply<pb::Redemption> {
        let user = request.user()?;
        let org = user.org()?;
        reply(
            self.store
                .redeem(user, org, &request.get_ref().item_id)
                .await,
        )
    }

    async fn list_redemptions(
        &self,
        request: Request<pb::ListRedemptionsRequest>,
    ) -> Reply<pb::ListRedemptionsResponse> {
        let user = request.user()?;
        let org = user.org()?;
        reply(
            self.store
                .redemptions(user, org, &request.get_ref().status)
                .await
                .map(|redemptions| pb::ListRedemptionsResponse { redemptions }),
        )
    }

    async fn decide_redemption(
        &self,
        request: Request<pb::DecideRedemptionRequest>,
    ) -> Reply<pb::Redemption> {
        let parent = request.parent()?.clone();
        let org = parent.org()?;
        reply(self.store.decide(&parent, org, request.into_inner()).await)
    }
}
