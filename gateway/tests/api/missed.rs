//! Missed chores through the API against the real services: a due day that
//! ends with nothing sent is missed once (also when the job is killed in
//! the middle of its work and runs again), its penalty taken once and never
//! below zero, and an excuse gives it back once. The chores service reads a
//! clock the test moves, and the test runs the job itself.

use kit::clock::ManualClock;
use reqwest::StatusCode;
use serde_json::{Value, json};
use sqlx::PgPool;
use uuid::Uuid;

use crate::{
    chores::chore,
    helpers::{Session, assert_error, assert_field_refused, eventually, send},
    rewards::balance_becomes,
    schedule::{Family, monday_noon, new_york, stack_on},
    submissions::{form, submit},
};

async fn missed(session: &Session, query: &str) -> Vec<Value> {
    let (status, body) = send(session.get(&format!("/missed{query}"))).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    body.as_array().unwrap().clone()
}

async fn record(pool: &PgPool, clock: &ManualClock) -> usize {
    chores::missed::record_due(pool, clock.now()).await.unwrap()
}

/// Waits until the chores service knows the family's children (from their
/// events), as the job counts only children it knows.
pub async fn children_known(pool: &PgPool, count: i64, org_child: &str) {
    let child = Uuid::parse_str(org_child).unwrap();
    eventually("the children known to chores", || async {
        let known: i64 = kit::tenancy::all_families(
            sqlx::query_scalar(
                "SELECT count(*) FROM children WHERE organization_id =
                (SELECT organization_id FROM children WHERE child_id = $1)",
            )
            .bind(child)
            .fetch_one(pool),
        )
        .await
        .unwrap();
        known == count
    })
    .await;
}

/// The rewards ledger's entries of `kind` for `child`: (cents, notes).
async fn entries(pool: &PgPool, child: &str, kind: &str) -> Vec<(i64, String)> {
    kit::tenancy::all_families(
        sqlx::query_as(
            "SELECT amount_cents, notes FROM ledger_entries WHERE child_id = $1 AND kind = $2
         ORDER BY created_at",
        )
        .bind(Uuid::parse_str(child).unwrap())
        .bind(kind)
        .fetch_all(pool),
    )
    .await
    .unwrap()
}

#[tokio::test]
async fn a_missed_day_costs_its_penalty_once_never_below_zero_and_an_excuse_gives_it_back() {
    let clock = ManualClock::at(monday_noon());
    let (stack, api) = stack_on(&clock).await;
    let f = Family::new(&api).await;
    children_known(&stack.chores_pool, 2, &f.lily_id).await;
    // Lily's every day by 18:00; a missed day costs 1.00.
    let dishes = chore(
        &f.parent,
        &f.kitchen,
        json!({"name": "Dishes", "baseReward": 2, "assignedChildIds": [f.lily_id],
            "dueDays": [1, 2, 3, 4, 5, 6, 7], "dueTime": "18:00", "missedPenalty": 1}),
    )
    .await;
    assert_eq!(dishes["missedPenalty"], 1.0);
    let (status, body) = send(f.parent.post(
        &format!("/children/{}/adjust-balance", f.lily_id),
        &json!({"amount": 0.4, "notes": "pocket money"}),
    ))
    .await;
    assert_eq!(status, StatusCode::OK, "{body}");

    // Monday passes with nothing sent. Just after midnight the day is not
    // checked yet (a submission of its last moment may still be on its way).
    clock.set(new_york("2030-01-08 00:01"));
    assert_eq!(record(&stack.chores_pool, &clock).await, 0);
    clock.set(new_york("2030-01-08 00:05"));
    // Two replicas looking at once record it once.
    let (a, b) = tokio::join!(
        record(&stack.chores_pool, &clock),
        record(&stack.chores_pool, &clock)
    );
    assert_eq!(a + b, 1);
    assert_eq!(record(&stack.chores_pool, &clock).await, 0);

    let listed = missed(&f.parent, "").await;
    assert_eq!(listed.len(), 1, "{listed:?}");
    let miss = &listed[0];
    assert_eq!(miss["choreName"], "Dishes");
    assert_eq!(miss["child"], json!({"id": f.lily_id, "name": "Lily"}));
    assert_eq!(miss["dueOn"], "2030-01-07");
    assert_eq!(miss["penalty"], 1.0);
    assert_eq!(miss["excusedAt"], Value::Null);
    assert_eq!(missed(&f.lily, "").await.len(), 1);
    assert!(
        missed(&f.max, "").await.is_empty(),
        "Max's chore list is his own"
    );
    assert_eq!(
        missed(&f.parent, &format!("?childId={}", f.max_id))
            .await
            .len(),
        0
    );

    // The penalty takes what the balance holds and records the rest.
    balance_becomes(&f.parent, &f.lily_id, 0.0).await;
    let taken = entries(&stack.rewards_pool, &f.lily_id, "MISSED").await;
    assert_eq!(taken.len(), 1);
    assert_eq!(taken[0].0, -40);
    assert!(taken[0].1.contains("0.60 not taken"), "{}", taken[0].1);

    // Replaying the miss (a redelivered event) takes nothing more.
    let replay = chorely_proto::events::v1::ChoreMissed {
        missed_id: miss["id"].as_str().unwrap().to_owned(),
        organization_id: String::new(),
        child_id: f.lily_id.clone(),
        penalty_cents: 100,
        ..Default::default()
    };
    let mut tx = kit::tenancy::all_families(stack.rewards_pool.begin())
        .await
        .unwrap();
    let org: Uuid = sqlx::query_scalar(
        "SELECT organization_id FROM ledger_entries WHERE child_id = $1 LIMIT 1",
    )
    .bind(Uuid::parse_str(&f.lily_id).unwrap())
    .fetch_one(&mut *tx)
    .await
    .unwrap();
    let replay = chorely_proto::events::v1::ChoreMissed {
        organization_id: org.to_string(),
        ..replay
    };
    rewards::penalties::take(&mut tx, &replay).await.unwrap();
    tx.commit().await.unwrap();
    assert_eq!(
        entries(&stack.rewards_pool, &f.lily_id, "MISSED")
            .await
            .len(),
        1
    );

    // Only parents excuse, once; what was taken comes back, once.
    let path = format!("/missed/{}/excuse", miss["id"].as_str().unwrap());
    let (status, body) = send(f.lily.post(&path, &json!({"reason": "sick"}))).await;
    assert_eq!(status, StatusCode::FORBIDDEN, "{body}");
    let (status, body) = send(f.parent.post(&path, &json!({"reason": "Lily was ill"}))).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["excuse"], "Lily was ill");
    assert!(body["excusedAt"].is_string(), "{body}");
    let (status, body) = send(f.parent.post(&path, &json!({}))).await;
    assert_eq!(status, StatusCode::CONFLICT, "{body}");
    assert_error(&body, "This missed chore is already excused");
    balance_becomes(&f.parent, &f.lily_id, 0.4).await;
    let given = entries(&stack.rewards_pool, &f.lily_id, "EXCUSED").await;
    assert_eq!(given.len(), 1);
    assert_eq!(given[0].0, 40);

    // Tuesday's is sent on time: nothing is missed.
    clock.set(new_york("2030-01-08 17:00"));
    let (status, body) = submit(&f.lily, form(&dishes, clock.now(), None)).await;
    assert_eq!(status, StatusCode::CREATED, "{body}");
    clock.set(new_york("2030-01-09 00:05"));
    assert_eq!(record(&stack.chores_pool, &clock).await, 0);
    assert_eq!(missed(&f.parent, "").await.len(), 1);
}

#[tokio::test]
async fn the_holder_of_a_turn_misses_it_and_every_child_misses_a_chore_for_all() {
    let clock = ManualClock::at(monday_noon());
    let (stack, api) = stack_on(&clock).await;
    let f = Family::new(&api).await;
    children_known(&stack.chores_pool, 2, &f.lily_id).await;
    chore(
        &f.parent,
        &f.kitchen,
        json!({"name": "Bins", "assignmentMode": "ROTATE",
            "assignedChildIds": [f.lily_id, f.max_id], "dueDays": [1, 2, 3]}),
    )
    .await;
    chore(
        &f.parent,
        &f.kitchen,
        json!({"name": "Beds", "dueDays": [1], "dueTime": "20:00"}),
    )
    .await;
    // Monday's bins were Lily's, Tuesday's Max's; the beds were everyone's on Monday.
    clock.set(new_york("2030-01-10 00:05"));
    assert_eq!(record(&stack.chores_pool, &clock).await, 5);
    let listed: Vec<(String, String, String)> = missed(&f.parent, "")
        .await
        .iter()
        .map(|m| {
            (
                m["dueOn"].as_str().unwrap().to_owned(),
                m["choreName"].as_str().unwrap().to_owned(),
                m["child"]["name"].as_str().unwrap().to_owned(),
            )
        })
        .collect();
    let expected = [
        ("2030-01-09", "Bins", "Lily"),
        ("2030-01-08", "Bins", "Max"),
        ("2030-01-07", "Beds", "Lily"),
        ("2030-01-07", "Beds", "Max"),
        ("2030-01-07", "Bins", "Lily"),
    ];
    let mut got = listed.clone();
    got.sort();
    let mut want: Vec<(String, String, String)> = expected
        .iter()
        .map(|(d, c, n)| ((*d).to_owned(), (*c).to_owned(), (*n).to_owned()))
        .collect();
    want.sort();
    assert_eq!(got, want);
    // No penalty, no ledger entry.
    assert!(
        entries(&stack.rewards_pool, &f.lily_id, "MISSED")
            .await
            .is_empty()
    );
}

#[tokio::test]
async fn a_penalty_is_checked_like_a_reward_and_needs_due_days() {
    let clock = ManualClock::at(monday_noon());
    let (_stack, api) = stack_on(&clock).await;
    let f = Family::new(&api).await;
    let cases = [
        (
            json!({"missedPenalty": -1, "dueDays": [1]}),
            "MISSED_PENALTY_NEGATIVE",
            "Missed penalty cannot be negative",
        ),
        (
            json!({"missedPenalty": 10000.01, "dueDays": [1]}),
            "MISSED_PENALTY_TOO_LARGE",
            "Missed penalty must be at most 10000.00",
        ),
        (
            json!({"missedPenalty": 1.005, "dueDays": [1]}),
            "NOT_AN_AMOUNT",
            "Missed penalty must be an amount in dollars and cents",
        ),
        (
            json!({"missedPenalty": 1}),
            "PENALTY_NEEDS_DAYS",
            "Choose the days a chore with a missed penalty is due on",
        ),
    ];
    for (extra, code, message) in cases {
        let mut body = json!({"name": "Beds", "baseReward": 1, "categoryId": f.kitchen});
        body.as_object_mut()
            .unwrap()
            .extend(extra.as_object().unwrap().clone());
        let (status, answer) = send(f.parent.post("/chores", &body)).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{extra}: {answer}");
        assert_error(&answer, message);
        assert_field_refused(&answer, "missedPenalty", code);
    }
    // A child can only read their own misses.
    let (status, body) = send(f.lily.get(&format!("/missed?childId={}", f.max_id))).await;
    assert_eq!(status, StatusCode::NOT_FOUND, "{body}");
    // A range that ends before it starts holds no day; an empty date is no date.
    assert!(
        missed(&f.parent, "?from=2030-02-01&to=2030-01-01")
            .await
            .is_empty()
    );
    for query in ["?to=", "?from=", "?from=2030-13-01"] {
        let (status, body) = send(f.parent.get(&format!("/missed{query}"))).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{query}: {body}");
        assert_error(&body, "Date must be a date as YYYY-MM-DD");
    }
}

/// Each child's "Missed (30d)" in the parent's Children Overview.
async fn missed_counts(parent: &Session, f: &Family) -> (Value, Value) {
    let (status, body) = send(parent.get("/dashboard/stats")).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let of = |id: &str| {
        body["children"]
            .as_array()
            .unwrap()
            .iter()
            .find(|c| c["id"] == id)
            .map_or(Value::Null, |c| c["missedLast30Days"].clone())
    };
    (of(&f.lily_id), of(&f.max_id))
}

#[tokio::test]
async fn misses_count_in_the_childrens_overview_until_they_are_excused() {
    let clock = ManualClock::at(monday_noon());
    let (stack, api) = stack_on(&clock).await;
    let f = Family::new(&api).await;
    children_known(&stack.chores_pool, 2, &f.lily_id).await;
    chore(
        &f.parent,
        &f.kitchen,
        json!({"name": "Beds", "dueDays": [1], "dueTime": "20:00"}),
    )
    .await;
    // Read, and so kept by the gateway, before anything is missed.
    assert_eq!(missed_counts(&f.parent, &f).await, (json!(0), json!(0)));

    // Monday ends with no beds made: both children missed them, and the kept
    // dashboard follows the events (neither child has sent anything yet).
    clock.set(new_york("2030-01-08 00:05"));
    assert_eq!(record(&stack.chores_pool, &clock).await, 2);
    eventually("both misses on the dashboard", || async {
        missed_counts(&f.parent, &f).await == (json!(1), json!(1))
    })
    .await;

    // An excused miss no longer counts.
    let lily = missed(&f.parent, &format!("?childId={}", f.lily_id)).await;
    let path = format!("/missed/{}/excuse", lily[0]["id"].as_str().unwrap());
    let (status, body) = send(f.parent.post(&path, &json!({"reason": "ill"}))).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    eventually("the excuse on the dashboard", || async {
        missed_counts(&f.parent, &f).await == (json!(0), json!(1))
    })
    .await;

    // Thirty days later Monday the 7th is still counted; the day after, it
    // is not (the misses of the Mondays between count instead).
    clock.set(new_york("2030-02-06 00:05"));
    assert_eq!(record(&stack.chores_pool, &clock).await, 8);
    eventually("a month of misses", || async {
        missed_counts(&f.parent, &f).await == (json!(4), json!(5))
    })
    .await;
    clock.set(new_york("2030-02-07 00:05"));
    let (status, body) = send(f.parent.post(
        &format!("/children/{}/adjust-balance", f.max_id),
        &json!({"amount": 1, "notes": "a change, so the dashboard is composed again"}),
    ))
    .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    eventually("the 7th out of the window", || async {
        missed_counts(&f.parent, &f).await == (json!(4), json!(4))
    })
    .await;
}

/// Whether a statement of another session is waiting for `holder`'s
/// transaction (its row lock), read from `pg_locks`, which any role may.
async fn someone_waits_for(pool: &PgPool, holder: i32) -> bool {
    kit::tenancy::all_families(
        sqlx::query_scalar(
            "SELECT EXISTS (
                SELECT FROM pg_locks held JOIN pg_locks waiting
                    ON waiting.locktype = 'transactionid'
                    AND waiting.transactionid = held.transactionid
                    AND NOT waiting.granted
                WHERE held.pid = $1 AND held.locktype = 'transactionid' AND held.granted)",
        )
        .bind(holder)
        .fetch_one(pool),
    )
    .await
    .unwrap()
}

#[tokio::test]
async fn a_job_killed_while_it_records_misses_takes_each_penalty_once_when_it_runs_again() {
    let clock = ManualClock::at(monday_noon());
    let (stack, api) = stack_on(&clock).await;
    let f = Family::new(&api).await;
    children_known(&stack.chores_pool, 2, &f.lily_id).await;
    let dishes = chore(
        &f.parent,
        &f.kitchen,
        json!({"name": "Dishes", "baseReward": 2, "assignedChildIds": [f.lily_id],
            "dueDays": [1, 2, 3, 4, 5, 6, 7], "dueTime": "18:00", "missedPenalty": 1}),
    )
    .await;
    let (status, body) = send(f.parent.post(
        &format!("/children/{}/adjust-balance", f.lily_id),
        &json!({"amount": 5, "notes": "pocket money"}),
    ))
    .await;
    assert_eq!(status, StatusCode::OK, "{body}");

    // Monday and Tuesday pass with nothing sent. Tuesday's miss is held
    // half-written by another transaction, so the job records Monday's and
    // then waits on Tuesday's, in the middle of its work, when it is killed.
    clock.set(new_york("2030-01-09 00:05"));
    let mut holder = kit::tenancy::all_families(stack.chores_pool.begin())
        .await
        .unwrap();
    let holder_pid: i32 = sqlx::query_scalar("SELECT pg_backend_pid()")
        .fetch_one(&mut *holder)
        .await
        .unwrap();
    sqlx::query(
        "INSERT INTO missed_chores (id, organization_id, chore_id, child_id, due_on, due_at,
            penalty_cents)
         SELECT $1, organization_id, id, $2, DATE '2030-01-08', now(), 0 FROM chores WHERE id = $3",
    )
    .bind(Uuid::new_v4())
    .bind(Uuid::parse_str(&f.lily_id).unwrap())
    .bind(Uuid::parse_str(dishes["id"].as_str().unwrap()).unwrap())
    .execute(&mut *holder)
    .await
    .unwrap();
    let job = {
        let (pool, now) = (stack.chores_pool.clone(), clock.now());
        tokio::spawn(async move { chores::missed::record_due(&pool, now).await })
    };
    eventually("the job waiting on Tuesday's miss", || {
        someone_waits_for(&stack.chores_pool, holder_pid)
    })
    .await;
    job.abort();
    assert!(job.await.unwrap_err().is_cancelled());
    holder.rollback().await.unwrap();

    // Nothing of the killed run stays: its transaction is gone with it.
    assert!(missed(&f.parent, "").await.is_empty());
    // Run again (the restarted job), and once more: each day is missed once,
    // and each penalty taken once.
    assert_eq!(record(&stack.chores_pool, &clock).await, 2);
    assert_eq!(record(&stack.chores_pool, &clock).await, 0);
    let days: Vec<Value> = missed(&f.parent, "")
        .await
        .iter()
        .map(|m| m["dueOn"].clone())
        .collect();
    assert_eq!(days, [json!("2030-01-08"), json!("2030-01-07")]);
    balance_becomes(&f.parent, &f.lily_id, 3.0).await;
    let taken = entries(&stack.rewards_pool, &f.lily_id, "MISSED").await;
    assert_eq!(
        taken.iter().map(|(cents, _)| *cents).collect::<Vec<_>>(),
        [-100, -100]
    );
}

/// Whether the missed-chores job, looking at `at`, reads the family `org`.
async fn due_at(pool: &PgPool, org: Uuid, at: chrono::DateTime<chrono::Utc>) -> bool {
    kit::tenancy::all_families(chores::store::missed::families_due(pool, at))
        .await
        .unwrap()
        .iter()
        .any(|f| f.organization_id == org)
}

#[tokio::test]
async fn a_look_reads_a_family_only_once_its_day_has_ended_or_its_zone_changed() {
    let clock = ManualClock::at(monday_noon());
    let (stack, api) = stack_on(&clock).await;
    let f = Family::new(&api).await;
    let (_, org) = send(f.parent.get("/organizations/current")).await;
    let org = Uuid::parse_str(org["id"].as_str().unwrap()).unwrap();
    let pool = &stack.chores_pool;
    // A family new to the job is read at its next look.
    eventually("the family known to chores", || async {
        due_at(pool, org, clock.now()).await
    })
    .await;
    record(pool, &clock).await;

    // Looked at on Monday: not again until Monday has ended in New York,
    // and its grace with it.
    assert!(!due_at(pool, org, clock.now()).await);
    assert!(!due_at(pool, org, new_york("2030-01-08 00:01")).await);
    assert!(due_at(pool, org, new_york("2030-01-08 00:02")).await);

    // A new zone moves when its days end: the family is read at once.
    let (status, body) = send(f.parent.put(
        "/organizations/current",
        &json!({"name": "The Lees", "timeZone": "Asia/Tokyo"}),
    ))
    .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    eventually("the new zone seen by the job", || async {
        due_at(pool, org, clock.now()).await
    })
    .await;
    record(pool, &clock).await;
    assert!(!due_at(pool, org, clock.now()).await);
}

/// A moment of the clock in Kathmandu (UTC+05:45), "2030-01-07 23:56".
fn kathmandu(text: &str) -> chrono::DateTime<chrono::Utc> {
    let wall = chrono::NaiveDateTime::parse_from_str(text, "%Y-%m-%d %H:%M").unwrap();
    wall.and_local_timezone(chrono_tz::Asia::Kathmandu)
        .single()
        .unwrap()
        .to_utc()
}

#[tokio::test]
async fn no_penalty_for_a_due_time_that_passed_before_the_chore_or_the_childs_assignment() {
    // The stack starts at 22:45 on Monday 7 January in Kathmandu.
    let clock = ManualClock::at(monday_noon());
    let (stack, api) = stack_on(&clock).await;
    let f = Family::new(&api).await;
    children_known(&stack.chores_pool, 2, &f.lily_id).await;
    let (status, body) = send(f.parent.put(
        "/organizations/current",
        &json!({"name": "The Lees", "timeZone": "Asia/Kathmandu"}),
    ))
    .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let (_, org) = send(f.parent.get("/organizations/current")).await;
    let org = Uuid::parse_str(org["id"].as_str().unwrap()).unwrap();
    eventually("the family's zone known to chores", || async {
        let zone: Option<String> = kit::tenancy::all_families(
            sqlx::query_scalar("SELECT time_zone FROM families WHERE organization_id = $1")
                .bind(org)
                .fetch_optional(&stack.chores_pool),
        )
        .await
        .unwrap();
        zone.as_deref() == Some("Asia/Kathmandu")
    })
    .await;
    let (status, body) = send(f.parent.post(
        &format!("/children/{}/adjust-balance", f.lily_id),
        &json!({"amount": 10, "notes": "pocket money"}),
    ))
    .await;
    assert_eq!(status, StatusCode::OK, "{body}");

    // At 23:56 two chores of Lily's, due every day by 07:00: Monday's 07:00
    // had passed long before.
    clock.set(kathmandu("2030-01-07 23:56"));
    let daily = |name: &str, penalty: i64| {
        json!({"name": name, "baseReward": 1, "assignedChildIds": [f.lily_id],
            "dueDays": [1, 2, 3, 4, 5, 6, 7], "dueTime": "07:00", "missedPenalty": penalty})
    };
    chore(&f.parent, &f.kitchen, daily("Dishes", 2)).await;
    let beds = chore(&f.parent, &f.kitchen, daily("Beds", 1)).await;

    // That night nothing is missed, and nothing taken.
    clock.set(kathmandu("2030-01-08 00:05"));
    assert_eq!(record(&stack.chores_pool, &clock).await, 0);
    assert!(missed(&f.parent, "").await.is_empty());

    // On Tuesday evening Max is assigned the beds too, after their 07:00.
    clock.set(kathmandu("2030-01-08 20:00"));
    let mut both = daily("Beds", 1);
    both["categoryId"] = json!(f.kitchen);
    both["frequencyDays"] = json!(1);
    both["assignedChildIds"] = json!([f.lily_id, f.max_id]);
    let path = format!("/chores/{}", beds["id"].as_str().unwrap());
    let (status, body) = send(f.parent.put(&path, &both)).await;
    assert_eq!(status, StatusCode::OK, "{body}");

    // Tuesday was Lily's to miss, both chores, and costs her 3.00; not Max's.
    clock.set(kathmandu("2030-01-09 00:05"));
    assert_eq!(record(&stack.chores_pool, &clock).await, 2);
    balance_becomes(&f.parent, &f.lily_id, 7.0).await;
    let mut taken: Vec<i64> = entries(&stack.rewards_pool, &f.lily_id, "MISSED")
        .await
        .iter()
        .map(|(cents, _)| *cents)
        .collect();
    taken.sort_unstable();
    assert_eq!(taken, [-200, -100]);
    assert!(
        missed(&f.parent, &format!("?childId={}", f.max_id))
            .await
            .is_empty()
    );

    // Wednesday's beds were his too.
    clock.set(kathmandu("2030-01-10 00:05"));
    assert_eq!(record(&stack.chores_pool, &clock).await, 3);
    let max: Vec<Value> = missed(&f.parent, &format!("?childId={}", f.max_id)).await;
    assert_eq!(max.len(), 1, "{max:?}");
    assert_eq!(
        (&max[0]["choreName"], &max[0]["dueOn"]),
        (&json!("Beds"), &json!("2030-01-09"))
    );
}
