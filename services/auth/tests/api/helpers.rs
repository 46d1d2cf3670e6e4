use chorely_proto::auth::v1::{AuthResponse, RegisterRequest};
use testkit::{AuthClient, Stack};
use uuid::Uuid;

pub fn anonymous(stack: &Stack) -> AuthClient {
    stack.auth(None)
}

pub fn with_token(stack: &Stack, token: &str) -> AuthClient {
    stack.auth(Some(token))
}

pub fn unique_email() -> String {
    format!("parent-{}@example.com", Uuid::new_v4().simple())
}

pub fn registration(email: &str) -> RegisterRequest {
    RegisterRequest {
        email: email.into(),
        password: "secret123".into(),
        first_name: "Ann".into(),
        last_name: "Lee".into(),
        organization_name: "The Lee Family".into(),
        time_zone: "Europe/Paris".into(),
        mail: None,
    }
}

pub async fn register(stack: &Stack) -> (String, AuthResponse) {
    let email = unique_email();
    let answer = anonymous(stack)
        .register(registration(&email))
        .await
        .unwrap()
        .into_inner();
    (email, answer)
}
