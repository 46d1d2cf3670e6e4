//! Who does a chore and when, through the API against the real services:
//! turns, first come, due times, today's lists and their refusals. The
//! chores service reads a clock the test moves; nothing waits for time.

use chrono::{DateTime, Duration, Utc};
use kit::clock::ManualClock;
use reqwest::StatusCode;
use serde_json::{Value, json};
use testkit::{Options, Stack};

use crate::{
    chores::{category, chore},
    helpers::{
        Session, assert_error, assert_field_refused, child, eventually, parent, send, start_with,
    },
    submissions::{form, submit},
};

/// Monday 7 January 2030, 12:00 in New York (the test families' zone).
pub fn monday_noon() -> DateTime<Utc> {
    DateTime::parse_from_rfc3339("2030-01-07T17:00:00Z")
        .unwrap()
        .to_utc()
}

/// A moment of the family's clock that day or later ("2030-01-08 07:30").
pub fn new_york(text: &str) -> DateTime<Utc> {
    let wall = chrono::NaiveDateTime::parse_from_str(text, "%Y-%m-%d %H:%M").unwrap();
    wall.and_local_timezone(chrono_tz::America::New_York)
        .single()
        .unwrap()
        .to_utc()
}

/// The stack with the chores service on a clock the test moves.
pub async fn stack_on(clock: &ManualClock) -> (Stack, String) {
    start_with(Options {
        chores_clock: Some(clock.clock()),
        ..Options::default()
    })
    .await
}

/// A family with a Kitchen category and two children who signed in.
pub struct Family {
    pub parent: Session,
    pub kitchen: String,
    pub lily: Session,
    pub lily_id: String,
    pub max: Session,
    pub max_id: String,
}

impl Family {
    pub async fn new(api: &str) -> Self {
        let parent = parent(api).await;
        let kitchen = category(&parent, "Kitchen").await;
        let (lily, lily_record) = child(&parent, "Lily").await;
        let (max, max_record) = child(&parent, "Max").await;
        Self {
            parent,
            kitchen,
            lily,
            lily_id: id(&lily_record),
            max,
            max_id: id(&max_record),
        }
    }
}

fn id(value: &Value) -> String {
    value["id"].as_str().unwrap().to_owned()
}

/// `session`'s list of today (one child's), as the API answers it.
async fn today(session: &Session, query: &str) -> Value {
    let (status, body) = send(session.get(&format!("/chores/today{query}"))).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    body
}

/// Where `chore` stands on the calling child's list today; Null when it is
/// not on it.
async fn entry(kid: &Session, chore: &Value) -> Value {
    let body = today(kid, "").await;
    let children = body["children"].as_array().unwrap();
    assert_eq!(children.len(), 1, "{body}");
    children[0]["chores"]
        .as_array()
        .unwrap()
        .iter()
        .find(|e| e["chore"]["id"] == chore["id"])
        .cloned()
        .unwrap_or(Value::Null)
}

async fn status_of(kid: &Session, chore: &Value) -> Value {
    entry(kid, chore).await["status"].clone()
}

async fn availability_of(kid: &Session, chore: &Value) -> Value {
    let (status, body) = send(kid.get("/submissions/availability")).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    body.as_array()
        .unwrap()
        .iter()
        .find(|a| a["choreId"] == chore["id"])
        .cloned()
        .unwrap()
}

fn at(value: &Value) -> DateTime<Utc> {
    value
        .as_str()
        .unwrap_or_else(|| panic!("not a time: {value}"))
        .parse()
        .unwrap()
}

#[tokio::test]
async fn a_rotating_chore_alternates_between_two_children_day_by_day() {
    let clock = ManualClock::at(monday_noon());
    let (_stack, api) = stack_on(&clock).await;
    let f = Family::new(&api).await;
    let dishes = chore(
        &f.parent,
        &f.kitchen,
        json!({"name": "Dishes", "frequencyDays": 1, "assignmentMode": "ROTATE",
            "assignedChildIds": [f.lily_id, f.max_id]}),
    )
    .await;
    assert_eq!(dishes["assignmentMode"], "ROTATE");
    assert_eq!(dishes["assignedChildIds"], json!([f.lily_id, f.max_id]));
    assert_eq!(dishes["dueDays"], json!([]));
    assert_eq!(dishes["dueTime"], Value::Null);

    // Monday is Lily's: Max is told so, and when his turn comes.
    let lily = entry(&f.lily, &dishes).await;
    assert_eq!(lily["status"], "TODO", "{lily}");
    assert_eq!(lily["turn"], json!({"id": f.lily_id, "name": "Lily"}));
    assert_eq!(lily["dueAt"], Value::Null);
    let max = entry(&f.max, &dishes).await;
    assert_eq!(max["status"], "NOT_YOUR_TURN", "{max}");
    assert_eq!(max["turn"], json!({"id": f.lily_id, "name": "Lily"}));
    assert_eq!(at(&max["nextAvailableAt"]), new_york("2030-01-08 00:00"));
    let (status, body) = submit(&f.max, form(&dishes, clock.now(), None)).await;
    assert_eq!(status, StatusCode::CONFLICT, "{body}");
    assert_error(&body, "It is Lily's turn for this chore");
    let (status, body) = submit(&f.lily, form(&dishes, clock.now(), None)).await;
    assert_eq!(status, StatusCode::CREATED, "{body}");
    assert_eq!(body["late"], false);
    let lily = entry(&f.lily, &dishes).await;
    assert_eq!(lily["status"], "DONE", "{lily}");
    assert_eq!(lily["submission"]["id"], body["id"]);
    assert_eq!(lily["submission"]["status"], "PENDING");

    // Tuesday is Max's; he lets it pass.
    clock.set(new_york("2030-01-08 00:00"));
    assert_eq!(status_of(&f.max, &dishes).await, "TODO");
    let lily = entry(&f.lily, &dishes).await;
    assert_eq!(lily["status"], "NOT_YOUR_TURN", "{lily}");
    assert_eq!(lily["turn"]["name"], "Max");
    let (status, body) = submit(&f.lily, form(&dishes, clock.now(), None)).await;
    assert_eq!(status, StatusCode::CONFLICT, "{body}");
    assert_error(&body, "It is Max's turn for this chore");

    // Wednesday is Lily's again, done or not on Tuesday.
    clock.set(new_york("2030-01-09 18:00"));
    assert_eq!(status_of(&f.lily, &dishes).await, "TODO");
    assert_eq!(status_of(&f.max, &dishes).await, "NOT_YOUR_TURN");
    let max = availability_of(&f.max, &dishes).await;
    assert_eq!(max["isAvailable"], false, "{max}");
    assert_eq!(at(&max["nextAvailableAt"]), new_york("2030-01-10 00:00"));
    assert_eq!(max["daysRemaining"], 1);
    assert_eq!(availability_of(&f.lily, &dishes).await["isAvailable"], true);
    let (status, body) = submit(&f.lily, form(&dishes, clock.now(), None)).await;
    assert_eq!(status, StatusCode::CREATED, "{body}");

    // A parent sees both children's lists, or one child's.
    let all = today(&f.parent, "").await;
    assert_eq!(all["date"], "2030-01-09");
    assert_eq!(all["timeZone"], "America/New_York");
    let names: Vec<&Value> = all["children"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| &c["childName"])
        .collect();
    assert_eq!(names, [&json!("Lily"), &json!("Max")]);
    let one = today(&f.parent, &format!("?childId={}", f.max_id)).await;
    assert_eq!(one["children"].as_array().unwrap().len(), 1);
    assert_eq!(one["children"][0]["chores"][0]["status"], "NOT_YOUR_TURN");

    // The coming turns, from today's.
    let (status, turns) = send(f.max.get(&format!("/chores/{}/turns?count=3", id(&dishes)))).await;
    assert_eq!(status, StatusCode::OK, "{turns}");
    let (status, body) = send(
        f.max
            .get(&format!("/chores/{}/turns?count=32", id(&dishes))),
    )
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
    assert_error(&body, "count must be from 1 to 31");
    assert_field_refused(&body, "count", "TURN_COUNT_OUT_OF_RANGE");
    let listed: Vec<(Value, Value)> = turns["turns"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| (t["startsOn"].clone(), t["child"]["name"].clone()))
        .collect();
    assert_eq!(
        listed,
        [
            (json!("2030-01-09"), json!("Lily")),
            (json!("2030-01-10"), json!("Max")),
            (json!("2030-01-11"), json!("Lily")),
        ]
    );
}

#[tokio::test]
async fn first_come_is_taken_by_the_first_child_and_freed_by_a_rejection() {
    let clock = ManualClock::at(monday_noon());
    let (_stack, api) = stack_on(&clock).await;
    let f = Family::new(&api).await;
    // Every child (no one assigned), the first to do it takes it for the day.
    let dog = chore(
        &f.parent,
        &f.kitchen,
        json!({"name": "Walk the dog", "frequencyDays": 1, "assignmentMode": "FIRST_COME"}),
    )
    .await;
    assert_eq!(status_of(&f.max, &dog).await, "TODO");
    let (status, lilys) = submit(&f.lily, form(&dog, clock.now(), None)).await;
    assert_eq!(status, StatusCode::CREATED, "{lilys}");

    let max = entry(&f.max, &dog).await;
    assert_eq!(max["status"], "TAKEN", "{max}");
    assert_eq!(max["takenBy"], json!({"id": f.lily_id, "name": "Lily"}));
    assert_eq!(at(&max["nextAvailableAt"]), new_york("2030-01-08 00:00"));
    assert_eq!(status_of(&f.lily, &dog).await, "DONE");
    let (status, body) = submit(&f.max, form(&dog, clock.now(), None)).await;
    assert_eq!(status, StatusCode::CONFLICT, "{body}");
    assert_error(&body, "Lily has already taken this chore today");

    // Lily's walk is rejected: the dog is free again, and Max takes it.
    let (status, body) = send(f.parent.patch(
        &format!("/submissions/{}/review", id(&lilys)),
        &json!({"status": "REJECTED", "adminNotes": "Too short"}),
    ))
    .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(status_of(&f.max, &dog).await, "TODO");
    assert_eq!(status_of(&f.lily, &dog).await, "TODO");
    let (status, body) = submit(&f.max, form(&dog, clock.now(), None)).await;
    assert_eq!(status, StatusCode::CREATED, "{body}");
    assert_eq!(entry(&f.lily, &dog).await["takenBy"]["name"], "Max");
    let (status, body) = submit(&f.lily, form(&dog, clock.now(), None)).await;
    assert_eq!(status, StatusCode::CONFLICT, "{body}");
    assert_error(&body, "Max has already taken this chore today");

    // The next day it is anyone's.
    clock.set(new_york("2030-01-08 07:00"));
    assert_eq!(status_of(&f.lily, &dog).await, "TODO");
    assert_eq!(status_of(&f.max, &dog).await, "TODO");

    // Taken for a week, it says until when.
    let windows = chore(
        &f.parent,
        &f.kitchen,
        json!({"name": "Windows", "frequencyDays": 7, "assignmentMode": "FIRST_COME",
            "assignedChildIds": [f.lily_id, f.max_id]}),
    )
    .await;
    let (status, body) = submit(&f.max, form(&windows, clock.now(), None)).await;
    assert_eq!(status, StatusCode::CREATED, "{body}");
    let (status, body) = submit(&f.lily, form(&windows, clock.now(), None)).await;
    assert_eq!(status, StatusCode::CONFLICT, "{body}");
    assert_error(
        &body,
        "Max has already taken this chore; it is free again on January 15, 2030",
    );
    assert_eq!(body["code"], "TAKEN_UNTIL");
    assert_eq!(body["params"], json!({"name": "Max", "date": "2030-01-15"}));
}

#[tokio::test]
async fn a_scheduled_chore_is_due_by_its_time_and_late_after_it() {
    let clock = ManualClock::at(new_york("2030-01-07 06:30"));
    let (_stack, api) = stack_on(&clock).await;
    let f = Family::new(&api).await;
    // Beds by 08:00 on Mondays and Wednesdays, each child their own.
    let beds = chore(
        &f.parent,
        &f.kitchen,
        json!({"name": "Beds", "dueDays": [3, 1], "dueTime": "08:00"}),
    )
    .await;
    assert_eq!(beds["dueDays"], json!([1, 3]));
    assert_eq!(beds["dueTime"], "08:00");

    let lily = entry(&f.lily, &beds).await;
    assert_eq!(lily["status"], "TODO", "{lily}");
    assert_eq!(at(&lily["dueAt"]), new_york("2030-01-07 08:00"));
    clock.set(new_york("2030-01-07 07:15"));
    assert_eq!(status_of(&f.lily, &beds).await, "DUE_SOON");
    let (status, body) = submit(&f.lily, form(&beds, clock.now(), None)).await;
    assert_eq!(status, StatusCode::CREATED, "{body}");
    assert_eq!(body["late"], false);

    clock.set(new_york("2030-01-07 09:00"));
    assert_eq!(status_of(&f.max, &beds).await, "LATE");
    // Late, not refused: Max's submission is marked so.
    let (status, body) = submit(&f.max, form(&beds, clock.now(), None)).await;
    assert_eq!(status, StatusCode::CREATED, "{body}");
    assert_eq!(body["late"], true);
    let max = entry(&f.max, &beds).await;
    assert_eq!(max["status"], "DONE");
    assert_eq!(max["submission"]["late"], true);
    let (status, body) = submit(&f.max, form(&beds, clock.now(), None)).await;
    assert_eq!(status, StatusCode::CONFLICT, "{body}");
    assert_error(&body, "This chore was already done on January 7, 2030");
    // The parent's queue shows which one came late.
    let (_, queue) = send(f.parent.get("/submissions?status=PENDING")).await;
    let late: Vec<(Value, Value)> = queue
        .as_array()
        .unwrap()
        .iter()
        .map(|s| (s["childName"].clone(), s["late"].clone()))
        .collect();
    assert_eq!(
        late,
        [(json!("Lily"), json!(false)), (json!("Max"), json!(true))]
    );

    // Tuesday it is not due: on no list, and not accepted.
    clock.set(new_york("2030-01-08 07:00"));
    assert_eq!(entry(&f.lily, &beds).await, Value::Null);
    let lily = availability_of(&f.lily, &beds).await;
    assert_eq!(lily["isAvailable"], false);
    assert_eq!(at(&lily["nextAvailableAt"]), new_york("2030-01-09 00:00"));
    let (status, body) = submit(&f.lily, form(&beds, clock.now(), None)).await;
    assert_eq!(status, StatusCode::CONFLICT, "{body}");
    assert_error(
        &body,
        "This chore is not available again until January 9, 2030",
    );
    assert_eq!(body["code"], "NOT_AVAILABLE_UNTIL");
    assert_eq!(body["params"], json!({"date": "2030-01-09"}));

    // Wednesday: a completion claimed for another day is refused.
    clock.set(new_york("2030-01-09 07:00"));
    let (status, body) = submit(&f.lily, form(&beds, clock.now() - Duration::days(1), None)).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
    assert_error(&body, "Completion time must be today");
    assert_field_refused(&body, "completedAt", "COMPLETION_NOT_TODAY");
}

/// A due time given without days is due every day: on a Saturday as on a
/// Monday, late after its time.
#[tokio::test]
async fn a_due_time_alone_is_due_every_day() {
    let clock = ManualClock::at(new_york("2030-01-12 06:30"));
    let (_stack, api) = stack_on(&clock).await;
    let f = Family::new(&api).await;
    let teeth = chore(
        &f.parent,
        &f.kitchen,
        json!({"name": "Teeth", "dueTime": "08:00"}),
    )
    .await;
    assert_eq!(teeth["dueDays"], json!([1, 2, 3, 4, 5, 6, 7]));
    let lily = entry(&f.lily, &teeth).await;
    assert_eq!(at(&lily["dueAt"]), new_york("2030-01-12 08:00"), "{lily}");
    clock.set(new_york("2030-01-12 09:00"));
    assert_eq!(status_of(&f.lily, &teeth).await, "LATE");
}

#[tokio::test]
async fn a_chore_that_is_not_the_childs_is_refused_with_its_reason() {
    let clock = ManualClock::at(monday_noon());
    let (_stack, api) = stack_on(&clock).await;
    let f = Family::new(&api).await;
    let homework = chore(
        &f.parent,
        &f.kitchen,
        json!({"name": "Feed the fish", "assignedChildIds": [f.lily_id]}),
    )
    .await;
    // Not on Max's list, not available to him, and refused.
    assert_eq!(entry(&f.max, &homework).await, Value::Null);
    let max = availability_of(&f.max, &homework).await;
    assert_eq!(max["isAvailable"], false);
    assert_eq!(max["nextAvailableAt"], Value::Null);
    let (status, body) = submit(&f.max, form(&homework, clock.now(), None)).await;
    assert_eq!(status, StatusCode::FORBIDDEN, "{body}");
    assert_error(&body, "This chore is not assigned to you");
    // Lily's, on the spec's daily rule.
    let (status, body) = submit(&f.lily, form(&homework, clock.now(), None)).await;
    assert_eq!(status, StatusCode::CREATED, "{body}");
    assert_eq!(status_of(&f.lily, &homework).await, "DONE");

    // A child reads only their own list.
    let (status, body) = send(f.max.get(&format!("/chores/today?childId={}", f.lily_id))).await;
    assert_eq!(status, StatusCode::NOT_FOUND, "{body}");
    assert_error(&body, "Child not found");
    let (status, _) = send(
        f.parent
            .get(&format!("/chores/today?childId={}", uuid::Uuid::new_v4())),
    )
    .await;
    assert_eq!(status, StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn a_chore_without_assignees_or_schedule_keeps_the_specs_rule() {
    let clock = ManualClock::at(monday_noon());
    let (_stack, api) = stack_on(&clock).await;
    let f = Family::new(&api).await;
    let bins = chore(
        &f.parent,
        &f.kitchen,
        json!({"name": "Bins", "frequencyDays": 2}),
    )
    .await;
    assert_eq!(bins["assignmentMode"], "EACH");
    assert_eq!(bins["assignedChildIds"], json!([]));
    assert_eq!(status_of(&f.lily, &bins).await, "TODO");
    let (status, body) = submit(&f.lily, form(&bins, clock.now(), None)).await;
    assert_eq!(status, StatusCode::CREATED, "{body}");
    assert_eq!(status_of(&f.lily, &bins).await, "DONE");
    assert_eq!(status_of(&f.max, &bins).await, "TODO");

    clock.set(new_york("2030-01-08 12:00"));
    let lily = entry(&f.lily, &bins).await;
    assert_eq!(lily["status"], "COOLDOWN", "{lily}");
    assert_eq!(at(&lily["nextAvailableAt"]), new_york("2030-01-09 00:00"));
    let (status, body) = submit(&f.lily, form(&bins, clock.now(), None)).await;
    assert_eq!(status, StatusCode::CONFLICT, "{body}");
    assert_error(
        &body,
        "This chore is not available again until January 9, 2030",
    );
    let spec = availability_of(&f.lily, &bins).await;
    assert_eq!(
        spec,
        json!({"choreId": bins["id"], "isAvailable": false,
            "nextAvailableAt": lily["nextAvailableAt"], "daysRemaining": 1})
    );

    clock.set(new_york("2030-01-09 00:00"));
    assert_eq!(status_of(&f.lily, &bins).await, "TODO");
    let (status, body) = submit(&f.lily, form(&bins, clock.now(), None)).await;
    assert_eq!(status, StatusCode::CREATED, "{body}");
}

#[tokio::test]
async fn a_parent_swaps_a_turn_and_the_other_child_takes_the_next() {
    let clock = ManualClock::at(monday_noon());
    let (_stack, api) = stack_on(&clock).await;
    let f = Family::new(&api).await;
    let (_, noa) = child(&f.parent, "Noa").await;
    let dishes = chore(
        &f.parent,
        &f.kitchen,
        json!({"name": "Dishes", "assignmentMode": "ROTATE",
            "assignedChildIds": [f.lily_id, f.max_id]}),
    )
    .await;
    let swap = format!("/chores/{}/turns/swap", id(&dishes));

    // Lily is away today: Max takes Monday, Lily his Tuesday.
    let (status, turns) = send(f.parent.post(&swap, &json!({"childId": f.max_id}))).await;
    assert_eq!(status, StatusCode::OK, "{turns}");
    let listed: Vec<(Value, Value, Value)> = turns["turns"]
        .as_array()
        .unwrap()
        .iter()
        .take(3)
        .map(|t| {
            (
                t["startsOn"].clone(),
                t["child"]["name"].clone(),
                t["swapped"].clone(),
            )
        })
        .collect();
    assert_eq!(
        listed,
        [
            (json!("2030-01-07"), json!("Max"), json!(true)),
            (json!("2030-01-08"), json!("Lily"), json!(true)),
            (json!("2030-01-09"), json!("Lily"), json!(false)),
        ]
    );
    assert_eq!(status_of(&f.max, &dishes).await, "TODO");
    let lily = entry(&f.lily, &dishes).await;
    assert_eq!(lily["status"], "NOT_YOUR_TURN");
    assert_eq!(lily["turn"]["name"], "Max");
    assert_eq!(at(&lily["nextAvailableAt"]), new_york("2030-01-08 00:00"));

    let refusals = [
        (
            json!({"childId": f.max_id}),
            StatusCode::CONFLICT,
            "ALREADY_THEIR_TURN",
            "It is already Max's turn",
            None,
        ),
        (
            json!({"childId": id(&noa)}),
            StatusCode::BAD_REQUEST,
            "NOT_IN_TURNS",
            "This child does not take turns at this chore",
            Some("childId"),
        ),
        (
            json!({"childId": f.lily_id, "date": "2030-01-06"}),
            StatusCode::BAD_REQUEST,
            "SWAP_IN_PAST",
            "Only today's turn or a later one can be swapped",
            Some("date"),
        ),
        (
            json!({"childId": f.lily_id, "date": "next week"}),
            StatusCode::BAD_REQUEST,
            "DATE_INVALID",
            "Date must be a date as YYYY-MM-DD",
            Some("date"),
        ),
    ];
    for (body, expected, code, message, field) in refusals {
        let (status, answer) = send(f.parent.post(&swap, &body)).await;
        assert_eq!(status, expected, "{body}: {answer}");
        assert_error(&answer, message);
        assert_eq!(answer["code"], code, "{answer}");
        if let Some(field) = field {
            assert_field_refused(&answer, field, code);
        }
    }
    // Children do not swap; a turn already done stays.
    let (status, _) = send(f.max.post(&swap, &json!({"childId": f.lily_id}))).await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    let (status, body) = submit(&f.max, form(&dishes, clock.now(), None)).await;
    assert_eq!(status, StatusCode::CREATED, "{body}");
    let (status, body) = send(f.parent.post(&swap, &json!({"childId": f.lily_id}))).await;
    assert_eq!(status, StatusCode::CONFLICT, "{body}");
    assert_error(&body, "Max has already done this turn");
    // Only chores in turns have turns.
    let (status, body) = send(f.parent.post(
        &format!(
            "/chores/{}/turns/swap",
            id(&chore(&f.parent, &f.kitchen, json!({})).await)
        ),
        &json!({"childId": f.lily_id}),
    ))
    .await;
    assert_eq!(status, StatusCode::CONFLICT, "{body}");
    assert_error(
        &body,
        "Only a chore whose children take turns has turns to swap",
    );
}

#[tokio::test]
async fn who_and_when_are_checked_with_the_field_named() {
    let clock = ManualClock::at(monday_noon());
    let (_stack, api) = stack_on(&clock).await;
    let f = Family::new(&api).await;
    let other = Family::new(&api).await;
    let stranger = uuid::Uuid::new_v4().to_string();
    let cases = [
        (
            json!({"assignedChildIds": [stranger]}),
            "assignedChildIds",
            "ASSIGNED_NOT_IN_FAMILY",
            "Each assigned child must be a child of this family",
        ),
        (
            json!({"assignedChildIds": [f.lily_id, other.max_id]}),
            "assignedChildIds",
            "ASSIGNED_NOT_IN_FAMILY",
            "Each assigned child must be a child of this family",
        ),
        (
            json!({"assignedChildIds": [f.lily_id, f.lily_id]}),
            "assignedChildIds",
            "ASSIGNED_TWICE",
            "Each child can be assigned only once",
        ),
        (
            json!({"assignmentMode": "ROTATE", "assignedChildIds": [f.lily_id]}),
            "assignedChildIds",
            "TURNS_NEED_TWO",
            "Choose at least two children to take turns",
        ),
        (
            json!({"assignmentMode": "SOMETIMES"}),
            "assignmentMode",
            "INVALID_FIELD",
            "assignmentMode must be one of EACH, ROTATE or FIRST_COME",
        ),
        (
            json!({"dueDays": [1, 8]}),
            "dueDays",
            "DUE_DAYS_RANGE",
            "Due days must be weekdays from 1 (Monday) to 7 (Sunday)",
        ),
        (
            json!({"dueDays": [0]}),
            "dueDays",
            "DUE_DAYS_RANGE",
            "Due days must be weekdays from 1 (Monday) to 7 (Sunday)",
        ),
        (
            json!({"dueDays": [2, 2]}),
            "dueDays",
            "DUE_DAY_TWICE",
            "Each due day can be chosen only once",
        ),
        (
            json!({"dueDays": [1], "dueTime": "7:30"}),
            "dueTime",
            "DUE_TIME_INVALID",
            "Due time must be a time of day as HH:MM, from 00:00 to 23:59",
        ),
        (
            json!({"dueDays": [1], "dueTime": "24:00"}),
            "dueTime",
            "DUE_TIME_INVALID",
            "Due time must be a time of day as HH:MM, from 00:00 to 23:59",
        ),
    ];
    for (extra, field, code, message) in cases {
        let mut body = json!({"name": "Dishes", "baseReward": 1, "categoryId": f.kitchen});
        for (key, value) in extra.as_object().unwrap() {
            body[key] = value.clone();
        }
        for request in [
            f.parent.post("/chores", &body),
            f.parent
                .put(&format!("/chores/{}", uuid::Uuid::new_v4()), &body),
        ] {
            let (status, answer) = send(request).await;
            assert_eq!(status, StatusCode::BAD_REQUEST, "{extra}: {answer}");
            assert_error(&answer, message);
            let mut detail = json!({"field": field, "message": message, "code": code});
            if code == "INVALID_FIELD" {
                // The type's own words, after the field's name.
                detail["params"] = json!({"field": field, "problem": &message[field.len() + 1..]});
            }
            assert_eq!(answer["details"], json!([detail]), "{extra}");
            assert_eq!(answer["code"], code, "{extra}");
        }
    }
    let (_, chores) = send(f.parent.get("/chores")).await;
    assert_eq!(chores, json!([]), "nothing was kept");
}

#[tokio::test]
async fn an_edit_of_who_takes_turns_starts_them_again_and_a_deleted_child_leaves_them() {
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
    let fish = chore(
        &f.parent,
        &f.kitchen,
        json!({"name": "Feed the fish", "assignedChildIds": [f.max_id]}),
    )
    .await;

    // Tuesday is Max's; the parents put Max first from Wednesday on.
    clock.set(new_york("2030-01-08 09:00"));
    assert_eq!(status_of(&f.max, &dishes).await, "TODO");
    clock.set(new_york("2030-01-09 09:00"));
    let (status, edited) = send(f.parent.put(
        &format!("/chores/{}", id(&dishes)),
        &json!({"name": "Dishes", "baseReward": 2.5, "categoryId": f.kitchen,
            "frequencyDays": 1, "assignmentMode": "ROTATE",
            "assignedChildIds": [f.max_id, f.lily_id]}),
    ))
    .await;
    assert_eq!(status, StatusCode::OK, "{edited}");
    assert_eq!(status_of(&f.max, &dishes).await, "TODO");
    assert_eq!(status_of(&f.lily, &dishes).await, "NOT_YOUR_TURN");
    // A change that is not about turns (the reward) keeps them.
    clock.set(new_york("2030-01-10 09:00"));
    let (status, _) = send(f.parent.put(
        &format!("/chores/{}", id(&dishes)),
        &json!({"name": "Dishes", "baseReward": 3, "categoryId": f.kitchen,
            "frequencyDays": 1, "assignmentMode": "ROTATE",
            "assignedChildIds": [f.max_id, f.lily_id]}),
    ))
    .await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(status_of(&f.lily, &dishes).await, "TODO");

    // Max leaves the family: the turns are Lily's alone, and the fish (his
    // only) is retired rather than becoming everyone's.
    let (status, body) = send(f.parent.delete(&format!("/children/{}", f.max_id))).await;
    assert_eq!(status, StatusCode::NO_CONTENT, "{body}");
    eventually("Max leaves the chores", || async {
        let (_, chores) = send(f.parent.get("/chores")).await;
        chores
            .as_array()
            .unwrap()
            .iter()
            .all(|c| c["id"] != fish["id"])
            && chores
                .as_array()
                .unwrap()
                .iter()
                .any(|c| c["assignedChildIds"] == json!([f.lily_id]))
    })
    .await;
    assert_eq!(status_of(&f.lily, &dishes).await, "TODO");
}
