use reqwest::{Client, RequestBuilder, StatusCode};
use serde_json::{Value, json};
pub use testkit::eventually;
use testkit::{Options, Stack};

use uuid::Uuid;

/// The stack with a gateway in front; the second value is the `/api` base URL.
pub async fn start() -> (Stack, String) {
    start_with(Options::default()).await
}

pub async fn start_with(options: Options) -> (Stack, String) {
    let mut stack = Stack::start_with(options).await;
    let base = stack.start_gateway().await;
    (stack, format!("{base}/api"))
}

/// The stack with the auth service on `clock` (link expiry, the scheduled
/// mails), and the gateway's API base URL.
pub async fn start_with_auth_clock(clock: &kit::clock::ManualClock) -> (Stack, String) {
    start_with(Options {
        auth_clock: Some(clock.clock()),
        ..Options::default()
    })
    .await
}

pub async fn send(request: RequestBuilder) -> (StatusCode, Value) {
    let response = request.send().await.unwrap();
    let status = response.status();
    (status, response.json().await.unwrap_or(Value::Null))
}

pub fn unique_email(who: &str) -> String {
    format!("{who}-{}@example.com", Uuid::new_v4().simple())
}

pub fn registration() -> Value {
    json!({
        "email": unique_email("parent"),
        "password": "secret123",
        "firstName": "Ann",
        "lastName": "Lee",
        "organizationName": "The Lee Family",
        "timeZone": "America/New_York",
    })
}

/// A login with `email` (a string or a JSON value) and `password`, as sent.
pub async fn login(api: &str, email: impl serde::Serialize, password: &str) -> (StatusCode, Value) {
    send(
        Client::new()
            .post(format!("{api}/auth/login"))
            .json(&json!({"email": email, "password": password})),
    )
    .await
}

pub fn assert_error(body: &Value, message: &str) {
    assert_eq!(body["error"], message, "{body}");
    assert_eq!(body["message"], message, "{body}");
}

/// A refusal of request field `field` with the catalogue's `code`: the
/// answer's code, and the field's entry in `details` saying the same.
pub fn assert_field_refused(body: &Value, field: &str, code: &str) {
    let detail = &body["details"][0];
    assert_eq!(detail["field"], field, "{body}");
    assert_eq!(detail["code"], code, "{body}");
    assert_eq!(detail["message"], body["message"], "{body}");
    assert_eq!(body["code"], code, "{body}");
}

/// A signed-in user of the API.
pub struct Session {
    pub api: String,
    pub token: String,
    pub user: Value,
    pub http: Client,
}

impl Session {
    pub fn get(&self, path: &str) -> RequestBuilder {
        self.http
            .get(format!("{}{path}", self.api))
            .bearer_auth(&self.token)
    }
    pub fn post(&self, path: &str, body: &Value) -> RequestBuilder {
        self.http
            .post(format!("{}{path}", self.api))
            .bearer_auth(&self.token)
            .json(body)
    }
    pub fn put(&self, path: &str, body: &Value) -> RequestBuilder {
        self.http
            .put(format!("{}{path}", self.api))
            .bearer_auth(&self.token)
            .json(body)
    }
    pub fn patch(&self, path: &str, body: &Value) -> RequestBuilder {
        self.http
            .patch(format!("{}{path}", self.api))
            .bearer_auth(&self.token)
            .json(body)
    }
    pub fn multipart(&self, path: &str, form: reqwest::multipart::Form) -> RequestBuilder {
        self.http
            .post(format!("{}{path}", self.api))
            .bearer_auth(&self.token)
            .multipart(form)
    }
    pub fn delete(&self, path: &str) -> RequestBuilder {
        self.http
            .delete(format!("{}{path}", self.api))
            .bearer_auth(&self.token)
    }
}

/// Registers a new family and its first parent.
pub async fn parent(api: &str) -> Session {
    let http = Client::new();
    let (status, answer) = send(
        http.post(format!("{api}/auth/register"))
            .json(&registration()),
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

/// Accepts an invitation (asking for email and name if it names none).
pub async fn accept(api: &str, code: &str, email: &str) -> Session {
    let http = Client::new();
    let (status, answer) = send(http.post(format!("{api}/auth/accept-invite")).json(&json!({
        "inviteCode": code, "password": "secret123", "email": email, "firstName": "Sam", "lastName": "Lee",
    })))
    .await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    Session {
        api: api.to_owned(),
        token: answer["token"].as_str().unwrap().to_owned(),
        user: answer["user"].clone(),
        http,
    }
}

/// The family's children as `GET /children` lists them.
pub async fn children(parent: &Session) -> Vec<Value> {
    let (status, list) = send(parent.get("/children")).await;
    assert_eq!(status, StatusCode::OK, "{list}");
    list.as_array().unwrap().clone()
}

/// Invites a child through the API and returns (child, invite code).
pub async fn add_child(parent: &Session, first_name: &str) -> (Value, String) {
    let (status, answer) = send(parent.post(
        "/children/invite",
        &json!({"firstName": first_name, "email": unique_email("child")}),
    ))
    .await;
    assert_eq!(status, StatusCode::CREATED, "{answer}");
    (
        answer["child"].clone(),
        answer["inviteCode"].as_str().unwrap().to_owned(),
    )
}

/// Invites a child and signs them in: (their session, their child record).
pub async fn child(parent: &Session, first_name: &str) -> (Session, Value) {
    let (child, code) = add_child(parent, first_name).await;
    let session = accept(&parent.api, &code, "").await;
    (session, child)
}

/// The code an authenticator app shows now for the `otpauth://` URI of a setup.
pub fn app_code(otpauth_url: &Value) -> String {
    totp_rs::TOTP::from_url(otpauth_url.as_str().unwrap())
        .unwrap()
        .generate_current()
        .unwrap()
}

/// A super admin made the way operators make one, then signed in and (as
/// the console requires) with two-factor sign-in set up.
pub async fn super_admin(stack: &Stack, api: &str) -> Session {
    let unsecured = super_admin_without_mfa(stack, api).await;
    let (status, setup) = send(unsecured.post(
        "/users/me/mfa",
        &json!({"currentPassword": "operator-secret"}),
    ))
    .await;
    assert_eq!(status, StatusCode::OK, "{setup}");
    let (status, on) = send(unsecured.post(
        "/users/me/mfa/confirm",
        &json!({"code": app_code(&setup["otpauthUrl"])}),
    ))
    .await;
    assert_eq!(status, StatusCode::OK, "{on}");
    Session {
        token: on["token"].as_str().unwrap().to_owned(),
        user: on["user"].clone(),
        ..unsecured
    }
}

/// A super admin signed in for the first time: two-factor sign-in not set up yet.
pub async fn super_admin_without_mfa(stack: &Stack, api: &str) -> Session {
    let email = unique_email("operator");
    // As the operator's command runs it: a super admin is in no family.
    kit::tenancy::all_families(auth::admins::create_super_admin(
        &stack.auth_pool,
        &auth::password::Hasher::new(1),
        &email,
        "operator-secret",
    ))
    .await
    .unwrap();
    let (status, answer) = send(
        Client::new()
            .post(format!("{api}/auth/login"))
            .json(&json!({"email": email, "password": "operator-secret"})),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    assert_eq!(answer["user"]["role"], "SUPER_ADMIN");
    Session {
        api: api.to_owned(),
        token: answer["token"].as_str().unwrap().to_owned(),
        user: answer["user"].clone(),
        http: Client::new(),
    }
}

/// Marks the session's address as verified, as following the mailed link
/// does: notification mail goes only to verified addresses.
pub async fn verified(stack: &Stack, session: &Session) {
    let id = uuid::Uuid::parse_str(session.user["id"].as_str().unwrap()).unwrap();
    kit::tenancy::all_families(
        sqlx::query("UPDATE users SET email_verified = true WHERE id = $1")
            .bind(id)
            .execute(&stack.auth_pool),
    )
    .await
    .unwrap();
}
