//! `user.registered` reaches JetStream exactly once per registration, also
//! when the relay stops between the commit and the publish, or between the
//! publish and marking the event published.

use chorely_proto::events::{Event, v1::UserRegistered};
use prost::Message;
use testkit::{Options, Stack, eventually};

use crate::helpers::register;

/// Pending events of the registration (signing up also logs in and signs up
/// the family, which have their own events).
async fn pending_registrations(relay: &kit::outbox::Relay) -> Vec<kit::outbox::PendingEvent> {
    let mut pending = relay.pending().await.unwrap();
    pending.retain(|e| e.subject == UserRegistered::SUBJECT);
    pending
}

async fn published(stack: &Stack) -> u64 {
    let bus = stack.bus.connect().await.unwrap();
    bus.count(&bus.subject_of::<UserRegistered>())
        .await
        .unwrap()
}

#[tokio::test]
async fn an_event_committed_while_the_relay_is_down_is_published_once_it_runs() {
    let stack = Stack::start_with(Options {
        manual_auth_relay: true,
        ..Options::default()
    })
    .await;
    let (email, _) = register(&stack).await;

    // Committed with the user, not yet published: the relay is "down".
    let relay = stack.auth_relay();
    let pending = pending_registrations(relay).await;
    assert_eq!(pending.len(), 1);
    assert_eq!(published(&stack).await, 0);

    // The relay comes back: it publishes everything waiting (also the login
    // and the family's sign-up).
    assert_eq!(relay.run_once().await.unwrap(), 3);
    assert_eq!(published(&stack).await, 1);
    assert!(relay.pending().await.unwrap().is_empty());

    let event = UserRegistered::decode(pending[0].payload.as_slice()).unwrap();
    assert_eq!(event.email, email);
    assert_eq!(event.role, "ORG_ADMIN");
}

#[tokio::test]
async fn a_relay_dying_after_publishing_but_before_marking_does_not_publish_twice() {
    let stack = Stack::start_with(Options {
        manual_auth_relay: true,
        ..Options::default()
    })
    .await;
    register(&stack).await;
    let relay = stack.auth_relay();

    // Published, then "killed" before the row is marked published.
    let pending = pending_registrations(relay).await;
    relay.publish(&pending[0]).await.unwrap();
    assert_eq!(pending_registrations(relay).await.len(), 1);

    // Restarted: it publishes the same event id again, which JetStream drops
    // (and the login's and the family's sign-up's, once).
    assert_eq!(relay.run_once().await.unwrap(), 3);
    assert_eq!(published(&stack).await, 1);
    assert!(relay.pending().await.unwrap().is_empty());
}

#[tokio::test]
async fn each_registration_publishes_exactly_one_event_with_the_relay_running() {
    let stack = Stack::start().await;
    register(&stack).await;
    register(&stack).await;
    let bus = stack.bus.connect().await.unwrap();
    let subject = bus.subject_of::<UserRegistered>();
    // The relay runs in the background: it publishes, then marks the rows
    // published, so wait for both (the stream can hold both events while
    // the marks are still on their way).
    eventually("both registrations published and marked", || async {
        bus.count(&subject).await.unwrap() >= 2
            && pending_registrations(stack.auth_relay()).await.is_empty()
    })
    .await;
    assert_eq!(bus.count(&subject).await.unwrap(), 2);
}
