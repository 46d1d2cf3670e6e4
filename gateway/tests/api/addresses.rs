//! Nobody learns whether an address has an account from a sign-up, an
//! invitation or a profile: a taken address gets the answer a free one
//! does, and its owner is mailed instead. A new address takes effect when
//! the link mailed to it is followed.

use reqwest::{Client, StatusCode};
use serde_json::{Value, json};
use testkit::{
    Options,
    mail::{mails_to, wait_for_mails},
    test_maildir,
};

use crate::helpers::{
    Session, assert_error, login, parent, registration, send, start, start_with, unique_email,
};

async fn register(api: &str, body: &Value) -> (StatusCode, Value) {
    send(
        Client::new()
            .post(format!("{api}/auth/register"))
            .json(body),
    )
    .await
}

/// The "someone tried" mail to `owner`, who signed up (and was sent their
/// verification link) first.
async fn someone_tried(owner: &str) -> testkit::mail::Mail {
    let mails = wait_for_mails(&test_maildir(), owner, 2).await;
    let mut subjects: Vec<&str> = mails.iter().map(|m| m.subject.as_str()).collect();
    subjects.sort();
    assert_eq!(
        subjects,
        [
            "Confirm your email for Chorely",
            "Someone tried to use your email on Chorely"
        ]
    );
    mails
        .into_iter()
        .find(|m| m.subject.starts_with("Someone tried"))
        .unwrap()
}

/// The keys of a JSON object and, within, of its objects: the answer's shape.
fn shape(value: &Value) -> Vec<String> {
    let mut keys = Vec::new();
    if let Value::Object(map) = value {
        for (key, inner) in map {
            keys.push(key.clone());
            keys.extend(shape(inner).into_iter().map(|k| format!("{key}.{k}")));
        }
    }
    keys.sort();
    keys
}

#[tokio::test]
async fn a_sign_up_with_a_taken_address_answers_as_a_free_one_and_mails_its_owner() {
    let (stack, api) = start().await;
    let owner = registration();
    let taken = owner["email"].as_str().unwrap().to_owned();
    let (status, _) = register(&api, &owner).await;
    assert_eq!(status, StatusCode::CREATED);

    let hashed = stack.auth_hasher.hashed();
    let mut again = json!({
        "email": taken.to_uppercase(),
        "password": "other-secret",
        "firstName": "Mallory",
        "lastName": "Moe",
        "organizationName": "The Moe Family",
    });
    let (taken_status, taken_answer) = register(&api, &again).await;
    again["email"] = json!(unique_email("free"));
    let (free_status, free_answer) = register(&api, &again).await;
    assert_eq!(taken_status, StatusCode::CREATED, "{taken_answer}");
    assert_eq!(taken_status, free_status);
    assert_eq!(shape(&taken_answer), shape(&free_answer));
    assert_eq!(taken_answer["user"]["emailVerified"], false);
    assert_eq!(
        taken_answer["user"]["email"],
        taken.to_uppercase(),
        "the address as typed, as a free one is"
    );
    assert_eq!(
        stack.auth_hasher.hashed(),
        hashed + 2,
        "each costs one hash"
    );

    // The session is a new family's, as a free address's is.
    let moe = Session {
        api: api.clone(),
        token: taken_answer["token"].as_str().unwrap().to_owned(),
        user: taken_answer["user"].clone(),
        http: Client::new(),
    };
    let (status, me) = send(moe.get("/users/me")).await;
    assert_eq!(status, StatusCode::OK, "{me}");
    assert_eq!(me["organization"]["name"], "The Moe Family");
    // Asking for the verification link again answers as for any address.
    let (status, _) = send(moe.post("/auth/resend-verification", &json!({}))).await;
    assert_eq!(status, StatusCode::ACCEPTED);

    // The owner's account is untouched; the address signs in to it only.
    let (status, owner_login) = login(&api, &taken, "secret123").await;
    assert_eq!(status, StatusCode::OK, "{owner_login}");
    assert_eq!(
        owner_login["user"]["organization"]["name"],
        "The Lee Family"
    );
    let (status, _) = login(&api, &taken, "other-secret").await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);

    // Its owner is told, by name, twice (the sign-up, the resend), and is
    // never sent a link that would verify the other login.
    let mails = wait_for_mails(&test_maildir(), &taken, 3).await;
    let notices: Vec<_> = mails
        .iter()
        .filter(|m| m.subject == "Someone tried to use your email on Chorely")
        .collect();
    assert_eq!(notices.len(), 2, "{mails:?}");
    for notice in notices {
        assert!(notice.text.contains("Hi Ann,"), "{}", notice.text);
        assert!(
            !notice.text.contains("Mallory"),
            "whoever typed it chose that"
        );
        assert!(notice.link("/login").is_some(), "{}", notice.text);
        assert!(notice.link("/verify-email/").is_none());
    }
    assert_eq!(
        mails
            .iter()
            .filter(|m| m.link("/verify-email/").is_some())
            .count(),
        1,
        "the owner's own verification only"
    );
}

#[tokio::test]
async fn a_new_address_takes_effect_when_its_link_is_followed() {
    let (_stack, api) = start_with(Options::default()).await;
    let ann = parent(&api).await;
    let old = ann.user["email"].as_str().unwrap().to_owned();
    let new = unique_email("renamed");

    let body =
        json!({"firstName": "Anna", "lastName": "Lee", "email": new, "phone": "+1 555 0100"});
    let (status, saved) = send(ann.put("/users/me", &body)).await;
    assert_eq!(status, StatusCode::OK, "{saved}");
    // The rest is saved at once; the address waits for its link.
    assert_eq!(saved["firstName"], "Anna");
    assert_eq!(saved["phone"], "+1 555 0100");
    assert_eq!(saved["email"], old.as_str());
    assert_eq!(saved["pendingEmail"], new.as_str());
    let (status, _) = login(&api, &new, "secret123").await;
    assert_eq!(status, StatusCode::UNAUTHORIZED, "not yet");
    let (status, _) = login(&api, &old, "secret123").await;
    assert_eq!(status, StatusCode::OK);

    let mails = wait_for_mails(&test_maildir(), &new, 1).await;
    assert_eq!(mails[0].subject, "Confirm your new email for Chorely");
    assert!(mails[0].text.contains("Hi Anna,"), "{}", mails[0].text);
    let token = mails[0].token("/verify-email/").unwrap();
    let (status, answer) = send(
        Client::new()
            .post(format!("{api}/auth/verify-email"))
            .json(&json!({"token": token})),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    assert_eq!(answer["email"], new.as_str());
    assert_eq!(answer["emailVerified"], true);

    let (_, me) = send(ann.get("/users/me")).await;
    assert_eq!(me["email"], new.as_str());
    assert_eq!(me["pendingEmail"], Value::Null);
    let (status, _) = login(&api, &new, "secret123").await;
    assert_eq!(status, StatusCode::OK);
    let (status, _) = login(&api, &old, "secret123").await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);
}

#[tokio::test]
async fn a_new_address_another_family_has_answers_as_a_free_one() {
    let (_stack, api) = start().await;
    let ann = parent(&api).await;
    let bea = parent(&api).await;
    let old = ann.user["email"].as_str().unwrap().to_owned();
    let beas = bea.user["email"].as_str().unwrap().to_owned();
    let free = unique_email("free");

    let profile = |email: &str| json!({"firstName": "Ann", "lastName": "Lee", "email": email});
    let (taken_status, taken_answer) = send(ann.put("/users/me", &profile(&beas))).await;
    assert_eq!(taken_status, StatusCode::OK, "{taken_answer}");
    assert_eq!(taken_answer["pendingEmail"], beas.as_str());
    let (free_status, free_answer) = send(ann.put("/users/me", &profile(&free))).await;
    assert_eq!(free_status, taken_status);
    assert_eq!(shape(&free_answer), shape(&taken_answer));
    // The newer address replaces the one waiting.
    assert_eq!(free_answer["pendingEmail"], free.as_str());

    // Bea is told someone tried (after her own sign-up's verification),
    // with no link that would move her address.
    let notice = someone_tried(&beas).await;
    assert!(notice.link("/verify-email/").is_none());
    // The free address got its link, which still works for the one waiting.
    let mails = wait_for_mails(&test_maildir(), &free, 1).await;
    assert!(mails[0].link("/verify-email/").is_some());

    // Nothing moved: both still sign in as they did.
    let (status, _) = login(&api, &old, "secret123").await;
    assert_eq!(status, StatusCode::OK);
    let (status, bea_login) = login(&api, &beas, "secret123").await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(bea_login["user"]["id"], bea.user["id"]);

    // A member of one's own family is no secret: that is said plainly.
    let (code_status, code) = send(ann.post(
        "/organizations/invite-codes",
        &json!({"role": "ORG_ADMIN", "expiresInDays": 7}),
    ))
    .await;
    assert_eq!(code_status, StatusCode::CREATED, "{code}");
    let partner = unique_email("partner");
    crate::helpers::accept(&api, code["code"].as_str().unwrap(), &partner).await;
    let (status, err) = send(ann.put("/users/me", &profile(&partner))).await;
    assert_eq!(status, StatusCode::CONFLICT);
    assert_error(&err, "An account with this email already exists");
}

#[tokio::test]
async fn an_invitation_to_another_familys_address_is_made_and_tells_its_owner() {
    let (_stack, api) = start().await;
    let ann = parent(&api).await;
    let bea = parent(&api).await;
    let beas = bea.user["email"].as_str().unwrap().to_owned();

    // Made as for a free address: the parent learns only that it exists.
    let (status, invited) = send(ann.post(
        "/children/invite",
        &json!({"firstName": "Mia", "email": beas}),
    ))
    .await;
    assert_eq!(status, StatusCode::CREATED, "{invited}");
    let code = invited["inviteCode"].as_str().unwrap();

    // Accepting it answers as for a free address, with a working session.
    let http = Client::new();
    let (status, accepted) = send(
        http.post(format!("{api}/auth/accept-invite"))
            .json(&json!({"inviteCode": code, "password": "mia-secret"})),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{accepted}");
    let mia = Session {
        api: api.clone(),
        token: accepted["token"].as_str().unwrap().to_owned(),
        user: accepted["user"].clone(),
        http,
    };
    let (status, me) = send(mia.get("/users/me")).await;
    assert_eq!(status, StatusCode::OK, "{me}");
    assert_eq!(me["childId"], invited["child"]["id"]);

    // Bea keeps her address as her sign-in; she is told someone tried.
    let (status, bea_login) = login(&api, &beas, "secret123").await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(bea_login["user"]["id"], bea.user["id"]);
    let (status, _) = login(&api, &beas, "mia-secret").await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);
    let notice = someone_tried(&beas).await;
    assert!(!notice.text.contains("Mia"), "{}", notice.text);

    // A child's contact moved to another family's address is kept the
    // same way; the family's own addresses are refused, plainly.
    let (status, other) = send(ann.post(
        "/children/invite",
        &json!({"firstName": "Leo", "email": unique_email("leo")}),
    ))
    .await;
    assert_eq!(status, StatusCode::CREATED, "{other}");
    let leo = other["child"]["id"].as_str().unwrap().to_owned();
    let (status, saved) = send(ann.put(
        &format!("/children/{leo}"),
        &json!({"name": "Leo", "email": beas}),
    ))
    .await;
    assert_eq!(status, StatusCode::OK, "{saved}");
    let anns = ann.user["email"].as_str().unwrap().to_owned();
    let (status, err) = send(ann.put(
        &format!("/children/{leo}"),
        &json!({"name": "Leo", "email": anns}),
    ))
    .await;
    assert_eq!(status, StatusCode::CONFLICT, "{err}");
    assert_error(&err, "An account with this email already exists");
    assert!(
        mails_to(&test_maildir(), &anns)
            .iter()
            .all(|m| m.subject != "Someone tried to use your email on Chorely"),
        "one's own family is told at once, not mailed"
    );
}
