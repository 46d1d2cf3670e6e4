//! Webhooks through the API against the real services: a receiver started
//! here gets a signed delivery of a real submission (checked with the secret
//! by verification code of its own, not the service's), a receiver that
//! fails twice gets the third attempt once the family service's clock has
//! moved past the backoff, a day of failures turns the endpoint off, a
//! failing answer leaves its status and a short clean excerpt, and a family
//! sends at most five tests a minute. Without the operator's setting only
//! globally routable addresses are taken, and a delivery connects to no
//! other whatever the endpoint's URL holds. Parents of other families see
//! 404, children 403.

use std::{
    collections::VecDeque,
    sync::{Arc, Mutex},
};

use axum::{
    Router,
    body::Bytes,
    extract::State,
    http::{HeaderMap, StatusCode as AxumStatus},
    routing::post,
};
use base64::{Engine, engine::general_purpose::STANDARD};
use chrono::{Duration, Utc};
use hmac::{Hmac, Mac};
use kit::clock::ManualClock;
use reqwest::StatusCode;
use serde_json::{Value, json};
use sha2::Sha256;
use testkit::Options;

use crate::{
    helpers::{
        Session, assert_error, assert_field_refused, child, eventually, parent, send, start,
        start_with,
    },
    store::{add_item, decide, give, redeem},
    submissions::{family_with_chore, form, submit},
};

/// One request a receiver got.
#[derive(Debug, Clone)]
pub struct Received {
    headers: HeaderMap,
    body: String,
}

/// An HTTP endpoint on 127.0.0.1 that records what it gets and answers
/// with the statuses it is given, in turn (200 once they run out), and an
/// empty body unless given one.
#[derive(Clone, Default)]
pub struct Receiver {
    received: Arc<Mutex<Vec<Received>>>,
    answers: Arc<Mutex<VecDeque<u16>>>,
    always: Option<u16>,
    body: Bytes,
}

impl Receiver {
    /// Starts it; returns it and its URL.
    pub async fn start(answers: &[u16], always: Option<u16>) -> (Self, String) {
        Self::start_with(Self {
            answers: Arc::new(Mutex::new(answers.iter().copied().collect())),
            always,
            ..Self::default()
        })
        .await
    }

    /// Starts one that always answers `status` with `body`.
    pub async fn answering(status: u16, body: &[u8]) -> (Self, String) {
        Self::start_with(Self {
            always: Some(status),
            body: Bytes::copy_from_slice(body),
            ..Self::default()
        })
        .await
    }

    async fn start_with(receiver: Self) -> (Self, String) {
        let app = Router::new()
            .route("/hook", post(receive))
            .with_state(receiver.clone());
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let url = format!("http://{}/hook", listener.local_addr().unwrap());
        tokio::spawn(async move { axum::serve(listener, app).await.unwrap() });
        (receiver, url)
    }

    fn received(&self) -> Vec<Received> {
        self.received.lock().unwrap().clone()
    }

    pub async fn wait_for(&self, count: usize) -> Vec<Received> {
        eventually(&format!("{count} requests at the receiver"), || async {
            self.received().len() >= count
        })
        .await;
        self.received()
    }
}

async fn receive(
    State(receiver): State<Receiver>,
    headers: HeaderMap,
    body: Bytes,
) -> (AxumStatus, Bytes) {
    receiver.received.lock().unwrap().push(Received {
        headers,
        body: String::from_utf8(body.to_vec()).unwrap(),
    });
    let status = receiver
        .always
        .or_else(|| receiver.answers.lock().unwrap().pop_front())
        .unwrap_or(200);
    (AxumStatus::from_u16(status).unwrap(), receiver.body.clone())
}

/// Checks a delivery as a receiver following Standard Webhooks would: the
/// key is the secret's base64 after `whsec_`, the signed content
/// `id.timestamp.body`, and one of the header's `v1,` signatures must match.
pub fn verify(secret: &str, received: &Received) -> Value {
    let header = |name: &str| received.headers[name].to_str().unwrap().to_owned();
    let key = STANDARD
        .decode(secret.strip_prefix("whsec_").expect("whsec_ prefix"))
        .unwrap();
    let (id, timestamp) = (header("webhook-id"), header("webhook-timestamp"));
    timestamp.parse::<i64>().expect("a timestamp in seconds");
    let mut mac = Hmac::<Sha256>::new_from_slice(&key).unwrap();
    mac.update(format!("{id}.{timestamp}.{}", received.body).as_bytes());
    let expected = format!("v1,{}", STANDARD.encode(mac.finalize().into_bytes()));
    assert!(
        header("webhook-signature")
            .split(' ')
            .any(|s| s == expected),
        "signature {} is not {expected}",
        header("webhook-signature")
    );
    assert_eq!(header("content-type"), "application/json");
    serde_json::from_str(&received.body).unwrap()
}

async fn register(parent: &Session, url: &str, events: Value) -> (StatusCode, Value) {
    send(parent.post("/webhooks", &json!({"url": url, "events": events}))).await
}

pub async fn registered(parent: &Session, url: &str, events: Value) -> (String, String) {
    let (status, created) = register(parent, url, events).await;
    assert_eq!(status, StatusCode::CREATED, "{created}");
    (
        created["webhook"]["id"].as_str().unwrap().to_owned(),
        created["secret"].as_str().unwrap().to_owned(),
    )
}

async fn deliveries(parent: &Session, hook: &str) -> Vec<Value> {
    let (status, body) = send(parent.get(&format!("/webhooks/{hook}/deliveries"))).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    body.as_array().unwrap().clone()
}

async fn delivery_settles(parent: &Session, hook: &str, attempts: i64) -> Value {
    eventually(&format!("attempt {attempts} recorded"), || async {
        let last = deliveries(parent, hook).await[0].clone();
        // An attempt under way has neither answer nor error yet.
        last["attempts"] == attempts
            && (last["status"] != "PENDING"
                || last["responseCode"].is_number()
                || last["error"].is_string())
    })
    .await;
    deliveries(parent, hook).await[0].clone()
}

async fn webhooks(parent: &Session) -> Vec<Value> {
    let (status, body) = send(parent.get("/webhooks")).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    body.as_array().unwrap().clone()
}

fn refused(status: StatusCode, body: &Value, field: &str, code: &str, message: &str) {
    assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
    assert_error(body, message);
    assert_field_refused(body, field, code);
}

#[tokio::test]
async fn parents_register_list_and_delete_endpoints_on_the_internet_only() {
    let (_stack, api) = start().await;
    let parent = parent(&api).await;
    let (kid, _) = child(&parent, "Mia").await;

    // Only globally routable addresses are taken: literals and names.
    for url in [
        "http://127.0.0.1:8080/hook",
        "http://10.0.0.1/hook",
        "https://192.168.1.20/",
        "http://169.254.169.254/latest/meta-data",
        "http://[::1]:9000/",
        "http://localhost:9000/",
        // IPv4 carried in IPv6, shared and benchmarking space, documentation.
        "http://[::127.0.0.1]/",
        "http://[64:ff9b::127.0.0.1]/",
        "http://[2002:7f00:1::]/",
        "http://100.64.0.1/",
        "http://198.18.0.1/",
        "http://192.0.0.8/",
        "http://203.0.113.10/",
    ] {
        let (status, body) = register(&parent, url, json!(["*"])).await;
        refused(
            status,
            &body,
            "url",
            "WEBHOOK_ADDRESS_PRIVATE",
            "This address points to a private network and cannot be used",
        );
    }
    let (status, body) = register(&parent, "ftp://192.31.196.1/", json!(["*"])).await;
    refused(
        status,
        &body,
        "url",
        "WEBHOOK_URL_SCHEME",
        "URL must start with http:// or https://",
    );
    let (status, body) = register(&parent, "", json!(["*"])).await;
    refused(status, &body, "url", "REQUIRED", "URL is required");
    let (status, body) = register(&parent, "https://192.31.196.1/", json!([])).await;
    refused(
        status,
        &body,
        "events",
        "WEBHOOK_EVENTS_REQUIRED",
        "Choose at least one event",
    );
    let (status, body) = register(&parent, "https://192.31.196.1/", json!(["chore.eaten"])).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
    assert!(
        body["details"][0]["field"]
            .as_str()
            .unwrap()
            .starts_with("events"),
        "{body}"
    );
    // Refused by the gateway's reading of the event's type, in its words.
    assert_eq!(body["details"][0]["code"], "INVALID_FIELD", "{body}");
    assert!(webhooks(&parent).await.is_empty());

    // A public address is taken (AS112's, whose servers answer DNS only, so
    // the deliveries reach no one); its secret is shown once.
    let (status, created) = register(
        &parent,
        "https://192.31.196.1/chorely",
        json!(["balance.changed", "submission.created", "balance.changed"]),
    )
    .await;
    assert_eq!(status, StatusCode::CREATED, "{created}");
    let secret = created["secret"].as_str().unwrap();
    let key = STANDARD
        .decode(secret.strip_prefix("whsec_").unwrap())
        .unwrap();
    assert_eq!(key.len(), 32);
    let hook = created["webhook"].clone();
    assert_eq!(hook["url"], "https://192.31.196.1/chorely");
    assert_eq!(
        hook["events"],
        json!(["submission.created", "balance.changed"])
    );
    assert_eq!(hook["disabledAt"], Value::Null);
    let listed = webhooks(&parent).await;
    assert_eq!(listed, vec![hook.clone()]);
    assert!(
        !listed[0].to_string().contains(secret),
        "the secret is shown once"
    );
    let id = hook["id"].as_str().unwrap();

    // Children may not touch them.
    let (status, _) = send(kid.get("/webhooks")).await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    let (status, _) = register(&kid, "https://192.31.196.1/", json!(["*"])).await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    let (status, _) = send(kid.delete(&format!("/webhooks/{id}"))).await;
    assert_eq!(status, StatusCode::FORBIDDEN);

    // Another family's parent neither sees nor reaches it.
    let stranger = self::parent(&api).await;
    assert!(webhooks(&stranger).await.is_empty());
    for request in [
        stranger.delete(&format!("/webhooks/{id}")),
        stranger.get(&format!("/webhooks/{id}/deliveries")),
        stranger.post(&format!("/webhooks/{id}/test"), &json!({})),
    ] {
        let (status, body) = send(request).await;
        assert_eq!(status, StatusCode::NOT_FOUND, "{body}");
        assert_error(&body, "Webhook not found");
    }
    assert_eq!(webhooks(&parent).await.len(), 1);

    let (status, _) = send(parent.delete(&format!("/webhooks/{id}"))).await;
    assert_eq!(status, StatusCode::NO_CONTENT);
    assert!(webhooks(&parent).await.is_empty());
    let (status, _) = send(parent.delete(&format!("/webhooks/{id}"))).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn a_real_submission_reaches_the_receiver_signed_with_the_secret() {
    let (_stack, api) = start_with(Options {
        webhooks_allow_private: true,
        ..Options::default()
    })
    .await;
    let (parent, kid, chore) = family_with_chore(&api, json!({"frequencyDays": 0})).await;
    let (receiver, url) = Receiver::start(&[], None).await;
    let (hook, secret) = registered(&parent, &url, json!(["submission.created"])).await;
    // Another endpoint of the family that asked for other events gets none.
    let (quiet, quiet_url) = Receiver::start(&[], None).await;
    registered(&parent, &quiet_url, json!(["balance.changed"])).await;

    let (status, submission) = submit(&kid, form(&chore, Utc::now(), None)).await;
    assert_eq!(status, StatusCode::CREATED, "{submission}");

    let got = receiver.wait_for(1).await;
    let body = verify(&secret, &got[0]);
    assert_eq!(body["type"], "submission.created");
    assert_eq!(body["data"]["submissionId"], submission["id"]);
    assert_eq!(body["data"]["choreId"], chore["id"]);
    assert!(body["timestamp"].is_string());
    let delivery = delivery_settles(&parent, &hook, 1).await;
    assert_eq!(delivery["status"], "DELIVERED", "{delivery}");
    assert_eq!(delivery["responseCode"], 200);
    assert_eq!(delivery["eventType"], "submission.created");
    assert_eq!(
        delivery["id"],
        got[0].headers["webhook-id"].to_str().unwrap()
    );

    // The test button sends a signed webhook.test.
    let (status, test) = send(parent.post(&format!("/webhooks/{hook}/test"), &json!({}))).await;
    assert_eq!(status, StatusCode::ACCEPTED, "{test}");
    assert_eq!(test["eventType"], "webhook.test");
    let got = receiver.wait_for(2).await;
    assert_eq!(verify(&secret, &got[1])["type"], "webhook.test");
    // A wrong secret does not verify.
    let forged = std::panic::catch_unwind(|| {
        verify("whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw", &got[1]);
    });
    assert!(forged.is_err());
    assert!(quiet.received().is_empty());
}

#[tokio::test]
async fn store_requests_and_decisions_reach_the_endpoints_asking_for_them() {
    let (_stack, api) = start_with(Options {
        webhooks_allow_private: true,
        ..Options::default()
    })
    .await;
    let parent = parent(&api).await;
    let (kid, record) = child(&parent, "Mia").await;
    let kid_id = record["id"].as_str().unwrap();
    let (receiver, url) = Receiver::start(&[], None).await;
    let (_, secret) = registered(&parent, &url, json!(["store.redemption"])).await;
    give(&parent, kid_id, "5.00").await;
    let item = add_item(
        &parent,
        json!({"name": "Ice cream", "price": 2.5, "emoji": "🍦"}),
    )
    .await;

    let (status, asked) = redeem(&kid, &item).await;
    assert_eq!(status, StatusCode::CREATED, "{asked}");
    let got = receiver.wait_for(1).await;
    let requested = verify(&secret, &got[0]);
    assert_eq!(requested["type"], "store.redemption");
    assert_eq!(requested["data"]["redemptionId"], asked["id"]);
    assert_eq!(requested["data"]["childId"], kid_id);
    assert_eq!(requested["data"]["itemId"], item["id"]);
    assert_eq!(requested["data"]["status"], "PENDING");
    assert_eq!(requested["data"]["price"], 2.5);

    let (status, decided) = decide(&parent, &asked, "APPROVED").await;
    assert_eq!(status, StatusCode::OK, "{decided}");
    let got = receiver.wait_for(2).await;
    let approved = verify(&secret, &got[1]);
    assert_eq!(approved["type"], "store.redemption");
    assert_eq!(approved["data"]["redemptionId"], asked["id"]);
    assert_eq!(approved["data"]["status"], "APPROVED");
    // Only the store events it asked for: the adjustment and the debit are
    // balance changes, which this endpoint did not ask for.
    assert!(
        got.iter()
            .all(|r| verify(&secret, r)["type"] == "store.redemption"),
        "{got:?}"
    );
}

/// A family with an endpoint at `receiver`, on a family service whose clock
/// the test moves, and a delivery of the test button's under way.
async fn failing_endpoint(answers: &[u16], always: Option<u16>) -> Setup {
    let clock = ManualClock::at(Utc::now());
    let (stack, api) = start_with(Options {
        webhooks_allow_private: true,
        family_clock: Some(clock.clock()),
        ..Options::default()
    })
    .await;
    let parent = parent(&api).await;
    let (receiver, url) = Receiver::start(answers, always).await;
    let (hook, secret) = registered(&parent, &url, json!(["*"])).await;
    let (status, body) = send(parent.post(&format!("/webhooks/{hook}/test"), &json!({}))).await;
    assert_eq!(status, StatusCode::ACCEPTED, "{body}");
    Setup {
        _stack: stack,
        clock,
        parent,
        receiver,
        hook,
        secret,
    }
}

struct Setup {
    _stack: testkit::Stack,
    clock: ManualClock,
    parent: Session,
    receiver: Receiver,
    hook: String,
    secret: String,
}

#[tokio::test]
async fn a_receiver_that_fails_twice_gets_the_third_attempt_after_the_backoff() {
    let s = failing_endpoint(&[500, 503], None).await;
    s.receiver.wait_for(1).await;
    let first = delivery_settles(&s.parent, &s.hook, 1).await;
    assert_eq!(first["status"], "PENDING", "{first}");
    assert_eq!(first["responseCode"], 500);
    // The next attempt waits for the backoff: 30 s, give or take a fifth.
    let next: chrono::DateTime<Utc> = first["nextAttemptAt"].as_str().unwrap().parse().unwrap();
    let wait = next - s.clock.now();
    assert!(
        wait >= Duration::seconds(23) && wait <= Duration::seconds(37),
        "{wait}"
    );
    s.clock.advance(Duration::seconds(20));
    // Nothing is due yet: another worker (a second replica) finds nothing.
    assert!(!s.another_replica_finds_one_due().await);
    assert_eq!(s.receiver.received().len(), 1);

    s.clock.advance(Duration::seconds(20));
    s.receiver.wait_for(2).await;
    let second = delivery_settles(&s.parent, &s.hook, 2).await;
    assert_eq!(second["responseCode"], 503);
    let next: chrono::DateTime<Utc> = second["nextAttemptAt"].as_str().unwrap().parse().unwrap();
    assert!(
        next - s.clock.now() >= Duration::seconds(47),
        "the delay doubles"
    );

    s.clock.advance(Duration::minutes(2));
    let got = s.receiver.wait_for(3).await;
    let third = delivery_settles(&s.parent, &s.hook, 3).await;
    assert_eq!(third["status"], "DELIVERED", "{third}");
    assert_eq!(third["responseCode"], 200);
    // Every attempt is the same message, signed afresh.
    for attempt in &got {
        assert_eq!(verify(&s.secret, attempt)["type"], "webhook.test");
        assert_eq!(attempt.headers["webhook-id"], got[0].headers["webhook-id"]);
    }
}

impl Setup {
    /// Whether a second delivery worker (another replica's) finds a
    /// delivery due now.
    async fn another_replica_finds_one_due(&self) -> bool {
        self._stack.family_deliverer.run_once().await.unwrap()
    }
}

#[tokio::test]
async fn a_day_of_failures_turns_the_endpoint_off() {
    let s = failing_endpoint(&[], Some(500)).await;
    let mut attempts = 0;
    loop {
        attempts += 1;
        s.receiver.wait_for(attempts).await;
        let delivery = delivery_settles(&s.parent, &s.hook, attempts as i64).await;
        if delivery["status"] == "FAILED" {
            break;
        }
        assert!(attempts < 30, "still retried after {attempts} attempts");
        s.clock.advance(Duration::hours(3));
    }
    // Attempts every 3 hours for 24 hours: the ninth, at 24 h, was the last.
    assert_eq!(attempts, 9);
    let hooks = webhooks(&s.parent).await;
    assert!(hooks[0]["disabledAt"].is_string(), "{}", hooks[0]);
    s.clock.advance(Duration::hours(3));
    assert!(!s.another_replica_finds_one_due().await);
    assert_eq!(s.receiver.received().len(), attempts);
}

/// Sets the endpoint's URL in the family's database, as if the parent had
/// registered it so: for a name that pointed elsewhere when it was checked.
async fn point(stack: &testkit::Stack, hook: &str, url: &str) {
    let hook = uuid::Uuid::parse_str(hook).unwrap();
    kit::tenancy::all_families(
        sqlx::query("UPDATE webhooks SET url = $2 WHERE id = $1")
            .bind(hook)
            .bind(url)
            .execute(&stack.family_pool),
    )
    .await
    .unwrap();
}

#[tokio::test]
async fn a_delivery_never_connects_to_a_private_address_whatever_was_registered() {
    let (stack, api) = start().await;
    let parent = parent(&api).await;
    // A receiver on the host itself: what each endpoint below would reach
    // if the delivery did not check the address it connects to.
    let (receiver, url) = Receiver::start(&[], None).await;
    let port = reqwest::Url::parse(&url).unwrap().port().unwrap();
    for private in [
        // A name, resolved at delivery (by the client's own resolver).
        format!("http://localhost:{port}/hook"),
        // Literals: IPv4-compatible and 6to4 forms of 127.0.0.1.
        format!("http://[::127.0.0.1]:{port}/hook"),
        format!("http://[2002:7f00:1::]:{port}/hook"),
    ] {
        let (hook, _) = registered(
            &parent,
            "https://192.31.196.1/hook",
            json!(["submission.created"]),
        )
        .await;
        point(&stack, &hook, &private).await;
        let (status, body) = send(parent.post(&format!("/webhooks/{hook}/test"), &json!({}))).await;
        assert_eq!(status, StatusCode::ACCEPTED, "{body}");
        let delivery = delivery_settles(&parent, &hook, 1).await;
        assert_eq!(delivery["status"], "PENDING", "{private}: {delivery}");
        assert_eq!(delivery["responseCode"], Value::Null, "{private}");
        assert_eq!(
            delivery["error"], "This address points to a private network and cannot be used",
            "{private}"
        );
    }
    // Each attempt is over, so anything sent would have arrived.
    assert!(receiver.received().is_empty());
}

#[tokio::test]
async fn a_delivery_keeps_the_status_and_a_short_clean_excerpt_of_the_answer() {
    let (_stack, api) = start_with(Options {
        webhooks_allow_private: true,
        ..Options::default()
    })
    .await;
    let parent = parent(&api).await;
    // An escape, a NUL (which a PostgreSQL text cannot hold), line breaks,
    // an invalid byte, and far more than is kept.
    let mut answer = b"\x1b[31mQuota\x00 exceeded\r\n\t\xff ".to_vec();
    answer.extend_from_slice("é".repeat(10_000).as_bytes());
    let (receiver, url) = Receiver::answering(429, &answer).await;
    let (hook, _) = registered(&parent, &url, json!(["submission.created"])).await;
    let (status, body) = send(parent.post(&format!("/webhooks/{hook}/test"), &json!({}))).await;
    assert_eq!(status, StatusCode::ACCEPTED, "{body}");
    receiver.wait_for(1).await;

    let delivery = delivery_settles(&parent, &hook, 1).await;
    assert_eq!(delivery["responseCode"], 429, "{delivery}");
    let error = delivery["error"].as_str().unwrap();
    assert_eq!(error.chars().count(), 200, "{error}");
    let expected = format!("[31mQuota exceeded \u{fffd} {}…", "é".repeat(178));
    assert_eq!(error, expected);
}

#[tokio::test]
async fn a_family_sends_at_most_five_tests_a_minute() {
    let clock = ManualClock::at(Utc::now());
    let (_stack, api) = start_with(Options {
        webhooks_allow_private: true,
        family_clock: Some(clock.clock()),
        ..Options::default()
    })
    .await;
    let parent = parent(&api).await;
    let (_receiver, url) = Receiver::start(&[], None).await;
    let (first, _) = registered(&parent, &url, json!(["submission.created"])).await;
    let (second, _) = registered(&parent, &url, json!(["submission.created"])).await;
    let test = |hook: &str| parent.post(&format!("/webhooks/{hook}/test"), &json!({}));

    // Five, to the family's endpoints together.
    for hook in [&first, &second, &first, &second, &first] {
        let (status, body) = send(test(hook)).await;
        assert_eq!(status, StatusCode::ACCEPTED, "{body}");
    }
    for hook in [&first, &second] {
        let (status, body) = send(test(hook)).await;
        assert_eq!(status, StatusCode::TOO_MANY_REQUESTS, "{body}");
        assert_error(
            &body,
            "Too many test deliveries sent. Try again in a minute.",
        );
    }
    // Nothing was queued for the refused ones.
    assert_eq!(deliveries(&parent, &first).await.len(), 3);

    // Another family has its own five.
    let other = self::parent(&api).await;
    let (theirs, _) = registered(&other, &url, json!(["submission.created"])).await;
    let (status, body) = send(other.post(&format!("/webhooks/{theirs}/test"), &json!({}))).await;
    assert_eq!(status, StatusCode::ACCEPTED, "{body}");

    // A minute after the first five, the family may test again.
    clock.advance(Duration::minutes(1));
    let (status, body) = send(test(&second)).await;
    assert_eq!(status, StatusCode::ACCEPTED, "{body}");
}
