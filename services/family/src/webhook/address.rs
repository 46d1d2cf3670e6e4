//! Where a webhook may point. An endpoint that resolves to the operator's own
//! network (loopback, private, link-local, unspecified, multicast, broadcast
//! addresses) is refused, at registration and again at every delivery, since
//! a name can resolve elsewhere later. The delivering client resolves names
//! through [`Guard`], so the address checked is the address connected to
//! (no second lookup in between for a rebinding name to exploit). An operator
//! setting (`WEBHOOKS_ALLOW_PRIVATE=true`) lifts the rule for networks where
//! private endpoints are wanted (and for tests, whose receivers listen on
//! 127.0.0.1).

use std::net::{IpAddr, Ipv4Addr, Ipv6Addr, SocketAddr};

use reqwest::{
    Url,
    dns::{Addrs, Name, Resolve, Resolving},
};

/// Why an endpoint's address cannot be used.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum Refusal {
    #[error("This address points to a private network and cannot be used")]
    Private,
    #[error("This address could not be found")]
    Unknown,
}

/// Whether `ip` lies in a range a webhook may not reach.
pub fn is_private(ip: IpAddr) -> bool {
    match ip {
        IpAddr::V4(v4) => v4_private(v4),
        IpAddr::V6(v6) => match v6.to_ipv4_mapped() {
            Some(v4) => v4_private(v4),
            None => v6_private(v6),
        },
    }
}

fn v4_private(ip: Ipv4Addr) -> bool {
    ip.is_loopback()
        || ip.is_private()
        || ip.is_link_local()
        || ip.is_unspecified()
        || ip.is_multicast()
        || ip.is_broadcast()
        // 0.0.0.0/8: "this network", reaches the host itself on Linux.
        || ip.octets()[0] == 0
}

fn v6_private(ip: Ipv6Addr) -> bool {
    ip.is_loopback()
        || ip.is_unspecified()
        || ip.is_multicast()
        || ip.is_unique_local()
        || ip.is_unicast_link_local()
}

/// Checks every address `host:port` resolves to (an address literal is
/// checked as it is).
pub async fn check_host(host: &str, port: u16) -> Result<Vec<SocketAddr>, Refusal> {
    let literal = host.trim_start_matches('[').trim_end_matches(']');
    let addrs: Vec<SocketAddr> = match literal.parse::<IpAddr>() {
        Ok(ip) => vec![SocketAddr::new(ip, port)],
        Err(_) => tokio::net::lookup_host((host, port))
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
    use super::*;

    fn ip(text: &str) -> IpAddr {
        text.parse().unwrap()
    }

    #[test]
    fn the_operators_own_ranges_are_private_and_the_internet_is_not() {
        for refused in [
            "127.0.0.1",
            "10.0.0.1",
            "172.16.5.4",
            "172.31.255.255",
            "192.168.1.1",
            "169.254.169.254",
            "0.0.0.0",
            "0.1.2.3",
            "224.0.0.1",
            "255.255.255.255",
            "::1",
            "::",
            "fc00::1",
            "fd12:3456::1",
            "fe80::1",
            "ff02::1",
            "::ffff:127.0.0.1",
            "::ffff:10.1.2.3",
        ] {
            assert!(is_private(ip(refused)), "{refused}");
        }
        for allowed in ["93.184.215.14", "172.32.0.1", "8.8.8.8", "2606:4700::1111"] {
            assert!(!is_private(ip(allowed)), "{allowed}");
        }
    }

    #[tokio::test]
    async fn a_literal_is_checked_without_a_lookup() {
        assert_eq!(check_host("10.0.0.1", 80).await, Err(Refusal::Private));
        assert_eq!(check_host("[::1]", 80).await, Err(Refusal::Private));
        assert!(check_host("203.0.113.10", 443).await.is_ok());
    }
}
