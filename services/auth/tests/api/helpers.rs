use chorely_proto::auth::v1::{
    AuthResponse, RegisterRequest, auth_service_client::AuthServiceClient,
};
use kit::grpc::Outgoing;
use testkit::Stack;
use tonic::{service::interceptor::InterceptedService, transport::Channel};
use uuid::Uuid;

pub type Client = AuthServiceClient<InterceptedService<Channel, Outgoing>>;

pub fn anonymous(stack: &Stack) -> Client {
    AuthServiceClient::with_interceptor(Stack::channel(&stack.auth_url), Outgoing::anonymous())
}

pub fn with_token(stack: &Stack, token: &str) -> Client {
    AuthServiceClient::with_interceptor(Stack::channel(&stack.auth_url), Outgoing::bearer(token))
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
