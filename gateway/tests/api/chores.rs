//! Categories and chores through the API: what parents set up, what children
//! see, and the FREE plan's limit.

use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::helpers::{Session, assert_error, assert_field_refused, child, parent, send, start};

/// Adds a category and returns its id.
pub async fn category(parent: &Session, name: &str) -> String {
    let (status, body) = send(parent.post(
        "/categories",
        &json!({"name": name, "description": "Around the house"}),
    ))
    .await;
    assert_eq!(status, StatusCode::CREATED, "{body}");
    body["id"].as_str().unwrap().to_owned()
}

/// Adds a chore (`extra` overrides the defaults) and returns it.
pub async fn chore(parent: &Session, category_id: &str, extra: Value) -> Value {
    let mut body = json!({
        "name": "Make the bed",
        "description": "Sheets straight",
        "baseReward": 2.5,
        "categoryId": category_id,
        "frequencyDays": 1,
        "requiresPhoto": false,
    });
    for (key, value) in extra.as_object().unwrap() {
        body[key] = value.clone();
    }
    let (status, answer) = send(parent.post("/chores", &body)).await;
    assert_eq!(status, StatusCode::CREATED, "{answer}");
    answer
}

/// The list at `path` as `session` reads it.
pub async fn list(session: &Session, path: &str) -> Vec<Value> {
    let (status, body) = send(session.get(path)).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    body.as_array().unwrap().clone()
}

#[tokio::test]
async fn parents_set_up_categories_and_chores_and_children_see_them() {
    let (_stack, api) = start().await;
    let parent = parent(&api).await;
    let kitchen = category(&parent, "Kitchen").await;
    let bedroom = category(&parent, "Bedroom").await;

    let dishes = chore(
        &parent,
        &kitchen,
        json!({"name": "Dishes", "baseReward": 1.25, "frequencyDays": 7, "requiresPhoto": true}),
    )
    .await;
    assert_eq!(dishes["baseReward"], 1.25);
    assert_eq!(dishes["category"]["name"], "Kitchen");
    assert_eq!(dishes["frequencyDays"], 7);
    assert_eq!(dishes["requiresPhoto"], true);
    chore(&parent, &bedroom, json!({"name": "Bed", "baseReward": 0})).await;

    let categories = list(&parent, "/categories").await;
    let counts: Vec<(String, i64)> = categories
        .iter()
        .map(|c| {
            (
                c["name"].as_str().unwrap().to_owned(),
                c["choreCount"].as_i64().unwrap(),
            )
        })
        .collect();
    assert_eq!(
        counts,
        [("Bedroom".to_owned(), 1), ("Kitchen".to_owned(), 1)]
    );

    // Children read the list (My Chores) but change nothing.
    let (kid, _) = child(&parent, "Mia").await;
    let names: Vec<Value> = list(&kid, "/chores")
        .await
        .iter()
        .map(|c| c["name"].clone())
        .collect();
    assert_eq!(names, [json!("Bed"), json!("Dishes")]);
    let (status, _) = send(kid.post("/categories", &json!({"name": "Mine"}))).await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    let (status, _) = send(kid.post(
        "/chores",
        &json!({"name": "Mine", "baseReward": 100, "categoryId": kitchen}),
    ))
    .await;
    assert_eq!(status, StatusCode::FORBIDDEN);

    // Editing a chore and renaming a category show in the list.
    let id = dishes["id"].as_str().unwrap();
    let (status, edited) = send(parent.put(
        &format!("/chores/{id}"),
        &json!({"name": "Dishes and pans", "baseReward": 1.5, "categoryId": bedroom, "frequencyDays": 0}),
    ))
    .await;
    assert_eq!(status, StatusCode::OK, "{edited}");
    assert_eq!(edited["category"]["name"], "Bedroom");
    let (status, renamed) = send(parent.put(
        &format!("/categories/{bedroom}"),
        &json!({"name": "Bedroom & bath", "description": ""}),
    ))
    .await;
    assert_eq!(status, StatusCode::OK, "{renamed}");
    assert_eq!(renamed["choreCount"], 2);
}

#[tokio::test]
async fn bad_input_is_refused_with_the_field_named() {
    let (_stack, api) = start().await;
    let parent = parent(&api).await;
    let (status, body) = send(parent.post("/categories", &json!({"name": "  "}))).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_error(&body, "Name is required");
    let kitchen = category(&parent, "Kitchen").await;
    let (status, body) = send(parent.post("/categories", &json!({"name": "kitchen"}))).await;
    assert_eq!(status, StatusCode::CONFLICT);
    assert_error(&body, "A category with this name already exists");

    let cases = [
        (
            json!({"name": "", "baseReward": 1, "categoryId": kitchen}),
            "name",
            "REQUIRED",
            "Name is required",
        ),
        (
            json!({"name": "X", "categoryId": kitchen}),
            "baseReward",
            "REQUIRED",
            "Base reward is required",
        ),
        (
            json!({"name": "X", "baseReward": 1}),
            "categoryId",
            "REQUIRED",
            "Category is required",
        ),
        (
            json!({"name": "X", "baseReward": -1, "categoryId": kitchen}),
            "baseReward",
            "BASE_REWARD_NEGATIVE",
            "Base reward cannot be negative",
        ),
        (
            json!({"name": "X", "baseReward": 1.005, "categoryId": kitchen}),
            "baseReward",
            "NOT_AN_AMOUNT",
            "Base reward must be an amount in dollars and cents",
        ),
        (
            json!({"name": "X", "baseReward": 1, "categoryId": kitchen, "frequencyDays": 5}),
            "frequencyDays",
            "MALFORMED_FIELD",
            "frequencyDays: invalid value: 5, expected one of: 0, 1, 2, 3, 7, 14, 30",
        ),
    ];
    for (body, field, code, message) in cases {
        let (status, answer) = send(parent.post("/chores", &body)).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
        assert_error(&answer, message);
        assert_field_refused(&answer, field, code);
    }
    assert!(
        list(&parent, "/chores").await.is_empty(),
        "nothing was kept"
    );
}

#[tokio::test]
async fn another_familys_categories_and_chores_are_not_found() {
    let (_stack, api) = start().await;
    let ours = parent(&api).await;
    let theirs = parent(&api).await;
    let their_category = category(&theirs, "Garden").await;
    let their_chore = chore(&theirs, &their_category, json!({})).await["id"]
        .as_str()
        .unwrap()
        .to_owned();

    let (status, body) = send(ours.post(
        "/chores",
        &json!({"name": "Sneaky", "baseReward": 1, "categoryId": their_category}),
    ))
    .await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    assert_error(&body, "Category not found");
    for request in [
        ours.put(
            &format!("/categories/{their_category}"),
            &json!({"name": "Mine"}),
        ),
        ours.delete(&format!("/categories/{their_category}")),
        ours.delete(&format!("/chores/{their_chore}")),
        ours.put(
            &format!("/chores/{their_chore}"),
            &json!({"name": "Mine", "baseReward": 1, "categoryId": their_category}),
        ),
    ] {
        let (status, _) = send(request).await;
        assert_eq!(status, StatusCode::NOT_FOUND);
    }
    assert!(list(&ours, "/categories").await.is_empty());
    assert_eq!(list(&theirs, "/chores").await[0]["name"], "Make the bed");
}

#[tokio::test]
async fn a_category_in_use_is_kept_until_its_chores_are_retired() {
    let (_stack, api) = start().await;
    let parent = parent(&api).await;
    let kitchen = category(&parent, "Kitchen").await;
    let dishes = chore(&parent, &kitchen, json!({"name": "Dishes"})).await;

    let (status, body) = send(parent.delete(&format!("/categories/{kitchen}"))).await;
    assert_eq!(status, StatusCode::CONFLICT);
    assert_error(
        &body,
        "This category still has 1 active chore(s). Move or retire them before deleting it.",
    );
    assert_eq!(
        (&body["code"], &body["params"]),
        (&json!("CATEGORY_IN_USE"), &json!({"count": 1}))
    );

    let (status, _) =
        send(parent.delete(&format!("/chores/{}", dishes["id"].as_str().unwrap()))).await;
    assert_eq!(status, StatusCode::NO_CONTENT);
    assert!(list(&parent, "/chores").await.is_empty());
    let (status, _) = send(parent.delete(&format!("/categories/{kitchen}"))).await;
    assert_eq!(status, StatusCode::NO_CONTENT);
    assert!(list(&parent, "/categories").await.is_empty());
    // The name is free again.
    category(&parent, "Kitchen").await;
}

#[tokio::test]
async fn a_free_family_has_at_most_ten_active_chores() {
    let (_stack, api) = start().await;
    let parent = parent(&api).await;
    let kitchen = category(&parent, "Kitchen").await;
    let mut first = None;
    for n in 0..10 {
        let made = chore(&parent, &kitchen, json!({"name": format!("Chore {n}")})).await;
        first.get_or_insert(made);
    }
    let eleventh = json!({"name": "Chore 11", "baseReward": 1, "categoryId": kitchen});
    let (status, body) = send(parent.post("/chores", &eleventh)).await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    assert_error(
        &body,
        "The FREE plan allows up to 10 active chores. Upgrade to add more.",
    );
    assert_eq!(list(&parent, "/chores").await.len(), 10);

    // Retiring one makes room.
    let first = first.unwrap();
    let (status, _) =
        send(parent.delete(&format!("/chores/{}", first["id"].as_str().unwrap()))).await;
    assert_eq!(status, StatusCode::NO_CONTENT);
    let (status, body) = send(parent.post("/chores", &eleventh)).await;
    assert_eq!(status, StatusCode::CREATED, "{body}");
}
