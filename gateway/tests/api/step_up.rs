//! The account's security beyond a session: a child's session on the family
//! tablet reaches only the tablet's screens, the calls that would outlive or
//! lock out the session's owner ask for the current password, and a parent
//! can undo a child's two-factor sign-in.

use reqwest::{Client, StatusCode};
use serde_json::{Value, json};

use crate::helpers::{
    Session, assert_error, assert_field_refused, child, eventually, login, parent, send, start,
};

/// A child's session on a family tablet the parent just set up.
async fn tablet_session(parent: &Session, child: &Value) -> Session {
    let (status, tablet) =
        send(parent.post("/organizations/tablets", &json!({"name": "Kitchen"}))).await;
    assert_eq!(status, StatusCode::CREATED, "{tablet}");
    let id = child["id"].as_str().unwrap();
    let (status, _) =
        send(parent.put(&format!("/children/{id}/pin"), &json!({"pin": "0427"}))).await;
    assert_eq!(status, StatusCode::NO_CONTENT);
    let http = Client::new();
    let (status, session) = send(
        http.post(format!("{}/tablet/unlock", parent.api))
            .header("X-Tablet-Token", tablet["token"].as_str().unwrap())
            .json(&json!({"childId": id, "pin": "0427"})),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{session}");
    Session {
        api: parent.api.clone(),
        token: session["token"].as_str().unwrap().to_owned(),
        user: session["user"].clone(),
        http,
    }
}

fn assert_not_on_tablet(status: StatusCode, body: &Value) {
    assert_eq!(status, StatusCode::FORBIDDEN, "{body}");
    assert_eq!(body["code"], "NOT_ON_TABLET", "{body}");
    assert_error(
        body,
        "This can be done on your own device, not on the family tablet",
    );
}

#[tokio::test]
async fn a_tablet_session_reaches_the_tablets_screens_and_not_the_accounts_security() {
    let (_stack, api) = start().await;
    let parent = parent(&api).await;
    let (_, mia) = child(&parent, "Mia").await;
    let tablet = tablet_session(&parent, &mia).await;
    let password = json!({"currentPassword": "secret123"});

    for path in [
        "/chores/today",
        "/users/me",
        "/submissions",
        "/notifications",
    ] {
        let (status, body) = send(tablet.get(path)).await;
        assert_eq!(status, StatusCode::OK, "{path}: {body}");
    }
    // Even with the child's right password: not from the tablet.
    for (status, body) in [
        send(tablet.post("/users/me/mfa", &password)).await,
        send(tablet.post("/users/me/mfa/confirm", &json!({"code": "123456"}))).await,
        send(tablet.post("/calendar/feeds", &password)).await,
        send(tablet.get("/calendar/feeds")).await,
        send(tablet.post("/auth/logout-everywhere", &password)).await,
        send(tablet.put(
            "/users/me/password",
            &json!({"currentPassword": "secret123", "newPassword": "secret456"}),
        ))
        .await,
        send(tablet.put("/users/me/notifications", &json!({}))).await,
    ] {
        assert_not_on_tablet(status, &body);
    }
    // Nothing happened: the child's own session and password still work.
    let (status, session) = login(&api, &tablet.user["email"], "secret123").await;
    assert_eq!(status, StatusCode::OK, "{session}");
    assert!(session["token"].is_string(), "{session}");
}

#[tokio::test]
async fn two_factor_setup_feeds_and_logging_out_everywhere_ask_for_the_password() {
    let (_stack, api) = start().await;
    let parent = parent(&api).await;
    for path in [
        "/users/me/mfa",
        "/calendar/feeds",
        "/auth/logout-everywhere",
    ] {
        let (status, body) = send(parent.post(path, &json!({}))).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{path}: {body}");
        assert_error(&body, "Current password is required");
        assert_field_refused(&body, "currentPassword", "REQUIRED");
        assert_eq!(
            body["params"],
            json!({"label": "currentPassword"}),
            "{body}"
        );
        let (status, body) = send(parent.post(path, &json!({"currentPassword": "not-mine"}))).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{path}: {body}");
        assert_error(&body, "Current password is incorrect");
    }
    // Nothing was made or ended by the refused calls.
    let (status, feeds) = send(parent.get("/calendar/feeds")).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(feeds, json!([]));
    let (status, me) = send(parent.get("/users/me")).await;
    assert_eq!(status, StatusCode::OK, "{me}");
    assert_eq!(me["mfaEnabled"], false);

    let right = json!({"currentPassword": "secret123"});
    let (status, setup) = send(parent.post("/users/me/mfa", &right)).await;
    assert_eq!(status, StatusCode::OK, "{setup}");
    assert!(setup["otpauthUrl"].is_string(), "{setup}");
    let (status, feed) = send(parent.post("/calendar/feeds", &right)).await;
    assert_eq!(status, StatusCode::CREATED, "{feed}");
    let (status, _) = send(parent.post("/auth/logout-everywhere", &right)).await;
    assert_eq!(status, StatusCode::NO_CONTENT);
    let (status, _) = send(parent.get("/users/me")).await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);
}

#[tokio::test]
async fn a_parent_turns_a_childs_two_factor_sign_in_off() {
    let (_stack, api) = start().await;
    let parent = parent(&api).await;
    let (leo, leo_child) = child(&parent, "Leo").await;
    let id = leo_child["id"].as_str().unwrap().to_owned();
    let path = format!("/children/{id}/mfa");

    let (status, body) = send(parent.delete(&path)).await;
    assert_eq!(status, StatusCode::CONFLICT, "{body}");
    assert_error(&body, "Two-factor sign-in is not on");

    // Leo turns it on, from his own phone.
    let (_, setup) =
        send(leo.post("/users/me/mfa", &json!({"currentPassword": "secret123"}))).await;
    let app = totp_rs::TOTP::from_url(setup["otpauthUrl"].as_str().unwrap()).unwrap();
    let (status, on) = send(leo.post(
        "/users/me/mfa/confirm",
        &json!({"code": app.generate_current().unwrap()}),
    ))
    .await;
    assert_eq!(status, StatusCode::OK, "{on}");
    let leo_token = on["token"].as_str().unwrap().to_owned();
    let email = on["user"]["email"].clone();
    let (_, challenge) = login(&api, &email, "secret123").await;
    assert_eq!(challenge["mfaRequired"], true, "{challenge}");

    // Only his own family's parents, and not he himself.
    let stranger = crate::helpers::parent(&api).await;
    let (status, body) = send(stranger.delete(&path)).await;
    assert_eq!(status, StatusCode::NOT_FOUND, "{body}");
    assert_error(&body, "This child has no login yet");
    let leo = Session {
        token: leo_token.clone(),
        ..leo
    };
    let (status, _) = send(leo.delete(&path)).await;
    assert_eq!(status, StatusCode::FORBIDDEN);

    let (status, body) = send(parent.delete(&path)).await;
    assert_eq!(status, StatusCode::NO_CONTENT, "{body}");
    // His sessions end; the password alone signs him in again.
    eventually("Leo's session ending", || async {
        send(leo.get("/users/me")).await.0 == StatusCode::UNAUTHORIZED
    })
    .await;
    let (status, session) = login(&api, &email, "secret123").await;
    assert_eq!(status, StatusCode::OK, "{session}");
    assert!(session["token"].is_string(), "{session}");
    assert_eq!(session["user"]["mfaEnabled"], false);
}
