//! Email verification and password recovery against the real SMTP server
//! the test script starts: the mail arrives in its maildir, and its link works.

use chrono::{Duration, Utc};
use kit::clock::ManualClock;
use reqwest::{Client, StatusCode};
use serde_json::{Value, json};
use testkit::{
    Options,
    mail::{mails_to, wait_for_mails},
    test_maildir,
};

use crate::helpers::{
    Session, assert_error, login, registration, send, start_with, start_with_auth_clock,
};

async fn register(api: &str, body: &Value, language: &str) -> Session {
    let http = Client::new();
    let (status, answer) = send(
        http.post(format!("{api}/auth/register"))
            .header("Accept-Language", language)
            .json(body),
    )
    .await;
    assert_eq!(status, StatusCode::CREATED, "{answer}");
    Session {
        api: api.to_owned(),
        token: answer["token"].as_str().unwrap().to_owned(),
        user: answer["user"].clone(),
        http,
    }
}

async fn forgot(api: &str, email: &str) -> (StatusCode, Value) {
    send(
        Client::new()
            .post(format!("{api}/auth/forgot-password"))
            .json(&json!({"email": email})),
    )
    .await
}

async fn reset(api: &str, token: &str, password: &str) -> (StatusCode, Value) {
    send(
        Client::new()
            .post(format!("{api}/auth/reset-password"))
            .json(&json!({"token": token, "password": password})),
    )
    .await
}

async fn verify(api: &str, token: &str) -> (StatusCode, Value) {
    send(
        Client::new()
            .post(format!("{api}/auth/verify-email"))
            .json(&json!({"token": token})),
    )
    .await
}

#[tokio::test]
async fn registration_mails_a_verification_link_that_verifies_the_email() {
    let (_stack, api) = start_with(Options::default()).await;
    let body = registration();
    let email = body["email"].as_str().unwrap().to_owned();
    let parent = register(&api, &body, "es-ES,es;q=0.9").await;
    assert_eq!(parent.user["emailVerified"], false);

    let mails = wait_for_mails(&test_maildir(), &email, 1).await;
    let mail = &mails[0];
    // In the language of the request that signed up, text and HTML.
    assert_eq!(mail.subject, "Confirma tu correo electrónico en Chorely");
    assert!(mail.text.contains("Hola, Ann:"), "{}", mail.text);
    assert!(mail.html.contains("lang=\"es\""));
    // Built on the gateway's configured origin only.
    let link = mail.link("/verify-email/").unwrap();
    let origin = api.trim_end_matches("/api");
    assert!(
        link.starts_with(&format!("{origin}/verify-email/")),
        "{link}"
    );
    let token = mail.token("/verify-email/").unwrap();
    assert!(mail.html.contains(&link));

    let (status, me) = send(parent.get("/users/me")).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(me["emailVerified"], false);

    let (status, answer) = verify(&api, &token).await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    assert_eq!(answer["emailVerified"], true);
    assert_eq!(answer["email"], email.as_str());

    let (_, me) = send(parent.get("/users/me")).await;
    assert_eq!(me["emailVerified"], true);
    let (status, logged_in) = login(&api, &email, "secret123").await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(logged_in["user"]["emailVerified"], true);

    // Once only; an unknown token says so.
    let (status, answer) = verify(&api, &token).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_error(&answer, "This verification link has already been used.");
    let (status, answer) = verify(&api, "not-a-token").await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_error(
        &answer,
        "This verification link is not valid. Ask for a new one.",
    );

    // Verified: nothing to resend.
    let (status, answer) = send(parent.post("/auth/resend-verification", &json!({}))).await;
    assert_eq!(status, StatusCode::CONFLICT);
    assert_error(&answer, "Your email is already verified");
}

#[tokio::test]
async fn a_new_verification_link_can_be_asked_for_a_few_times_an_hour() {
    let (_stack, api) = start_with(Options::default()).await;
    let body = registration();
    let email = body["email"].as_str().unwrap().to_owned();
    let parent = register(&api, &body, "de").await;
    let (status, _) = send(
        parent
            .post("/auth/resend-verification", &json!({}))
            .header("Accept-Language", "de-DE"),
    )
    .await;
    assert_eq!(status, StatusCode::ACCEPTED);
    let mails = wait_for_mails(&test_maildir(), &email, 2).await;
    assert_eq!(
        mails[1].subject,
        "Bestätige deine E-Mail-Adresse für Chorely"
    );
    let first = mails[0].token("/verify-email/").unwrap();
    let second = mails[1].token("/verify-email/").unwrap();
    assert_ne!(first, second);

    // The sign-up's and four more in an hour; the sixth is refused.
    for _ in 0..3 {
        let (status, _) = send(parent.post("/auth/resend-verification", &json!({}))).await;
        assert_eq!(status, StatusCode::ACCEPTED);
    }
    let (status, answer) = send(parent.post("/auth/resend-verification", &json!({}))).await;
    assert_eq!(status, StatusCode::TOO_MANY_REQUESTS);
    assert_error(
        &answer,
        "Too many emails sent to this address. Try again in an hour.",
    );

    // Any of the links verifies; then the others are used up.
    let (status, _) = verify(&api, &second).await;
    assert_eq!(status, StatusCode::OK);
    let (status, answer) = verify(&api, &first).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_error(&answer, "This verification link has already been used.");

    let (status, _) = send(
        Client::new()
            .post(format!("{api}/auth/resend-verification"))
            .json(&json!({})),
    )
    .await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);
}

#[tokio::test]
async fn a_reset_link_sets_the_password_once_ends_the_other_sessions_and_expires() {
    let clock = ManualClock::at(chrono::Utc::now());
    let (_stack, api) = start_with_auth_clock(&clock).await;
    let body = registration();
    let email = body["email"].as_str().unwrap().to_owned();
    let first_session = register(&api, &body, "en").await;
    let (status, second_login) = login(&api, &email, "secret123").await;
    assert_eq!(status, StatusCode::OK);
    let second_token = second_login["token"].as_str().unwrap().to_owned();

    let (status, answer) = forgot(&api, &email.to_uppercase()).await;
    assert_eq!(status, StatusCode::ACCEPTED, "{answer}");
    assert_eq!(
        answer["message"],
        "If an account exists for this email, we sent a link to reset its password."
    );
    // The sign-up's verification mail, then the reset link.
    let mails = wait_for_mails(&test_maildir(), &email, 2).await;
    let mail = mails
        .iter()
        .find(|m| m.link("/reset-password/").is_some())
        .unwrap();
    assert_eq!(mail.subject, "Reset your Chorely password");
    let token = mail.token("/reset-password/").unwrap();

    // The password rules of sign-up.
    let (status, answer) = reset(&api, &token, "short").await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_error(&answer, "Password must be at least 6 characters");

    let (status, answer) = reset(&api, &token, "brand-new-secret").await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    // The same answer as a login, and the user is signed in with it.
    assert_eq!(answer["user"]["email"], email.as_str());
    let new_session = Session {
        api: api.clone(),
        token: answer["token"].as_str().unwrap().to_owned(),
        user: answer["user"].clone(),
        http: Client::new(),
    };
    let (status, _) = send(new_session.get("/users/me")).await;
    assert_eq!(status, StatusCode::OK, "the session the reset starts works");
    // Following the link proved the address.
    assert_eq!(answer["user"]["emailVerified"], true);

    // Every other session ended, at once.
    let (status, _) = send(first_session.get("/users/me")).await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);
    let (status, _) = send(
        Client::new()
            .get(format!("{api}/users/me"))
            .bearer_auth(&second_token),
    )
    .await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);

    // The new password works, the old one no longer does.
    let (status, _) = login(&api, &email, "secret123").await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);
    let (status, answer) = login(&api, &email, "brand-new-secret").await;
    assert_eq!(status, StatusCode::OK, "{answer}");

    // The link works once.
    let (status, answer) = reset(&api, &token, "another-secret").await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_error(
        &answer,
        "This password reset link has already been used. Ask for a new one.",
    );

    // A new link expires after an hour.
    let (status, _) = forgot(&api, &email).await;
    assert_eq!(status, StatusCode::ACCEPTED);
    let mails = wait_for_mails(&test_maildir(), &email, 3).await;
    let late = mails[2].token("/reset-password/").unwrap();
    assert_ne!(late, token);
    clock.advance(Duration::minutes(61));
    let (status, answer) = reset(&api, &late, "another-secret").await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_error(
        &answer,
        "This password reset link has expired. Ask for a new one.",
    );
    let (status, answer) = reset(&api, "unknown-token", "another-secret").await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_error(
        &answer,
        "This password reset link is not valid. Ask for a new one.",
    );
    let (status, _) = login(&api, &email, "brand-new-secret").await;
    assert_eq!(status, StatusCode::OK, "an expired link changed nothing");
}

#[tokio::test]
async fn an_unknown_email_gets_the_same_answer_and_no_mail() {
    let (stack, api) = start_with(Options::default()).await;
    let body = registration();
    let known = body["email"].as_str().unwrap().to_owned();
    register(&api, &body, "en").await;
    let unknown = crate::helpers::unique_email("nobody");

    let (known_status, known_answer) = forgot(&api, &known).await;
    let (unknown_status, unknown_answer) = forgot(&api, &unknown).await;
    assert_eq!(known_status, StatusCode::ACCEPTED);
    assert_eq!(unknown_status, known_status);
    assert_eq!(unknown_answer, known_answer);

    // The mailer has dealt with the request: it found nobody to send to.
    crate::helpers::eventually("the unknown address's request handled", || async {
        let outcome: Option<Option<String>> = kit::tenancy::all_families(
            sqlx::query_scalar("SELECT outcome FROM mail_queue WHERE email = $1")
                .bind(&unknown)
                .fetch_optional(&stack.auth_pool),
        )
        .await
        .unwrap();
        outcome.flatten().as_deref() == Some("SKIPPED")
    })
    .await;
    assert!(mails_to(&test_maildir(), &unknown).is_empty());
    // The known one got theirs.
    let mails = wait_for_mails(&test_maildir(), &known, 2).await;
    assert!(mails.iter().any(|m| m.link("/reset-password/").is_some()));

    // Not an email at all is a plain input error.
    let (status, answer) = forgot(&api, "not-an-email").await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{answer}");
}

/// The mailbox alone proves no second factor: a reset of an account with
/// two-factor sign-in on saves the new password and asks for a code, as a
/// login does, before any session starts.
#[tokio::test]
async fn a_reset_of_an_account_with_two_factor_sign_in_asks_for_a_code() {
    let now = Utc::now().timestamp();
    let start = chrono::DateTime::from_timestamp(now - now % 30, 0).unwrap();
    let clock = ManualClock::at(start);
    let (_stack, api) = start_with_auth_clock(&clock).await;
    let body = registration();
    let email = body["email"].as_str().unwrap().to_owned();
    let parent = register(&api, &body, "en").await;
    let (_, setup) =
        send(parent.post("/users/me/mfa", &json!({"currentPassword": "secret123"}))).await;
    let app = totp_rs::TOTP::from_url(setup["otpauthUrl"].as_str().unwrap()).unwrap();
    let code_at = |at: chrono::DateTime<Utc>| app.generate(u64::try_from(at.timestamp()).unwrap());
    let (status, on) =
        send(parent.post("/users/me/mfa/confirm", &json!({"code": code_at(start)}))).await;
    assert_eq!(status, StatusCode::OK, "{on}");

    let (status, _) = forgot(&api, &email).await;
    assert_eq!(status, StatusCode::ACCEPTED);
    let mails = wait_for_mails(&test_maildir(), &email, 2).await;
    let token = mails
        .iter()
        .find_map(|m| m.token("/reset-password/"))
        .unwrap();
    let (status, answer) = reset(&api, &token, "brand-new-secret").await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    assert_eq!(answer["mfaRequired"], true, "{answer}");
    assert!(answer.get("token").is_none(), "no session yet: {answer}");

    // The new password is the one now, and it too leads to the code.
    let (status, _) = login(&api, &email, "secret123").await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);
    let (_, challenge) = login(&api, &email, "brand-new-secret").await;
    assert_eq!(challenge["mfaRequired"], true, "{challenge}");

    // The reset's challenge and a code sign in.
    let at = start + Duration::seconds(30);
    clock.set(at);
    let (status, session) = send(
        Client::new()
            .post(format!("{api}/auth/login/mfa"))
            .json(&json!({"mfaToken": answer["mfaToken"], "code": code_at(at)})),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{session}");
    assert_eq!(session["user"]["email"], email.as_str());
}
