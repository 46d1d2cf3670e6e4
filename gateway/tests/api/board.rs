//! The family board: a tablet (its device token alone, no PIN) sees every
//! child of its own family with their chores today and where each stands,
//! as the chores service answers auth for that family only. Nothing else
//! opens it: no token, a removed tablet, a parent's bearer token, or a
//! user calling the chores service's family read directly.

use chorely_proto::chores::v1::{
    GetFamilyTodayRequest, chores_service_client::ChoresServiceClient,
};
use kit::{clock::ManualClock, grpc::Outgoing};
use reqwest::{Client, RequestBuilder, StatusCode};
use serde_json::{Value, json};

use crate::{
    chores::chore,
    helpers::{Session, assert_error, child, eventually, send},
    schedule::{Family, monday_noon, new_york, stack_on},
    submissions::{form, submit},
    tablet::{Tablet, set_pin, set_up_tablet},
};

fn board(tablet: &Tablet) -> RequestBuilder {
    Client::new()
        .get(format!("{}/tablet/board", tablet.api))
        .header("X-Tablet-Token", &tablet.token)
}

/// The board's column of the child named `name`: (chore name, status) pairs.
fn column(board: &Value, name: &str) -> Vec<(String, String)> {
    let child = board["today"]["children"]
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["childName"] == name)
        .unwrap_or_else(|| panic!("no column for {name}: {board}"));
    child["chores"]
        .as_array()
        .unwrap()
        .iter()
        .map(|entry| {
            (
                entry["chore"]["name"].as_str().unwrap().to_owned(),
                entry["status"].as_str().unwrap().to_owned(),
            )
        })
        .collect()
}

fn pair(name: &str, status: &str) -> (String, String) {
    (name.to_owned(), status.to_owned())
}

#[tokio::test]
async fn the_board_shows_every_childs_day_without_a_pin_and_follows_a_send() {
    let clock = ManualClock::at(monday_noon());
    let (_stack, api) = stack_on(&clock).await;
    let f = Family::new(&api).await;
    chore(
        &f.parent,
        &f.kitchen,
        json!({"name": "Dishes", "assignedChildIds": [f.lily_id, f.max_id],
            "dueDays": [1, 2, 3, 4, 5, 6, 7], "dueTime": "18:00"}),
    )
    .await;
    let feed = chore(
        &f.parent,
        &f.kitchen,
        json!({"name": "Feed the cat", "assignedChildIds": [f.lily_id]}),
    )
    .await;
    let lily = json!({"id": f.lily_id});
    assert_eq!(
        set_pin(&f.parent, &lily, "2468").await.0,
        StatusCode::NO_CONTENT
    );
    let tablet = set_up_tablet(&f.parent, "Hall tablet").await;

    let (status, shown) = send(board(&tablet)).await;
    assert_eq!(status, StatusCode::OK, "{shown}");
    assert_eq!(shown["tabletName"], "Hall tablet");
    assert_eq!(shown["familyName"], "The Lee Family");
    let pins: Vec<(String, bool)> = shown["children"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| {
            (
                c["name"].as_str().unwrap().to_owned(),
                c["hasPin"].as_bool().unwrap(),
            )
        })
        .collect();
    assert!(pins.contains(&("Lily".to_owned(), true)), "{shown}");
    assert!(pins.contains(&("Max".to_owned(), false)), "{shown}");
    assert_eq!(shown["today"]["date"], "2030-01-07");
    assert_eq!(shown["today"]["timeZone"], "America/New_York");
    // Due at a time first, then the others.
    assert_eq!(
        column(&shown, "Lily"),
        vec![pair("Dishes", "TODO"), pair("Feed the cat", "TODO")]
    );
    assert_eq!(column(&shown, "Max"), vec![pair("Dishes", "TODO")]);
    let dishes = &shown["today"]["children"]
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["childName"] == "Max")
        .unwrap()["chores"][0];
    assert_eq!(
        dishes["dueAt"],
        json!(new_york("2030-01-07 18:00").to_rfc3339_opts(chrono::SecondsFormat::Secs, true))
    );

    // Lily sends Feed the cat from her PIN's session: the board shows it
    // waiting for a parent, and Max's day is as it was.
    let (status, session) = send(tablet.unlock(&lily["id"], "2468")).await;
    assert_eq!(status, StatusCode::OK, "{session}");
    let on_tablet = Session {
        api: api.clone(),
        token: session["token"].as_str().unwrap().to_owned(),
        user: session["user"].clone(),
        http: Client::new(),
    };
    let (status, sent) = submit(&on_tablet, form(&feed, new_york("2030-01-07 11:55"), None)).await;
    assert_eq!(status, StatusCode::CREATED, "{sent}");
    let (_, shown) = send(board(&tablet)).await;
    assert_eq!(
        column(&shown, "Lily"),
        vec![pair("Dishes", "TODO"), pair("Feed the cat", "DONE")]
    );
    let feed_entry = &shown["today"]["children"]
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["childName"] == "Lily")
        .unwrap()["chores"][1];
    assert_eq!(feed_entry["submission"]["status"], "PENDING", "{shown}");
    assert_eq!(column(&shown, "Max"), vec![pair("Dishes", "TODO")]);

    // After 18:00 Max's Dishes are late on the board too.
    clock.set(new_york("2030-01-07 19:00"));
    let (_, shown) = send(board(&tablet)).await;
    assert_eq!(column(&shown, "Max"), vec![pair("Dishes", "LATE")]);
}

#[tokio::test]
async fn a_board_shows_its_own_family_only_and_opens_with_a_tablets_token_alone() {
    let clock = ManualClock::at(monday_noon());
    let (stack, api) = stack_on(&clock).await;
    let ours = Family::new(&api).await;
    chore(&ours.parent, &ours.kitchen, json!({"name": "Dishes"})).await;
    let theirs = Family::new(&api).await;
    chore(
        &theirs.parent,
        &theirs.kitchen,
        json!({"name": "Their secret chore"}),
    )
    .await;
    let (_, zed) = child(&theirs.parent, "Zed").await;
    let tablet = set_up_tablet(&ours.parent, "Kitchen").await;

    let (status, shown) = send(board(&tablet)).await;
    assert_eq!(status, StatusCode::OK, "{shown}");
    let text = shown.to_string();
    assert!(!text.contains("Their secret chore"), "{shown}");
    assert!(!text.contains(zed["id"].as_str().unwrap()), "{shown}");
    let names: Vec<&str> = shown["today"]["children"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["childName"].as_str().unwrap())
        .collect();
    assert_eq!(names.len(), 2, "{shown}");
    assert!(names.contains(&"Lily") && names.contains(&"Max"), "{shown}");

    // No token, a made-up one, or a parent's bearer token: not a tablet.
    let url = format!("{api}/tablet/board");
    let (status, body) = send(Client::new().get(&url)).await;
    assert_eq!(status, StatusCode::UNAUTHORIZED, "{body}");
    let (status, _) = send(Client::new().get(&url).header("X-Tablet-Token", "made-up")).await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);
    let (status, _) = send(Client::new().get(&url).bearer_auth(&ours.parent.token)).await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);

    // The chores service's family read is for services: a parent calling it
    // directly, naming another family, is refused.
    let other_org = theirs.parent.user["organization"]["id"].as_str().unwrap();
    let refused = ChoresServiceClient::with_interceptor(
        testkit::Stack::channel(&stack.chores_url),
        Outgoing::bearer(&ours.parent.token),
    )
    .get_family_today(GetFamilyTodayRequest {
        organization_id: other_org.to_owned(),
    })
    .await
    .unwrap_err();
    assert_eq!(refused.code(), tonic::Code::PermissionDenied, "{refused:?}");

    // A removed tablet's board is refused at once.
    let (status, _) = send(
        ours.parent
            .delete(&format!("/organizations/tablets/{}", tablet.id)),
    )
    .await;
    assert_eq!(status, StatusCode::NO_CONTENT);
    let (status, body) = send(board(&tablet)).await;
    assert_eq!(status, StatusCode::UNAUTHORIZED, "{body}");
}

#[tokio::test]
async fn a_suspended_familys_board_is_refused() {
    let clock = ManualClock::at(monday_noon());
    let (stack, api) = stack_on(&clock).await;
    let f = Family::new(&api).await;
    let tablet = set_up_tablet(&f.parent, "Kitchen").await;
    assert_eq!(send(board(&tablet)).await.0, StatusCode::OK);

    let admin = crate::helpers::super_admin(&stack, &api).await;
    let org = f.parent.user["organization"]["id"].as_str().unwrap();
    let (status, body) = send(admin.patch(
        &format!("/admin/organizations/{org}/deactivate"),
        &json!({}),
    ))
    .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    eventually("the suspension reaches the board", || async {
        send(board(&tablet)).await.0 == StatusCode::FORBIDDEN
    })
    .await;
    let (_, body) = send(board(&tablet)).await;
    assert_error(&body, "This family account has been suspended");
}
