//! What parents see before they act: what an approval will pay, and a
//! pending child's invite link, shown again.

use chrono::Utc;
use reqwest::StatusCode;
use serde_json::json;

use crate::{
    chores::{category, chore},
    helpers::{
        accept, add_child, assert_error, child, eventually, parent, send, start, super_admin,
    },
    rewards::{add_subject, grade},
    submissions::{form, queue, submit},
};

#[tokio::test]
async fn the_review_queue_shows_what_the_approval_then_pays() {
    let (_stack, api) = start().await;
    let parent = parent(&api).await;
    let kitchen = category(&parent, "Kitchen").await;
    // $3.33 × 1.8 = $5.994: the preview rounds as the approval does.
    let dishes = chore(
        &parent,
        &kitchen,
        json!({"baseReward": 3.33, "frequencyDays": 0}),
    )
    .await;
    let (kid, mia) = child(&parent, "Mia").await;
    let id = mia["id"].as_str().unwrap();
    let (status, _) = send(parent.put(
        &format!("/children/{id}/ratings"),
        &json!({"honestyRating": 9, "respectRating": 9, "rulesRating": 9}),
    ))
    .await;
    assert_eq!(status, StatusCode::OK);
    let math = add_subject(&parent, id, json!({"name": "Math", "gradeScale": "LETTER"})).await;
    grade(&parent, &math, json!({"grade": "A"})).await;

    let (status, submitted) = submit(&kid, form(&dishes, Utc::now(), None)).await;
    assert_eq!(status, StatusCode::CREATED, "{submitted}");
    let pending = queue(&parent).await;
    let preview = &pending[0]["payPreview"];
    assert_eq!(preview["reward"], 5.99, "{preview}");
    assert_eq!(preview["multiplier"]["total"], 1.8);
    assert_eq!(preview["multiplier"]["grade"], 1.5);
    assert_eq!(preview["multiplier"]["behaviour"], 1.2);
    assert_eq!(preview["multiplier"]["streak"], 1.0);

    let sid = submitted["id"].as_str().unwrap();
    let (status, reviewed) = send(parent.patch(
        &format!("/submissions/{sid}/review"),
        &json!({"status": "APPROVED"}),
    ))
    .await;
    assert_eq!(status, StatusCode::OK, "{reviewed}");
    assert_eq!(reviewed["boostedReward"], preview["reward"]);
    assert_eq!(reviewed["multiplier"], preview["multiplier"]["total"]);

    // Reviewed submissions carry no preview.
    let (status, all) = send(parent.get("/submissions")).await;
    assert_eq!(status, StatusCode::OK, "{all}");
    assert!(all[0]["payPreview"].is_null(), "{all}");
}

#[tokio::test]
async fn a_pending_childs_invite_link_is_shown_again_to_their_parents_only() {
    let (stack, api) = start().await;
    let parent = parent(&api).await;
    let (noa, code) = add_child(&parent, "Noa").await;
    let path = format!("/children/{}/invite", noa["id"].as_str().unwrap());

    let (status, link) = send(parent.get(&path)).await;
    assert_eq!(status, StatusCode::OK, "{link}");
    assert_eq!(link["inviteCode"], code.as_str());
    let url = link["inviteUrl"].as_str().unwrap();
    assert!(url.ends_with(&format!("/register?invite={code}")), "{url}");
    assert!(link["expiresAt"].is_string(), "{link}");

    // Another family, a child of this one, and the operator: none of theirs.
    let stranger = crate::helpers::parent(&api).await;
    let (status, body) = send(stranger.get(&path)).await;
    assert_eq!(status, StatusCode::NOT_FOUND, "{body}");
    assert_error(&body, "Child not found");
    let (sibling, _) = child(&parent, "Mia").await;
    // A child reads no other child's record: as unknown.
    assert_eq!(send(sibling.get(&path)).await.0, StatusCode::NOT_FOUND);
    let admin = super_admin(&stack, &api).await;
    assert_eq!(send(admin.get(&path)).await.0, StatusCode::FORBIDDEN);
    let (status, body) =
        send(parent.get(&format!("/children/{}/invite", uuid::Uuid::new_v4()))).await;
    assert_eq!(status, StatusCode::NOT_FOUND, "{body}");

    // An invitation past its expiry is not shown: it would not work.
    let (ivy, ivy_code) = add_child(&parent, "Ivy").await;
    kit::tenancy::all_families(
        sqlx::query(
            "UPDATE invitations SET expires_at = now() - interval '1 minute' WHERE code = $1",
        )
        .bind(&ivy_code)
        .execute(&stack.auth_pool),
    )
    .await
    .unwrap();
    let (status, body) =
        send(parent.get(&format!("/children/{}/invite", ivy["id"].as_str().unwrap()))).await;
    assert_eq!(status, StatusCode::NOT_FOUND, "{body}");
    assert_error(
        &body,
        "Ivy's invitation has expired. Delete and add them again for a new link.",
    );
    assert_eq!(
        (&body["code"], &body["params"]),
        (&json!("CHILD_INVITATION_EXPIRED"), &json!({"name": "Ivy"}))
    );

    // Once Noa has joined, there is no link left to show: at once, before
    // the family service has heard of her login (made so here by taking
    // the login off the family's record of her once the news has landed).
    accept(&api, &code, "").await;
    let (status, body) = send(parent.get(&path)).await;
    assert_eq!(status, StatusCode::CONFLICT, "{body}");
    assert_error(&body, "Noa has already joined");
    assert_eq!(
        (&body["code"], &body["params"]),
        (&json!("CHILD_ALREADY_JOINED"), &json!({"name": "Noa"}))
    );
    let noa_id = uuid::Uuid::parse_str(noa["id"].as_str().unwrap()).unwrap();
    let linked = || async {
        kit::tenancy::all_families(
            sqlx::query_scalar::<_, bool>("SELECT user_id IS NOT NULL FROM children WHERE id = $1")
                .bind(noa_id)
                .fetch_one(&stack.family_pool),
        )
        .await
        .unwrap()
    };
    eventually("the family hearing of Noa's login", linked).await;
    kit::tenancy::all_families(
        sqlx::query("UPDATE children SET user_id = NULL WHERE id = $1")
            .bind(noa_id)
            .execute(&stack.family_pool),
    )
    .await
    .unwrap();
    let (status, body) = send(parent.get(&path)).await;
    assert_eq!(status, StatusCode::CONFLICT, "{body}");
    assert_error(&body, "Noa has already joined");
}
