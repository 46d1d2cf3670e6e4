//! A child's deletion travels on its own subject, so it can be handled before
//! events about the same child sent earlier (its creation, an update, an
//! approval). Whatever the order, a deleted child stays gone: no birthday
//! reward, no balance.

#![allow(clippy::unwrap_used)]

use std::collections::BTreeMap;

use chorely_proto::events::v1::{ChildCreated, ChildDeleted, ChildUpdated, SubmissionReviewed};
use chrono::{Datelike, Utc};
use kit::testing::{TestDb, deliver};
use rewards::{
    events::{Children, CreditApprovals},
    store::children,
};
use sqlx::PgPool;
use uuid::Uuid;

/// Delivers the child's creation, an update and an approval; with
/// `deleted_first`, its deletion before all of them.
async fn child_events(pool: &PgPool, org: Uuid, deleted_first: bool) -> Uuid {
    let child = Uuid::new_v4();
    let (org_id, child_id) = (org.to_string(), child.to_string());
    let today = Utc::now().date_naive();
    let born = format!("2015-{:02}-{:02}", today.month(), today.day().min(28));
    if deleted_first {
        let deleted = ChildDeleted {
            child_id: child_id.clone(),
            organization_id: org_id.clone(),
        };
        deliver(pool, &Children, deleted).await;
    }
    let created = ChildCreated {
        child_id: child_id.clone(),
        organization_id: org_id.clone(),
        date_of_birth: born.clone(),
        birthday_reward_cents: 500,
        ..Default::default()
    };
    deliver(pool, &Children, created).await;
    let updated = ChildUpdated {
        child_id: child_id.clone(),
        organization_id: org_id.clone(),
        date_of_birth: born,
        birthday_reward_cents: 700,
        ..Default::default()
    };
    deliver(pool, &Children, updated).await;
    let approved = SubmissionReviewed {
        submission_id: Uuid::now_v7().to_string(),
        organization_id: org_id,
        child_id,
        chore_id: Uuid::now_v7().to_string(),
        approved: true,
        base_reward_cents: 200,
        boosted_reward_cents: 200,
        multiplier_milli: 1000,
        reviewed_at: Some(kit::time::to_proto(Utc::now())),
        completed_at: Some(kit::time::to_proto(Utc::now())),
        ..Default::default()
    };
    deliver(pool, &CreditApprovals, approved).await;
    child
}

async fn credits(pool: &PgPool, child: Uuid) -> i64 {
    kit::tenancy::all_families(
        sqlx::query_scalar("SELECT count(*) FROM ledger_entries WHERE child_id = $1")
            .bind(child)
            .fetch_one(pool),
    )
    .await
    .unwrap()
}

#[tokio::test]
async fn a_child_deleted_before_its_other_events_are_seen_stays_deleted() {
    let db = TestDb::new("rewards");
    let pool = kit::db::connect(&db.url, &rewards::startup::MIGRATIONS)
        .await
        .unwrap();
    let org = Uuid::new_v4();
    let kept = child_events(&pool, org, false).await;
    let deleted = child_events(&pool, org, true).await;

    let today = Utc::now().date_naive();
    // As the birthday job looks: across families.
    let born_today = kit::tenancy::all_families(children::born_on(
        &pool,
        &[(today.month(), today.day().min(28), today.year())],
    ))
    .await
    .unwrap();
    let listed: Vec<Uuid> = born_today.iter().map(|b| b.child_id).collect();
    assert_eq!(
        listed,
        vec![kept],
        "only the child still there has a birthday"
    );
    assert_eq!(born_today[0].birthday_reward_cents, 700);
    assert_eq!(credits(&pool, kept).await, 1);
    assert_eq!(credits(&pool, deleted).await, 0);

    // Deleting the other child now, in order, leaves nothing of it either.
    let deleted_after = ChildDeleted {
        child_id: kept.to_string(),
        organization_id: org.to_string(),
    };
    deliver(&pool, &Children, deleted_after).await;
    assert!(
        kit::tenancy::all_families(children::born_on(
            &pool,
            &[(today.month(), today.day().min(28), today.year())]
        ))
        .await
        .unwrap()
        .is_empty()
    );
    assert_eq!(credits(&pool, kept).await, 0);
}

#[tokio::test]
async fn a_birthday_paid_this_year_is_not_looked_at_again_until_the_next() {
    let db = TestDb::new("rewards");
    let pool = kit::db::connect(&db.url, &rewards::startup::MIGRATIONS)
        .await
        .unwrap();
    let (org, child) = (Uuid::new_v4(), Uuid::new_v4());
    let created = ChildCreated {
        child_id: child.to_string(),
        organization_id: org.to_string(),
        date_of_birth: "2015-06-15".into(),
        birthday_reward_cents: 500,
        ..Default::default()
    };
    deliver(&pool, &Children, created).await;
    let born_on = |year: i32| {
        let pool = pool.clone();
        async move {
            kit::tenancy::all_families(children::born_on(&pool, &[(6, 15, year)]))
                .await
                .unwrap()
                .iter()
                .map(|b| b.child_id)
                .collect::<Vec<_>>()
        }
    };
    assert_eq!(born_on(2030).await, vec![child]);

    let now = chrono::TimeZone::with_ymd_and_hms(&Utc, 2030, 6, 15, 12, 0, 0).unwrap();
    assert_eq!(rewards::birthdays::pay_due(&pool, now).await.unwrap(), 1);
    assert_eq!(credits(&pool, child).await, 1);
    assert!(born_on(2030).await.is_empty(), "paid for 2030");
    assert_eq!(born_on(2031).await, vec![child], "2031's is still to come");
    assert_eq!(rewards::birthdays::pay_due(&pool, now).await.unwrap(), 0);
    assert_eq!(credits(&pool, child).await, 1);
}

/// The payouts of `org`, as the list reads them, with the names kept here.
/// Each paid-out child of `org` and the name the payouts list gives them.
async fn payout_names(pool: &PgPool, org: Uuid) -> BTreeMap<Uuid, Option<String>> {
    kit::tenancy::within(
        kit::tenancy::Scope::Family(org),
        rewards::store::ledger::payouts(pool, org, None),
    )
    .await
    .unwrap()
    .into_iter()
    .map(|row| (row.entry.child_id, row.child_name))
    .collect()
}

async fn paid_out(pool: &PgPool, org: Uuid, child: Uuid) {
    kit::tenancy::all_families(
        sqlx::query(
            "INSERT INTO ledger_entries (id, organization_id, child_id, kind, source_id,
                 amount_cents) VALUES ($1, $2, $3, 'PAYOUT', $4, -100)",
        )
        .bind(Uuid::now_v7())
        .bind(org)
        .bind(child)
        .bind(Uuid::now_v7().to_string())
        .execute(pool),
    )
    .await
    .unwrap();
}

/// The payouts list names each child from what the family service's events
/// said (the newest name); a child no event has named comes back unnamed
/// (the list then asks the family service), and its answer is kept only
/// where no event has named the child.
#[tokio::test]
async fn payouts_name_children_as_their_events_did_and_a_learned_name_never_replaces_an_events() {
    let db = TestDb::new("rewards");
    let pool = kit::db::connect(&db.url, &rewards::startup::MIGRATIONS)
        .await
        .unwrap();
    let (org, mia, leo) = (Uuid::new_v4(), Uuid::new_v4(), Uuid::new_v4());
    let created = ChildCreated {
        child_id: mia.to_string(),
        organization_id: org.to_string(),
        name: "Mia".into(),
        ..Default::default()
    };
    deliver(&pool, &Children, created).await;
    let renamed = ChildUpdated {
        child_id: mia.to_string(),
        organization_id: org.to_string(),
        name: "Mia Rose".into(),
        ..Default::default()
    };
    deliver(&pool, &Children, renamed).await;
    let unnamed = ChildUpdated {
        child_id: mia.to_string(),
        organization_id: org.to_string(),
        ..Default::default()
    };
    deliver(&pool, &Children, unnamed).await;
    paid_out(&pool, org, mia).await;
    paid_out(&pool, org, leo).await;

    assert_eq!(
        payout_names(&pool, org).await,
        BTreeMap::from([(mia, Some("Mia Rose".to_owned())), (leo, None)]),
        "Mia by her newest event's name (one without a name keeps it); Leo unheard of"
    );

    // The family service's answer, older than Mia's events, names Leo only.
    kit::tenancy::within(
        kit::tenancy::Scope::Family(org),
        children::learn_names(
            &pool,
            org,
            &[(mia, "Mia".to_owned()), (leo, "Leo".to_owned())],
        ),
    )
    .await
    .unwrap();
    assert_eq!(
        payout_names(&pool, org).await,
        BTreeMap::from([
            (mia, Some("Mia Rose".to_owned())),
            (leo, Some("Leo".to_owned())),
        ])
    );
}
