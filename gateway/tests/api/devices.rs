//! A child's way in without an email or a password: a parent adds a child
//! by first name alone, shows a one-time code for the child's own device,
//! and the device that opens it stays signed in as the child (again with its
//! device token when a session runs out) until a parent signs it out. Each
//! sign-in is recorded as a login is, with its way.

use chorely_proto::events::{Event, v1::UserLoggedIn};
use kit::clock::ManualClock;
use prost::Message;
use reqwest::{Client, StatusCode};
use serde_json::{Value, json};
use testkit::Options;

use crate::helpers::{
    Session, add_child, assert_error, assert_field_refused, eventually, parent, send, start,
    start_with, start_with_auth_clock,
};

const LINK_INVALID: &str =
    "This sign-in code is invalid or has expired. Ask a parent for a new one.";
const DEVICE_UNKNOWN: &str =
    "This device is no longer signed in. Ask a parent for a new sign-in code.";

/// Adds a child by first name alone: (the child, the answer).
async fn add_without_email(parent: &Session, first_name: &str) -> (Value, Value) {
    let (status, answer) =
        send(parent.post("/children/invite", &json!({"firstName": first_name}))).await;
    assert_eq!(status, StatusCode::CREATED, "{answer}");
    (answer["child"].clone(), answer)
}

fn id(child: &Value) -> &str {
    child["id"].as_str().unwrap()
}

async fn new_link(parent: &Session, child: &Value) -> (StatusCode, Value) {
    send(parent.post(
        &format!("/children/{}/devices/links", id(child)),
        &json!({}),
    ))
    .await
}

async fn claim(api: &str, code: &str, device: &str) -> (StatusCode, Value) {
    send(
        Client::new()
            .post(format!("{api}/auth/device/link"))
            .json(&json!({"code": code, "deviceName": device})),
    )
    .await
}

async fn device_login(api: &str, token: &str) -> (StatusCode, Value) {
    send(
        Client::new()
            .post(format!("{api}/auth/device/login"))
            .json(&json!({"deviceToken": token})),
    )
    .await
}

async fn me(api: &str, token: &str) -> StatusCode {
    send(
        Client::new()
            .get(format!("{api}/users/me"))
            .bearer_auth(token),
    )
    .await
    .0
}

/// A device of `child` signed in through a fresh link: (device token, session token).
async fn link_device(parent: &Session, child: &Value, name: &str) -> (String, String) {
    let (status, link) = new_link(parent, child).await;
    assert_eq!(status, StatusCode::CREATED, "{link}");
    let (status, signed_in) = claim(&parent.api, link["code"].as_str().unwrap(), name).await;
    assert_eq!(status, StatusCode::OK, "{signed_in}");
    (
        signed_in["deviceToken"].as_str().unwrap().to_owned(),
        signed_in["token"].as_str().unwrap().to_owned(),
    )
}

#[tokio::test]
async fn a_child_added_by_name_alone_signs_in_on_a_linked_device_until_signed_out() {
    let clock = ManualClock::at("2026-12-07T18:00:00Z".parse().unwrap());
    let (_stack, api) = start_with_auth_clock(&clock).await;
    let parent = parent(&api).await;
    let (nina, answer) = add_without_email(&parent, "Nina").await;
    // No invitation: she has her login already, with no address.
    assert_eq!(answer["inviteUrl"], Value::Null, "{answer}");
    assert_eq!(answer["inviteCode"], Value::Null, "{answer}");
    assert_eq!(nina["user"]["email"], "");
    // Shown joined at once, and kept so.
    assert!(nina["userId"].is_string(), "{answer}");
    eventually("the family keeps her login", || async {
        let (_, listed) = send(parent.get("/children")).await;
        listed
            .as_array()
            .unwrap()
            .iter()
            .any(|c| c["id"] == nina["id"] && c["userId"].is_string())
    })
    .await;

    let (status, link) = new_link(&parent, &nina).await;
    assert_eq!(status, StatusCode::CREATED, "{link}");
    assert_eq!(link["expiresAt"], "2026-12-07T18:15:00Z");
    let code = link["code"].as_str().unwrap();
    assert!(code.len() >= 43, "{code}");

    let (status, signed_in) = claim(&api, code, "  iPhone ").await;
    assert_eq!(status, StatusCode::OK, "{signed_in}");
    assert_eq!(signed_in["user"]["childId"], nina["id"]);
    assert_eq!(signed_in["user"]["role"], "ORG_MEMBER");
    assert_eq!(signed_in["user"]["email"], "");
    assert!(signed_in["user"]["lastLoginAt"].is_string(), "{signed_in}");
    let device_token = signed_in["deviceToken"].as_str().unwrap().to_owned();
    let first = signed_in["token"].as_str().unwrap().to_owned();
    assert_eq!(me(&api, &first).await, StatusCode::OK);
    // Her own screens: today's chores answer her.
    let (status, today) = send(
        Client::new()
            .get(format!("{api}/chores/today"))
            .bearer_auth(&first),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{today}");

    // The code works once.
    let (status, body) = claim(&api, code, "Second phone").await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
    assert_error(&body, LINK_INVALID);

    // The parents see the device, never its token.
    let (status, devices) = send(parent.get(&format!("/children/{}/devices", id(&nina)))).await;
    assert_eq!(status, StatusCode::OK, "{devices}");
    let devices = devices.as_array().unwrap().clone();
    assert_eq!(devices.len(), 1, "{devices:?}");
    assert_eq!(devices[0]["name"], "iPhone");
    assert_eq!(devices[0]["createdAt"], "2026-12-07T18:00:00Z");
    assert_eq!(devices[0]["lastUsedAt"], Value::Null);
    assert!(devices[0].get("token").is_none());

    // Later the device signs her in again with its token.
    clock.advance(chrono::Duration::days(3));
    let (status, again) = device_login(&api, &device_token).await;
    assert_eq!(status, StatusCode::OK, "{again}");
    assert_eq!(again["user"]["childId"], nina["id"]);
    let second = again["token"].as_str().unwrap().to_owned();
    let (_, devices) = send(parent.get(&format!("/children/{}/devices", id(&nina)))).await;
    assert_eq!(devices[0]["lastUsedAt"], "2026-12-10T18:00:00Z");

    // A parent signs the device out: its token and both sessions end at once.
    let device = devices[0]["id"].as_str().unwrap();
    let (status, _) =
        send(parent.delete(&format!("/children/{}/devices/{device}", id(&nina)))).await;
    assert_eq!(status, StatusCode::NO_CONTENT);
    let (status, body) = device_login(&api, &device_token).await;
    assert_eq!(status, StatusCode::UNAUTHORIZED, "{body}");
    assert_error(&body, DEVICE_UNKNOWN);
    assert_eq!(me(&api, &first).await, StatusCode::UNAUTHORIZED);
    assert_eq!(me(&api, &second).await, StatusCode::UNAUTHORIZED);
    let (status, _) = send(
        Client::new()
            .post(format!("{api}/auth/renew"))
            .bearer_auth(&second),
    )
    .await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);
    let (_, devices) = send(parent.get(&format!("/children/{}/devices", id(&nina)))).await;
    assert_eq!(devices, json!([]));
    // Signing it out again finds nothing.
    let (status, _) =
        send(parent.delete(&format!("/children/{}/devices/{device}", id(&nina)))).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn a_code_runs_out_after_fifteen_minutes_and_a_made_up_one_is_refused() {
    let clock = ManualClock::at("2026-12-07T18:00:00Z".parse().unwrap());
    let (_stack, api) = start_with_auth_clock(&clock).await;
    let parent = parent(&api).await;
    let (nina, _) = add_without_email(&parent, "Nina").await;
    let (_, link) = new_link(&parent, &nina).await;
    clock.advance(chrono::Duration::minutes(15));
    let (status, body) = claim(&api, link["code"].as_str().unwrap(), "iPad").await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
    assert_error(&body, LINK_INVALID);
    for code in ["", "not-a-code"] {
        let (status, body) = claim(&api, code, "iPad").await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{code:?}: {body}");
    }
    for token in ["", "not-a-device"] {
        let (status, body) = device_login(&api, token).await;
        assert_eq!(status, StatusCode::UNAUTHORIZED, "{token:?}: {body}");
    }
    // Nothing was signed in.
    let (_, devices) = send(parent.get(&format!("/children/{}/devices", id(&nina)))).await;
    assert_eq!(devices, json!([]));
}

#[tokio::test]
async fn only_the_childs_parents_make_codes_and_see_or_sign_out_devices() {
    let (_stack, api) = start().await;
    let lees = parent(&api).await;
    let others = parent(&api).await;
    let (nina, _) = add_without_email(&lees, "Nina").await;
    let (device_token, session) = link_device(&lees, &nina, "iPhone").await;
    let (_, devices) = send(lees.get(&format!("/children/{}/devices", id(&nina)))).await;
    let device = devices[0]["id"].as_str().unwrap().to_owned();
    let child = Session {
        api: api.clone(),
        token: session,
        user: Value::Null,
        http: Client::new(),
    };

    // The child herself cannot make codes or sign devices out.
    assert_eq!(new_link(&child, &nina).await.0, StatusCode::FORBIDDEN);
    let (status, _) =
        send(child.delete(&format!("/children/{}/devices/{device}", id(&nina)))).await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    // Another family's parent finds no such child, nor the device.
    let (status, body) = new_link(&others, &nina).await;
    assert_eq!(status, StatusCode::NOT_FOUND, "{body}");
    let (status, _) = send(others.get(&format!("/children/{}/devices", id(&nina)))).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    let (status, _) =
        send(others.delete(&format!("/children/{}/devices/{device}", id(&nina)))).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    // A device of another child of the family is not this child's.
    let (leo, _) = add_without_email(&lees, "Leo").await;
    let (status, _) = send(lees.delete(&format!("/children/{}/devices/{device}", id(&leo)))).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    assert_eq!(device_login(&api, &device_token).await.0, StatusCode::OK);
    // A child invited by email who has not joined has no login to link yet.
    let (ivy, _) = add_child(&lees, "Ivy").await;
    let (status, body) = new_link(&lees, &ivy).await;
    assert_eq!(status, StatusCode::NOT_FOUND, "{body}");
    assert_error(&body, "This child has no login yet");
}

#[tokio::test]
async fn a_child_has_at_most_five_devices_even_when_codes_are_opened_at_once() {
    let (_stack, api) = start().await;
    let parent = parent(&api).await;
    let (nina, _) = add_without_email(&parent, "Nina").await;
    let mut codes = Vec::new();
    for _ in 0..7 {
        let (status, link) = new_link(&parent, &nina).await;
        assert_eq!(status, StatusCode::CREATED, "{link}");
        codes.push(link["code"].as_str().unwrap().to_owned());
    }
    let answers =
        futures::future::join_all(codes.iter().map(|code| claim(&api, code, "Phone"))).await;
    let signed_in = answers.iter().filter(|(s, _)| *s == StatusCode::OK).count();
    assert_eq!(signed_in, 5, "{answers:?}");
    for (status, body) in answers.iter().filter(|(s, _)| *s != StatusCode::OK) {
        assert_eq!(*status, StatusCode::CONFLICT, "{body}");
        assert_error(
            body,
            "A child can have at most 5 devices signed in. Sign one out first.",
        );
    }
    let (status, body) = new_link(&parent, &nina).await;
    assert_eq!(status, StatusCode::CONFLICT, "{body}");
}

#[tokio::test]
async fn each_way_in_is_recorded_as_a_login_with_its_way() {
    let stack_and_api = start_with(Options {
        manual_auth_relay: true,
        ..Options::default()
    })
    .await;
    let (stack, api) = (&stack_and_api.0, &stack_and_api.1);
    let parent = parent(api).await;
    // The child's login is made at once, in the parent's call.
    let (nina, _) = add_without_email(&parent, "Nina").await;
    let (device_token, _) = link_device(&parent, &nina, "iPhone").await;
    assert_eq!(device_login(api, &device_token).await.0, StatusCode::OK);

    let logins: Vec<UserLoggedIn> = stack
        .auth_relay()
        .pending()
        .await
        .unwrap()
        .into_iter()
        .filter(|e| e.subject == UserLoggedIn::SUBJECT)
        .map(|e| UserLoggedIn::decode(e.payload.as_slice()).unwrap())
        .collect();
    let ways: Vec<&str> = logins.iter().map(|l| l.way.as_str()).collect();
    assert_eq!(ways, ["PASSWORD", "DEVICE_LINK", "DEVICE"], "{logins:?}");
    assert_eq!(logins[1].user_id, logins[2].user_id);
    assert_ne!(logins[0].user_id, logins[1].user_id);
}

#[tokio::test]
async fn signing_out_on_the_device_signs_the_device_out() {
    let (_stack, api) = start().await;
    let parent = parent(&api).await;
    let (nina, _) = add_without_email(&parent, "Nina").await;
    let (phone, first) = link_device(&parent, &nina, "iPhone").await;
    let (tablet, on_tablet) = link_device(&parent, &nina, "iPad").await;
    let (_, again) = device_login(&api, &phone).await;
    let second = again["token"].as_str().unwrap().to_owned();

    let (status, _) = send(
        Client::new()
            .post(format!("{api}/auth/logout"))
            .bearer_auth(&second),
    )
    .await;
    assert_eq!(status, StatusCode::NO_CONTENT);
    // The phone's token and both its sessions end; her iPad goes on.
    assert_eq!(device_login(&api, &phone).await.0, StatusCode::UNAUTHORIZED);
    assert_eq!(me(&api, &first).await, StatusCode::UNAUTHORIZED);
    assert_eq!(me(&api, &second).await, StatusCode::UNAUTHORIZED);
    assert_eq!(me(&api, &on_tablet).await, StatusCode::OK);
    assert_eq!(device_login(&api, &tablet).await.0, StatusCode::OK);
    let (_, devices) = send(parent.get(&format!("/children/{}/devices", id(&nina)))).await;
    let names: Vec<&str> = devices
        .as_array()
        .unwrap()
        .iter()
        .map(|d| d["name"].as_str().unwrap())
        .collect();
    assert_eq!(names, ["iPad"]);
}

#[tokio::test]
async fn a_child_added_by_name_alone_signs_in_on_the_family_tablet_with_her_pin() {
    let (_stack, api) = start().await;
    let parent = parent(&api).await;
    let (nina, _) = add_without_email(&parent, "Nina").await;
    let (status, body) = send(parent.put(
        &format!("/children/{}/pin", id(&nina)),
        &json!({"pin": "0427"}),
    ))
    .await;
    assert_eq!(status, StatusCode::NO_CONTENT, "{body}");
    let (_, tablet) =
        send(parent.post("/organizations/tablets", &json!({"name": "Kitchen"}))).await;
    let token = tablet["token"].as_str().unwrap();
    let (status, home) = send(
        Client::new()
            .get(format!("{api}/tablet/children"))
            .header("X-Tablet-Token", token),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{home}");
    assert_eq!(home["children"][0]["id"], nina["id"]);
    assert_eq!(home["children"][0]["hasPin"], true);
    let (status, session) = send(
        Client::new()
            .post(format!("{api}/tablet/unlock"))
            .header("X-Tablet-Token", token)
            .json(&json!({"childId": nina["id"], "pin": "0427"})),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{session}");
    assert_eq!(session["user"]["childId"], nina["id"]);
    // On her own phone her profile saves without an address (she has none).
    let (_, on_phone) = link_device(&parent, &nina, "iPhone").await;
    let me = &session["user"];
    let (status, saved) = send(
        Client::new()
            .put(format!("{api}/users/me"))
            .bearer_auth(&on_phone)
            .json(&json!({"firstName": me["firstName"], "lastName": me["lastName"], "email": "", "phone": ""})),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{saved}");
    assert_eq!(saved["email"], "");
}

#[tokio::test]
async fn an_edit_names_the_email_or_empty_and_never_drops_it_by_leaving_it_out() {
    let (_stack, api) = start().await;
    let parent = parent(&api).await;
    let (ivy, _) = add_child(&parent, "Ivy").await;
    let path = format!("/children/{}", id(&ivy));
    // Left out: refused, and her address stays.
    let (status, body) = send(parent.put(&path, &json!({"name": "Ivy"}))).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
    assert_field_refused(&body, "email", "EMAIL_REQUIRED");
    let (status, body) = send(parent.put(&path, &json!({"email": "nope"}))).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
    let (_, listed) = send(parent.get("/children")).await;
    assert_eq!(listed[0]["user"]["email"], ivy["user"]["email"]);
    // Empty: she has none from now on.
    let (status, body) = send(parent.put(&path, &json!({"email": ""}))).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["user"]["email"], "");
}
