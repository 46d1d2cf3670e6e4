//! Jars through the API: the split of new earnings, transfers between jars,
//! payouts from a chosen jar, and the balance always their sum.

use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::{
    chores::{category, chore},
    helpers::{Session, assert_error, child, eventually, parent, send, start},
    rewards::{approve, child_record},
};

pub async fn jars(session: &Session, child: &str) -> Value {
    let (status, jars) = send(session.get(&format!("/children/{child}/jars"))).await;
    assert_eq!(status, StatusCode::OK, "{jars}");
    // The spec's balance stays the sum of the jars, to the cent.
    let cents = |v: &Value| (v.as_f64().unwrap() * 100.0).round() as i64;
    assert_eq!(
        cents(&jars["spend"]) + cents(&jars["save"]) + cents(&jars["give"]),
        cents(&jars["balance"]),
        "{jars}"
    );
    jars
}

/// Waits until the child's jars hold `spend`, `save` and `give` dollars.
pub async fn jars_become(session: &Session, child: &str, spend: f64, save: f64, give: f64) {
    eventually(&format!("jars {spend}/{save}/{give}"), || async {
        let j = jars(session, child).await;
        j["spend"] == json!(spend) && j["save"] == json!(save) && j["give"] == json!(give)
    })
    .await;
}

pub async fn set_split(parent: &Session, child: &str, split: Value) -> (StatusCode, Value) {
    send(parent.put(&format!("/children/{child}/split"), &split)).await
}

#[tokio::test]
async fn a_split_divides_approvals_and_a_cent_left_over_goes_to_spend() {
    let (_stack, api) = start().await;
    let parent = parent(&api).await;
    let (kid, mia) = child(&parent, "Mia").await;
    let id = mia["id"].as_str().unwrap();

    // Before any split: everything spendable, as the spec has it.
    let start = jars(&kid, id).await;
    assert_eq!(start["split"], json!({"spend": 100, "save": 0, "give": 0}));

    let (status, body) = set_split(&parent, id, json!({"spend": 70, "save": 20, "give": 20})).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_error(&body, "The percentages must add up to 100");
    let (status, body) =
        set_split(&parent, id, json!({"spend": 110, "save": -10, "give": 0})).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
    let (status, _) = set_split(&kid, id, json!({"spend": 70, "save": 20, "give": 10})).await;
    assert_eq!(
        status,
        StatusCode::FORBIDDEN,
        "a child cannot set their split"
    );
    let (status, split) =
        set_split(&parent, id, json!({"spend": 70, "save": 20, "give": 10})).await;
    assert_eq!(status, StatusCode::OK, "{split}");
    assert_eq!(split["split"], json!({"spend": 70, "save": 20, "give": 10}));

    let house = category(&parent, "House").await;
    let dollar = chore(
        &parent,
        &house,
        json!({"name": "Feed the cat", "baseReward": 1.0}),
    )
    .await;
    approve(&parent, &kid, &dollar).await;
    jars_become(&kid, id, 0.7, 0.2, 0.1).await;
    assert_eq!(child_record(&parent, id).await["balance"], 1.0);

    // $1.01 at 33/33/34: SAVE 0.33, GIVE 0.34, SPEND 0.33 and the cent over.
    let (status, _) = set_split(&parent, id, json!({"spend": 33, "save": 33, "give": 34})).await;
    assert_eq!(status, StatusCode::OK);
    let odd = chore(
        &parent,
        &house,
        json!({"name": "Water plants", "baseReward": 1.01}),
    )
    .await;
    approve(&parent, &kid, &odd).await;
    jars_become(&kid, id, 1.04, 0.53, 0.44).await;
    assert_eq!(child_record(&parent, id).await["balance"], 2.01);

    // The parent's dashboard card and the child's home show the jars.
    let (_, board) = send(parent.get("/dashboard/stats")).await;
    assert_eq!(
        board["children"][0]["jars"],
        json!({"spend": 1.04, "save": 0.53, "give": 0.44})
    );
    let (_, home) = send(kid.get("/dashboard/stats")).await;
    assert_eq!(
        home["jars"],
        json!({"spend": 1.04, "save": 0.53, "give": 0.44})
    );
    assert_eq!(home["balance"], 2.01);
}

#[tokio::test]
async fn transfers_and_payouts_move_only_what_a_jar_holds() {
    let (_stack, api) = start().await;
    let parent = parent(&api).await;
    let (kid, mia) = child(&parent, "Mia").await;
    let id = mia["id"].as_str().unwrap();
    let (status, entry) = send(parent.post(
        &format!("/children/{id}/adjust-balance"),
        &json!({"amount": "+10.00", "notes": "Gift"}),
    ))
    .await;
    assert_eq!(status, StatusCode::OK, "{entry}");
    let transfer = |body: Value| parent.post(&format!("/children/{id}/transfers"), &body);

    let (status, body) = send(transfer(
        json!({"from": "SPEND", "to": "SPEND", "amount": 1}),
    ))
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_error(&body, "Choose a different jar to put into");
    let (status, body) = send(transfer(
        json!({"from": "SPEND", "to": "BANK", "amount": 1}),
    ))
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
    let (status, body) = send(transfer(json!({"from": "SAVE", "to": "GIVE", "amount": 1}))).await;
    assert_eq!(status, StatusCode::CONFLICT);
    assert_error(&body, "Mia's save jar has only $0.00");
    assert_eq!(body["code"], "JAR_TOO_LOW");
    assert_eq!(
        body["params"],
        json!({"name": "Mia", "jar": "SAVE", "amount": 0.0})
    );
    let (status, _) = send(kid.post(
        &format!("/children/{id}/transfers"),
        &json!({"from": "SPEND", "to": "SAVE", "amount": 1}),
    ))
    .await;
    assert_eq!(status, StatusCode::FORBIDDEN, "a child cannot move money");

    let (status, moved) = send(transfer(
        json!({"from": "SPEND", "to": "SAVE", "amount": 6.5, "notes": "Bike fund"}),
    ))
    .await;
    assert_eq!(status, StatusCode::CREATED, "{moved}");
    assert_eq!(
        (moved["spend"].clone(), moved["save"].clone()),
        (json!(3.5), json!(6.5))
    );
    assert_eq!(moved["balance"], 10.0);
    let (_, moved) = send(transfer(
        json!({"from": "SAVE", "to": "GIVE", "amount": 1.5}),
    ))
    .await;
    assert_eq!(moved["give"], 1.5);
    jars(&kid, id).await;

    // A payout comes from SPEND unless told otherwise, and no more than the jar holds.
    let pay = |body: Value| parent.post("/payouts", &body);
    let (status, body) = send(pay(json!({"childId": id, "amount": 4}))).await;
    assert_eq!(status, StatusCode::CONFLICT);
    assert_error(&body, "Mia's spend jar has only $3.50");
    let (status, body) = send(pay(json!({"childId": id, "amount": 5, "jar": "SAVE"}))).await;
    assert_eq!(status, StatusCode::CREATED, "{body}");
    let after = jars(&parent, id).await;
    assert_eq!(
        (
            after["spend"].clone(),
            after["save"].clone(),
            after["give"].clone()
        ),
        (json!(3.5), json!(0.0), json!(1.5))
    );
    assert_eq!(child_record(&parent, id).await["balance"], 5.0);
    // The spec's check still speaks of the balance when that is what is short.
    let (status, body) = send(pay(json!({"childId": id, "amount": 6}))).await;
    assert_eq!(status, StatusCode::CONFLICT);
    assert_error(&body, "The payout is larger than Mia's balance of $5.00");

    // Another family finds no such child; a sibling's jars are not the child's to see.
    let stranger = crate::helpers::parent(&api).await;
    let (status, _) = send(stranger.get(&format!("/children/{id}/jars"))).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    let (status, _) = set_split(&stranger, id, json!({"spend": 100, "save": 0, "give": 0})).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    let (sibling, _) = child(&parent, "Leo").await;
    let (status, _) = send(sibling.get(&format!("/children/{id}/jars"))).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
}
