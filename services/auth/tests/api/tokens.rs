//! Tokens the services must refuse: another key, `alg: none`, expired, wrong
//! audience, and a service token where a user is required.

use chorely_proto::auth::v1::GetMeRequest;
use kit::{
    jwt::ACCESS_TYP,
    testing::tokens::{claims, signed_by_stranger, unsigned},
};
use testkit::Stack;
use tonic::Code;

use crate::helpers::{register, with_token};

async fn assert_refused(stack: &Stack, token: &str, why: &str) {
    let err = with_token(stack, token)
        .get_me(GetMeRequest {})
        .await
        .unwrap_err();
    assert_eq!(err.code(), Code::Unauthenticated, "{why}");
}

#[tokio::test]
async fn forged_expired_and_unsigned_tokens_are_refused() {
    let stack = Stack::start().await;
    let (_, registered) = register(&stack).await;
    let user_id = registered.user.unwrap().id;

    // Sanity: a token from the stack's own key works.
    let good = stack
        .signer()
        .sign(ACCESS_TYP, &claims(&user_id, 600))
        .unwrap();
    with_token(&stack, &good)
        .get_me(GetMeRequest {})
        .await
        .unwrap();

    let other = signed_by_stranger(&claims(&user_id, 600));
    assert_refused(&stack, &other, "signed with another key").await;

    let expired = stack
        .signer()
        .sign(ACCESS_TYP, &claims(&user_id, -120))
        .unwrap();
    assert_refused(&stack, &expired, "expired").await;

    let unsigned = unsigned(&claims(&user_id, 600));
    assert_refused(&stack, &unsigned, "alg none").await;

    let mut foreign = claims(&user_id, 600);
    foreign.aud = "someone-else".into();
    let foreign = stack.signer().sign(ACCESS_TYP, &foreign).unwrap();
    assert_refused(&stack, &foreign, "wrong audience").await;

    let wrong_typ = stack.signer().sign("JWT", &claims(&user_id, 600)).unwrap();
    assert_refused(&stack, &wrong_typ, "untyped token").await;

    let mut tampered = good.clone();
    tampered.insert(good.len() / 2, 'x');
    assert_refused(&stack, &tampered, "tampered").await;
}

#[tokio::test]
async fn a_service_token_cannot_act_as_a_user() {
    let stack = Stack::start().await;
    let service = stack.signer().service_token().unwrap();
    let err = with_token(&stack, &service)
        .get_me(GetMeRequest {})
        .await
        .unwrap_err();
    assert_eq!(err.code(), Code::PermissionDenied);
}
