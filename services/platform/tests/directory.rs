//! The platform's directory follows the family service's events.

#![allow(clippy::unwrap_used)]

use std::time::Duration;

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
    let deadline = tokio::time::Instant::now() + Duration::from_secs(15);
    loop {
        let rows: i64 = sqlx::query_scalar("SELECT count(*) FROM organizations WHERE id = $1")
            .bind(org)
            .fetch_one(&stack.platform_pool)
            .await
            .unwrap();
        if rows == 1 {
            break;
        }
        assert!(
            tokio::time::Instant::now() < deadline,
            "the family never reached the directory"
        );
        tokio::time::sleep(Duration::from_millis(25)).await;
    }
    let (name, slug, plan, status): (String, String, String, String) = sqlx::query_as(
        "SELECT name, slug, plan, subscription_status FROM organizations WHERE id = $1",
    )
    .bind(org)
    .fetch_one(&stack.platform_pool)
    .await
    .unwrap();
    assert_eq!(
        (name.as_str(), slug.as_str(), plan.as_str(), status.as_str()),
        ("Directory Family", "directory-family", "FREE", "TRIAL")
    );
    let processed: i64 = sqlx::query_scalar(
        "SELECT count(*) FROM processed_events WHERE consumer = 'platform-organizations'",
    )
    .fetch_one(&stack.platform_pool)
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
