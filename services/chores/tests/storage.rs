//! Photos go to a real S3-compatible store: private, readable only through a
//! short-lived signed URL whose signature is checked.

#![allow(clippy::unwrap_used)]

use std::time::{Duration, SystemTime};

use chores::{
    config::S3Config,
    error::Error,
    storage::{Storage, Timeouts},
};
use reqwest::StatusCode;
use testkit::Stack;

#[tokio::test]
async fn a_stored_photo_is_private_and_served_only_by_its_signed_url() {
    let stack = Stack::start().await;
    let key = format!("photos/{}.jpg", uuid::Uuid::new_v4());
    let photo = vec![0xFF, 0xD8, 0xFF, 0xE0, 1, 2, 3, 4];
    stack
        .photos
        .put(&key, "image/jpeg", photo.clone())
        .await
        .unwrap();

    let url = stack
        .photos
        .signed_url(&key, Duration::from_secs(60), SystemTime::now())
        .unwrap();
    let got = reqwest::get(&url).await.unwrap();
    assert_eq!(got.status(), StatusCode::OK);
    assert_eq!(got.bytes().await.unwrap().to_vec(), photo);

    // Without the signature, or with a tampered one, the store refuses.
    let unsigned = url.split('?').next().unwrap();
    assert_eq!(
        reqwest::get(unsigned).await.unwrap().status(),
        StatusCode::FORBIDDEN
    );
    let signature = url.find("X-Amz-Signature=").unwrap() + "X-Amz-Signature=".len();
    let mut tampered = url.clone();
    let flipped = if &url[signature..=signature] == "0" {
        "1"
    } else {
        "0"
    };
    tampered.replace_range(signature..=signature, flipped);
    assert_eq!(
        reqwest::get(&tampered).await.unwrap().status(),
        StatusCode::FORBIDDEN
    );

    // A link signed two minutes ago for one minute has expired.
    let expired = stack
        .photos
        .signed_url(
            &key,
            Duration::from_secs(60),
            SystemTime::now() - Duration::from_secs(120),
        )
        .unwrap();
    assert!(expired.contains("X-Amz-Expires=60"), "{expired}");
    assert_eq!(
        reqwest::get(&expired).await.unwrap().status(),
        StatusCode::FORBIDDEN
    );

    stack.photos.delete(&key).await.unwrap();
    let url = stack
        .photos
        .signed_url(&key, Duration::from_secs(60), SystemTime::now())
        .unwrap();
    assert_eq!(
        reqwest::get(&url).await.unwrap().status(),
        StatusCode::NOT_FOUND
    );
}

#[tokio::test]
async fn links_are_signed_for_the_stores_own_address() {
    // The gateway follows them there for browsers.
    let config = chores::config::S3Config {
        s3_endpoint: "http://minio:9000".into(),
        ..chores::config::S3Config::default()
    };
    let storage = chores::storage::Storage::new(&config);
    let url = storage
        .signed_url(
            "family/child/photo.jpg",
            Duration::from_secs(60),
            SystemTime::now(),
        )
        .unwrap();
    assert!(
        url.starts_with("http://minio:9000/chorely-photos/family/child/photo.jpg?"),
        "{url}"
    );
}

/// A store that takes connections and never answers (hung, not down): an
/// upload fails as the store being unavailable (a clean 503 for the child)
/// once the store's time is up, instead of waiting as long as it stays hung.
#[tokio::test]
async fn a_hung_store_fails_an_upload_as_unavailable() {
    let silent = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let address = silent.local_addr().unwrap();
    let holding = tokio::spawn(async move {
        let mut held = Vec::new();
        while let Ok((connection, _)) = silent.accept().await {
            held.push(connection);
        }
    });
    let config = S3Config {
        s3_endpoint: format!("http://{address}"),
        ..S3Config::default()
    };
    // Short times, so the test does not wait the real ones out.
    let storage = Storage::with_timeouts(
        &config,
        Timeouts {
            connect: Duration::from_millis(100),
            attempt: Duration::from_millis(200),
            whole: Duration::from_millis(300),
        },
    );
    let put = tokio::time::timeout(
        Duration::from_secs(30),
        storage.put("photos/hung.jpg", "image/jpeg", vec![0xFF, 0xD8, 0xFF]),
    )
    .await
    .expect("the upload waited on a store that never answers");
    assert!(
        matches!(put, Err(Error::PhotoStoreUnavailable(_))),
        "{put:?}"
    );
    holding.abort();
}
