//! Submission lists, kept by the gateway: a submission or a review shows on
//! the next read, on the gateway it went through at once, on any other as
//! soon as its event arrives; each family and each child reads only their own.

use chrono::Utc;
use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::{
    chores::{category, chore},
    dashboard_kept::through,
    helpers::{Session, child, eventually, parent, send, start},
    live::Events,
    rewards::{add_subject, grade},
    submissions::{family_with_chore, form, queue, submit},
};

/// Submits `chore` now as `kid`; the new submission's id.
async fn done(kid: &Session, chore: &Value) -> String {
    let (status, body) = submit(kid, form(chore, Utc::now(), None)).await;
    assert_eq!(status, StatusCode::CREATED, "{body}");
    body["id"].as_str().unwrap().to_owned()
}

/// The ids in `session`'s list at `path`.
async fn ids(session: &Session, path: &str) -> Vec<String> {
    let (status, body) = send(session.get(path)).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    body.as_array()
        .unwrap()
        .iter()
        .map(|s| s["id"].as_str().unwrap().to_owned())
        .collect()
}

async fn queued(parent: &Session) -> Vec<String> {
    queue(parent)
        .await
        .iter()
        .map(|s| s["id"].as_str().unwrap().to_owned())
        .collect()
}

async fn review(parent: &Session, id: &str, status: &str) {
    let (code, body) = send(parent.patch(
        &format!("/submissions/{id}/review"),
        &json!({"status": status}),
    ))
    .await;
    assert_eq!(code, StatusCode::OK, "{body}");
}

#[tokio::test]
async fn a_submission_or_review_shows_on_the_next_read_through_the_same_gateway() {
    let (_stack, api) = start().await;
    let (parent, mia, chore) = family_with_chore(&api, json!({"frequencyDays": 0})).await;
    let first = done(&mia, &chore).await;
    // Read twice each: the second answer is the kept one.
    for _ in 0..2 {
        assert_eq!(queued(&parent).await, [first.as_str()]);
        assert_eq!(ids(&mia, "/submissions").await, [first.as_str()]);
    }
    let queue_before = queue(&parent).await;
    assert!(
        queue_before[0]["payPreview"].is_object(),
        "a kept queue still says what approving pays: {queue_before:?}"
    );

    // No waiting: the child's submission went through this gateway.
    let second = done(&mia, &chore).await;
    assert_eq!(queued(&parent).await, [first.as_str(), second.as_str()]);
    review(&parent, &first, "APPROVED").await;
    assert_eq!(queued(&parent).await, [second.as_str()]);
    let (status, body) = send(mia.get("/submissions?status=APPROVED")).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body[0]["id"], first.as_str());
    review(&parent, &second, "REJECTED").await;
    assert!(queued(&parent).await.is_empty());
}

#[tokio::test]
async fn another_gateways_kept_lists_follow_the_events() {
    let (mut stack, api) = start().await;
    let other = format!("{}/api", stack.start_gateway().await);
    let (parent, mia, chore) = family_with_chore(&api, json!({"frequencyDays": 0})).await;
    let first = done(&mia, &chore).await;
    let parent_there = through(&parent, &other);
    let mia_there = through(&mia, &other);
    assert_eq!(queued(&parent_there).await, [first.as_str()]);
    assert_eq!(ids(&mia_there, "/submissions").await, [first.as_str()]);

    let second = done(&mia, &chore).await;
    eventually("the other gateway lists the new submission", || async {
        queued(&parent_there).await == [first.as_str(), second.as_str()]
    })
    .await;
    review(&parent, &first, "APPROVED").await;
    eventually("the other gateway drops the reviewed one", || async {
        queued(&parent_there).await == [second.as_str()]
    })
    .await;
    eventually("the child's list there says it was approved", || async {
        let (_, body) = send(mia_there.get("/submissions?status=APPROVED")).await;
        body.as_array()
            .is_some_and(|l| l.len() == 1 && l[0]["id"] == first.as_str())
    })
    .await;
}

#[tokio::test]
async fn each_family_and_child_reads_only_their_own_kept_list() {
    let (_stack, api) = start().await;
    let (lees, mia, lees_chore) = family_with_chore(&api, json!({"frequencyDays": 0})).await;
    let (kims, jo, kims_chore) = family_with_chore(&api, json!({"frequencyDays": 0})).await;
    let (ben, _) = child(&lees, "Ben").await;
    let mias = done(&mia, &lees_chore).await;
    let bens = done(&ben, &lees_chore).await;
    let jos = done(&jo, &kims_chore).await;
    for _ in 0..2 {
        assert_eq!(queued(&lees).await, [mias.as_str(), bens.as_str()]);
        assert_eq!(queued(&kims).await, [jos.as_str()]);
        assert_eq!(ids(&mia, "/submissions").await, [mias.as_str()]);
        assert_eq!(ids(&ben, "/submissions").await, [bens.as_str()]);
        assert_eq!(ids(&jo, "/submissions").await, [jos.as_str()]);
    }
    // A family's parents share what is kept: another family's parent does not.
    let stranger = parent(&api).await;
    assert!(queued(&stranger).await.is_empty());
}

/// What approving the first pending submission pays, as `parent` reads the queue.
async fn pays(parent: &Session) -> f64 {
    queue(parent).await[0]["payPreview"]["reward"]
        .as_f64()
        .unwrap()
}

/// Sends `chore` as `kid` and has `parent_there` (through another gateway)
/// keep the review queue once that gateway has heard of the submission:
/// kept earlier, the late event would outdate it, and a test of another
/// change's own event would pass without it. What approving it pays there.
async fn kept_queue_there(parent_there: &Session, kid: &Session, chore: &Value) -> f64 {
    let mut heard_there = Events::open(parent_there, None).await;
    let submitted = done(kid, chore).await;
    heard_there
        .until("submission.created", "submissionId", &submitted)
        .await;
    let before = pays(parent_there).await;
    assert_eq!(pays(parent_there).await, before, "kept, and unchanged");
    before
}

/// Waits until the queue kept through the other gateway pays more than
/// `before`, as the one read through the gateway of the change does at once.
async fn pays_more_there(parent: &Session, parent_there: &Session, before: f64, what: &str) {
    assert!(pays(parent).await > before);
    eventually(what, || async { pays(parent_there).await > before }).await;
}

/// A family with one chore and one child, and its parent signed in through
/// a second gateway over the same services.
struct BehindTwoGateways {
    _stack: testkit::Stack,
    parent: Session,
    parent_there: Session,
    kid: Session,
    kid_id: String,
    chore: Value,
}

async fn family_behind_two_gateways() -> BehindTwoGateways {
    let (mut stack, api) = start().await;
    let other = format!("{}/api", stack.start_gateway().await);
    let parent = parent(&api).await;
    let kitchen = category(&parent, "Kitchen").await;
    let chore = chore(&parent, &kitchen, json!({"frequencyDays": 0})).await;
    let (kid, record) = child(&parent, "Mia").await;
    let parent_there = through(&parent, &other);
    BehindTwoGateways {
        _stack: stack,
        parent,
        parent_there,
        kid,
        kid_id: record["id"].as_str().unwrap().to_owned(),
        chore,
    }
}

#[tokio::test]
async fn another_gateways_kept_queue_follows_a_childs_new_ratings() {
    // What approving pays moves with the child's behaviour ratings: a queue
    // kept by another gateway must not go on showing the old amount.
    let f = family_behind_two_gateways().await;
    let before = kept_queue_there(&f.parent_there, &f.kid, &f.chore).await;

    let (status, body) = send(f.parent.put(
        &format!("/children/{}/ratings", f.kid_id),
        &json!({"honestyRating": 10, "respectRating": 10, "rulesRating": 10}),
    ))
    .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    pays_more_there(
        &f.parent,
        &f.parent_there,
        before,
        "the other gateway pays the excellent rate",
    )
    .await;
}

#[tokio::test]
async fn another_gateways_kept_queue_follows_a_new_grade() {
    // What approving pays moves with the child's grades too.
    let f = family_behind_two_gateways().await;
    // The subject comes first: its own announcement is on the bus before
    // the submission's, which the other gateway is heard to have received.
    let maths = add_subject(
        &f.parent,
        &f.kid_id,
        json!({"name": "Maths", "gradeScale": "LETTER"}),
    )
    .await;
    let before = kept_queue_there(&f.parent_there, &f.kid, &f.chore).await;

    grade(&f.parent, &maths, json!({"grade": "A"})).await;
    pays_more_there(
        &f.parent,
        &f.parent_there,
        before,
        "the other gateway pays for the A",
    )
    .await;
}
