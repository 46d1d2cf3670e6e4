//! The family as its tablet's home shows it is answered from what auth keeps
//! of the family and platform services' events, and asks those services only
//! about a family or child not heard of yet. The services here are an
//! address nothing listens on: an answer that needed them fails as
//! unreachable, so each case shows whether they were asked.

use std::{sync::Arc, time::Duration};

use auth::{
    clients::{Clients, Family},
    error::Error,
    events::{ChildDeletedHandler, FamilyFacts},
    families,
    store::family_facts,
};
use chorely_proto::events::v1::{
    ChildCreated, ChildDeleted, ChildUpdated, OrganizationActivationChanged, OrganizationCreated,
    OrganizationPlanChanged, OrganizationUpdated,
};
use chrono::{TimeZone, Utc};
use kit::{
    jwt::JwtSigner,
    tenancy::{Scope, all_families, within},
    testing::{TestDb, TestKeys, deliver},
};
use sqlx::PgPool;
use uuid::Uuid;

async fn database() -> (TestDb, PgPool) {
    let db = TestDb::new("auth");
    let pool = kit::db::connect(&db.url, &auth::startup::MIGRATIONS)
        .await
        .unwrap();
    (db, pool)
}

/// Clients of services that are not there.
fn unreachable() -> Clients {
    // Port 9 (discard) on loopback: nothing answers there.
    let nowhere = "http://127.0.0.1:9";
    let signer = JwtSigner::from_private_pem(
        &TestKeys::generate().private_pem,
        Duration::from_secs(60),
        "auth",
    )
    .unwrap();
    Clients::new(nowhere, nowhere, nowhere, Arc::new(signer)).unwrap()
}

fn asked(result: Result<impl std::fmt::Debug, Error>) -> bool {
    match result {
        Err(Error::Upstream { .. }) => true,
        other => {
            assert!(other.is_ok(), "neither kept nor asked: {other:?}");
            false
        }
    }
}

/// Family `org` as its tablet's home reads it.
async fn kept(pool: &PgPool, org: Uuid) -> Result<Family, Error> {
    within(
        Scope::Family(org),
        families::kept(pool, &unreachable(), org),
    )
    .await
}

fn created(org: Uuid, name: &str) -> OrganizationCreated {
    OrganizationCreated {
        organization_id: org.to_string(),
        name: name.into(),
        time_zone: "Europe/Berlin".into(),
        ..Default::default()
    }
}

fn plan(org: Uuid, plan: &str) -> OrganizationPlanChanged {
    OrganizationPlanChanged {
        organization_id: org.to_string(),
        plan: plan.into(),
        subscription_status: "ACTIVE".into(),
    }
}

fn standing(org: Uuid, is_active: bool, at_second: i64) -> OrganizationActivationChanged {
    OrganizationActivationChanged {
        organization_id: org.to_string(),
        is_active,
        changed_at: Some(kit::time::to_proto(
            Utc.timestamp_opt(1_800_000_000 + at_second, 0).unwrap(),
        )),
    }
}

#[tokio::test]
async fn a_family_heard_of_is_read_here_and_a_creation_late_undoes_no_rename() {
    let (_db, pool) = database().await;
    let org = Uuid::new_v4();
    deliver(&pool, &FamilyFacts, created(org, "The Lees")).await;
    // Its name alone is not enough to describe it: asked.
    assert!(asked(kept(&pool, org).await));

    deliver(&pool, &FamilyFacts, plan(org, "PRO")).await;
    deliver(&pool, &FamilyFacts, standing(org, true, 0)).await;
    let family = kept(&pool, org).await.unwrap();
    assert_eq!(
        (
            family.id,
            family.name.as_str(),
            family.plan.as_str(),
            family.is_active
        ),
        (org, "The Lees", "PRO", true)
    );

    let renamed = OrganizationUpdated {
        organization_id: org.to_string(),
        name: "The Lee-Parks".into(),
        time_zone: "Europe/Berlin".into(),
    };
    deliver(&pool, &FamilyFacts, renamed).await;
    deliver(&pool, &FamilyFacts, plan(org, "ENTERPRISE")).await;
    // The creation consumed after the rename (another consumer) keeps nothing.
    deliver(&pool, &FamilyFacts, created(org, "The Lees")).await;
    let family = kept(&pool, org).await.unwrap();
    assert_eq!(
        (family.name.as_str(), family.plan.as_str()),
        ("The Lee-Parks", "ENTERPRISE")
    );

    // Another family's work sees none of it.
    let other = Uuid::new_v4();
    let seen = within(Scope::Family(other), family_facts::family(&pool, org))
        .await
        .unwrap();
    assert!(seen.is_none());
}

#[tokio::test]
async fn the_standing_decided_last_is_kept_whatever_order_it_comes_in() {
    let (_db, pool) = database().await;
    let org = Uuid::new_v4();
    deliver(&pool, &FamilyFacts, created(org, "The Lees")).await;
    deliver(&pool, &FamilyFacts, plan(org, "FREE")).await;
    deliver(&pool, &FamilyFacts, standing(org, false, 20)).await;
    // An activation decided before the suspension, delivered after it.
    deliver(&pool, &FamilyFacts, standing(org, true, 10)).await;
    assert!(!kept(&pool, org).await.unwrap().is_active);
    deliver(&pool, &FamilyFacts, standing(org, true, 30)).await;
    assert!(kept(&pool, org).await.unwrap().is_active);
}

#[tokio::test]
async fn an_answer_of_the_services_fills_only_what_no_event_set() {
    let (_db, pool) = database().await;
    let org = Uuid::new_v4();
    // The plan's event came first; the answer, asked before it, is older.
    deliver(&pool, &FamilyFacts, plan(org, "PRO")).await;
    let answer = Family {
        id: org,
        name: "The Lees".into(),
        plan: "FREE".into(),
        is_active: true,
    };
    all_families(family_facts::fill(&pool, &answer))
        .await
        .unwrap();
    let family = kept(&pool, org).await.unwrap();
    assert_eq!(
        (family.name.as_str(), family.plan.as_str(), family.is_active),
        ("The Lees", "PRO", true)
    );

    // A suspension after it is kept over the answer it followed.
    deliver(&pool, &FamilyFacts, standing(org, false, 0)).await;
    all_families(family_facts::fill(&pool, &answer))
        .await
        .unwrap();
    assert!(!kept(&pool, org).await.unwrap().is_active);
}

/// A child of `org` with an active login, `pin` set or not.
async fn child_with_login(pool: &PgPool, org: Uuid, pin: bool) -> Uuid {
    let (child, user) = (Uuid::now_v7(), Uuid::new_v4());
    all_families(async {
        sqlx::query(
            "INSERT INTO users (id, organization_id, email, password_hash, role, first_name,
                 last_name, phone, is_active, email_verified, ui_theme, child_id)
             VALUES ($1, $2, $1::text || '@example.com', 'x', 'ORG_MEMBER', 'Kid', '', '', true,
                 false, 'KIDS', $3)",
        )
        .bind(user)
        .bind(org)
        .bind(child)
        .execute(pool)
        .await
        .unwrap();
        if pin {
            sqlx::query(
                "INSERT INTO child_pins (user_id, pin_hash, updated_at) VALUES ($1, 'x', now())",
            )
            .bind(user)
            .execute(pool)
            .await
            .unwrap();
        }
    })
    .await;
    child
}

async fn child_named(pool: &PgPool, org: Uuid, child: Uuid, name: &str) {
    let event = ChildCreated {
        child_id: child.to_string(),
        organization_id: org.to_string(),
        name: name.into(),
        ..Default::default()
    };
    deliver(pool, &FamilyFacts, event).await;
}

/// The tablet's children of `org`: (name, has a PIN) each, in order.
async fn on_tablet(pool: &PgPool, org: Uuid) -> Result<Vec<(String, bool)>, Error> {
    let children = within(
        Scope::Family(org),
        families::tablet_children(pool, &unreachable(), org),
    )
    .await?;
    Ok(children.into_iter().map(|c| (c.name, c.has_pin)).collect())
}

#[tokio::test]
async fn the_tablets_children_are_named_here_and_a_child_not_heard_of_is_asked() {
    let (_db, pool) = database().await;
    let org = Uuid::new_v4();
    let mia = child_with_login(&pool, org, true).await;
    let leo = child_with_login(&pool, org, false).await;
    child_named(&pool, org, leo, "Leo").await;
    // Mia's login is here, her name not yet.
    assert!(asked(on_tablet(&pool, org).await));

    child_named(&pool, org, mia, "Mia").await;
    assert_eq!(
        on_tablet(&pool, org).await.unwrap(),
        [("Mia".to_owned(), true), ("Leo".to_owned(), false)]
    );

    // A new name replaces the old; her creation consumed late does not undo it.
    let renamed = ChildUpdated {
        child_id: mia.to_string(),
        organization_id: org.to_string(),
        name: "Mia Lee".into(),
        ..Default::default()
    };
    deliver(&pool, &FamilyFacts, renamed).await;
    child_named(&pool, org, mia, "Mia").await;
    // A child of another family named as hers changes nothing here.
    let stray = ChildUpdated {
        child_id: leo.to_string(),
        organization_id: Uuid::new_v4().to_string(),
        name: "Someone else".into(),
        ..Default::default()
    };
    deliver(&pool, &FamilyFacts, stray).await;
    assert_eq!(
        on_tablet(&pool, org).await.unwrap(),
        [("Mia Lee".to_owned(), true), ("Leo".to_owned(), false)]
    );

    // A deleted child leaves with their login and name.
    let deleted = ChildDeleted {
        child_id: leo.to_string(),
        organization_id: org.to_string(),
    };
    deliver(&pool, &ChildDeletedHandler, deleted).await;
    assert_eq!(
        on_tablet(&pool, org).await.unwrap(),
        [("Mia Lee".to_owned(), true)]
    );
    let names: i64 = all_families(
        sqlx::query_scalar("SELECT count(*) FROM child_names WHERE child_id = $1")
            .bind(leo)
            .fetch_one(&pool),
    )
    .await
    .unwrap();
    assert_eq!(names, 0);
}
