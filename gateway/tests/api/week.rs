//! The week view through the API against the real services: who does what
//! on each day, turns alternating and a swap applied, paused days, and who
//! may ask. The chores service reads a clock the test moves.

use kit::clock::ManualClock;
use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::{
    chores::chore,
    helpers::{assert_error, assert_field_refused, send},
    schedule::{Family, monday_noon, new_york, stack_on},
};

fn id(value: &Value) -> String {
    value["id"].as_str().unwrap().to_owned()
}

/// Each day of `child`'s row as (date, paused, chore names).
fn row(week: &Value, child: &str) -> Vec<(String, bool, Vec<String>)> {
    let children = week["children"].as_array().unwrap();
    let row = children
        .iter()
        .find(|c| c["childName"] == child)
        .unwrap_or_else(|| panic!("{child} in {week}"));
    row["days"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| {
            (
                d["date"].as_str().unwrap().to_owned(),
                d["paused"].as_bool().unwrap(),
                d["chores"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .map(|c| c["name"].as_str().unwrap().to_owned())
                    .collect(),
            )
        })
        .collect()
}

fn day(date: &str, paused: bool, chores: &[&str]) -> (String, bool, Vec<String>) {
    (
        date.to_owned(),
        paused,
        chores.iter().map(|c| (*c).to_owned()).collect(),
    )
}

#[tokio::test]
async fn a_parent_sees_turns_alternate_across_the_week_with_a_swap_applied() {
    let clock = ManualClock::at(monday_noon());
    let (_stack, api) = stack_on(&clock).await;
    let f = Family::new(&api).await;
    let dishes = chore(
        &f.parent,
        &f.kitchen,
        json!({"name": "Dishes", "assignmentMode": "ROTATE",
            "assignedChildIds": [f.lily_id, f.max_id]}),
    )
    .await;
    chore(
        &f.parent,
        &f.kitchen,
        json!({"name": "Beds", "assignedChildIds": [f.max_id],
            "dueDays": [1, 3], "dueTime": "08:00"}),
    )
    .await;
    // An any-time chore for everyone is on no day.
    chore(&f.parent, &f.kitchen, json!({"name": "Tidy"})).await;
    // Wednesday's turn (Lily's) goes to Max; Lily takes his Thursday.
    let (status, body) = send(f.parent.post(
        &format!("/chores/{}/turns/swap", id(&dishes)),
        &json!({"childId": f.max_id, "date": "2030-01-09"}),
    ))
    .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let (status, body) = send(f.parent.post(
        &format!("/children/{}/pauses", f.max_id),
        &json!({"from": "2030-01-12", "to": "2030-01-12", "reason": "Camp"}),
    ))
    .await;
    assert_eq!(status, StatusCode::CREATED, "{body}");

    let (status, week) = send(f.parent.get("/chores/week")).await;
    assert_eq!(status, StatusCode::OK, "{week}");
    assert_eq!(week["from"], "2030-01-07");
    assert_eq!(week["to"], "2030-01-13");
    assert_eq!(week["timeZone"], "America/New_York");
    assert_eq!(
        row(&week, "Lily"),
        [
            day("2030-01-07", false, &["Dishes"]),
            day("2030-01-08", false, &[]),
            day("2030-01-09", false, &[]),
            day("2030-01-10", false, &["Dishes"]),
            day("2030-01-11", false, &["Dishes"]),
            // Max's turn, passed to Lily: he is away.
            day("2030-01-12", false, &["Dishes"]),
            day("2030-01-13", false, &["Dishes"]),
        ]
    );
    assert_eq!(
        row(&week, "Max"),
        [
            day("2030-01-07", false, &["Beds"]),
            day("2030-01-08", false, &["Dishes"]),
            day("2030-01-09", false, &["Beds", "Dishes"]),
            day("2030-01-10", false, &[]),
            day("2030-01-11", false, &[]),
            day("2030-01-12", true, &[]),
            day("2030-01-13", false, &[]),
        ]
    );
    let max = week["children"]
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["childName"] == "Max")
        .unwrap();
    let wednesday = &max["days"][2]["chores"];
    assert_eq!(wednesday[0]["mode"], "EACH");
    let due = chrono::DateTime::parse_from_rfc3339(wednesday[0]["dueAt"].as_str().unwrap());
    assert_eq!(due.unwrap().to_utc(), new_york("2030-01-09 08:00"));
    assert_eq!(wednesday[1]["mode"], "ROTATE");
    assert_eq!(wednesday[1]["swapped"], true);
    assert_eq!(wednesday[1]["dueAt"], Value::Null);

    // The next week goes on with the order: Monday the 14th is Max's.
    let (status, next) = send(f.parent.get("/chores/week?from=2030-01-14")).await;
    assert_eq!(status, StatusCode::OK, "{next}");
    assert_eq!(
        row(&next, "Max")[0],
        day("2030-01-14", false, &["Beds", "Dishes"])
    );
    assert_eq!(row(&next, "Lily")[1], day("2030-01-15", false, &["Dishes"]));

    // The week is the parents'; a date is checked with its field named.
    let (status, _) = send(f.lily.get("/chores/week")).await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    // (An empty one is no date: only an absent one is today.)
    for from in ["next%20week", ""] {
        let (status, answer) = send(f.parent.get(&format!("/chores/week?from={from}"))).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{answer}");
        assert_error(&answer, "Date must be a date as YYYY-MM-DD");
        // The gateway's check of an empty date and the service's of a
        // wrong one are one refusal.
        assert_field_refused(&answer, "from", "DATE_INVALID");
    }
    // A week far off is answered like any other.
    let (status, far) = send(f.parent.get("/chores/week?from=2031-06-01")).await;
    assert_eq!(status, StatusCode::OK, "{far}");
}
