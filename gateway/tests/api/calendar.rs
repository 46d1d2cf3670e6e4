//! Calendar feeds through the API against the real services: the feed is
//! RFC 5545 that `icalendar`'s parser reads, holds each child's chores of
//! the next 60 days and their birthdays, a child's only their own; its UIDs
//! stay and SEQUENCE rises when a chore is edited; it answers 404 once
//! deleted, for a removed child, and while the family is suspended. The
//! chores service reads a clock the test moves.

use icalendar::{Calendar, Component, DatePerhapsTime, Event};
use kit::clock::ManualClock;
use reqwest::{Client, StatusCode};
use serde_json::{Value, json};

use crate::{
    chores::{category, chore},
    helpers::{Session, accept, assert_error, eventually, parent, send, super_admin, unique_email},
    schedule::{monday_noon, stack_on},
};

/// Invites a child born on `born` and signs them in.
async fn child_born(parent: &Session, name: &str, born: &str) -> (Session, String) {
    let (status, answer) = send(parent.post(
        "/children/invite",
        &json!({"firstName": name, "email": unique_email("child"), "dateOfBirth": born}),
    ))
    .await;
    assert_eq!(status, StatusCode::CREATED, "{answer}");
    let code = answer["inviteCode"].as_str().unwrap();
    let id = answer["child"]["id"].as_str().unwrap().to_owned();
    (accept(&parent.api, code, "").await, id)
}

/// Makes a feed for `session`: (its id, its URL's path under the API).
async fn new_feed(session: &Session) -> (String, String) {
    let (status, feed) =
        send(session.post("/calendar/feeds", &json!({"currentPassword": "secret123"}))).await;
    assert_eq!(status, StatusCode::CREATED, "{feed}");
    let url = feed["url"].as_str().unwrap();
    assert!(feed["createdAt"].is_string(), "{feed}");
    let (_, path) = url.split_once("/api").unwrap();
    assert!(
        path.starts_with("/calendar/") && path.ends_with(".ics"),
        "{url}"
    );
    // 256 random bits in base64url.
    let token = &path["/calendar/".len()..path.len() - ".ics".len()];
    assert_eq!(token.len(), 43, "{url}");
    (feed["id"].as_str().unwrap().to_owned(), path.to_owned())
}

/// The feed at `path`, fetched as a calendar app does: no bearer token.
async fn fetch(api: &str, path: &str) -> (StatusCode, String) {
    let response = Client::new()
        .get(format!("{api}{path}"))
        .send()
        .await
        .unwrap();
    let status = response.status();
    if status == StatusCode::OK {
        let headers = response.headers();
        assert_eq!(headers["content-type"], "text/calendar; charset=utf-8");
        assert_eq!(headers["cache-control"], "no-store");
    }
    (status, response.text().await.unwrap())
}

/// The feed parsed by a real RFC 5545 parser, after checking what a parser
/// forgives: CRLF line endings and lines of at most 75 octets.
async fn calendar(api: &str, path: &str) -> Calendar {
    let (status, text) = fetch(api, path).await;
    assert_eq!(status, StatusCode::OK, "{text}");
    assert!(text.starts_with("BEGIN:VCALENDAR\r\n"), "{text}");
    assert!(text.ends_with("END:VCALENDAR\r\n"), "{text}");
    assert!(!text.replace("\r\n", "").contains(['\r', '\n']), "{text}");
    assert!(text.split("\r\n").all(|line| line.len() <= 75), "{text}");
    let calendar: Calendar = text.parse().unwrap_or_else(|e| panic!("{e}\n{text}"));
    assert_eq!(calendar.property_value("VERSION"), Some("2.0"));
    assert!(calendar.property_value("PRODID").is_some());
    assert!(calendar.get_name().is_some());
    for event in calendar.events() {
        assert!(event.get_uid().is_some());
        assert!(event.get_timestamp().is_some());
        assert!(event.get_sequence().is_some());
    }
    calendar
}

fn summaries(calendar: &Calendar) -> Vec<String> {
    calendar
        .events()
        .filter_map(|e| e.get_summary().map(str::to_owned))
        .collect()
}

/// The events titled `summary`, by their first day or moment.
fn starts(calendar: &Calendar, summary: &str) -> Vec<DatePerhapsTime> {
    calendar
        .events()
        .filter(|e| e.get_summary() == Some(summary))
        .filter_map(Event::get_start)
        .collect()
}

fn day(text: &str) -> DatePerhapsTime {
    DatePerhapsTime::Date(chrono::NaiveDate::parse_from_str(text, "%Y-%m-%d").unwrap())
}

fn event_on<'a>(calendar: &'a Calendar, summary: &str, on: &str) -> &'a Event {
    calendar
        .events()
        .find(|e| e.get_summary() == Some(summary) && e.get_start() == Some(day(on)))
        .unwrap_or_else(|| panic!("no {summary} on {on}: {:?}", summaries(calendar)))
}

#[tokio::test]
async fn a_feed_shows_each_childs_chores_and_birthdays_and_stops_when_deleted() {
    let clock = ManualClock::at(monday_noon());
    let (_stack, api) = stack_on(&clock).await;
    let parent = parent(&api).await;
    let kitchen = category(&parent, "Kitchen").await;
    let (lily, lily_id) = child_born(&parent, "Lily", "2020-02-10").await;
    let (max, max_id) = child_born(&parent, "Max", "2018-03-01").await;
    // Lily makes her bed every day; Max takes the trash out on Wednesdays by 19:00.
    let beds = chore(
        &parent,
        &kitchen,
        json!({"name": "Beds", "dueDays": [1, 2, 3, 4, 5, 6, 7], "assignedChildIds": [lily_id]}),
    )
    .await;
    chore(
        &parent,
        &kitchen,
        json!({"name": "Trash", "frequencyDays": 7, "dueDays": [3], "dueTime": "19:00",
            "assignedChildIds": [max_id]}),
    )
    .await;

    let (parent_feed, parent_path) = new_feed(&parent).await;
    let (_, lily_path) = new_feed(&lily).await;
    let (_, max_path) = new_feed(&max).await;

    // Names and birthdays reach the chores service through events.
    eventually("both birthdays in the parent's feed", || async {
        let text = fetch(&api, &parent_path).await.1;
        text.contains("Lily's birthday") && text.contains("Max's birthday")
    })
    .await;
    let family = calendar(&api, &parent_path).await;
    assert_eq!(family.get_name(), Some("Chorely – Family chores"));
    // The daily chore on each of the 60 days from today, naming the child.
    let lily_beds = starts(&family, "Beds – Lily");
    assert_eq!(lily_beds.len(), 60, "{:?}", summaries(&family));
    assert_eq!(lily_beds[0], day("2030-01-07"));
    assert_eq!(lily_beds[1], day("2030-01-08"));
    assert_eq!(lily_beds[59], day("2030-03-07"));
    // The weekly one on Wednesdays, ending at 19:00 New York time (UTC).
    let trash: Vec<&Event> = family
        .events()
        .filter(|e| e.get_summary() == Some("Trash – Max"))
        .collect();
    assert_eq!(trash.len(), 9);
    assert_eq!(
        trash[0].property_value("DTEND"),
        Some("20300110T000000Z"),
        "{:?}",
        trash[0]
    );
    assert_eq!(trash[1].property_value("DTEND"), Some("20300117T000000Z"));
    // Birthdays, every year from this year's: the year of birth is nowhere.
    let birthday = event_on(&family, "Lily's birthday", "2030-02-10");
    assert_eq!(birthday.property_value("RRULE"), Some("FREQ=YEARLY"));
    assert_eq!(birthday.get_description(), None);
    event_on(&family, "Max's birthday", "2030-03-01");
    let text = fetch(&api, &parent_path).await.1;
    for born in ["20200210", "20180301", "2020-02-10", "2018-03-01"] {
        assert!(!text.contains(born), "{born} in {text}");
    }

    // A child's feed holds their own chores and birthday, none of a sibling's.
    let own = calendar(&api, &lily_path).await;
    assert_eq!(own.get_name(), Some("Chorely – Lily"));
    let titles = summaries(&own);
    assert_eq!(
        titles.iter().filter(|t| *t == "Beds").count(),
        60,
        "{titles:?}"
    );
    assert!(titles.contains(&"Lily's birthday".to_owned()), "{titles:?}");
    assert!(
        titles.iter().all(|t| t == "Beds" || t == "Lily's birthday"),
        "{titles:?}"
    );
    let his = summaries(&calendar(&api, &max_path).await);
    assert!(
        his.iter().all(|t| t == "Trash" || t == "Max's birthday"),
        "{his:?}"
    );

    // The same events keep their UIDs from one fetch to the next.
    let uids = |c: &Calendar| -> Vec<String> {
        c.events()
            .filter_map(|e| e.get_uid().map(str::to_owned))
            .collect()
    };
    let again = calendar(&api, &parent_path).await;
    assert_eq!(uids(&family), uids(&again));

    // Editing the chore raises its events' SEQUENCE; their UIDs stay.
    let before = event_on(&family, "Beds – Lily", "2030-01-08");
    let mut edited = beds.clone();
    edited["name"] = json!("Beds, made");
    edited["baseReward"] = json!(2.5);
    let (status, answer) = send(parent.put(
        &format!("/chores/{}", beds["id"].as_str().unwrap()),
        &edited,
    ))
    .await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    let after_edit = calendar(&api, &parent_path).await;
    let after = event_on(&after_edit, "Beds, made – Lily", "2030-01-08");
    assert_eq!(after.get_uid(), before.get_uid());
    assert!(
        after.get_sequence() > before.get_sequence(),
        "{:?} then {:?}",
        before.get_sequence(),
        after.get_sequence()
    );

    // The parent's list shows every feed of the family (the children's
    // too, each naming its member and child), when each was last used,
    // and no URL; a child's list shows their own.
    let (status, listed) = send(parent.get("/calendar/feeds")).await;
    assert_eq!(status, StatusCode::OK, "{listed}");
    let listed = listed.as_array().unwrap().clone();
    assert_eq!(listed.len(), 3, "{listed:?}");
    let own = listed
        .iter()
        .find(|f| f["id"] == parent_feed.as_str())
        .unwrap();
    assert!(own["lastUsedAt"].is_string(), "{own}");
    assert_eq!(own["userId"], parent.user["id"]);
    assert_eq!(own["childId"], Value::Null);
    assert!(listed.iter().all(|f| f.get("url").is_none()), "{listed:?}");
    let lilys = listed
        .iter()
        .find(|f| f["userId"] == lily.user["id"])
        .unwrap();
    assert_eq!(lilys["childId"], lily.user["childId"]);
    let (_, of_lily) = send(lily.get("/calendar/feeds")).await;
    assert_eq!(of_lily.as_array().unwrap().len(), 1, "{of_lily}");
    assert_eq!(of_lily[0]["id"], lilys["id"]);

    // Another family's parent, and the family's own child, cannot delete it.
    let stranger = crate::helpers::parent(&api).await;
    for other in [&stranger, &lily] {
        let (status, answer) = send(other.delete(&format!("/calendar/feeds/{parent_feed}"))).await;
        assert_eq!(status, StatusCode::NOT_FOUND, "{answer}");
        assert_error(&answer, "Calendar feed not found");
    }
    assert_eq!(fetch(&api, &parent_path).await.0, StatusCode::OK);

    // Deleted, its URL answers 404 at once.
    let (status, _) = send(parent.delete(&format!("/calendar/feeds/{parent_feed}"))).await;
    assert_eq!(status, StatusCode::NO_CONTENT);
    let (status, body) = fetch(&api, &parent_path).await;
    assert_eq!(status, StatusCode::NOT_FOUND, "{body}");
    let (status, _) = send(parent.delete(&format!("/calendar/feeds/{parent_feed}"))).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    let (status, listed) = send(parent.get("/calendar/feeds")).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(listed.as_array().unwrap().len(), 2, "{listed}");

    // A parent deletes a child's feed: its URL stops working.
    let lilys = lilys["id"].as_str().unwrap().to_owned();
    let (status, _) = send(parent.delete(&format!("/calendar/feeds/{lilys}"))).await;
    assert_eq!(status, StatusCode::NO_CONTENT);
    assert_eq!(fetch(&api, &lily_path).await.0, StatusCode::NOT_FOUND);
    let (_, of_lily) = send(lily.get("/calendar/feeds")).await;
    assert_eq!(of_lily, json!([]));
}

#[tokio::test]
async fn bad_tokens_ids_and_a_sixth_feed_are_refused() {
    let clock = ManualClock::at(monday_noon());
    let (_stack, api) = stack_on(&clock).await;
    let parent = parent(&api).await;
    let (_, path) = new_feed(&parent).await;
    let token = &path["/calendar/".len()..path.len() - ".ics".len()];

    for wrong in [
        format!("/calendar/{token}"),
        format!("/calendar/{token}.ICS"),
        format!("/calendar/{}.ics", &token[1..]),
        format!("/calendar/{}A.ics", &token[1..]),
        "/calendar/..%2F.ics".to_owned(),
        "/calendar/.ics".to_owned(),
    ] {
        let (status, body) = fetch(&api, &wrong).await;
        assert_eq!(status, StatusCode::NOT_FOUND, "{wrong}: {body}");
    }
    // A bearer token opens nothing: the feed needs its own token.
    let (status, _) = send(parent.get(&format!("/calendar/{}.ics", "A".repeat(43)))).await;
    assert_eq!(status, StatusCode::NOT_FOUND);

    let (status, answer) = send(parent.delete("/calendar/feeds/not-an-id")).await;
    assert_eq!(status, StatusCode::NOT_FOUND, "{answer}");
    assert_error(&answer, "Calendar feed not found");
    let (status, _) = send(
        Client::new()
            .post(format!("{api}/calendar/feeds"))
            .json(&json!({})),
    )
    .await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);

    for _ in 1..5 {
        new_feed(&parent).await;
    }
    let (status, answer) =
        send(parent.post("/calendar/feeds", &json!({"currentPassword": "secret123"}))).await;
    assert_eq!(status, StatusCode::CONFLICT, "{answer}");
    assert_error(
        &answer,
        "You can have at most 5 calendar feeds. Delete one to make another.",
    );
    assert_eq!(fetch(&api, &path).await.0, StatusCode::OK);
}

#[tokio::test]
async fn a_removed_childs_feed_and_a_suspended_familys_stop_working() {
    let clock = ManualClock::at(monday_noon());
    let (stack, api) = stack_on(&clock).await;
    let parent = parent(&api).await;
    let (lily, lily_id) = child_born(&parent, "Lily", "2020-02-10").await;
    let (_, lily_path) = new_feed(&lily).await;
    let (_, parent_path) = new_feed(&parent).await;
    assert_eq!(fetch(&api, &lily_path).await.0, StatusCode::OK);

    let (status, answer) = send(parent.delete(&format!("/children/{lily_id}"))).await;
    assert!(status.is_success(), "{answer}");
    eventually("the removed child's feed to stop", || async {
        fetch(&api, &lily_path).await.0 == StatusCode::NOT_FOUND
    })
    .await;
    eventually("the removed child to leave the parent's feed", || async {
        !fetch(&api, &parent_path).await.1.contains("Lily")
    })
    .await;

    let admin = super_admin(&stack, &api).await;
    let org = parent.user["organization"]["id"]
        .as_str()
        .unwrap()
        .to_owned();
    let suspend = |action: &'static str| {
        let (admin, org) = (&admin, org.clone());
        async move {
            let (status, answer) =
                send(admin.patch(&format!("/admin/organizations/{org}/{action}"), &json!({})))
                    .await;
            assert_eq!(status, StatusCode::OK, "{action}: {answer}");
        }
    };
    suspend("deactivate").await;
    eventually("the suspended family's feed to stop", || async {
        fetch(&api, &parent_path).await.0 == StatusCode::NOT_FOUND
    })
    .await;
    suspend("activate").await;
    eventually(
        "the feed to work again once the family is active",
        || async { fetch(&api, &parent_path).await.0 == StatusCode::OK },
    )
    .await;
}
