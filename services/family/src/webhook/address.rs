//! Where a webhook may point: only globally routable addresses (see
//! [`super::routable`]). An endpoint that resolves to anything else (the
//! operator's own network above all) is refused, at registration and again
//! at every delivery, since a name can resolve elsewhere later. The
//! delivering client resolves names through [`Guard`], so the address
//! checked is the address connected to (no second lookup in between for a
//! rebinding name to exploit); address literals never reach a resolver, so
//! the deliverer checks them with [`literal_refused`]. An operator setting
//! (`WEBHOOKS_ALLOW_PRIVATE=true`) lifts the rule for networks where
//! private endpoints are wanted (and for tests, whose receivers listen on
//! 127.0.0.1).

use std::net::{IpAddr, SocketAddr};

use super::routable;
use reqwest::{
    Url,
    dns::{Addrs, Name, Resolve, Resolving},
};

/// Why an endpoint's address cannot be used: at registration the URL's
/// refusal, at delivery the delivery's error (in the same words).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum Refusal {
    #[error("{}", self.refusal())]
    Private,
    #[error("{}", self.refusal())]
    Unknown,
}

impl Refusal {
    /// The refusal of the catalogue users are told.
    pub fn refusal(&self) -> kit::refusal::Refusal {
        match self {
            Refusal::Private => kit::codes::webhook_address_private(),
            Refusal::Unknown => kit::codes::webhook_address_unknown(),
        }
    }
}

/// Whether `ip` lies in a range a webhook may not reach.
pub fn is_private(ip: IpAddr) -> bool {
    !routable::is_global(ip)
}

/// The address literal `host` is, if it is one (an IPv6 one in brackets,
/// as URLs write them).
fn literal(host: &str) -> Option<IpAddr> {
    host.trim_start_matches('[')
        .trim_end_matches(']')
        .parse()
        .ok()
}

/// Whether `url` names an address literal a webhook may not reach (a name
/// is left to [`Guard`]).
pub fn literal_refused(url: &Url) -> bool {
    url.host_str().and_then(literal).is_some_and(is_private)
}

/// Checks every address `host:port` resolves to (an address literal is
/// checked as it is).
pub async fn check_host(host: &str, port: u16) -> Result<Vec<SocketAddr>, Refusal> {
    let addrs: Vec<SocketAddr> = match literal(host) {
        Some(ip) => vec![SocketAddr::new(ip, port)],
        None => tokio::net::lookup_host((host, port))
            .await
            .map_err(|_| Refusal::Unknown)?
            .collect(),
    };
    if addrs.is_empty() {
        return Err(Refusal::Unknown);
    }
    if addrs.iter().any(|a| is_private(a.ip())) {
        return Err(Refusal::Private);
    }
    Ok(addrs)
}

/// Checks where `url` points, unless private addresses are allowed.
pub async fn check_url(url: &Url, allow_private: bool) -> Result<(), Refusal> {
    if allow_private {
        return Ok(());
    }
    let host = url.host_str().ok_or(Refusal::Unknown)?;
    let port = url.port_or_known_default().unwrap_or(443);
    check_host(host, port).await.map(|_| ())
}

/// The delivering client's resolver: names resolving to a refused range
/// fail to connect.
#[derive(Debug, Clone, Copy)]
pub struct Guard;

impl Resolve for Guard {
    fn resolve(&self, name: Name) -> Resolving {
        let host = name.as_str().to_owned();
        Box::pin(async move {
            // Port 0: reqwest puts the URL's port in.
            let addrs = check_host(&host, 0).await?;
            let addrs: Addrs = Box::new(addrs.into_iter());
            Ok(addrs)
        })
    }
}

#[cfg(test)]
mod tests {
    use std::str::FromStr;

    use super::*;

    fn url(text: &str) -> Url {
        Url::parse(text).unwrap()
    }

    /// The addresses of the finding, each once accepted.
    const FINDING: &[&str] = &[
        "http://[::127.0.0.1]/",
        "http://[64:ff9b::127.0.0.1]/",
        "http://[2002:7f00:1::]/",
        "http://100.64.0.1/",
        "http://198.18.0.1/",
        "http://192.0.0.8/",
        "http://192.0.2.1/",
        "http://198.51.100.1/",
        "http://203.0.113.10/",
        "http://[2001:db8::1]/",
        "http://[3fff::1]/",
    ];

    #[tokio::test]
    async fn registration_refuses_every_form_of_a_private_address() {
        for raw in FINDING.iter().chain(&[
            "http://127.0.0.1:8080/",
            "http://[::1]:9000/",
            "http://[::ffff:127.0.0.1]/",
            "http://[::ffff:7f00:1]/",
            // Decimal and short forms, which URLs read as 127.0.0.1.
            "http://2130706433/",
            "http://127.1/",
            "http://0x7f.0.0.1/",
            "http://localhost/",
        ]) {
            assert_eq!(
                check_url(&url(raw), false).await,
                Err(Refusal::Private),
                "{raw}"
            );
        }
        assert!(check_url(&url("http://100.64.0.1/"), true).await.is_ok());
        assert_eq!(Refusal::Private.refusal().code(), "WEBHOOK_ADDRESS_PRIVATE");
        assert_eq!(
            Refusal::Private.to_string(),
            "This address points to a private network and cannot be used"
        );
        assert_eq!(Refusal::Unknown.refusal().code(), "WEBHOOK_ADDRESS_UNKNOWN");
        assert_eq!(
            Refusal::Unknown.to_string(),
            "This address could not be found"
        );
    }

    #[test]
    fn delivery_refuses_every_literal_registration_would() {
        for raw in FINDING {
            assert!(literal_refused(&url(raw)), "{raw}");
        }
        for raw in [
            "https://93.184.215.14/",
            "https://[2606:4700::1111]:8443/",
            "https://hooks.example.com/",
        ] {
            assert!(!literal_refused(&url(raw)), "{raw}");
        }
    }

    #[tokio::test]
    async fn a_literal_is_checked_without_a_lookup() {
        assert_eq!(check_host("10.0.0.1", 80).await, Err(Refusal::Private));
        assert_eq!(check_host("[::1]", 80).await, Err(Refusal::Private));
        assert_eq!(
            check_host("[2002:7f00:1::]", 80).await,
            Err(Refusal::Private)
        );
        let public = check_host("93.184.215.14", 443).await.unwrap();
        assert_eq!(public, [SocketAddr::from(([93, 184, 215, 14], 443))]);
    }

    #[tokio::test]
    async fn the_delivering_resolver_refuses_a_name_of_the_host_itself() {
        let refused = Guard
            .resolve(Name::from_str("localhost").unwrap())
            .await
            .err()
            .unwrap();
        assert_eq!(refused.to_string(), Refusal::Private.to_string());
    }
}
