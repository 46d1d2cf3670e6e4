//! gRPC handlers: check who is calling, hand over, convert errors.

use chorely_proto::family::v1::{self as pb, family_service_server::FamilyService};
use kit::authn::{Caller, RequestAuth};
use kit::grpc::{Reply, reply};
use tonic::{Request, Status};
use uuid::Uuid;

use crate::{children::Children, error::Error, families::Families};

pub struct FamilyGrpc {
    pub families: Families,
    pub children: Children,
}

#[tonic::async_trait]
impl FamilyService for FamilyGrpc {
    async fn create_organization(
        &self,
        request: Request<pb::CreateOrganizationRequest>,
    ) -> Reply<pb::Organization> {
        request.service()?;
        reply(self.families.create(request.into_inner()).await)
    }

    async fn get_organization(
        &self,
        request: Request<pb::GetOrganizationRequest>,
    ) -> Reply<pb::Organization> {
        // Another family's id answers exactly like an unknown one.
        let id = Uuid::parse_str(&request.get_ref().id)
            .map_err(|_| Status::from(Error::FamilyNotFound))?;
        match request.caller()? {
            Caller::Service(_) => {}
            Caller::User(user) if user.org == Some(id) => {}
            Caller::User(_) => return Err(Error::FamilyNotFound.into()),
        }
        reply(self.families.get(id).await)
    }

    async fn get_current_organization(
        &self,
        request: Request<pb::GetCurrentOrganizationRequest>,
    ) -> Reply<pb::Organization> {
        let org = request.user()?.org()?;
        reply(self.families.get(org).await)
    }

    async fn update_current_organization(
        &self,
        request: Request<pb::UpdateCurrentOrganizationRequest>,
    ) -> Reply<pb::Organization> {
        let org = request.parent()?.org()?;
        reply(self.families.update(org, request.into_inner()).await)
    }

    async fn list_children(
        &self,
        request: Request<pb::ListChildrenRequest>,
    ) -> Reply<pb::ListChildrenResponse> {
        let org = request.parent()?.org()?;
        reply(
            self.children
                .list(org)
                .await
                .map(|children| pb::ListChildrenResponse { children }),
        )
    }

    async fn list_child_names(
        &self,
        request: Request<pb::ListChildNamesRequest>,
    ) -> Reply<pb::ListChildNamesResponse> {
        let org = match request.caller()? {
            Caller::User(user) => user.org()?,
            // A service names the family (auth, for the family tablet).
            Caller::Service(_) => Uuid::parse_str(&request.get_ref().organization_id)
                .map_err(|_| Status::from(Error::FamilyNotFound))?,
        };
        reply(self.children.names(org).await)
    }

    async fn get_child(&self, request: Request<pb::GetChildRequest>) -> Reply<pb::Child> {
        let user = request.user()?;
        let org = user.org()?;
        // A child may read their own record; parents any child of their family.
        if !user.role.is_parent()
            && user.child.map(|c| c.to_string()) != Some(request.get_ref().id.clone())
        {
            return Err(Error::ChildNotFound.into());
        }
        reply(self.children.get(org, &request.get_ref().id).await)
    }

    async fn invite_child(
        &self,
        request: Request<pb::InviteChildRequest>,
    ) -> Reply<pb::InviteChildResponse> {
        let parent = request.parent()?.clone();
        let org = parent.org()?;
        reply(
            self.children
                .invite(&parent, org, request.into_inner())
                .await,
        )
    }

    async fn update_child(&self, request: Request<pb::UpdateChildRequest>) -> Reply<pb::Child> {
        let parent = request.parent()?.clone();
        let org = parent.org()?;
        reply(
            self.children
                .update(&parent, org, request.into_inner())
                .await,
        )
    }

    async fn delete_child(
        &self,
        request: Request<pb::DeleteChildRequest>,
    ) -> Reply<pb::DeleteChildResponse> {
        let org = request.parent()?.org()?;
        reply(
            self.children
                .delete(org, &request.get_ref().id)
                .await
                .map(|()| pb::DeleteChildResponse {}),
        )
    }

    async fn update_ratings(&self, request: Request<pb::UpdateRatingsRequest>) -> Reply<pb::Child> {
        let org = request.parent()?.org()?;
        reply(self.children.rate(org, request.into_inner()).await)
    }

    async fn add_member_child(
        &self,
        request: Request<pb::AddMemberChildRequest>,
    ) -> Reply<pb::Child> {
        request.service()?;
        // The plan's limit is asked of the platform with auth's own token.
        let token = kit::authn::token_of(&request).unwrap_or_default();
        reply(self.children.add_member(&token, request.into_inner()).await)
    }

    async fn get_child_family(
        &self,
        request: Request<pb::GetChildFamilyRequest>,
    ) -> Reply<pb::GetChildFamilyResponse> {
        request.service()?;
        reply(
            self.children
                .family_of(&request.get_ref().child_id)
                .await
                .map(|org| pb::GetChildFamilyResponse {
                    organization_id: org.map(|o| o.to_string()).unwrap_or_default(),
                }),
        )
    }
}
