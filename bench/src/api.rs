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

/// A signed-in user: their token and who they are; or the family tablet,
/// whose device token is sent in its own header.
#[derive(Clone)]
pub struct Session {
    pub token: String,
    pub user: Value,
    pub tablet: bool,
}

/// The header a family tablet sends its device token in.
const TABLET_HEADER: &str = "x-tablet-token";

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
        let request = client.request(method, format!("{}{path}", self.base));
        if session.tablet {
            request.header(TABLET_HEADER, &session.token)
        } else {
            request.bearer_auth(&session.token)
        }
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

    /// Sets up a family tablet as `parent` (first removing any tablet of the
    /// same name an earlier run left): the tablet's session.
    pub async fn set_up_tablet(&self, parent: &Session, name: &str) -> anyhow::Result<Session> {
        self.remove_tablets_named(parent, name).await?;
        let created = self
            .call(
                parent,
                Method::POST,
                "/organizations/tablets",
                Some(json!({"name": name})),
            )
            .await?;
        Ok(Session {
            token: created["token"]
                .as_str()
                .context("a device token in the answer")?
                .to_owned(),
            user: Value::Null,
            tablet: true,
        })
    }

    /// Adds a child to `parent`'s family who has not joined yet (first
    /// removing any child of the same first name an earlier run left): the
    /// child's id.
    pub async fn invite_child(&self, parent: &Session, first_name: &str) -> anyhow::Result<String> {
        self.remove_children_named(parent, first_name).await?;
        let invite = self
            .call(
                parent,
                Method::POST,
                "/children/invite",
                Some(json!({
                    "firstName": first_name, "lastName": "Bench",
                    "email": format!("invitee-{}@bench.chorely.test", uuid::Uuid::new_v4().simple()),
                })),
            )
            .await?;
        invite["child"]["id"]
            .as_str()
            .map(str::to_owned)
            .with_context(|| format!("the invited child's id in {invite}"))
    }

    /// Removes the tablets of `parent`'s family with this name.
    pub async fn remove_tablets_named(&self, parent: &Session, name: &str) -> anyhow::Result<()> {
        let tablets = self
            .call(parent, Method::GET, "/organizations/tablets", None)
            .await?;
        for tablet in tablets.as_array().into_iter().flatten() {
            if tablet["name"].as_str() == Some(name)
                && let Some(id) = tablet["id"].as_str()
            {
                self.remove(parent, &format!("/organizations/tablets/{id}"))
                    .await?;
            }
        }
        Ok(())
    }

    /// Removes the children of `parent`'s family with this first name.
    pub async fn remove_children_named(
        &self,
        parent: &Session,
        first_name: &str,
    ) -> anyhow::Result<()> {
        let children = self.call(parent, Method::GET, "/children", None).await?;
        for child in children.as_array().into_iter().flatten() {
            if child["firstName"].as_str() == Some(first_name)
                && let Some(id) = child["id"].as_str()
            {
                self.remove(parent, &format!("/children/{id}")).await?;
            }
        }
        Ok(())
    }

    /// `DELETE path` as `session`; any success status will do.
    pub async fn remove(&self, session: &Session, path: &str) -> anyhow::Result<()> {
        let response = self
            .request(&self.http, session, Method::DELETE, path)
            .send()
            .await?;
        if !response.status().is_success() {
            bail!("DELETE {path} answered {}", response.status());
        }
        Ok(())
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
        tablet: false,
    })
}
