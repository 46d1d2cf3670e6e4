//! Work that spans two services, stopped between its steps as a crash there
//! would stop it (a failpoint ends the request at that step; what was
//! committed stays, nothing after it runs): the end state is whole, through
//! the event each step commits with its change.

use chorely_proto::auth::v1::UpdateChildContactRequest;
use reqwest::StatusCode;
use serde_json::json;

use crate::helpers::{
    Session, accept, children, eventually, login, parent, registration, send, start, unique_email,
};

/// Arms `name` for the life of the value: the step returns there.
struct Stopped(&'static str);

impl Stopped {
    fn at(name: &'static str) -> Self {
        fail::cfg(name, "return").unwrap();
        Self(name)
    }
}

impl Drop for Stopped {
    fn drop(&mut self) {
        fail::remove(self.0);
    }
}

/// Signing up keeps the parent with the family's id, then asks the family
/// service for the family. Stopped in between, the family is made from the
/// event kept with the parent: the parent signs in to it, and its time zone
/// is the one they chose.
#[tokio::test]
async fn a_family_signed_up_just_before_a_crash_is_made_all_the_same() {
    let (_stack, api) = start().await;
    let sign_up = registration();
    {
        let _stopped = Stopped::at("auth.register.after_commit");
        let (status, answer) = send(
            reqwest::Client::new()
                .post(format!("{api}/auth/register"))
                .json(&sign_up),
        )
        .await;
        assert!(status.is_server_error(), "{status}: {answer}");
    }
    let email = sign_up["email"].as_str().unwrap();
    eventually("the family made from the event", || async {
        let (status, answer) = login(&api, email, "secret123").await;
        status == StatusCode::OK && answer["user"]["organization"]["name"] == "The Lee Family"
    })
    .await;
    let (_, answer) = login(&api, email, "secret123").await;
    let parent = Session {
        api: api.clone(),
        token: answer["token"].as_str().unwrap().to_owned(),
        user: answer["user"].clone(),
        http: reqwest::Client::new(),
    };
    let (status, family) = send(parent.get("/organizations/current")).await;
    assert_eq!(status, StatusCode::OK, "{family}");
    assert_eq!(family["timeZone"], "America/New_York");
    // It is a family like any other: a child can be added to it.
    let (status, invited) = send(parent.post(
        "/children/invite",
        &json!({"firstName": "Noa", "email": unique_email("noa")}),
    ))
    .await;
    assert_eq!(status, StatusCode::CREATED, "{invited}");
}

/// The family service keeps a new child, then asks auth for their
/// invitation. Stopped in between, the child is kept once and their
/// invitation is made all the same (from the event kept with the child), so
/// the parent finds the link on the child's card and the child joins with it.
#[tokio::test]
async fn a_child_kept_just_before_a_crash_still_gets_their_invitation() {
    let (_stack, api) = start().await;
    let parent = parent(&api).await;
    let email = unique_email("noa");
    {
        let _stopped = Stopped::at("family.invite.after_commit");
        let (status, answer) = send(parent.post(
            "/children/invite",
            &json!({"firstName": "Noa", "lastName": "Berg", "email": email}),
        ))
        .await;
        assert!(status.is_server_error(), "{status}: {answer}");
    }
    let listed = children(&parent).await;
    assert_eq!(listed.len(), 1, "{listed:?}");
    let id = listed[0]["id"].as_str().unwrap().to_owned();

    let link_path = format!("/children/{id}/invite");
    eventually("the invitation made from the event", || async {
        send(parent.get(&link_path)).await.0 == StatusCode::OK
    })
    .await;
    let (_, link) = send(parent.get(&link_path)).await;
    let code = link["inviteCode"].as_str().unwrap().to_owned();
    let (_, invite) = send(parent.http.get(format!("{api}/auth/invite/{code}"))).await;
    assert_eq!(
        (invite["displayName"].as_str(), invite["email"].as_str()),
        (Some("Noa Berg"), Some(email.as_str()))
    );
    let kid = accept(&api, &code, "").await;
    assert_eq!(kid.user["childId"], id.as_str());
    assert_eq!(kid.user["email"], email.as_str());
    assert_eq!(children(&parent).await.len(), 1);
}

/// A parent's change of a child's email is kept by the family service, then
/// passed to auth. Stopped in between, the child's login still follows, and
/// an older change delivered after it does not undo it.
#[tokio::test]
async fn a_childs_new_email_reaches_their_login_after_a_crash() {
    let (stack, api) = start().await;
    let parent = parent(&api).await;
    let (status, invited) = send(parent.post(
        "/children/invite",
        &json!({"firstName": "Ida", "email": unique_email("ida")}),
    ))
    .await;
    assert_eq!(status, StatusCode::CREATED, "{invited}");
    let kid = accept(&api, invited["inviteCode"].as_str().unwrap(), "").await;
    let id = invited["child"]["id"].as_str().unwrap();

    let moved = unique_email("ida-moved");
    {
        let _stopped = Stopped::at("family.update.after_commit");
        let (status, answer) = send(parent.put(
            &format!("/children/{id}"),
            &json!({"name": "Ida", "email": moved}),
        ))
        .await;
        assert!(status.is_server_error(), "{status}: {answer}");
    }
    assert_eq!(children(&parent).await[0]["user"]["email"], moved.as_str());
    eventually("the login following the kept email", || async {
        send(kid.get("/users/me")).await.1["email"] == moved.as_str()
    })
    .await;

    // The call and the event of one change may cross those of the next:
    // a change older than the one kept is not applied over it.
    let ahead = |minutes| {
        Some(kit::time::to_proto(
            chrono::Utc::now() + chrono::Duration::minutes(minutes),
        ))
    };
    let contact = |email: &str, minutes| UpdateChildContactRequest {
        child_id: id.to_owned(),
        email: email.to_owned(),
        phone: String::new(),
        check_only: false,
        as_of: ahead(minutes),
    };
    let auth = stack.auth(Some(&parent.token));
    let newer = unique_email("ida-newer");
    auth.clone()
        .update_child_contact(contact(&newer, 60))
        .await
        .unwrap();
    auth.clone()
        .update_child_contact(contact(&unique_email("ida-older"), 30))
        .await
        .unwrap();
    let (_, me) = send(kid.get("/users/me")).await;
    assert_eq!(me["email"], newer.as_str());
}

/// A child joining with an open code: the family service makes their child
/// record, then auth keeps the login. Stopped in between, the code stays
/// open, and joining again with it finds the child the first try made: one
/// child, with the login.
#[tokio::test]
async fn a_child_joining_again_after_a_crash_is_one_child() {
    let (_stack, api) = start().await;
    let parent = parent(&api).await;
    let (status, code) = send(parent.post(
        "/organizations/invite-codes",
        &json!({"role": "ORG_MEMBER", "email": "", "expiresInDays": 7}),
    ))
    .await;
    assert_eq!(status, StatusCode::CREATED, "{code}");
    let code = code["code"].as_str().unwrap();
    let email = unique_email("sam");
    {
        let _stopped = Stopped::at("auth.join.after_child");
        let (status, answer) = send(
            parent
                .http
                .post(format!("{api}/auth/accept-invite"))
                .json(&json!({"inviteCode": code, "password": "secret123", "email": email, "firstName": "Sam"})),
        )
        .await;
        assert!(status.is_server_error(), "{status}: {answer}");
    }
    let (status, _) = send(parent.http.get(format!("{api}/auth/invite/{code}"))).await;
    assert_eq!(status, StatusCode::OK, "the code is still open");

    let kid = accept(&api, code, &email).await;
    let listed = children(&parent).await;
    assert_eq!(listed.len(), 1, "{listed:?}");
    assert_eq!(kid.user["childId"], listed[0]["id"]);
}
