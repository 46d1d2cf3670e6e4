//! Tokens the services must refuse: another key, `alg: none`, expired, wrong
//! audience, and a service token where a user is required.

use chorely_proto::auth::v1::GetMeRequest;
use kit::jwt::{ACCESS_TYP, AUDIENCE, Claims, ISSUER, JwtSigner};
use testkit::Stack;
use tonic::Code;

use crate::helpers::{register, with_token};

fn claims_of(stack_token_user: &str, exp_offset: i64) -> Claims {
    let now = chrono::Utc::now().timestamp();
    Claims {
        sub: stack_token_user.into(),
        aud: AUDIENCE.into(),
        iss: ISSUER.into(),
        exp: now + exp_offset,
        iat: now - 10,
        jti: "t".into(),
        role: Some("ORG_ADMIN".into()),
        org: None,
        child: None,
    }
}

fn b64(bytes: &[u8]) -> String {
    use base64::Engine;
    base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(bytes)
}

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
        .sign(ACCESS_TYP, &claims_of(&user_id, 600))
        .unwrap();
    with_token(&stack, &good)
        .get_me(GetMeRequest {})
        .await
        .unwrap();

    let other_key = kit::testing::TestKeys::generate();
    let other = JwtSigner::from_private_pem(
        &other_key.private_pem,
        std::time::Duration::from_secs(60),
        "x",
    )
    .unwrap()
    .sign(ACCESS_TYP, &claims_of(&user_id, 600))
    .unwrap();
    assert_refused(&stack, &other, "signed with another key").await;

    let expired = stack
        .signer()
        .sign(ACCESS_TYP, &claims_of(&user_id, -120))
        .unwrap();
    assert_refused(&stack, &expired, "expired").await;

    let claims = serde_json::to_vec(&claims_of(&user_id, 600)).unwrap();
    let unsigned = format!(
        "{}.{}.",
        b64(br#"{"alg":"none","typ":"at+jwt"}"#),
        b64(&claims)
    );
    assert_refused(&stack, &unsigned, "alg none").await;

    let mut foreign = claims_of(&user_id, 600);
    foreign.aud = "someone-else".into();
    let foreign = stack.signer().sign(ACCESS_TYP, &foreign).unwrap();
    assert_refused(&stack, &foreign, "wrong audience").await;

    let wrong_typ = stack
        .signer()
        .sign("JWT", &claims_of(&user_id, 600))
        .unwrap();
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
