//! Sign-up, login, tokens, profile, health and OpenAPI over HTTP.

use kit::{
    jwt::ACCESS_TYP,
    testing::tokens::{claims, signed_by_stranger, unsigned},
};
use reqwest::{Client, StatusCode};
use serde_json::json;
use uuid::Uuid;

use crate::helpers::{assert_error, registration, send, start};

#[tokio::test]
async fn register_then_login_answer_the_token_and_the_spec_user() {
    let (_stack, api) = start().await;
    let http = Client::new();
    let body = registration();

    let (status, registered) = send(http.post(format!("{api}/auth/register")).json(&body)).await;
    assert_eq!(status, StatusCode::CREATED, "{registered}");
    let (status, logged_in) = send(
        http.post(format!("{api}/auth/login"))
            .json(&json!({"email": body["email"], "password": "secret123"})),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{logged_in}");

    for answer in [&registered, &logged_in] {
        assert!(
            answer["token"]
                .as_str()
                .is_some_and(|t| t.split('.').count() == 3)
        );
        let user = &answer["user"];
        assert_eq!(user["email"], body["email"]);
        assert_eq!(user["role"], "ORG_ADMIN");
        assert_eq!(user["firstName"], "Ann");
        assert_eq!(user["lastName"], "Lee");
        assert_eq!(user["isActive"], true);
        assert_eq!(user["emailVerified"], false);
        assert_eq!(user["organization"]["name"], "The Lee Family");
        assert_eq!(user["organization"]["plan"], "FREE");
        assert_eq!(user["profile"]["uiTheme"], "ADULT");
        assert!(user["createdAt"].is_string() && user["lastLoginAt"].is_string());
        assert!(user.get("passwordHash").is_none() && user.get("password_hash").is_none());
    }

    let token = logged_in["token"].as_str().unwrap();
    let (status, org) = send(
        http.get(format!("{api}/organizations/current"))
            .bearer_auth(token),
    )
    .await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(org["timeZone"], "America/New_York");
    assert_eq!(org["slug"], "the-lee-family");
}

#[tokio::test]
async fn service_errors_become_http_statuses_with_the_services_message() {
    let (_stack, api) = start().await;
    let http = Client::new();
    let body = registration();
    send(http.post(format!("{api}/auth/register")).json(&body)).await;

    let mut short = registration();
    short["password"] = json!("12345");
    let (status, err) = send(http.post(format!("{api}/auth/register")).json(&short)).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_error(&err, "Password must be at least 6 characters");

    for email in [body["email"].as_str().unwrap(), "nobody@example.com"] {
        let (status, err) = send(
            http.post(format!("{api}/auth/login"))
                .json(&json!({"email": email, "password": "wrong-password"})),
        )
        .await;
        assert_eq!(status, StatusCode::UNAUTHORIZED);
        assert_error(&err, "Invalid email or password");
    }

    let (status, err) = send(http.get(format!("{api}/auth/invite/nope"))).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    assert_error(&err, "Invalid or expired invitation");

    let (status, err) = send(
        http.post(format!("{api}/auth/login"))
            .header("content-type", "application/json")
            .body("{not json"),
    )
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(
        err["message"]
            .as_str()
            .unwrap()
            .starts_with("Invalid request body")
    );
    // The parser's words are a value of the gateway's code.
    assert_eq!(err["code"], "INVALID_BODY", "{err}");
    assert!(err["params"]["problem"].is_string(), "{err}");
    let (status, err) = send(
        http.post(format!("{api}/auth/login"))
            .header("content-type", "text/plain")
            .body("{}"),
    )
    .await;
    assert_eq!(status, StatusCode::UNSUPPORTED_MEDIA_TYPE, "{err}");
    assert_error(
        &err,
        "Expected a JSON body (Content-Type: application/json)",
    );
    assert_eq!(err["code"], "JSON_BODY_EXPECTED", "{err}");

    let (status, err) = send(http.get(format!("{api}/no/such/route"))).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    assert_error(&err, "Not found");
    assert_eq!(err["code"], "NOT_FOUND", "{err}");
}

#[tokio::test]
async fn missing_bad_and_expired_tokens_are_answered_401() {
    let (stack, api) = start().await;
    let http = Client::new();
    let me = format!("{api}/users/me");

    let (status, err) = send(http.get(&me)).await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);
    assert_error(&err, "Authentication required");

    let user = Uuid::new_v4().to_string();
    let other = signed_by_stranger(&claims(&user, 600));
    let expired = stack
        .signer()
        .sign(ACCESS_TYP, &claims(&user, -120))
        .unwrap();
    let unsigned = unsigned(&claims(&user, 600));
    let service = stack.signer().service_token().unwrap();
    for (token, why) in [
        (other.as_str(), "another key"),
        (expired.as_str(), "expired"),
        (unsigned.as_str(), "alg none"),
        (service.as_str(), "service token"),
        ("garbage", "not a JWT"),
    ] {
        let (status, err) = send(http.get(&me).bearer_auth(token)).await;
        assert_eq!(status, StatusCode::UNAUTHORIZED, "{why}");
        assert_error(&err, "Invalid or expired token");
    }

    let (status, _) = send(http.get(&me).header("authorization", "Basic abc")).await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);
}

#[tokio::test]
async fn profile_updates_are_validated_and_saved() {
    let (_stack, api) = start().await;
    let http = Client::new();
    let (_, registered) = send(
        http.post(format!("{api}/auth/register"))
            .json(&registration()),
    )
    .await;
    let token = registered["token"].as_str().unwrap();

    let (status, err) = send(
        http.put(format!("{api}/users/me"))
            .bearer_auth(token)
            .json(&json!({"firstName": "Ann", "lastName": "Lee", "email": "", "phone": ""})),
    )
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_error(&err, "Email is required");

    let email = format!("renamed-{}@example.com", Uuid::new_v4().simple());
    let (status, user) = send(http.put(format!("{api}/users/me")).bearer_auth(token).json(
        &json!({"firstName": "Anna", "lastName": "Lee", "email": email, "phone": "+1 555 0100"}),
    ))
    .await;
    assert_eq!(status, StatusCode::OK, "{user}");
    let (_, me) = send(http.get(format!("{api}/users/me")).bearer_auth(token)).await;
    assert_eq!(me["firstName"], "Anna");
    assert_eq!(me["phone"], "+1 555 0100");
    // The address waits for its link (`addresses`).
    assert_eq!(me["email"], registered["user"]["email"]);
    assert_eq!(me["pendingEmail"], email);
}

#[tokio::test]
async fn health_openapi_and_docs_are_served() {
    let (_stack, api) = start().await;
    let http = Client::new();

    let (status, health) = send(http.get(format!("{api}/health"))).await;
    assert_eq!(status, StatusCode::OK, "{health}");
    for service in ["auth", "family", "chores", "rewards", "platform"] {
        assert_eq!(health["services"][service], "SERVING", "{service}");
    }

    let (status, doc) = send(http.get(format!("{api}/openapi.json"))).await;
    assert_eq!(status, StatusCode::OK);
    assert!(doc["openapi"].as_str().unwrap().starts_with("3."));
    for path in [
        "/auth/register",
        "/auth/login",
        "/auth/invite/{code}",
        "/auth/accept-invite",
        "/users/me",
        "/organizations/current",
    ] {
        assert!(
            doc["paths"].get(path).is_some(),
            "{path} missing from the OpenAPI document"
        );
    }
    assert!(doc["components"]["securitySchemes"]["bearer"].is_object());

    let docs = http
        .get(api.replace("/api", "/api/docs"))
        .send()
        .await
        .unwrap();
    assert_eq!(docs.status(), StatusCode::OK);
    for (name, value) in [
        ("x-content-type-options", "nosniff"),
        ("x-frame-options", "DENY"),
        ("referrer-policy", "same-origin"),
    ] {
        assert_eq!(docs.headers()[name], value, "{name}");
    }
    // The page loads its start script from a file (the CSP allows no inline
    // script), and that script renders the OpenAPI document.
    assert!(docs.text().await.unwrap().contains("/api/docs/start.js"));
    let start = http
        .get(api.replace("/api", "/api/docs/start.js"))
        .send()
        .await
        .unwrap();
    assert_eq!(start.status(), StatusCode::OK);
    assert!(start.text().await.unwrap().contains("/api/openapi.json"));
    let health = http.get(format!("{api}/health")).send().await.unwrap();
    assert_eq!(health.headers()["x-frame-options"], "DENY");
}

/// Password guessing is slowed: ten failed logins in a row lock the email for
/// a while, even for the right password, and other accounts go on as usual.
#[tokio::test]
async fn ten_failed_logins_lock_the_email_for_a_while() {
    let (stack, api) = start().await;
    let http = Client::new();
    let victim = registration();
    let bystander = registration();
    for body in [&victim, &bystander] {
        let (status, _) = send(http.post(format!("{api}/auth/register")).json(body)).await;
        assert_eq!(status, StatusCode::CREATED);
    }
    let login = |body: &serde_json::Value, password: &str| {
        // The email as typed, in another case: it is the same account.
        let email = body["email"].as_str().unwrap().to_uppercase();
        http.post(format!("{api}/auth/login"))
            .json(&json!({"email": email, "password": password}))
    };

    for _ in 0..10 {
        let (status, body) = send(login(&victim, "wrong-guess")).await;
        assert_eq!(status, StatusCode::UNAUTHORIZED);
        assert_error(&body, "Invalid email or password");
    }
    let (status, body) = send(login(&victim, "secret123")).await;
    assert_eq!(status, StatusCode::TOO_MANY_REQUESTS, "{body}");
    assert_error(&body, "Too many failed logins. Try again in 15 minutes.");
    let (status, _) = send(login(&bystander, "secret123")).await;
    assert_eq!(status, StatusCode::OK);

    // Once the lock has run out, the right password works again.
    kit::tenancy::all_families(
        sqlx::query("UPDATE login_failures SET locked_until = now() - interval '1 second'")
            .execute(&stack.auth_pool),
    )
    .await
    .unwrap();
    let (status, _) = send(login(&victim, "secret123")).await;
    assert_eq!(status, StatusCode::OK);
    let left: i64 = kit::tenancy::all_families(
        sqlx::query_scalar("SELECT count(*) FROM login_failures").fetch_one(&stack.auth_pool),
    )
    .await
    .unwrap();
    assert_eq!(left, 0, "a successful login forgets the failures");
}

/// Guesses sent all at once are held to the same ten as guesses sent one
/// after another: each attempt is counted before its password is checked, so
/// a burst cannot slip past the limit while the first guesses are hashed.
#[tokio::test]
async fn a_burst_of_guesses_gets_no_more_than_ten_password_checks() {
    let (_stack, api) = start().await;
    let http = Client::new();
    let victim = registration();
    let (status, _) = send(http.post(format!("{api}/auth/register")).json(&victim)).await;
    assert_eq!(status, StatusCode::CREATED);
    let login = |password: &str| {
        http.post(format!("{api}/auth/login"))
            .json(&json!({"email": victim["email"], "password": password}))
    };

    let answers =
        futures::future::join_all((0..30).map(|i| send(login(&format!("guess-{i}"))))).await;
    let checked = answers
        .iter()
        .filter(|(status, _)| *status == StatusCode::UNAUTHORIZED)
        .count();
    let locked = answers
        .iter()
        .filter(|(status, _)| *status == StatusCode::TOO_MANY_REQUESTS)
        .count();
    assert!(checked <= 10, "{checked} guesses were checked");
    assert_eq!(checked + locked, 30, "{answers:?}");
    for (status, body) in &answers {
        if *status == StatusCode::UNAUTHORIZED {
            assert_error(body, "Invalid email or password");
        } else {
            assert_error(body, "Too many failed logins. Try again in 15 minutes.");
        }
    }

    // The email is locked now, the right password included.
    let (status, body) = send(login("secret123")).await;
    assert_eq!(status, StatusCode::TOO_MANY_REQUESTS, "{body}");
    assert_error(&body, "Too many failed logins. Try again in 15 minutes.");
}
