//! Dashboards the gateway keeps: every change shows on the next read, on the
//! gateway it went through at once, on any other as soon as its event
//! arrives (well before the kept dashboard would expire).

use chrono::Utc;
use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::{
    chores::{category, chore},
    helpers::{Session, child, eventually, parent, send, start},
    submissions::{form, submit},
};

async fn dashboard(session: &Session) -> Value {
    let (status, body) = send(session.get("/dashboard/stats")).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    body
}

/// The same user, signed in, through another gateway.
pub fn through(session: &Session, api: &str) -> Session {
    Session {
        api: api.to_owned(),
        token: session.token.clone(),
        user: session.user.clone(),
        http: session.http.clone(),
    }
}

#[tokio::test]
async fn a_members_change_shows_on_the_next_read_through_the_same_gateway() {
    let (_stack, api) = start().await;
    let parent = parent(&api).await;
    let kitchen = category(&parent, "Kitchen").await;
    let dishes = chore(
        &parent,
        &kitchen,
        json!({"name": "Dishes", "frequencyDays": 0}),
    )
    .await;
    let (mia, _) = child(&parent, "Mia").await;
    // Read twice: the second answer is the kept one.
    assert_eq!(dashboard(&parent).await["totalPendingSubmissions"], 0);
    assert_eq!(dashboard(&parent).await["totalPendingSubmissions"], 0);
    assert_eq!(dashboard(&mia).await["pendingSubmissions"], 0);

    let (status, body) = submit(&mia, form(&dishes, Utc::now(), None)).await;
    assert_eq!(status, StatusCode::CREATED, "{body}");
    // No waiting: the submission went through this gateway.
    assert_eq!(dashboard(&mia).await["pendingSubmissions"], 1);
    assert_eq!(dashboard(&parent).await["totalPendingSubmissions"], 1);
}

#[tokio::test]
async fn another_gateways_kept_dashboards_follow_the_events() {
    let (mut stack, api) = start().await;
    let other = format!("{}/api", stack.start_gateway().await);
    let parent = parent(&api).await;
    let kitchen = category(&parent, "Kitchen").await;
    let dishes = chore(
        &parent,
        &kitchen,
        json!({"name": "Dishes", "baseReward": 2.5, "frequencyDays": 0}),
    )
    .await;
    let (mia, _) = child(&parent, "Mia").await;
    let (parent_there, mia_there) = (through(&parent, &other), through(&mia, &other));
    assert_eq!(dashboard(&parent_there).await["totalPendingSubmissions"], 0);
    assert_eq!(dashboard(&mia_there).await["balance"], 0.0);

    // A submission through the first gateway reaches the other's parents.
    let (status, submission) = submit(&mia, form(&dishes, Utc::now(), None)).await;
    assert_eq!(status, StatusCode::CREATED, "{submission}");
    eventually("the other gateway shows the submission", || async {
        dashboard(&parent_there).await["totalPendingSubmissions"] == 1
    })
    .await;

    // The approval's credit is made by the rewards service after the
    // review: no gateway sees it happen, the ledger's event tells them.
    let id = submission["id"].as_str().unwrap();
    let (status, body) = send(parent.patch(
        &format!("/submissions/{id}/review"),
        &json!({"status": "APPROVED"}),
    ))
    .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    eventually("the other gateway shows the credit", || async {
        dashboard(&mia_there).await["balance"] == 2.5
    })
    .await;
    eventually("the first gateway shows the credit", || async {
        dashboard(&mia).await["balance"] == 2.5
    })
    .await;
    let family = dashboard(&parent_there).await;
    assert_eq!(family["totalPendingSubmissions"], 0, "{family}");
    assert_eq!(family["totalBalance"], 2.5, "{family}");
}

#[tokio::test]
async fn each_family_and_child_reads_only_their_own_kept_dashboard() {
    let (_stack, api) = start().await;
    let (lees, kims) = (parent(&api).await, parent(&api).await);
    let kitchen = category(&lees, "Kitchen").await;
    let dishes = chore(
        &lees,
        &kitchen,
        json!({"name": "Dishes", "frequencyDays": 0}),
    )
    .await;
    let (mia, _) = child(&lees, "Mia").await;
    let (leo, _) = child(&lees, "Leo").await;
    let (status, body) = submit(&mia, form(&dishes, Utc::now(), None)).await;
    assert_eq!(status, StatusCode::CREATED, "{body}");
    for _ in 0..2 {
        assert_eq!(dashboard(&lees).await["totalPendingSubmissions"], 1);
        assert_eq!(dashboard(&lees).await["totalChildren"], 2);
        assert_eq!(dashboard(&kims).await["totalPendingSubmissions"], 0);
        assert_eq!(dashboard(&kims).await["totalChildren"], 0);
        assert_eq!(dashboard(&mia).await["pendingSubmissions"], 1);
        assert_eq!(dashboard(&leo).await["pendingSubmissions"], 0);
    }
}
