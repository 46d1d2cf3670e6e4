//! Revocations keep arriving after the server has dropped this process's
//! follower (as it does after an outage longer than a minute): the follower
//! picks up from the next event instead of going quiet and letting revoked
//! tokens through.

#![allow(clippy::unwrap_used)]

use chorely_proto::events::{Event, v1::UserRevoked};
use futures::TryStreamExt;
use kit::{nats::Bus, revocation::Revocations, testing::TestBus};
use prost::Message;
use tokio_util::sync::CancellationToken;

async fn revoke(bus: &Bus, user_id: &str, at: i64) {
    let event = UserRevoked {
        user_id: user_id.into(),
        organization_id: String::new(),
        revoked_at: Some(prost_types::Timestamp {
            seconds: at,
            nanos: 0,
        }),
        sessions_only: false,
    };
    bus.js
        .publish(
            bus.subject(UserRevoked::SUBJECT),
            event.encode_to_vec().into(),
        )
        .await
        .unwrap()
        .await
        .unwrap();
}

/// Waits, bounded, for a revocation to reach `revocations`.
async fn until_revoked(revocations: &Revocations, user_id: &str, issued_at: i64) {
    kit::testing::eventually(&format!("{user_id}'s revocation arriving"), || async {
        revocations.is_revoked(user_id, None, issued_at)
    })
    .await;
}

#[tokio::test]
async fn revocations_arrive_after_the_server_drops_the_follower() {
    let test_bus = TestBus::new();
    let bus = test_bus.connect().await.unwrap();
    let stop = CancellationToken::new();
    let revocations = Revocations::start(&bus, stop.clone()).await.unwrap();
    let now = chrono::Utc::now().timestamp();

    revoke(&bus, "before", now).await;
    until_revoked(&revocations, "before", (now - 1) * 1000).await;

    // The server forgets every consumer of the stream.
    let stream = bus.js.get_stream(&bus.stream).await.unwrap();
    let names: Vec<String> = stream.consumer_names().try_collect().await.unwrap();
    assert!(!names.is_empty());
    for name in names {
        stream.delete_consumer(&name).await.unwrap();
    }

    revoke(&bus, "after", now).await;
    until_revoked(&revocations, "after", (now - 1) * 1000).await;
    assert!(revocations.is_revoked("before", None, (now - 1) * 1000));
    assert!(
        !revocations.is_revoked("after", None, (now + 1) * 1000),
        "a later token is fine"
    );
    stop.cancel();
}
