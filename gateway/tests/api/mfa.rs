//! Two-factor sign-in: required of super admins before the console, optional
//! for parents; codes checked at the auth service's clock, which the tests
//! move (a code belongs to its 30-second step).

use chrono::{DateTime, Duration, Utc};
use kit::clock::ManualClock;
use reqwest::{Client, StatusCode};
use serde_json::{Value, json};
use testkit::{Stack, mail::mails_to, test_maildir};
use totp_rs::TOTP;

use crate::helpers::{
    Session, assert_error, assert_field_refused, eventually, login, parent, send,
    start_with_auth_clock, super_admin_without_mfa,
};

/// The code the app shows at `at` for a setup's `otpauth://` URI.
fn code_at(otpauth_url: &Value, at: DateTime<Utc>) -> String {
    TOTP::from_url(otpauth_url.as_str().unwrap())
        .unwrap()
        .generate(u64::try_from(at.timestamp()).unwrap())
}

async fn second_step(api: &str, mfa_token: &Value, code: &str) -> (StatusCode, Value) {
    send(
        Client::new()
            .post(format!("{api}/auth/login/mfa"))
            .json(&json!({"mfaToken": mfa_token, "code": code})),
    )
    .await
}

fn assert_wrong_code(status: StatusCode, body: &Value) {
    assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
    assert_error(body, "That code is not right");
    assert_field_refused(body, "code", "MFA_CODE_WRONG");
}

/// The stack with the auth service on a clock the test moves, starting on a
/// step boundary so that the test knows which step it is in; and that start.
async fn stack_on_a_step() -> (ManualClock, DateTime<Utc>, Stack, String) {
    let now = Utc::now().timestamp();
    let start = DateTime::from_timestamp(now - now % 30, 0).unwrap();
    let clock = ManualClock::at(start);
    let (stack, api) = start_with_auth_clock(&clock).await;
    (clock, start, stack, api)
}

#[tokio::test]
async fn a_super_admin_reaches_the_console_only_after_setting_up_two_factor_sign_in() {
    let (clock, start, stack, api) = stack_on_a_step().await;
    let admin = super_admin_without_mfa(&stack, &api).await;
    assert_eq!(admin.user["mfaSetupRequired"], true);
    assert_eq!(admin.user["mfaEnabled"], false);

    // The console (and its live events) wait; the profile does not.
    let (status, body) = send(admin.get("/admin/organizations")).await;
    assert_eq!(status, StatusCode::FORBIDDEN, "{body}");
    assert_eq!(body["code"], "MFA_SETUP_REQUIRED", "{body}");
    assert_error(&body, "Set up two-factor sign-in before using the console");
    let (status, me) = send(admin.get("/users/me")).await;
    assert_eq!(status, StatusCode::OK, "{me}");
    assert_eq!(me["mfaSetupRequired"], true);

    // Confirming needs a setup first, then the app's code.
    let (status, body) =
        send(admin.post("/users/me/mfa/confirm", &json!({"code": "123456"}))).await;
    assert_eq!(status, StatusCode::CONFLICT, "{body}");
    assert_error(&body, "Start setting up two-factor sign-in first");
    let (status, setup) = send(admin.post(
        "/users/me/mfa",
        &json!({"currentPassword": "operator-secret"}),
    ))
    .await;
    assert_eq!(status, StatusCode::OK, "{setup}");
    let url = &setup["otpauthUrl"];
    assert!(
        url.as_str().unwrap().starts_with("otpauth://totp/Chorely:"),
        "{url}"
    );
    assert!(
        url.as_str()
            .unwrap()
            .contains(setup["secret"].as_str().unwrap())
    );
    let (status, body) = send(admin.post("/users/me/mfa/confirm", &json!({"code": ""}))).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
    assert_error(&body, "Code is required");
    // A code of two steps ago is not the app's now.
    let stale = code_at(url, start - Duration::seconds(60));
    let (status, body) = send(admin.post("/users/me/mfa/confirm", &json!({"code": stale}))).await;
    assert_wrong_code(status, &body);

    let (status, on) = send(admin.post(
        "/users/me/mfa/confirm",
        &json!({"code": code_at(url, start)}),
    ))
    .await;
    assert_eq!(status, StatusCode::OK, "{on}");
    assert_eq!(on["user"]["mfaEnabled"], true);
    assert_eq!(on["user"]["mfaSetupRequired"], false);
    let codes: Vec<String> = serde_json::from_value(on["recoveryCodes"].clone()).unwrap();
    assert_eq!(codes.len(), 10);
    let secured = Session {
        token: on["token"].as_str().unwrap().to_owned(),
        ..admin
    };
    let (status, body) = send(secured.get("/admin/organizations")).await;
    assert_eq!(status, StatusCode::OK, "{body}");

    // From now on a login asks for a code after the password ...
    let email = &secured.user["email"];
    let (status, challenge) = login(&api, email, "operator-secret").await;
    assert_eq!(status, StatusCode::OK, "{challenge}");
    assert_eq!(challenge["mfaRequired"], true);
    assert!(challenge.get("token").is_none(), "{challenge}");
    let mfa_token = &challenge["mfaToken"];
    // ... which is no bearer token itself.
    let (status, _) = send(
        Client::new()
            .get(format!("{api}/users/me"))
            .bearer_auth(mfa_token.as_str().unwrap()),
    )
    .await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);
    // The code that turned it on was used: it does not sign in again.
    let (status, body) = second_step(&api, mfa_token, &code_at(url, start)).await;
    assert_wrong_code(status, &body);
    // The next step's code does, once.
    clock.set(start + Duration::seconds(30));
    let code = code_at(url, start + Duration::seconds(30));
    let (status, session) = second_step(&api, mfa_token, &code).await;
    assert_eq!(status, StatusCode::OK, "{session}");
    assert_eq!(session["user"]["role"], "SUPER_ADMIN");
    let (status, body) = send(
        Client::new()
            .get(format!("{api}/admin/organizations"))
            .bearer_auth(session["token"].as_str().unwrap()),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    // The token is spent: the password is asked again.
    let (status, body) = second_step(&api, mfa_token, &codes[0]).await;
    assert_eq!(status, StatusCode::UNAUTHORIZED, "{body}");

    // A recovery code works once, typed however.
    let typed = codes[0].to_lowercase().replace('-', " ");
    let (_, challenge) = login(&api, email, "operator-secret").await;
    let (status, body) = second_step(&api, &challenge["mfaToken"], &typed).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let (_, challenge) = login(&api, email, "operator-secret").await;
    let mfa_token = &challenge["mfaToken"];
    let (status, body) = second_step(&api, mfa_token, &codes[0]).await;
    assert_wrong_code(status, &body);

    // Required of super admins: it stays on.
    let (status, body) =
        send(secured.post("/users/me/mfa/disable", &json!({"code": codes[1]}))).await;
    assert_eq!(status, StatusCode::FORBIDDEN, "{body}");
    assert_error(
        &body,
        "Two-factor sign-in is required for platform administrators",
    );

    // The second step expires: after 5 minutes the password is asked again.
    clock.set(start + Duration::minutes(6));
    let (status, body) = second_step(&api, mfa_token, &codes[2]).await;
    assert_eq!(status, StatusCode::UNAUTHORIZED, "{body}");
    assert_error(
        &body,
        "Your sign-in took too long. Enter your password again.",
    );
}

/// Turns two-factor sign-in on for the super admin at `start`; the
/// `otpauth://` URI of their app.
async fn admin_with_mfa(stack: &Stack, api: &str, start: DateTime<Utc>) -> (Session, Value) {
    let admin = super_admin_without_mfa(stack, api).await;
    let (_, setup) = send(admin.post(
        "/users/me/mfa",
        &json!({"currentPassword": "operator-secret"}),
    ))
    .await;
    let url = setup["otpauthUrl"].clone();
    let (status, on) = send(admin.post(
        "/users/me/mfa/confirm",
        &json!({"code": code_at(&url, start)}),
    ))
    .await;
    assert_eq!(status, StatusCode::OK, "{on}");
    (admin, url)
}

/// A code the app does not show at `at`.
fn wrong_code_at(url: &Value, at: DateTime<Utc>) -> &'static str {
    let shown: Vec<String> = (-1..=1)
        .map(|step| code_at(url, at + Duration::seconds(30 * step)))
        .collect();
    ["000000", "111111", "222222", "333333"]
        .into_iter()
        .find(|c| !shown.iter().any(|s| s == c))
        .unwrap()
}

/// Each login's second step allows five codes; wrong codes are counted per
/// account apart from passwords, so a right password does not start them
/// again, and the tenth in a row locks the second step for 30 minutes, says
/// when to try again, and mails the account's owner.
#[tokio::test]
async fn wrong_codes_lock_the_second_step_and_a_right_password_does_not_lift_it() {
    let (clock, start, stack, api) = stack_on_a_step().await;
    let (admin, url) = admin_with_mfa(&stack, &api, start).await;
    let email = admin.user["email"].as_str().unwrap().to_owned();
    let now = start + Duration::seconds(30);
    clock.set(now);
    let wrong = wrong_code_at(&url, now);

    let (status, challenge) = login(&api, &email, "operator-secret").await;
    assert_eq!(status, StatusCode::OK, "{challenge}");
    let first = challenge["mfaToken"].clone();
    for _ in 0..5 {
        let (status, body) = second_step(&api, &first, wrong).await;
        assert_wrong_code(status, &body);
    }
    // The sixth code with the same token is not checked, right or not.
    let (status, body) = second_step(&api, &first, &code_at(&url, now)).await;
    assert_eq!(status, StatusCode::UNAUTHORIZED, "{body}");
    assert_error(
        &body,
        "Too many wrong codes for this sign-in. Enter your password again.",
    );

    // The right password again: a new token, but the count goes on.
    let (status, challenge) = login(&api, &email, "operator-secret").await;
    assert_eq!(status, StatusCode::OK, "{challenge}");
    let second = challenge["mfaToken"].clone();
    for _ in 0..4 {
        let (status, body) = second_step(&api, &second, wrong).await;
        assert_wrong_code(status, &body);
    }
    let (status, body) = second_step(&api, &second, wrong).await;
    assert_eq!(status, StatusCode::TOO_MANY_REQUESTS, "{body}");
    assert_error(&body, "Too many wrong codes. Try again in 30 minutes.");

    // The owner is told, and pointed at choosing a new password.
    let paused = |m: &testkit::mail::Mail| m.subject == "Your Chorely sign-in is paused";
    eventually("the lock's mail", || async {
        mails_to(&test_maildir(), &email).iter().any(paused)
    })
    .await;
    let mails = mails_to(&test_maildir(), &email);
    let lock_mail = mails.iter().find(|m| paused(m)).unwrap();
    assert_eq!(mails.iter().filter(|m| paused(m)).count(), 1);
    assert!(lock_mail.text.contains("30 minutes"), "{}", lock_mail.text);
    let origin = api.trim_end_matches("/api");
    assert_eq!(
        lock_mail.link("/forgot-password").as_deref(),
        Some(format!("{origin}/forgot-password").as_str())
    );

    // Locked: a new login's right code is refused, telling how long is left.
    let at = now + Duration::minutes(29) + Duration::seconds(30);
    clock.set(at);
    let (status, challenge) = login(&api, &email, "operator-secret").await;
    assert_eq!(status, StatusCode::OK, "{challenge}");
    let (status, body) = second_step(&api, &challenge["mfaToken"], &code_at(&url, at)).await;
    assert_eq!(status, StatusCode::TOO_MANY_REQUESTS, "{body}");
    assert_error(&body, "Too many wrong codes. Try again in 1 minute.");

    // Once the lock has run out, the right code signs in.
    let at = now + Duration::minutes(31);
    clock.set(at);
    let (_, challenge) = login(&api, &email, "operator-secret").await;
    let (status, session) = second_step(&api, &challenge["mfaToken"], &code_at(&url, at)).await;
    assert_eq!(status, StatusCode::OK, "{session}");
    assert!(session["token"].is_string(), "{session}");
}

/// One token signs in once: two right codes sent with it at the same moment
/// (the app's and a recovery code) give one session.
#[tokio::test]
async fn a_second_step_token_signs_in_once_even_when_raced() {
    let (clock, start, stack, api) = stack_on_a_step().await;
    let admin = super_admin_without_mfa(&stack, &api).await;
    let (_, setup) = send(admin.post(
        "/users/me/mfa",
        &json!({"currentPassword": "operator-secret"}),
    ))
    .await;
    let url = setup["otpauthUrl"].clone();
    let (_, on) = send(admin.post(
        "/users/me/mfa/confirm",
        &json!({"code": code_at(&url, start)}),
    ))
    .await;
    let codes: Vec<String> = serde_json::from_value(on["recoveryCodes"].clone()).unwrap();
    let now = start + Duration::seconds(30);
    clock.set(now);
    let (_, challenge) = login(&api, &admin.user["email"], "operator-secret").await;
    let token = &challenge["mfaToken"];
    let app = code_at(&url, now);
    let ((a, _), (b, _)) = tokio::join!(
        second_step(&api, token, &app),
        second_step(&api, token, &codes[0]),
    );
    let signed_in = [a, b].iter().filter(|s| **s == StatusCode::OK).count();
    assert_eq!(signed_in, 1, "{a} {b}");
}

/// A parent may turn two-factor sign-in on from their profile, and off again
/// with a code; nothing requires it of them.
#[tokio::test]
async fn a_parent_turns_two_factor_sign_in_on_and_off() {
    let (clock, start, _stack, api) = stack_on_a_step().await;
    let parent = parent(&api).await;
    assert_eq!(parent.user["mfaSetupRequired"], false);
    let (status, body) =
        send(parent.post("/users/me/mfa/disable", &json!({"code": "123456"}))).await;
    assert_eq!(status, StatusCode::CONFLICT, "{body}");
    assert_error(&body, "Two-factor sign-in is not on");

    // A session opened with the password alone, elsewhere.
    let (_, laptop) = login(&api, &parent.user["email"], "secret123").await;
    let laptop = laptop["token"].as_str().unwrap().to_owned();

    let (_, setup) =
        send(parent.post("/users/me/mfa", &json!({"currentPassword": "secret123"}))).await;
    let url = setup["otpauthUrl"].clone();
    let (status, on) = send(parent.post(
        "/users/me/mfa/confirm",
        &json!({"code": code_at(&url, start)}),
    ))
    .await;
    assert_eq!(status, StatusCode::OK, "{on}");
    let parent = Session {
        token: on["token"].as_str().unwrap().to_owned(),
        ..parent
    };
    // Turning it on ends the other sessions; this one goes on.
    eventually("the other session ending", || async {
        let (status, _) = send(
            Client::new()
                .get(format!("{api}/users/me"))
                .bearer_auth(&laptop),
        )
        .await;
        status == StatusCode::UNAUTHORIZED
    })
    .await;
    let (status, me) = send(parent.get("/users/me")).await;
    assert_eq!(status, StatusCode::OK, "{me}");
    // On: a new setup is refused (it would replace the app's secret).
    let (status, body) =
        send(parent.post("/users/me/mfa", &json!({"currentPassword": "secret123"}))).await;
    assert_eq!(status, StatusCode::CONFLICT, "{body}");
    assert_error(&body, "Two-factor sign-in is already on");
    let (status, challenge) = login(&api, &parent.user["email"], "secret123").await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(challenge["mfaRequired"], true, "{challenge}");

    clock.set(start + Duration::seconds(30));
    let (status, body) =
        send(parent.post("/users/me/mfa/disable", &json!({"code": "000000x"}))).await;
    assert_wrong_code(status, &body);
    let (status, off) = send(parent.post(
        "/users/me/mfa/disable",
        &json!({"code": code_at(&url, start + Duration::seconds(30))}),
    ))
    .await;
    assert_eq!(status, StatusCode::OK, "{off}");
    assert_eq!(off["mfaEnabled"], false);
    let (status, session) = login(&api, &parent.user["email"], "secret123").await;
    assert_eq!(status, StatusCode::OK);
    assert!(session["token"].is_string(), "{session}");
}
