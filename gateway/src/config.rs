use std::path::PathBuf;

use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Config {
    /// Address the HTTP server listens on; port 0 picks a free port.
    pub http_addr: String,
    pub auth_url: String,
    pub family_url: String,
    pub chores_url: String,
    pub rewards_url: String,
    pub platform_url: String,
    /// PEM of the Ed25519 public key that verifies access tokens ...
    #[serde(default)]
    pub jwt_public_key: Option<String>,
    /// ... or the file holding it.
    pub jwt_public_key_file: PathBuf,
    /// The built web app (`web/dist`), served at `/`.
    pub web_dist: PathBuf,
    /// Origin of links handed out (invitations), e.g.
    /// `https://app.chorely.example`. Required unless the gateway listens on
    /// this machine only (a loopback address), where it defaults to that
    /// address. Never taken from a request's Host or `X-Forwarded-Host`.
    #[serde(default)]
    pub public_url: Option<String>,
    /// NATS, for the revoked-token bucket the gateway follows.
    pub nats_url: String,
    /// The gateway's NATS user and password, on a server that requires them.
    #[serde(default)]
    pub nats_user: Option<String>,
    #[serde(skip_serializing, default)]
    pub nats_password: Option<kit::config::Secret>,
    pub nats_prefix: String,
    pub nats_stream: String,
    /// Where Prometheus scrapes `/metrics`, e.g. `0.0.0.0:9464`; none when empty.
    #[serde(default)]
    pub metrics_addr: String,
    /// The photo store, as the chores service has it (`S3_ENDPOINT`): the
    /// gateway reads photos there for browsers, through the links chores
    /// signs for that address.
    pub s3_endpoint: String,
    /// Send `Strict-Transport-Security` (browsers then use HTTPS only for two
    /// years, subdomains included). Only where Chorely is served over TLS:
    /// off by default, and in compose.
    #[serde(default)]
    pub hsts: bool,
    /// Keep answers until what they show changes (`crate::kept`). Off, every
    /// read is composed afresh: the benchmark times both paths side by side.
    #[serde(default = "keep_answers")]
    pub keep_answers: bool,
}

fn keep_answers() -> bool {
    true
}

impl Default for Config {
    fn default() -> Self {
        Self {
            http_addr: "127.0.0.1:8080".into(),
            auth_url: "http://127.0.0.1:50051".into(),
            family_url: "http://127.0.0.1:50052".into(),
            chores_url: "http://127.0.0.1:50053".into(),
            rewards_url: "http://127.0.0.1:50054".into(),
            platform_url: "http://127.0.0.1:50055".into(),
            jwt_public_key: None,
            jwt_public_key_file: PathBuf::from(".local/keys/jwt-public.pem"),
            web_dist: PathBuf::from("web/dist"),
            public_url: None,
            nats_url: "nats://127.0.0.1:4222".into(),
            nats_user: None,
            nats_password: None,
            nats_prefix: "chorely".into(),
            nats_stream: "CHORELY".into(),
            metrics_addr: String::new(),
            s3_endpoint: "http://127.0.0.1:9000".into(),
            hsts: false,
            keep_answers: true,
        }
    }
}

impl Config {
    pub fn load() -> anyhow::Result<Self> {
        Ok(kit::config::load()?)
    }

    pub fn jwt_public_key_pem(&self) -> anyhow::Result<String> {
        kit::config::read_pem(self.jwt_public_key.as_deref(), &self.jwt_public_key_file)
    }

    /// The origin links are built on, for a gateway listening on `bound`:
    /// `PUBLIC_URL`, or, when it is unset and the gateway can only be reached
    /// from this machine, that address. Anywhere else a missing `PUBLIC_URL`
    /// stops the start: links must not depend on what a request claims.
    pub fn public_origin(&self, bound: std::net::SocketAddr) -> anyhow::Result<String> {
        match self.public_url.as_deref().map(str::trim) {
            Some(url) if !url.is_empty() => origin_of("PUBLIC_URL", url),
            _ if bound.ip().is_loopback() => Ok(format!("http://{bound}")),
            _ => anyhow::bail!(
                "PUBLIC_URL is required: the gateway listens on {bound}, beyond this machine, \
                 and builds invite links from PUBLIC_URL alone. Set it to the address people \
                 open Chorely at, e.g. PUBLIC_URL=https://app.chorely.example"
            ),
        }
    }

    /// Who the gateway is to NATS, if the server asks.
    pub fn nats_login(&self) -> anyhow::Result<Option<kit::nats::Login>> {
        kit::nats::Login::resolve(
            &self.nats_url,
            self.nats_user.as_deref(),
            self.nats_password.as_ref(),
        )
    }

    /// The origin of the photo store (`S3_ENDPOINT`): a store addressed
    /// under a path has that path in its links already.
    pub fn photo_store_origin(&self) -> anyhow::Result<String> {
        let endpoint = self.s3_endpoint.trim();
        let parsed: http::Uri = endpoint
            .parse()
            .map_err(|_| anyhow::anyhow!("S3_ENDPOINT {endpoint:?} is not a URL"))?;
        let base = format!(
            "{}://{}",
            parsed.scheme_str().unwrap_or_default(),
            parsed.authority().map(|a| a.as_str()).unwrap_or_default()
        );
        origin_of("S3_ENDPOINT", &base)
    }
}

/// `url` as an origin (`scheme://host[:port]`), refusing anything else; `name`
/// is the variable it came from.
fn origin_of(name: &str, url: &str) -> anyhow::Result<String> {
    let parsed: http::Uri = url
        .parse()
        .map_err(|_| anyhow::anyhow!("{name} {url:?} is not a URL"))?;
    let origin = match (parsed.scheme_str(), parsed.authority()) {
        (Some(scheme @ ("http" | "https")), Some(authority))
            if matches!(parsed.path(), "" | "/") && parsed.query().is_none() =>
        {
            format!("{scheme}://{authority}")
        }
        _ => anyhow::bail!(
            "{name} {url:?} must be an origin such as https://app.chorely.example \
             (http or https, a host, no path)"
        ),
    };
    Ok(origin)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn config(public_url: Option<&str>) -> Config {
        Config {
            public_url: public_url.map(str::to_owned),
            ..Config::default()
        }
    }

    #[test]
    fn links_use_public_url_as_an_origin() {
        let bound = "0.0.0.0:8080".parse().unwrap();
        for (url, origin) in [
            ("https://app.chorely.example", "https://app.chorely.example"),
            (
                " https://app.chorely.example/ ",
                "https://app.chorely.example",
            ),
            ("http://10.0.0.5:8080", "http://10.0.0.5:8080"),
        ] {
            assert_eq!(config(Some(url)).public_origin(bound).unwrap(), origin);
        }
        for url in [
            "app.chorely.example",
            "ftp://app.chorely.example",
            "https://app.chorely.example/chorely",
            "https://app.chorely.example/?x=1",
        ] {
            assert!(config(Some(url)).public_origin(bound).is_err(), "{url}");
        }
    }

    #[test]
    fn photos_are_read_at_the_stores_origin() {
        let store = |endpoint: &str| Config {
            s3_endpoint: endpoint.to_owned(),
            ..Config::default()
        };
        for (endpoint, origin) in [
            ("http://minio:9000", "http://minio:9000"),
            (" http://127.0.0.1:9000/ ", "http://127.0.0.1:9000"),
            ("https://storage.example/s3", "https://storage.example"),
        ] {
            assert_eq!(store(endpoint).photo_store_origin().unwrap(), origin);
        }
        let err = store("minio:9000").photo_store_origin().unwrap_err();
        assert!(err.to_string().starts_with("S3_ENDPOINT"), "{err}");
    }

    #[test]
    fn public_url_is_required_beyond_this_machine() {
        for unset in [None, Some(""), Some("  ")] {
            let err = config(unset)
                .public_origin("0.0.0.0:8080".parse().unwrap())
                .unwrap_err();
            assert!(
                err.to_string().starts_with("PUBLIC_URL is required"),
                "{err}"
            );
            assert_eq!(
                config(unset)
                    .public_origin("127.0.0.1:18080".parse().unwrap())
                    .unwrap(),
                "http://127.0.0.1:18080"
            );
        }
        assert_eq!(
            config(None)
                .public_origin("[::1]:8080".parse().unwrap())
                .unwrap(),
            "http://[::1]:8080"
        );
    }
}
