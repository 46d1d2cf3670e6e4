//! A refused token says why the session ended, so the web can tell the user:
//! a deactivated account and a suspended family by name, anything else as
//! an ended session.

use reqwest::{Client, StatusCode};
use serde_json::{Value, json};

use crate::helpers::{
    Session, accept, assert_error, eventually, parent, send, start, super_admin, unique_email,
};

fn assert_refused(status: StatusCode, body: &Value, message: &str, code: &str) {
    assert_eq!(status, StatusCode::UNAUTHORIZED, "{body}");
    assert_error(body, message);
    assert_eq!(body["code"], code, "{body}");
}

#[tokio::test]
async fn a_missing_or_bad_token_ends_the_session() {
    let (_stack, api) = start().await;
    let (status, body) = send(Client::new().get(format!("{api}/users/me"))).await;
    assert_refused(status, &body, "Authentication required", "UNAUTHENTICATED");
    let (status, body) = send(
        Client::new()
            .get(format!("{api}/users/me"))
            .bearer_auth("garbage"),
    )
    .await;
    assert_refused(status, &body, "Invalid or expired token", "UNAUTHENTICATED");
    // A wrong password is no session ending: no code.
    let (status, body) = send(
        Client::new()
            .post(format!("{api}/auth/login"))
            .json(&json!({"email": unique_email("nobody"), "password": "secret123"})),
    )
    .await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);
    assert!(body.get("code").is_none(), "{body}");
}

#[tokio::test]
async fn a_deactivated_parent_is_told_their_account_was_deactivated() {
    let (_stack, api) = start().await;
    let parent = parent(&api).await;
    let co = co_parent(&parent).await;
    let co_id = co.user["id"].as_str().unwrap();
    let (status, _) = send(parent.put(&format!("/users/{co_id}/deactivate"), &json!({}))).await;
    assert_eq!(status, StatusCode::OK);

    // Whether the gateway or the service behind it refuses the token first,
    // the answer is the same.
    for path in ["/users/me", "/children", "/submissions?status=PENDING"] {
        let (status, body) = send(co.get(path)).await;
        assert_refused(
            status,
            &body,
            "This account has been deactivated",
            "ACCOUNT_DEACTIVATED",
        );
    }
}

#[tokio::test]
async fn members_of_a_suspended_family_are_told_it_was_suspended() {
    let (stack, api) = start().await;
    let admin = super_admin(&stack, &api).await;
    let parent = parent(&api).await;
    let org = parent.user["organization"]["id"]
        .as_str()
        .unwrap()
        .to_owned();
    eventually("the family in the directory", || async {
        send(admin.get(&format!("/admin/organizations/{org}")))
            .await
            .0
            == StatusCode::OK
    })
    .await;
    let (status, _) = send(admin.patch(
        &format!("/admin/organizations/{org}/deactivate"),
        &json!({}),
    ))
    .await;
    assert_eq!(status, StatusCode::OK);

    eventually("the parent's token refused", || async {
        send(parent.get("/users/me")).await.0 == StatusCode::UNAUTHORIZED
    })
    .await;
    let (status, body) = send(parent.get("/users/me")).await;
    assert_refused(
        status,
        &body,
        "This family account has been suspended",
        "FAMILY_SUSPENDED",
    );
}

/// A second parent of `parent`'s family, signed in.
async fn co_parent(parent: &Session) -> Session {
    let (status, code) =
        send(parent.post("/organizations/invite-codes", &json!({"role": "ORG_ADMIN"}))).await;
    assert_eq!(status, StatusCode::CREATED, "{code}");
    accept(
        &parent.api,
        code["code"].as_str().unwrap(),
        &unique_email("co-parent"),
    )
    .await
}

/// Logging out ends that session at once: the gateway and the services
/// refuse its token from then on (auth at once, the others as soon as the
/// revocation reaches them), while the user's other sessions go on.
#[tokio::test]
async fn logging_out_ends_that_session_and_no_other() {
    use chorely_proto::family::v1::{
        GetCurrentOrganizationRequest, family_service_client::FamilyServiceClient,
    };
    use kit::grpc::Outgoing;

    let (stack, api) = start().await;
    let http = Client::new();
    let phone = parent(&api).await;
    let (status, laptop) = send(
        http.post(format!("{api}/auth/login"))
            .json(&json!({"email": phone.user["email"], "password": "secret123"})),
    )
    .await;
    assert_eq!(status, StatusCode::OK);
    let laptop = laptop["token"].as_str().unwrap().to_owned();
    let family = |token: &str| {
        FamilyServiceClient::with_interceptor(
            testkit::Stack::channel(&stack.family_url),
            Outgoing::bearer(token),
        )
    };

    let answer = http
        .post(format!("{api}/auth/logout"))
        .bearer_auth(&phone.token)
        .send()
        .await
        .unwrap();
    assert_eq!(answer.status(), StatusCode::NO_CONTENT);

    // Refused at once by the gateway and by auth itself ...
    let (status, body) = send(phone.get("/users/me")).await;
    assert_refused(status, &body, "Invalid or expired token", "UNAUTHENTICATED");
    let err = stack
        .auth(Some(&phone.token))
        .get_me(chorely_proto::auth::v1::GetMeRequest {})
        .await
        .unwrap_err();
    assert_eq!(err.code(), tonic::Code::Unauthenticated);
    // ... and by every other service once the revocation reaches it.
    eventually("the family service refusing the token", || async {
        family(&phone.token)
            .get_current_organization(GetCurrentOrganizationRequest {})
            .await
            .is_err_and(|err| err.code() == tonic::Code::Unauthenticated)
    })
    .await;
    // Logging out again is refused like any other use of the token.
    let again = http
        .post(format!("{api}/auth/logout"))
        .bearer_auth(&phone.token)
        .send()
        .await
        .unwrap();
    assert_eq!(again.status(), StatusCode::UNAUTHORIZED);

    // The other session of the same user goes on, everywhere.
    let (status, me) = send(http.get(format!("{api}/users/me")).bearer_auth(&laptop)).await;
    assert_eq!(status, StatusCode::OK, "{me}");
    family(&laptop)
        .get_current_organization(GetCurrentOrganizationRequest {})
        .await
        .unwrap();
}
