//! The second wall (row-level security): in each service, a query with no
//! family filter at all, run as the service runs its own (the application
//! role, scoped to one family), gets that family's rows and never another's;
//! work scoped to no family gets none; and a row written for another family
//! is refused.

use chrono::Utc;
use kit::tenancy::{Scope, all_families, within};
use reqwest::StatusCode;
use serde_json::json;
use sqlx::PgPool;
use uuid::Uuid;

use crate::{
    helpers::{Session, send, start},
    jars::set_split,
    rewards::{add_subject, balance_becomes, grade},
    store::{add_item, redeem},
    submissions::{family_with_chore, form, submit},
};

/// A family with something in every table: a chore submitted and approved
/// (so credited), a subject with a grade, a family tablet, a pause, a webhook
/// and its delivery, a calendar feed, a split of the child's earnings, an
/// allowance and interest, and a store item the child asked for.
async fn busy_family(api: &str) -> (Session, Uuid) {
    let (parent, kid, chore) =
        family_with_chore(api, json!({"baseReward": 2.0, "frequencyDays": 0})).await;
    let (status, submission) = submit(&kid, form(&chore, Utc::now(), None)).await;
    assert_eq!(status, StatusCode::CREATED, "{submission}");
    let (status, reviewed) = send(parent.patch(
        &format!("/submissions/{}/review", submission["id"].as_str().unwrap()),
        &json!({"status": "APPROVED"}),
    ))
    .await;
    assert_eq!(status, StatusCode::OK, "{reviewed}");
    let child = kid.user["childId"].as_str().unwrap().to_owned();
    let maths = add_subject(
        &parent,
        &child,
        json!({"name": "Maths", "gradeScale": "LETTER"}),
    )
    .await;
    grade(&parent, &maths, json!({"grade": "A"})).await;
    let (status, tablet) =
        send(parent.post("/organizations/tablets", &json!({"name": "Kitchen tablet"}))).await;
    assert_eq!(status, StatusCode::CREATED, "{tablet}");
    // A pause of the family, days ahead in its calendar.
    let from = (Utc::now() + chrono::Duration::days(2)).date_naive();
    let (status, paused) = send(parent.post(
        "/organizations/current/pauses",
        &json!({"from": from.to_string(), "to": from.to_string()}),
    ))
    .await;
    assert_eq!(status, StatusCode::CREATED, "{paused}");
    // A webhook (on an address of the internet) with a delivery: its test's.
    let (status, hook) = send(parent.post(
        "/webhooks",
        &json!({"url": "https://192.31.196.1/chorely", "events": ["*"]}),
    ))
    .await;
    assert_eq!(status, StatusCode::CREATED, "{hook}");
    let hook = hook["webhook"]["id"].as_str().unwrap().to_owned();
    let (status, test) = send(parent.post(&format!("/webhooks/{hook}/test"), &json!({}))).await;
    assert_eq!(status, StatusCode::ACCEPTED, "{test}");
    let (status, feed) =
        send(parent.post("/calendar/feeds", &json!({"currentPassword": "secret123"}))).await;
    assert_eq!(status, StatusCode::CREATED, "{feed}");
    // The credit travels as an event: wait until rewards has it.
    balance_becomes(&parent, &child, 2.0).await;
    let (status, split) =
        set_split(&parent, &child, json!({"spend": 100, "save": 0, "give": 0})).await;
    assert_eq!(status, StatusCode::OK, "{split}");
    let (status, allowance) = crate::allowance::set_allowance(
        &parent,
        &child,
        json!({"amount": 5, "period": "WEEKLY", "day": 6}),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{allowance}");
    let (status, interest) =
        crate::allowance::set_interest(&parent, &child, json!({"percentPerMonth": 1})).await;
    assert_eq!(status, StatusCode::OK, "{interest}");
    let treat = add_item(&parent, json!({"name": "Ice cream", "price": 1})).await;
    let (status, asked) = redeem(&kid, &treat).await;
    assert_eq!(status, StatusCode::CREATED, "{asked}");
    let org = parent.user["organization"]["id"]
        .as_str()
        .unwrap()
        .parse()
        .unwrap();
    (parent, org)
}

/// A walled table, and the column that names the family of its rows.
type Walled<'a> = (&'a str, &'a str);

/// The families of every row of `table` that a query with no filter sees,
/// run as the service runs its queries, in `scope` (or none).
async fn unfiltered(pool: &PgPool, table: &str, family: &str, scope: Option<Scope>) -> Vec<Uuid> {
    let sql = format!("SELECT DISTINCT {family} AS family FROM {table}");
    let query = sqlx::query_scalar(sqlx::AssertSqlSafe(sql)).fetch_all(pool);
    match scope {
        Some(scope) => within(scope, query).await,
        None => query.await,
    }
    .unwrap()
}

#[tokio::test]
async fn a_query_without_a_family_filter_sees_only_the_family_it_works_for() {
    let (stack, api) = start().await;
    let (_, ours) = busy_family(&api).await;
    let (_, theirs) = busy_family(&api).await;
    // Every table holding a family's rows, by service, with the column that
    // names the family (or the family of the row it belongs to).
    let family_pool = stack.family_pool.clone();
    // Pauses reach rewards as events.
    crate::helpers::eventually("rewards keeps both families' pauses", || async {
        let families: Vec<Uuid> = all_families(
            sqlx::query_scalar("SELECT DISTINCT organization_id FROM pauses")
                .fetch_all(&stack.rewards_pool),
        )
        .await
        .unwrap();
        families.contains(&ours) && families.contains(&theirs)
    })
    .await;
    // Notifications are made from the events by the auth service.
    crate::helpers::eventually("auth keeps both families' notifications", || async {
        let families: Vec<Uuid> = all_families(
            sqlx::query_scalar(
                "SELECT DISTINCT organization_id FROM notifications n
                 WHERE EXISTS (SELECT 1 FROM reviews_seen r WHERE r.organization_id = n.organization_id)",
            )
            .fetch_all(&stack.auth_pool),
        )
        .await
        .unwrap();
        families.contains(&ours) && families.contains(&theirs)
    })
    .await;
    // Allowances reach chores as events.
    crate::helpers::eventually("chores keeps both families' allowances", || async {
        let families: Vec<Uuid> = all_families(
            sqlx::query_scalar("SELECT DISTINCT organization_id FROM allowances")
                .fetch_all(&stack.chores_pool),
        )
        .await
        .unwrap();
        families.contains(&ours) && families.contains(&theirs)
    })
    .await;
    let walled: [(&str, &PgPool, &[Walled]); 5] = [
        (
            "auth",
            &stack.auth_pool,
            &[
                ("users", "organization_id"),
                ("invitations", "organization_id"),
                ("tablets", "organization_id"),
                ("notifications", "organization_id"),
                ("reviews_seen", "organization_id"),
            ],
        ),
        (
            "family",
            &family_pool,
            &[
                ("organizations", "id"),
                ("children", "organization_id"),
                ("webhooks", "organization_id"),
                ("webhook_deliveries", "organization_id"),
            ],
        ),
        (
            "chores",
            &stack.chores_pool,
            &[
                ("categories", "organization_id"),
                ("chores", "organization_id"),
                ("submissions", "organization_id"),
                ("families", "organization_id"),
                ("children", "organization_id"),
                ("pauses", "organization_id"),
                ("calendar_feeds", "organization_id"),
                ("allowances", "organization_id"),
            ],
        ),
        (
            "rewards",
            &stack.rewards_pool,
            &[
                ("ledger_entries", "organization_id"),
                ("subjects", "organization_id"),
                ("families", "organization_id"),
                ("children", "organization_id"),
                ("pauses", "organization_id"),
                ("jar_splits", "organization_id"),
                ("store_items", "organization_id"),
                ("redemptions", "organization_id"),
                ("allowances", "organization_id"),
                ("interest_rates", "organization_id"),
                (
                    "grades JOIN subjects ON subjects.id = grades.subject_id",
                    "subjects.organization_id",
                ),
            ],
        ),
        (
            "platform",
            &stack.platform_pool,
            &[
                ("organizations", "id"),
                ("users", "organization_id"),
                ("children", "organization_id"),
            ],
        ),
    ];
    for (service, pool, tables) in walled {
        for (table, family) in tables {
            let what = format!("{service}'s {table}");
            // Across families (the operator, jobs) both are there: the rows exist.
            let everyone = unfiltered(pool, table, family, Some(Scope::AllFamilies)).await;
            let both = [ours, theirs];
            assert!(
                both.iter().all(|f| everyone.contains(f)),
                "{what} holds both families' rows: {everyone:?}"
            );
            assert_eq!(
                unfiltered(pool, table, family, Some(Scope::Family(ours))).await,
                [ours],
                "{what}, scoped to our family"
            );
            assert_eq!(
                unfiltered(pool, table, family, Some(Scope::Family(theirs))).await,
                [theirs],
                "{what}, scoped to theirs"
            );
            assert!(
                unfiltered(pool, table, family, None).await.is_empty(),
                "{what}, in no family's scope"
            );
        }
    }

    // Writing a row for another family is refused, whatever the statement says.
    let insert = sqlx::query(
        "INSERT INTO categories (id, organization_id, name) VALUES ($1, $2, 'Smuggled')",
    )
    .bind(Uuid::new_v4())
    .bind(theirs)
    .execute(&stack.chores_pool);
    let refused = within(Scope::Family(ours), insert).await.unwrap_err();
    assert_eq!(
        refused
            .as_database_error()
            .and_then(|e| e.code())
            .as_deref(),
        Some("42501"),
        "{refused}"
    );
    // Nor can an update move a row into another family.
    let moved = sqlx::query("UPDATE chores SET organization_id = $1")
        .bind(theirs)
        .execute(&stack.chores_pool);
    assert!(within(Scope::Family(ours), moved).await.is_err());
    let theirs_now = unfiltered(
        &stack.chores_pool,
        "chores",
        "organization_id",
        Some(Scope::AllFamilies),
    )
    .await;
    assert!(theirs_now.contains(&ours), "our chores stayed ours");

    // And the services' own work still runs across families where it must.
    let logins = all_families(
        sqlx::query_scalar::<_, i64>("SELECT count(*) FROM users").fetch_one(&stack.auth_pool),
    )
    .await
    .unwrap();
    assert!(logins >= 4, "two parents and two children: {logins}");
}
