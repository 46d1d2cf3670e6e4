//! Pauses through the API against the real services: a paused child's
//! chores show PAUSED and are never missed, a family's pause pauses every
//! child, ending a pause early keeps its days so far, and rewards keeps each
//! pause for streaks. The chores service reads a clock the test moves, and
//! the test runs the missed-chore job itself.

use kit::clock::ManualClock;
use reqwest::StatusCode;
use serde_json::{Value, json};
use sqlx::PgPool;
use uuid::Uuid;

use crate::{
    chores::chore,
    helpers::{Session, assert_error, assert_field_refused, child, eventually, parent, send},
    schedule::{Family, monday_noon, new_york, stack_on},
    submissions::{form, submit},
};

async fn record(pool: &PgPool, clock: &ManualClock) -> usize {
    chores::missed::record_due(pool, clock.now()).await.unwrap()
}

/// Waits until the chores service knows `count` children of the family.
async fn children_known(pool: &PgPool, count: i64, org: &str) {
    let org = Uuid::parse_str(org).unwrap();
    eventually("the children known to chores", || async {
        let known: i64 = kit::tenancy::all_families(
            sqlx::query_scalar("SELECT count(*) FROM children WHERE organization_id = $1")
                .bind(org)
                .fetch_one(pool),
        )
        .await
        .unwrap();
        known == count
    })
    .await;
}

/// `kid`'s status of `chore` on today's list.
async fn status_of(kid: &Session, chore: &Value) -> Value {
    today_of(kid, chore).await.0["status"].clone()
}

async fn pause(session: &Session, path: &str, body: Value) -> (StatusCode, Value) {
    send(session.post(path, &body)).await
}

async fn listed(session: &Session, path: &str) -> Vec<Value> {
    let (status, body) = send(session.get(path)).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    body.as_array().unwrap().clone()
}

/// (child id, due date) of every miss, oldest first.
async fn misses(parent: &Session) -> Vec<(String, String)> {
    let mut all: Vec<(String, String)> = listed(parent, "/missed?from=2030-01-01&to=2030-01-31")
        .await
        .iter()
        .map(|m| {
            (
                m["child"]["id"].as_str().unwrap().to_owned(),
                m["dueOn"].as_str().unwrap().to_owned(),
            )
        })
        .collect();
    all.sort_by(|a, b| (&a.1, &a.0).cmp(&(&b.1, &b.0)));
    all
}

#[tokio::test]
async fn a_paused_child_misses_nothing_and_a_family_pause_pauses_everyone() {
    let clock = ManualClock::at(monday_noon());
    let (stack, api) = stack_on(&clock).await;
    let f = Family::new(&api).await;
    let org = f.parent.user["organization"]["id"].as_str().unwrap();
    children_known(&stack.chores_pool, 2, org).await;
    // Each of them, every day by 18:00.
    let dishes = chore(
        &f.parent,
        &f.kitchen,
        json!({"name": "Dishes", "baseReward": 1, "assignedChildIds": [f.lily_id, f.max_id],
            "dueDays": [1, 2, 3, 4, 5, 6, 7], "dueTime": "18:00"}),
    )
    .await;
    let lily_pauses = format!("/children/{}/pauses", f.lily_id);

    // Lily is at camp Monday and Tuesday; the family is away Wednesday to Friday.
    let (status, camp) = pause(
        &f.parent,
        &lily_pauses,
        json!({"from": "2030-01-07", "to": "2030-01-08", "reason": " Camp "}),
    )
    .await;
    assert_eq!(status, StatusCode::CREATED, "{camp}");
    assert_eq!(camp["childId"], json!(f.lily_id));
    assert_eq!(
        (&camp["from"], &camp["to"], &camp["reason"]),
        (&json!("2030-01-07"), &json!("2030-01-08"), &json!("Camp"))
    );
    let (status, trip) = pause(
        &f.parent,
        "/organizations/current/pauses",
        json!({"from": "2030-01-09", "to": "2030-01-11"}),
    )
    .await;
    assert_eq!(status, StatusCode::CREATED, "{trip}");
    assert_eq!(trip["childId"], Value::Null);
    assert_eq!(trip["reason"], "");
    // Each list holds its own.
    assert_eq!(listed(&f.parent, &lily_pauses).await, vec![camp.clone()]);
    assert_eq!(
        listed(&f.parent, "/organizations/current/pauses").await,
        vec![trip.clone()]
    );
    assert!(
        listed(&f.parent, &format!("/children/{}/pauses", f.max_id))
            .await
            .is_empty()
    );

    // Monday: Lily's is paused, Max's is not.
    assert_eq!(status_of(&f.lily, &dishes).await, "PAUSED");
    assert_eq!(status_of(&f.max, &dishes).await, "TODO");
    clock.set(new_york("2030-01-07 19:00"));
    assert_eq!(status_of(&f.lily, &dishes).await, "PAUSED");
    assert_eq!(status_of(&f.max, &dishes).await, "LATE");

    // Monday and Tuesday end: only Max missed them.
    clock.set(new_york("2030-01-08 00:05"));
    assert_eq!(record(&stack.chores_pool, &clock).await, 1);
    clock.set(new_york("2030-01-09 00:05"));
    assert_eq!(record(&stack.chores_pool, &clock).await, 1);
    // Wednesday: everyone is paused, and nobody misses it.
    clock.set(new_york("2030-01-09 12:00"));
    assert_eq!(status_of(&f.lily, &dishes).await, "PAUSED");
    assert_eq!(status_of(&f.max, &dishes).await, "PAUSED");
    clock.set(new_york("2030-01-10 00:05"));
    assert_eq!(record(&stack.chores_pool, &clock).await, 0);

    // Back early on Thursday: the trip ends on Wednesday, which stays paused.
    clock.set(new_york("2030-01-10 09:00"));
    let (status, body) = send(f.parent.delete(&format!("/pauses/{}", id(&trip)))).await;
    assert_eq!(status, StatusCode::NO_CONTENT, "{body}");
    let ended = listed(&f.parent, "/organizations/current/pauses").await;
    assert_eq!(ended.len(), 1);
    assert_eq!(ended[0]["to"], "2030-01-09");
    assert_eq!(status_of(&f.lily, &dishes).await, "TODO");
    assert_eq!(status_of(&f.max, &dishes).await, "TODO");
    clock.set(new_york("2030-01-11 00:05"));
    assert_eq!(record(&stack.chores_pool, &clock).await, 2);
    let mut expected = vec![
        (f.max_id.clone(), "2030-01-07".to_owned()),
        (f.max_id.clone(), "2030-01-08".to_owned()),
        (f.lily_id.clone(), "2030-01-10".to_owned()),
        (f.max_id.clone(), "2030-01-10".to_owned()),
    ];
    expected.sort_by(|a, b| (&a.1, &a.0).cmp(&(&b.1, &b.0)));
    assert_eq!(misses(&f.parent).await, expected);

    // A pause that is over stays; one not begun goes.
    let (status, body) = send(f.parent.delete(&format!("/pauses/{}", id(&camp)))).await;
    assert_eq!(status, StatusCode::CONFLICT, "{body}");
    assert_error(&body, "This pause is over; its days stay paused");
    let (status, later) = pause(
        &f.parent,
        &lily_pauses,
        json!({"from": "2030-02-01", "to": "2030-02-02", "reason": "Grandma's"}),
    )
    .await;
    assert_eq!(status, StatusCode::CREATED, "{later}");
    let (status, _) = send(f.parent.delete(&format!("/pauses/{}", id(&later)))).await;
    assert_eq!(status, StatusCode::NO_CONTENT);
    assert_eq!(listed(&f.parent, &lily_pauses).await, vec![camp.clone()]);
    let (status, body) = send(f.parent.delete(&format!("/pauses/{}", id(&later)))).await;
    assert_eq!(status, StatusCode::NOT_FOUND, "{body}");
    assert_error(&body, "Pause not found");

    // Rewards keeps each pause at its latest, for streaks.
    let kept = |pause: Uuid| {
        let pool = stack.rewards_pool.clone();
        async move {
            kit::tenancy::all_families(
                sqlx::query_as::<_, (chrono::NaiveDate, bool, i64)>(
                    "SELECT ends_on, removed, revision FROM pauses WHERE pause_id = $1",
                )
                .bind(pause)
                .fetch_optional(&pool),
            )
            .await
            .unwrap()
        }
    };
    let day = |s: &str| chrono::NaiveDate::parse_from_str(s, "%Y-%m-%d").unwrap();
    eventually("rewards keeps the pauses", || async {
        kept(uuid(&trip)).await == Some((day("2030-01-09"), false, 2))
            && kept(uuid(&camp)).await == Some((day("2030-01-08"), false, 1))
            && kept(uuid(&later))
                .await
                .is_some_and(|(_, removed, _)| removed)
    })
    .await;
}

/// `kid`'s list of today: their entry of `chore`, and until when they are paused.
async fn today_of(kid: &Session, chore: &Value) -> (Value, Value) {
    let (status, body) = send(kid.get("/chores/today")).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let own = &body["children"][0];
    let entry = own["chores"]
        .as_array()
        .unwrap()
        .iter()
        .find(|e| e["chore"]["id"] == chore["id"])
        .cloned()
        .unwrap_or(Value::Null);
    (entry, own["pausedUntil"].clone())
}

#[tokio::test]
async fn a_paused_childs_turn_passes_to_the_next_child_and_theirs_comes_after() {
    let clock = ManualClock::at(monday_noon());
    let (stack, api) = stack_on(&clock).await;
    let f = Family::new(&api).await;
    let org = f.parent.user["organization"]["id"].as_str().unwrap();
    children_known(&stack.chores_pool, 2, org).await;
    // Lily on Monday, Max on Tuesday, and so on, each by 19:00.
    let dishes = chore(
        &f.parent,
        &f.kitchen,
        json!({"name": "Dishes", "assignmentMode": "ROTATE",
            "assignedChildIds": [f.lily_id, f.max_id],
            "dueDays": [1, 2, 3, 4, 5, 6, 7], "dueTime": "19:00"}),
    )
    .await;
    let turns_path = format!("/chores/{}/turns?count=4", id(&dishes));
    let holders = |turns: &Value| -> Vec<(Value, Value, Value)> {
        turns["turns"]
            .as_array()
            .unwrap()
            .iter()
            .map(|t| {
                (
                    t["startsOn"].clone(),
                    t["child"]["name"].clone(),
                    t["covering"]["name"].clone(),
                )
            })
            .collect()
    };
    let (status, before) = send(f.parent.get(&turns_path)).await;
    assert_eq!(status, StatusCode::OK, "{before}");
    assert_eq!(holders(&before)[1].1, "Max");

    // Max is away on Tuesday: Lily has his turn, and his comes on Thursday.
    let (status, body) = pause(
        &f.parent,
        &format!("/children/{}/pauses", f.max_id),
        json!({"from": "2030-01-08", "to": "2030-01-08", "reason": "Dentist"}),
    )
    .await;
    assert_eq!(status, StatusCode::CREATED, "{body}");
    let (status, turns) = send(f.parent.get(&turns_path)).await;
    assert_eq!(status, StatusCode::OK, "{turns}");
    assert_eq!(
        holders(&turns),
        [
            (json!("2030-01-07"), json!("Lily"), Value::Null),
            (json!("2030-01-08"), json!("Lily"), json!("Max")),
            (json!("2030-01-09"), json!("Lily"), Value::Null),
            (json!("2030-01-10"), json!("Max"), Value::Null),
        ]
    );
    let (max_monday, paused) = today_of(&f.max, &dishes).await;
    assert_eq!(max_monday["status"], "NOT_YOUR_TURN");
    assert_eq!(paused, Value::Null);
    let next: chrono::DateTime<chrono::Utc> = max_monday["nextAvailableAt"]
        .as_str()
        .unwrap()
        .parse()
        .unwrap();
    assert_eq!(next, new_york("2030-01-10 00:00"), "{max_monday}");

    // His paused turn cannot be given back to him; a parent is told why.
    let swap = format!("/chores/{}/turns/swap", id(&dishes));
    let (status, body) = send(
        f.parent
            .post(&swap, &json!({"childId": f.max_id, "date": "2030-01-08"})),
    )
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
    assert_error(&body, "Max is paused until January 8, 2030");
    assert_field_refused(&body, "childId", "PAUSED_THEN");
    assert_eq!(body["params"]["date"], "2030-01-08", "{body}");

    // Monday was Lily's, and she missed it.
    clock.set(new_york("2030-01-08 00:05"));
    assert_eq!(record(&stack.chores_pool, &clock).await, 1);
    // Tuesday: Max sees his pause and its end; Lily has the turn and sends it.
    clock.set(new_york("2030-01-08 10:00"));
    let (max_tuesday, paused) = today_of(&f.max, &dishes).await;
    assert_eq!(max_tuesday["status"], "PAUSED", "{max_tuesday}");
    assert_eq!(max_tuesday["turn"]["name"], "Lily");
    assert_eq!(paused, "2030-01-08");
    let (lily_tuesday, paused) = today_of(&f.lily, &dishes).await;
    assert_eq!(lily_tuesday["status"], "TODO", "{lily_tuesday}");
    assert_eq!(paused, Value::Null);
    let (status, body) = submit(&f.max, form(&dishes, clock.now(), None)).await;
    assert_eq!(status, StatusCode::CONFLICT, "{body}");
    assert_error(&body, "It is Lily's turn for this chore");
    let (status, body) = submit(&f.lily, form(&dishes, clock.now(), None)).await;
    assert_eq!(status, StatusCode::CREATED, "{body}");

    // Tuesday she covered, and Max, paused, missed nothing; Wednesday was
    // Lily's again, and she missed it.
    clock.set(new_york("2030-01-09 00:05"));
    assert_eq!(record(&stack.chores_pool, &clock).await, 0);
    clock.set(new_york("2030-01-10 00:05"));
    assert_eq!(record(&stack.chores_pool, &clock).await, 1);
    assert_eq!(
        misses(&f.parent).await,
        vec![
            (f.lily_id.clone(), "2030-01-07".to_owned()),
            (f.lily_id.clone(), "2030-01-09".to_owned()),
        ]
    );
    let (max_thursday, _) = today_of(&f.max, &dishes).await;
    assert_eq!(max_thursday["status"], "TODO", "{max_thursday}");
}

fn id(value: &Value) -> String {
    value["id"].as_str().unwrap().to_owned()
}

fn uuid(value: &Value) -> Uuid {
    Uuid::parse_str(&id(value)).unwrap()
}

#[tokio::test]
async fn only_parents_pause_and_only_their_own_children_with_dates_that_make_sense() {
    let clock = ManualClock::at(monday_noon());
    let (_stack, api) = stack_on(&clock).await;
    let f = Family::new(&api).await;
    let lily_pauses = format!("/children/{}/pauses", f.lily_id);
    let refused = |body: Value| {
        let parent = &f.parent;
        let path = lily_pauses.clone();
        async move {
            let (status, answer) = pause(parent, &path, body).await;
            assert_eq!(status, StatusCode::BAD_REQUEST, "{answer}");
            answer
        }
    };
    let long_reason = "x".repeat(201);
    let cases = [
        (
            json!({"to": "2030-01-08"}),
            "from",
            "REQUIRED",
            "Start date is required",
        ),
        (
            json!({"from": "2030-01-08"}),
            "to",
            "REQUIRED",
            "End date is required",
        ),
        (
            json!({"from": "8 January", "to": "2030-01-08"}),
            "from",
            "DATE_INVALID",
            "Date must be a date as YYYY-MM-DD",
        ),
        (
            json!({"from": "2030-01-06", "to": "2030-01-08"}),
            "from",
            "PAUSE_IN_PAST",
            "A pause cannot start in the past",
        ),
        (
            json!({"from": "2030-01-09", "to": "2030-01-08"}),
            "to",
            "PAUSE_END_BEFORE_START",
            "End date cannot be before the start date",
        ),
        (
            json!({"from": "2030-01-07", "to": "2031-01-08"}),
            "to",
            "PAUSE_TOO_LONG",
            "A pause can last at most 366 days",
        ),
        (
            json!({"from": "2031-01-09", "to": "2031-01-10"}),
            "from",
            "PAUSE_TOO_FAR_AHEAD",
            "A pause can start at most a year ahead",
        ),
        (
            json!({"from": "2030-01-08", "to": "2030-01-08", "reason": long_reason}),
            "reason",
            "TOO_LONG",
            "Reason must be at most 200 characters",
        ),
    ];
    for (body, field, code, message) in cases {
        let answer = refused(body).await;
        assert_error(&answer, message);
        assert_field_refused(&answer, field, code);
    }
    // Each value the text names travels with it.
    let answer = refused(json!({"to": "2030-01-08"})).await;
    assert_eq!(
        answer["details"][0]["params"],
        json!({"label": "startDate"})
    );
    let answer = refused(json!({"from": "2030-01-07", "to": "2031-01-08"})).await;
    assert_eq!(answer["params"], json!({"days": 366}), "{answer}");
    // The family's pauses are checked the same way.
    let (status, answer) = pause(
        &f.parent,
        "/organizations/current/pauses",
        json!({"from": "2030-01-09", "to": "2030-01-08"}),
    )
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{answer}");
    assert_error(&answer, "End date cannot be before the start date");

    // Children may not pause, list or remove pauses.
    let ok = json!({"from": "2030-01-08", "to": "2030-01-09"});
    for (status, _) in [
        pause(&f.lily, &lily_pauses, ok.clone()).await,
        pause(&f.lily, "/organizations/current/pauses", ok.clone()).await,
        send(f.lily.get(&lily_pauses)).await,
        send(f.lily.get("/organizations/current/pauses")).await,
        send(f.lily.delete(&format!("/pauses/{}", Uuid::new_v4()))).await,
    ] {
        assert_eq!(status, StatusCode::FORBIDDEN);
    }
    assert!(listed(&f.parent, &lily_pauses).await.is_empty());

    // Another family's child, or no child at all, is not found; nor is
    // another family's pause.
    let other = parent(&api).await;
    let (_, theirs) = child(&other, "Noa").await;
    let noa_pauses = format!("/children/{}/pauses", id(&theirs));
    for path in [noa_pauses.as_str(), "/children/not-a-child/pauses"] {
        let (status, body) = pause(&f.parent, path, ok.clone()).await;
        assert_eq!(status, StatusCode::NOT_FOUND, "{body}");
        assert_error(&body, "Child not found");
        let (status, _) = send(f.parent.get(path)).await;
        assert_eq!(status, StatusCode::NOT_FOUND);
    }
    let (status, noa_pause) = pause(&other, &noa_pauses, ok.clone()).await;
    assert_eq!(status, StatusCode::CREATED, "{noa_pause}");
    let (status, body) = send(f.parent.delete(&format!("/pauses/{}", id(&noa_pause)))).await;
    assert_eq!(status, StatusCode::NOT_FOUND, "{body}");
    assert_eq!(listed(&other, &noa_pauses).await.len(), 1);
}
