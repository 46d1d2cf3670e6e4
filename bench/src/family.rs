//! A family made through the API, for the scenarios that write (so seeded
//! figures stay put) and for the fault suite's load: a parent, children, and
//! two chores open at any time, one of which needs a photo (so submissions
//! reach the S3 store).

use anyhow::Context;
use reqwest::{Method, multipart};
use serde_json::json;

use crate::api::{Api, Session};

#[derive(Clone)]
pub struct Family {
    pub parent_email: String,
    pub parent: Session,
    pub children: Vec<Session>,
    pub chore_id: String,
    pub photo_chore_id: String,
}

impl Family {
    /// Registers a family with `children` children, its logins named after
    /// `label` and a random tag, all with `password`.
    pub async fn register(
        api: &Api,
        label: &str,
        children: usize,
        password: &str,
    ) -> anyhow::Result<Self> {
        let tag = uuid::Uuid::new_v4().simple().to_string();
        let parent_email = format!("{label}-parent-{tag}@{label}.chorely.test");
        let parent = api.register(&parent_email, password).await?;
        let mut kids = Vec::new();
        for n in 0..children {
            let email = format!("{label}-child-{n}-{tag}@{label}.chorely.test");
            kids.push(api.add_child(&parent, &email, password).await?);
        }
        let category = api
            .call(
                &parent,
                Method::POST,
                "/categories",
                Some(json!({"name": label, "description": ""})),
            )
            .await?;
        let chore = |name: &str, reward: f64, photo: bool| {
            let body = json!({"name": name, "description": "", "baseReward": reward,
                "categoryId": category["id"], "frequencyDays": 0, "requiresPhoto": photo});
            let (api, parent) = (api.clone(), parent.clone());
            async move {
                let chore = api
                    .call(&parent, Method::POST, "/chores", Some(body))
                    .await?;
                anyhow::Ok(chore["id"].as_str().context("a chore id")?.to_owned())
            }
        };
        let chore_id = chore("Feed the cat", 1.25, false).await?;
        let photo_chore_id = chore("Make the bed", 0.75, true).await?;
        Ok(Self {
            parent_email,
            parent,
            children: kids,
            chore_id,
            photo_chore_id,
        })
    }
}

/// The multipart body of `POST /api/submissions`: done now, with `photo`.
pub fn submission_form(chore_id: &str, photo: Option<&[u8]>) -> multipart::Form {
    let form = multipart::Form::new()
        .text("choreId", chore_id.to_owned())
        .text("completedAt", chrono::Utc::now().to_rfc3339())
        .text("notes", "under load");
    match photo {
        Some(bytes) => form.part(
            "photo",
            multipart::Part::bytes(bytes.to_vec())
                .file_name("photo.jpg")
                .mime_str("image/jpeg")
                .expect("a valid MIME type"),
        ),
        None => form,
    }
}
