//! gRPC handlers: check who is calling, hand over, convert errors.
//!
//! Only the multiplier is answered so far, and it is 1.0 for every child:
//! grades, behaviour and streaks are not counted yet. The rest of the
//! ledger and grades calls are still to come.

use chorely_proto::rewards::v1::{self as pb, rewards_service_server::RewardsService};
use kit::authn::{Caller, RequestAuth};
use kit::grpc::Reply;
use tonic::{Request, Response, Status};

pub struct RewardsGrpc;

const NOT_YET: &str = "Rewards are not available yet";

/// 1.0 in thousandths.
const NEUTRAL: i32 = 1000;

#[tonic::async_trait]
impl RewardsService for RewardsGrpc {
    async fn get_multiplier(
        &self,
        request: Request<pb::GetMultiplierRequest>,
    ) -> Reply<pb::Multiplier> {
        // Parents review and so ask; services may too.
        if let Caller::User(_) = request.caller()? {
            request.parent()?;
        }
        Ok(Response::new(pb::Multiplier {
            total_milli: NEUTRAL,
            grade_milli: NEUTRAL,
            behaviour_milli: NEUTRAL,
            streak_milli: NEUTRAL,
            bonuses_disabled: false,
        }))
    }

    async fn get_multiplier_settings(
        &self,
        request: Request<pb::GetMultiplierSettingsRequest>,
    ) -> Reply<pb::MultiplierSettings> {
        request.user()?;
        Err(Status::unimplemented(NOT_YET))
    }

    async fn save_multiplier_settings(
        &self,
        request: Request<pb::MultiplierSettings>,
    ) -> Reply<pb::MultiplierSettings> {
        request.user()?;
        Err(Status::unimplemented(NOT_YET))
    }

    async fn get_balances(
        &self,
        request: Request<pb::GetBalancesRequest>,
    ) -> Reply<pb::GetBalancesResponse> {
        request.user()?;
        Err(Status::unimplemented(NOT_YET))
    }

    async fn adjust_balance(
        &self,
        request: Request<pb::AdjustBalanceRequest>,
    ) -> Reply<pb::LedgerEntry> {
        request.user()?;
        Err(Status::unimplemented(NOT_YET))
    }

    async fn list_payouts(
        &self,
        request: Request<pb::ListPayoutsRequest>,
    ) -> Reply<pb::ListPayoutsResponse> {
        request.user()?;
        Err(Status::unimplemented(NOT_YET))
    }

    async fn create_payout(&self, request: Request<pb::CreatePayoutRequest>) -> Reply<pb::Payout> {
        request.user()?;
        Err(Status::unimplemented(NOT_YET))
    }

    async fn list_subjects(
        &self,
        request: Request<pb::ListSubjectsRequest>,
    ) -> Reply<pb::ListSubjectsResponse> {
        request.user()?;
        Err(Status::unimplemented(NOT_YET))
    }

    async fn create_subject(
        &self,
        request: Request<pb::UpsertSubjectRequest>,
    ) -> Reply<pb::Subject> {
        request.user()?;
        Err(Status::unimplemented(NOT_YET))
    }

    async fn update_subject(
        &self,
        request: Request<pb::UpsertSubjectRequest>,
    ) -> Reply<pb::Subject> {
        request.user()?;
        Err(Status::unimplemented(NOT_YET))
    }

    async fn delete_subject(
        &self,
        request: Request<pb::DeleteSubjectRequest>,
    ) -> Reply<pb::DeleteSubjectResponse> {
        request.user()?;
        Err(Status::unimplemented(NOT_YET))
    }

    async fn grade_subject(&self, request: Request<pb::GradeSubjectRequest>) -> Reply<pb::Subject> {
        request.user()?;
        Err(Status::unimplemented(NOT_YET))
    }
}
