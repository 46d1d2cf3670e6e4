//! Statements (payslips) through the API: over a seeded year of a family's
//! money (chores approved with multipliers, a birthday, adjustments,
//! payouts, transfers, a redemption), every child's statement closes at its
//! opening plus its lines, month after month, per jar and in total, and at
//! the balance the dashboard shows; an approved chore shows base × each
//! multiplier part. The chores service reads a clock the test moves, so the
//! chores are done across the year; the birthday job is run at its day; the
//! rewards service's clock stands at noon today, when parents' entries are made.

use chrono::{DateTime, Days, NaiveDate, Utc};
use kit::clock::ManualClock;
use reqwest::StatusCode;
use serde_json::{Value, json};
use testkit::Options;

use crate::{
    chores::{category, chore},
    helpers::{
        Session, assert_error, assert_field_refused, child, eventually, parent, send, start_with,
        unique_email,
    },
    rewards::{add_subject, grade},
    store::{add_item, decide, redeem},
    submissions::{form, submit},
};

/// Submits `chore` as done at `at` and approves it.
async fn approve_at(parent: &Session, kid: &Session, chore: &Value, at: DateTime<Utc>) {
    let (status, submission) = submit(kid, form(chore, at, None)).await;
    assert_eq!(status, StatusCode::CREATED, "{submission}");
    let id = submission["id"].as_str().unwrap();
    let (status, reviewed) = send(parent.patch(
        &format!("/submissions/{id}/review"),
        &json!({"status": "APPROVED"}),
    ))
    .await;
    assert_eq!(status, StatusCode::OK, "{reviewed}");
}

fn cents(v: &Value) -> i64 {
    (v.as_f64().unwrap_or_else(|| panic!("{v} is no amount")) * 100.0).round() as i64
}

fn zone() -> chrono_tz::Tz {
    chrono_tz::America::New_York
}

/// Noon of `day` in the family's zone.
fn noon(day: NaiveDate) -> DateTime<Utc> {
    day.and_hms_opt(12, 0, 0)
        .unwrap()
        .and_local_timezone(zone())
        .single()
        .unwrap()
        .to_utc()
}

pub async fn statement(session: &Session, child: &str, query: &str) -> (StatusCode, Value) {
    send(session.get(&format!("/children/{child}/statement{query}"))).await
}

async fn statement_of(session: &Session, child: &str, from: NaiveDate, to: NaiveDate) -> Value {
    let (status, s) = statement(session, child, &format!("?from={from}&to={to}")).await;
    assert_eq!(status, StatusCode::OK, "{s}");
    s
}

/// Closing is opening plus the lines, in total and per jar, and the lines
/// are in the order they happened.
fn assert_adds_up(s: &Value) {
    let lines = s["lines"].as_array().unwrap();
    let sum: i64 = lines.iter().map(|l| cents(&l["amount"])).sum();
    assert_eq!(cents(&s["closing"]), cents(&s["opening"]) + sum, "{s}");
    let (mut opening, mut closing) = (0, 0);
    for jar in s["jars"].as_array().unwrap() {
        let of_jar: i64 = lines
            .iter()
            .filter(|l| l["jar"] == jar["jar"])
            .map(|l| cents(&l["amount"]))
            .sum();
        assert_eq!(cents(&jar["in"]) + cents(&jar["out"]), of_jar, "{jar}");
        assert_eq!(
            cents(&jar["closing"]),
            cents(&jar["opening"]) + of_jar,
            "{jar}"
        );
        opening += cents(&jar["opening"]);
        closing += cents(&jar["closing"]);
    }
    assert_eq!(
        (opening, closing),
        (cents(&s["opening"]), cents(&s["closing"])),
        "{s}"
    );
    let times: Vec<&str> = lines
        .iter()
        .map(|l| l["occurredAt"].as_str().unwrap())
        .collect();
    let parsed: Vec<DateTime<Utc>> = times.iter().map(|t| t.parse().unwrap()).collect();
    assert!(parsed.windows(2).all(|w| w[0] <= w[1]), "{times:?}");
}

fn kinds(s: &Value) -> Vec<String> {
    let mut kinds: Vec<String> = s["lines"]
        .as_array()
        .unwrap()
        .iter()
        .map(|l| l["kind"].as_str().unwrap().to_owned())
        .collect();
    kinds.sort();
    kinds.dedup();
    kinds
}

fn chores_credited(s: &Value) -> usize {
    let mut sources: Vec<&str> = s["lines"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|l| l["kind"] == "CHORE")
        .map(|l| l["sourceId"].as_str().unwrap())
        .collect();
    sources.sort_unstable();
    sources.dedup();
    sources.len()
}

#[tokio::test]
async fn a_year_of_statements_adds_up_for_every_child_and_closes_at_the_dashboard_balance() {
    let today = Utc::now().with_timezone(&zone()).date_naive();
    let first = today - Days::new(360);
    let clock = ManualClock::at(noon(first));
    let rewards_clock = ManualClock::at(noon(today));
    let (stack, api) = start_with(Options {
        chores_clock: Some(clock.clock()),
        rewards_clock: Some(rewards_clock.clock()),
        ..Options::default()
    })
    .await;
    let parent = parent(&api).await;
    let kitchen = category(&parent, "Kitchen").await;
    let dishes = chore(
        &parent,
        &kitchen,
        json!({"name": "Dishes", "baseReward": 2.0, "frequencyDays": 0}),
    )
    .await;

    // Mia: born on a day 100 days into the year, an A and excellent
    // behaviour (× 1.5 × 1.2), saving 20% and giving 10%. Leo: plain.
    let birthday = first + Days::new(100);
    let born = birthday.with_year_back(9);
    let (status, answer) = send(parent.post(
        "/children/invite",
        &json!({"firstName": "Mia", "email": unique_email("mia"),
            "dateOfBirth": born.to_string(), "birthdayRewardAmount": 5}),
    ))
    .await;
    assert_eq!(status, StatusCode::CREATED, "{answer}");
    let mia_id = answer["child"]["id"].as_str().unwrap().to_owned();
    let mia = crate::helpers::accept(&api, answer["inviteCode"].as_str().unwrap(), "").await;
    let (leo, leo_record) = child(&parent, "Leo").await;
    let leo_id = leo_record["id"].as_str().unwrap().to_owned();
    let (status, _) = send(parent.put(
        &format!("/children/{mia_id}/ratings"),
        &json!({"honestyRating": 9, "respectRating": 9, "rulesRating": 9}),
    ))
    .await;
    assert_eq!(status, StatusCode::OK);
    let math = add_subject(
        &parent,
        &mia_id,
        json!({"name": "Math", "gradeScale": "LETTER"}),
    )
    .await;
    grade(&parent, &math, json!({"grade": "A"})).await;
    let (status, _) = send(parent.put(
        &format!("/children/{mia_id}/split"),
        &json!({"spend": 70, "save": 20, "give": 10}),
    ))
    .await;
    assert_eq!(status, StatusCode::OK);

    // A chore each, every 30 days of the year, done on the family's clock.
    for month in 0..12 {
        clock.set(noon(first + Days::new(30 * month)));
        approve_at(&parent, &mia, &dishes, clock.now()).await;
        approve_at(&parent, &leo, &dishes, clock.now()).await;
    }
    // Mia's birthday, paid by the job on the day.
    let mut paid = 0;
    eventually("the birthday paid", || {
        let pool = stack.rewards_pool.clone();
        async move {
            paid += ::rewards::birthdays::pay_due(&pool, noon(birthday))
                .await
                .unwrap();
            paid == 1
        }
    })
    .await;

    // Today: adjustments both ways, a payout, transfers, a redemption.
    for (child, amount, jar) in [
        (&mia_id, "+5.00", "SPEND"),
        (&leo_id, "+3.00", "SPEND"),
        (&leo_id, "-1.00", "SPEND"),
        (&mia_id, "+0.50", "GIVE"),
    ] {
        let (status, body) = send(parent.post(
            &format!("/children/{child}/adjust-balance"),
            &json!({"amount": amount, "notes": "Pocket money", "jar": jar}),
        ))
        .await;
        assert_eq!(status, StatusCode::OK, "{body}");
    }
    // Everything the approvals credit is in before money is taken out.
    eventually("every approval credited", || async {
        let mine = statement_of(&parent, &mia_id, first, today).await;
        let his = statement_of(&parent, &leo_id, first, today).await;
        chores_credited(&mine) == 12 && chores_credited(&his) == 12
    })
    .await;
    let (status, body) = send(parent.post(
        "/payouts",
        &json!({"childId": mia_id, "amount": 2, "notes": "Cinema"}),
    ))
    .await;
    assert_eq!(status, StatusCode::CREATED, "{body}");
    for (child, from, to, amount) in [
        (&mia_id, "SPEND", "GIVE", 1.0),
        (&leo_id, "SPEND", "SAVE", 0.5),
    ] {
        let (status, body) = send(parent.post(
            &format!("/children/{child}/transfers"),
            &json!({"from": from, "to": to, "amount": amount}),
        ))
        .await;
        assert_eq!(status, StatusCode::CREATED, "{body}");
    }
    let treat = add_item(
        &parent,
        json!({"name": "Ice cream", "price": 1.5, "emoji": "🍦"}),
    )
    .await;
    let (status, asked) = redeem(&mia, &treat).await;
    assert_eq!(status, StatusCode::CREATED, "{asked}");
    let (status, decided) = decide(&parent, &asked, "APPROVED").await;
    assert_eq!(status, StatusCode::OK, "{decided}");

    for (who, id) in [("Mia", &mia_id), ("Leo", &leo_id)] {
        let year = statement_of(&parent, id, first, today).await;
        assert_adds_up(&year);
        assert_eq!(cents(&year["opening"]), 0, "{who}: nothing before the year");

        // Month by month, each opening where the last closed, the same lines.
        let (mut day, mut closing, mut seen) = (first, 0, Vec::new());
        while day <= today {
            let last = (day + Days::new(29)).min(today);
            let month = statement_of(&parent, id, day, last).await;
            assert_adds_up(&month);
            assert_eq!(cents(&month["opening"]), closing, "{who} {day}");
            closing = cents(&month["closing"]);
            seen.extend(
                month["lines"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .map(|l| l["id"].clone()),
            );
            day = last + Days::new(1);
        }
        let all: Vec<Value> = year["lines"]
            .as_array()
            .unwrap()
            .iter()
            .map(|l| l["id"].clone())
            .collect();
        assert_eq!(seen, all, "{who}");
        assert_eq!(closing, cents(&year["closing"]));

        // The child reads the same statement.
        let kid = if who == "Mia" { &mia } else { &leo };
        let (status, own) = statement(kid, id, &format!("?from={first}&to={today}")).await;
        assert_eq!(status, StatusCode::OK, "{own}");
        assert_eq!(own, year);

        // And it closes at the balance and jars the dashboards show.
        eventually(
            &format!("{who}'s dashboards at the statement's closing"),
            || async {
                let (_, family) = send(parent.get("/dashboard/stats")).await;
                let (_, theirs) = send(kid.get("/dashboard/stats")).await;
                let card = family["children"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .find(|c| c["id"] == *id)
                    .cloned()
                    .unwrap();
                let jars_match = |jars: &Value| {
                    year["jars"].as_array().unwrap().iter().all(|j| {
                        let name = j["jar"].as_str().unwrap().to_lowercase();
                        cents(&jars[name.as_str()]) == cents(&j["closing"])
                    })
                };
                cents(&card["balance"]) == cents(&year["closing"])
                    && cents(&theirs["balance"]) == cents(&year["closing"])
                    && jars_match(&card["jars"])
                    && jars_match(&theirs["jars"])
            },
        )
        .await;
    }

    let year = statement_of(&parent, &mia_id, first, today).await;
    assert_eq!(
        kinds(&year),
        [
            "ADJUSTMENT",
            "BIRTHDAY",
            "CHORE",
            "PAYOUT",
            "REDEMPTION",
            "TRANSFER"
        ]
    );
    // What parents did today happened when the rewards service's clock says.
    for line in year["lines"].as_array().unwrap() {
        if ["ADJUSTMENT", "PAYOUT", "TRANSFER", "REDEMPTION"]
            .contains(&line["kind"].as_str().unwrap())
        {
            let at: DateTime<Utc> = line["occurredAt"].as_str().unwrap().parse().unwrap();
            assert_eq!(at, rewards_clock.now(), "{line}");
        }
    }
    // 12 × $3.60 + $5 birthday + $5.50 given − $2 paid − $1.50 redeemed.
    assert_eq!(cents(&year["closing"]), 4320 + 500 + 550 - 200 - 150);
    // Earned: chores and the birthday, not adjustments or transfers.
    assert_eq!(cents(&year["earned"]), 4320 + 500);
    // An approved chore: $2.00 × 1.5 × 1.2 × 1.0 = $3.60, split into jars.
    let chore_line = year["lines"]
        .as_array()
        .unwrap()
        .iter()
        .find(|l| l["kind"] == "CHORE")
        .unwrap()
        .clone();
    let b = &chore_line["breakdown"];
    assert_eq!(b["choreName"], "Dishes");
    assert_eq!(b["base"], 2.0);
    assert_eq!(
        b["parts"],
        json!([{"name": "GRADE", "factor": 1.5}, {"name": "BEHAVIOUR", "factor": 1.2}, {"name": "STREAK", "factor": 1.0}])
    );
    assert_eq!(
        (b["multiplier"].clone(), b["amount"].clone()),
        (json!(1.8), json!(3.6))
    );
    let of_source: i64 = year["lines"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|l| l["sourceId"] == chore_line["sourceId"])
        .map(|l| cents(&l["amount"]))
        .sum();
    assert_eq!(of_source, 360);
    let leo_year = statement_of(&parent, &leo_id, first, today).await;
    // 12 × $2.00 + $3 − $1.
    assert_eq!(cents(&leo_year["closing"]), 2400 + 300 - 100);
}

trait YearBack {
    fn with_year_back(self, years: i32) -> NaiveDate;
}

impl YearBack for NaiveDate {
    /// The same day `years` earlier (28 February for a 29th without one).
    fn with_year_back(self, years: i32) -> NaiveDate {
        use chrono::Datelike;
        self.with_year(self.year() - years)
            .or_else(|| self.pred_opt().and_then(|d| d.with_year(d.year() - years)))
            .unwrap()
    }
}

#[tokio::test]
async fn a_statement_is_the_childs_own_and_its_days_are_checked() {
    let (_stack, api) = crate::helpers::start().await;
    let parent = parent(&api).await;
    let (mia, record) = child(&parent, "Mia").await;
    let (leo, _) = child(&parent, "Leo").await;
    let mia_id = record["id"].as_str().unwrap();

    // Without days: this week, Monday to Sunday, in the family's zone.
    let (status, week) = statement(&mia, mia_id, "").await;
    assert_eq!(status, StatusCode::OK, "{week}");
    let from: NaiveDate = week["from"].as_str().unwrap().parse().unwrap();
    let to: NaiveDate = week["to"].as_str().unwrap().parse().unwrap();
    assert_eq!(chrono::Datelike::weekday(&from), chrono::Weekday::Mon);
    assert_eq!((to - from).num_days(), 6);
    assert_eq!(week["timeZone"], "America/New_York");
    assert_eq!((cents(&week["opening"]), cents(&week["closing"])), (0, 0));
    assert_eq!(week["jars"].as_array().unwrap().len(), 3);

    let (status, _) = statement(&parent, mia_id, "").await;
    assert_eq!(status, StatusCode::OK);
    let (status, body) = statement(&leo, mia_id, "").await;
    assert_eq!(status, StatusCode::NOT_FOUND, "a sibling's: {body}");
    let stranger = crate::helpers::parent(&api).await;
    let (status, _) = statement(&stranger, mia_id, "").await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    let (status, _) = statement(&stranger, "not-a-child", "").await;
    assert_eq!(status, StatusCode::NOT_FOUND);

    for (query, field, code, message) in [
        (
            "?from=yesterday",
            "from",
            "NOT_A_DATE",
            "From must be a date (YYYY-MM-DD)",
        ),
        (
            "?from=2030-01-01&to=2030-02-30",
            "to",
            "NOT_A_DATE",
            "To must be a date (YYYY-MM-DD)",
        ),
        (
            "?from=2030-01-10&to=2030-01-09",
            "to",
            "TO_BEFORE_FROM",
            "To must not be before From",
        ),
        (
            "?from=2029-01-01&to=2030-01-02",
            "to",
            "STATEMENT_TOO_LONG",
            "A statement covers at most 366 days",
        ),
        // Given empty is no date (left out is this week).
        (
            "?from=&to=",
            "from",
            "NOT_A_DATE",
            "From must be a date (YYYY-MM-DD)",
        ),
        ("?to=", "to", "NOT_A_DATE", "To must be a date (YYYY-MM-DD)"),
    ] {
        let (status, body) = statement(&mia, mia_id, query).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{query}: {body}");
        assert_error(&body, message);
        assert_field_refused(&body, field, code);
        if code == "NOT_A_DATE" {
            assert_eq!(body["params"], json!({"label": field}), "{body}");
        }
    }
    // A leap year's 366 days are one statement.
    let (status, body) = statement(&mia, mia_id, "?from=2028-01-01&to=2028-12-31").await;
    assert_eq!(status, StatusCode::OK, "{body}");
}
