//! Who a request comes from, for the limits per client: the peer's address, or, when the peer is a proxy the
//! operator trusts (`LUDUS_TRUSTED_PROXIES`), the client its `Forwarded` (RFC 7239) or `X-Forwarded-For` header
//! names. Headers from any other peer are ignored: a client cannot pick its own address by sending them. An IPv6
//! client counts as its whole network of `LUDUS_IPV6_PREFIX` bits (a /64 by default, what one subscriber is handed):
//! its other addresses are no fresh quota.

use std::net::IpAddr;
use std::time::Duration;

use actix_web::HttpRequest;
use actix_web::web;
use ipnet::IpNet;

use super::Settings;
use super::error::ApiError;
use super::limits::{self, Limits, Quota};
use crate::service::GameService;
use crate::watch::StreamClient;

/// The client as the limits count it: its IPv4 address, or its IPv6 network (`None` only where the connection has
/// no peer address, as in some tests).
pub fn client_address(request: &HttpRequest) -> Option<IpAddr> {
    let peer = request.peer_addr()?.ip();
    let settings = request.app_data::<web::Data<Settings>>();
    let trusted = settings.map_or(&[][..], |settings| settings.trusted_proxies.as_slice());
    let prefix = settings.map_or(Limits::default().ipv6_prefix, |settings| settings.limits.ipv6_prefix);
    Some(counted_as(behind(peer, trusted, request.headers()), prefix))
}

/// `client_address` as the key the limits count a client under ("unknown" without a peer address).
pub fn client_key(request: &HttpRequest) -> String {
    client_address(request).map_or_else(|| "unknown".to_owned(), |address| address.to_string())
}

/// `take` of one `name` (a game, an account) for the client that sent `request` (see `client_key`).
pub async fn take_per_client(
    service: &GameService,
    request: &HttpRequest,
    name: &'static str,
    per_window: u32,
    window: Duration,
) -> Result<Option<Quota>, ApiError> {
    limits::take(service, name, name, &client_key(request), per_window, window).await
}

/// What an address counts as: an IPv4 address (an IPv4-mapped IPv6 one included) as itself, an IPv6 one as its
/// network of `prefix` bits.
pub fn counted_as(address: IpAddr, prefix: u8) -> IpAddr {
    match address {
        IpAddr::V4(_) => address,
        IpAddr::V6(v6) => match v6.to_ipv4_mapped() {
            Some(v4) => IpAddr::V4(v4),
            None => ipnet::Ipv6Net::new(v6, prefix.min(128)).map_or(address, |network| IpAddr::V6(network.network())),
        },
    }
}

/// Who opens a stream: the client's address, and whether the stream has its connection to itself (HTTP/1.1).
pub fn stream_client(request: &HttpRequest) -> StreamClient {
    StreamClient {
        address: client_address(request),
        own_connection: request.version() < actix_web::http::Version::HTTP_2,
    }
}

/// The client behind `peer`: the last address of the forwarding chain that is not a trusted proxy (the hops a
/// client wrote itself sit on the left, where they are never reached while a trusted proxy appended after them).
fn behind(peer: IpAddr, trusted: &[IpNet], headers: &actix_web::http::header::HeaderMap) -> IpAddr {
    let is_trusted = |address: &IpAddr| trusted.iter().any(|net| net.contains(address));
    if !is_trusted(&peer) {
        return peer;
    }
    let chain = forwarded_for(headers).unwrap_or_else(|| x_forwarded_for(headers));
    chain
        .iter()
        .rev()
        .find(|hop| !is_trusted(hop))
        .or(chain.first())
        .copied()
        .unwrap_or(peer)
}

/// The `for=` addresses of every `Forwarded` header, in order; `None` without such a header. An element that is
/// not an address (`unknown`, an obfuscated name) ends the chain there: nothing to its left can be checked.
fn forwarded_for(headers: &actix_web::http::header::HeaderMap) -> Option<Vec<IpAddr>> {
    let mut values = headers
        .get_all("forwarded")
        .filter_map(|value| value.to_str().ok())
        .peekable();
    values.peek()?;
    let mut chain = Vec::new();
    for element in values.flat_map(|value| value.split(',')) {
        let for_value = element.split(';').find_map(|pair| {
            let (name, value) = pair.split_once('=')?;
            name.trim()
                .eq_ignore_ascii_case("for")
                .then(|| value.trim().trim_matches('"'))
        });
        match for_value.and_then(node_address) {
            Some(address) => chain.push(address),
            None => chain.clear(),
        }
    }
    Some(chain)
}

/// The addresses of `X-Forwarded-For`, in order; a hop that is not an address ends the chain there.
fn x_forwarded_for(headers: &actix_web::http::header::HeaderMap) -> Vec<IpAddr> {
    let mut chain = Vec::new();
    for hop in headers
        .get_all("x-forwarded-for")
        .filter_map(|value| value.to_str().ok())
        .flat_map(|value| value.split(','))
    {
        match node_address(hop.trim()) {
            Some(address) => chain.push(address),
            None => chain.clear(),
        }
    }
    chain
}

/// An RFC 7239 node (`192.0.2.60`, `192.0.2.60:4711`, `[2001:db8::1]:4711`) or a bare address, as an address.
fn node_address(node: &str) -> Option<IpAddr> {
    if let Ok(address) = node.parse() {
        return Some(address);
    }
    if let Some(bracketed) = node.strip_prefix('[') {
        return bracketed.split(']').next()?.parse().ok();
    }
    node.rsplit_once(':')?.0.parse().ok()
}

#[cfg(test)]
mod tests {
    use super::*;
    use actix_web::http::header::{HeaderMap, HeaderName, HeaderValue};

    fn headers(pairs: &[(&'static str, &'static str)]) -> HeaderMap {
        let mut map = HeaderMap::new();
        for (name, value) in pairs {
            map.append(HeaderName::from_static(name), HeaderValue::from_static(value));
        }
        map
    }

    fn ip(text: &str) -> IpAddr {
        text.parse().unwrap()
    }

    #[test]
    fn an_ipv6_client_counts_as_its_network_and_a_v4_one_as_itself() {
        let network = ip("2001:db8:1:2::");
        for address in [
            "2001:db8:1:2::1",
            "2001:db8:1:2:ffff:ffff:ffff:ffff",
            "2001:db8:1:2:abcd::9",
        ] {
            assert_eq!(counted_as(ip(address), 64), network, "{address}");
        }
        assert_ne!(counted_as(ip("2001:db8:1:3::1"), 64), network, "another /64");
        assert_eq!(counted_as(ip("2001:db8:1:3::1"), 48), ip("2001:db8:1::"));
        assert_eq!(counted_as(ip("2001:db8::7"), 128), ip("2001:db8::7"));
        assert_eq!(counted_as(ip("192.0.2.7"), 64), ip("192.0.2.7"));
        assert_eq!(counted_as(ip("::ffff:192.0.2.7"), 64), ip("192.0.2.7"), "IPv4-mapped");
    }

    #[test]
    fn an_untrusted_peer_is_the_client_whatever_it_sends() {
        let spoofed = headers(&[("x-forwarded-for", "203.0.113.9"), ("forwarded", "for=198.51.100.1")]);
        let trusted: Vec<IpNet> = vec!["10.0.0.0/8".parse().unwrap()];
        assert_eq!(behind(ip("192.0.2.1"), &trusted, &spoofed), ip("192.0.2.1"));
        assert_eq!(behind(ip("192.0.2.1"), &[], &spoofed), ip("192.0.2.1"));
    }

    #[test]
    fn a_trusted_proxy_names_the_client_and_a_client_cannot_prepend_itself_past_it() {
        let trusted: Vec<IpNet> = vec!["10.0.0.0/8".parse().unwrap()];
        let proxy = ip("10.1.2.3");
        let forwarded = headers(&[("x-forwarded-for", "203.0.113.9")]);
        assert_eq!(behind(proxy, &trusted, &forwarded), ip("203.0.113.9"));
        // The client sent "1.1.1.1" itself; the proxy appended the address it saw.
        let prepended = headers(&[("x-forwarded-for", "1.1.1.1, 203.0.113.9")]);
        assert_eq!(behind(proxy, &trusted, &prepended), ip("203.0.113.9"));
        // Two trusted proxies in a row.
        let two_hops = headers(&[("x-forwarded-for", "203.0.113.9, 10.9.9.9")]);
        assert_eq!(behind(proxy, &trusted, &two_hops), ip("203.0.113.9"));
        // Forwarded wins over X-Forwarded-For, with ports and IPv6 brackets.
        let both = headers(&[
            ("forwarded", "for=\"[2001:db8::7]:4711\";proto=https, for=10.0.0.5:80"),
            ("x-forwarded-for", "198.51.100.1"),
        ]);
        assert_eq!(behind(proxy, &trusted, &both), ip("2001:db8::7"));
        // A trusted proxy without a header is itself the client.
        assert_eq!(behind(proxy, &trusted, &headers(&[])), proxy);
        // An unknown hop ends the chain: what is left of it cannot be checked.
        let unknown = headers(&[("forwarded", "for=1.1.1.1, for=unknown, for=10.0.0.9")]);
        assert_eq!(behind(proxy, &trusted, &unknown), ip("10.0.0.9"));
    }
}
