//! Questions rewards asks other services, with the calling user's own token,
//! so each answer is limited to what that user may see.

use std::collections::HashMap;

use chorely_proto::{
    auth::v1::{ListMembersRequest, auth_service_client::AuthServiceClient},
    family::v1::{
        Child, GetChildRequest, ListChildrenRequest, family_service_client::FamilyServiceClient,
    },
    platform::v1::{
        GetOrganizationStatusRequest, Plan, platform_service_client::PlatformServiceClient,
    },
};
use kit::{authn::User, grpc::Outgoing};
use tonic::{Code, transport::Channel};
use uuid::Uuid;

use crate::error::Error;

#[derive(Clone)]
pub struct Clients {
    pub family: Channel,
    pub auth: Channel,
    pub platform: Channel,
}

impl Clients {
    pub fn new(family_url: &str, auth_url: &str, platform_url: &str) -> anyhow::Result<Self> {
        Ok(Self {
            family: kit::grpc::channel(family_url)?,
            auth: kit::grpc::channel(auth_url)?,
            platform: kit::grpc::channel(platform_url)?,
        })
    }

    /// The family's plan, which limits its store items.
    pub async fn plan(&self, user: &User, org: Uuid) -> Result<Plan, Error> {
        let status = PlatformServiceClient::with_interceptor(
            self.platform.clone(),
            Outgoing::bearer(&user.token),
        )
        .get_organization_status(GetOrganizationStatusRequest {
            organization_id: org.to_string(),
        })
        .await
        .map_err(|s| Error::Upstream("platform", s))?
        .into_inner();
        Ok(status.plan())
    }

    fn family(
        &self,
        user: &User,
    ) -> FamilyServiceClient<tonic::service::interceptor::InterceptedService<Channel, Outgoing>>
    {
        FamilyServiceClient::with_interceptor(self.family.clone(), Outgoing::bearer(&user.token))
    }

    /// A child of the caller's family (a child caller: only themselves);
    /// anyone else's id is not found.
    pub async fn child(&self, user: &User, id: Uuid) -> Result<Child, Error> {
        match self
            .family(user)
            .get_child(GetChildRequest { id: id.to_string() })
            .await
        {
            Ok(child) => Ok(child.into_inner()),
            Err(s) if s.code() == Code::NotFound => Err(Error::ChildNotFound),
            Err(s) => Err(Error::Upstream("family", s)),
        }
    }

    /// The children the caller may see: the family's for a parent, their own
    /// record for a child.
    pub async fn children(&self, user: &User) -> Result<Vec<Child>, Error> {
        if user.role.is_parent() {
            return Ok(self
                .family(user)
                .list_children(ListChildrenRequest {})
                .await
                .map_err(|s| Error::Upstream("family", s))?
                .into_inner()
                .children);
        }
        match user.child {
            Some(id) => match self.child(user, id).await {
                Ok(child) => Ok(vec![child]),
                Err(Error::ChildNotFound) => Ok(Vec::new()),
                Err(err) => Err(err),
            },
            None => Ok(Vec::new()),
        }
    }

    /// Names of the family's members by user id (parents only ask); their
    /// family's name and plan are not asked for.
    pub async fn member_names(&self, parent: &User) -> Result<HashMap<Uuid, String>, Error> {
        let members =
            AuthServiceClient::with_interceptor(self.auth.clone(), Outgoing::bearer(&parent.token))
                .list_members(ListMembersRequest {
                    without_family: true,
                })
                .await
                .map_err(|s| Error::Upstream("auth", s))?
                .into_inner()
                .members;
        Ok(members
            .into_iter()
            .filter_map(|m| {
                let name = format!("{} {}", m.first_name, m.last_name)
                    .trim()
                    .to_owned();
                Some((Uuid::parse_str(&m.id).ok()?, name))
            })
            .collect())
    }
}
