//! Links that read one photo for a while: S3 GET URLs signed with SigV4 in
//! the query string, as the S3 SDK's presigner makes them. The gateway hands
//! them to browsers as its own `/api/photos/…` and follows them itself.
//!
//! The presigner builds and runs a whole SDK request for each link
//! (endpoint rules, interceptors, identity resolution) before it signs; a
//! list of 200 submissions with photos signs 200 links. Here each link is
//! one call to `aws-sigv4`, the crate the SDK itself signs with.

use std::{borrow::Cow, time::Duration, time::SystemTime};

use aws_credential_types::Credentials;
use aws_sigv4::{
    http_request::{
        PercentEncodingMode, SignableBody, SignableRequest, SignatureLocation, SigningSettings,
        UriPathNormalizationMode, sign,
    },
    sign::v4,
};
use aws_smithy_runtime_api::client::identity::Identity;
use percent_encoding::{AsciiSet, NON_ALPHANUMERIC, utf8_percent_encode};

/// What S3 leaves unencoded in an object's path: RFC 3986's unreserved
/// characters, and `/` between the key's parts.
const PATH: &AsciiSet = &NON_ALPHANUMERIC
    .remove(b'-')
    .remove(b'.')
    .remove(b'_')
    .remove(b'~')
    .remove(b'/');

/// Signs read links to one bucket of one store.
pub struct LinkSigner {
    /// The bucket's address, path-style: `https://host[:port]/bucket`.
    bucket_url: String,
    region: String,
    identity: Identity,
}

impl LinkSigner {
    pub fn new(endpoint: &str, bucket: &str, region: &str, credentials: Credentials) -> Self {
        Self {
            bucket_url: format!(
                "{}/{}",
                endpoint.trim_end_matches('/'),
                utf8_percent_encode(bucket, PATH)
            ),
            region: region.to_owned(),
            identity: credentials.into(),
        }
    }

    /// A URL that reads the object `key` from `now` until `ttl` has passed.
    pub fn link(&self, key: &str, ttl: Duration, now: SystemTime) -> anyhow::Result<String> {
        let url = format!("{}/{}", self.bucket_url, utf8_percent_encode(key, PATH));
        let mut settings = SigningSettings::default();
        settings.signature_location = SignatureLocation::QueryParams;
        settings.expires_in = Some(ttl);
        // As S3 wants them: the path encoded once, and never normalised (a
        // key may hold `..` or `//`).
        settings.percent_encoding_mode = PercentEncodingMode::Single;
        settings.uri_path_normalization_mode = UriPathNormalizationMode::Disabled;
        let params = v4::SigningParams::builder()
            .identity(&self.identity)
            .region(&self.region)
            .name("s3")
            .time(now)
            .settings(settings)
            .build()?
            .into();
        let request = SignableRequest::new(
            "GET",
            Cow::Borrowed(url.as_str()),
            std::iter::empty(),
            SignableBody::UnsignedPayload,
        )?;
        let (instructions, _) = sign(request, &params)?.into_parts();
        // The signature's parameters are added to the URL as the SDK adds them.
        let mut signed = http::Request::get(url.as_str()).body(())?;
        instructions.apply_to_request_http1x(&mut signed);
        Ok(signed.uri().to_string())
    }
}
