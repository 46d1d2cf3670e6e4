use chorely_proto::auth::v1::{GetMeRequest, LoginRequest};
use kit::refusal::Refusal;
use testkit::Stack;
use tonic::Code;

use crate::helpers::{anonymous, register, with_token};

fn login(email: &str, password: &str) -> LoginRequest {
    LoginRequest {
        email: email.into(),
        password: password.into(),
    }
}

#[tokio::test]
async fn login_returns_a_working_token_and_the_user_with_the_family() {
    let stack = Stack::start().await;
    let (email, registered) = register(&stack).await;

    let answer = anonymous(&stack)
        .login(login(&format!("  {}  ", email.to_uppercase()), "secret123"))
        .await
        .unwrap()
        .into_inner();
    let user = answer.user.unwrap();
    assert_eq!(user.id, registered.user.unwrap().id);
    assert_eq!(user.organization.as_ref().unwrap().name, "The Lee Family");
    assert_eq!(user.organization.unwrap().plan, "FREE");

    let me = with_token(&stack, &answer.token)
        .get_me(GetMeRequest {})
        .await
        .unwrap()
        .into_inner();
    assert_eq!(me.email, email);
}

#[tokio::test]
async fn a_wrong_password_and_an_unknown_email_get_the_same_answer() {
    let stack = Stack::start().await;
    let (email, _) = register(&stack).await;

    let wrong_password = anonymous(&stack)
        .login(login(&email, "wrong-password"))
        .await
        .unwrap_err();
    let unknown_email = anonymous(&stack)
        .login(login("nobody@example.com", "secret123"))
        .await
        .unwrap_err();
    for err in [&wrong_password, &unknown_email] {
        assert_eq!(err.code(), Code::Unauthenticated);
        assert_eq!(err.message(), "Invalid email or password");
    }
}

#[tokio::test]
async fn a_deactivated_user_cannot_log_in() {
    let stack = Stack::start().await;
    let (email, _) = register(&stack).await;
    kit::tenancy::all_families(
        sqlx::query("UPDATE users SET is_active = false WHERE lower(email) = lower($1)")
            .bind(&email)
            .execute(&stack.auth_pool),
    )
    .await
    .unwrap();

    let err = anonymous(&stack)
        .login(login(&email, "secret123"))
        .await
        .unwrap_err();
    assert_eq!(err.code(), Code::PermissionDenied);
    assert_eq!(err.message(), "This account has been deactivated");
}

#[tokio::test]
async fn a_user_of_a_suspended_family_cannot_log_in() {
    let stack = Stack::start().await;
    let (email, registered) = register(&stack).await;
    let org: uuid::Uuid = registered
        .user
        .unwrap()
        .organization
        .unwrap()
        .id
        .parse()
        .unwrap();
    // The platform service owns suspension; its directory row says so.
    kit::tenancy::all_families(
sqlx::query(
        "INSERT INTO organizations (id, name, slug, created_at, is_active) VALUES ($1, 'x', 'x', now(), false)
         ON CONFLICT (id) DO UPDATE SET is_active = false",
    )
    .bind(org)
    .execute(&stack.platform_pool))
    .await
    .unwrap();

    let err = anonymous(&stack)
        .login(login(&email, "secret123"))
        .await
        .unwrap_err();
    assert_eq!(err.code(), Code::PermissionDenied);
    assert_eq!(err.message(), "This family account has been suspended");
}

#[tokio::test]
async fn empty_credentials_are_refused_before_any_lookup() {
    let stack = Stack::start().await;
    let err = anonymous(&stack).login(login("", "x")).await.unwrap_err();
    assert_eq!(
        (err.code(), err.message()),
        (Code::InvalidArgument, "Email is required")
    );
    let err = anonymous(&stack)
        .login(login("a@b.co", ""))
        .await
        .unwrap_err();
    assert_eq!(
        (err.code(), err.message()),
        (Code::InvalidArgument, "Password is required")
    );
    assert_eq!(Refusal::of(&err).map(|r| r.code()), Some("REQUIRED"));
}
