//! Photo storage: a private bucket of an S3-compatible store (MinIO in
//! deployments, s3s-fs on a developer machine), spoken to in plain S3 with
//! path-style addressing, so the same code runs against either.

mod links;

use std::time::{Duration, SystemTime};

use aws_sdk_s3::{
    Client,
    config::{BehaviorVersion, Credentials, Region, http::HttpResponse, timeout::TimeoutConfig},
    error::SdkError,
    primitives::ByteStream,
};
use aws_smithy_http_client::{
    Builder,
    tls::{Provider, rustls_provider::CryptoMode},
};
use secrecy::ExposeSecret;

use crate::{config::S3Config, error::Error};

#[derive(Clone)]
pub struct Storage {
    client: Client,
    /// Signs read links. They are for the store's own address, the one the
    /// gateway reads photos at for browsers (a signature covers the host),
    /// so the gateway can serve each photo with headers a store cannot send.
    links: std::sync::Arc<links::LinkSigner>,
    bucket: String,
}

/// How long the store may take before a request to it fails as an outage.
#[derive(Debug, Clone, Copy)]
pub struct Timeouts {
    /// To open a connection.
    pub connect: Duration,
    /// For one attempt, sending included.
    pub attempt: Duration,
    /// For the whole request, its retry included.
    pub whole: Duration,
}

/// A store on the same network answers in milliseconds and takes a 10 MB photo
/// in well under a second; one that takes a connection and never answers
/// (hung, not down) would otherwise hold a child's upload, and a service
/// starting, for as long as it stays so. Cut off well before callers count a
/// hang (5 s), with room for the rest of an upload's work.
pub const TIMEOUTS: Timeouts = Timeouts {
    connect: Duration::from_secs(1),
    attempt: Duration::from_millis(2_500),
    whole: Duration::from_secs(3),
};

impl Storage {
    pub fn new(config: &S3Config) -> Self {
        Self::with_timeouts(config, TIMEOUTS)
    }

    /// A store whose requests are cut off after `timeouts`.
    pub fn with_timeouts(config: &S3Config, timeouts: Timeouts) -> Self {
        Self {
            client: client(config, &config.s3_endpoint, timeouts),
            links: std::sync::Arc::new(links::LinkSigner::new(
                &config.s3_endpoint,
                &config.s3_bucket,
                &config.s3_region,
                credentials(config),
            )),
            bucket: config.s3_bucket.clone(),
        }
    }
}

/// An S3 client of `endpoint`, path-style (MinIO and s3s-fs need no DNS per bucket).
fn client(config: &S3Config, endpoint: &str, timeouts: Timeouts) -> Client {
    let http = Builder::new()
        .tls_provider(Provider::Rustls(CryptoMode::Ring))
        .build_https();
    let conf = aws_sdk_s3::Config::builder()
        .behavior_version(BehaviorVersion::latest())
        .region(Region::new(config.s3_region.clone()))
        .endpoint_url(endpoint)
        .force_path_style(true)
        .credentials_provider(credentials(config))
        .http_client(http)
        .timeout_config(
            TimeoutConfig::builder()
                .connect_timeout(timeouts.connect)
                .operation_attempt_timeout(timeouts.attempt)
                .operation_timeout(timeouts.whole)
                .build(),
        )
        // One quick retry: the SDK's default of three attempts with backoff
        // kept a child's upload waiting about 4 s when the store was down,
        // close to what callers count as a hang; a refused store answers 503
        // at once and the child tries again.
        .retry_config(
            aws_sdk_s3::config::retry::RetryConfig::standard()
                .with_max_attempts(2)
                .with_initial_backoff(Duration::from_millis(200)),
        )
        .build();
    Client::from_conf(conf)
}

/// The store's access key.
fn credentials(config: &S3Config) -> Credentials {
    Credentials::new(
        &config.s3_access_key_id,
        config.s3_secret_access_key.expose_secret(),
        None,
        None,
        "chorely",
    )
}

impl Storage {
    /// Creates the bucket unless it exists (deployments create it beforehand).
    pub async fn ensure_bucket(&self) -> anyhow::Result<()> {
        if self.bucket_usable().await {
            return Ok(());
        }
        match self
            .client
            .create_bucket()
            .bucket(&self.bucket)
            .send()
            .await
        {
            Ok(_) => Ok(()),
            // Another replica (or process starting beside this one) won the
            // race: some stores say so with BucketAlreadyOwnedByYou, others
            // with BucketAlreadyExists, which also means someone else's
            // bucket; whether this one may use it tells them apart.
            Err(err)
                if err.as_service_error().is_some_and(|e| {
                    e.is_bucket_already_owned_by_you() || e.is_bucket_already_exists()
                }) && self.bucket_usable().await =>
            {
                Ok(())
            }
            Err(err) => Err(anyhow::anyhow!(
                "cannot create bucket {}: {err:?}",
                self.bucket
            )),
        }
    }

    /// Whether the bucket exists and this store's credentials may use it.
    async fn bucket_usable(&self) -> bool {
        self.client
            .head_bucket()
            .bucket(&self.bucket)
            .send()
            .await
            .is_ok()
    }

    /// Stores a photo with its real content type (recognised from its bytes);
    /// a store that is down or failing is
    /// [`Error::PhotoStoreUnavailable`], one that refuses (credentials, no
    /// bucket) a deployment's mistake, [`Error::Internal`].
    pub async fn put(&self, key: &str, content_type: &str, bytes: Vec<u8>) -> Result<(), Error> {
        let sent = self
            .client
            .put_object()
            .bucket(&self.bucket)
            .key(key)
            .content_type(content_type)
            .body(ByteStream::from(bytes))
            .send()
            .await;
        match sent {
            Ok(_) => Ok(()),
            Err(err) if outage(&err) => Err(Error::PhotoStoreUnavailable(err.into())),
            Err(err) => Err(Error::Internal(err.into())),
        }
    }

    pub async fn delete(&self, key: &str) -> anyhow::Result<()> {
        self.client
            .delete_object()
            .bucket(&self.bucket)
            .key(key)
            .send()
            .await?;
        Ok(())
    }

    /// A URL that reads the object from `now` until `ttl` has passed, and
    /// nothing else.
    pub fn signed_url(&self, key: &str, ttl: Duration, now: SystemTime) -> anyhow::Result<String> {
        self.links.link(key, ttl, now)
    }
}

/// Whether a request failed because the store was unreachable, timed out,
/// cut its answer off or failed itself (5xx): an outage of the moment.
fn outage<E>(err: &SdkError<E, HttpResponse>) -> bool {
    match err {
        SdkError::DispatchFailure(_) | SdkError::TimeoutError(_) | SdkError::ResponseError(_) => {
            true
        }
        _ => err
            .raw_response()
            .is_some_and(|answer| answer.status().is_server_error()),
    }
}
