//! Submission photos, served from this origin.
//!
//! The chores service signs a short-lived S3 link for each photo, for the
//! store's own address. A browser gets it as `/api/photos/<path>?<signature>`
//! and the gateway follows it to the store: the signature stays the only
//! key (the store checks it, and refuses one tampered with, expired or made
//! for another photo), and the answer carries what no S3 store sends, a
//! content type read from the photo's own bytes and
//! `X-Content-Type-Options: nosniff`. The store itself need not be reachable
//! from browsers at all.

use std::time::Duration;

use axum::body::{Body, Bytes};
use futures::StreamExt;
use reqwest::{Client, StatusCode, redirect};

/// Where photo links live on this origin.
pub const PREFIX: &str = "/api/photos";

/// The query parameter every signed link has.
const SIGNATURE: &str = "X-Amz-Signature=";

/// Bytes enough to tell the accepted formats apart (WebP's `RIFF....WEBP`).
const SNIFF_BYTES: usize = 12;

/// The store answers on the same network in milliseconds; one that takes
/// a connection and goes quiet fails the photo instead of holding it.
const CONNECT_TIMEOUT: Duration = Duration::from_secs(1);
const READ_TIMEOUT: Duration = Duration::from_secs(5);

/// The link a browser gets for `signed`, a link of the store: its path and
/// signature under [`PREFIX`]. `None` for what is no URL.
pub fn link(signed: &str) -> Option<String> {
    let uri: http::Uri = signed.parse().ok()?;
    uri.authority()?;
    Some(format!("{PREFIX}{}", uri.path_and_query()?))
}

/// Why a photo is not served.
#[derive(Debug)]
pub enum PhotoError {
    /// Unsigned, or the store refused the signature (tampered, expired,
    /// another photo's).
    Refused,
    /// No such photo (deleted with its child, say).
    NotFound,
    /// The store answered with something that is not an accepted image.
    NotAPhoto,
    /// The store is down, failing or too slow.
    Unavailable(reqwest::Error),
    /// The store answered with a status no read should get.
    Unexpected(StatusCode),
}

/// A photo on its way from the store.
pub struct Photo {
    /// Read from its first bytes, not from the store's answer.
    pub content_type: &'static str,
    pub length: Option<u64>,
    pub body: Body,
}

/// The photo store, as the gateway reads it.
pub struct PhotoStore {
    http: Client,
    /// `scheme://host[:port]` of `S3_ENDPOINT`: links are signed for it.
    origin: String,
}

impl PhotoStore {
    pub fn new(origin: String) -> anyhow::Result<Self> {
        kit::tls::install_crypto_provider();
        let http = Client::builder()
            .connect_timeout(CONNECT_TIMEOUT)
            .read_timeout(READ_TIMEOUT)
            // The store answers a read itself; a redirect is none of its.
            .redirect(redirect::Policy::none())
            .build()?;
        Ok(Self { http, origin })
    }

    /// The photo at `path_and_query`, a link's path and signature as
    /// [`link`] made it (what follows [`PREFIX`]). Nothing of the browser's
    /// request but that goes to the store.
    pub async fn read(&self, path_and_query: &str) -> Result<Photo, PhotoError> {
        let signed = path_and_query
            .split_once('?')
            .is_some_and(|(_, query)| query.split('&').any(|p| p.starts_with(SIGNATURE)));
        if !path_and_query.starts_with('/') || !signed {
            return Err(PhotoError::Refused);
        }
        let answer = self
            .http
            .get(format!("{}{path_and_query}", self.origin))
            .send()
            .await
            .map_err(PhotoError::Unavailable)?;
        match answer.status() {
            StatusCode::OK => {}
            StatusCode::NOT_FOUND => return Err(PhotoError::NotFound),
            status if status.is_client_error() => return Err(PhotoError::Refused),
            status => return Err(PhotoError::Unexpected(status)),
        }
        let length = answer.content_length();
        let mut rest = answer.bytes_stream();
        let mut head = Vec::with_capacity(SNIFF_BYTES);
        while head.len() < SNIFF_BYTES {
            match rest.next().await {
                Some(chunk) => head.extend_from_slice(&chunk.map_err(PhotoError::Unavailable)?),
                None => break,
            }
        }
        let content_type = kind(&head).ok_or(PhotoError::NotAPhoto)?;
        let first = futures::stream::once(async move { Ok(Bytes::from(head)) });
        Ok(Photo {
            content_type,
            length,
            body: Body::from_stream(first.chain(rest)),
        })
    }
}

/// The content type of an image of a format photos are accepted in (the
/// chores service's check), by its first bytes.
fn kind(head: &[u8]) -> Option<&'static str> {
    if head.starts_with(&[0xFF, 0xD8, 0xFF]) {
        Some("image/jpeg")
    } else if head.starts_with(b"\x89PNG\r\n\x1a\n") {
        Some("image/png")
    } else if head.get(..4) == Some(b"RIFF") && head.get(8..12) == Some(b"WEBP") {
        Some("image/webp")
    } else {
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_link_keeps_the_stores_path_and_signature_on_this_origin() {
        let signed = "http://minio:9000/chorely-photos/f/c/s.png?X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Signature=ab%2Fc";
        assert_eq!(
            link(signed).as_deref(),
            Some(
                "/api/photos/chorely-photos/f/c/s.png?X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Signature=ab%2Fc"
            )
        );
        assert_eq!(link("not a url"), None);
        assert_eq!(link("/only/a/path"), None);
    }

    #[test]
    fn only_accepted_image_formats_have_a_kind() {
        assert_eq!(kind(b"\xFF\xD8\xFF\xE0\0\x10JFIF"), Some("image/jpeg"));
        assert_eq!(kind(b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR"), Some("image/png"));
        assert_eq!(kind(b"RIFF\x24\0\0\0WEBPVP8L"), Some("image/webp"));
        for other in [
            &b"<html><script>alert(1)</script>"[..],
            b"GIF89a\x01\0\x01\0",
            b"RIFF\x24\0\0\0WAVEfmt ",
            b"",
        ] {
            assert_eq!(kind(other), None, "{other:?}");
        }
    }
}
