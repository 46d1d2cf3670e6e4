use chorely_proto::auth::v1::Role;
use kit::{codes::Label, refusal::Refusal};
use testkit::Stack;
use tonic::Code;

use crate::helpers::{anonymous, register, registration, unique_email};

#[tokio::test]
async fn registering_creates_the_family_and_its_first_parent() {
    let stack = Stack::start().await;
    let (email, answer) = register(&stack).await;

    assert!(!answer.token.is_empty());
    let user = answer.user.unwrap();
    assert_eq!(user.email, email);
    assert_eq!(user.role(), Role::OrgAdmin);
    assert_eq!(
        (user.first_name.as_str(), user.last_name.as_str()),
        ("Ann", "Lee")
    );
    assert!(user.is_active);
    assert!(user.last_login_at.is_some() && user.created_at.is_some());
    let org = user.organization.unwrap();
    assert_eq!(org.name, "The Lee Family");
    assert_eq!(org.plan, "FREE");
    assert!(!org.id.is_empty());
}

/// A taken address answers as a free one (nobody learns of the other
/// account), but stays one sign-in name, whatever its case.
#[tokio::test]
async fn a_second_sign_up_with_the_same_email_in_any_case_keeps_one_sign_in_name() {
    let stack = Stack::start().await;
    let (email, first) = register(&stack).await;

    let again = anonymous(&stack)
        .register(registration(&email.to_uppercase()))
        .await
        .unwrap()
        .into_inner();
    assert!(!again.token.is_empty());
    let (first, again) = (first.user.unwrap(), again.user.unwrap());
    assert_ne!(first.id, again.id);
    assert_ne!(
        first.organization.unwrap().id,
        again.organization.unwrap().id,
        "a family of its own"
    );
    let names: Vec<(String, bool)> = kit::tenancy::all_families(
        sqlx::query_as("SELECT id::text, email_is_login FROM users ORDER BY created_at")
            .fetch_all(&stack.auth_pool),
    )
    .await
    .unwrap();
    assert_eq!(names, vec![(first.id, true), (again.id, false)]);
}

#[tokio::test]
async fn invalid_registrations_are_refused_with_the_fields_message() {
    let stack = Stack::start().await;
    // Each with its catalogue code, which clients word the refusal by.
    let cases = [
        (
            "password",
            "12345",
            "Password must be at least 6 characters",
            "PASSWORD_TOO_SHORT",
        ),
        (
            "email",
            "not-an-email",
            "Please enter a valid email address",
            "EMAIL_INVALID",
        ),
        ("email", "", "Email is required", "EMAIL_REQUIRED"),
        ("first_name", " ", "First name is required", "REQUIRED"),
        ("last_name", "", "Last name is required", "REQUIRED"),
        (
            "organization_name",
            "",
            "Family name is required",
            "REQUIRED",
        ),
        (
            "time_zone",
            "Mars/Olympus",
            "Unknown time zone: Mars/Olympus",
            "TIME_ZONE_UNKNOWN",
        ),
    ];
    for (field, value, message, code) in cases {
        let mut request = registration(&unique_email());
        match field {
            "password" => request.password = value.into(),
            "email" => request.email = value.into(),
            "first_name" => request.first_name = value.into(),
            "last_name" => request.last_name = value.into(),
            "organization_name" => request.organization_name = value.into(),
            _ => request.time_zone = value.into(),
        }
        let err = anonymous(&stack).register(request).await.unwrap_err();
        assert_eq!(err.code(), Code::InvalidArgument, "{field}");
        assert_eq!(err.message(), message, "{field}");
        let refusal = Refusal::of(&err).expect("a refusal of the catalogue");
        assert_eq!(refusal.code(), code, "{field}");
        if field == "organization_name" {
            let (_, _, label) = refusal.params().next().unwrap();
            assert_eq!(*label, kit::refusal::Value::Label(Label::FamilyName));
        }
    }
    let users: i64 = kit::tenancy::all_families(
        sqlx::query_scalar("SELECT count(*) FROM users").fetch_one(&stack.auth_pool),
    )
    .await
    .unwrap();
    assert_eq!(users, 0);
}
