//! Allowance and interest through the API against the real services: the
//! settings and their refusals, and the job that pays them, run by the test
//! at the times it chooses (a family in New York, across both changes of
//! clocks), twice at once, and killed half-way.

use chrono::{DateTime, Datelike, Duration, NaiveDate, Timelike, Utc, Weekday};
use chrono_tz::America::New_York;
use kit::clock::ManualClock;
use reqwest::StatusCode;
use serde_json::{Value, json};
use sqlx::PgPool;
use uuid::Uuid;

use crate::{
    chores::chore,
    helpers::{
        Session, assert_error, assert_field_refused, child, eventually, parent, send, start,
    },
    jars::{jars, set_split},
    rewards::child_record,
    schedule::{Family, new_york, stack_on},
    submissions::{form, submit},
};

pub async fn set_allowance(parent: &Session, child: &str, body: Value) -> (StatusCode, Value) {
    send(parent.put(&format!("/children/{child}/allowance"), &body)).await
}

pub async fn set_interest(parent: &Session, child: &str, body: Value) -> (StatusCode, Value) {
    send(parent.put(&format!("/children/{child}/interest"), &body)).await
}

fn utc(text: &str) -> DateTime<Utc> {
    DateTime::parse_from_rfc3339(text).unwrap().to_utc()
}

async fn pay(pool: &PgPool, now: DateTime<Utc>) -> usize {
    ::rewards::paydays::pay_due(pool, now)
        .await
        .unwrap()
        .allowances
}

async fn pay_interest(pool: &PgPool, now: DateTime<Utc>) -> usize {
    ::rewards::paydays::pay_due(pool, now)
        .await
        .unwrap()
        .interest
}

/// Waits until rewards knows the family's time zone (from its event): the
/// job reads the family's calendar there.
async fn zone_known(pool: &PgPool, parent: &Session) {
    let org = Uuid::parse_str(parent.user["organization"]["id"].as_str().unwrap()).unwrap();
    eventually("the family's time zone in rewards", || async {
        let tz: Option<String> = kit::tenancy::all_families(
            sqlx::query_scalar("SELECT time_zone FROM families WHERE organization_id = $1")
                .bind(org)
                .fetch_optional(pool),
        )
        .await
        .unwrap();
        tz.as_deref() == Some("America/New_York")
    })
    .await;
}

/// The child's ledger lines of `kind`: (source, jar, cents, when).
async fn lines(
    pool: &PgPool,
    child: &str,
    kind: &str,
) -> Vec<(String, String, i64, DateTime<Utc>)> {
    kit::tenancy::all_families(
        sqlx::query_as(
            "SELECT source_id, jar, amount_cents, occurred_at FROM ledger_entries
             WHERE child_id = $1 AND kind = $2 ORDER BY occurred_at, jar",
        )
        .bind(Uuid::parse_str(child).unwrap())
        .bind(kind)
        .fetch_all(pool),
    )
    .await
    .unwrap()
}

fn id(value: &Value) -> String {
    value["id"].as_str().unwrap().to_owned()
}

#[tokio::test]
async fn allowances_and_interest_are_set_by_parents_and_refused_with_clear_texts() {
    let (_stack, api) = start().await;
    let parent = parent(&api).await;
    let (kid, mia) = child(&parent, "Mia").await;
    let (_, max) = child(&parent, "Max").await;
    let (mia, max) = (id(&mia), id(&max));

    // None yet: amount 0, no pay day.
    let (status, none) = send(parent.get(&format!("/children/{mia}/allowance"))).await;
    assert_eq!(status, StatusCode::OK, "{none}");
    assert_eq!(none["amount"], 0.0);
    assert_eq!(none["nextPayDay"], Value::Null);

    for (body, text) in [
        (json!({"period": "WEEKLY", "day": 6}), "Amount is required"),
        (
            json!({"amount": -1, "period": "WEEKLY", "day": 6}),
            "Allowance must be 0 or more",
        ),
        (
            json!({"amount": 1.005, "period": "WEEKLY", "day": 6}),
            "Amount must be an amount in dollars and cents",
        ),
        (
            json!({"amount": 1000.01, "period": "WEEKLY", "day": 6}),
            "Allowance must be at most $1000.00",
        ),
        (
            json!({"amount": 5, "day": 6}),
            "Period must be WEEKLY or MONTHLY",
        ),
        (
            json!({"amount": 5, "period": "WEEKLY", "day": 8}),
            "A weekly allowance's day must be a weekday from 1 (Monday) to 7 (Sunday)",
        ),
        (
            json!({"amount": 5, "period": "WEEKLY"}),
            "A weekly allowance's day must be a weekday from 1 (Monday) to 7 (Sunday)",
        ),
        (
            json!({"amount": 5, "period": "MONTHLY", "day": 32}),
            "Day must be from 1 to 31",
        ),
        (json!({"amount": 0, "day": 0}), "Day must be from 1 to 31"),
        (
            json!({"amount": 5, "period": "WEEKLY", "day": 6, "minApprovedChores": -1}),
            "Minimum approved chores must be a whole number from 0 to 100",
        ),
    ] {
        let (status, answer) = set_allowance(&parent, &mia, body.clone()).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{body}: {answer}");
        assert_error(&answer, text);
    }
    // The gateway's own checks answer a code, as the service's do.
    for (body, field, code) in [
        (json!({"period": "WEEKLY", "day": 6}), "amount", "REQUIRED"),
        (json!({"amount": 1.005}), "amount", "NOT_AN_AMOUNT"),
        (
            json!({"amount": 0, "day": 0}),
            "day",
            "PAY_DAY_OUT_OF_RANGE",
        ),
        (
            json!({"amount": 5, "minApprovedChores": 101}),
            "minApprovedChores",
            "MIN_CHORES_OUT_OF_RANGE",
        ),
    ] {
        let (_, answer) = set_allowance(&parent, &mia, body).await;
        assert_field_refused(&answer, field, code);
    }
    let (status, answer) = set_allowance(
        &parent,
        &mia,
        json!({"amount": 5, "period": "DAILY", "day": 1}),
    )
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{answer}");
    assert_error(&answer, "period must be one of WEEKLY or MONTHLY");

    let weekly = json!({"amount": 5.0, "period": "WEEKLY", "day": 6, "minApprovedChores": 3});
    let (status, set) = set_allowance(&kid, &mia, weekly.clone()).await;
    assert_eq!(status, StatusCode::FORBIDDEN, "{set}");
    let (status, set) = set_allowance(&parent, &mia, weekly.clone()).await;
    assert_eq!(status, StatusCode::OK, "{set}");
    assert_eq!(set["amount"], 5.0);
    assert_eq!(set["period"], "WEEKLY");
    assert_eq!(set["day"], 6);
    assert_eq!(set["minApprovedChores"], 3);
    // The next Saturday after today, in the family's calendar.
    let today = Utc::now().with_timezone(&New_York).date_naive();
    let next = NaiveDate::parse_from_str(set["nextPayDay"].as_str().unwrap(), "%Y-%m-%d").unwrap();
    assert_eq!(next.weekday(), Weekday::Sat);
    assert!(next > today && next <= today + Duration::days(7), "{next}");
    // The child reads their own; not a sibling's.
    let (status, own) = send(kid.get(&format!("/children/{mia}/allowance"))).await;
    assert_eq!(status, StatusCode::OK, "{own}");
    assert_eq!(own, set);
    let (status, _) = send(kid.get(&format!("/children/{max}/allowance"))).await;
    assert_eq!(status, StatusCode::NOT_FOUND);

    // Another family sees and changes nothing.
    let other = crate::helpers::parent(&api).await;
    let (status, body) = send(other.get(&format!("/children/{mia}/allowance"))).await;
    assert_eq!(status, StatusCode::NOT_FOUND, "{body}");
    assert_error(&body, "Child not found");
    let (status, _) = set_allowance(&other, &mia, json!({"amount": 0})).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    let (status, _) = set_interest(&other, &mia, json!({"percentPerMonth": 1})).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    let (status, _) = send(other.get(&format!("/children/{mia}/interest"))).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    let (_, still) = send(parent.get(&format!("/children/{mia}/allowance"))).await;
    assert_eq!(still, set);

    // A monthly one on the 31st; amount 0 turns it off.
    let (status, monthly) = set_allowance(
        &parent,
        &mia,
        json!({"amount": 20, "period": "MONTHLY", "day": 31}),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{monthly}");
    assert_eq!(monthly["minApprovedChores"], 0);
    let (status, off) = set_allowance(&parent, &mia, json!({"amount": 0})).await;
    assert_eq!(status, StatusCode::OK, "{off}");
    assert_eq!(off["amount"], 0.0);
    assert_eq!(off["nextPayDay"], Value::Null);

    // Interest.
    let (status, none) = send(kid.get(&format!("/children/{mia}/interest"))).await;
    assert_eq!(status, StatusCode::OK, "{none}");
    assert_eq!(none["percentPerMonth"], 0.0);
    assert_eq!(none["nextPayDay"], Value::Null);
    for (body, text) in [
        (json!({}), "Interest is required"),
        (
            json!({"percentPerMonth": 1.234}),
            "Interest must be a percentage with at most two decimals",
        ),
        (
            json!({"percentPerMonth": 10.01}),
            "Interest must be from 0 to 10 percent a month",
        ),
        (
            json!({"percentPerMonth": -1}),
            "Interest must be from 0 to 10 percent a month",
        ),
    ] {
        let (status, answer) = set_interest(&parent, &mia, body.clone()).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{body}: {answer}");
        assert_error(&answer, text);
    }
    let (_, answer) = set_interest(&parent, &mia, json!({"percentPerMonth": 1.234})).await;
    assert_field_refused(&answer, "percentPerMonth", "INTEREST_NOT_HUNDREDTHS");
    let (_, answer) = set_interest(&parent, &mia, json!({})).await;
    assert_field_refused(&answer, "percentPerMonth", "REQUIRED");
    assert_eq!(answer["params"], json!({"label": "interest"}), "{answer}");
    let (status, _) = set_interest(&kid, &mia, json!({"percentPerMonth": 2})).await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    let (status, interest) = set_interest(&parent, &mia, json!({"percentPerMonth": 1.5})).await;
    assert_eq!(status, StatusCode::OK, "{interest}");
    assert_eq!(interest["percentPerMonth"], 1.5);
    let first_of_next_month = (today.with_day(1).unwrap() + Duration::days(32))
        .with_day(1)
        .unwrap();
    assert_eq!(interest["nextPayDay"], first_of_next_month.to_string());
    let (_, read) = send(kid.get(&format!("/children/{mia}/interest"))).await;
    assert_eq!(read, interest);
    let (status, off) = set_interest(&parent, &mia, json!({"percentPerMonth": 0})).await;
    assert_eq!(status, StatusCode::OK, "{off}");
    assert_eq!(off["percentPerMonth"], 0.0);
}

/// The hours from `from` to `to`, each run of the job once and, at the
/// same moment, by a second replica; the moments something was paid.
async fn run_hourly(pool: &PgPool, from: DateTime<Utc>, to: DateTime<Utc>) -> Vec<DateTime<Utc>> {
    let mut paid_at = Vec::new();
    let mut now = from;
    while now < to {
        let (a, b) = tokio::join!(pay(pool, now), pay(pool, now));
        assert!(a + b <= 1, "paid twice at {now}");
        if a + b == 1 {
            paid_at.push(now);
        }
        now += Duration::hours(1);
    }
    paid_at
}

#[tokio::test]
async fn a_weekly_allowance_is_paid_once_each_week_on_the_familys_sunday_across_clock_changes() {
    let (stack, api) = start().await;
    let pool = &stack.rewards_pool;
    let parent = parent(&api).await;
    let (kid, lily) = child(&parent, "Lily").await;
    let lily = id(&lily);
    zone_known(pool, &parent).await;
    let (status, _) = set_split(&parent, &lily, json!({"spend": 70, "save": 20, "give": 10})).await;
    assert_eq!(status, StatusCode::OK);
    let (status, body) = set_allowance(
        &parent,
        &lily,
        json!({"amount": 5, "period": "WEEKLY", "day": 7, "minApprovedChores": 0}),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{body}");

    // March 2030: the clocks go forward on Sunday the 10th at 02:00. The
    // first look (Friday 1 March, evening) pays the Sundays of the last 35
    // days it missed, no older; then one each Sunday, at the first look
    // after the family's midnight: 05:30 UTC in winter, 04:30 in summer.
    assert_eq!(pay(pool, utc("2030-03-02T00:30:00Z")).await, 5);
    let paid = run_hourly(
        pool,
        utc("2030-03-02T01:30:00Z"),
        utc("2030-03-24T00:30:00Z"),
    )
    .await;
    assert_eq!(
        paid,
        vec![
            utc("2030-03-03T05:30:00Z"),
            utc("2030-03-10T05:30:00Z"),
            utc("2030-03-17T04:30:00Z"),
        ]
    );
    // November 2030: the clocks go back on Sunday the 3rd at 02:00.
    assert_eq!(pay(pool, utc("2030-10-26T00:30:00Z")).await, 5);
    let paid = run_hourly(
        pool,
        utc("2030-10-26T01:30:00Z"),
        utc("2030-11-16T00:30:00Z"),
    )
    .await;
    assert_eq!(
        paid,
        vec![
            utc("2030-10-27T04:30:00Z"),
            utc("2030-11-03T04:30:00Z"),
            utc("2030-11-10T05:30:00Z"),
        ]
    );
    for at in &paid {
        let local = at.with_timezone(&New_York);
        assert_eq!(
            (local.weekday(), local.hour()),
            (Weekday::Sun, 0),
            "{local}"
        );
    }

    // Each week is one ALLOWANCE of $5 split 70/20/10, keyed by the week's
    // first day and dated the family's Sunday midnight that ended it.
    let allowance = lines(pool, &lily, "ALLOWANCE").await;
    assert_eq!(allowance.len(), 16 * 3, "{allowance:?}");
    let mut weeks: Vec<&String> = allowance.iter().map(|(source, ..)| source).collect();
    weeks.dedup();
    assert_eq!(weeks.len(), 16);
    for chunk in allowance.chunks(3) {
        let cents: Vec<(&str, i64)> = chunk
            .iter()
            .map(|(_, jar, c, _)| (jar.as_str(), *c))
            .collect();
        assert_eq!(cents, vec![("GIVE", 50), ("SAVE", 100), ("SPEND", 350)]);
        let local = chunk[0].3.with_timezone(&New_York);
        assert_eq!(
            (local.weekday(), local.hour(), local.minute()),
            (Weekday::Sun, 0, 0)
        );
        let first_day = local.date_naive() - Duration::days(7);
        assert_eq!(chunk[0].0, format!("{lily}:{first_day}"));
    }
    // The balance and the jars show it: 16 weeks of $5.
    let jars = jars(&kid, &lily).await;
    assert_eq!(
        (&jars["spend"], &jars["save"], &jars["give"]),
        (&json!(56.0), &json!(16.0), &json!(8.0))
    );
    assert_eq!(child_record(&parent, &lily).await["balance"], 80.0);
}

/// Whether a session waits for the advisory lock `holder` holds.
async fn someone_waits_for_lock(pool: &PgPool, holder: i32) -> bool {
    kit::tenancy::all_families(
        sqlx::query_scalar(
            "SELECT EXISTS (
                SELECT FROM pg_locks held JOIN pg_locks waiting
                    ON waiting.locktype = 'advisory' AND waiting.objid = held.objid
                    AND waiting.classid = held.classid AND NOT waiting.granted
                WHERE held.pid = $1 AND held.locktype = 'advisory' AND held.granted)",
        )
        .bind(holder)
        .fetch_one(pool),
    )
    .await
    .unwrap()
}

#[tokio::test]
async fn a_job_killed_while_it_pays_pays_each_week_once_when_it_runs_again() {
    let (stack, api) = start().await;
    let pool = &stack.rewards_pool;
    let parent = parent(&api).await;
    let (_, lily) = child(&parent, "Lily").await;
    let (_, max) = child(&parent, "Max").await;
    let (lily, max) = (id(&lily), id(&max));
    zone_known(pool, &parent).await;
    for child in [&lily, &max] {
        let (status, body) = set_allowance(
            &parent,
            child,
            json!({"amount": 2.5, "period": "MONTHLY", "day": 1}),
        )
        .await;
        assert_eq!(status, StatusCode::OK, "{body}");
    }

    // Max's money is held by another transaction: the job pays Lily (or
    // not yet) and waits for Max, in the middle of its work, when it is killed.
    let mut holder = kit::tenancy::all_families(pool.begin()).await.unwrap();
    let holder_pid: i32 = sqlx::query_scalar("SELECT pg_backend_pid()")
        .fetch_one(&mut *holder)
        .await
        .unwrap();
    sqlx::query("SELECT pg_advisory_xact_lock(hashtextextended('ledger:' || $1::uuid::text, 0))")
        .bind(Uuid::parse_str(&max).unwrap())
        .execute(&mut *holder)
        .await
        .unwrap();
    let job = tokio::spawn({
        let pool = pool.clone();
        async move { pay(&pool, utc("2030-02-01T12:00:00Z")).await }
    });
    eventually("the job waiting for Max's lock", || {
        someone_waits_for_lock(pool, holder_pid)
    })
    .await;
    job.abort();
    assert!(job.await.unwrap_err().is_cancelled());
    holder.rollback().await.unwrap();
    assert!(lines(pool, &max, "ALLOWANCE").await.is_empty());

    // The restarted job, and once more: each child is paid once for
    // December and once for January (the two pay days of the last 35 days).
    let again = pay(pool, utc("2030-02-01T12:05:00Z")).await;
    assert!(again == 2 || again == 4, "{again}");
    assert_eq!(pay(pool, utc("2030-02-01T12:10:00Z")).await, 0);
    for child in [&lily, &max] {
        let paid = lines(pool, child, "ALLOWANCE").await;
        let keys: Vec<(String, i64)> = paid.into_iter().map(|(s, _, c, _)| (s, c)).collect();
        assert_eq!(
            keys,
            vec![
                (format!("{child}:2029-12-01"), 250),
                (format!("{child}:2030-01-01"), 250)
            ]
        );
    }
}

/// Submits `chore` as `kid`, done at the chores clock's now, and approves it.
async fn approve_now(parent: &Session, kid: &Session, chore: &Value, clock: &ManualClock) {
    let (status, submission) = submit(kid, form(chore, clock.now(), None)).await;
    assert_eq!(status, StatusCode::CREATED, "{submission}");
    let (status, reviewed) = send(parent.patch(
        &format!("/submissions/{}/review", submission["id"].as_str().unwrap()),
        &json!({"status": "APPROVED"}),
    ))
    .await;
    assert_eq!(status, StatusCode::OK, "{reviewed}");
}

/// Waits until `count` chores of the child are in the ledger.
async fn chores_credited(pool: &PgPool, child: &str, count: usize) {
    eventually(&format!("{count} chores credited"), || async {
        lines(pool, child, "CHORE").await.len() == count
    })
    .await;
}

#[tokio::test]
async fn an_allowance_is_paid_only_when_enough_chores_were_approved_in_its_week() {
    let clock = ManualClock::at(new_york("2030-01-07 12:00"));
    let (stack, api) = stack_on(&clock).await;
    let pool = &stack.rewards_pool;
    let f = Family::new(&api).await;
    zone_known(pool, &f.parent).await;
    let chores: Vec<Value> = chores_named(&f.parent, &f.kitchen, 4).await;
    // Paid on Mondays for the week before, with two chores approved in it.
    let (status, body) = set_allowance(
        &f.parent,
        &f.lily_id,
        json!({"amount": 3, "period": "WEEKLY", "day": 1, "minApprovedChores": 2}),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    // The job decides the weeks up to Monday 7 January 2030 (none paid:
    // nothing was approved), so the week of the 7th is the first to count.
    pay(pool, new_york("2030-01-07 12:00")).await;
    let before = lines(pool, &f.lily_id, "ALLOWANCE").await.len();

    // One chore in the week of 7 January: not enough.
    approve_now(&f.parent, &f.lily, &chores[0], &clock).await;
    chores_credited(pool, &f.lily_id, 1).await;
    assert_eq!(pay(pool, new_york("2030-01-13 23:59")).await, 0);
    assert_eq!(pay(pool, new_york("2030-01-14 00:10")).await, 0);
    // A second chore done on the Sunday and approved after the week was
    // decided does not pay it later.
    clock.set(new_york("2030-01-13 18:00"));
    approve_now(&f.parent, &f.lily, &chores[1], &clock).await;
    chores_credited(pool, &f.lily_id, 2).await;
    assert_eq!(pay(pool, new_york("2030-01-14 09:00")).await, 0);
    assert_eq!(lines(pool, &f.lily_id, "ALLOWANCE").await.len(), before);

    // Two chores in the week of 14 January: paid on the 21st, once.
    clock.set(new_york("2030-01-15 12:00"));
    approve_now(&f.parent, &f.lily, &chores[2], &clock).await;
    clock.set(new_york("2030-01-20 23:30"));
    approve_now(&f.parent, &f.lily, &chores[3], &clock).await;
    chores_credited(pool, &f.lily_id, 4).await;
    assert_eq!(pay(pool, new_york("2030-01-20 23:59")).await, 0);
    assert_eq!(pay(pool, new_york("2030-01-21 00:05")).await, 1);
    assert_eq!(pay(pool, new_york("2030-01-21 08:00")).await, 0);
    let paid = lines(pool, &f.lily_id, "ALLOWANCE").await;
    assert_eq!(paid.len(), before + 1);
    let last = paid.last().unwrap();
    assert_eq!(last.0, format!("{}:2030-01-14", f.lily_id));
    assert_eq!(last.2, 300);
    // Max has no allowance: nothing.
    assert!(lines(pool, &f.max_id, "ALLOWANCE").await.is_empty());
}

async fn chores_named(parent: &Session, kitchen: &str, count: usize) -> Vec<Value> {
    let mut made = Vec::new();
    for n in 0..count {
        made.push(
            chore(
                parent,
                kitchen,
                json!({"name": format!("Chore {n}"), "baseReward": 1}),
            )
            .await,
        );
    }
    made
}

#[tokio::test]
async fn interest_is_paid_once_a_month_in_whole_cents_on_the_save_jar() {
    let (stack, api) = start().await;
    let pool = &stack.rewards_pool;
    let parent = parent(&api).await;
    let (kid, mia) = child(&parent, "Mia").await;
    let (_, max) = child(&parent, "Max").await;
    let (mia, max) = (id(&mia), id(&max));
    zone_known(pool, &parent).await;
    let (status, body) = send(parent.post(
        &format!("/children/{mia}/adjust-balance"),
        &json!({"amount": "+12.34", "notes": "Savings", "jar": "SAVE"}),
    ))
    .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    for child in [&mia, &max] {
        let (status, body) = set_interest(&parent, child, json!({"percentPerMonth": 2.5})).await;
        assert_eq!(status, StatusCode::OK, "{body}");
    }

    // The first month start after it was set: 2.5% of $12.34 is 30.85
    // cents, paid as 31 (half a cent up), into SAVE. Max's empty jar earns
    // nothing.
    let (a, b) = tokio::join!(
        pay_interest(pool, new_york("2030-01-01 00:30")),
        pay_interest(pool, new_york("2030-01-01 00:30"))
    );
    assert_eq!(a + b, 1);
    for at in ["2030-01-01 09:00", "2030-01-15 12:00", "2030-01-31 23:59"] {
        assert_eq!(pay_interest(pool, new_york(at)).await, 0, "{at}");
    }
    let paid = lines(pool, &mia, "INTEREST").await;
    assert_eq!(paid.len(), 1);
    assert_eq!(
        (paid[0].0.as_str(), paid[0].1.as_str(), paid[0].2),
        (format!("{mia}:2029-12").as_str(), "SAVE", 31)
    );
    // February: 2.5% of $12.65 is 31.625 cents, 32; then nothing more.
    assert_eq!(pay_interest(pool, new_york("2030-02-01 00:01")).await, 1);
    assert_eq!(pay_interest(pool, new_york("2030-02-20 00:01")).await, 0);
    let paid = lines(pool, &mia, "INTEREST").await;
    assert_eq!(paid.iter().map(|l| l.2).collect::<Vec<_>>(), vec![31, 32]);
    assert_eq!(paid[1].0, format!("{mia}:2030-01"));
    assert!(lines(pool, &max, "INTEREST").await.is_empty());
    let jars = jars(&kid, &mia).await;
    assert_eq!(jars["save"], 12.97);

    // Turned off: March pays nothing.
    let (status, _) = set_interest(&parent, &mia, json!({"percentPerMonth": 0})).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(pay_interest(pool, new_york("2030-03-01 00:30")).await, 0);
    assert_eq!(lines(pool, &mia, "INTEREST").await.len(), 2);
}

/// The address of a new calendar feed of `session`.
async fn new_feed(session: &Session) -> String {
    let (status, feed) =
        send(session.post("/calendar/feeds", &json!({"currentPassword": "secret123"}))).await;
    assert_eq!(status, StatusCode::CREATED, "{feed}");
    let url = feed["url"].as_str().unwrap();
    let (_, path) = url.split_once("/api").unwrap();
    format!("{}{path}", session.api)
}

async fn read_feed(address: &str) -> String {
    let response = reqwest::get(address).await.unwrap();
    assert_eq!(response.status(), StatusCode::OK);
    response.text().await.unwrap()
}

#[tokio::test]
async fn calendar_feeds_show_each_childs_allowance_days() {
    let (_stack, api) = start().await;
    let parent = parent(&api).await;
    let (kid, mia) = child(&parent, "Mia").await;
    let mia = id(&mia);
    let family_feed = new_feed(&parent).await;
    let own_feed = new_feed(&kid).await;
    let (status, body) = set_allowance(
        &parent,
        &mia,
        json!({"amount": 5, "period": "WEEKLY", "day": 6}),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{body}");

    // Every Saturday of the feeds' 60 days, in the family's and Mia's own.
    let saturdays = |text: &str, summary: &str| {
        text.split("BEGIN:VEVENT")
            .filter(|event| event.contains(&format!("SUMMARY:{summary}\r\n")))
            .map(|event| {
                let start = event.split("DTSTART;VALUE=DATE:").nth(1).unwrap();
                NaiveDate::parse_from_str(&start[..8], "%Y%m%d").unwrap()
            })
            .collect::<Vec<_>>()
    };
    eventually("allowance days in the family's feed", || async {
        let days = saturdays(&read_feed(&family_feed).await, "Allowance $5.00 – Mia");
        (8..=9).contains(&days.len()) && days.iter().all(|d| d.weekday() == Weekday::Sat)
    })
    .await;
    let days = saturdays(&read_feed(&own_feed).await, "Allowance $5.00");
    assert!((8..=9).contains(&days.len()), "{days:?}");

    // Turned off: gone.
    let (status, _) = set_allowance(&parent, &mia, json!({"amount": 0})).await;
    assert_eq!(status, StatusCode::OK);
    eventually("no allowance days", || async {
        !read_feed(&family_feed).await.contains("Allowance")
    })
    .await;
}
