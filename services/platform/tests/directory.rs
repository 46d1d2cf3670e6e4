//! The platform's directory follows the family service's events.

#![allow(clippy::unwrap_used)]

use chorely_proto::platform::v1::{
    GetOrganizationStatusRequest, Plan, SubscriptionStatus,
    platform_service_client::PlatformServiceClient,
};
use kit::grpc::Outgoing;
use testkit::Stack;
use tonic::Code;
use uuid::Uuid;

#[tokio::test]
async fn a_new_family_enters_the_directory_on_a_free_trial_once() {
    let stack = Stack::start().await;
    let answer = stack.register_family("Directory Family").await;
    let org: Uuid = answer
        .user
        .unwrap()
        .organization
        .unwrap()
        .id
        .parse()
        .unwrap();

    // The event travels outbox → JetStream → consumer; wait for it, bounded.
    testkit::eventually("the family reaches the directory", || async {
        let rows: i64 = kit::tenancy::all_families(
            sqlx::query_scalar("SELECT count(*) FROM organizations WHERE id = $1")
                .bind(org)
                .fetch_one(&stack.platform_pool),
        )
        .await
        .unwrap();
        rows == 1
    })
    .await;
    let (name, slug, plan, status): (String, String, String, String) = kit::tenancy::all_families(
        sqlx::query_as(
            "SELECT name, slug, plan, subscription_status FROM organizations WHERE id = $1",
        )
        .bind(org)
        .fetch_one(&stack.platform_pool),
    )
    .await
    .unwrap();
    assert_eq!(
        (name.as_str(), slug.as_str(), plan.as_str(), status.as_str()),
        ("Directory Family", "directory-family", "FREE", "TRIAL")
    );
    let processed: i64 = kit::tenancy::all_families(
        sqlx::query_scalar(
            "SELECT count(*) FROM processed_events WHERE consumer = 'platform-organizations'",
        )
        .fetch_one(&stack.platform_pool),
    )
    .await
    .unwrap();
    assert_eq!(processed, 1);

    let platform = |token: String| {
        PlatformServiceClient::with_interceptor(
            Stack::channel(&stack.platform_url),
            Outgoing::bearer(token),
        )
    };
    let status = platform(answer.token.clone())
        .get_organization_status(GetOrganizationStatusRequest {
            organization_id: org.to_string(),
        })
        .await
        .unwrap()
        .into_inner();
    assert_eq!(status.plan(), Plan::Free);
    assert_eq!(status.subscription_status(), SubscriptionStatus::Trial);
    // A 14-day trial from the family's creation, a few seconds ago.
    let left = status.trial_ends_at.unwrap().seconds - chrono::Utc::now().timestamp();
    assert!((14 * 86_400 - 60..=14 * 86_400).contains(&left), "{left}");

    // Another family's status is not revealed.
    let err = platform(answer.token)
        .get_organization_status(GetOrganizationStatusRequest {
            organization_id: Uuid::new_v4().to_string(),
        })
        .await
        .unwrap_err();
    assert_eq!(err.code(), Code::NotFound);
}

/// A child's deletion can be handled before its creation (they travel on
/// different subjects); the family's child count stays right either way.
#[tokio::test]
async fn a_child_deleted_before_its_creation_is_seen_is_not_counted() {
    use chorely_proto::{
        events::v1::{ChildCreated, ChildDeleted, OrganizationCreated},
        platform::v1::ListOrganizationsRequest,
    };
    use kit::testing::deliver;
    use platform::{
        console::Console,
        events::{DirectoryHandler, OrganizationCreatedHandler},
    };

    let db = kit::testing::TestDb::new("platform");
    let pool = kit::db::connect(&db.url, &platform::startup::MIGRATIONS)
        .await
        .unwrap();
    let org = Uuid::new_v4().to_string();
    let family = OrganizationCreated {
        organization_id: org.clone(),
        name: "Order Family".into(),
        slug: "order-family".into(),
        ..Default::default()
    };
    deliver(
        &pool,
        &OrganizationCreatedHandler { trial_days: 14 },
        family,
    )
    .await;
    let (kept, deleted) = (Uuid::new_v4().to_string(), Uuid::new_v4().to_string());
    let child = |id: &str| ChildCreated {
        child_id: id.to_owned(),
        organization_id: org.clone(),
        ..Default::default()
    };
    let gone = |id: &str| ChildDeleted {
        child_id: id.to_owned(),
        organization_id: org.clone(),
    };
    deliver(&pool, &DirectoryHandler, child(&kept)).await;
    deliver(&pool, &DirectoryHandler, gone(&deleted)).await;
    deliver(&pool, &DirectoryHandler, child(&deleted)).await;

    let console = Console { pool: pool.clone() };
    // As the operator's requests run: across families.
    let count = || {
        kit::tenancy::all_families(async {
            let listed = console
                .organizations(&ListOrganizationsRequest {
                    page: 1,
                    page_size: 10,
                    ..Default::default()
                })
                .await
                .unwrap();
            let total = console.stats().await.unwrap().total_children;
            (listed.organizations[0].child_count, total)
        })
    };
    assert_eq!(count().await, (1, 1));

    // Deleted in order, the other child goes too.
    deliver(&pool, &DirectoryHandler, gone(&kept)).await;
    assert_eq!(count().await, (0, 0));
}
