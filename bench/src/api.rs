//! A signed-in user of Chorely's HTTP API, as the driver uses one.

use anyhow::{Context, bail};
use reqwest::{Client, Method, RequestBuilder};
use serde_json::{Value, json};

/// The API at `base` (which ends in `/api`).
#[derive(Clone)]
pub struct Api {
    pub base: String,
    pub http: Client,
}

/// A signed-in user: their token and who they are.
#[derive(Clone)]
pub struct Session {
    pub token: String,
    pub user: Value,
}

impl Api {
    pub fn new(url: &str) -> Self {
        Self {
            base: format!("{}/api", url.trim_end_matches('/')),
            http: Client::new(),
        }
    }

    pub fn request(
        &self,
        client: &Client,
        session: &Session,
        method: Method,
        path: &str,
    ) -> RequestBuilder {
        client
            .request(method, format!("{}{path}", self.base))
            .bearer_auth(&session.token)
    }

    pub async fn login(&self, email: &str, password: &str) -> anyhow::Result<Session> {
        let answer = self
            .send(
                self.http
                    .post(format!("{}/auth/login", self.base))
                    .json(&json!({
                        "email": email, "password": password,
                    })),
            )
            .await
            .with_context(|| format!("logging in as {email}"))?;
        session(answer)
    }

    /// Registers a new family: its parent's session.
    pub async fn register(&self, email: &str, password: &str) -> anyhow::Result<Session> {
        let answer = self
            .send(self.http.post(format!("{}/auth/register", self.base)).json(&json!({
                "email": email, "password": password, "firstName": "Bench", "lastName": "Parent",
                "organizationName": "The Bench Family", "timeZone": "Europe/London",
            })))
            .await?;
        session(answer)
    }

    /// Invites a child into the parent's family and accepts as them.
    pub async fn add_child(
        &self,
        parent: &Session,
        email: &str,
        password: &str,
    ) -> anyhow::Result<Session> {
        let invite = self
            .call(
                parent,
                Method::POST,
                "/children/invite",
                Some(json!({"firstName": "Robin", "email": email})),
            )
            .await?;
        let code = invite["inviteCode"].as_str().context("an invite code")?;
        let answer = self
            .send(
                self.http
                    .post(format!("{}/auth/accept-invite", self.base))
                    .json(&json!({
                        "inviteCode": code, "password": password, "email": email,
                        "firstName": "Robin", "lastName": "Bench",
                    })),
            )
            .await?;
        session(answer)
    }

    /// A JSON call as `session`: the answer's body, or an error naming the status.
    pub async fn call(
        &self,
        session: &Session,
        method: Method,
        path: &str,
        body: Option<Value>,
    ) -> anyhow::Result<Value> {
        let mut request = self.request(&self.http, session, method.clone(), path);
        if let Some(body) = body {
            request = request.json(&body);
        }
        self.send(request)
            .await
            .with_context(|| format!("{method} {path}"))
    }

    pub async fn send(&self, request: RequestBuilder) -> anyhow::Result<Value> {
        let response = request.send().await?;
        let status = response.status();
        let body: Value = response.json().await.unwrap_or(Value::Null);
        if !status.is_success() {
            bail!("answered {status}: {body}");
        }
        Ok(body)
    }
}

fn session(answer: Value) -> anyhow::Result<Session> {
    Ok(Session {
        token: answer["token"]
            .as_str()
            .context("a token in the answer")?
            .to_owned(),
        user: answer["user"].clone(),
    })
}
