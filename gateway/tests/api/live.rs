//! `GET /api/events`: what each user hears live, what a reconnect catches up
//! on, and the end of a stream when its session ends.

use std::{pin::Pin, time::Duration};

use chrono::Utc;
use futures::{Stream, StreamExt};
use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::{
    chores::{category, chore},
    dashboard_kept::through,
    helpers::{Session, accept, child, parent, send, start, super_admin, unique_email},
    submissions::{form, submit},
};

/// How long a test waits for the next event before it fails.
const PATIENCE: Duration = Duration::from_secs(15);

#[derive(Debug)]
pub(crate) struct Heard {
    id: Option<u64>,
    kind: String,
    data: Value,
}

type Chunks = Pin<Box<dyn Stream<Item = reqwest::Result<bytes::Bytes>> + Send>>;

/// An open event stream, read frame by frame.
pub(crate) struct Events {
    chunks: Chunks,
    buffer: String,
}

impl Events {
    pub(crate) async fn open(session: &Session, last: Option<u64>) -> Self {
        let mut request = session.get("/events");
        if let Some(last) = last {
            request = request.header("Last-Event-ID", last.to_string());
        }
        let response = request.send().await.unwrap();
        assert_eq!(response.status(), StatusCode::OK);
        assert_eq!(
            response.headers()["content-type"],
            "text/event-stream",
            "an event stream"
        );
        assert_eq!(response.headers()["x-accel-buffering"], "no");
        Self {
            chunks: Box::pin(response.bytes_stream()),
            buffer: String::new(),
        }
    }

    /// The next event, or `None` once the server ends the stream.
    async fn next(&mut self) -> Option<Heard> {
        loop {
            if let Some(end) = self.buffer.find("\n\n") {
                let frame: String = self.buffer.drain(..end + 2).collect();
                let (mut id, mut kind, mut data) = (None, String::new(), String::new());
                for line in frame.lines() {
                    if let Some(v) = line.strip_prefix("id:") {
                        id = v.trim().parse().ok();
                    } else if let Some(v) = line.strip_prefix("event:") {
                        kind = v.trim().to_owned();
                    } else if let Some(v) = line.strip_prefix("data:") {
                        data.push_str(v.trim());
                    }
                }
                if kind.is_empty() {
                    continue; // a keep-alive comment
                }
                let data = serde_json::from_str(&data).unwrap_or(Value::Null);
                return Some(Heard { id, kind, data });
            }
            let chunk = tokio::time::timeout(PATIENCE, self.chunks.next())
                .await
                .expect("no event in time")?;
            self.buffer
                .push_str(&String::from_utf8_lossy(&chunk.ok()?).replace("\r\n", "\n"));
        }
    }

    /// Events up to the first of `kind` whose data has `key` = `value`
    /// (any of `kind` when `key` is empty), that one last.
    pub(crate) async fn until(&mut self, kind: &str, key: &str, value: &str) -> Vec<Heard> {
        let mut heard = Vec::new();
        loop {
            let event = self.next().await.expect("the stream ended");
            let done = event.kind == kind && (key.is_empty() || event.data[key] == value);
            heard.push(event);
            if done {
                return heard;
            }
        }
    }
}

fn id_of(value: &Value) -> String {
    value["id"].as_str().unwrap().to_owned()
}

#[tokio::test]
async fn each_member_hears_their_familys_changes_and_nobody_elses() {
    let (_stack, api) = start().await;
    let parent = parent(&api).await;
    let kitchen = category(&parent, "Kitchen").await;
    let dishes = chore(
        &parent,
        &kitchen,
        json!({"name": "Dishes", "baseReward": 2.0, "frequencyDays": 0}),
    )
    .await;
    let (mia, mia_record) = child(&parent, "Mia").await;
    let (leo, _) = child(&parent, "Leo").await;
    let stranger = crate::helpers::parent(&api).await;
    let stranger_kitchen = category(&stranger, "Kitchen").await;

    let mut parent_hears = Events::open(&parent, None).await;
    let mut mia_hears = Events::open(&mia, None).await;
    let mut leo_hears = Events::open(&leo, None).await;
    let mut stranger_hears = Events::open(&stranger, None).await;

    let (status, submission) = submit(&mia, form(&dishes, Utc::now(), None)).await;
    assert_eq!(status, StatusCode::CREATED, "{submission}");
    let submission_id = id_of(&submission);
    for hears in [&mut parent_hears, &mut mia_hears] {
        let heard = hears
            .until("submission.created", "submissionId", &submission_id)
            .await;
        let last = heard.last().unwrap();
        assert!(last.id.is_some(), "every event has an id");
        assert_eq!(last.data["childId"], id_of(&mia_record));
    }

    let (status, body) = send(parent.patch(
        &format!("/submissions/{submission_id}/review"),
        &json!({"status": "APPROVED"}),
    ))
    .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let mut parent_heard = Vec::new();
    for (who, hears) in [&mut parent_hears, &mut mia_hears].into_iter().enumerate() {
        let reviewed = hears
            .until("submission.reviewed", "submissionId", &submission_id)
            .await;
        assert_eq!(reviewed.last().unwrap().data["status"], "APPROVED");
        let credited = hears
            .until("balance.changed", "childId", &id_of(&mia_record))
            .await;
        assert_eq!(credited.last().unwrap().data["amount"], 2.0);
        if who == 0 {
            parent_heard.extend(reviewed.into_iter().chain(credited));
        }
    }
    // Reviewed, the submission is handled: the parent's notification of it
    // is read, and their bell hears so.
    if !parent_heard.iter().any(|e| e.kind == "notification.read") {
        parent_heard.extend(parent_hears.until("notification.read", "", "").await);
    }
    let read = parent_heard
        .iter()
        .find(|e| e.kind == "notification.read")
        .unwrap();
    assert_eq!(read.data["marked"], 1);

    // A sibling hears the family's chores change, and nothing of Mia's.
    let (status, body) = send(parent.put(
        &format!("/chores/{}", id_of(&dishes)),
        &json!({"name": "Dishes and pans", "description": "", "baseReward": 2.0,
                "categoryId": kitchen, "frequencyDays": 0, "requiresPhoto": false}),
    ))
    .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let heard = leo_hears.until("chore.changed", "", "").await;
    assert!(
        heard
            .iter()
            .all(|e| e.data["childId"] != id_of(&mia_record)),
        "Leo heard Mia's: {heard:?}"
    );

    // Another family hears only its own.
    chore(&stranger, &stranger_kitchen, json!({"name": "Their own"})).await;
    let heard = stranger_hears.until("chore.changed", "", "").await;
    assert!(
        heard.iter().all(|e| e.data["childId"] != id_of(&mia_record)
            && e.data["submissionId"] != submission_id.as_str()),
        "another family heard the Lees: {heard:?}"
    );
}

#[tokio::test]
async fn a_reconnect_with_the_last_id_catches_up_on_what_was_missed() {
    let (_stack, api) = start().await;
    let parent = parent(&api).await;
    let kitchen = category(&parent, "Kitchen").await;
    let chores = [
        chore(
            &parent,
            &kitchen,
            json!({"name": "Dishes", "frequencyDays": 0}),
        )
        .await,
        chore(
            &parent,
            &kitchen,
            json!({"name": "Bins", "frequencyDays": 0}),
        )
        .await,
        chore(
            &parent,
            &kitchen,
            json!({"name": "Bed", "frequencyDays": 0}),
        )
        .await,
    ];
    let (mia, _) = child(&parent, "Mia").await;

    let mut hears = Events::open(&parent, None).await;
    let (_, first) = submit(&mia, form(&chores[0], Utc::now(), None)).await;
    let heard = hears
        .until("submission.created", "submissionId", &id_of(&first))
        .await;
    let last = heard.last().unwrap().id.unwrap();
    drop(hears);

    // Missed while away.
    let mut missed = Vec::new();
    for chore in &chores[1..] {
        let (status, body) = submit(&mia, form(chore, Utc::now(), None)).await;
        assert_eq!(status, StatusCode::CREATED, "{body}");
        missed.push(id_of(&body));
    }

    let mut hears = Events::open(&parent, Some(last)).await;
    let mut caught_up = Vec::new();
    while caught_up.len() < missed.len() {
        let event = hears.next().await.expect("the stream ended");
        assert_ne!(event.kind, "reload", "nothing was lost");
        let id = event.id.expect("every event has an id");
        assert!(id > last, "event {id} was heard before");
        if event.kind == "submission.created" {
            caught_up.push(event.data["submissionId"].as_str().unwrap().to_owned());
        }
    }
    assert_eq!(caught_up, missed, "in the order they happened");
}

#[tokio::test]
async fn a_deactivated_parents_stream_ends_at_once() {
    let (_stack, api) = start().await;
    let parent = parent(&api).await;
    let (_, code) =
        send(parent.post("/organizations/invite-codes", &json!({"role": "ORG_ADMIN"}))).await;
    let co = accept(
        &api,
        code["code"].as_str().unwrap(),
        &unique_email("co-parent"),
    )
    .await;
    let mut co_hears = Events::open(&co, None).await;
    let (status, _) = send(parent.put(
        &format!("/users/{}/deactivate", co.user["id"].as_str().unwrap()),
        &json!({}),
    ))
    .await;
    assert_eq!(status, StatusCode::OK);
    // Whatever was on its way, the stream ends.
    while let Some(event) = co_hears.next().await {
        assert_ne!(event.kind, "submission.created", "{event:?}");
    }
    let (status, _) = send(co.get("/events")).await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);
}

#[tokio::test]
async fn operators_hear_of_new_families_and_families_do_not() {
    let (stack, api) = start().await;
    let operator = super_admin(&stack, &api).await;
    let existing = parent(&api).await;
    let mut operator_hears = Events::open(&operator, None).await;
    let mut family_hears = Events::open(&existing, None).await;

    let newcomer = parent(&api).await;
    let org = newcomer.user["organization"]["id"].as_str().unwrap();
    operator_hears
        .until("organization.changed", "organizationId", org)
        .await;
    // The existing family's next event is its own; no other family's came first.
    let kitchen = category(&existing, "Kitchen").await;
    chore(&existing, &kitchen, json!({"name": "Ours"})).await;
    let heard = family_hears.until("chore.changed", "", "").await;
    assert!(
        heard.iter().all(|e| e.kind != "organization.changed"),
        "{heard:?}"
    );
}

#[tokio::test]
async fn a_stream_ends_when_its_session_logs_out() {
    let (_stack, api) = start().await;
    let parent = parent(&api).await;
    let mut hears = Events::open(&parent, None).await;
    let (status, _) = send(parent.post("/auth/logout", &json!({}))).await;
    assert_eq!(status, StatusCode::NO_CONTENT);
    while let Some(event) = hears.next().await {
        assert_ne!(event.kind, "submission.created", "{event:?}");
    }
}

#[tokio::test]
async fn a_submission_through_one_gateway_reaches_a_stream_open_on_another() {
    let (mut stack, api) = start().await;
    let other = format!("{}/api", stack.start_gateway().await);
    let parent = parent(&api).await;
    let kitchen = category(&parent, "Kitchen").await;
    let dishes = chore(
        &parent,
        &kitchen,
        json!({"name": "Dishes", "baseReward": 2, "frequencyDays": 0}),
    )
    .await;
    let (mia, _) = child(&parent, "Mia").await;
    let mut parent_hears_there = Events::open(&through(&parent, &other), None).await;

    let (status, submission) = submit(&mia, form(&dishes, Utc::now(), None)).await;
    assert_eq!(status, StatusCode::CREATED, "{submission}");
    let heard = parent_hears_there
        .until("submission.created", "submissionId", &id_of(&submission))
        .await;
    let last = heard.last().unwrap();
    assert_eq!(last.data["childId"], mia.user["childId"], "{last:?}");
}

#[tokio::test]
async fn suspending_a_family_ends_its_members_streams_at_once() {
    let (stack, api) = start().await;
    let parent = parent(&api).await;
    let (mia, _) = child(&parent, "Mia").await;
    let operator = super_admin(&stack, &api).await;
    let mut parent_hears = Events::open(&parent, None).await;
    let mut mia_hears = Events::open(&mia, None).await;

    let org = parent.user["organization"]["id"].as_str().unwrap();
    let (status, answer) = send(operator.patch(
        &format!("/admin/organizations/{org}/deactivate"),
        &json!({}),
    ))
    .await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    // Whatever was on its way, both streams end (`next` fails the test if
    // one stays open past its patience).
    while parent_hears.next().await.is_some() {}
    while mia_hears.next().await.is_some() {}
    let (status, _) = send(parent.get("/events")).await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);
}
