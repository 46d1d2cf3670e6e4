//! A refused token says why the session ended, so the web can tell the user:
//! a deactivated account and a suspended family by name, anything else as
//! an ended session.

use reqwest::{Client, StatusCode};
use serde_json::{Value, json};

use crate::helpers::{
    Session, accept, assert_error, eventually, login, parent, send, start, super_admin,
    unique_email,
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
    assert_refused(
        status,
        &body,
        "Authentication required",
        "AUTHENTICATION_REQUIRED",
    );
    let (status, body) = send(
        Client::new()
            .get(format!("{api}/users/me"))
            .bearer_auth("garbage"),
    )
    .await;
    assert_refused(status, &body, "Invalid or expired token", "UNAUTHENTICATED");
    // A wrong password is no session ending: its code is the refusal's own.
    let (status, body) = send(
        Client::new()
            .post(format!("{api}/auth/login"))
            .json(&json!({"email": unique_email("nobody"), "password": "secret123"})),
    )
    .await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);
    assert_eq!(body["code"], "INVALID_LOGIN", "{body}");
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

/// What a token says about itself (its payload, unverified: the test only
/// reads what the gateway it came from issued).
fn claims_of(token: &str) -> Value {
    use base64::{Engine, engine::general_purpose::URL_SAFE_NO_PAD};
    let payload = token.split('.').nth(1).unwrap();
    serde_json::from_slice(&URL_SAFE_NO_PAD.decode(payload).unwrap()).unwrap()
}

async fn renew(api: &str, token: &str) -> (StatusCode, Value) {
    send(
        Client::new()
            .post(format!("{api}/auth/renew"))
            .bearer_auth(token),
    )
    .await
}

async fn log_in(api: &str, email: &Value, password: &str) -> String {
    let (status, answer) = login(api, email, password).await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    answer["token"].as_str().unwrap().to_owned()
}

/// Tokens live an hour and are renewed in their session: a renewal is a
/// new token of the same session, and logging out with either ends both.
#[tokio::test]
async fn a_renewed_token_stays_in_its_session_and_ends_with_it() {
    let (_stack, api) = start().await;
    let parent = parent(&api).await;
    let first = claims_of(&parent.token);
    assert_eq!(
        first["exp"].as_i64().unwrap() - first["iat"].as_i64().unwrap(),
        3600,
        "an access token lives an hour: {first}"
    );

    let (status, answer) = renew(&api, &parent.token).await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    let renewed = answer["token"].as_str().unwrap().to_owned();
    assert_ne!(renewed, parent.token);
    let second = claims_of(&renewed);
    assert_eq!(second["sid"], first["sid"], "the same session");
    assert_ne!(second["jti"], first["jti"], "a new token");
    assert!(second["exp"].as_i64() >= first["exp"].as_i64());
    let (status, me) = send(
        Client::new()
            .get(format!("{api}/users/me"))
            .bearer_auth(&renewed),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{me}");
    assert_eq!(me["id"], parent.user["id"]);

    // Another session of the same user is not touched by this one's logout.
    let laptop = log_in(&api, &parent.user["email"], "secret123").await;
    // Logging out with the older token ends the renewed one as well ...
    let (status, _) = send(parent.post("/auth/logout", &json!({}))).await;
    assert_eq!(status, StatusCode::NO_CONTENT);
    for token in [&parent.token, &renewed] {
        let (status, body) = send(
            Client::new()
                .get(format!("{api}/users/me"))
                .bearer_auth(token),
        )
        .await;
        assert_refused(status, &body, "Invalid or expired token", "UNAUTHENTICATED");
        // ... and neither can be renewed: the session stays ended.
        let (status, body) = renew(&api, token).await;
        assert_refused(status, &body, "Invalid or expired token", "UNAUTHENTICATED");
    }
    let (status, _) = renew(&api, &laptop).await;
    assert_eq!(status, StatusCode::OK);
}

/// "Log out everywhere" ends every session of the user at once, on every
/// device and in every service, the one that asked included; logging in
/// again afterwards works, and other users are untouched.
#[tokio::test]
async fn logging_out_everywhere_ends_every_session_of_the_user() {
    let (_stack, api) = start().await;
    let phone = parent(&api).await;
    let laptop = log_in(&api, &phone.user["email"], "secret123").await;
    let (renewed_status, renewed) = renew(&api, &laptop).await;
    assert_eq!(renewed_status, StatusCode::OK);
    let renewed = renewed["token"].as_str().unwrap().to_owned();
    let co = co_parent(&phone).await;

    let (status, body) = send(phone.post(
        "/auth/logout-everywhere",
        &json!({"currentPassword": "secret123"}),
    ))
    .await;
    assert_eq!(status, StatusCode::NO_CONTENT, "{body}");
    for token in [&phone.token, &laptop, &renewed] {
        for path in ["/users/me", "/children"] {
            let (status, body) =
                send(Client::new().get(format!("{api}{path}")).bearer_auth(token)).await;
            assert_refused(status, &body, "Invalid or expired token", "UNAUTHENTICATED");
        }
        let (status, _) = renew(&api, token).await;
        assert_eq!(status, StatusCode::UNAUTHORIZED);
    }
    // The co-parent's session goes on.
    let (status, _) = send(co.get("/users/me")).await;
    assert_eq!(status, StatusCode::OK);
    // A new login is a new session, and works.
    let again = log_in(&api, &phone.user["email"], "secret123").await;
    let (status, _) = send(
        Client::new()
            .get(format!("{api}/children"))
            .bearer_auth(&again),
    )
    .await;
    assert_eq!(status, StatusCode::OK);
}

/// A renewal is refused once the account is deactivated, as a login is.
#[tokio::test]
async fn a_deactivated_member_cannot_renew() {
    let (_stack, api) = start().await;
    let parent = parent(&api).await;
    let co = co_parent(&parent).await;
    let co_id = co.user["id"].as_str().unwrap();
    let (status, _) = send(parent.put(&format!("/users/{co_id}/deactivate"), &json!({}))).await;
    assert_eq!(status, StatusCode::OK);
    let (status, body) = renew(&api, &co.token).await;
    assert_refused(
        status,
        &body,
        "This account has been deactivated",
        "ACCOUNT_DEACTIVATED",
    );
}

/// A session lasts 30 days from its login however often it is renewed: a
/// renewal near the end lives only to it, and after it the password is
/// asked again. Turning two-factor sign-in on ends the other sessions.
#[tokio::test]
async fn renewals_never_take_a_session_past_thirty_days() {
    let (stack, api) = start().await;
    let parent = parent(&api).await;
    let first = claims_of(&parent.token);
    let began = first["auth_time"].as_i64().expect("the session's start");
    assert!(began >= first["iat"].as_i64().unwrap() - 1, "{first}");
    let (status, answer) = renew(&api, &parent.token).await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    assert_eq!(
        claims_of(answer["token"].as_str().unwrap())["auth_time"],
        began
    );

    // The same session as if it had begun 30 days less an hour ago, and
    // 30 days and a minute ago (the stack's own key signs them).
    let now = chrono::Utc::now().timestamp();
    let forged = |started: i64| {
        let mut claims: kit::jwt::Claims = serde_json::from_value(first.clone()).unwrap();
        claims.auth_time = Some(started);
        claims.iat = now;
        claims.exp = now + 600;
        claims.jti = uuid::Uuid::new_v4().to_string();
        stack.signer().sign(kit::jwt::ACCESS_TYP, &claims).unwrap()
    };
    let month = i64::try_from(kit::jwt::SESSION_LIFETIME.as_secs()).unwrap();
    assert_eq!(month, 30 * 24 * 3600);
    let (status, answer) = renew(&api, &forged(now - month + 3600)).await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    let renewed = claims_of(answer["token"].as_str().unwrap());
    assert_eq!(renewed["exp"].as_i64().unwrap(), now - month + 3600 + month);
    let (status, body) = renew(&api, &forged(now - month - 60)).await;
    assert_refused(status, &body, "Invalid or expired token", "UNAUTHENTICATED");
}
