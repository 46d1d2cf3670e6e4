//! The family tablet: a parent sets up a browser as the family's tablet and
//! their children's PINs; on it a child's PIN opens a short-lived session of
//! their own. Wrong PINs are counted and lock, a removed tablet is refused
//! at once with the sessions opened on it, and only parents set things up.

use base64::Engine;
use chrono::Duration;
use kit::clock::ManualClock;
use reqwest::{Client, RequestBuilder, StatusCode};
use serde_json::{Value, json};

use crate::helpers::{
    Session, add_child, assert_error, assert_field_refused, child, eventually, parent, send, start,
    start_with_auth_clock,
};

/// A tablet's device token.
pub struct Tablet {
    pub api: String,
    pub id: String,
    pub token: String,
}

impl Tablet {
    fn children(&self) -> RequestBuilder {
        Client::new()
            .get(format!("{}/tablet/children", self.api))
            .header("X-Tablet-Token", &self.token)
    }

    pub fn unlock(&self, child_id: &Value, pin: &str) -> RequestBuilder {
        Client::new()
            .post(format!("{}/tablet/unlock", self.api))
            .header("X-Tablet-Token", &self.token)
            .json(&json!({"childId": child_id, "pin": pin}))
    }
}

pub async fn set_up_tablet(parent: &Session, name: &str) -> Tablet {
    let (status, body) = send(parent.post("/organizations/tablets", &json!({"name": name}))).await;
    assert_eq!(status, StatusCode::CREATED, "{body}");
    assert_eq!(body["tablet"]["name"], name);
    Tablet {
        api: parent.api.clone(),
        id: body["tablet"]["id"].as_str().unwrap().to_owned(),
        token: body["token"].as_str().unwrap().to_owned(),
    }
}

pub async fn set_pin(parent: &Session, child: &Value, pin: &str) -> (StatusCode, Value) {
    send(parent.put(
        &format!("/children/{}/pin", child["id"].as_str().unwrap()),
        &json!({"pin": pin}),
    ))
    .await
}

fn bearer(api: &str, path: &str, token: &str) -> RequestBuilder {
    Client::new().get(format!("{api}{path}")).bearer_auth(token)
}

/// The claims of a JWT, read without checking it (the server did).
fn claims(token: &str) -> Value {
    let payload = token.split('.').nth(1).unwrap();
    let bytes = base64::engine::general_purpose::URL_SAFE_NO_PAD
        .decode(payload)
        .unwrap();
    serde_json::from_slice(&bytes).unwrap()
}

#[tokio::test]
async fn a_childs_pin_on_the_tablet_opens_a_short_session_of_their_own() {
    let (_stack, api) = start().await;
    let parent = parent(&api).await;
    let (_, mia) = child(&parent, "Mia").await;
    let (_, leo) = child(&parent, "Leo").await;
    // A child who has not joined yet cannot sign in anywhere: not listed.
    let (pending, _) = add_child(&parent, "Ivy").await;
    let tablet = set_up_tablet(&parent, "Kitchen tablet").await;

    let (status, listed) = send(parent.get("/organizations/tablets")).await;
    assert_eq!(status, StatusCode::OK, "{listed}");
    assert_eq!(listed.as_array().unwrap().len(), 1, "{listed}");
    assert_eq!(listed[0]["id"], tablet.id.as_str());
    assert_eq!(listed[0]["lastUsedAt"], Value::Null);
    assert!(listed[0].get("token").is_none(), "{listed}");

    assert_eq!(
        set_pin(&parent, &mia, "0427").await.0,
        StatusCode::NO_CONTENT
    );
    let (status, home) = send(tablet.children()).await;
    assert_eq!(status, StatusCode::OK, "{home}");
    assert_eq!(home["tabletName"], "Kitchen tablet");
    assert_eq!(home["familyName"], "The Lee Family");
    let children = home["children"].as_array().unwrap();
    assert_eq!(children.len(), 2, "{home}");
    let entry = |child: &Value| {
        children
            .iter()
            .find(|c| c["id"] == child["id"])
            .unwrap()
            .clone()
    };
    assert_eq!(entry(&mia)["name"], mia["name"]);
    assert_eq!(entry(&mia)["hasPin"], true);
    assert_eq!(entry(&leo)["hasPin"], false);
    assert!(!children.iter().any(|c| c["id"] == pending["id"]), "{home}");

    // Leo has no PIN yet: he is told to ask a parent.
    let (status, body) = send(tablet.unlock(&leo["id"], "0427")).await;
    assert_eq!(status, StatusCode::CONFLICT, "{body}");
    assert_error(&body, "Ask a parent to set your PIN first");

    let (status, session) = send(tablet.unlock(&mia["id"], "0427")).await;
    assert_eq!(status, StatusCode::OK, "{session}");
    assert_eq!(session["user"]["childId"], mia["id"]);
    assert_eq!(session["user"]["role"], "ORG_MEMBER");
    let token = session["token"].as_str().unwrap().to_owned();
    let first = claims(&token);
    assert_eq!(first["child"], mia["id"]);
    assert!(
        first["exp"].as_i64().unwrap() - first["iat"].as_i64().unwrap() <= 5 * 60,
        "{first}"
    );
    // A normal child token: the child's own screens work with it.
    let (status, _) = send(bearer(&api, "/chores", &token)).await;
    assert_eq!(status, StatusCode::OK);
    let (status, me) = send(bearer(&api, "/users/me", &token)).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(me["childId"], mia["id"]);
    // Renewed, it stays as short, in the same session.
    let (status, renewed) = send(
        Client::new()
            .post(format!("{api}/auth/renew"))
            .bearer_auth(&token),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{renewed}");
    let renewed = claims(renewed["token"].as_str().unwrap());
    assert_eq!(renewed["sid"], first["sid"]);
    assert!(renewed["exp"].as_i64().unwrap() - renewed["iat"].as_i64().unwrap() <= 5 * 60);

    // "Done" logs the session out: its token is refused at once.
    let (status, _) = send(
        Client::new()
            .post(format!("{api}/auth/logout"))
            .bearer_auth(&token),
    )
    .await;
    assert_eq!(status, StatusCode::NO_CONTENT);
    assert_eq!(
        send(bearer(&api, "/users/me", &token)).await.0,
        StatusCode::UNAUTHORIZED
    );

    let (_, listed) = send(parent.get("/organizations/tablets")).await;
    assert!(listed[0]["lastUsedAt"].is_string(), "{listed}");
}

#[tokio::test]
async fn a_tablets_last_use_is_kept_to_the_minute() {
    let start = chrono::Utc::now();
    let clock = ManualClock::at(start);
    let (_stack, api) = start_with_auth_clock(&clock).await;
    let parent = parent(&api).await;
    child(&parent, "Mia").await;
    let tablet = set_up_tablet(&parent, "Hall tablet").await;
    let last_used = || async {
        let (_, listed) = send(parent.get("/organizations/tablets")).await;
        let at = listed[0]["lastUsedAt"].as_str().map(str::to_owned);
        at.map(|at| chrono::DateTime::parse_from_rfc3339(&at).unwrap().to_utc())
    };
    let is_at = |at: Option<chrono::DateTime<chrono::Utc>>,
                 expected: chrono::DateTime<chrono::Utc>| {
        let at = at.expect("a use is recorded");
        assert!(
            (at - expected).num_milliseconds().abs() < 1,
            "{at} is not {expected}"
        );
    };

    // The first use is recorded as it happens.
    assert_eq!(send(tablet.children()).await.0, StatusCode::OK);
    is_at(last_used().await, start);
    // Uses within the minute after it leave it as it is (and still work) ...
    clock.advance(Duration::seconds(59));
    let (status, body) = send(tablet.children()).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["children"].as_array().unwrap().len(), 1, "{body}");
    is_at(last_used().await, start);
    // ... and the first a minute on moves it.
    clock.advance(Duration::seconds(1));
    assert_eq!(send(tablet.children()).await.0, StatusCode::OK);
    is_at(last_used().await, start + Duration::seconds(60));
}

#[tokio::test]
async fn wrong_pins_are_counted_and_the_sixth_guess_is_locked_even_when_right() {
    let clock = ManualClock::at(chrono::Utc::now());
    let (_stack, api) = start_with_auth_clock(&clock).await;
    let parent = parent(&api).await;
    let (_, mia) = child(&parent, "Mia").await;
    let (_, leo) = child(&parent, "Leo").await;
    set_pin(&parent, &mia, "1357").await;
    set_pin(&parent, &leo, "2468").await;
    let tablet = set_up_tablet(&parent, "Hall tablet").await;

    // Five wrong guesses are each checked and refused, naming the field.
    for guess in ["0000", "1111", "2222", "3333", "4444"] {
        let (status, body) = send(tablet.unlock(&mia["id"], guess)).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
        assert_error(&body, "That PIN is not right");
        assert_field_refused(&body, "pin", "PIN_WRONG");
    }
    // The sixth is refused unchecked, the right PIN included.
    let (status, body) = send(tablet.unlock(&mia["id"], "1357")).await;
    assert_eq!(status, StatusCode::TOO_MANY_REQUESTS, "{body}");
    assert_error(
        &body,
        "Too many wrong PINs. Try again in 15 minutes or ask a parent.",
    );
    // The lock is the child's: a sibling signs in as usual.
    assert_eq!(
        send(tablet.unlock(&leo["id"], "2468")).await.0,
        StatusCode::OK
    );

    // It lasts 15 minutes ...
    clock.advance(Duration::minutes(14));
    assert_eq!(
        send(tablet.unlock(&mia["id"], "1357")).await.0,
        StatusCode::TOO_MANY_REQUESTS
    );
    clock.advance(Duration::minutes(2));
    assert_eq!(
        send(tablet.unlock(&mia["id"], "1357")).await.0,
        StatusCode::OK
    );

    // ... or until a parent sets the PIN again.
    for _ in 0..5 {
        send(tablet.unlock(&mia["id"], "9999")).await;
    }
    assert_eq!(
        send(tablet.unlock(&mia["id"], "1357")).await.0,
        StatusCode::TOO_MANY_REQUESTS
    );
    assert_eq!(
        set_pin(&parent, &mia, "8642").await.0,
        StatusCode::NO_CONTENT
    );
    assert_eq!(
        send(tablet.unlock(&mia["id"], "1357")).await.0,
        StatusCode::BAD_REQUEST
    );
    assert_eq!(
        send(tablet.unlock(&mia["id"], "8642")).await.0,
        StatusCode::OK
    );
}

#[tokio::test]
async fn guesses_sent_at_once_get_no_more_checks_than_guesses_sent_in_turn() {
    let (_stack, api) = start().await;
    let parent = parent(&api).await;
    let (_, mia) = child(&parent, "Mia").await;
    set_pin(&parent, &mia, "1357").await;
    let tablet = set_up_tablet(&parent, "Tablet").await;
    // Twelve wrong guesses at once: five are checked, the rest locked out.
    let guesses = (0..12).map(|i| send(tablet.unlock(&mia["id"], &format!("{:04}", 9000 + i))));
    let answers = futures::future::join_all(guesses).await;
    let checked = answers
        .iter()
        .filter(|(status, _)| *status == StatusCode::BAD_REQUEST)
        .count();
    let locked = answers
        .iter()
        .filter(|(status, _)| *status == StatusCode::TOO_MANY_REQUESTS)
        .count();
    assert_eq!((checked, locked), (5, 7), "{answers:?}");
}

#[tokio::test]
async fn a_removed_tablet_is_refused_at_once_with_the_sessions_opened_on_it() {
    let (_stack, api) = start().await;
    let parent = parent(&api).await;
    let (kid, mia) = child(&parent, "Mia").await;
    set_pin(&parent, &mia, "1357").await;
    let tablet = set_up_tablet(&parent, "Kitchen").await;
    let other_tablet = set_up_tablet(&parent, "Bedroom").await;
    let (_, session) = send(tablet.unlock(&mia["id"], "1357")).await;
    let on_tablet = session["token"].as_str().unwrap().to_owned();
    assert_eq!(
        send(bearer(&api, "/users/me", &on_tablet)).await.0,
        StatusCode::OK
    );

    let (status, _) = send(parent.delete(&format!("/organizations/tablets/{}", tablet.id))).await;
    assert_eq!(status, StatusCode::NO_CONTENT);
    let (status, body) = send(tablet.children()).await;
    assert_eq!(status, StatusCode::UNAUTHORIZED, "{body}");
    assert_error(
        &body,
        "This browser is no longer the family tablet. A parent can set it up again in Settings.",
    );
    assert_eq!(
        send(tablet.unlock(&mia["id"], "1357")).await.0,
        StatusCode::UNAUTHORIZED
    );
    // The child's session opened on it has ended too, and cannot be renewed.
    assert_eq!(
        send(bearer(&api, "/users/me", &on_tablet)).await.0,
        StatusCode::UNAUTHORIZED
    );
    let (status, _) = send(
        Client::new()
            .post(format!("{api}/auth/renew"))
            .bearer_auth(&on_tablet),
    )
    .await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);
    // Her own login elsewhere and the family's other tablet go on.
    assert_eq!(send(kid.get("/users/me")).await.0, StatusCode::OK);
    assert_eq!(send(other_tablet.children()).await.0, StatusCode::OK);
    let (_, listed) = send(parent.get("/organizations/tablets")).await;
    assert_eq!(listed.as_array().unwrap().len(), 1, "{listed}");
    assert_eq!(listed[0]["id"], other_tablet.id.as_str());
    // Removing it again finds nothing.
    let (status, _) = send(parent.delete(&format!("/organizations/tablets/{}", tablet.id))).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    // Without a token, or with a made-up one, the tablet calls are refused.
    let (status, _) = send(Client::new().get(format!("{api}/tablet/children"))).await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);
    let forged = Tablet {
        api: api.clone(),
        id: String::new(),
        token: "not-a-tablet".into(),
    };
    assert_eq!(send(forged.children()).await.0, StatusCode::UNAUTHORIZED);
}

#[tokio::test]
async fn another_familys_child_and_tablet_are_not_found() {
    let (_stack, api) = start().await;
    let lees = parent(&api).await;
    let (_, mia) = child(&lees, "Mia").await;
    set_pin(&lees, &mia, "1357").await;
    let others = parent(&api).await;
    let (_, theirs) = child(&others, "Zoe").await;
    set_pin(&others, &theirs, "1357").await;
    let our_tablet = set_up_tablet(&lees, "Ours").await;
    let their_tablet = set_up_tablet(&others, "Theirs").await;

    // Our tablet cannot open a session as their child, whatever the PIN.
    let (status, body) = send(our_tablet.unlock(&theirs["id"], "1357")).await;
    assert_eq!(status, StatusCode::NOT_FOUND, "{body}");
    assert_error(&body, "Child not found");
    // A parent cannot set another family's child's PIN ...
    let (status, body) = set_pin(&lees, &theirs, "1111").await;
    assert_eq!(status, StatusCode::NOT_FOUND, "{body}");
    assert_eq!(
        send(their_tablet.unlock(&theirs["id"], "1357")).await.0,
        StatusCode::OK
    );
    // ... nor see or remove their tablets.
    let (_, listed) = send(lees.get("/organizations/tablets")).await;
    assert_eq!(listed.as_array().unwrap().len(), 1);
    let (status, _) =
        send(lees.delete(&format!("/organizations/tablets/{}", their_tablet.id))).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    assert_eq!(send(their_tablet.children()).await.0, StatusCode::OK);
    let (status, _) = send(lees.delete("/organizations/tablets/not-an-id")).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn only_parents_set_up_tablets_and_pins() {
    let (_stack, api) = start().await;
    let parent = parent(&api).await;
    let (kid, mia) = child(&parent, "Mia").await;
    set_pin(&parent, &mia, "1357").await;
    let tablet = set_up_tablet(&parent, "Kitchen").await;
    let (_, session) = send(tablet.unlock(&mia["id"], "1357")).await;
    let on_tablet = Session {
        api: api.clone(),
        token: session["token"].as_str().unwrap().to_owned(),
        user: session["user"].clone(),
        http: Client::new(),
    };

    for child in [&kid, &on_tablet] {
        let (status, body) =
            send(child.post("/organizations/tablets", &json!({"name": "Mine"}))).await;
        assert_eq!(status, StatusCode::FORBIDDEN, "{body}");
        let (status, _) = set_pin(child, &mia, "0000").await;
        assert_eq!(status, StatusCode::FORBIDDEN);
        assert_eq!(
            send(child.get("/organizations/tablets")).await.0,
            StatusCode::FORBIDDEN
        );
        let (status, _) =
            send(child.delete(&format!("/organizations/tablets/{}", tablet.id))).await;
        assert_eq!(status, StatusCode::FORBIDDEN);
    }
    // The tablet's device token is no bearer token: it sets nothing up.
    let as_tablet = Session {
        token: tablet.token.clone(),
        ..on_tablet
    };
    let (status, _) =
        send(as_tablet.post("/organizations/tablets", &json!({"name": "Mine"}))).await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);
    let (status, _) = set_pin(&as_tablet, &mia, "0000").await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);
    // The PIN is still the parent's.
    assert_eq!(
        send(tablet.unlock(&mia["id"], "1357")).await.0,
        StatusCode::OK
    );
}

#[tokio::test]
async fn a_pin_must_be_four_digits_and_a_tablet_needs_a_name() {
    let (_stack, api) = start().await;
    let parent = parent(&api).await;
    let (_, mia) = child(&parent, "Mia").await;
    for (pin, code, message) in [
        ("", "REQUIRED", "PIN is required"),
        ("123", "PIN_FORMAT", "PIN must be exactly 4 digits"),
        ("12345", "PIN_FORMAT", "PIN must be exactly 4 digits"),
        ("12a4", "PIN_FORMAT", "PIN must be exactly 4 digits"),
        ("１２３４", "PIN_FORMAT", "PIN must be exactly 4 digits"),
    ] {
        let (status, body) = set_pin(&parent, &mia, pin).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{pin:?}: {body}");
        assert_error(&body, message);
        assert_field_refused(&body, "pin", code);
    }
    let tablet = set_up_tablet(&parent, "Kitchen").await;
    let (status, body) = send(tablet.unlock(&mia["id"], "12")).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
    assert_field_refused(&body, "pin", "PIN_FORMAT");

    for (name, code, message) in [
        ("  ", "REQUIRED", "Tablet name is required"),
        (
            &"x".repeat(61)[..],
            "TOO_LONG",
            "Tablet name must be at most 60 characters",
        ),
    ] {
        let (status, body) =
            send(parent.post("/organizations/tablets", &json!({"name": name}))).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
        assert_error(&body, message);
        assert_field_refused(&body, "name", code);
        assert_eq!(
            body["details"][0]["params"]["label"], "tabletName",
            "{body}"
        );
    }
}

#[tokio::test]
async fn a_pin_is_stored_only_hashed_and_never_answered() {
    let (stack, api) = start().await;
    let parent = parent(&api).await;
    let (kid, mia) = child(&parent, "Mia").await;
    assert_eq!(
        set_pin(&parent, &mia, "7391").await.0,
        StatusCode::NO_CONTENT
    );
    let tablet = set_up_tablet(&parent, "Kitchen").await;

    let stored: Vec<(String,)> = kit::tenancy::all_families(
        sqlx::query_as("SELECT pin_hash FROM child_pins").fetch_all(&stack.auth_pool),
    )
    .await
    .unwrap();
    assert_eq!(stored.len(), 1);
    assert!(
        stored[0].0.starts_with("$argon2id$v=19$m=19456,t=2,p=1$"),
        "{}",
        stored[0].0
    );
    assert!(!stored[0].0.contains("7391"));
    // Device tokens are kept as their SHA-256 only.
    let tokens: Vec<(Vec<u8>,)> = kit::tenancy::all_families(
        sqlx::query_as("SELECT token_hash FROM tablets").fetch_all(&stack.auth_pool),
    )
    .await
    .unwrap();
    assert_eq!(tokens.len(), 1);
    assert_eq!(tokens[0].0.len(), 32);
    assert!(!String::from_utf8_lossy(&tokens[0].0).contains(&tablet.token));

    let (_, session) = send(tablet.unlock(&mia["id"], "7391")).await;
    let answers = [
        send(parent.get("/children")).await.1,
        send(parent.get("/organizations/tablets")).await.1,
        send(parent.get("/users/me")).await.1,
        send(kid.get("/users/me")).await.1,
        send(tablet.children()).await.1,
        session,
    ];
    for answer in answers {
        assert!(!answer.to_string().contains("7391"), "{answer}");
        assert!(
            !answer.to_string().to_lowercase().contains("pinhash"),
            "{answer}"
        );
    }
}

/// Ten tablets at most, even when parents add them at the same moment; a
/// removed one makes room again.
#[tokio::test]
async fn a_family_has_at_most_ten_tablets_even_when_added_at_once() {
    let (_stack, api) = start().await;
    let parent = parent(&api).await;
    let attempts = (0..12).map(|n| {
        let parent = &parent;
        async move {
            send(parent.post(
                "/organizations/tablets",
                &json!({"name": format!("Room {n}")}),
            ))
            .await
        }
    });
    let answers = futures::future::join_all(attempts).await;
    let created: Vec<&Value> = answers
        .iter()
        .filter(|(status, _)| *status == StatusCode::CREATED)
        .map(|(_, body)| body)
        .collect();
    assert_eq!(created.len(), 10, "{answers:?}");
    for (status, body) in answers.iter().filter(|(s, _)| *s != StatusCode::CREATED) {
        assert_eq!(*status, StatusCode::CONFLICT, "{body}");
        assert_error(
            body,
            "A family can have at most 10 tablets. Remove one in Settings first.",
        );
    }
    let (_, listed) = send(parent.get("/organizations/tablets")).await;
    assert_eq!(listed.as_array().unwrap().len(), 10);

    let removed = created[0]["tablet"]["id"].as_str().unwrap();
    let (status, _) = send(parent.delete(&format!("/organizations/tablets/{removed}"))).await;
    assert_eq!(status, StatusCode::NO_CONTENT);
    set_up_tablet(&parent, "Hall").await;
}

#[tokio::test]
async fn a_suspended_familys_tablet_shows_no_children() {
    let (stack, api) = start().await;
    let parent = parent(&api).await;
    child(&parent, "Mia").await;
    let tablet = set_up_tablet(&parent, "Kitchen").await;
    assert_eq!(send(tablet.children()).await.0, StatusCode::OK);

    let admin = crate::helpers::super_admin(&stack, &api).await;
    let org = parent.user["organization"]["id"].as_str().unwrap();
    let (status, body) = send(admin.patch(
        &format!("/admin/organizations/{org}/deactivate"),
        &json!({}),
    ))
    .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    // The home reads the family's standing as auth keeps it from the
    // platform's events (an unlock asks the platform itself).
    eventually("the suspension reaches the tablet's home", || async {
        send(tablet.children()).await.0 == StatusCode::FORBIDDEN
    })
    .await;
    let (status, body) = send(tablet.children()).await;
    assert_eq!(status, StatusCode::FORBIDDEN, "{body}");
    assert_error(&body, "This family account has been suspended");
}
