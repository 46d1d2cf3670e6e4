//! Children submitting chores with photo proof, and parents reviewing them,
//! against the real services, Postgres, NATS and the S3 store.

use std::time::Duration;

use chorely_proto::events::{Event, v1::SubmissionReviewed};
use chrono::{DateTime, SecondsFormat, Utc};
use prost::Message;
use reqwest::{
    StatusCode,
    multipart::{Form, Part},
};
use serde_json::{Value, json};
use testkit::{Options, images};

use crate::{
    chores::{category, chore},
    helpers::{
        Session, assert_error, assert_field_refused, child, eventually, parent, send, start,
        start_with, unique_email,
    },
};

/// A photo's file name and bytes.
type Photo<'a> = (&'a str, Vec<u8>);

pub fn form(chore: &Value, completed_at: DateTime<Utc>, photo: Option<Photo>) -> Form {
    let form = Form::new()
        .text("choreId", chore["id"].as_str().unwrap().to_owned())
        .text(
            "completedAt",
            completed_at.to_rfc3339_opts(SecondsFormat::Millis, true),
        )
        .text("notes", "All done");
    match photo {
        Some((name, bytes)) => form.part(
            "photo",
            Part::bytes(bytes)
                .file_name(name.to_owned())
                .mime_str("image/jpeg")
                .unwrap(),
        ),
        None => form,
    }
}

pub async fn submit(kid: &Session, form: Form) -> (StatusCode, Value) {
    send(kid.multipart("/submissions", form)).await
}

/// A family with a category, one chore (`extra` overrides) and a child.
pub async fn family_with_chore(api: &str, extra: Value) -> (Session, Session, Value) {
    let parent = parent(api).await;
    let kitchen = category(&parent, "Kitchen").await;
    let chore = chore(&parent, &kitchen, extra).await;
    let (kid, _) = child(&parent, "Mia").await;
    (parent, kid, chore)
}

pub async fn queue(parent: &Session) -> Vec<Value> {
    let (status, body) = send(parent.get("/submissions?status=PENDING")).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    body.as_array().unwrap().clone()
}

/// A photo link as the web app follows it: a path on the API's origin.
async fn download(api: &str, link: &str) -> (StatusCode, Vec<u8>) {
    let url = reqwest::Url::parse(api).unwrap().join(link).unwrap();
    let response = reqwest::get(url).await.unwrap();
    (response.status(), response.bytes().await.unwrap().to_vec())
}

#[tokio::test]
async fn a_photo_is_stored_without_its_location_and_served_only_to_the_family() {
    let (_stack, api) = start().await;
    let (parent, kid, chore) = family_with_chore(&api, json!({"requiresPhoto": true})).await;
    let original = images::jpeg_with_gps(120, 80);
    assert!(images::has_gps(&original));

    let (status, submission) = submit(
        &kid,
        form(&chore, Utc::now(), Some(("IMG_0001.jpg", original))),
    )
    .await;
    assert_eq!(status, StatusCode::CREATED, "{submission}");
    assert_eq!(submission["status"], "PENDING");
    assert_eq!(submission["childName"], "Mia");
    assert_eq!(submission["baseReward"], 2.5);

    // The parent's queue links the stored photo, which has no location left.
    let pending = queue(&parent).await;
    assert_eq!(pending.len(), 1);
    let url = pending[0]["photoUrl"].as_str().unwrap().to_owned();
    let (status, stored) = download(&api, &url).await;
    assert_eq!(status, StatusCode::OK);
    assert!(image::load_from_memory(&stored).is_ok());
    assert!(!images::has_gps(&stored));
    assert_eq!(images::orientation(&stored), Some(6));

    // Another family: the submission does not exist for them...
    let (stranger, their_kid, their_chore) = family_with_chore(&api, json!({})).await;
    let id = submission["id"].as_str().unwrap();
    for request in [
        stranger.get(&format!("/submissions/{id}")),
        stranger.patch(
            &format!("/submissions/{id}/review"),
            &json!({"status": "APPROVED"}),
        ),
    ] {
        let (status, body) = send(request).await;
        assert_eq!(status, StatusCode::NOT_FOUND, "{body}");
        assert_error(&body, "Submission not found");
    }
    assert!(queue(&stranger).await.is_empty());

    // ...and a link signed for their own photo cannot be pointed at ours.
    let (status, theirs) = submit(
        &their_kid,
        form(&their_chore, Utc::now(), Some(("x.png", images::png(8, 8)))),
    )
    .await;
    assert_eq!(status, StatusCode::CREATED, "{theirs}");
    let their_url = theirs["photoUrl"].as_str().unwrap();
    assert_eq!(download(&api, their_url).await.0, StatusCode::OK);
    let our_key_path = url.split('?').next().unwrap();
    let query = their_url.split('?').nth(1).unwrap();
    let forged = format!("{our_key_path}?{query}");
    assert_eq!(download(&api, &forged).await.0, StatusCode::FORBIDDEN);
    // Nor can anyone read it without a signature.
    let (status, body) = download(&api, our_key_path).await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    let body: serde_json::Value = serde_json::from_slice(&body).unwrap();
    assert_error(&body, "This photo link is not valid or has expired");
    assert_eq!(body["code"], "PHOTO_LINK_INVALID", "{body}");
}

#[tokio::test]
async fn a_photo_link_stops_working_when_it_expires() {
    // Long enough that a loaded machine still downloads within it right
    // after signing; the wait below is what makes the link expire.
    const TTL_SECS: u64 = 5;
    let (_stack, api) = start_with(Options {
        photo_url_ttl_secs: Some(TTL_SECS),
        ..Options::default()
    })
    .await;
    let (_, kid, chore) = family_with_chore(&api, json!({})).await;
    let photo = images::png(8, 8);
    let (status, submission) = submit(
        &kid,
        form(&chore, Utc::now(), Some(("p.png", photo.clone()))),
    )
    .await;
    assert_eq!(status, StatusCode::CREATED, "{submission}");
    let url = submission["photoUrl"].as_str().unwrap();
    let (status, served) = download(&api, url).await;
    assert_eq!(status, StatusCode::OK);
    assert!(image::load_from_memory(&served).is_ok());

    // Waiting out the link's lifetime is the behaviour under test.
    tokio::time::sleep(Duration::from_millis(TTL_SECS * 1000 + 1100)).await;
    assert_eq!(download(&api, url).await.0, StatusCode::FORBIDDEN);
}

#[tokio::test]
async fn files_that_are_not_whole_images_are_refused_and_nothing_is_kept() {
    let (_stack, api) = start().await;
    let (parent, kid, chore) = family_with_chore(&api, json!({"requiresPhoto": true})).await;

    let mut exe = b"MZ\x90\x00\x03\x00\x00\x00\x04\x00\x00\x00\xff\xff\x00\x00".to_vec();
    exe.resize(4096, 0);
    let mut huge = images::jpeg(16, 16);
    huge.resize(20 * 1024 * 1024, 0);
    let whole = images::jpeg(64, 64);
    let truncated = whole[..whole.len() / 2].to_vec();

    let cases: [(Option<Photo>, StatusCode, &str, &str); 4] = [
        (
            Some(("holiday.jpg", exe)),
            StatusCode::BAD_REQUEST,
            "PHOTO_NOT_AN_IMAGE",
            "Photo must be a JPEG, PNG or WebP image",
        ),
        (
            // Stopped by the gateway, which answers HTTP's own status.
            Some(("big.jpg", huge)),
            StatusCode::PAYLOAD_TOO_LARGE,
            "PHOTO_TOO_LARGE",
            "Photo must be 10 MB or smaller",
        ),
        (
            Some(("cut.jpg", truncated)),
            StatusCode::BAD_REQUEST,
            "PHOTO_DAMAGED",
            "The photo could not be read; it may be damaged or incomplete",
        ),
        (
            None,
            StatusCode::BAD_REQUEST,
            "PHOTO_REQUIRED",
            "A photo is required for this chore",
        ),
    ];
    for (photo, expected, code, message) in cases {
        let (status, body) = submit(&kid, form(&chore, Utc::now(), photo)).await;
        assert_eq!(status, expected, "{body}");
        assert_error(&body, message);
        assert_eq!(body["code"], code, "{body}");
    }
    assert!(queue(&parent).await.is_empty(), "no submission was kept");
}

#[tokio::test]
async fn a_daily_chore_is_once_a_day_per_child() {
    let (_stack, api) = start().await;
    let (parent, mia, bed) = family_with_chore(&api, json!({"frequencyDays": 1})).await;
    let (leo, _) = child(&parent, "Leo").await;

    let (status, body) = submit(&mia, form(&bed, Utc::now(), None)).await;
    assert_eq!(status, StatusCode::CREATED, "{body}");
    let (status, body) = submit(&mia, form(&bed, Utc::now(), None)).await;
    assert_eq!(status, StatusCode::CONFLICT, "{body}");
    assert!(
        body["message"]
            .as_str()
            .unwrap()
            .starts_with("This chore is not available again until "),
        "{body}"
    );

    // Mia's next day starts at midnight in the family's zone (New York).
    let (status, availability) = send(mia.get("/submissions/availability")).await;
    assert_eq!(status, StatusCode::OK, "{availability}");
    let entry = &availability.as_array().unwrap()[0];
    assert_eq!(entry["choreId"], bed["id"]);
    assert_eq!(entry["isAvailable"], false);
    assert_eq!(entry["daysRemaining"], 1);
    let next: DateTime<Utc> = entry["nextAvailableAt"].as_str().unwrap().parse().unwrap();
    let tz: chrono_tz::Tz = "America/New_York".parse().unwrap();
    let local = next.with_timezone(&tz);
    assert_eq!(local.format("%H:%M").to_string(), "00:00");
    assert_eq!(
        local.date_naive(),
        Utc::now()
            .with_timezone(&tz)
            .date_naive()
            .succ_opt()
            .unwrap()
    );

    // Her brother's availability is his own.
    let (_, theirs) = send(leo.get("/submissions/availability")).await;
    assert_eq!(theirs[0]["isAvailable"], true);
    let (status, body) = submit(&leo, form(&bed, Utc::now(), None)).await;
    assert_eq!(status, StatusCode::CREATED, "{body}");

    // A rejected submission does not count: Mia may try again.
    let id = queue(&parent).await[0]["id"].as_str().unwrap().to_owned();
    let (status, body) = send(parent.patch(
        &format!("/submissions/{id}/review"),
        &json!({"status": "REJECTED", "adminNotes": "Not made"}),
    ))
    .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let (status, body) = submit(&mia, form(&bed, Utc::now(), None)).await;
    assert_eq!(status, StatusCode::CREATED, "{body}");
}

/// Where the next day starts for `kid`'s only chore, done today.
async fn next_day_starts(kid: &Session) -> DateTime<Utc> {
    let (status, availability) = send(kid.get("/submissions/availability")).await;
    assert_eq!(status, StatusCode::OK, "{availability}");
    availability[0]["nextAvailableAt"]
        .as_str()
        .unwrap()
        .parse()
        .unwrap()
}

/// The next midnight in `zone` after `now`.
fn next_midnight(zone: &str, now: DateTime<Utc>) -> DateTime<Utc> {
    let tz: chrono_tz::Tz = zone.parse().unwrap();
    let tomorrow = now.with_timezone(&tz).date_naive().succ_opt().unwrap();
    kit::time::start_of_day(tomorrow, tz)
}

#[tokio::test]
async fn days_follow_the_family_when_it_moves_time_zone() {
    // Noon in London: the same day in New York and in Tokyo, so the move
    // changes when the next day starts, not which day it is.
    let clock = kit::clock::ManualClock::at(
        DateTime::parse_from_rfc3339("2030-01-07T12:00:00Z")
            .unwrap()
            .to_utc(),
    );
    let (stack, api) = start_with(Options {
        chores_clock: Some(clock.clock()),
        ..Options::default()
    })
    .await;
    let now = clock.now();
    let (parent, mia, bed) = family_with_chore(&api, json!({"frequencyDays": 1})).await;
    let (status, body) = submit(&mia, form(&bed, now, None)).await;
    assert_eq!(status, StatusCode::CREATED, "{body}");
    assert_eq!(
        next_day_starts(&mia).await,
        next_midnight("America/New_York", now)
    );

    let (status, body) = send(parent.put(
        "/organizations/current",
        &json!({"name": "The Satos", "timeZone": "Asia/Tokyo"}),
    ))
    .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    eventually("the chores calendar follows the move to Tokyo", || async {
        next_day_starts(&mia).await == next_midnight("Asia/Tokyo", now)
    })
    .await;

    // A family the chores service has not heard of (created before it
    // listened) is asked about once, and remembered.
    let org = uuid::Uuid::parse_str(body["id"].as_str().unwrap()).unwrap();
    let forgotten = kit::tenancy::all_families(
        sqlx::query("DELETE FROM families WHERE organization_id = $1")
            .bind(org)
            .execute(&stack.chores_pool),
    )
    .await
    .unwrap();
    assert_eq!(forgotten.rows_affected(), 1);
    assert_eq!(
        next_day_starts(&mia).await,
        next_midnight("Asia/Tokyo", now)
    );
    let kept: String = kit::tenancy::all_families(
        sqlx::query_scalar("SELECT time_zone FROM families WHERE organization_id = $1")
            .bind(org)
            .fetch_one(&stack.chores_pool),
    )
    .await
    .unwrap();
    assert_eq!(kept, "Asia/Tokyo");
}

#[tokio::test]
async fn completion_times_and_callers_are_checked() {
    let (_stack, api) = start().await;
    let (parent, kid, chore) = family_with_chore(&api, json!({})).await;
    let (status, body) = submit(
        &kid,
        form(&chore, Utc::now() + chrono::Duration::hours(1), None),
    )
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_error(&body, "Completion time cannot be in the future");

    let (status, body) = submit(
        &kid,
        Form::new().text("choreId", chore["id"].as_str().unwrap().to_owned()),
    )
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_error(&body, "Completion time is required");

    // A text field far past any note is refused before it is read whole.
    let (status, body) = submit(
        &kid,
        form(&chore, Utc::now(), None).text("notes", "x".repeat(64 * 1024)),
    )
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_error(&body, "A form field is too long");
    assert_field_refused(&body, "notes", "FORM_FIELD_TOO_LONG");

    // Parents review; they do not submit.
    let (status, body) = submit(&parent, form(&chore, Utc::now(), None)).await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    assert_error(&body, "Only children can submit chores");
    let (status, _) = send(parent.get("/submissions/availability")).await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    assert!(queue(&parent).await.is_empty());
}

#[tokio::test]
async fn two_racing_submits_of_a_daily_chore_yield_one() {
    let (_stack, api) = start().await;
    let (parent, kid, chore) = family_with_chore(&api, json!({"frequencyDays": 1})).await;
    let (a, b) = tokio::join!(
        submit(&kid, form(&chore, Utc::now(), None)),
        submit(&kid, form(&chore, Utc::now(), None)),
    );
    let mut statuses = [a.0, b.0];
    statuses.sort();
    assert_eq!(statuses, [StatusCode::CREATED, StatusCode::CONFLICT]);
    assert_eq!(queue(&parent).await.len(), 1);
}

#[tokio::test]
async fn an_approval_leaves_the_queue_shows_in_history_and_is_announced_once() {
    let (stack, api) = start_with(Options {
        manual_chores_relay: true,
        ..Options::default()
    })
    .await;
    let (parent, kid, chore) =
        family_with_chore(&api, json!({"baseReward": 3.0, "frequencyDays": 0})).await;
    let (status, submission) = submit(&kid, form(&chore, Utc::now(), None)).await;
    assert_eq!(status, StatusCode::CREATED, "{submission}");
    let id = submission["id"].as_str().unwrap().to_owned();

    // Children cannot review, not even their own.
    let (status, _) = send(kid.patch(
        &format!("/submissions/{id}/review"),
        &json!({"status": "APPROVED"}),
    ))
    .await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    let (status, body) = send(parent.patch(
        &format!("/submissions/{id}/review"),
        &json!({"status": "MAYBE"}),
    ))
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_error(&body, "status must be one of APPROVED or REJECTED");

    let (status, reviewed) = send(parent.patch(
        &format!("/submissions/{id}/review"),
        &json!({"status": "APPROVED", "adminNotes": "Great job"}),
    ))
    .await;
    assert_eq!(status, StatusCode::OK, "{reviewed}");
    assert_eq!(reviewed["status"], "APPROVED");
    assert_eq!(reviewed["approved"], true);
    assert_eq!(reviewed["adminNotes"], "Great job");
    // No grades, ratings or streaks count yet: the multiplier is 1.0.
    assert_eq!(reviewed["multiplier"], 1.0);
    assert_eq!(reviewed["boostedReward"], 3.0);
    assert!(reviewed["reviewedAt"].is_string());

    // Once only.
    let (status, body) = send(parent.patch(
        &format!("/submissions/{id}/review"),
        &json!({"status": "REJECTED"}),
    ))
    .await;
    assert_eq!(status, StatusCode::CONFLICT);
    assert_error(&body, "This submission has already been reviewed");

    assert!(queue(&parent).await.is_empty());
    for session in [&parent, &kid] {
        let (status, history) = send(session.get("/submissions/history")).await;
        assert_eq!(status, StatusCode::OK);
        assert_eq!(history[0]["id"], id.as_str());
        assert_eq!(history[0]["approved"], true);
    }

    // The event went into the outbox with the review. The relay publishes
    // it, "dies" before marking it sent, and on restart publishes it again:
    // JetStream keeps one.
    let relay = stack.chores_relay();
    let mut pending = relay.pending().await.unwrap();
    // (The chore's creation announced the family's chore count before it.)
    pending.retain(|e| e.subject == SubmissionReviewed::SUBJECT);
    assert_eq!(pending.len(), 1);
    relay.publish(&pending[0]).await.unwrap();
    relay.run_once().await.unwrap();
    assert!(relay.pending().await.unwrap().is_empty());
    let bus = stack.bus.connect().await.unwrap();
    let published = bus.count(&bus.subject_of::<SubmissionReviewed>()).await;
    assert_eq!(published.unwrap(), 1);
    let event = SubmissionReviewed::decode(pending[0].payload.as_slice()).unwrap();
    assert_eq!(event.submission_id, id);
    assert_eq!(event.child_id, submission["childId"].as_str().unwrap());
    assert!(event.approved);
    assert_eq!(event.base_reward_cents, 300);
    assert_eq!(event.boosted_reward_cents, 300);
    assert_eq!(event.multiplier_milli, 1000);
}

#[tokio::test]
async fn a_deleted_childs_submissions_and_photos_go_with_them() {
    let (_stack, api) = start().await;
    let parent = parent(&api).await;
    let kitchen = category(&parent, "Kitchen").await;
    let dishes = chore(&parent, &kitchen, json!({})).await;
    let (mia, mia_record) = child(&parent, "Mia").await;
    let (leo, _) = child(&parent, "Leo").await;
    for kid in [&mia, &leo] {
        let (status, body) = submit(
            kid,
            form(&dishes, Utc::now(), Some(("p.png", images::png(8, 8)))),
        )
        .await;
        assert_eq!(status, StatusCode::CREATED, "{body}");
    }
    let pending = queue(&parent).await;
    let url_of = |name: &str| {
        pending
            .iter()
            .find(|s| s["childName"] == name)
            .and_then(|s| s["photoUrl"].as_str())
            .unwrap()
            .to_owned()
    };
    let (mia_photo, leo_photo) = (url_of("Mia"), url_of("Leo"));

    let id = mia_record["id"].as_str().unwrap();
    let (status, _) = send(parent.delete(&format!("/children/{id}"))).await;
    assert_eq!(status, StatusCode::NO_CONTENT);
    eventually("Mia's submission to be removed", || async {
        queue(&parent).await.len() == 1
    })
    .await;
    assert_eq!(queue(&parent).await[0]["childName"], "Leo");
    let (status, body) = download(&api, &mia_photo).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    let body: serde_json::Value = serde_json::from_slice(&body).unwrap();
    assert_eq!(body["code"], "PHOTO_NOT_FOUND", "{body}");
    assert_eq!(download(&api, &leo_photo).await.0, StatusCode::OK);
}

/// A year of submissions: the queue lists its oldest pending ones, the list
/// of everything the latest 50 (or as many as asked, up to 200), both oldest
/// first.
#[tokio::test]
async fn long_lists_show_the_queues_oldest_and_otherwise_the_latest() {
    let (stack, api) = start().await;
    let (parent, kid, chore) = family_with_chore(&api, json!({"frequencyDays": 1})).await;
    let (status, first) = submit(&kid, form(&chore, Utc::now(), None)).await;
    assert_eq!(status, StatusCode::CREATED, "{first}");
    // 250 more, one a day back from yesterday, every fifth still pending
    // (written as the service would have, copying the real one's family).
    let copied = kit::tenancy::all_families(
        sqlx::query(
            "INSERT INTO submissions (id, organization_id, chore_id, child_id, base_reward_cents,
                 completed_at, completed_on, submitted_at, status, reviewed_at)
             SELECT gen_random_uuid(), organization_id, chore_id, child_id, base_reward_cents,
                 completed_at - make_interval(days => n), completed_on - n,
                 submitted_at - make_interval(days => n),
                 CASE WHEN n % 5 = 0 THEN 'PENDING' ELSE 'APPROVED' END,
                 CASE WHEN n % 5 = 0 THEN NULL
                      ELSE submitted_at - make_interval(days => n) END
             FROM submissions, generate_series(1, 250) n WHERE id = $1",
        )
        .bind(first["id"].as_str().unwrap().parse::<uuid::Uuid>().unwrap())
        .execute(&stack.chores_pool),
    )
    .await
    .unwrap();
    assert_eq!(copied.rows_affected(), 250);

    let submitted = |list: &[Value]| -> Vec<String> {
        list.iter()
            .map(|s| s["submittedAt"].as_str().unwrap().to_owned())
            .collect()
    };
    // A page of the latest unless more are asked for.
    let (status, page) = send(parent.get("/submissions")).await;
    assert_eq!(status, StatusCode::OK, "{page}");
    let page = page.as_array().unwrap().clone();
    assert_eq!(page.len(), 50);
    assert_eq!(page.last().unwrap()["id"], first["id"]);
    let (status, all) = send(parent.get("/submissions?limit=200")).await;
    assert_eq!(status, StatusCode::OK, "{all}");
    let all = all.as_array().unwrap().clone();
    assert_eq!(all.len(), 200);
    assert_eq!(&all[150..], &page[..], "the page is the latest 50 of them");
    let (status, approved) = send(parent.get("/submissions?status=APPROVED&limit=7")).await;
    assert_eq!(status, StatusCode::OK, "{approved}");
    let approved = approved.as_array().unwrap().clone();
    assert_eq!(approved.len(), 7);
    assert!(
        approved.iter().all(|s| s["status"] == "APPROVED"),
        "{approved:?}"
    );
    // No more than 200, and at least one.
    for limit in ["0", "201", "-1"] {
        let (status, body) = send(parent.get(&format!("/submissions?limit={limit}"))).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "limit {limit}: {body}");
        assert_error(&body, "Limit must be between 1 and 200");
    }
    let (status, _) = send(parent.get("/submissions?limit=many")).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    let times = submitted(&all);
    assert!(times.windows(2).all(|w| w[0] <= w[1]), "oldest first");
    // The latest: today's real one last, nothing older than 199 days back.
    assert_eq!(all.last().unwrap()["id"], first["id"]);
    let days_back = |s: &Value| {
        (Utc::now()
            - s["submittedAt"]
                .as_str()
                .unwrap()
                .parse::<DateTime<Utc>>()
                .unwrap())
        .num_days()
    };
    assert_eq!(days_back(&all[0]), 199);

    // The queue: all 51 pending (under its bound), the oldest first.
    let pending = queue(&parent).await;
    assert_eq!(pending.len(), 51);
    assert!(submitted(&pending).windows(2).all(|w| w[0] <= w[1]));
    assert_eq!(days_back(&pending[0]), 250);
    // A child's own list is bounded the same way.
    let (status, own) = send(kid.get("/submissions")).await;
    assert_eq!(status, StatusCode::OK, "{own}");
    assert_eq!(own.as_array().unwrap().len(), 50);
    let (status, own) = send(kid.get("/submissions?limit=200")).await;
    assert_eq!(status, StatusCode::OK, "{own}");
    assert_eq!(own.as_array().unwrap().len(), 200);

    // History: the latest 50 of the 199 reviews, newest first (yesterday's).
    let (status, history) = send(parent.get("/submissions/history")).await;
    assert_eq!(status, StatusCode::OK, "{history}");
    let history = history.as_array().unwrap().clone();
    assert_eq!(history.len(), 50);
    assert!(history.iter().all(|s| s["status"] == "APPROVED"));
    assert!(
        submitted(&history).windows(2).all(|w| w[0] > w[1]),
        "newest first"
    );
    assert_eq!(days_back(&history[0]), 1);
    assert_eq!(days_back(&history[49]), 62, "every fifth day is pending");
}

/// Lists name each submission's child as the family service last announced
/// them; a child never announced (added before names were) is asked for,
/// and remembered.
#[tokio::test]
async fn submissions_name_their_child_as_last_announced() {
    let (stack, api) = start().await;
    let parent = parent(&api).await;
    let kitchen = category(&parent, "Kitchen").await;
    let dishes = chore(&parent, &kitchen, json!({})).await;
    let (kid, record) = child(&parent, "Mia").await;
    let (status, body) = submit(&kid, form(&dishes, Utc::now(), None)).await;
    assert_eq!(status, StatusCode::CREATED, "{body}");
    let id = record["id"].as_str().unwrap();
    let child_id: uuid::Uuid = id.parse().unwrap();
    let known_name = || async {
        kit::tenancy::all_families(
            sqlx::query_scalar::<_, Option<String>>(
                "SELECT name FROM children WHERE child_id = $1",
            )
            .bind(child_id)
            .fetch_optional(&stack.chores_pool),
        )
        .await
        .unwrap()
        .flatten()
    };
    eventually("the chores service to hear of Mia", || async {
        known_name().await.as_deref() == Some("Mia")
    })
    .await;

    // Renamed: the lists follow the announcement.
    let (status, edited) = send(parent.put(
        &format!("/children/{id}"),
        &json!({"name": "Mimi", "email": unique_email("mimi")}),
    ))
    .await;
    assert_eq!(status, StatusCode::OK, "{edited}");
    eventually("the queue to show the new name", || async {
        queue(&parent).await[0]["childName"] == "Mimi"
    })
    .await;
    let (status, own) = send(kid.get("/submissions")).await;
    assert_eq!(status, StatusCode::OK, "{own}");
    assert_eq!(own[0]["childName"], "Mimi");

    // Never named here: the family service is asked, and its answer kept.
    kit::tenancy::all_families(
        sqlx::query("UPDATE children SET name = NULL WHERE child_id = $1")
            .bind(child_id)
            .execute(&stack.chores_pool),
    )
    .await
    .unwrap();
    // A list the gateway has not kept (the queue is), so the chores service
    // answers it.
    let (status, fresh) = send(parent.get("/submissions?limit=5")).await;
    assert_eq!(status, StatusCode::OK, "{fresh}");
    assert_eq!(fresh[0]["childName"], "Mimi");
    assert_eq!(known_name().await.as_deref(), Some("Mimi"));
    let submission = queue(&parent).await[0]["id"].as_str().unwrap().to_owned();
    let (status, one) = send(kid.get(&format!("/submissions/{submission}"))).await;
    assert_eq!(status, StatusCode::OK, "{one}");
    assert_eq!(one["childName"], "Mimi");
}
