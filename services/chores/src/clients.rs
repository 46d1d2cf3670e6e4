//! Questions the chores service asks other services, always with the calling
//! user's own token, so each answer is limited to what that user may see.

use chorely_proto::{
    family::v1::{
        GetCurrentOrganizationRequest, ListChildNamesRequest,
        family_service_client::FamilyServiceClient,
    },
    platform::v1::{
        GetOrganizationStatusRequest, Plan, platform_service_client::PlatformServiceClient,
    },
    rewards::v1::{GetMultiplierRequest, Multiplier, rewards_service_client::RewardsServiceClient},
};
use kit::{authn::User, grpc::Outgoing};
use tonic::transport::Channel;
use uuid::Uuid;

use crate::error::Error;

#[derive(Clone)]
pub struct Clients {
    pub family: Channel,
    pub platform: Channel,
    pub rewards: Channel,
}

impl Clients {
    pub fn new(family_url: &str, platform_url: &str, rewards_url: &str) -> anyhow::Result<Self> {
        Ok(Self {
            family: kit::grpc::channel(family_url)?,
            platform: kit::grpc::channel(platform_url)?,
            rewards: kit::grpc::channel(rewards_url)?,
        })
    }

    /// The name of the caller's family's time zone (see [`crate::calendar`]).
    pub async fn time_zone(&self, user: &User) -> Result<String, Error> {
        let org = FamilyServiceClient::with_interceptor(self.family.clone(), as_user(user))
            .get_current_organization(GetCurrentOrganizationRequest {})
            .await
            .map_err(|s| Error::Upstream("family", s))?
            .into_inner();
        Ok(org.time_zone)
    }

    /// Every child of the caller's family with their name, oldest first: any
    /// member may know their siblings' names (whose turn it is).
    pub async fn family_children(&self, user: &User) -> Result<Vec<(Uuid, String)>, Error> {
        let children = FamilyServiceClient::with_interceptor(self.family.clone(), as_user(user))
            .list_child_names(ListChildNamesRequest::default())
            .await
            .map_err(|s| Error::Upstream("family", s))?
            .into_inner()
            .children;
        Ok(children
            .into_iter()
            .filter_map(|c| Some((Uuid::parse_str(&c.id).ok()?, c.name)))
            .collect())
    }

    /// The family's plan, which sets its limits.
    pub async fn plan(&self, user: &User, org: Uuid) -> Result<Plan, Error> {
        let status = PlatformServiceClient::with_interceptor(self.platform.clone(), as_user(user))
            .get_organization_status(GetOrganizationStatusRequest {
                organization_id: org.to_string(),
            })
            .await
            .map_err(|s| Error::Upstream("platform", s))?
            .into_inner();
        Ok(status.plan())
    }

    /// The child's multiplier now. A failure is an error, never a default:
    /// an approval must not pay the wrong amount.
    pub async fn multiplier(&self, user: &User, child: Uuid) -> Result<Multiplier, Error> {
        let multiplier =
            RewardsServiceClient::with_interceptor(self.rewards.clone(), as_user(user))
                .get_multiplier(GetMultiplierRequest {
                    child_id: child.to_string(),
                })
                .await
                .map_err(|s| Error::Upstream("rewards", s))?
                .into_inner();
        if multiplier.total_milli <= 0 {
            return Err(Error::Upstream(
                "rewards",
                tonic::Status::internal("multiplier must be positive"),
            ));
        }
        Ok(multiplier)
    }
}

fn as_user(user: &User) -> Outgoing {
    Outgoing::bearer(&user.token)
}
