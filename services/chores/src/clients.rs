//! Questions the chores service asks other services, with the calling
//! user's own token, so each answer is limited to what that user may see;
//! or, asked by another service about a family it names (auth, for the
//! family board), with that service's token about that family alone.

use chorely_proto::{
    family::v1::{
        GetCurrentOrganizationRequest, GetOrganizationRequest, ListChildNamesRequest,
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

/// For whom another service is asked.
#[derive(Debug, Clone, Copy)]
pub enum Asker<'a> {
    /// A signed-in user: their family, as far as they may see it.
    User(&'a User),
    /// Another service that named `org` (and checked who may see it).
    Service { token: &'a str, org: Uuid },
}

impl<'a> From<&'a User> for Asker<'a> {
    fn from(user: &'a User) -> Self {
        Asker::User(user)
    }
}

impl Asker<'_> {
    fn outgoing(&self) -> Outgoing {
        match self {
            Asker::User(user) => as_user(user),
            Asker::Service { token, .. } => Outgoing::bearer(*token),
        }
    }
}

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
    pub async fn time_zone<'a>(&self, asker: impl Into<Asker<'a>>) -> Result<String, Error> {
        let asker = asker.into();
        let mut family =
            FamilyServiceClient::with_interceptor(self.family.clone(), asker.outgoing());
        let org = match asker {
            Asker::User(_) => {
                family
                    .get_current_organization(GetCurrentOrganizationRequest {})
                    .await
            }
            Asker::Service { org, .. } => {
                family
                    .get_organization(GetOrganizationRequest {
                        id: org.to_string(),
                    })
                    .await
            }
        }
        .map_err(|s| Error::Upstream("family", s))?
        .into_inner();
        Ok(org.time_zone)
    }

    /// Every child of the caller's family with their name, oldest first: any
    /// member may know their siblings' names (whose turn it is).
    pub async fn family_children<'a>(
        &self,
        asker: impl Into<Asker<'a>>,
    ) -> Result<Vec<(Uuid, String)>, Error> {
        let asker = asker.into();
        let request = ListChildNamesRequest {
            organization_id: match asker {
                Asker::User(_) => String::new(),
                Asker::Service { org, .. } => org.to_string(),
            },
        };
        let children = FamilyServiceClient::with_interceptor(self.family.clone(), asker.outgoing())
            .list_child_names(request)
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
