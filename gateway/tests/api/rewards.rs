//! Money, grades and multipliers through the API, against the real services.

use chrono::{Datelike, Utc};
use reqwest::StatusCode;
use serde_json::{Value, json};
use testkit::Options;

use crate::{
    chores::{category, chore},
    helpers::{
        Session, assert_error, assert_field_refused, child, eventually, parent, send, start,
        start_with,
    },
    submissions::{form, submit},
};

/// The child record of `id` as parents see it (balance, GPA, multiplier).
pub async fn child_record(parent: &Session, id: &str) -> Value {
    let (status, children) = send(parent.get("/children")).await;
    assert_eq!(status, StatusCode::OK, "{children}");
    children
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["id"] == id)
        .cloned()
        .unwrap()
}

async fn adjust(parent: &Session, child: &str, amount: Value, notes: &str) -> (StatusCode, Value) {
    send(parent.post(
        &format!("/children/{child}/adjust-balance"),
        &json!({"amount": amount, "notes": notes}),
    ))
    .await
}

/// Submits `chore` as `kid` and approves it; returns the reviewed submission.
pub async fn approve(parent: &Session, kid: &Session, chore: &Value) -> Value {
    let (status, submission) = submit(kid, form(chore, Utc::now(), None)).await;
    assert_eq!(status, StatusCode::CREATED, "{submission}");
    let id = submission["id"].as_str().unwrap();
    let (status, reviewed) = send(parent.patch(
        &format!("/submissions/{id}/review"),
        &json!({"status": "APPROVED"}),
    ))
    .await;
    assert_eq!(status, StatusCode::OK, "{reviewed}");
    reviewed
}

pub async fn balance_becomes(parent: &Session, child: &str, dollars: f64) {
    eventually(&format!("balance of {dollars}"), || async {
        child_record(parent, child).await["balance"] == json!(dollars)
    })
    .await;
}

#[tokio::test]
async fn adjustments_and_payouts_move_the_balance_and_never_below_zero() {
    let (_stack, api) = start().await;
    let parent = parent(&api).await;
    let (kid, mia) = child(&parent, "Mia").await;
    let id = mia["id"].as_str().unwrap();

    let (status, body) = adjust(&parent, id, json!("+10.00"), "  ").await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_error(&body, "Please provide a reason for the balance adjustment");
    assert_field_refused(&body, "notes", "ADJUSTMENT_REASON_REQUIRED");
    let (status, body) = adjust(&parent, id, json!("ten"), "Gift").await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_error(
        &body,
        "Amount must be a signed amount such as +10.00 or -5.50",
    );
    assert_field_refused(&body, "amount", "SIGNED_AMOUNT_INVALID");

    let (status, entry) = adjust(&parent, id, json!("+10.00"), "Grandma's gift").await;
    assert_eq!(status, StatusCode::OK, "{entry}");
    assert_eq!(entry["balance"], 10.0);
    assert_eq!(entry["kind"], "ADJUSTMENT");
    let (_, entry) = adjust(&parent, id, json!("-5.50"), "Broken window").await;
    assert_eq!(entry["balance"], 4.5);
    let (status, body) = adjust(&parent, id, json!("-4.51"), "Too much").await;
    assert_eq!(status, StatusCode::CONFLICT);
    assert_error(&body, "The adjustment would make the balance negative");
    assert_eq!(child_record(&parent, id).await["balance"], 4.5);

    let pay = |body: Value| parent.post("/payouts", &body);
    let (status, body) = send(pay(json!({"childId": id, "amount": 5}))).await;
    assert_eq!(status, StatusCode::CONFLICT);
    assert_error(&body, "The payout is larger than Mia's balance of $4.50");
    let (status, body) = send(pay(json!({"childId": id, "amount": 0}))).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_error(&body, "Amount must be greater than 0");
    let (status, body) = send(pay(json!({"amount": 1}))).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_error(&body, "Child is required");
    let (status, payout) = send(pay(json!({"childId": id, "amount": 4, "notes": "Cinema"}))).await;
    assert_eq!(status, StatusCode::CREATED, "{payout}");
    assert_eq!(payout["childName"], "Mia");
    assert_eq!(payout["parentName"], "Ann Lee");
    assert_eq!(child_record(&parent, id).await["balance"], 0.5);

    // The parent sees who paid; the child sees their own payouts only, without it.
    let (_, list) = send(parent.get("/payouts")).await;
    assert_eq!(list[0]["amount"], 4.0);
    assert_eq!(list[0]["notes"], "Cinema");
    let (status, own) = send(kid.get("/payouts")).await;
    assert_eq!(status, StatusCode::OK, "{own}");
    assert_eq!(own[0]["childName"], "Mia");
    assert!(own[0]["parentName"].is_null());
    let (status, _) = send(kid.post("/payouts", &json!({"childId": id, "amount": 0.5}))).await;
    assert_eq!(status, StatusCode::FORBIDDEN);

    // Another family's parent finds no such child.
    let stranger = crate::helpers::parent(&api).await;
    let (status, _) = adjust(&stranger, id, json!("+1"), "Nope").await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    let (status, _) = send(stranger.post("/payouts", &json!({"childId": id, "amount": 0.5}))).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    let (_, theirs) = send(stranger.get("/payouts")).await;
    assert_eq!(theirs, json!([]));
}

#[tokio::test]
async fn a_d_grade_switches_bonuses_off_and_the_next_approval_pays_accordingly() {
    let (_stack, api) = start().await;
    let parent = parent(&api).await;
    let kitchen = category(&parent, "Kitchen").await;
    let dishes = chore(
        &parent,
        &kitchen,
        json!({"baseReward": 2.0, "frequencyDays": 0}),
    )
    .await;
    let (kid, mia) = child(&parent, "Mia").await;
    let id = mia["id"].as_str().unwrap();

    let (status, _) = send(parent.put(
        &format!("/children/{id}/ratings"),
        &json!({"honestyRating": 9, "respectRating": 9, "rulesRating": 9}),
    ))
    .await;
    assert_eq!(status, StatusCode::OK);
    let math = add_subject(&parent, id, json!({"name": "Math", "gradeScale": "LETTER"})).await;
    grade(&parent, &math, json!({"grade": "A"})).await;

    let m = &child_record(&parent, id).await["multiplier"];
    assert_eq!(
        (m["grade"].clone(), m["behaviour"].clone()),
        (json!(1.5), json!(1.2))
    );
    assert_eq!(m["total"], 1.8);
    let first = approve(&parent, &kid, &dishes).await;
    assert_eq!(first["multiplier"], 1.8);
    assert_eq!(first["boostedReward"], 3.6);

    // A D in another active subject: every bonus counts as 1.0.
    let science = add_subject(
        &parent,
        id,
        json!({"name": "Science", "gradeScale": "LETTER"}),
    )
    .await;
    grade(&parent, &science, json!({"grade": "D"})).await;
    let record = child_record(&parent, id).await;
    assert_eq!(record["gpa"], 2.5);
    let m = &record["multiplier"];
    assert_eq!(m["bonusesDisabled"], true);
    assert_eq!(
        (
            m["grade"].clone(),
            m["behaviour"].clone(),
            m["total"].clone()
        ),
        (json!(1.0), json!(1.0), json!(1.0))
    );
    let second = approve(&parent, &kid, &dishes).await;
    assert_eq!(second["boostedReward"], 2.0);

    // Penalties still apply.
    send(parent.put(
        &format!("/children/{id}/ratings"),
        &json!({"honestyRating": 2, "respectRating": 3, "rulesRating": 2}),
    ))
    .await;
    let third = approve(&parent, &kid, &dishes).await;
    assert_eq!(third["multiplier"], 0.8);
    assert_eq!(third["boostedReward"], 1.6);

    // Each approval credits its boosted reward once.
    balance_becomes(&parent, id, 7.2).await; // 3.60 + 2.00 + 1.60
}

pub async fn add_subject(parent: &Session, child: &str, body: Value) -> String {
    let (status, subject) = send(parent.post(&format!("/subjects/{child}"), &body)).await;
    assert_eq!(status, StatusCode::CREATED, "{subject}");
    subject["id"].as_str().unwrap().to_owned()
}

pub async fn grade(parent: &Session, subject: &str, body: Value) -> Value {
    let (status, answer) = send(parent.post(&format!("/subjects/{subject}/grade"), &body)).await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    answer
}

#[tokio::test]
async fn gpa_mixes_letter_and_percentage_subjects_and_archived_ones_take_no_grades() {
    let (_stack, api) = start().await;
    let parent = parent(&api).await;
    let (kid, mia) = child(&parent, "Mia").await;
    let id = mia["id"].as_str().unwrap();

    let math = add_subject(
        &parent,
        id,
        json!({"name": "Math", "teacher": "Mr Byrne", "period": "1", "gradeScale": "LETTER"}),
    )
    .await;
    let art = add_subject(
        &parent,
        id,
        json!({"name": "Art", "gradeScale": "PERCENTAGE"}),
    )
    .await;
    let honours = add_subject(
        &parent,
        id,
        json!({"name": "Honours English", "gradeScale": "LETTER", "customScale": "{\"points\": {\"A\": 5.0}}"}),
    )
    .await;
    let history = add_subject(
        &parent,
        id,
        json!({"name": "History", "gradeScale": "PERCENTAGE", "customScale": "{\"thresholds\": {\"A\": 95, \"B\": 85}}"}),
    )
    .await;
    let music = add_subject(
        &parent,
        id,
        json!({"name": "Music", "gradeScale": "LETTER"}),
    )
    .await;

    grade(&parent, &math, json!({"grade": "A"})).await; // 4.0
    let art_now = grade(&parent, &art, json!({"percentage": 85.5})).await; // B: 3.0
    assert_eq!(art_now["currentGrade"], "85.5%");
    assert_eq!(art_now["currentValue"], 85.5);
    assert_eq!(art_now["gradePoints"], 3.0);
    grade(&parent, &honours, json!({"grade": "A"})).await; // 5.0
    let history_now = grade(&parent, &history, json!({"percentage": 92})).await; // B by its thresholds
    assert_eq!(history_now["gradePoints"], 3.0);
    grade(&parent, &music, json!({"grade": "F"})).await;

    // Archived: out of the GPA, and no more grades.
    let (status, archived) =
        send(parent.put(&format!("/subjects/{music}"), &json!({"isActive": false}))).await;
    assert_eq!(status, StatusCode::OK, "{archived}");
    assert_eq!(archived["isActive"], false);
    let (status, body) =
        send(parent.post(&format!("/subjects/{music}/grade"), &json!({"grade": "A"}))).await;
    assert_eq!(status, StatusCode::CONFLICT);
    assert_error(&body, "Archived subjects cannot be graded");

    // (4.0 + 3.0 + 5.0 + 3.0) / 4, by hand.
    let record = child_record(&parent, id).await;
    assert_eq!(record["gpa"], 3.75);
    assert_eq!(record["gpaLetter"], "A");
    assert_eq!(
        record["multiplier"]["bonusesDisabled"], false,
        "the F is archived"
    );

    // The child reads their own subjects; grade history is kept.
    let grade_again = grade(&parent, &math, json!({"grade": "B"})).await;
    assert_eq!(grade_again["grades"].as_array().unwrap().len(), 2);
    assert_eq!(grade_again["currentGrade"], "B");
    let (status, own) = send(kid.get(&format!("/subjects/{id}"))).await;
    assert_eq!(status, StatusCode::OK, "{own}");
    let names: Vec<Value> = own
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["name"].clone())
        .collect();
    assert_eq!(names.last().unwrap(), "Music", "archived last");
    let (status, _) =
        send(kid.post(&format!("/subjects/{math}/grade"), &json!({"grade": "A"}))).await;
    assert_eq!(status, StatusCode::FORBIDDEN);

    // Bad input.
    let cases = [
        (
            json!({"name": "", "gradeScale": "LETTER"}),
            "Name is required",
        ),
        (json!({"name": "X"}), "Grade scale is required"),
        (
            json!({"name": "X", "gradeScale": "LETTER", "customScale": "{\"points\": {\"A\": 6}}"}),
            "Grade points must be between 0 and 5, in steps of 0.1",
        ),
    ];
    for (body, message) in cases {
        let (status, answer) = send(parent.post(&format!("/subjects/{id}"), &body)).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
        assert_error(&answer, message);
    }
    let (status, body) = send(parent.post(
        &format!("/subjects/{art}/grade"),
        &json!({"percentage": 101}),
    ))
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
    let (status, body) =
        send(parent.post(&format!("/subjects/{math}/grade"), &json!({"grade": "E"}))).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_error(&body, "grade must be one of A, B, C, D or F");

    // Archive All, then restore one.
    let (status, done) =
        send(parent.post(&format!("/subjects/{id}/archive-all"), &json!({}))).await;
    assert_eq!(status, StatusCode::OK, "{done}");
    assert_eq!(done["archived"], 4);
    assert!(child_record(&parent, id).await["gpa"].is_null());
    let (_, restored) =
        send(parent.put(&format!("/subjects/{math}"), &json!({"isActive": true}))).await;
    assert_eq!(restored["isActive"], true);
    assert_eq!(child_record(&parent, id).await["gpa"], 3.0);
    let (status, _) = send(parent.delete(&format!("/subjects/{math}"))).await;
    assert_eq!(status, StatusCode::NO_CONTENT);
}

#[tokio::test]
async fn multiplier_settings_are_the_familys_own() {
    let (_stack, api) = start().await;
    let parent = parent(&api).await;
    let (status, defaults) = send(parent.get("/multipliers")).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(
        defaults,
        json!({"gradeA": 1.5, "gradeB": 1.3, "gradeC": 1.0, "gradeD": 0.8, "gradeF": 0.5,
            "behaviourExcellent": 1.2, "behaviourPoor": 0.8, "streak7": 1.1, "streak30": 1.25, "streak90": 1.5})
    );
    let mut changed = defaults.clone();
    changed["gradeA"] = json!(2.0);
    changed["streak90"] = json!(6);
    let (status, body) = send(parent.put("/multipliers", &changed)).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_error(
        &body,
        "90-day streak multiplier must be between 0.1 and 5.0",
    );
    changed["streak90"] = json!(1.75);
    let (status, saved) = send(parent.put("/multipliers", &changed)).await;
    assert_eq!(status, StatusCode::OK, "{saved}");
    let (_, again) = send(parent.get("/multipliers")).await;
    assert_eq!(again, changed);
    // Other families keep the defaults; children change nothing.
    let other = crate::helpers::parent(&api).await;
    assert_eq!(send(other.get("/multipliers")).await.1, defaults);
    let (kid, _) = child(&parent, "Mia").await;
    assert_eq!(
        send(kid.put("/multipliers", &defaults)).await.0,
        StatusCode::FORBIDDEN
    );
}

#[tokio::test]
async fn a_birthday_is_paid_once() {
    let (stack, api) = start_with(Options {
        birthday_check_secs: Some(1),
        ..Options::default()
    })
    .await;
    let parent = parent(&api).await;
    // Today in the family's zone (New York), ten years ago.
    let tz: chrono_tz::Tz = "America/New_York".parse().unwrap();
    let today = Utc::now().with_timezone(&tz).date_naive();
    let born = today.with_year(today.year() - 10).unwrap_or(today);
    let (status, answer) = send(parent.post(
        "/children/invite",
        &json!({"firstName": "Mia", "email": crate::helpers::unique_email("mia"),
            "dateOfBirth": born.to_string(), "birthdayRewardAmount": 7.5}),
    ))
    .await;
    assert_eq!(status, StatusCode::CREATED, "{answer}");
    let id = answer["child"]["id"].as_str().unwrap();
    balance_becomes(&parent, id, 7.5).await;

    // Looking again, now or on any later run, pays nothing more.
    let paid = ::rewards::birthdays::pay_due(&stack.rewards_pool, Utc::now())
        .await
        .unwrap();
    assert_eq!(paid, 0);
    assert_eq!(child_record(&parent, id).await["balance"], 7.5);
}
