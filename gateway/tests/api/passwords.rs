//! Changing a password: the user's own (proven by the current one), and a
//! parent setting their child's. Either ends the sessions that knew the old
//! password.

use reqwest::{Client, StatusCode};
use serde_json::{Value, json};

use crate::helpers::{
    Session, add_child, assert_error, assert_field_refused, child, login, parent, send, start,
};

async fn me(api: &str, token: &str) -> StatusCode {
    send(
        Client::new()
            .get(format!("{api}/users/me"))
            .bearer_auth(token),
    )
    .await
    .0
}

fn assert_field(status: StatusCode, body: &Value, field: &str, code: &str, message: &str) {
    assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
    assert_error(body, message);
    assert_field_refused(body, field, code);
}

fn change(session: &Session, current: &str, new: &str) -> reqwest::RequestBuilder {
    session.put(
        "/users/me/password",
        &json!({"currentPassword": current, "newPassword": new}),
    )
}

#[tokio::test]
async fn a_password_change_ends_the_other_sessions_and_keeps_this_one() {
    let (_stack, api) = start().await;
    let phone = parent(&api).await;
    let email = phone.user["email"].clone();
    let (_, laptop) = login(&api, &email, "secret123").await;
    let laptop = laptop["token"].as_str().unwrap().to_owned();

    // Bad input changes nothing, and says which field is wrong.
    let (status, body) = send(change(&phone, "", "brand-new-1")).await;
    assert_field(
        status,
        &body,
        "currentPassword",
        "REQUIRED",
        "Current password is required",
    );
    let (status, body) = send(change(&phone, "secret123", "short")).await;
    assert_field(
        status,
        &body,
        "newPassword",
        "PASSWORD_TOO_SHORT",
        "Password must be at least 6 characters",
    );
    let (status, body) = send(change(&phone, "not-the-password", "brand-new-1")).await;
    assert_field(
        status,
        &body,
        "currentPassword",
        "CURRENT_PASSWORD_WRONG",
        "Current password is incorrect",
    );
    assert_eq!(me(&api, &laptop).await, StatusCode::OK, "nothing ended yet");
    assert_eq!(login(&api, &email, "secret123").await.0, StatusCode::OK);

    let (status, answer) = send(change(&phone, "secret123", "brand-new-1")).await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    assert_eq!(answer["user"]["id"], phone.user["id"]);
    let token = answer["token"].as_str().unwrap();
    // This device goes on with the new token; every token from before ends.
    assert_eq!(me(&api, token).await, StatusCode::OK);
    assert_eq!(me(&api, &phone.token).await, StatusCode::UNAUTHORIZED);
    assert_eq!(me(&api, &laptop).await, StatusCode::UNAUTHORIZED);
    // The new password signs in; the old one no longer does.
    let (status, body) = login(&api, &email, "secret123").await;
    assert_eq!(status, StatusCode::UNAUTHORIZED, "{body}");
    assert_eq!(login(&api, &email, "brand-new-1").await.0, StatusCode::OK);
}

/// Guessing the current password with a stolen token is counted against the
/// same lock as logins: the eleventh guess is not even checked, and the lock
/// holds for the right password too.
#[tokio::test]
async fn guessing_the_current_password_locks_like_a_login() {
    let (_stack, api) = start().await;
    let parent = parent(&api).await;
    for _ in 0..10 {
        let (status, body) = send(change(&parent, "wrong-guess", "brand-new-1")).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
    }
    let (status, body) = send(change(&parent, "secret123", "brand-new-1")).await;
    assert_eq!(status, StatusCode::TOO_MANY_REQUESTS, "{body}");
    assert_error(&body, "Too many failed logins. Try again in 15 minutes.");
    // Nothing changed: the old password is still the password (once the lock ends).
    assert_eq!(me(&api, &parent.token).await, StatusCode::OK);
}

/// A child may change their own password (their name and email are their
/// parents' to change).
#[tokio::test]
async fn a_child_changes_their_own_password() {
    let (_stack, api) = start().await;
    let parent = parent(&api).await;
    let (kid, _) = child(&parent, "Mia").await;
    let (status, answer) = send(change(&kid, "secret123", "mia-rocks-7")).await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    assert_eq!(
        login(&api, &kid.user["email"], "mia-rocks-7").await.0,
        StatusCode::OK
    );
}

#[tokio::test]
async fn a_parent_sets_their_childs_password_and_the_childs_sessions_end() {
    let (_stack, api) = start().await;
    let parent = parent(&api).await;
    let (kid, record) = child(&parent, "Mia").await;
    let child_id = record["id"].as_str().unwrap();
    let path = format!("/children/{child_id}/password");

    let (status, body) = send(parent.put(&path, &json!({"password": "abc"}))).await;
    assert_field(
        status,
        &body,
        "password",
        "PASSWORD_TOO_SHORT",
        "Password must be at least 6 characters",
    );
    // A child cannot set their sibling's, or their own, this way.
    let (status, body) = send(kid.put(&path, &json!({"password": "by-myself-1"}))).await;
    assert_eq!(status, StatusCode::FORBIDDEN, "{body}");
    assert_eq!(me(&api, &kid.token).await, StatusCode::OK);

    let answer = parent
        .put(&path, &json!({"password": "new-for-mia"}))
        .send()
        .await
        .unwrap();
    assert_eq!(answer.status(), StatusCode::NO_CONTENT);
    assert_eq!(me(&api, &kid.token).await, StatusCode::UNAUTHORIZED);
    let email = &kid.user["email"];
    assert_eq!(
        login(&api, email, "secret123").await.0,
        StatusCode::UNAUTHORIZED
    );
    assert_eq!(login(&api, email, "new-for-mia").await.0, StatusCode::OK);
}

/// A child without a login yet, and another family's child, answer the
/// same: there is no login to set, and nothing about the other family is
/// told or changed.
#[tokio::test]
async fn a_parent_cannot_set_a_password_without_a_login_or_of_another_family() {
    let (_stack, api) = start().await;
    let parent_a = parent(&api).await;
    let (invited, _) = add_child(&parent_a, "Leo").await;
    let (status, body) = send(parent_a.put(
        &format!("/children/{}/password", invited["id"].as_str().unwrap()),
        &json!({"password": "new-for-leo"}),
    ))
    .await;
    assert_eq!(status, StatusCode::NOT_FOUND, "{body}");
    assert_error(&body, "This child has no login yet");

    let parent_b = parent(&api).await;
    let (kid_b, record_b) = child(&parent_b, "Ola").await;
    let (status, body) = send(parent_a.put(
        &format!("/children/{}/password", record_b["id"].as_str().unwrap()),
        &json!({"password": "taken-over-1"}),
    ))
    .await;
    assert_eq!(status, StatusCode::NOT_FOUND, "{body}");
    assert_error(&body, "This child has no login yet");
    // The other family's child keeps their session and password.
    assert_eq!(me(&api, &kid_b.token).await, StatusCode::OK);
    assert_eq!(
        login(&api, &kid_b.user["email"], "secret123").await.0,
        StatusCode::OK
    );
}
