//! The family's chores, kept by the gateway: every change shows on the next
//! read, on the gateway it went through at once, on any other (and when a
//! service makes it, on every one) as soon as its event arrives.

use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::{
    chores::{category, chore, list},
    dashboard_kept::through,
    helpers::{Session, child, eventually, parent, send, start},
};

async fn names(session: &Session) -> Vec<String> {
    list(session, "/chores")
        .await
        .iter()
        .map(|c| {
            format!(
                "{} / {}",
                c["category"]["name"].as_str().unwrap(),
                c["name"].as_str().unwrap()
            )
        })
        .collect()
}

/// Renames `chore`, keeping the rest as it was.
async fn rename(parent: &Session, chore: &Value, name: &str) {
    let body = json!({
        "name": name,
        "description": chore["description"],
        "baseReward": chore["baseReward"],
        "categoryId": chore["categoryId"],
        "frequencyDays": chore["frequencyDays"],
        "requiresPhoto": chore["requiresPhoto"],
        "assignedChildIds": chore["assignedChildIds"],
    });
    let id = chore["id"].as_str().unwrap();
    let (status, answer) = send(parent.put(&format!("/chores/{id}"), &body)).await;
    assert_eq!(status, StatusCode::OK, "{answer}");
}

#[tokio::test]
async fn a_change_to_the_chores_shows_on_the_next_read_through_the_same_gateway() {
    let (_stack, api) = start().await;
    let parent = parent(&api).await;
    let kitchen = category(&parent, "Kitchen").await;
    let dishes = chore(&parent, &kitchen, json!({"name": "Dishes"})).await;
    let (mia, _) = child(&parent, "Mia").await;
    // Read twice each: the second answer is the kept one, shared.
    for _ in 0..2 {
        assert_eq!(names(&mia).await, ["Kitchen / Dishes"]);
        assert_eq!(names(&parent).await, ["Kitchen / Dishes"]);
    }

    // No waiting: every change went through this gateway.
    rename(&parent, &dishes, "Wash up").await;
    assert_eq!(names(&mia).await, ["Kitchen / Wash up"]);
    let (status, body) = send(parent.put(
        &format!("/categories/{kitchen}"),
        &json!({"name": "Cooking", "description": ""}),
    ))
    .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(names(&mia).await, ["Cooking / Wash up"]);
    let sweep = chore(&parent, &kitchen, json!({"name": "Sweep"})).await;
    assert_eq!(names(&mia).await, ["Cooking / Sweep", "Cooking / Wash up"]);
    let id = sweep["id"].as_str().unwrap();
    let (status, body) = send(parent.delete(&format!("/chores/{id}"))).await;
    assert_eq!(status, StatusCode::NO_CONTENT, "{body}");
    assert_eq!(names(&mia).await, ["Cooking / Wash up"]);
}

#[tokio::test]
async fn another_gateways_kept_chores_follow_the_events() {
    let (mut stack, api) = start().await;
    let other = format!("{}/api", stack.start_gateway().await);
    let parent = parent(&api).await;
    let kitchen = category(&parent, "Kitchen").await;
    let (mia, mia_record) = child(&parent, "Mia").await;
    let mias = chore(
        &parent,
        &kitchen,
        json!({"name": "Dishes", "assignedChildIds": [mia_record["id"]]}),
    )
    .await;
    chore(&parent, &kitchen, json!({"name": "Sweep"})).await;
    let parent_there = through(&parent, &other);
    let mia_there = through(&mia, &other);
    assert_eq!(
        names(&parent_there).await,
        ["Kitchen / Dishes", "Kitchen / Sweep"]
    );
    assert_eq!(
        names(&mia_there).await,
        ["Kitchen / Dishes", "Kitchen / Sweep"]
    );

    rename(&parent, &mias, "Wash up").await;
    eventually("the other gateway shows the new name", || async {
        names(&mia_there).await == ["Kitchen / Sweep", "Kitchen / Wash up"]
    })
    .await;

    // Deleting Mia retires the chore only she did: the chores service does
    // that on the child's event, no gateway sees it happen.
    let id = mia_record["id"].as_str().unwrap();
    let (status, body) = send(parent.delete(&format!("/children/{id}"))).await;
    assert_eq!(status, StatusCode::NO_CONTENT, "{body}");
    for (session, gateway) in [(&parent, "first"), (&parent_there, "other")] {
        eventually(
            &format!("the {gateway} gateway drops the retired chore"),
            || async { names(session).await == ["Kitchen / Sweep"] },
        )
        .await;
    }
}

#[tokio::test]
async fn each_family_reads_only_its_own_kept_chores() {
    let (_stack, api) = start().await;
    let (lees, kims) = (parent(&api).await, parent(&api).await);
    let kitchen = category(&lees, "Kitchen").await;
    chore(&lees, &kitchen, json!({"name": "Dishes"})).await;
    let garden = category(&kims, "Garden").await;
    chore(&kims, &garden, json!({"name": "Weeding"})).await;
    let (mia, _) = child(&lees, "Mia").await;
    for _ in 0..2 {
        assert_eq!(names(&lees).await, ["Kitchen / Dishes"]);
        assert_eq!(names(&mia).await, ["Kitchen / Dishes"]);
        assert_eq!(names(&kims).await, ["Garden / Weeding"]);
    }
}
