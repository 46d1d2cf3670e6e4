//! The reward store through the API: items, redemptions, approvals that take
//! the price from the spend jar exactly once and stock never below zero.

use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::{
    helpers::{Session, assert_error, child, eventually, parent, send, start},
    jars::jars,
};

pub async fn add_item(parent: &Session, body: Value) -> Value {
    let (status, item) = send(parent.post("/store/items", &body)).await;
    assert_eq!(status, StatusCode::CREATED, "{item}");
    item
}

pub async fn give(parent: &Session, child: &str, amount: &str) {
    let (status, entry) = send(parent.post(
        &format!("/children/{child}/adjust-balance"),
        &json!({"amount": amount, "notes": "Pocket money"}),
    ))
    .await;
    assert_eq!(status, StatusCode::OK, "{entry}");
}

pub async fn redeem(kid: &Session, item: &Value) -> (StatusCode, Value) {
    let id = item["id"].as_str().unwrap();
    send(kid.post(&format!("/store/items/{id}/redeem"), &json!({}))).await
}

pub async fn decide(parent: &Session, redemption: &Value, status: &str) -> (StatusCode, Value) {
    let id = redemption["id"].as_str().unwrap();
    send(parent.patch(
        &format!("/store/redemptions/{id}"),
        &json!({"status": status, "note": "Enjoy"}),
    ))
    .await
}

async fn items(session: &Session) -> Vec<Value> {
    let (status, items) = send(session.get("/store/items")).await;
    assert_eq!(status, StatusCode::OK, "{items}");
    items.as_array().unwrap().clone()
}

#[tokio::test]
async fn racing_approvals_of_the_last_item_in_stock_approve_exactly_one() {
    let (_stack, api) = start().await;
    let parent = parent(&api).await;
    let mut requests = Vec::new();
    let mut kids = Vec::new();
    let item = add_item(
        &parent,
        json!({"name": "Pizza night", "price": 3, "stock": 1, "emoji": "🍕"}),
    )
    .await;
    for name in ["Mia", "Leo", "Ada"] {
        let (kid, record) = child(&parent, name).await;
        let id = record["id"].as_str().unwrap().to_owned();
        give(&parent, &id, "+5.00").await;
        let (status, redemption) = redeem(&kid, &item).await;
        assert_eq!(status, StatusCode::CREATED, "{redemption}");
        assert_eq!(redemption["status"], "PENDING");
        requests.push(redemption);
        kids.push((kid, id));
    }
    // Two parents' tabs, three approvals at once.
    let answers =
        futures::future::join_all(requests.iter().map(|r| decide(&parent, r, "APPROVED"))).await;
    let approved: Vec<_> = answers
        .iter()
        .filter(|(s, _)| *s == StatusCode::OK)
        .collect();
    assert_eq!(approved.len(), 1, "{answers:?}");
    for (status, body) in answers.iter().filter(|(s, _)| *s != StatusCode::OK) {
        assert_eq!(*status, StatusCode::CONFLICT, "{body}");
        assert_error(body, "Pizza night is out of stock");
    }
    assert_eq!(items(&parent).await[0]["stock"], 0);
    // Only the approved child paid.
    let winner = approved[0].1["childId"].as_str().unwrap();
    for (kid, id) in &kids {
        let spend = jars(kid, id).await["spend"].clone();
        assert_eq!(spend, json!(if id == winner { 2.0 } else { 5.0 }), "{id}");
    }
    // Approving it again changes nothing.
    let (status, body) = decide(&parent, &approved[0].1, "APPROVED").await;
    assert_eq!(status, StatusCode::CONFLICT);
    assert_error(&body, "This request was already approved");
    let spend = jars(&parent, winner).await["spend"].clone();
    assert_eq!(spend, json!(2.0));
    // Out of stock: no more requests.
    let (status, body) = redeem(&kids[0].0, &item).await;
    assert_eq!(status, StatusCode::CONFLICT);
    assert_error(&body, "Pizza night is out of stock");
}

#[tokio::test]
async fn a_redemption_over_the_spend_jar_is_refused_and_nothing_moves() {
    let (_stack, api) = start().await;
    let parent = parent(&api).await;
    let (kid, mia) = child(&parent, "Mia").await;
    let id = mia["id"].as_str().unwrap();
    give(&parent, id, "+6.00").await;
    // Money saved is not money to spend.
    let (status, _) = send(parent.post(
        &format!("/children/{id}/transfers"),
        &json!({"from": "SPEND", "to": "SAVE", "amount": 2}),
    ))
    .await;
    assert_eq!(status, StatusCode::CREATED);
    let film = add_item(
        &parent,
        json!({"name": "Movie night", "price": 5, "stock": 4}),
    )
    .await;
    let (status, body) = redeem(&kid, &film).await;
    assert_eq!(status, StatusCode::CONFLICT);
    assert_error(
        &body,
        "Movie night costs $5.00, but Mia's spend jar has only $4.00",
    );
    // As data too, for a client to word it in its own language.
    assert_eq!(body["code"], "CANNOT_AFFORD");
    assert_eq!(
        body["params"],
        json!({"item": "Movie night", "price": 5.0, "name": "Mia", "spend": 4.0})
    );

    // Two requests the jar covers one at a time: the second approval is refused.
    let ice = add_item(&parent, json!({"name": "Ice cream", "price": 2.5})).await;
    let (_, first) = redeem(&kid, &ice).await;
    let (status, second) = redeem(&kid, &ice).await;
    assert_eq!(status, StatusCode::CREATED, "{second}");
    let (status, done) = decide(&parent, &first, "APPROVED").await;
    assert_eq!(status, StatusCode::OK, "{done}");
    assert_eq!(done["status"], "APPROVED");
    assert_eq!(done["note"], "Enjoy");
    let before = jars(&kid, id).await;
    assert_eq!(before["spend"], 1.5);
    let (status, body) = decide(&parent, &second, "APPROVED").await;
    assert_eq!(status, StatusCode::CONFLICT);
    assert_error(
        &body,
        "Ice cream costs $2.50, but Mia's spend jar has only $1.50",
    );
    assert_eq!(jars(&kid, id).await, before, "nothing moved");
    assert_eq!(items(&parent).await[0]["stock"], 4);
    let (_, pending) = send(parent.get("/store/redemptions?status=PENDING")).await;
    assert_eq!(pending.as_array().unwrap().len(), 1, "{pending}");
    assert_eq!(pending[0]["id"], second["id"]);
    assert_eq!(pending[0]["childName"], "Mia");

    // The parent's dashboard counts it with the reviews; rejecting takes nothing.
    let (_, board) = send(parent.get("/dashboard/stats")).await;
    assert_eq!(board["pendingStoreRequests"], 1);
    let (status, rejected) = decide(&parent, &second, "REJECTED").await;
    assert_eq!(status, StatusCode::OK, "{rejected}");
    assert_eq!(rejected["status"], "REJECTED");
    assert_eq!(jars(&kid, id).await, before);
    eventually("no store requests waiting", || async {
        send(parent.get("/dashboard/stats")).await.1["pendingStoreRequests"] == 0
    })
    .await;
    let (_, own) = send(kid.get("/store/redemptions")).await;
    let statuses: Vec<&str> = own
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["status"].as_str().unwrap())
        .collect();
    assert_eq!(statuses, vec!["REJECTED", "APPROVED"]);
}

#[tokio::test]
async fn children_see_what_is_offered_to_them_and_only_parents_decide() {
    let (_stack, api) = start().await;
    let parent = parent(&api).await;
    let (mia_kid, mia) = child(&parent, "Mia").await;
    let (leo_kid, leo) = child(&parent, "Leo").await;
    let (mia_id, leo_id) = (mia["id"].as_str().unwrap(), leo["id"].as_str().unwrap());
    give(&parent, mia_id, "+10.00").await;
    give(&parent, leo_id, "+10.00").await;

    // Validation, in the service's words.
    let (status, body) = send(parent.post("/store/items", &json!({"name": " ", "price": 1}))).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_error(&body, "Name is required");
    let (status, body) =
        send(parent.post("/store/items", &json!({"name": "Toy", "price": 0}))).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_error(&body, "Price must be greater than 0");
    let (status, body) = send(parent.post(
        "/store/items",
        &json!({"name": "Toy", "price": 1, "stock": -1}),
    ))
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
    let (status, body) = send(parent.post(
        "/store/items",
        &json!({"name": "Toy", "price": 1, "childIds": [uuid::Uuid::new_v4().to_string()]}),
    ))
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_error(&body, "Choose children of your family");
    let (status, _) = send(mia_kid.post("/store/items", &json!({"name": "Toy", "price": 1}))).await;
    assert_eq!(status, StatusCode::FORBIDDEN, "a child cannot add items");

    let for_mia = add_item(
        &parent,
        json!({"name": "Sleepover", "price": 4, "childIds": [mia_id]}),
    )
    .await;
    let for_all = add_item(
        &parent,
        json!({"name": "Comic", "price": 1.5, "description": "Any one"}),
    )
    .await;
    let names = |list: Vec<Value>| {
        list.iter()
            .map(|i| i["name"].as_str().unwrap().to_owned())
            .collect::<Vec<_>>()
    };
    assert_eq!(names(items(&mia_kid).await), ["Sleepover", "Comic"]);
    assert_eq!(names(items(&leo_kid).await), ["Comic"]);
    let (status, _) = redeem(&leo_kid, &for_mia).await;
    assert_eq!(status, StatusCode::NOT_FOUND, "not offered to Leo");
    let (status, _) = redeem(&parent, &for_all).await;
    assert_eq!(status, StatusCode::FORBIDDEN, "parents do not redeem");

    let (_, mine) = redeem(&mia_kid, &for_mia).await;
    let (_, his) = redeem(&leo_kid, &for_all).await;
    // A child cannot decide, and sees only their own requests.
    let (status, _) = decide(&mia_kid, &mine, "APPROVED").await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    let (_, own) = send(mia_kid.get("/store/redemptions")).await;
    assert_eq!(own.as_array().unwrap().len(), 1, "{own}");
    assert_eq!(own[0]["id"], mine["id"]);
    let (_, all) = send(parent.get("/store/redemptions?status=PENDING")).await;
    assert_eq!(all.as_array().unwrap().len(), 2);
    let (status, body) = send(parent.get("/store/redemptions?status=LOST")).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
    let (status, body) = send(parent.patch(
        &format!("/store/redemptions/{}", his["id"].as_str().unwrap()),
        &json!({"status": "PENDING"}),
    ))
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");

    // Another family sees none of it and reaches none of it.
    let stranger = crate::helpers::parent(&api).await;
    assert!(items(&stranger).await.is_empty());
    let (_, theirs) = send(stranger.get("/store/redemptions")).await;
    assert_eq!(theirs, json!([]));
    let item_path = format!("/store/items/{}", for_all["id"].as_str().unwrap());
    let (status, _) = send(stranger.put(&item_path, &json!({"name": "Mine", "price": 1}))).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    let (status, _) = send(stranger.delete(&item_path)).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    let (status, _) = decide(&stranger, &his, "APPROVED").await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    assert_eq!(jars(&leo_kid, leo_id).await["spend"], 10.0);

    // Edits show; a deleted item leaves the store and cannot be approved.
    let (status, edited) = send(parent.put(
        &item_path,
        &json!({"name": "Comic book", "price": 2, "stock": 5, "emoji": "📚"}),
    ))
    .await;
    assert_eq!(status, StatusCode::OK, "{edited}");
    assert_eq!(
        (edited["price"].clone(), edited["stock"].clone()),
        (json!(2.0), json!(5))
    );
    let (status, _) = send(parent.delete(&item_path)).await;
    assert_eq!(status, StatusCode::NO_CONTENT);
    assert_eq!(names(items(&leo_kid).await), Vec::<String>::new());
    let (status, body) = decide(&parent, &his, "APPROVED").await;
    assert_eq!(status, StatusCode::CONFLICT);
    assert_error(&body, "This reward is no longer in the store");
    let (status, _) = decide(&parent, &his, "REJECTED").await;
    assert_eq!(status, StatusCode::OK);

    // FREE allows three store items.
    add_item(&parent, json!({"name": "Park trip", "price": 1})).await;
    add_item(&parent, json!({"name": "Late bedtime", "price": 1})).await;
    let (status, body) =
        send(parent.post("/store/items", &json!({"name": "One more", "price": 1}))).await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    assert_error(
        &body,
        "The FREE plan allows up to 3 store rewards. Upgrade to add more.",
    );
    assert_eq!(body["code"], "STORE_LIMIT");
    assert_eq!(body["params"], json!({"plan": "FREE", "limit": 3}));
}
