//! Families over gRPC: tenant isolation and who may change what.

#![allow(clippy::unwrap_used)]

use chorely_proto::{
    auth::v1::{AcceptInviteRequest, CreateInviteCodeRequest, Role},
    family::v1::{
        CreateOrganizationRequest, GetCurrentOrganizationRequest, GetOrganizationRequest,
        UpdateCurrentOrganizationRequest, family_service_client::FamilyServiceClient,
    },
};
use kit::grpc::Outgoing;
use testkit::Stack;
use tonic::Code;
use uuid::Uuid;

async fn register(stack: &Stack, family: &str) -> (String, String) {
    let answer = stack.register_family(family).await;
    let org = answer.user.unwrap().organization.unwrap().id;
    (answer.token, org)
}

fn family(
    stack: &Stack,
    token: &str,
) -> FamilyServiceClient<
    tonic::service::interceptor::InterceptedService<tonic::transport::Channel, Outgoing>,
> {
    FamilyServiceClient::with_interceptor(
        Stack::channel(&stack.family_url),
        Outgoing::bearer(token),
    )
}

#[tokio::test]
async fn a_family_sees_its_own_organization_and_nothing_of_another() {
    let stack = Stack::start().await;
    let (token_a, org_a) = register(&stack, "Family A").await;
    let (_, org_b) = register(&stack, "Family A").await;

    let current = family(&stack, &token_a)
        .get_current_organization(GetCurrentOrganizationRequest {})
        .await
        .unwrap()
        .into_inner();
    assert_eq!(
        (
            current.id.as_str(),
            current.name.as_str(),
            current.time_zone.as_str()
        ),
        (org_a.as_str(), "Family A", "UTC")
    );

    let own = family(&stack, &token_a)
        .get_organization(GetOrganizationRequest { id: org_a.clone() })
        .await
        .unwrap();
    assert_eq!(own.into_inner().slug, "family-a");
    let other = family(&stack, &token_a)
        .get_organization(GetOrganizationRequest { id: org_b.clone() })
        .await
        .unwrap_err();
    let unknown = family(&stack, &token_a)
        .get_organization(GetOrganizationRequest {
            id: Uuid::new_v4().to_string(),
        })
        .await
        .unwrap_err();
    for err in [other, unknown] {
        assert_eq!(
            (err.code(), err.message()),
            (Code::NotFound, "Family not found")
        );
    }
}

#[tokio::test]
async fn the_same_family_name_gets_a_distinct_slug() {
    let stack = Stack::start().await;
    let (token_a, _) = register(&stack, "Same Name").await;
    let (token_b, _) = register(&stack, "Same Name").await;
    let a = family(&stack, &token_a)
        .get_current_organization(GetCurrentOrganizationRequest {})
        .await
        .unwrap()
        .into_inner();
    let b = family(&stack, &token_b)
        .get_current_organization(GetCurrentOrganizationRequest {})
        .await
        .unwrap()
        .into_inner();
    assert_eq!(a.slug, "same-name");
    assert!(
        b.slug.starts_with("same-name-") && b.slug != a.slug,
        "{}",
        b.slug
    );
}

#[tokio::test]
async fn only_a_parent_renames_the_family_and_only_services_create_one() {
    let stack = Stack::start().await;
    let (token, _) = register(&stack, "Before").await;

    let err = family(&stack, &token)
        .update_current_organization(UpdateCurrentOrganizationRequest {
            name: " ".into(),
            time_zone: String::new(),
        })
        .await
        .unwrap_err();
    assert_eq!(
        (err.code(), err.message()),
        (Code::InvalidArgument, "Family name is required")
    );
    let refusal = kit::refusal::Refusal::of(&err).unwrap();
    assert_eq!(refusal.code(), "REQUIRED");
    assert_eq!(
        refusal.params().map(|(name, ..)| name).collect::<Vec<_>>(),
        ["label"]
    );
    assert_eq!(
        kit::error::field_violations(&err),
        [("name".to_owned(), "Family name is required".to_owned())]
    );
    let renamed = family(&stack, &token)
        .update_current_organization(UpdateCurrentOrganizationRequest {
            name: "After".into(),
            time_zone: "Asia/Tokyo".into(),
        })
        .await
        .unwrap()
        .into_inner();
    assert_eq!(
        (renamed.name.as_str(), renamed.time_zone.as_str()),
        ("After", "Asia/Tokyo")
    );

    // A child of the family may read but not rename it.
    let code = stack
        .auth(Some(&token))
        .create_invite_code(CreateInviteCodeRequest {
            role: Role::OrgMember.into(),
            email: String::new(),
            expires_in_days: 7,
        })
        .await
        .unwrap()
        .into_inner()
        .code;
    let child = stack
        .auth(None)
        .accept_invite(AcceptInviteRequest {
            invite_code: code,
            password: "secret123".into(),
            email: format!("c-{}@example.com", Uuid::new_v4().simple()),
            first_name: "Kid".into(),
            last_name: String::new(),
            mail: None,
        })
        .await
        .unwrap()
        .into_inner();
    let err = family(&stack, &child.token)
        .update_current_organization(UpdateCurrentOrganizationRequest {
            name: "Mine".into(),
            time_zone: String::new(),
        })
        .await
        .unwrap_err();
    assert_eq!(err.code(), Code::PermissionDenied);

    let err = family(&stack, &token)
        .create_organization(CreateOrganizationRequest {
            name: "Sneaky".into(),
            ..Default::default()
        })
        .await
        .unwrap_err();
    assert_eq!(err.code(), Code::PermissionDenied);
}
