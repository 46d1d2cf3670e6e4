use chorely_proto::auth::v1::{
    AcceptInviteRequest, CreateInviteCodeRequest, GetInviteRequest, ListMembersRequest,
    LoginRequest, Role,
};
use kit::refusal::Refusal;
use testkit::Stack;
use tonic::Code;

use crate::helpers::{anonymous, register, unique_email, with_token};

async fn invite_code(stack: &Stack, token: &str, email: &str, role: Role) -> String {
    with_token(stack, token)
        .create_invite_code(CreateInviteCodeRequest {
            role: role.into(),
            email: email.into(),
            expires_in_days: 0,
        })
        .await
        .unwrap()
        .into_inner()
        .code
}

fn accept(code: &str, email: &str) -> AcceptInviteRequest {
    AcceptInviteRequest {
        invite_code: code.into(),
        password: "secret123".into(),
        email: email.into(),
        first_name: "Sam".into(),
        last_name: "Lee".into(),
        mail: None,
    }
}

#[tokio::test]
async fn an_invitee_joins_the_inviting_family_with_the_invited_role() {
    let stack = Stack::start().await;
    let (_, parent) = register(&stack).await;
    let family = parent.user.as_ref().unwrap().organization.clone().unwrap();
    let email = unique_email();
    let code = invite_code(&stack, &parent.token, &email, Role::OrgMember).await;

    let invite = anonymous(&stack)
        .get_invite(GetInviteRequest { code: code.clone() })
        .await
        .unwrap()
        .into_inner();
    assert_eq!(invite.organization_name, "The Lee Family");
    assert_eq!(invite.email, email);
    let expires = invite.expires_at.unwrap().seconds - chrono::Utc::now().timestamp();
    assert!(
        (6 * 86_400..=7 * 86_400).contains(&expires),
        "default expiry is 7 days"
    );

    // The invitation's email wins over anything the form sends.
    let joined = anonymous(&stack)
        .accept_invite(accept(&code, "other@example.com"))
        .await
        .unwrap()
        .into_inner();
    let user = joined.user.unwrap();
    assert_eq!(user.email, email);
    assert_eq!(user.role(), Role::OrgMember);
    assert_eq!(user.organization.unwrap().id, family.id);

    // The new member can log in with the password they chose.
    anonymous(&stack)
        .login(LoginRequest {
            email,
            password: "secret123".into(),
        })
        .await
        .unwrap();
}

#[tokio::test]
async fn an_open_invite_code_asks_for_the_email_and_is_single_use() {
    let stack = Stack::start().await;
    let (_, parent) = register(&stack).await;
    let code = invite_code(&stack, &parent.token, "", Role::OrgAdmin).await;

    let err = anonymous(&stack)
        .accept_invite(accept(&code, ""))
        .await
        .unwrap_err();
    assert_eq!(
        (err.code(), err.message()),
        (Code::InvalidArgument, "Email is required")
    );

    let email = unique_email();
    let joined = anonymous(&stack)
        .accept_invite(accept(&code, &email))
        .await
        .unwrap()
        .into_inner();
    assert_eq!(joined.user.unwrap().role(), Role::OrgAdmin);

    let err = anonymous(&stack)
        .accept_invite(accept(&code, &unique_email()))
        .await
        .unwrap_err();
    assert_eq!(
        (err.code(), err.message()),
        (Code::NotFound, "Invalid or expired invitation")
    );
    let err = anonymous(&stack)
        .get_invite(GetInviteRequest { code })
        .await
        .unwrap_err();
    assert_eq!(err.message(), "Invalid or expired invitation");
}

#[tokio::test]
async fn an_expired_or_unknown_invitation_is_refused() {
    let stack = Stack::start().await;
    let (_, parent) = register(&stack).await;
    let code = invite_code(&stack, &parent.token, &unique_email(), Role::OrgAdmin).await;
    kit::tenancy::all_families(
        sqlx::query(
            "UPDATE invitations SET expires_at = now() - interval '1 minute' WHERE code = $1",
        )
        .bind(&code)
        .execute(&stack.auth_pool),
    )
    .await
    .unwrap();

    for code in [code, "no-such-code".to_owned()] {
        let err = anonymous(&stack)
            .get_invite(GetInviteRequest { code: code.clone() })
            .await
            .unwrap_err();
        assert_eq!(
            (err.code(), err.message()),
            (Code::NotFound, "Invalid or expired invitation")
        );
        let err = anonymous(&stack)
            .accept_invite(accept(&code, ""))
            .await
            .unwrap_err();
        assert_eq!(err.message(), "Invalid or expired invitation");
    }
}

#[tokio::test]
async fn only_parents_create_invite_codes_and_with_offered_expiries() {
    let stack = Stack::start().await;
    let (_, parent) = register(&stack).await;
    let child_code = invite_code(&stack, &parent.token, &unique_email(), Role::OrgMember).await;
    let child = anonymous(&stack)
        .accept_invite(accept(&child_code, ""))
        .await
        .unwrap()
        .into_inner();

    let err = with_token(&stack, &child.token)
        .create_invite_code(CreateInviteCodeRequest {
            role: Role::OrgAdmin.into(),
            email: String::new(),
            expires_in_days: 7,
        })
        .await
        .unwrap_err();
    assert_eq!(err.code(), Code::PermissionDenied);

    let err = with_token(&stack, &parent.token)
        .create_invite_code(CreateInviteCodeRequest {
            role: Role::OrgAdmin.into(),
            email: String::new(),
            expires_in_days: 5,
        })
        .await
        .unwrap_err();
    assert_eq!(
        (err.code(), err.message()),
        (
            Code::InvalidArgument,
            "Expiry must be 1, 3, 7, 14 or 30 days"
        )
    );
    assert_eq!(
        Refusal::of(&err).map(|r| r.code()),
        Some("INVITE_EXPIRY_INVALID")
    );

    let err = with_token(&stack, &parent.token)
        .create_invite_code(CreateInviteCodeRequest {
            role: Role::SuperAdmin.into(),
            email: String::new(),
            expires_in_days: 7,
        })
        .await
        .unwrap_err();
    assert_eq!(err.message(), "Role must be ORG_ADMIN or ORG_MEMBER");
    assert_eq!(
        Refusal::of(&err).map(|r| r.code()),
        Some("INVITE_ROLE_INVALID")
    );
    assert_eq!(
        kit::error::field_violations(&err),
        [("role".to_owned(), err.message().to_owned())]
    );
}

/// Auth checks for itself that a child's invitation names a child of the
/// caller's own family, whoever calls it (the family service does, but a
/// parent's token reaches auth directly too): another family's child is
/// unknown, and no invitation is kept.
#[tokio::test]
async fn a_child_invitation_for_another_familys_child_is_refused() {
    use chorely_proto::{
        auth::v1::CreateChildInviteRequest,
        family::v1::{InviteChildRequest, family_service_client::FamilyServiceClient},
    };

    let stack = Stack::start().await;
    let (_, ours) = register(&stack).await;
    let (_, theirs) = register(&stack).await;
    let their_child = FamilyServiceClient::with_interceptor(
        Stack::channel(&stack.family_url),
        kit::grpc::Outgoing::bearer(&theirs.token),
    )
    .invite_child(InviteChildRequest {
        first_name: "Noa".into(),
        email: unique_email(),
        ..Default::default()
    })
    .await
    .unwrap()
    .into_inner()
    .child
    .unwrap();

    let err = with_token(&stack, &ours.token)
        .create_child_invite(CreateChildInviteRequest {
            child_id: their_child.id.clone(),
            email: unique_email(),
            first_name: "Noa".into(),
            ..Default::default()
        })
        .await
        .unwrap_err();
    assert_eq!(
        (err.code(), err.message()),
        (Code::NotFound, "Child not found")
    );
    let kept: i64 = kit::tenancy::all_families(
        sqlx::query_scalar(
            "SELECT count(*) FROM invitations WHERE child_id = $1 AND organization_id <> $2",
        )
        .bind(uuid::Uuid::parse_str(&their_child.id).unwrap())
        .bind(uuid::Uuid::parse_str(&theirs.user.unwrap().organization.unwrap().id).unwrap())
        .fetch_one(&stack.auth_pool),
    )
    .await
    .unwrap();
    assert_eq!(kept, 0, "no invitation for another family's child");
}

#[tokio::test]
async fn members_are_listed_with_their_family_unless_only_they_are_asked_for() {
    let stack = Stack::start().await;
    let (_, parent) = register(&stack).await;
    let family = parent.user.as_ref().unwrap().organization.clone().unwrap();
    let email = unique_email();
    let code = invite_code(&stack, &parent.token, &email, Role::OrgAdmin).await;
    anonymous(&stack)
        .accept_invite(accept(&code, &email))
        .await
        .unwrap();

    let members = |without_family| {
        let mut client = with_token(&stack, &parent.token);
        async move {
            client
                .list_members(ListMembersRequest { without_family })
                .await
                .unwrap()
                .into_inner()
                .members
        }
    };
    let full = members(false).await;
    assert_eq!(full.len(), 2, "{full:?}");
    for member in &full {
        let organization = member.organization.as_ref().expect("the family is named");
        assert_eq!(organization.id, family.id);
        assert_eq!(organization.name, "The Lee Family");
    }
    // Only the members: the same people, without their family.
    let bare = members(true).await;
    let names = |list: &[chorely_proto::auth::v1::User]| {
        list.iter()
            .map(|m| (m.id.clone(), m.first_name.clone(), m.last_name.clone()))
            .collect::<Vec<_>>()
    };
    assert_eq!(names(&bare), names(&full));
    assert!(bare.iter().all(|m| m.organization.is_none()), "{bare:?}");
}
