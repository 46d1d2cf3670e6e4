//! Notifications are made exactly once per event and recipient: an event
//! handled twice (a redelivery after a crash between the commit and the
//! acknowledgement would be, were it not for `processed_events`) still makes
//! one row per parent, by the unique key on (user, event).

use auth::notify::events::Notifier;
use chorely_proto::events::v1::{SubmissionReviewed, SubmissionSubmitted};
use kit::consumer::{EventMeta, Handler};
use testkit::Stack;
use uuid::Uuid;

#[tokio::test]
async fn an_event_handled_twice_makes_one_notification_per_parent() {
    let stack = Stack::start().await;
    let registered = stack.register_family("The Lees").await;
    let user = registered.user.unwrap();
    let org = user.organization.unwrap().id;
    let notifier = Notifier {
        clock: kit::clock::Clock::system(),
        origin: "http://localhost:8080".into(),
    };
    let event = SubmissionSubmitted {
        submission_id: Uuid::now_v7().to_string(),
        organization_id: org.clone(),
        child_id: Uuid::now_v7().to_string(),
        chore_id: Uuid::now_v7().to_string(),
        submitted_at: None,
        chore_name: "Dishes".into(),
    };
    let meta = EventMeta {
        id: format!("event-{}", Uuid::now_v7()),
        subject: "chores.submission_submitted".into(),
    };
    for _ in 0..2 {
        let mut tx = kit::tenancy::all_families(stack.auth_pool.begin())
            .await
            .unwrap();
        <Notifier as Handler<SubmissionSubmitted>>::handle(
            &notifier,
            &mut tx,
            event.clone(),
            &meta,
        )
        .await
        .unwrap();
        tx.commit().await.unwrap();
    }
    let made: i64 = kit::tenancy::all_families(
        sqlx::query_scalar(
            "SELECT count(*) FROM notifications WHERE event_id = $1 AND user_id = $2",
        )
        .bind(&meta.id)
        .bind(Uuid::parse_str(&user.id).unwrap())
        .fetch_one(&stack.auth_pool),
    )
    .await
    .unwrap();
    assert_eq!(made, 1, "one notification for the parent");
    let pending: i64 = kit::tenancy::all_families(
        sqlx::query_scalar("SELECT count(*) FROM pending_reviews WHERE submission_id = $1")
            .bind(Uuid::parse_str(&event.submission_id).unwrap())
            .fetch_one(&stack.auth_pool),
    )
    .await
    .unwrap();
    assert_eq!(pending, 1, "one submission waiting");
}

/// Handles `event` as the notifier's consumer would, in a transaction of its own.
async fn deliver<E: chorely_proto::events::Event>(stack: &Stack, notifier: &Notifier, event: E)
where
    Notifier: Handler<E>,
{
    let meta = EventMeta {
        id: format!("event-{}", Uuid::now_v7()),
        subject: "test".into(),
    };
    let mut tx = kit::tenancy::all_families(stack.auth_pool.begin())
        .await
        .unwrap();
    notifier.handle(&mut tx, event, &meta).await.unwrap();
    tx.commit().await.unwrap();
}

#[tokio::test]
async fn a_submission_reviewed_before_its_notification_is_made_is_read_when_made() {
    let stack = Stack::start().await;
    let registered = stack.register_family("The Lees").await;
    let user = registered.user.unwrap();
    let org = user.organization.unwrap().id;
    let notifier = Notifier {
        clock: kit::clock::Clock::system(),
        origin: "http://localhost:8080".into(),
    };
    let submission = Uuid::now_v7().to_string();
    let other = Uuid::now_v7().to_string();
    let submitted = |id: &str| SubmissionSubmitted {
        submission_id: id.to_owned(),
        organization_id: org.clone(),
        child_id: Uuid::now_v7().to_string(),
        chore_id: Uuid::now_v7().to_string(),
        submitted_at: None,
        chore_name: "Dishes".into(),
    };
    // The two events reach their own consumers: the review's first.
    deliver(
        &stack,
        &notifier,
        SubmissionReviewed {
            submission_id: submission.clone(),
            organization_id: org.clone(),
            child_id: Uuid::now_v7().to_string(),
            chore_id: Uuid::now_v7().to_string(),
            approved: true,
            chore_name: "Dishes".into(),
            ..Default::default()
        },
    )
    .await;
    deliver(&stack, &notifier, submitted(&submission)).await;
    deliver(&stack, &notifier, submitted(&other)).await;

    let unread: Vec<String> = kit::tenancy::all_families(
        sqlx::query_scalar(
            "SELECT data->>'submissionId' FROM notifications
             WHERE user_id = $1 AND kind = 'SUBMISSION' AND read_at IS NULL",
        )
        .bind(Uuid::parse_str(&user.id).unwrap())
        .fetch_all(&stack.auth_pool),
    )
    .await
    .unwrap();
    assert_eq!(
        unread,
        [other],
        "only the submission still waiting is unread"
    );
}
