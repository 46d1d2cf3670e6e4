//! The mailer's connection to the SMTP relay (the local aiosmtpd).

use std::time::{Duration, Instant};

use auth::mail::{Relay, SendError};
use lettre::Message;
use uuid::Uuid;

fn mail_to(to: &str, n: usize) -> Message {
    Message::builder()
        .from("Chorely <noreply@chorely.test>".parse().unwrap())
        .to(to.parse().unwrap())
        .subject(format!("Mail {n}"))
        // About the size of a notice (its text and HTML parts).
        .body("Your chore was approved. ".repeat(120))
        .unwrap()
}

/// Each mail's end (`\r\n.\r\n`) is written apart from its body; on a socket
/// without TCP_NODELAY it waited for the relay's delayed ACK, about 40 ms a
/// mail, whatever the machine. Mail handed over one after another on one
/// connection takes a few milliseconds each.
#[tokio::test]
async fn mails_sent_one_after_another_do_not_wait_for_the_relays_delayed_acks() {
    let relay = Relay::from_url(&testkit::test_smtp_url()).unwrap();
    let to = format!("relay-{}@chorely.test", Uuid::new_v4().simple());
    let mut took = Vec::new();
    for n in 0..30 {
        let mail = mail_to(&to, n);
        let started = Instant::now();
        relay.send(&mail).await.unwrap();
        took.push(started.elapsed());
    }
    let received = testkit::mail::wait_for_mails(&testkit::test_maildir(), &to, 30).await;
    assert_eq!(received.len(), 30, "every mail arrived, once");
    // Every mail waited with the stall; a busy machine slows some mails
    // past 40 ms too, but not the fastest of thirty.
    let fastest = took.iter().min().copied().unwrap_or_default();
    assert!(
        fastest < Duration::from_millis(35),
        "the fastest mail took {fastest:?} (the stall is ≥ 40 ms): {took:?}"
    );
}

#[tokio::test]
async fn a_relay_that_cannot_be_reached_fails_the_send_and_the_next_one_tries_again() {
    // A port nothing listens on: bound, then let go.
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port();
    let relay = Relay::from_url(&format!("smtp://127.0.0.1:{port}")).unwrap();
    let to = format!("nowhere-{}@chorely.test", Uuid::new_v4().simple());
    for n in 0..2 {
        let err = relay.send(&mail_to(&to, n)).await.unwrap_err();
        assert!(matches!(err, SendError::Connect(_)), "{err}");
    }
}
