//! A family set up through the gateway's `/api`, as its people would: for
//! tests outside the gateway's own that need one to act on.

use reqwest::{Client, RequestBuilder, multipart};
use serde_json::{Value, json};
use uuid::Uuid;

/// Sends `request` and returns its JSON body, failing the test on an error status.
pub async fn call(request: RequestBuilder) -> Value {
    let response = request.send().await.unwrap();
    let status = response.status();
    let body = response.json().await.unwrap_or(Value::Null);
    assert!(status.is_success(), "{status}: {body}");
    body
}

/// A parent, one chore and one child who can submit it.
pub struct Family {
    pub api: String,
    pub http: Client,
    pub parent: String,
    pub child: String,
    pub chore: Value,
}

impl Family {
    /// Registers a family at `api` (the `/api` base URL) with a chore worth
    /// 2.00 that can be done again at once, and invites and signs in a child.
    pub async fn create(api: &str) -> Self {
        let http = Client::new();
        let parent = call(http.post(format!("{api}/auth/register")).json(&json!({
            "email": format!("parent-{}@example.com", Uuid::new_v4().simple()),
            "password": "secret123", "firstName": "Ann", "lastName": "Lee",
            "organizationName": "The Lee Family",
        })))
        .await;
        let parent = parent["token"].as_str().unwrap().to_owned();
        let category = call(
            http.post(format!("{api}/categories"))
                .bearer_auth(&parent)
                .json(&json!({"name": "Kitchen"})),
        )
        .await;
        let chore = call(http.post(format!("{api}/chores")).bearer_auth(&parent).json(&json!({
            "name": "Dishes", "baseReward": 2.0, "categoryId": category["id"], "frequencyDays": 0,
        })))
        .await;
        let invited = call(http.post(format!("{api}/children/invite")).bearer_auth(&parent).json(&json!({
            "firstName": "Mia", "email": format!("mia-{}@example.com", Uuid::new_v4().simple()),
        })))
        .await;
        let child = call(http.post(format!("{api}/auth/accept-invite")).json(&json!({
            "inviteCode": invited["inviteCode"], "password": "secret123",
        })))
        .await;
        Self {
            api: api.to_owned(),
            http,
            parent,
            child: child["token"].as_str().unwrap().to_owned(),
            chore,
        }
    }

    /// The child submits the chore, with `photo` (a file's bytes) when given,
    /// and gets back the submission.
    pub async fn submit(&self, photo: Option<Vec<u8>>) -> Value {
        let mut form = multipart::Form::new()
            .text("choreId", self.chore["id"].as_str().unwrap().to_owned())
            .text("completedAt", chrono::Utc::now().to_rfc3339());
        if let Some(bytes) = photo {
            form = form.part(
                "photo",
                multipart::Part::bytes(bytes).file_name("photo.png"),
            );
        }
        call(
            self.http
                .post(format!("{}/submissions", self.api))
                .bearer_auth(&self.child)
                .multipart(form),
        )
        .await
    }

    /// The parent's approval of `submission`, ready to send.
    pub fn approve(&self, submission: &Value) -> RequestBuilder {
        self.http
            .patch(format!(
                "{}/submissions/{}/review",
                self.api,
                submission["id"].as_str().unwrap()
            ))
            .bearer_auth(&self.parent)
            .json(&json!({"status": "APPROVED"}))
    }
}
