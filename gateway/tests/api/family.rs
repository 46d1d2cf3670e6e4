//! Children, team members, invitations and deactivation over HTTP.

use reqwest::StatusCode;
use serde_json::json;

use crate::helpers::{
    Session, accept, add_child, assert_error, assert_field_refused, children, eventually, parent,
    send, start, unique_email,
};

const RATINGS: &str = "Ratings must be whole numbers from 1 to 10";

#[tokio::test]
async fn a_child_is_invited_joins_is_edited_rated_and_deleted() {
    let (_stack, api) = start().await;
    let parent = parent(&api).await;
    let email = unique_email("kid");

    let (status, invited) = send(parent.post(
        "/children/invite",
        &json!({"firstName": "Sam", "lastName": "Lee", "email": email, "dateOfBirth": "2015-06-01", "ageGroup": "CHILD"}),
    ))
    .await;
    assert_eq!(status, StatusCode::CREATED, "{invited}");
    let code = invited["inviteCode"].as_str().unwrap();
    let url = invited["inviteUrl"].as_str().unwrap();
    assert!(
        url.starts_with("http://127.0.0.1:") && url.ends_with(&format!("/register?invite={code}")),
        "{url}"
    );
    let child = &invited["child"];
    assert_eq!(child["name"], "Sam Lee");
    assert_eq!(child["user"]["email"], email);
    assert_eq!(child["dateOfBirth"], "2015-06-01");
    assert_eq!(child["birthdayRewardAmount"], 10.0);
    assert_eq!(
        (
            child["ageGroup"].as_str(),
            child["uiTheme"].as_str(),
            child["rewardDisplayType"].as_str()
        ),
        (Some("CHILD"), Some("KIDS"), Some("MONEY"))
    );
    for rating in ["honestyRating", "respectRating", "rulesRating"] {
        assert_eq!(child[rating], 5);
    }
    assert!(child["userId"].is_null());
    let id = child["id"].as_str().unwrap().to_owned();

    // The invitation names the child; accepting it makes their login.
    let (_, invite) = send(parent.http.get(format!("{api}/auth/invite/{code}"))).await;
    assert_eq!(
        (invite["displayName"].as_str(), invite["email"].as_str()),
        (Some("Sam Lee"), Some(email.as_str()))
    );
    let kid = accept(&api, code, "").await;
    assert_eq!(kid.user["role"], "ORG_MEMBER");
    assert_eq!(kid.user["childId"], id.as_str());
    assert_eq!(kid.user["profile"]["uiTheme"], "KIDS");
    assert_eq!(kid.user["profile"]["rewardDisplayType"], "MONEY");
    let user_id = kid.user["id"].as_str().unwrap().to_owned();
    eventually("the child record learning its login", || async {
        children(&parent).await[0]["userId"] == user_id.as_str()
    })
    .await;

    // Editing the email moves the login with it.
    let new_email = unique_email("kid-renamed");
    let (status, edited) = send(parent.put(
        &format!("/children/{id}"),
        &json!({"name": "Sammy", "email": new_email, "phone": "555 0100", "birthdayRewardAmount": 12.5, "ageGroup": "TWEEN", "uiTheme": "TEEN", "rewardDisplayType": "POINTS"}),
    ))
    .await;
    assert_eq!(status, StatusCode::OK, "{edited}");
    assert_eq!(
        (
            edited["name"].as_str(),
            edited["birthdayRewardAmount"].as_f64()
        ),
        (Some("Sammy"), Some(12.5))
    );
    assert_eq!(
        (
            edited["ageGroup"].as_str(),
            edited["rewardDisplayType"].as_str()
        ),
        (Some("TWEEN"), Some("POINTS"))
    );
    // A birthday is a date or null, never an empty string.
    let (status, err) = send(parent.put(
        &format!("/children/{id}"),
        &json!({"name": "Sammy", "email": new_email, "dateOfBirth": ""}),
    ))
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{err}");
    assert_error(&err, "Birthday must be a date (YYYY-MM-DD)");
    let (status, login) = send(
        parent
            .http
            .post(format!("{api}/auth/login"))
            .json(&json!({"email": new_email, "password": "secret123"})),
    )
    .await;
    assert_eq!(status, StatusCode::OK);

    // The child's own screens follow the theme and reward unit their parents chose.
    assert_eq!(
        login["user"]["profile"],
        json!({"uiTheme": "TEEN", "rewardDisplayType": "POINTS"})
    );
    let (status, me) = send(
        parent
            .http
            .get(format!("{api}/users/me"))
            .bearer_auth(login["token"].as_str().unwrap()),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{me}");
    assert_eq!(
        me["profile"],
        json!({"uiTheme": "TEEN", "rewardDisplayType": "POINTS"})
    );
    let (_, parent_me) = send(parent.get("/users/me")).await;
    assert_eq!(
        parent_me["profile"],
        json!({"uiTheme": "ADULT", "rewardDisplayType": null})
    );

    let (status, rated) = send(parent.put(
        &format!("/children/{id}/ratings"),
        &json!({"honestyRating": 8, "respectRating": 7, "rulesRating": 10}),
    ))
    .await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(
        (
            rated["honestyRating"].as_i64(),
            rated["respectRating"].as_i64(),
            rated["rulesRating"].as_i64()
        ),
        (Some(8), Some(7), Some(10))
    );

    // Deleting the child removes their login everywhere.
    let (status, _) = send(parent.delete(&format!("/children/{id}"))).await;
    assert_eq!(status, StatusCode::NO_CONTENT);
    assert!(children(&parent).await.is_empty());
    eventually("the deleted child's token being refused", || async {
        send(kid.get("/users/me")).await.0 == StatusCode::UNAUTHORIZED
    })
    .await;
    let (status, _) = send(
        parent
            .http
            .post(format!("{api}/auth/login"))
            .json(&json!({"email": new_email, "password": "secret123"})),
    )
    .await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);
    let (status, _) = send(parent.delete(&format!("/children/{id}"))).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn child_input_is_validated_and_a_refused_child_is_not_kept() {
    let (_stack, api) = start().await;
    let parent = parent(&api).await;
    let taken = parent.user["email"].as_str().unwrap().to_owned();
    let cases = [
        (
            json!({"email": unique_email("c")}),
            StatusCode::BAD_REQUEST,
            "First name is required",
        ),
        (
            json!({"firstName": "Al", "email": "nope"}),
            StatusCode::BAD_REQUEST,
            "Please enter a valid email address",
        ),
        (
            json!({"firstName": "Al", "email": unique_email("c"), "dateOfBirth": "2999-01-01"}),
            StatusCode::BAD_REQUEST,
            "Birthday cannot be in the future",
        ),
        (
            json!({"firstName": "Al", "email": unique_email("c"), "birthdayRewardAmount": 100000.01}),
            StatusCode::BAD_REQUEST,
            "Birthday reward must be at most 100000.00",
        ),
        (
            json!({"firstName": "Al", "email": unique_email("c"), "dateOfBirth": ""}),
            StatusCode::BAD_REQUEST,
            "Birthday must be a date (YYYY-MM-DD)",
        ),
        (
            json!({"firstName": "Al", "email": unique_email("c"), "birthdayRewardAmount": -1}),
            StatusCode::BAD_REQUEST,
            "Birthday reward must be 0 or more",
        ),
        (
            json!({"firstName": "Al", "email": unique_email("c"), "birthdayRewardAmount": 1.234}),
            StatusCode::BAD_REQUEST,
            "Birthday reward must be an amount in dollars and cents",
        ),
        (
            json!({"firstName": "Al", "email": unique_email("c"), "ageGroup": "BABY"}),
            StatusCode::BAD_REQUEST,
            "ageGroup must be one of CHILD, TWEEN, TEEN or YOUNG_ADULT",
        ),
        (
            json!({"firstName": "Al", "email": taken}),
            StatusCode::CONFLICT,
            "An account with this email already exists",
        ),
    ];
    for (body, status, message) in cases {
        let (got, err) = send(parent.post("/children/invite", &body)).await;
        assert_eq!(got, status, "{body}");
        assert_error(&err, message);
    }
    // The gateway's own checks of a child's details answer codes too.
    for (body, field, code) in [
        (
            json!({"firstName": "Al", "email": unique_email("c"), "dateOfBirth": ""}),
            "dateOfBirth",
            "NOT_A_DATE",
        ),
        (
            json!({"firstName": "Al", "email": unique_email("c"), "birthdayRewardAmount": 100000.01}),
            "birthdayRewardAmount",
            "BIRTHDAY_REWARD_TOO_HIGH",
        ),
        (
            json!({"firstName": "Al", "email": unique_email("c"), "birthdayRewardAmount": 1.234}),
            "birthdayRewardAmount",
            "NOT_AN_AMOUNT",
        ),
    ] {
        let (_, err) = send(parent.post("/children/invite", &body)).await;
        assert_field_refused(&err, field, code);
    }
    assert!(
        children(&parent).await.is_empty(),
        "no refused child was kept"
    );

    let (child, _) = add_child(&parent, "Kim").await;
    let id = child["id"].as_str().unwrap();
    for ratings in [
        json!({"honestyRating": 11, "respectRating": 5, "rulesRating": 5}),
        json!({"honestyRating": 0, "respectRating": 5, "rulesRating": 5}),
        json!({"honestyRating": 5, "respectRating": 5.5, "rulesRating": 5}),
        json!({"honestyRating": 5, "respectRating": 5}),
        json!({"honestyRating": "5", "respectRating": 5, "rulesRating": 5}),
    ] {
        let (status, err) = send(parent.put(&format!("/children/{id}/ratings"), &ratings)).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{ratings}");
        assert_error(&err, RATINGS);
        // The gateway's check (no whole number) and the service's (out of
        // range) are one refusal.
        assert_eq!(err["code"], "RATINGS_INVALID", "{ratings}: {err}");
    }
    let kept = &children(&parent).await[0];
    assert_eq!(
        (
            kept["honestyRating"].as_i64(),
            kept["respectRating"].as_i64()
        ),
        (Some(5), Some(5)),
        "nothing was saved"
    );
}

#[tokio::test]
async fn another_familys_ids_are_not_found() {
    let (_stack, api) = start().await;
    let a = parent(&api).await;
    let b = parent(&api).await;
    let (child, _) = add_child(&a, "Ava").await;
    let child = child["id"].as_str().unwrap();
    let (_, code) = send(a.post("/organizations/invite-codes", &json!({}))).await;
    let second = accept(
        &api,
        code["code"].as_str().unwrap(),
        &unique_email("second"),
    )
    .await;
    let member = second.user["id"].as_str().unwrap();

    for (request, what) in [
        (
            b.put(
                &format!("/children/{child}"),
                &json!({"name": "X", "email": unique_email("x")}),
            ),
            "edit child",
        ),
        (b.delete(&format!("/children/{child}")), "delete child"),
        (
            b.put(
                &format!("/children/{child}/ratings"),
                &json!({"honestyRating": 5, "respectRating": 5, "rulesRating": 5}),
            ),
            "rate child",
        ),
        (
            b.put(&format!("/users/{member}/deactivate"), &json!({})),
            "deactivate member",
        ),
        (
            b.put(
                "/children/not-a-uuid",
                &json!({"name": "X", "email": unique_email("x")}),
            ),
            "malformed id",
        ),
    ] {
        let (status, _) = send(request).await;
        assert_eq!(status, StatusCode::NOT_FOUND, "{what}");
    }
    // Lists are the family's own.
    assert!(children(&b).await.is_empty());
    let (_, members) = send(b.get("/organizations/members")).await;
    assert_eq!(members.as_array().unwrap().len(), 1);
    assert_eq!(members[0]["id"], b.user["id"]);
    let (_, codes) = send(b.get("/organizations/invite-codes")).await;
    assert!(codes.as_array().unwrap().is_empty(), "{codes}");
    // And A's child was left alone.
    assert_eq!(children(&a).await.len(), 1);
}

#[tokio::test]
async fn a_child_gets_403_on_every_management_call() {
    let (_stack, api) = start().await;
    let parent = parent(&api).await;
    let (child, code) = add_child(&parent, "Max").await;
    let kid = accept(&api, &code, "").await;
    let child = child["id"].as_str().unwrap();
    let parent_id = parent.user["id"].as_str().unwrap();

    for (request, what) in [
        (kid.get("/children"), "list children"),
        (
            kid.post(
                "/children/invite",
                &json!({"firstName": "A", "email": unique_email("a")}),
            ),
            "invite child",
        ),
        (
            kid.put(
                &format!("/children/{child}"),
                &json!({"name": "A", "email": unique_email("a")}),
            ),
            "edit child",
        ),
        (kid.delete(&format!("/children/{child}")), "delete child"),
        (
            kid.put(
                &format!("/children/{child}/ratings"),
                &json!({"honestyRating": 9, "respectRating": 9, "rulesRating": 9}),
            ),
            "rate",
        ),
        (kid.get("/organizations/members"), "members"),
        (kid.get("/organizations/invite-codes"), "list invite codes"),
        (
            kid.post("/organizations/invite-codes", &json!({})),
            "create invite code",
        ),
        (
            kid.put(&format!("/users/{parent_id}/deactivate"), &json!({})),
            "deactivate",
        ),
        (
            kid.put("/organizations/current", &json!({"name": "Mine"})),
            "rename family",
        ),
    ] {
        let (status, _) = send(request).await;
        assert_eq!(status, StatusCode::FORBIDDEN, "{what}");
    }
    // What a child may do still works.
    let (status, me) = send(kid.get("/users/me")).await;
    assert_eq!(
        (status, me["role"].as_str()),
        (StatusCode::OK, Some("ORG_MEMBER"))
    );
}

#[tokio::test]
async fn team_members_invitations_and_deactivation() {
    let (_stack, api) = start().await;
    let parent = parent(&api).await;
    let me = parent.user["id"].as_str().unwrap();

    let (status, err) = send(parent.put(&format!("/users/{me}/deactivate"), &json!({}))).await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    assert_error(&err, "You cannot deactivate your own account");

    let (status, code) = send(parent.post(
        "/organizations/invite-codes",
        &json!({"role": "ORG_ADMIN", "email": "", "expiresInDays": 14}),
    ))
    .await;
    assert_eq!(status, StatusCode::CREATED, "{code}");
    let (_, pending) = send(parent.get("/organizations/invite-codes")).await;
    assert_eq!(pending.as_array().unwrap().len(), 1);
    assert_eq!(pending[0]["code"], code["code"]);
    assert!(pending[0]["email"].is_null());

    let email = unique_email("co-parent");
    let co = accept(&api, code["code"].as_str().unwrap(), &email).await;
    assert_eq!(co.user["role"], "ORG_ADMIN");
    let (_, pending) = send(parent.get("/organizations/invite-codes")).await;
    assert!(
        pending.as_array().unwrap().is_empty(),
        "a used code is no longer pending"
    );
    let (_, members) = send(parent.get("/organizations/members")).await;
    let emails: Vec<&str> = members
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["email"].as_str().unwrap())
        .collect();
    assert_eq!(emails.len(), 2);
    assert!(emails.contains(&email.as_str()));

    let co_id = co.user["id"].as_str().unwrap();
    let (status, deactivated) =
        send(parent.put(&format!("/users/{co_id}/deactivate"), &json!({}))).await;
    assert_eq!(status, StatusCode::OK, "{deactivated}");
    assert_eq!(deactivated["isActive"], false);
    let (status, err) = send(co.get("/users/me")).await;
    assert_eq!(status, StatusCode::UNAUTHORIZED, "refused at once");
    assert_error(&err, "This account has been deactivated");
    assert_eq!(err["code"], "ACCOUNT_DEACTIVATED");
    let (status, err) = send(
        parent
            .http
            .post(format!("{api}/auth/login"))
            .json(&json!({"email": email, "password": "secret123"})),
    )
    .await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    assert_error(&err, "This account has been deactivated");
    let (_, members) = send(parent.get("/organizations/members")).await;
    assert_eq!(members.as_array().unwrap().len(), 1);
    // The parent's own token is untouched.
    assert_eq!(send(parent.get("/users/me")).await.0, StatusCode::OK);
}

#[tokio::test]
async fn the_family_name_and_time_zone_are_settings_of_parents() {
    let (_stack, api) = start().await;
    let parent = parent(&api).await;
    let (status, err) = send(parent.put("/organizations/current", &json!({"name": ""}))).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_error(&err, "Family name is required");
    let (status, err) = send(parent.put(
        "/organizations/current",
        &json!({"name": "X", "timeZone": "Nowhere/Town"}),
    ))
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_error(&err, "Unknown time zone: Nowhere/Town");

    let (status, org) = send(parent.put(
        "/organizations/current",
        &json!({"name": "The Lees", "timeZone": "Europe/Berlin"}),
    ))
    .await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(
        (org["name"].as_str(), org["timeZone"].as_str()),
        (Some("The Lees"), Some("Europe/Berlin"))
    );
    let (_, me) = send(parent.get("/users/me")).await;
    assert_eq!(me["organization"]["name"], "The Lees");
}

/// An open invite code with the role ORG_MEMBER makes a child: the login
/// comes with a child record, so they can submit chores and their parents see
/// them. The plan's child limit counts them like any child.
#[tokio::test]
async fn a_child_joining_with_an_invite_code_is_a_child_of_the_family() {
    let (_stack, api) = start().await;
    let parent = parent(&api).await;
    let open_code = |role: &str| {
        parent.post(
            "/organizations/invite-codes",
            &json!({"role": role, "email": "", "expiresInDays": 7}),
        )
    };
    let (status, code) = send(open_code("ORG_MEMBER")).await;
    assert_eq!(status, StatusCode::CREATED, "{code}");
    let kid = accept(&api, code["code"].as_str().unwrap(), &unique_email("kid")).await;
    assert_eq!(kid.user["role"], "ORG_MEMBER");
    let child_id = kid.user["childId"].as_str().unwrap().to_owned();
    let listed = children(&parent).await;
    assert_eq!(listed.len(), 1);
    assert_eq!(
        (listed[0]["id"].as_str(), listed[0]["name"].as_str()),
        (Some(child_id.as_str()), Some("Sam Lee"))
    );
    let user_id = kid.user["id"].as_str().unwrap().to_owned();
    eventually("the child record learning its login", || async {
        children(&parent).await[0]["userId"] == user_id.as_str()
    })
    .await;

    // They do what children do.
    let kitchen = crate::chores::category(&parent, "Kitchen").await;
    let chore = crate::chores::chore(&parent, &kitchen, json!({})).await;
    let (status, submitted) = crate::submissions::submit(
        &kid,
        crate::submissions::form(&chore, chrono::Utc::now(), None),
    )
    .await;
    assert_eq!(status, StatusCode::CREATED, "{submitted}");
    assert_eq!(submitted["childId"], child_id.as_str());

    // Two more children fill the free plan; a fourth joining by code is
    // refused with the plan's message, and nothing of them is kept.
    add_child(&parent, "Mia").await;
    add_child(&parent, "Leo").await;
    let (_, code) = send(open_code("ORG_MEMBER")).await;
    let code = code["code"].as_str().unwrap();
    let email = unique_email("fourth");
    let (status, refused) = send(parent.http.post(format!("{api}/auth/accept-invite")).json(
        &json!({"inviteCode": code, "password": "secret123", "email": email, "firstName": "Zoe"}),
    ))
    .await;
    assert_eq!(status, StatusCode::FORBIDDEN, "{refused}");
    assert_error(
        &refused,
        "The FREE plan allows up to 3 children. Upgrade to add more.",
    );
    assert_eq!(children(&parent).await.len(), 3);
    let (status, _) = send(
        parent
            .http
            .post(format!("{api}/auth/login"))
            .json(&json!({"email": email, "password": "secret123"})),
    )
    .await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);
    let (status, _) = send(parent.http.get(format!("{api}/auth/invite/{code}"))).await;
    assert_eq!(status, StatusCode::OK, "the code is still open");

    // A parent's code still makes a parent, with no child record.
    let (_, code) = send(open_code("ORG_ADMIN")).await;
    let second = accept(
        &api,
        code["code"].as_str().unwrap(),
        &unique_email("second"),
    )
    .await;
    assert!(second.user["childId"].is_null());
    assert_eq!(children(&parent).await.len(), 3);
}

/// A parent who is removed cannot come back through an invite code they made
/// while they were in; the codes other parents made still work.
#[tokio::test]
async fn a_removed_parents_open_codes_stop_working() {
    let (_stack, api) = start().await;
    let first = parent(&api).await;
    let code_of = |session: &Session| {
        session.post(
            "/organizations/invite-codes",
            &json!({"role": "ORG_ADMIN", "email": "", "expiresInDays": 30}),
        )
    };
    let (_, code) = send(code_of(&first)).await;
    let second = accept(
        &api,
        code["code"].as_str().unwrap(),
        &unique_email("second"),
    )
    .await;
    let (status, theirs) = send(code_of(&second)).await;
    assert_eq!(status, StatusCode::CREATED, "{theirs}");
    let (_, ours) = send(code_of(&first)).await;

    let id = second.user["id"].as_str().unwrap();
    let (status, _) = send(first.put(&format!("/users/{id}/deactivate"), &json!({}))).await;
    assert_eq!(status, StatusCode::OK);

    let (status, body) = send(
        first
            .http
            .post(format!("{api}/auth/accept-invite"))
            .json(&json!({
                "inviteCode": theirs["code"], "password": "secret123",
                "email": unique_email("back-again"), "firstName": "Bo",
            })),
    )
    .await;
    assert_eq!(status, StatusCode::NOT_FOUND, "{body}");
    assert_error(&body, "Invalid or expired invitation");
    let (_, codes) = send(first.get("/organizations/invite-codes")).await;
    let open: Vec<&str> = codes
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|c| c["code"].as_str())
        .collect();
    assert!(!open.contains(&theirs["code"].as_str().unwrap()), "{codes}");
    accept(&api, ours["code"].as_str().unwrap(), &unique_email("third")).await;
}

/// A child's name, email and phone are on their child record, which parents
/// keep: the child cannot change them through their own profile (the
/// parents' list would go on showing the old ones), only their parents can.
#[tokio::test]
async fn a_childs_login_name_and_email_are_their_parents_to_change() {
    let (_stack, api) = start().await;
    let parent = parent(&api).await;
    let (child, code) = add_child(&parent, "Max").await;
    let kid = accept(&api, &code, "").await;
    let (_, me) = send(kid.get("/users/me")).await;
    let own = json!({
        "firstName": me["firstName"], "lastName": me["lastName"],
        "email": me["email"], "phone": me["phone"],
    });

    let changes = [
        ("email", json!(unique_email("renamed"))),
        ("firstName", json!("Maximilian")),
        ("lastName", json!("Other")),
        ("phone", json!("+1 555 0199")),
    ];
    for (field, value) in changes {
        let mut body = own.clone();
        body[field] = value;
        let (status, err) = send(kid.put("/users/me", &body)).await;
        assert_eq!(status, StatusCode::FORBIDDEN, "{field}: {err}");
        assert_error(
            &err,
            "Only a parent can change a child's name, email or phone",
        );
    }
    // Nothing changed, for the child or in their parents' list.
    let (_, after) = send(kid.get("/users/me")).await;
    for field in ["firstName", "lastName", "email", "phone"] {
        assert_eq!(after[field], me[field], "{field}");
    }
    let listed = children(&parent).await;
    assert_eq!(listed[0]["user"]["email"], child["user"]["email"]);

    // Saving the profile as it is still works (the form sends every field).
    let (status, saved) = send(kid.put("/users/me", &own)).await;
    assert_eq!(status, StatusCode::OK, "{saved}");

    // The parent changes the child's email; the login follows.
    let email = unique_email("moved");
    let id = child["id"].as_str().unwrap();
    let (status, edited) = send(parent.put(
        &format!("/children/{id}"),
        &json!({"name": child["name"], "email": email}),
    ))
    .await;
    assert_eq!(status, StatusCode::OK, "{edited}");
    let (_, after) = send(kid.get("/users/me")).await;
    assert_eq!(after["email"], email);
}

/// Invite links are built from the configured origin only, never from what a
/// request says its host is: a forged `X-Forwarded-Host` (or `Host`) must not
/// hand a parent a link to someone else's site.
#[tokio::test]
async fn invite_links_ignore_the_host_a_request_claims() {
    let forged = |request: reqwest::RequestBuilder| {
        request
            .header("x-forwarded-host", "evil.example")
            .header("x-forwarded-proto", "https")
    };
    // Configured: links on PUBLIC_URL.
    let mut stack = testkit::Stack::start().await;
    let configured = stack
        .start_gateway_with(gateway::config::Config {
            public_url: Some("https://app.chorely.test/".into()),
            ..stack.gateway_config()
        })
        .await;
    // Not configured, listening on this machine only: links on that address.
    let local = stack.start_gateway().await;

    for (base, origin) in [
        (configured, "https://app.chorely.test".to_owned()),
        (local.clone(), local),
    ] {
        let parent = parent(&format!("{base}/api")).await;
        let (status, invited) = send(forged(parent.post(
            "/children/invite",
            &json!({"firstName": "Noa", "email": unique_email("child")}),
        )))
        .await;
        assert_eq!(status, StatusCode::CREATED, "{invited}");
        let code = invited["inviteCode"].as_str().unwrap();
        assert_eq!(
            invited["inviteUrl"],
            format!("{origin}/register?invite={code}")
        );
        let id = invited["child"]["id"].as_str().unwrap();
        let (_, link) = send(forged(parent.get(&format!("/children/{id}/invite")))).await;
        assert_eq!(link["inviteUrl"], invited["inviteUrl"]);
    }
}
