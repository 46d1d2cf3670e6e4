//! Notifications: the in-app centre of each user (made from the events,
//! one per event and recipient, never another's), the settings, the daily
//! review digest at its time at the real SMTP server (the auth clock is
//! moved, the mail job run by hand), and the one-click unsubscribe link.

use chrono::{DateTime, Datelike, Duration, TimeZone, Utc};
use kit::clock::ManualClock;
use reqwest::{Client, StatusCode};
use serde_json::{Value, json};
use testkit::{
    Options,
    mail::{Mail, mails_to, wait_for_mails},
    test_maildir,
};

use crate::{
    chores::{category, chore},
    helpers::{
        Session, accept, add_child, assert_error, eventually, parent, send, start_with,
        start_with_auth_clock, verified,
    },
    store::{add_item, decide, give, redeem},
    submissions::{form, submit},
};

/// 07:00 in New York (the families' zone), on a Monday.
fn morning() -> DateTime<Utc> {
    DateTime::parse_from_rfc3339("2030-03-04T12:00:00Z")
        .unwrap()
        .with_timezone(&Utc)
}

pub async fn notifications(session: &Session) -> Value {
    let (status, body) = send(session.get("/notifications")).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    body
}

/// Waits until `session` has `count` notifications.
pub async fn wait_for_notifications(session: &Session, count: usize) -> Value {
    eventually("the notifications", || async {
        notifications(session).await["notifications"]
            .as_array()
            .unwrap()
            .len()
            >= count
    })
    .await;
    notifications(session).await
}

pub fn email_of(session: &Session) -> String {
    session.user["email"].as_str().unwrap().to_owned()
}

fn digests(mails: Vec<Mail>) -> Vec<Mail> {
    mails
        .into_iter()
        .filter(|m| m.subject.contains("waiting for review"))
        .collect()
}

/// A mail's headers, each on one line (folded ones unfolded).
pub fn unfolded(mail: &Mail) -> String {
    mail.headers
        .replace("\r\n", "\n")
        .replace("\n ", " ")
        .replace("\n\t", " ")
}

/// The token of a mail's `List-Unsubscribe` link.
pub fn unsubscribe_token(mail: &Mail) -> String {
    let headers = unfolded(mail);
    let header = headers
        .lines()
        .find(|l| l.to_ascii_lowercase().starts_with("list-unsubscribe:"))
        .unwrap_or_else(|| panic!("no List-Unsubscribe in {}", mail.headers));
    let link = header
        .split_once('<')
        .and_then(|(_, rest)| rest.split_once('>'))
        .unwrap()
        .0;
    assert!(
        link.contains("/api/notifications/unsubscribe?token="),
        "{link}"
    );
    link.rsplit("token=").next().unwrap().to_owned()
}

/// A child of `parent`'s family, signed in, with the address it was invited with.
async fn kid(parent: &Session, name: &str) -> (Session, Value) {
    let (record, code) = add_child(parent, name).await;
    let session = accept(&parent.api, &code, "").await;
    (session, record)
}

#[tokio::test]
async fn the_digest_comes_once_at_its_time_with_the_count_and_its_link_turns_it_off() {
    let clock = ManualClock::at(morning());
    let (stack, api) = start_with_auth_clock(&clock).await;
    let maildir = test_maildir();
    let parent = parent(&api).await;
    verified(&stack, &parent).await;
    let (mia, _) = kid(&parent, "Mia").await;
    let kitchen = category(&parent, "Kitchen").await;

    let (status, settings) = send(parent.get("/users/me/notifications")).await;
    assert_eq!(status, StatusCode::OK, "{settings}");
    assert_eq!(settings["digestTime"], "18:00", "the default");
    assert_eq!(settings["weeklySummary"], true);
    assert_eq!(settings["weeklySummaryDay"], 7);
    assert_eq!(settings["timeZone"], "America/New_York");
    assert_eq!(
        settings["kinds"],
        json!([
            {"kind": "SUBMISSION", "inApp": true, "email": true},
            {"kind": "STORE_REQUEST", "inApp": true, "email": null},
            {"kind": "WEBHOOK_DISABLED", "inApp": true, "email": true},
        ])
    );
    let (status, saved) = send(parent.put(
        "/users/me/notifications",
        &json!({"digestTime": "18:30", "weeklySummary": false, "weeklySummaryDay": 7}),
    ))
    .await;
    assert_eq!(status, StatusCode::OK, "{saved}");
    assert_eq!(saved["digestTime"], "18:30");
    assert_eq!(saved["weeklySummary"], false);
    // A save that leaves the weekly summary out keeps it as it was.
    let (status, saved) = send(parent.put(
        "/users/me/notifications",
        &json!({"digestTime": "18:30", "weeklySummaryDay": 7}),
    ))
    .await;
    assert_eq!(status, StatusCode::OK, "{saved}");
    assert_eq!(saved["weeklySummary"], false);

    for name in ["Dishes", "Laundry", "Bins"] {
        let chore = chore(&parent, &kitchen, json!({"name": name})).await;
        let (status, body) = submit(&mia, form(&chore, Utc::now(), None)).await;
        assert_eq!(status, StatusCode::CREATED, "{body}");
    }
    let centre = wait_for_notifications(&parent, 3).await;
    assert_eq!(centre["unread"], 3);
    assert_eq!(centre["notifications"][0]["kind"], "SUBMISSION");

    // 07:00 and 18:29 in New York: not yet, and nobody is looked at.
    let scheduler = &stack.auth_scheduler;
    let look = scheduler.queue_due().await.unwrap();
    assert_eq!((look.digests, look.looked_at), (0, 0));
    clock.set(morning() + Duration::minutes(11 * 60 + 29));
    assert_eq!(scheduler.queue_due().await.unwrap().digests, 0);
    // 18:30: one digest, counting the three.
    clock.set(morning() + Duration::minutes(11 * 60 + 30));
    let look = scheduler.queue_due().await.unwrap();
    assert_eq!((look.digests, look.looked_at), (1, 1));
    // The sign-up's verification mail may have gone out before the address
    // was marked verified: wait for the digest itself.
    let to = email_of(&parent);
    eventually("the digest mailed", || async {
        !digests(mails_to(&maildir, &to)).is_empty()
    })
    .await;
    let sent = digests(mails_to(&maildir, &to));
    assert_eq!(sent.len(), 1, "one digest");
    assert_eq!(sent[0].subject, "3 chores waiting for review");
    assert!(sent[0].text.contains("/approval"), "{}", sent[0].text);
    assert!(
        unfolded(&sent[0]).contains("List-Unsubscribe-Post: List-Unsubscribe=One-Click"),
        "{}",
        sent[0].headers
    );

    // Again that day, later, after a restart: nothing more, and the parent
    // whose digest is settled is not even looked at.
    let look = scheduler.queue_due().await.unwrap();
    assert_eq!((look.digests, look.looked_at), (0, 0));
    clock.advance(Duration::hours(3));
    assert_eq!(scheduler.queue_due().await.unwrap().digests, 0);
    let queued: i64 =
        sqlx::query_scalar("SELECT count(*) FROM mail_queue WHERE kind = 'REVIEW_DIGEST'")
            .fetch_one(&stack.auth_pool)
            .await
            .unwrap();
    assert_eq!(queued, 1, "one digest queued that day");

    // The link's page changes nothing; its POST turns the digest off.
    let token = unsubscribe_token(&sent[0]);
    let http = Client::new();
    let page = http
        .get(format!("{api}/notifications/unsubscribe?token={token}"))
        .send()
        .await
        .unwrap();
    assert_eq!(page.status(), StatusCode::OK);
    assert!(page.text().await.unwrap().contains("<form method=\"post\""));
    let (status, settings) = send(parent.get("/users/me/notifications")).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(settings["kinds"][0]["email"], true, "a GET changes nothing");
    let one_click = || {
        http.post(format!("{api}/notifications/unsubscribe?token={token}"))
            .header("Content-Type", "application/x-www-form-urlencoded")
            .body("List-Unsubscribe=One-Click")
    };
    let (status, body) = send(one_click()).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["mail"], "REVIEW_DIGEST");
    let (status, _) = send(one_click()).await;
    assert_eq!(status, StatusCode::OK, "a second click changes nothing");
    let (status, body) =
        send(http.post(format!("{api}/notifications/unsubscribe?token=not-a-token"))).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    assert_error(&body, "This unsubscribe link is not valid");
    let (_, settings) = send(parent.get("/users/me/notifications")).await;
    assert_eq!(settings["kinds"][0]["email"], false);
    assert_eq!(settings["kinds"][0]["inApp"], true, "only the mail is off");

    // The next day at its time: nothing is sent, though three still wait.
    clock.set(morning() + Duration::days(1) + Duration::hours(12));
    assert_eq!(scheduler.queue_due().await.unwrap().digests, 0);
    let queued: i64 =
        sqlx::query_scalar("SELECT count(*) FROM mail_queue WHERE kind = 'REVIEW_DIGEST'")
            .fetch_one(&stack.auth_pool)
            .await
            .unwrap();
    assert_eq!(queued, 1, "no second digest");
    assert_eq!(digests(mails_to(&maildir, &email_of(&parent))).len(), 1);
}

#[tokio::test]
async fn the_digest_follows_the_familys_new_time_zone() {
    let clock = ManualClock::at(morning());
    let (stack, api) = start_with_auth_clock(&clock).await;
    let parent = parent(&api).await;
    let (mia, _) = kid(&parent, "Mia").await;
    let kitchen = category(&parent, "Kitchen").await;
    let dishes = chore(&parent, &kitchen, json!({"name": "Dishes"})).await;
    let (status, body) = submit(&mia, form(&dishes, Utc::now(), None)).await;
    assert_eq!(status, StatusCode::CREATED, "{body}");
    wait_for_notifications(&parent, 1).await;

    // The family moves to London, where 18:00 is 13:00 in New York.
    let (status, body) = send(parent.put(
        "/organizations/current",
        &json!({"name": "The Movers", "timeZone": "Europe/London"}),
    ))
    .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let org: uuid::Uuid = body["id"].as_str().unwrap().parse().unwrap();
    let pool = stack.auth_pool.clone();
    eventually("the auth service to hear of the move", || {
        let pool = pool.clone();
        async move { zone_of(&pool, org).await.as_deref() == Some("Europe/London") }
    })
    .await;

    let scheduler = &stack.auth_scheduler;
    clock.set(morning() + Duration::minutes(5 * 60 + 59)); // 17:59 in London
    assert_eq!(scheduler.queue_due().await.unwrap().digests, 0);
    clock.set(morning() + Duration::hours(6)); // 18:00 in London
    assert_eq!(scheduler.queue_due().await.unwrap().digests, 1);
}

#[tokio::test]
async fn no_digest_when_nothing_waits() {
    let clock = ManualClock::at(morning());
    let (stack, api) = start_with_auth_clock(&clock).await;
    let parent = parent(&api).await;
    let (mia, _) = kid(&parent, "Mia").await;
    let kitchen = category(&parent, "Kitchen").await;
    let dishes = chore(&parent, &kitchen, json!({"name": "Dishes"})).await;
    let (status, submission) = submit(&mia, form(&dishes, Utc::now(), None)).await;
    assert_eq!(status, StatusCode::CREATED, "{submission}");
    wait_for_notifications(&parent, 1).await;
    let (status, body) = send(parent.patch(
        &format!("/submissions/{}/review", submission["id"].as_str().unwrap()),
        &json!({"status": "APPROVED"}),
    ))
    .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    wait_for_notifications(&mia, 1).await;

    clock.set(morning() + Duration::hours(11));
    assert_eq!(stack.auth_scheduler.queue_due().await.unwrap().digests, 0);
    let queued: i64 =
        sqlx::query_scalar("SELECT count(*) FROM mail_queue WHERE kind = 'REVIEW_DIGEST'")
            .fetch_one(&stack.auth_pool)
            .await
            .unwrap();
    assert_eq!(queued, 0, "nothing waited");
}

#[tokio::test]
async fn each_user_sees_only_their_own_notifications() {
    let (stack, api) = start_with(Options::default()).await;
    let maildir = test_maildir();
    let parent_a = parent(&api).await;
    let parent_b = parent(&api).await;
    let (mia, mia_record) = kid(&parent_a, "Mia").await;
    verified(&stack, &mia).await;
    let (leo, _) = kid(&parent_a, "Leo").await;
    let (other_kid, _) = kid(&parent_b, "Ava").await;
    let kitchen = category(&parent_a, "Kitchen").await;
    let dishes = chore(&parent_a, &kitchen, json!({"name": "Dishes"})).await;

    let (status, submission) = submit(&mia, form(&dishes, Utc::now(), None)).await;
    assert_eq!(status, StatusCode::CREATED, "{submission}");
    let submission_id = submission["id"].as_str().unwrap();
    let centre = wait_for_notifications(&parent_a, 1).await;
    let told = &centre["notifications"][0];
    assert_eq!(told["kind"], "SUBMISSION");
    assert_eq!(told["data"]["submissionId"], submission_id);
    assert_eq!(told["data"]["childId"], mia_record["id"]);
    assert_eq!(told["data"]["choreName"], "Dishes");
    assert_eq!(told["readAt"], Value::Null);

    let (status, body) = send(parent_a.patch(
        &format!("/submissions/{submission_id}/review"),
        &json!({"status": "APPROVED"}),
    ))
    .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let mine = wait_for_notifications(&mia, 1).await;
    let review = &mine["notifications"][0];
    assert_eq!(review["kind"], "REVIEW");
    assert_eq!(review["data"]["approved"], true);
    assert_eq!(review["data"]["reward"], 2.5);
    assert_eq!(review["data"]["choreName"], "Dishes");
    // The child has an address: the approval is mailed, with its link.
    let mails = wait_for_mails(&maildir, &email_of(&mia), 1).await;
    let approval = mails
        .iter()
        .find(|m| m.subject == "Your chore was approved")
        .expect("the approval mail");
    // The chore and the money, with its currency.
    assert!(
        approval
            .text
            .contains("\"Dishes\" was approved: you earned $2.50"),
        "{}",
        approval.text
    );
    unsubscribe_token(approval);

    // Exactly one per event and recipient, and nothing for anyone else. The
    // parent's is read once the submission is reviewed: handled, it needs no
    // one any more.
    let handled = notifications(&parent_a).await;
    assert_eq!(handled["unread"], 0, "{handled}");
    assert!(
        handled["notifications"][0]["readAt"].is_string(),
        "{handled}"
    );
    for stranger in [&parent_b, &leo, &other_kid] {
        let theirs = notifications(stranger).await;
        assert_eq!(theirs["notifications"], json!([]), "{theirs}");
        assert_eq!(theirs["unread"], 0);
    }

    // Marking another's notification read: 404, whoever tries.
    let parents_id = told["id"].as_str().unwrap();
    let review_id = review["id"].as_str().unwrap();
    for (who, id) in [
        (&parent_b, parents_id),
        (&leo, review_id),
        (&mia, parents_id),
        (&parent_a, review_id),
    ] {
        let (status, body) = send(who.post("/notifications/read", &json!({"ids": [id]}))).await;
        assert_eq!(status, StatusCode::NOT_FOUND, "{body}");
        assert_error(&body, "Notification not found");
    }
    let (status, body) = send(mia.post("/notifications/read", &json!({"ids": ["nonsense"]}))).await;
    assert_eq!(status, StatusCode::NOT_FOUND, "{body}");
    assert_eq!(notifications(&mia).await["unread"], 1, "nothing marked");

    let (status, body) = send(mia.post("/notifications/read", &json!({"ids": [review_id]}))).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body, json!({"marked": 1, "unread": 0}));
    let (status, body) = send(parent_a.post("/notifications/read", &json!({}))).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body, json!({"marked": 0, "unread": 0}));

    // Bad input and no session.
    for limit in ["101", "0"] {
        let (status, body) = send(parent_a.get(&format!("/notifications?limit={limit}"))).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "limit {limit}: {body}");
        assert_error(&body, "Limit must be between 1 and 100");
    }
    let (status, _) = send(Client::new().get(format!("{api}/notifications"))).await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);
    let (status, body) = send(parent_a.put(
        "/users/me/notifications",
        &json!({"digestTime": "25:00", "weeklySummary": true, "weeklySummaryDay": 7}),
    ))
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
    assert_error(&body, "Digest time must be a time of day such as 18:00");
    let (status, body) = send(parent_a.put(
        "/users/me/notifications",
        &json!({"digestTime": "18:00", "weeklySummary": true, "weeklySummaryDay": 8}),
    ))
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
    assert_error(&body, "Weekly summary day must be 1 (Monday) to 7 (Sunday)");
    let (status, body) = send(mia.put(
        "/users/me/notifications",
        &json!({"kinds": [{"kind": "SUBMISSION", "inApp": false, "email": null}],
            "digestTime": "18:00", "weeklySummary": true, "weeklySummaryDay": 7}),
    ))
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "a parent's kind: {body}");
    assert_error(&body, "Unknown notification kind");

    // A child who turns reviews off in the app gets none.
    let (status, body) = send(leo.put(
        "/users/me/notifications",
        &json!({"kinds": [{"kind": "REVIEW", "inApp": false, "email": false}],
            "digestTime": "18:00", "weeklySummary": true, "weeklySummaryDay": 7}),
    ))
    .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(
        body["kinds"][0],
        json!({"kind": "REVIEW", "inApp": false, "email": false})
    );
    drop(stack);
}

#[tokio::test]
async fn a_rejection_tells_the_parents_note_and_a_decided_request_needs_no_one() {
    let (_stack, api) = start_with(Options::default()).await;
    let parent = parent(&api).await;
    let (mia, mia_record) = kid(&parent, "Mia").await;
    let mia_id = mia_record["id"].as_str().unwrap();
    let kitchen = category(&parent, "Kitchen").await;
    let dishes = chore(&parent, &kitchen, json!({"name": "Dishes"})).await;

    // A rejection with a note: the child's notification carries it.
    let (status, submission) = submit(&mia, form(&dishes, Utc::now(), None)).await;
    assert_eq!(status, StatusCode::CREATED, "{submission}");
    let (status, body) = send(parent.patch(
        &format!("/submissions/{}/review", submission["id"].as_str().unwrap()),
        &json!({"status": "REJECTED", "adminNotes": "  Dry them too, please "}),
    ))
    .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let review = &wait_for_notifications(&mia, 1).await["notifications"][0];
    assert_eq!(review["kind"], "REVIEW");
    assert_eq!(review["data"]["approved"], false);
    assert_eq!(review["data"]["choreName"], "Dishes");
    assert_eq!(review["data"]["note"], "Dry them too, please");

    // A store request tells the parents; decided, it needs none of them.
    give(&parent, mia_id, "5").await;
    let item = add_item(&parent, json!({"name": "Pizza night", "price": 3})).await;
    let (status, request) = redeem(&mia, &item).await;
    assert_eq!(status, StatusCode::CREATED, "{request}");
    let asked = wait_for_notifications(&parent, 2).await;
    let told = asked["notifications"]
        .as_array()
        .unwrap()
        .iter()
        .find(|n| n["kind"] == "STORE_REQUEST")
        .cloned()
        .expect("the store request's notification");
    assert_eq!(told["data"]["redemptionId"], request["id"]);
    assert_eq!(told["readAt"], Value::Null);
    let (status, body) = decide(&parent, &request, "APPROVED").await;
    assert_eq!(status, StatusCode::OK, "{body}");
    eventually("the request's notification read", || async {
        let centre = notifications(&parent).await;
        centre["unread"] == 0
            && centre["notifications"]
                .as_array()
                .unwrap()
                .iter()
                .all(|n| n["readAt"].is_string())
    })
    .await;
}

/// The zone of family `org` as the auth service knows it.
async fn zone_of(pool: &sqlx::PgPool, org: uuid::Uuid) -> Option<String> {
    kit::tenancy::all_families(
        sqlx::query_scalar::<_, String>(
            "SELECT time_zone FROM family_zones WHERE organization_id = $1",
        )
        .bind(org)
        .fetch_optional(pool),
    )
    .await
    .unwrap()
}

/// Whether the auth service knows the zone of family `org`.
async fn zone_known(pool: &sqlx::PgPool, org: uuid::Uuid) -> bool {
    zone_of(pool, org).await.is_some()
}

async fn forget_zone(pool: &sqlx::PgPool, org: uuid::Uuid) {
    kit::tenancy::all_families(
        sqlx::query("DELETE FROM family_zones WHERE organization_id = $1")
            .bind(org)
            .execute(pool),
    )
    .await
    .unwrap();
}

#[tokio::test]
async fn a_family_whose_zone_is_unknown_is_asked_for_it_at_most_hourly() {
    let clock = ManualClock::at(morning());
    let (stack, api) = start_with_auth_clock(&clock).await;
    let parent = parent(&api).await;
    let (_, family) = send(parent.get("/organizations/current")).await;
    let org: uuid::Uuid = family["id"].as_str().unwrap().parse().unwrap();
    let pool = &stack.auth_pool;
    let scheduler = &stack.auth_scheduler;
    eventually("the zone kept from the family's event", || {
        zone_known(pool, org)
    })
    .await;
    // The job looks at start, and whenever the test asks: once the zones
    // were all found, the next look for unknown ones is an hour later.
    scheduler.queue_due().await.unwrap();
    forget_zone(pool, org).await;
    clock.set(morning() + Duration::hours(1));
    scheduler.queue_due().await.unwrap();
    assert!(zone_known(pool, org).await, "asked for after the hour");

    forget_zone(pool, org).await;
    clock.set(morning() + Duration::minutes(119));
    scheduler.queue_due().await.unwrap();
    assert!(
        !zone_known(pool, org).await,
        "not asked for within the hour"
    );
    clock.set(morning() + Duration::hours(2));
    scheduler.queue_due().await.unwrap();
    assert!(zone_known(pool, org).await, "asked for again");
}

#[tokio::test]
async fn a_look_reads_a_parent_only_when_their_digest_time_comes_or_changes() {
    let clock = ManualClock::at(morning()); // 07:00 in New York
    let (stack, api) = start_with_auth_clock(&clock).await;
    let parent = parent(&api).await;
    let (_, family) = send(parent.get("/organizations/current")).await;
    let org: uuid::Uuid = family["id"].as_str().unwrap().parse().unwrap();
    let pool = stack.auth_pool.clone();
    eventually("the zone kept from the family's event", || {
        zone_known(&pool, org)
    })
    .await;
    let scheduler = &stack.auth_scheduler;
    let considered = || async { scheduler.queue_due().await.unwrap().considered };

    // A new parent is read at the first look, then not until 18:00.
    assert_eq!(considered().await, 1, "the first look");
    assert_eq!(considered().await, 0, "nothing came since");
    clock.set(morning() + Duration::minutes(10 * 60 + 59)); // 17:59
    assert_eq!(considered().await, 0, "before the digest time");
    clock.set(morning() + Duration::hours(11)); // 18:00
    let look = scheduler.queue_due().await.unwrap();
    assert_eq!(
        (look.considered, look.looked_at),
        (1, 1),
        "at the digest time"
    );
    assert_eq!(considered().await, 0, "the day is settled");

    // A new digest time: read at the next look, then at the new time.
    let (status, saved) = send(parent.put(
        "/users/me/notifications",
        &json!({"digestTime": "20:00", "weeklySummaryDay": 7}),
    ))
    .await;
    assert_eq!(status, StatusCode::OK, "{saved}");
    assert_eq!(considered().await, 1, "after the change");
    assert_eq!(considered().await, 0);
    clock.set(morning() + Duration::minutes(12 * 60 + 59)); // 19:59
    assert_eq!(considered().await, 0);
    clock.set(morning() + Duration::hours(13)); // 20:00
    assert_eq!(considered().await, 1, "at the new time");

    // The family moves to Tokyo: read at the next look, then at 20:00 there.
    let (status, body) = send(parent.put(
        "/organizations/current",
        &json!({"name": "The Movers", "timeZone": "Asia/Tokyo"}),
    ))
    .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    eventually("the auth service to hear of the move", || {
        let pool = pool.clone();
        async move { zone_of(&pool, org).await.as_deref() == Some("Asia/Tokyo") }
    })
    .await;
    assert_eq!(considered().await, 1, "after the move");
    assert_eq!(considered().await, 0);
    // 20:00 in New York is 10:00 the next day in Tokyo; 20:00 there is 06:00
    // the next morning in New York.
    clock.set(morning() + Duration::hours(23) - Duration::minutes(1));
    assert_eq!(considered().await, 0);
    clock.set(morning() + Duration::hours(23));
    assert_eq!(considered().await, 1, "at 20:00 in Tokyo");
}

#[tokio::test]
async fn the_weekly_summary_comes_on_its_day_at_the_digest_time_with_the_weeks_approvals() {
    // The week a summary counts ends at the clock's now, and the approval
    // below happens now: the clock starts at 07:00 tomorrow in New York.
    let new_york: chrono_tz::Tz = "America/New_York".parse().unwrap();
    let tomorrow = Utc::now().with_timezone(&new_york).date_naive() + chrono::Days::new(1);
    let start = new_york
        .from_local_datetime(&tomorrow.and_hms_opt(7, 0, 0).unwrap())
        .earliest()
        .unwrap()
        .to_utc();
    let clock = ManualClock::at(start);
    let (stack, api) = start_with_auth_clock(&clock).await;
    let maildir = test_maildir();
    let parent = parent(&api).await;
    verified(&stack, &parent).await;
    let (mia, _) = kid(&parent, "Mia").await;
    let kitchen = category(&parent, "Kitchen").await;
    let dishes = chore(&parent, &kitchen, json!({"name": "Dishes"})).await;
    let (status, submission) = submit(&mia, form(&dishes, Utc::now(), None)).await;
    assert_eq!(status, StatusCode::CREATED, "{submission}");
    let (status, body) = send(parent.patch(
        &format!("/submissions/{}/review", submission["id"].as_str().unwrap()),
        &json!({"status": "APPROVED"}),
    ))
    .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    wait_for_notifications(&mia, 1).await; // the review has reached the auth service
    let summary_day = tomorrow.weekday().number_from_monday();
    let (status, saved) = send(parent.put(
        "/users/me/notifications",
        &json!({"digestTime": "18:00", "weeklySummary": true, "weeklySummaryDay": summary_day}),
    ))
    .await;
    assert_eq!(status, StatusCode::OK, "{saved}");

    let scheduler = &stack.auth_scheduler;
    assert_eq!(scheduler.queue_due().await.unwrap().summaries, 0, "07:00");
    clock.set(start + Duration::minutes(10 * 60 + 59));
    assert_eq!(scheduler.queue_due().await.unwrap().summaries, 0, "17:59");
    clock.set(start + Duration::hours(11));
    assert_eq!(scheduler.queue_due().await.unwrap().summaries, 1, "18:00");
    let to = email_of(&parent);
    eventually("the weekly summary mailed", || async {
        mails_to(&maildir, &to).iter().any(|m| {
            m.subject == "Your family's week on Chorely"
                && m.text.contains("Mia: 1 chores approved")
        })
    })
    .await;
    // Once that day, and not the next day: it is not the summary's day.
    assert_eq!(scheduler.queue_due().await.unwrap().summaries, 0);
    clock.set(start + Duration::days(1) + Duration::hours(11));
    assert_eq!(
        scheduler.queue_due().await.unwrap().summaries,
        0,
        "the next day"
    );
}

#[tokio::test]
async fn a_look_reads_every_parent_due_a_batch_at_a_time() {
    let clock = ManualClock::at(morning());
    let (stack, api) = start_with_auth_clock(&clock).await;
    let pool = stack.auth_pool.clone();
    for _ in 0..3 {
        let parent = parent(&api).await;
        let (_, family) = send(parent.get("/organizations/current")).await;
        let org: uuid::Uuid = family["id"].as_str().unwrap().parse().unwrap();
        eventually("the zone kept from the family's event", || {
            zone_known(&pool, org)
        })
        .await;
    }
    // Two at a time: the one look still reads all three, once each.
    let mut scheduler = stack.auth_scheduler.clone();
    scheduler.batch = 2;
    assert_eq!(scheduler.queue_due().await.unwrap().considered, 3);
    assert_eq!(scheduler.queue_due().await.unwrap().considered, 0);
}

/// What became of the mails of `kind` queued for `email`, oldest first
/// (`None` while one is not dealt with yet).
async fn outcomes(stack: &testkit::Stack, email: &str, kind: &str) -> Vec<Option<String>> {
    kit::tenancy::all_families(
        sqlx::query_scalar::<_, Option<String>>(
            "SELECT outcome FROM mail_queue WHERE lower(email) = lower($1) AND kind = $2
             ORDER BY created_at",
        )
        .bind(email)
        .bind(kind)
        .fetch_all(&stack.auth_pool),
    )
    .await
    .unwrap()
}

/// A parent can give a child any address: until its owner proves it theirs
/// it gets no notification mail (the verification link only), and no
/// address gets more than fifty mails of any kind a day.
#[tokio::test]
async fn an_unverified_address_gets_no_notices_and_an_address_at_most_fifty_mails_a_day() {
    let (stack, api) = start_with(Options::default()).await;
    let maildir = test_maildir();
    let parent = parent(&api).await;
    let (mia, _) = kid(&parent, "Mia").await;
    let mia_mail = email_of(&mia);
    let kitchen = category(&parent, "Kitchen").await;
    let approve = |chore_name: &'static str| {
        let (parent, mia, kitchen) = (&parent, &mia, &kitchen);
        async move {
            let chore = chore(parent, kitchen, json!({"name": chore_name})).await;
            let (status, submission) = submit(mia, form(&chore, Utc::now(), None)).await;
            assert_eq!(status, StatusCode::CREATED, "{submission}");
            let id = submission["id"].as_str().unwrap();
            let (status, body) = send(parent.patch(
                &format!("/submissions/{id}/review"),
                &json!({"status": "APPROVED"}),
            ))
            .await;
            assert_eq!(status, StatusCode::OK, "{body}");
        }
    };

    approve("Dishes").await;
    eventually("the approval mail dealt with", || async {
        outcomes(&stack, &mia_mail, "APPROVAL").await == [Some("SKIPPED".to_owned())]
    })
    .await;
    assert!(
        !mails_to(&maildir, &mia_mail)
            .iter()
            .any(|m| m.subject == "Your chore was approved")
    );

    // Mia follows her verification link; the next approval is mailed.
    let (status, _) = send(mia.post("/auth/resend-verification", &json!({}))).await;
    assert_eq!(status, StatusCode::ACCEPTED);
    let mails = wait_for_mails(&maildir, &mia_mail, 1).await;
    let token = mails
        .iter()
        .find_map(|m| m.token("/verify-email/"))
        .expect("the verification link");
    let (status, body) = send(
        Client::new()
            .post(format!("{api}/auth/verify-email"))
            .json(&json!({"token": token})),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    approve("Laundry").await;
    eventually("the second approval mailed", || async {
        mails_to(&maildir, &mia_mail)
            .iter()
            .any(|m| m.subject == "Your chore was approved")
    })
    .await;

    // Fifty mails sent to the parent's address today: a reset link asked
    // for now is not sent.
    let to = email_of(&parent);
    kit::tenancy::all_families(
        sqlx::query(
            "INSERT INTO mail_queue (id, kind, email, language, link_origin, next_attempt_at,
                 created_at, outcome, done_at)
             SELECT gen_random_uuid(), 'VERIFY_EMAIL', upper($1), 'en', '', now(), now(),
                 'SENT', now() - interval '1 hour'
             FROM generate_series(1, 50)",
        )
        .bind(&to)
        .execute(&stack.auth_pool),
    )
    .await
    .unwrap();
    let (status, _) = send(
        Client::new()
            .post(format!("{api}/auth/forgot-password"))
            .json(&json!({"email": to})),
    )
    .await;
    assert_eq!(status, StatusCode::ACCEPTED);
    eventually("the reset mail dealt with", || async {
        outcomes(&stack, &to, "RESET_PASSWORD").await == [Some("SKIPPED".to_owned())]
    })
    .await;
}
