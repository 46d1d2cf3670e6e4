//! Reminders before a chore is due, against the real services and the real
//! SMTP server: an hour before a chore's due time, each child who still owes
//! it gets one notification and (with an address) one mail, never twice; a
//! child who sent it gets nothing; the mail's one-click link turns the mails
//! off; a new due time moves the reminder; an endpoint asking for
//! `chore.due_soon` gets it signed; a deleted child's reminders go. The chores and auth services read
//! one clock the test moves, and the test runs the reminder job itself.

use kit::clock::ManualClock;
use reqwest::{Client, StatusCode};
use serde_json::{Value, json};
use sqlx::PgPool;
use testkit::{
    Options,
    mail::{mails_to, wait_for_mails},
    test_maildir,
};

use crate::{
    chores::chore,
    helpers::{Session, eventually, send, start_with, verified},
    missed::children_known,
    notifications::{email_of, unfolded, unsubscribe_token, wait_for_notifications},
    schedule::{Family, monday_noon, new_york},
    submissions::{form, submit},
    webhooks::{Receiver, registered, verify},
};
use chores::reminders::{Look, send_due};

async fn look(pool: &PgPool, clock: &ManualClock) -> Look {
    send_due(pool, clock.now()).await.unwrap()
}

/// `session`'s reminders, newest first.
async fn reminders_of(session: &Session) -> Vec<Value> {
    let (status, body) = send(session.get("/notifications")).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    body["notifications"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|n| n["kind"] == "DUE_REMINDER")
        .cloned()
        .collect()
}

/// Reminder mails queued for `email`.
async fn queued_for(pool: &PgPool, email: &str) -> i64 {
    kit::tenancy::all_families(
        sqlx::query_scalar(
            "SELECT count(*) FROM mail_queue WHERE kind = 'DUE_REMINDER' AND email = $1",
        )
        .bind(email)
        .fetch_one(pool),
    )
    .await
    .unwrap()
}

#[tokio::test]
async fn a_child_who_still_owes_a_chore_is_reminded_once_an_hour_before_it_is_due() {
    let clock = ManualClock::at(monday_noon());
    let (stack, api) = start_with(Options {
        chores_clock: Some(clock.clock()),
        auth_clock: Some(clock.clock()),
        ..Options::default()
    })
    .await;
    let maildir = test_maildir();
    let f = Family::new(&api).await;
    verified(&stack, &f.lily).await;
    verified(&stack, &f.max).await;
    children_known(&stack.chores_pool, 2, &f.lily_id).await;
    let pool = &stack.chores_pool;
    // Every child, every day by 17:00; Max has already done Monday's.
    let fields = json!({"name": "Dishes", "baseReward": 1, "categoryId": f.kitchen,
        "frequencyDays": 1, "dueDays": [1, 2, 3, 4, 5, 6, 7], "dueTime": "17:00"});
    let dishes = chore(&f.parent, &f.kitchen, fields.clone()).await;
    let (status, sent) = submit(&f.max, form(&dishes, clock.now(), None)).await;
    assert_eq!(status, StatusCode::CREATED, "{sent}");

    // 15:59: the new chore's family is looked at once, nothing is due yet,
    // and the next look at it waits for 16:00.
    clock.set(new_york("2030-01-07 15:59"));
    assert_eq!(
        look(pool, &clock).await,
        Look {
            reminders: 0,
            looked_at: 1
        }
    );
    assert_eq!(look(pool, &clock).await, Look::default(), "not looked at");
    assert!(reminders_of(&f.lily).await.is_empty());

    // 16:00: Lily owes it, Max sent it.
    clock.set(new_york("2030-01-07 16:00"));
    assert_eq!(
        look(pool, &clock).await,
        Look {
            reminders: 1,
            looked_at: 1
        }
    );
    wait_for_notifications(&f.lily, 1).await;
    let told = reminders_of(&f.lily).await;
    assert_eq!(told.len(), 1);
    assert_eq!(told[0]["data"]["choreName"], "Dishes");
    assert_eq!(told[0]["data"]["dueTime"], "17:00");
    assert_eq!(told[0]["data"]["choreId"], dishes["id"]);
    let lily_mail = email_of(&f.lily);
    let mails = wait_for_mails(&maildir, &lily_mail, 1).await;
    let reminder = mails
        .iter()
        .find(|m| m.subject == "Reminder: Dishes is due at 5:00 PM")
        .unwrap_or_else(|| panic!("no reminder among {mails:?}"));
    assert!(
        reminder.text.contains("not sent it yet"),
        "{}",
        reminder.text
    );
    assert!(
        unfolded(reminder).contains("List-Unsubscribe-Post: List-Unsubscribe=One-Click"),
        "{}",
        reminder.headers
    );
    assert!(reminders_of(&f.max).await.is_empty(), "Max sent it");
    assert_eq!(queued_for(&stack.auth_pool, &email_of(&f.max)).await, 0);

    // Later that hour, as often as the job looks: nothing more, and the
    // family is not even read until tomorrow's reminder.
    clock.set(new_york("2030-01-07 16:30"));
    assert_eq!(look(pool, &clock).await, Look::default());
    assert_eq!(queued_for(&stack.auth_pool, &lily_mail).await, 1);

    // The mail's one-click link turns reminder mails off, not the app's.
    let token = unsubscribe_token(reminder);
    let (status, body) = send(
        Client::new()
            .post(format!("{api}/notifications/unsubscribe?token={token}"))
            .header("Content-Type", "application/x-www-form-urlencoded")
            .body("List-Unsubscribe=One-Click"),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["mail"], "DUE_REMINDER");
    let (_, settings) = send(f.lily.get("/users/me/notifications")).await;
    let kind = settings["kinds"]
        .as_array()
        .unwrap()
        .iter()
        .find(|k| k["kind"] == "DUE_REMINDER")
        .cloned()
        .unwrap_or_else(|| panic!("no DUE_REMINDER in {settings}"));
    assert_eq!(
        kind,
        json!({"kind": "DUE_REMINDER", "inApp": true, "email": false})
    );

    // Tuesday 16:00: both owe it; Lily is told in the app only.
    clock.set(new_york("2030-01-08 16:00"));
    assert_eq!(
        look(pool, &clock).await,
        Look {
            reminders: 2,
            looked_at: 1
        }
    );
    wait_for_mails(&maildir, &email_of(&f.max), 1).await;
    eventually_two(&f.lily).await;
    assert_eq!(queued_for(&stack.auth_pool, &lily_mail).await, 1, "no mail");
    assert_eq!(
        mails_to(&maildir, &lily_mail)
            .iter()
            .filter(|m| m.subject.starts_with("Reminder:"))
            .count(),
        1
    );

    // Wednesday morning the parent moves it to 19:00: the family is looked
    // at again at once, and the reminder comes at 18:00, not 16:00.
    clock.set(new_york("2030-01-09 09:00"));
    let mut moved = fields.clone();
    moved["dueTime"] = json!("19:00");
    let (status, answer) = send(f.parent.put(
        &format!("/chores/{}", dishes["id"].as_str().unwrap()),
        &moved,
    ))
    .await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    assert_eq!(
        look(pool, &clock).await,
        Look {
            reminders: 0,
            looked_at: 1
        }
    );
    clock.set(new_york("2030-01-09 16:00"));
    assert_eq!(look(pool, &clock).await, Look::default());
    clock.set(new_york("2030-01-09 18:00"));
    assert_eq!(look(pool, &clock).await.reminders, 2);
}

/// Waits until Lily has her two reminders (Monday's and Tuesday's).
async fn eventually_two(lily: &Session) {
    eventually("two reminders", || async {
        reminders_of(lily).await.len() == 2
    })
    .await;
}

#[tokio::test]
async fn a_reminder_reaches_the_webhooks_asking_for_it() {
    let clock = ManualClock::at(monday_noon());
    let (stack, api) = start_with(Options {
        chores_clock: Some(clock.clock()),
        webhooks_allow_private: true,
        ..Options::default()
    })
    .await;
    let f = Family::new(&api).await;
    children_known(&stack.chores_pool, 2, &f.lily_id).await;
    let (receiver, url) = Receiver::start(&[], None).await;
    let (_, secret) = registered(&f.parent, &url, json!(["chore.due_soon"])).await;
    // Lily's alone, Mondays by 08:30 (the evening's reminders are tested above).
    let bins = chore(
        &f.parent,
        &f.kitchen,
        json!({"name": "Bins", "baseReward": 1, "assignedChildIds": [f.lily_id],
            "dueDays": [1], "dueTime": "08:30"}),
    )
    .await;
    clock.set(new_york("2030-01-14 07:30"));
    assert_eq!(look(&stack.chores_pool, &clock).await.reminders, 1);
    let got = receiver.wait_for(1).await;
    assert_eq!(got.len(), 1, "only what it asked for: {got:?}");
    let event = verify(&secret, &got[0]);
    assert_eq!(event["type"], "chore.due_soon");
    assert_eq!(event["data"]["childId"], f.lily_id.as_str());
    assert_eq!(event["data"]["choreId"], bins["id"]);
    assert_eq!(event["data"]["choreName"], "Bins");
    assert_eq!(event["data"]["dueOn"], "2030-01-14");
    assert_eq!(event["data"]["dueAt"], "2030-01-14T13:30:00+00:00");

    // A deleted child's reminders go with them.
    assert_eq!(kept(&stack.chores_pool, &f.lily_id).await, 1);
    let (status, body) = send(f.parent.delete(&format!("/children/{}", f.lily_id))).await;
    assert!(status.is_success(), "{status}: {body}");
    eventually("the deleted child's reminders gone", || async {
        kept(&stack.chores_pool, &f.lily_id).await == 0
    })
    .await;
}

/// The reminders the chores service keeps of `child`.
async fn kept(pool: &PgPool, child: &str) -> i64 {
    kit::tenancy::all_families(
        sqlx::query_scalar("SELECT count(*) FROM chore_reminders WHERE child_id = $1")
            .bind(uuid::Uuid::parse_str(child).unwrap())
            .fetch_one(pool),
    )
    .await
    .unwrap()
}
