//! The operator's console against the real stack: suspension, plan limits,
//! roles, and that no child detail ever leaves it.

use chrono::Utc;
use reqwest::{Client, StatusCode};
use serde_json::{Value, json};
use testkit::images;

use crate::{
    chores::{category, chore},
    helpers::{
        Session, accept, assert_error, assert_field_refused, child, eventually, parent,
        registration, send, start, super_admin, unique_email,
    },
    submissions::{form, submit},
};

async fn login(api: &str, email: &str, password: &str) -> (StatusCode, Value) {
    send(
        Client::new()
            .post(format!("{api}/auth/login"))
            .json(&json!({"email": email, "password": password})),
    )
    .await
}

fn family_id(parent: &Session) -> String {
    parent.user["organization"]["id"]
        .as_str()
        .unwrap()
        .to_owned()
}

/// Waits until the platform's directory knows the family (it learns from events).
async fn listed(admin: &Session, org: &str) -> Value {
    eventually("the family in the directory", || async {
        send(admin.get(&format!("/admin/organizations/{org}")))
            .await
            .0
            == StatusCode::OK
    })
    .await;
    send(admin.get(&format!("/admin/organizations/{org}")))
        .await
        .1
}

#[tokio::test]
async fn suspending_a_family_locks_out_everyone_and_activating_restores_who_was_active() {
    let (stack, api) = start().await;
    let admin = super_admin(&stack, &api).await;
    let parent = parent(&api).await;
    let parent_email = parent.user["email"].as_str().unwrap().to_owned();
    let (kid, _) = child(&parent, "Mia").await;
    let kid_email = kid.user["email"].as_str().unwrap().to_owned();
    let org = family_id(&parent);

    // A co-parent the family deactivated before any suspension.
    let (_, code) =
        send(parent.post("/organizations/invite-codes", &json!({"role": "ORG_ADMIN"}))).await;
    let co_email = unique_email("co-parent");
    let co = accept(&api, code["code"].as_str().unwrap(), &co_email).await;
    let co_id = co.user["id"].as_str().unwrap();
    let (status, _) = send(parent.put(&format!("/users/{co_id}/deactivate"), &json!({}))).await;
    assert_eq!(status, StatusCode::OK);
    listed(&admin, &org).await;

    assert_eq!(send(parent.get("/users/me")).await.0, StatusCode::OK);
    assert_eq!(send(kid.get("/chores")).await.0, StatusCode::OK);
    let (status, row) = send(admin.patch(
        &format!("/admin/organizations/{org}/deactivate"),
        &json!({}),
    ))
    .await;
    assert_eq!(status, StatusCode::OK, "{row}");
    assert_eq!(row["isActive"], false);

    eventually("the parent's token refused", || async {
        send(parent.get("/users/me")).await.0 == StatusCode::UNAUTHORIZED
    })
    .await;
    eventually("the child's token refused", || async {
        send(kid.get("/chores")).await.0 == StatusCode::UNAUTHORIZED
    })
    .await;
    for email in [&parent_email, &kid_email] {
        let (status, body) = login(&api, email, "secret123").await;
        assert_eq!(status, StatusCode::FORBIDDEN, "{email}: {body}");
        assert_error(&body, "This family account has been suspended");
    }

    let (status, row) =
        send(admin.patch(&format!("/admin/organizations/{org}/activate"), &json!({}))).await;
    assert_eq!(status, StatusCode::OK, "{row}");
    assert_eq!(row["isActive"], true);
    for email in [&parent_email, &kid_email] {
        let (status, body) = login(&api, email, "secret123").await;
        assert_eq!(status, StatusCode::OK, "{email}: {body}");
        let token = body["token"].as_str().unwrap();
        let me = Client::new()
            .get(format!("{api}/users/me"))
            .bearer_auth(token);
        assert_eq!(send(me).await.0, StatusCode::OK);
    }
    // Deactivated before, deactivated after.
    let (status, body) = login(&api, &co_email, "secret123").await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    assert_error(&body, "This account has been deactivated");
    // Tokens from before the suspension stay refused.
    assert_eq!(
        send(parent.get("/users/me")).await.0,
        StatusCode::UNAUTHORIZED
    );
}

#[tokio::test]
async fn a_free_family_is_held_to_its_limits_until_upgraded() {
    let (stack, api) = start().await;
    let admin = super_admin(&stack, &api).await;
    let parent = parent(&api).await;
    let org = family_id(&parent);
    for name in ["Ann", "Ben", "Cal"] {
        child(&parent, name).await;
    }
    let fourth = json!({"firstName": "Dee", "email": unique_email("dee")});
    let (status, body) = send(parent.post("/children/invite", &fourth)).await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    assert_error(
        &body,
        "The FREE plan allows up to 3 children. Upgrade to add more.",
    );
    let kitchen = category(&parent, "Kitchen").await;
    for n in 0..10 {
        chore(&parent, &kitchen, json!({"name": format!("Chore {n}")})).await;
    }
    let eleventh = json!({"name": "Chore 11", "baseReward": 1, "categoryId": kitchen});
    let (status, body) = send(parent.post("/chores", &eleventh)).await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    assert_error(
        &body,
        "The FREE plan allows up to 10 active chores. Upgrade to add more.",
    );

    listed(&admin, &org).await;
    let (status, row) = send(admin.patch(
        &format!("/admin/organizations/{org}/plan"),
        &json!({"plan": "PRO", "subscriptionStatus": "ACTIVE"}),
    ))
    .await;
    assert_eq!(status, StatusCode::OK, "{row}");
    assert_eq!(
        (row["plan"].clone(), row["subscriptionStatus"].clone()),
        (json!("PRO"), json!("ACTIVE"))
    );

    // At once.
    let (status, body) = send(parent.post("/children/invite", &fourth)).await;
    assert_eq!(status, StatusCode::CREATED, "{body}");
    let (status, body) = send(parent.post("/chores", &eleventh)).await;
    assert_eq!(status, StatusCode::CREATED, "{body}");
}

#[tokio::test]
async fn the_console_is_for_super_admins_and_shows_no_child_detail() {
    let (stack, api) = start().await;
    let admin = super_admin(&stack, &api).await;
    let parent = parent(&api).await;
    let org = family_id(&parent);
    let kitchen = category(&parent, "Kitchen").await;
    let dishes = chore(&parent, &kitchen, json!({"frequencyDays": 0})).await;

    // A child with a name, birthday, email and photo no operator may see.
    let secret_name = "Zephyrine";
    let secret_email = unique_email("zephyrine");
    let (status, invited) = send(parent.post(
        "/children/invite",
        &json!({"firstName": secret_name, "lastName": "Quillfeather", "email": secret_email,
            "dateOfBirth": "2015-04-17", "phone": "+1 555 0100"}),
    ))
    .await;
    assert_eq!(status, StatusCode::CREATED, "{invited}");
    let kid = accept(&api, invited["inviteCode"].as_str().unwrap(), "").await;
    let (status, submission) = submit(
        &kid,
        form(&dishes, Utc::now(), Some(("p.png", images::png(8, 8)))),
    )
    .await;
    assert_eq!(status, StatusCode::CREATED, "{submission}");
    let photo_url = submission["photoUrl"].as_str().unwrap();
    let photo_key = photo_url
        .split('?')
        .next()
        .unwrap()
        .rsplit('/')
        .next()
        .unwrap()
        .to_owned();

    // Wait for the directory to know the family, its child and both logins.
    eventually(
        "the directory to count the child and both logins",
        || async {
            let (status, detail) = send(admin.get(&format!("/admin/organizations/{org}"))).await;
            status == StatusCode::OK && detail["childCount"] == 1 && detail["userCount"] == 2
        },
    )
    .await;

    let paths = [
        "/admin/stats".to_owned(),
        "/admin/organizations".to_owned(),
        format!(
            "/admin/organizations?search={}",
            &parent.user["organization"]["name"].as_str().unwrap()[..6]
        ),
        format!("/admin/organizations/{org}"),
        "/admin/users".to_owned(),
        "/admin/users?role=ORG_MEMBER".to_owned(),
        format!("/admin/users?search={}", &org[..8]),
    ];
    let forbidden = [
        secret_name,
        "Quillfeather",
        secret_email.as_str(),
        "2015-04-17",
        "555 0100",
        &photo_key,
        "X-Amz",
    ];
    for path in &paths {
        let response = admin.get(path).send().await.unwrap();
        assert_eq!(response.status(), StatusCode::OK, "{path}");
        let text = response.text().await.unwrap();
        for secret in forbidden {
            assert!(!text.contains(secret), "{path} reveals {secret}: {text}");
        }
    }
    // The child's login is listed by role and family only.
    let (_, detail) = send(admin.get(&format!("/admin/organizations/{org}"))).await;
    let child_login = detail["users"]
        .as_array()
        .unwrap()
        .iter()
        .find(|u| u["isChild"] == true)
        .unwrap();
    assert!(child_login["email"].is_null() && child_login["firstName"].is_null());
    assert_eq!(child_login["role"], "ORG_MEMBER");
    assert!(detail.get("children").is_none(), "children as a count only");
    assert_eq!(detail["choreCount"], 1);

    // Parents and children of families get 403 on every console call.
    for session in [&parent, &kid] {
        for path in &paths {
            assert_eq!(
                send(session.get(path)).await.0,
                StatusCode::FORBIDDEN,
                "{path}"
            );
        }
        for action in ["plan", "deactivate", "activate"] {
            let (status, _) = send(session.patch(
                &format!("/admin/organizations/{org}/{action}"),
                &json!({"plan": "PRO", "subscriptionStatus": "ACTIVE"}),
            ))
            .await;
            assert_eq!(status, StatusCode::FORBIDDEN, "{action}");
        }
    }
}

#[tokio::test]
async fn the_directory_is_searched_filtered_and_paged_on_the_server() {
    let (stack, api) = start().await;
    let admin = super_admin(&stack, &api).await;
    let families = [parent(&api).await, parent(&api).await, parent(&api).await];
    let orgs: Vec<String> = families.iter().map(family_id).collect();
    for org in &orgs {
        listed(&admin, org).await;
    }
    let (_, row) = send(admin.patch(
        &format!("/admin/organizations/{}/plan", orgs[1]),
        &json!({"plan": "PRO", "subscriptionStatus": "ACTIVE"}),
    ))
    .await;
    assert_eq!(row["plan"], "PRO");

    let (status, page) = send(admin.get("/admin/organizations?pageSize=2&page=1")).await;
    assert_eq!(status, StatusCode::OK, "{page}");
    assert_eq!(page["total"], 3);
    assert_eq!(page["items"].as_array().unwrap().len(), 2);
    assert_eq!(page["items"][0]["id"], orgs[2].as_str(), "newest first");
    let (_, second) = send(admin.get("/admin/organizations?pageSize=2&page=2")).await;
    assert_eq!(second["items"][0]["id"], orgs[0].as_str());

    let (_, pro) = send(admin.get("/admin/organizations?plan=PRO")).await;
    assert_eq!(pro["total"], 1);
    assert_eq!(pro["items"][0]["id"], orgs[1].as_str());
    let (_, trial) = send(admin.get("/admin/organizations?status=TRIAL")).await;
    assert_eq!(trial["total"], 2);
    // One plan or one status is answered from the kept totals, two together
    // by a count: each says the same as the rows.
    let (_, free) = send(admin.get("/admin/organizations?plan=FREE")).await;
    assert_eq!(free["total"], 2);
    let (_, both) = send(admin.get("/admin/organizations?plan=PRO&status=TRIAL")).await;
    assert_eq!(both["total"], 0, "{both}");
    assert_eq!(both["items"].as_array().unwrap().len(), 0);
    let (_, both) = send(admin.get("/admin/organizations?plan=FREE&status=TRIAL")).await;
    assert_eq!(both["total"], 2, "{both}");
    // Every family here is "The Lee Family"; the later slugs tell them apart.
    let (_, last) = send(admin.get(&format!("/admin/organizations/{}", orgs[2]))).await;
    let slug = last["slug"].as_str().unwrap().to_uppercase();
    let (_, found) = send(admin.get(&format!("/admin/organizations?search={slug}"))).await;
    assert_eq!(found["total"], 1, "{found}");
    assert_eq!(found["items"][0]["id"], orgs[2].as_str());
    let (_, all) = send(admin.get("/admin/organizations?search=lee%20fam")).await;
    assert_eq!(all["total"], 3);
    let (status, body) = send(admin.get("/admin/organizations?plan=GOLD")).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_error(&body, "plan must be one of ALL, FREE, PRO or ENTERPRISE");
    assert_field_refused(&body, "plan", "INVALID_FIELD");
    assert_eq!(
        body["params"],
        json!({"field": "plan", "problem": "must be one of ALL, FREE, PRO or ENTERPRISE"})
    );

    let email = families[2].user["email"].as_str().unwrap();
    let (_, users) = send(admin.get(&format!("/admin/users?search={email}"))).await;
    assert_eq!(users["total"], 1, "{users}");
    assert_eq!(users["items"][0]["organization"]["id"], orgs[2].as_str());
    eventually("the super admin in the directory", || async {
        send(admin.get("/admin/users?role=SUPER_ADMIN")).await.1["total"] == 1
    })
    .await;
    let (_, stats) = send(admin.get("/admin/stats")).await;
    assert_eq!(stats["totals"]["organizations"], 3);
    assert_eq!(stats["organizations"]["pro"], 1);
    assert_eq!(stats["organizations"]["free"], 2);
    assert_eq!(stats["recentOrganizations"][0]["id"], orgs[2].as_str());

    // A search too short for the index filters the page as well as the total.
    let mut ox = registration();
    ox["organizationName"] = json!("Oxqz");
    let (status, answer) = send(Client::new().post(format!("{api}/auth/register")).json(&ox)).await;
    assert_eq!(status, StatusCode::CREATED, "{answer}");
    let ox = answer["user"]["organization"]["id"]
        .as_str()
        .unwrap()
        .to_owned();
    listed(&admin, &ox).await;
    let (_, short) = send(admin.get("/admin/organizations?search=qz")).await;
    assert_eq!(short["total"], 1, "{short}");
    assert_eq!(short["items"].as_array().unwrap().len(), 1, "{short}");
    assert_eq!(short["items"][0]["id"], ox.as_str());
}
