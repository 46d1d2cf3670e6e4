//! Savings goals through the API: kept by the child and the parents, walled
//! from everyone else, checked, at most 20 a child, with progress from the
//! save jar, and reached exactly once however many credits race.

use chorely_proto::events::{Event, v1::GoalReached};
use prost::Message;
use reqwest::StatusCode;
use serde_json::{Value, json};
use sqlx::PgPool;

use crate::{
    chores::{category, chore},
    helpers::{
        Session, assert_error, assert_field_refused, child, eventually, parent, send, start,
    },
    jars::{jars_become, set_split},
    submissions::{form, submit},
};

pub async fn add_goal(session: &Session, child: &str, body: Value) -> (StatusCode, Value) {
    send(session.post(&format!("/children/{child}/goals"), &body)).await
}

pub async fn goals(session: &Session, child: &str) -> Vec<Value> {
    let (status, goals) = send(session.get(&format!("/children/{child}/goals"))).await;
    assert_eq!(status, StatusCode::OK, "{goals}");
    goals.as_array().unwrap().clone()
}

/// The `GoalReached` events the rewards service wrote for `goal`.
async fn reached_events(pool: &PgPool, goal: &str) -> usize {
    let payloads: Vec<Vec<u8>> = kit::tenancy::all_families(
        sqlx::query_scalar("SELECT payload FROM outbox WHERE subject = $1")
            .bind(GoalReached::SUBJECT)
            .fetch_all(pool),
    )
    .await
    .unwrap();
    payloads
        .iter()
        .filter(|p| GoalReached::decode(p.as_slice()).unwrap().goal_id == goal)
        .count()
}

fn id(value: &Value) -> String {
    value["id"].as_str().unwrap().to_owned()
}

#[tokio::test]
async fn goals_are_the_childs_and_the_parents_and_nobody_elses() {
    let (_stack, api) = start().await;
    let parent = parent(&api).await;
    let (mia, mia_record) = child(&parent, "Mia").await;
    let (leo, leo_record) = child(&parent, "Leo").await;
    let (mia_id, leo_id) = (id(&mia_record), id(&leo_record));

    // The parent sets one, Mia another for herself.
    let (status, bike) = add_goal(
        &parent,
        &mia_id,
        json!({"name": "Bike", "target": 120, "emoji": "🚲"}),
    )
    .await;
    assert_eq!(status, StatusCode::CREATED, "{bike}");
    assert_eq!(bike["target"], 120.0);
    assert_eq!(bike["saved"], 0.0);
    assert_eq!(bike["percent"], 0);
    assert_eq!(bike["reachedAt"], Value::Null);
    let (status, game) = add_goal(&mia, &mia_id, json!({"name": "Game", "target": 25.5})).await;
    assert_eq!(status, StatusCode::CREATED, "{game}");
    let names: Vec<Value> = goals(&mia, &mia_id)
        .await
        .iter()
        .map(|g| g["name"].clone())
        .collect();
    assert_eq!(names, [json!("Bike"), json!("Game")]);
    assert_eq!(goals(&parent, &mia_id).await.len(), 2);

    // Mia changes hers; the parent removes the bike.
    let (status, changed) = send(mia.put(
        &format!("/goals/{}", id(&game)),
        &json!({"name": "New game", "target": 30, "emoji": "🎮"}),
    ))
    .await;
    assert_eq!(status, StatusCode::OK, "{changed}");
    assert_eq!(
        (changed["name"].clone(), changed["target"].clone()),
        (json!("New game"), json!(30.0))
    );

    // Her brother sees and touches none of them.
    let (status, _) = send(leo.get(&format!("/children/{mia_id}/goals"))).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    let (status, body) = add_goal(&leo, &mia_id, json!({"name": "Mine", "target": 1})).await;
    assert_eq!(status, StatusCode::NOT_FOUND, "{body}");
    let (status, body) = send(leo.put(
        &format!("/goals/{}", id(&game)),
        &json!({"name": "Mine", "target": 1}),
    ))
    .await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    assert_error(&body, "Goal not found");
    let (status, _) = send(leo.delete(&format!("/goals/{}", id(&game)))).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    assert!(goals(&leo, &leo_id).await.is_empty());

    // Nor does another family.
    let stranger = crate::helpers::parent(&api).await;
    let (status, _) = send(stranger.get(&format!("/children/{mia_id}/goals"))).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    let (status, _) = add_goal(&stranger, &mia_id, json!({"name": "X", "target": 1})).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    let (status, _) = send(stranger.put(
        &format!("/goals/{}", id(&bike)),
        &json!({"name": "X", "target": 1}),
    ))
    .await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    let (status, _) = send(stranger.delete(&format!("/goals/{}", id(&bike)))).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    let (status, _) = send(stranger.get("/goals/not-a-goal")).await;
    assert!(status.is_client_error());

    let (status, _) = send(parent.delete(&format!("/goals/{}", id(&bike)))).await;
    assert_eq!(status, StatusCode::NO_CONTENT);
    let left: Vec<String> = goals(&mia, &mia_id).await.iter().map(id).collect();
    assert_eq!(left, [id(&game)]);
}

#[tokio::test]
async fn bad_goals_are_refused_with_their_field_and_a_child_keeps_at_most_twenty() {
    let (_stack, api) = start().await;
    let parent = parent(&api).await;
    let (mia, record) = child(&parent, "Mia").await;
    let mia_id = id(&record);

    for (body, field, code, message) in [
        (json!({"target": 5}), "name", "REQUIRED", "Name is required"),
        (
            json!({"name": "  ", "target": 5}),
            "name",
            "REQUIRED",
            "Name is required",
        ),
        (
            json!({"name": "Kite"}),
            "target",
            "REQUIRED",
            "Target is required",
        ),
        (
            json!({"name": "Kite", "target": 0}),
            "target",
            "TARGET_NOT_POSITIVE",
            "Target must be greater than 0",
        ),
        (
            json!({"name": "Kite", "target": -3}),
            "target",
            "TARGET_NOT_POSITIVE",
            "Target must be greater than 0",
        ),
        (
            json!({"name": "Kite", "target": 10000.01}),
            "target",
            "TARGET_TOO_HIGH",
            "Target must be at most $10,000.00",
        ),
        (
            json!({"name": "Kite", "target": 1.005}),
            "target",
            "NOT_AN_AMOUNT",
            "Target must be an amount in dollars and cents",
        ),
        (
            json!({"name": "Kite", "target": 5, "emoji": "🪁".repeat(17)}),
            "emoji",
            "TOO_LONG",
            "Emoji must be at most 16 characters",
        ),
        (
            json!({"name": "x".repeat(101), "target": 5}),
            "name",
            "TOO_LONG",
            "Name must be at most 100 characters",
        ),
    ] {
        let (status, answer) = add_goal(&mia, &mia_id, body.clone()).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{body}: {answer}");
        assert_error(&answer, message);
        assert_field_refused(&answer, field, code);
        if code == "REQUIRED" || code == "NOT_AN_AMOUNT" {
            // The text names the field by its label, for clients to word it.
            assert_eq!(answer["details"][0]["params"]["label"], field, "{answer}");
        }
    }
    assert!(goals(&mia, &mia_id).await.is_empty(), "nothing kept");

    for n in 0..20 {
        let (status, body) = add_goal(
            &mia,
            &mia_id,
            json!({"name": format!("Goal {n}"), "target": 1}),
        )
        .await;
        assert_eq!(status, StatusCode::CREATED, "{body}");
    }
    let (status, body) = add_goal(&parent, &mia_id, json!({"name": "One more", "target": 1})).await;
    assert_eq!(status, StatusCode::CONFLICT);
    assert_error(
        &body,
        "A child can have at most 20 savings goals. Remove one to add another.",
    );
    assert_eq!(
        (&body["code"], &body["params"]),
        (&json!("GOAL_LIMIT"), &json!({"limit": 20}))
    );
    let first = goals(&mia, &mia_id).await[0].clone();
    let (status, body) = send(mia.put(
        &format!("/goals/{}", id(&first)),
        &json!({"name": "Kite", "target": 0}),
    ))
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_error(&body, "Target must be greater than 0");
    let (status, _) = send(mia.delete(&format!("/goals/{}", id(&first)))).await;
    assert_eq!(status, StatusCode::NO_CONTENT);
    let (status, body) = add_goal(&mia, &mia_id, json!({"name": "One more", "target": 1})).await;
    assert_eq!(status, StatusCode::CREATED, "{body}");
}

#[tokio::test]
async fn a_goal_is_reached_once_when_the_save_jar_first_covers_it_even_with_credits_racing() {
    let (stack, api) = start().await;
    let parent = parent(&api).await;
    let (mia, record) = child(&parent, "Mia").await;
    let mia_id = id(&record);
    let kitchen = category(&parent, "Kitchen").await;
    let dishes = chore(
        &parent,
        &kitchen,
        json!({"baseReward": 1.0, "frequencyDays": 0}),
    )
    .await;

    let (_, bike) = add_goal(
        &mia,
        &mia_id,
        json!({"name": "Bike", "target": 6, "emoji": "🚲"}),
    )
    .await;
    let (_, kite) = add_goal(&mia, &mia_id, json!({"name": "Kite", "target": 2.5})).await;

    // Everything earned goes to SAVE; four approvals and four transfers of
    // $1 race each other, and together they raise the jar past both targets.
    let (status, _) = set_split(
        &parent,
        &mia_id,
        json!({"spend": 0, "save": 100, "give": 0}),
    )
    .await;
    assert_eq!(status, StatusCode::OK);
    let (status, body) = send(parent.post(
        &format!("/children/{mia_id}/adjust-balance"),
        &json!({"amount": "+4.00", "notes": "Pocket money"}),
    ))
    .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let mut pending = Vec::new();
    for _ in 0..4 {
        let (status, submission) = submit(&mia, form(&dishes, chrono::Utc::now(), None)).await;
        assert_eq!(status, StatusCode::CREATED, "{submission}");
        pending.push(id(&submission));
    }
    let approvals = pending.iter().map(|s| {
        send(parent.patch(
            &format!("/submissions/{s}/review"),
            &json!({"status": "APPROVED"}),
        ))
    });
    let transfers = (0..4).map(|_| {
        send(parent.post(
            &format!("/children/{mia_id}/transfers"),
            &json!({"from": "SPEND", "to": "SAVE", "amount": 1}),
        ))
    });
    let (approved, moved) = tokio::join!(
        futures::future::join_all(approvals),
        futures::future::join_all(transfers)
    );
    assert!(
        approved.iter().all(|(s, _)| *s == StatusCode::OK),
        "{approved:?}"
    );
    assert!(
        moved.iter().all(|(s, _)| *s == StatusCode::CREATED),
        "{moved:?}"
    );
    jars_become(&parent, &mia_id, 0.0, 8.0, 0.0).await;

    let now = goals(&mia, &mia_id).await;
    for goal in &now {
        assert!(goal["reachedAt"].is_string(), "{goal}");
        assert_eq!(goal["percent"], 100);
        assert_eq!(goal["saved"], 8.0);
    }
    for goal in [&bike, &kite] {
        assert_eq!(
            reached_events(&stack.rewards_pool, &id(goal)).await,
            1,
            "{goal}"
        );
    }

    // Spent down and credited again: still reached once, at the same moment.
    let (status, body) = send(parent.post(
        "/payouts",
        &json!({"childId": mia_id, "amount": 7, "jar": "SAVE", "notes": "Bought the bike"}),
    ))
    .await;
    assert_eq!(status, StatusCode::CREATED, "{body}");
    let (status, _) = send(parent.patch(
        &format!(
                "/submissions/{}/review",
                id(&submit(&mia, form(&dishes, chrono::Utc::now(), None))
                    .await
                    .1)
            ),
        &json!({"status": "APPROVED"}),
    ))
    .await;
    assert_eq!(status, StatusCode::OK);
    jars_become(&parent, &mia_id, 0.0, 2.0, 0.0).await;
    let later = goals(&mia, &mia_id).await;
    assert_eq!(later[0]["reachedAt"], now[0]["reachedAt"]);
    assert_eq!(later[0]["percent"], 33, "{}", later[0]);
    assert_eq!(reached_events(&stack.rewards_pool, &id(&bike)).await, 1);

    // A goal the jar already covers is reached as it is set.
    let (_, cap) = add_goal(&mia, &mia_id, json!({"name": "Cap", "target": 2})).await;
    assert!(cap["reachedAt"].is_string(), "{cap}");
    assert_eq!(reached_events(&stack.rewards_pool, &id(&cap)).await, 1);
    let (_, far) = add_goal(&mia, &mia_id, json!({"name": "Far", "target": 50})).await;
    assert_eq!(far["reachedAt"], Value::Null);
    assert_eq!(far["percent"], 4);
    assert_eq!(reached_events(&stack.rewards_pool, &id(&far)).await, 0);

    // The dashboards show the goals with their progress.
    eventually("the goals on the dashboards", || async {
        let (_, mine) = send(mia.get("/dashboard/stats")).await;
        let (_, family) = send(parent.get("/dashboard/stats")).await;
        let card = &family["children"][0];
        mine["goals"].as_array().is_some_and(|g| g.len() == 4)
            && mine["goals"][3]["percent"] == 4
            && card["goals"].as_array().is_some_and(|g| g.len() == 4)
            && card["goals"][0]["name"] == "Bike"
    })
    .await;
}
