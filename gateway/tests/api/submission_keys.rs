//! A child's device sends a submission with an `Idempotency-Key`: sent again
//! (a retry after a dropped connection, a queued tap from the family board)
//! the first submission answers, and no second one is made, even when the
//! sends race. A key belongs to its child and its chore.

use chrono::{Duration, Utc};
use reqwest::{RequestBuilder, StatusCode, multipart::Form};
use serde_json::{Value, json};

use crate::{
    chores::chore,
    helpers::{Session, assert_error, assert_field_refused, child, send, start},
    submissions::{family_with_chore, form, queue},
};

fn keyed(kid: &Session, key: &str, form: Form) -> RequestBuilder {
    kid.multipart("/submissions", form)
        .header("Idempotency-Key", key)
}

fn sent(chore: &Value) -> Form {
    form(chore, Utc::now() - Duration::minutes(1), None)
}

#[tokio::test]
async fn a_send_repeated_with_its_key_answers_the_first_and_makes_no_second() {
    let (_stack, api) = start().await;
    let (parent, mia, bed) = family_with_chore(&api, json!({"frequencyDays": 1})).await;
    let dishes = chore(
        &parent,
        bed["categoryId"].as_str().unwrap(),
        json!({"name": "Dishes"}),
    )
    .await;

    let (status, first) = send(keyed(&mia, "tap-7f3a", sent(&bed))).await;
    assert_eq!(status, StatusCode::CREATED, "{first}");
    let (status, again) = send(keyed(&mia, "tap-7f3a", sent(&bed))).await;
    assert_eq!(status, StatusCode::CREATED, "{again}");
    assert_eq!(again["id"], first["id"]);
    assert_eq!(again, first);

    // Without the key it is a second send of a chore done today: refused.
    let (status, body) = send(mia.multipart("/submissions", sent(&bed))).await;
    assert_eq!(status, StatusCode::CONFLICT, "{body}");
    let waiting = queue(&parent).await;
    assert_eq!(waiting.len(), 1, "{waiting:?}");
    assert_eq!(waiting[0]["id"], first["id"]);

    // The key is this send's: with another chore it is refused, and nothing is made.
    let (status, body) = send(keyed(&mia, "tap-7f3a", sent(&dishes))).await;
    assert_eq!(status, StatusCode::CONFLICT, "{body}");
    assert_error(
        &body,
        "This idempotency key was already used for another chore",
    );
    assert_eq!(queue(&parent).await.len(), 1);

    // Another child's same key is their own.
    let (leo, _) = child(&parent, "Leo").await;
    let (status, theirs) = send(keyed(&leo, "tap-7f3a", sent(&bed))).await;
    assert_eq!(status, StatusCode::CREATED, "{theirs}");
    assert_ne!(theirs["id"], first["id"]);
    assert_eq!(queue(&parent).await.len(), 2);

    // A key that is not 1 to 100 letters, digits, '-' or '_' is refused by name.
    for bad in ["has space", "semi;colon", &"k".repeat(101)] {
        let (status, body) = send(keyed(&mia, bad, sent(&dishes))).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{bad}: {body}");
        assert_field_refused(&body, "idempotencyKey", "IDEMPOTENCY_KEY_INVALID");
    }
    assert_eq!(queue(&parent).await.len(), 2);
}

#[tokio::test]
async fn sends_racing_with_one_key_make_one_submission_and_all_answer_it() {
    let (_stack, api) = start().await;
    let (parent, mia, bed) = family_with_chore(&api, json!({"frequencyDays": 1})).await;
    let answers =
        futures::future::join_all((0..5).map(|_| send(keyed(&mia, "board-0b1c", sent(&bed)))))
            .await;
    for (status, body) in &answers {
        assert_eq!(*status, StatusCode::CREATED, "{body}");
        assert_eq!(body["id"], answers[0].1["id"], "{answers:?}");
    }
    assert_eq!(queue(&parent).await.len(), 1);
}
