//! Which addresses a webhook may reach: only globally routable ones. The
//! refused ranges are the IANA special-purpose address registries' (IPv4
//! and IPv6) entries that are not globally reachable, taken whole where the
//! registry carves globally reachable blocks out of them (192.0.0.0/24,
//! 2001::/23): a webhook receiver has no business on an anycast service or
//! a transition relay. IPv6 is further held to 2000::/3, the only space
//! allocated for global unicast, so unallocated space an operator might use
//! inside its network is refused too.
//!
//! An IPv6 address that carries an IPv4 address (IPv4-mapped,
//! IPv4-compatible, NAT64, 6to4, Teredo) is also judged by the IPv4 address
//! it carries, since a translator or tunnel on the way delivers it there.
//! Most of those forms lie in refused ranges anyway; 6to4 does not, so a
//! 6to4 address is accepted when the IPv4 address it embeds is.
//!
//! `std`'s `Ipv4Addr::is_global` and `Ipv6Addr::is_global` would say this,
//! but they are not stable; the tables below are short and checked against
//! the registries by the tests.

use std::net::{IpAddr, Ipv4Addr, Ipv6Addr};

/// IPv4 ranges that are not globally reachable.
const V4_REFUSED: &[(Ipv4Addr, u8)] = &[
    // "This network": 0.0.0.0 reaches the host itself on Linux.
    (Ipv4Addr::new(0, 0, 0, 0), 8),
    (Ipv4Addr::new(10, 0, 0, 0), 8),
    // Shared address space (carrier-grade NAT).
    (Ipv4Addr::new(100, 64, 0, 0), 10),
    (Ipv4Addr::new(127, 0, 0, 0), 8),
    (Ipv4Addr::new(169, 254, 0, 0), 16),
    (Ipv4Addr::new(172, 16, 0, 0), 12),
    // IETF protocol assignments (its two anycast services included).
    (Ipv4Addr::new(192, 0, 0, 0), 24),
    // Documentation (TEST-NET-1, -2, -3).
    (Ipv4Addr::new(192, 0, 2, 0), 24),
    (Ipv4Addr::new(198, 51, 100, 0), 24),
    (Ipv4Addr::new(203, 0, 113, 0), 24),
    // The deprecated 6to4 relay anycast.
    (Ipv4Addr::new(192, 88, 99, 0), 24),
    (Ipv4Addr::new(192, 168, 0, 0), 16),
    // Benchmarking.
    (Ipv4Addr::new(198, 18, 0, 0), 15),
    (Ipv4Addr::new(224, 0, 0, 0), 4),
    // Reserved, 255.255.255.255 (limited broadcast) included.
    (Ipv4Addr::new(240, 0, 0, 0), 4),
];

/// IPv6 ranges that are not globally reachable. Those outside 2000::/3 are
/// refused by that rule already; they are listed so that the table reads
/// as the registry does.
const V6_REFUSED: &[(Ipv6Addr, u8)] = &[
    // Unspecified, loopback, and the deprecated IPv4-compatible ::a.b.c.d.
    (Ipv6Addr::new(0, 0, 0, 0, 0, 0, 0, 0), 96),
    // IPv4-mapped.
    (Ipv6Addr::new(0, 0, 0, 0, 0, 0xffff, 0, 0), 96),
    // NAT64, well-known and local-use prefixes.
    (Ipv6Addr::new(0x64, 0xff9b, 0, 0, 0, 0, 0, 0), 96),
    (Ipv6Addr::new(0x64, 0xff9b, 1, 0, 0, 0, 0, 0), 48),
    // Discard-only.
    (Ipv6Addr::new(0x100, 0, 0, 0, 0, 0, 0, 0), 64),
    // IETF protocol assignments: Teredo (2001::/32), benchmarking, ORCHID…
    (Ipv6Addr::new(0x2001, 0, 0, 0, 0, 0, 0, 0), 23),
    // Documentation.
    (Ipv6Addr::new(0x2001, 0xdb8, 0, 0, 0, 0, 0, 0), 32),
    (Ipv6Addr::new(0x3fff, 0, 0, 0, 0, 0, 0, 0), 20),
    // Segment routing (SRv6) SIDs.
    (Ipv6Addr::new(0x5f00, 0, 0, 0, 0, 0, 0, 0), 16),
    // Unique local.
    (Ipv6Addr::new(0xfc00, 0, 0, 0, 0, 0, 0, 0), 7),
    // Link-local, and the deprecated site-local after it.
    (Ipv6Addr::new(0xfe80, 0, 0, 0, 0, 0, 0, 0), 10),
    (Ipv6Addr::new(0xfec0, 0, 0, 0, 0, 0, 0, 0), 10),
    (Ipv6Addr::new(0xff00, 0, 0, 0, 0, 0, 0, 0), 8),
];

/// Global unicast: the only IPv6 space allocated for the internet.
const V6_GLOBAL_UNICAST: (Ipv6Addr, u8) = (Ipv6Addr::new(0x2000, 0, 0, 0, 0, 0, 0, 0), 3);

fn v4_in(ip: Ipv4Addr, (net, len): (Ipv4Addr, u8)) -> bool {
    let mask = u32::MAX.checked_shl(32 - u32::from(len)).unwrap_or(0);
    u32::from(ip) & mask == u32::from(net) & mask
}

fn v6_in(ip: Ipv6Addr, (net, len): (Ipv6Addr, u8)) -> bool {
    let mask = u128::MAX.checked_shl(128 - u32::from(len)).unwrap_or(0);
    u128::from(ip) & mask == u128::from(net) & mask
}

/// Whether a webhook may reach `ip`.
pub fn is_global(ip: IpAddr) -> bool {
    match ip {
        IpAddr::V4(v4) => v4_global(v4),
        IpAddr::V6(v6) => v6_global(v6),
    }
}

fn v4_global(ip: Ipv4Addr) -> bool {
    !V4_REFUSED.iter().any(|range| v4_in(ip, *range))
}

fn v6_global(ip: Ipv6Addr) -> bool {
    v6_in(ip, V6_GLOBAL_UNICAST)
        && !V6_REFUSED.iter().any(|range| v6_in(ip, *range))
        && embedded_v4(ip).is_none_or(v4_global)
}

/// The IPv4 address an IPv6 address carries, in any of the forms that
/// deliver to it: IPv4-mapped `::ffff:a.b.c.d`, IPv4-compatible
/// `::a.b.c.d`, NAT64 (`64:ff9b::/96` and `64:ff9b:1::/48`, the last 32
/// bits), 6to4 (`2002:AABB:CCDD::/48`, bits 16 to 48) and Teredo
/// (`2001::/32`, the client's address being the last 32 bits inverted).
pub fn embedded_v4(ip: Ipv6Addr) -> Option<Ipv4Addr> {
    let bits = u128::from(ip);
    // The low 32 bits, truncated on purpose.
    #[allow(clippy::cast_possible_truncation)]
    let last = bits as u32;
    if let Some(v4) = ip.to_ipv4_mapped() {
        return Some(v4);
    }
    // ::a.b.c.d, but not :: and ::1, which are addresses of their own.
    if bits >> 32 == 0 && last > 1 {
        return Some(Ipv4Addr::from(last));
    }
    let nat64 = (Ipv6Addr::new(0x64, 0xff9b, 0, 0, 0, 0, 0, 0), 96);
    let nat64_local = (Ipv6Addr::new(0x64, 0xff9b, 1, 0, 0, 0, 0, 0), 48);
    if v6_in(ip, nat64) || v6_in(ip, nat64_local) {
        return Some(Ipv4Addr::from(last));
    }
    let six_to_four = (Ipv6Addr::new(0x2002, 0, 0, 0, 0, 0, 0, 0), 16);
    if v6_in(ip, six_to_four) {
        // Bits 16 to 48 from the top, truncated on purpose.
        #[allow(clippy::cast_possible_truncation)]
        let embedded = (bits >> 80) as u32;
        return Some(Ipv4Addr::from(embedded));
    }
    let teredo = (Ipv6Addr::new(0x2001, 0, 0, 0, 0, 0, 0, 0), 32);
    if v6_in(ip, teredo) {
        return Some(Ipv4Addr::from(!last));
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ip(text: &str) -> IpAddr {
        text.parse().unwrap()
    }

    #[test]
    fn every_ipv4_range_that_is_not_globally_reachable_is_refused() {
        for refused in [
            "0.0.0.0",
            "0.1.2.3",
            "10.0.0.1",
            "10.255.255.255",
            "100.64.0.1",
            "100.127.255.254",
            "127.0.0.1",
            "127.255.255.254",
            "169.254.169.254",
            "172.16.5.4",
            "172.31.255.255",
            "192.0.0.1",
            "192.0.0.9",
            "192.0.0.170",
            "192.0.2.1",
            "192.88.99.1",
            "192.168.1.1",
            "198.18.0.1",
            "198.19.255.255",
            "198.51.100.7",
            "203.0.113.10",
            "224.0.0.1",
            "239.255.255.250",
            "240.0.0.1",
            "255.255.255.255",
        ] {
            assert!(!is_global(ip(refused)), "{refused}");
        }
    }

    #[test]
    fn every_ipv6_range_that_is_not_globally_reachable_is_refused() {
        for refused in [
            "::",
            "::1",
            "::ffff:0:0",
            "::ffff:8.8.8.8",
            "::ffff:127.0.0.1",
            "64:ff9b::1",
            "64:ff9b:1::1",
            "100::1",
            "2001::1",
            "2001:1ff:ffff::1",
            "2001:db8::1",
            "3fff::1",
            "3fff:fff::1",
            "5f00::1",
            "fc00::1",
            "fd12:3456::1",
            "fe80::1",
            "febf::1",
            "fec0::1",
            "ff02::1",
            "ff0e::1",
            // Unallocated, outside 2000::/3.
            "4000::1",
            "e000::1",
        ] {
            assert!(!is_global(ip(refused)), "{refused}");
        }
    }

    #[test]
    fn ipv6_addresses_carrying_a_private_ipv4_address_are_refused() {
        for refused in [
            // IPv4-compatible loopback and private.
            "::127.0.0.1",
            "::10.0.0.1",
            // IPv4-mapped.
            "::ffff:127.0.0.1",
            "::ffff:169.254.169.254",
            // NAT64, both prefixes.
            "64:ff9b::127.0.0.1",
            "64:ff9b::10.0.0.1",
            "64:ff9b:1::7f00:1",
            // 6to4 of 127.0.0.1, 10.0.0.1, 100.64.0.1 and 192.168.0.1.
            "2002:7f00:1::",
            "2002:7f00:1::1",
            "2002:a00:1::1",
            "2002:6440:1::1",
            "2002:c0a8:1::",
            // Teredo with the client 127.0.0.1 (inverted: 80ff:fffe).
            "2001:0:4136:e378:8000:63bf:80ff:fffe",
        ] {
            assert!(!is_global(ip(refused)), "{refused}");
        }
    }

    #[test]
    fn the_embedded_ipv4_address_is_decoded_from_every_form() {
        let v6 = |text: &str| text.parse::<Ipv6Addr>().unwrap();
        let v4 = |text: &str| Some(text.parse::<Ipv4Addr>().unwrap());
        assert_eq!(embedded_v4(v6("::ffff:10.1.2.3")), v4("10.1.2.3"));
        assert_eq!(embedded_v4(v6("::127.0.0.1")), v4("127.0.0.1"));
        assert_eq!(embedded_v4(v6("64:ff9b::8.8.8.8")), v4("8.8.8.8"));
        assert_eq!(embedded_v4(v6("64:ff9b:1::c0a8:101")), v4("192.168.1.1"));
        assert_eq!(embedded_v4(v6("2002:7f00:1::")), v4("127.0.0.1"));
        assert_eq!(embedded_v4(v6("2002:5db8:d70e::1")), v4("93.184.215.14"));
        // RFC 4380's example: client 192.0.2.45 behind server 65.54.227.120.
        assert_eq!(
            embedded_v4(v6("2001:0:4136:e378:8000:63bf:3fff:fdd2")),
            v4("192.0.2.45")
        );
        assert_eq!(embedded_v4(v6("::")), None);
        assert_eq!(embedded_v4(v6("::1")), None);
        assert_eq!(embedded_v4(v6("2606:4700::1111")), None);
    }

    #[test]
    fn the_internet_is_reachable() {
        for allowed in [
            "93.184.215.14",
            "8.8.8.8",
            "1.1.1.1",
            "172.32.0.1",
            "100.128.0.1",
            "192.0.3.1",
            "198.20.0.1",
            "223.255.255.255",
            "2606:4700::1111",
            "2a00:1450:4001:80b::200e",
            // 6to4 of a public IPv4 address (93.184.215.14): decoded, and
            // judged by that address.
            "2002:5db8:d70e::1",
        ] {
            assert!(is_global(ip(allowed)), "{allowed}");
        }
    }
}
