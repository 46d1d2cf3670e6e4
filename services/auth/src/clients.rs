//! Calls the auth service makes to the family, platform and chores services.
//! It calls as itself (a short-lived service token), since at registration
//! and login there is no user token yet, and the family tablet has none.

use std::sync::Arc;

use chorely_proto::{
    chores::v1::{GetFamilyTodayRequest, Today, chores_service_client::ChoresServiceClient},
    family::v1::{
        AddMemberChildRequest, CreateOrganizationRequest, GetChildFamilyRequest,
        GetOrganizationRequest, ListChildNamesRequest, ListChildNamesResponse,
        family_service_client::FamilyServiceClient,
    },
    platform::v1::{
        GetOrganizationStatusRequest, Plan, platform_service_client::PlatformServiceClient,
    },
};
use kit::{grpc::Outgoing, jwt::JwtSigner};
use tonic::{service::interceptor::InterceptedService, transport::Channel};
use uuid::Uuid;

use crate::error::Error;

/// What auth needs to know about a family to describe a user.
#[derive(Debug, Clone)]
pub struct Family {
    pub id: Uuid,
    pub name: String,
    /// FREE, PRO or ENTERPRISE
    pub plan: String,
    pub is_active: bool,
}

#[derive(Clone)]
pub struct Clients {
    family: Channel,
    platform: Channel,
    chores: Channel,
    signer: Arc<JwtSigner>,
}

impl Clients {
    pub fn new(
        family_url: &str,
        platform_url: &str,
        chores_url: &str,
        signer: Arc<JwtSigner>,
    ) -> anyhow::Result<Self> {
        Ok(Self {
            family: kit::grpc::channel(family_url)?,
            platform: kit::grpc::channel(platform_url)?,
            chores: kit::grpc::channel(chores_url)?,
            signer,
        })
    }

    fn as_service(&self) -> Result<Outgoing, Error> {
        let token = self
            .signer
            .service_token()
            .map_err(|e| Error::Internal(e.into()))?;
        Ok(Outgoing::bearer(token))
    }

    fn family(&self) -> Result<FamilyServiceClient<InterceptedService<Channel, Outgoing>>, Error> {
        Ok(FamilyServiceClient::with_interceptor(
            self.family.clone(),
            self.as_service()?,
        ))
    }

    fn platform(
        &self,
    ) -> Result<PlatformServiceClient<InterceptedService<Channel, Outgoing>>, Error> {
        Ok(PlatformServiceClient::with_interceptor(
            self.platform.clone(),
            self.as_service()?,
        ))
    }

    /// Every child's chores today in family `org`, for its board (the
    /// caller has checked the tablet's device token).
    pub async fn family_today(&self, org: Uuid) -> Result<Today, Error> {
        Ok(
            ChoresServiceClient::with_interceptor(self.chores.clone(), self.as_service()?)
                .get_family_today(GetFamilyTodayRequest {
                    organization_id: org.to_string(),
                })
                .await
                .map_err(Error::upstream("chores"))?
                .into_inner(),
        )
    }

    /// Makes family `id` (once: asked again, the same family), or with
    /// `check_only` only says whether the family service would refuse it.
    pub async fn create_family(
        &self,
        id: Uuid,
        name: &str,
        time_zone: &str,
        check_only: bool,
    ) -> Result<(), Error> {
        self.family()?
            .create_organization(CreateOrganizationRequest {
                name: name.to_owned(),
                time_zone: time_zone.to_owned(),
                id: id.to_string(),
                check_only,
            })
            .await
            .map_err(Error::upstream("family"))?;
        Ok(())
    }

    /// Makes the child record of someone joining as a child.
    pub async fn add_member_child(&self, child: AddMemberChildRequest) -> Result<(), Error> {
        self.family()?
            .add_member_child(child)
            .await
            .map_err(Error::upstream("family"))?;
        Ok(())
    }

    /// The family a child belongs to, as the family service knows it: `None`
    /// for a child it does not have, such as one it is adding right now
    /// (it asks for the child's invitation before it commits the child).
    pub async fn child_family(&self, child_id: Uuid) -> Result<Option<Uuid>, Error> {
        let org = self
            .family()?
            .get_child_family(GetChildFamilyRequest {
                child_id: child_id.to_string(),
            })
            .await
            .map_err(Error::upstream("family"))?
            .into_inner()
            .organization_id;
        if org.is_empty() {
            return Ok(None);
        }
        Uuid::parse_str(&org)
            .map(Some)
            .map_err(|e| Error::Internal(e.into()))
    }

    /// The children of family `id` by name, and the family's own name (the
    /// family tablet, the weekly digest).
    pub async fn child_names(&self, id: Uuid) -> Result<ListChildNamesResponse, Error> {
        Ok(self
            .family()?
            .list_child_names(ListChildNamesRequest {
                organization_id: id.to_string(),
            })
            .await
            .map_err(Error::upstream("family"))?
            .into_inner())
    }

    /// The family's time zone (IANA name), in which its days and times are read.
    pub async fn time_zone(&self, id: Uuid) -> Result<String, Error> {
        Ok(self
            .family()?
            .get_organization(GetOrganizationRequest { id: id.to_string() })
            .await
            .map_err(Error::upstream("family"))?
            .into_inner()
            .time_zone)
    }

    /// The family's name (family service) and plan and state (platform service), asked together.
    pub async fn family_of(&self, id: Uuid) -> Result<Family, Error> {
        let mut family = self.family()?;
        let (org, standing) = tokio::join!(
            family.get_organization(GetOrganizationRequest { id: id.to_string() }),
            self.standing_of(id),
        );
        let org = org.map_err(Error::upstream("family"))?.into_inner();
        let (plan, is_active) = standing?;
        Ok(Family {
            id,
            name: org.name,
            plan,
            is_active,
        })
    }

    /// The family's plan (FREE, PRO or ENTERPRISE) and whether it is active,
    /// as the platform service keeps them.
    pub async fn standing_of(&self, id: Uuid) -> Result<(String, bool), Error> {
        let status = self
            .platform()?
            .get_organization_status(GetOrganizationStatusRequest {
                organization_id: id.to_string(),
            })
            .await
            .map_err(Error::upstream("platform"))?
            .into_inner();
        let plan = Plan::try_from(status.plan).unwrap_or(Plan::Free);
        Ok((
            plan.as_str_name().trim_start_matches("PLAN_").to_owned(),
            status.is_active,
        ))
    }
}
