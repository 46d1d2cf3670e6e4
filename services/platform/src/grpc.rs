//! gRPC handlers: check who is calling, hand over, convert errors.

use chorely_proto::platform::v1::{self as pb, platform_service_server::PlatformService};
use kit::authn::{Caller, RequestAuth};
use kit::grpc::{Reply, reply};
use tonic::{Request, Response, Status};
use uuid::Uuid;

use crate::{console::Console, directory::Directory, error::Error};

pub struct PlatformGrpc {
    pub directory: Directory,
    pub console: Console,
}

#[tonic::async_trait]
impl PlatformService for PlatformGrpc {
    async fn get_organization_status(
        &self,
        request: Request<pb::GetOrganizationStatusRequest>,
    ) -> Reply<pb::OrganizationStatus> {
        let id = Uuid::parse_str(&request.get_ref().organization_id)
            .map_err(|_| Status::from(Error::OrganizationNotFound))?;
        match request.caller()? {
            Caller::Service(_) => {}
            Caller::User(user)
                if user.org == Some(id) || user.role == kit::authn::Role::SuperAdmin => {}
            Caller::User(_) => return Err(Error::OrganizationNotFound.into()),
        }
        Ok(Response::new(self.directory.status(id).await?))
    }

    async fn get_platform_stats(
        &self,
        request: Request<pb::GetPlatformStatsRequest>,
    ) -> Reply<pb::PlatformStats> {
        request.super_admin()?;
        reply(self.console.stats().await)
    }

    async fn list_organizations(
        &self,
        request: Request<pb::ListOrganizationsRequest>,
    ) -> Reply<pb::ListOrganizationsResponse> {
        request.super_admin()?;
        reply(self.console.organizations(request.get_ref()).await)
    }

    async fn get_organization_detail(
        &self,
        request: Request<pb::GetOrganizationDetailRequest>,
    ) -> Reply<pb::OrganizationDetail> {
        request.super_admin()?;
        let id = organization_id(&request.get_ref().id)?;
        reply(self.console.detail(id).await)
    }

    async fn change_plan(
        &self,
        request: Request<pb::ChangePlanRequest>,
    ) -> Reply<pb::OrganizationRow> {
        request.super_admin()?;
        let req = request.get_ref();
        let id = organization_id(&req.id)?;
        reply(
            self.console
                .change_plan(id, req.plan(), req.subscription_status())
                .await,
        )
    }

    async fn deactivate_organization(
        &self,
        request: Request<pb::SetOrganizationActiveRequest>,
    ) -> Reply<pb::OrganizationRow> {
        request.super_admin()?;
        let id = organization_id(&request.get_ref().id)?;
        reply(self.console.set_active(id, false).await)
    }

    async fn activate_organization(
        &self,
        request: Request<pb::SetOrganizationActiveRequest>,
    ) -> Reply<pb::OrganizationRow> {
        request.super_admin()?;
        let id = organization_id(&request.get_ref().id)?;
        reply(self.console.set_active(id, true).await)
    }

    async fn list_users(
        &self,
        request: Request<pb::ListUsersRequest>,
    ) -> Reply<pb::ListUsersResponse> {
        request.super_admin()?;
        reply(self.console.users(request.get_ref()).await)
    }
}

fn organization_id(raw: &str) -> Result<Uuid, Status> {
    Uuid::parse_str(raw).map_err(|_| Error::OrganizationNotFound.into())
}
