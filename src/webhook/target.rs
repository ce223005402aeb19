//! Where a webhook may point. An account chooses the URL, so without checks it could make ludus call services that only
//! ludus can reach (SSRF): the cloud's metadata endpoint, Redis, an admin page on the private network. Literal
//! addresses are checked when the URL is parsed, names each time they are resolved, and the delivery connects to the
//! checked addresses themselves.

use std::net::{IpAddr, Ipv4Addr, Ipv6Addr, SocketAddr};

use ipnet::{Ipv4Net, Ipv6Net};
use url::{Host, Position, Url};

/// The longest webhook URL, in characters: as sent, and as stored and requested (host in punycode, the rest
/// percent-encoded), which may be longer.
pub const MAX_URL_CHARS: usize = 2048;
/// The longest label of a host name (between two dots), in characters (RFC 1035).
pub const MAX_LABEL_CHARS: usize = 63;
/// The longest host name, in characters, without the final dot of an absolute name (RFC 1035's 255 bytes on the wire).
pub const MAX_HOST_CHARS: usize = 253;

/// Why a URL is not a webhook target.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum WebhookError {
    #[error("not a valid URL: {0}")]
    Malformed(#[from] url::ParseError),
    #[error("the URL has {length} characters{encoded}: at most {max}", max = MAX_URL_CHARS)]
    TooLong { length: usize, encoded: &'static str },
    #[error(
        "the host name's label {label:?} has {length} characters: each label (between two dots) has 1 to {max}",
        max = MAX_LABEL_CHARS
    )]
    HostLabel { label: String, length: usize },
    #[error("the host name has {0} characters: at most {max}", max = MAX_HOST_CHARS)]
    HostName(usize),
    #[error("only https:// URLs are accepted")]
    Scheme,
    #[error("the URL has no host")]
    NoHost,
    #[error("the URL must not carry a user name or password")]
    Userinfo,
    #[error("the URL must not carry a fragment (#...)")]
    Fragment,
    #[error("{host} could not be resolved: {reason}")]
    Unresolved { host: String, reason: String },
    #[error(
        "{host} is or resolves to {address}, which is not a public address (loopback, private, link-local, metadata...)"
    )]
    NotPublic { host: String, address: IpAddr },
}

/// A webhook URL that passed the checks: `https://`, a host, no user info, no fragment.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Target {
    url: Url,
    host: Host<String>,
    port: u16,
}

impl Target {
    /// Checks `url`. `allow_private` (`LUDUS_WEBHOOK_ALLOW_PRIVATE`, for tests and closed networks) also accepts
    /// `http://` and addresses that are not public.
    pub fn parse(url: &str, allow_private: bool) -> Result<Self, WebhookError> {
        let length = url.chars().count();
        if length > MAX_URL_CHARS {
            return Err(WebhookError::TooLong { length, encoded: "" });
        }
        let url = Url::parse(url)?;
        if url.as_str().len() > MAX_URL_CHARS {
            return Err(WebhookError::TooLong {
                length: url.as_str().len(),
                encoded: " once encoded",
            });
        }
        match url.scheme() {
            "https" => {}
            "http" if allow_private => {}
            _ => return Err(WebhookError::Scheme),
        }
        if !url.username().is_empty() || url.password().is_some() {
            return Err(WebhookError::Userinfo);
        }
        if url.fragment().is_some() {
            return Err(WebhookError::Fragment);
        }
        let host = url.host().ok_or(WebhookError::NoHost)?.to_owned();
        if let Host::Domain(name) = &host {
            check_host_name(name)?;
        }
        let port = url.port_or_known_default().expect("http and https have a default port");
        let target = Self { url, host, port };
        // A literal address needs no lookup: refuse it now rather than at every delivery.
        if let Some(address) = target.literal_address() {
            target.check(address, allow_private)?;
        }
        Ok(target)
    }

    pub fn as_str(&self) -> &str {
        self.url.as_str()
    }

    /// The addresses to connect to, every one of them checked: one address that is not public refuses the whole
    /// answer, since which one a client would pick is not ours to predict. Checked again at each delivery, with the
    /// deliverer's `allow_private`: a name may resolve elsewhere since, and the setting may have changed.
    pub(super) async fn resolve(&self, allow_private: bool) -> Result<Vec<SocketAddr>, WebhookError> {
        let addresses: Vec<SocketAddr> = match (&self.host, self.literal_address()) {
            (_, Some(address)) => vec![SocketAddr::new(address, self.port)],
            (host, None) => tokio::net::lookup_host((host.to_string(), self.port))
                .await
                .map_err(|error| self.unresolved(error.to_string()))?
                .collect(),
        };
        if addresses.is_empty() {
            return Err(self.unresolved("no address".into()));
        }
        for address in &addresses {
            self.check(address.ip(), allow_private)?;
        }
        Ok(addresses)
    }

    pub(super) fn is_https(&self) -> bool {
        self.url.scheme() == "https"
    }

    /// The host as TLS names it (SNI and the certificate check): a name, or an address without brackets.
    pub(super) fn tls_name(&self) -> String {
        match &self.host {
            Host::Domain(name) => name.clone(),
            Host::Ipv4(address) => address.to_string(),
            Host::Ipv6(address) => address.to_string(),
        }
    }

    /// The `Host` header: the host, and the port unless it is the scheme's.
    pub(super) fn authority(&self) -> &str {
        &self.url[Position::BeforeHost..Position::AfterPort]
    }

    pub(super) fn path_and_query(&self) -> &str {
        &self.url[Position::BeforePath..Position::AfterQuery]
    }

    fn literal_address(&self) -> Option<IpAddr> {
        match self.host {
            Host::Domain(_) => None,
            Host::Ipv4(address) => Some(address.into()),
            Host::Ipv6(address) => Some(address.into()),
        }
    }

    fn check(&self, address: IpAddr, allow_private: bool) -> Result<(), WebhookError> {
        if allow_private || is_public(address) {
            Ok(())
        } else {
            Err(WebhookError::NotPublic {
                host: self.host.to_string(),
                address,
            })
        }
    }

    fn unresolved(&self, reason: String) -> WebhookError {
        WebhookError::Unresolved {
            host: self.host.to_string(),
            reason,
        }
    }
}

/// A host name as DNS carries it (`url` gives it in ASCII: punycode for other scripts): labels of 1 to 63 characters,
/// at most 253 in all, an absolute name's final dot aside.
fn check_host_name(name: &str) -> Result<(), WebhookError> {
    let relative = name.strip_suffix('.').unwrap_or(name);
    if relative.len() > MAX_HOST_CHARS {
        return Err(WebhookError::HostName(relative.len()));
    }
    match relative
        .split('.')
        .find(|label| !(1..=MAX_LABEL_CHARS).contains(&label.len()))
    {
        Some(label) => Err(WebhookError::HostLabel {
            label: label.to_owned(),
            length: label.len(),
        }),
        None => Ok(()),
    }
}

/// IPv4 blocks that are not the public internet (RFC 6890 and its updates).
const NOT_PUBLIC_V4: [Ipv4Net; 15] = [
    Ipv4Net::new_assert(Ipv4Addr::new(0, 0, 0, 0), 8), // "this network", with the unspecified address
    Ipv4Net::new_assert(Ipv4Addr::new(10, 0, 0, 0), 8), // private
    Ipv4Net::new_assert(Ipv4Addr::new(100, 64, 0, 0), 10), // shared (CGNAT), with Alibaba's metadata 100.100.100.200
    Ipv4Net::new_assert(Ipv4Addr::new(127, 0, 0, 0), 8), // loopback
    Ipv4Net::new_assert(Ipv4Addr::new(169, 254, 0, 0), 16), // link-local, with the metadata address 169.254.169.254
    Ipv4Net::new_assert(Ipv4Addr::new(172, 16, 0, 0), 12), // private
    Ipv4Net::new_assert(Ipv4Addr::new(192, 0, 0, 0), 24), // protocol assignments, with Oracle's metadata 192.0.0.192
    Ipv4Net::new_assert(Ipv4Addr::new(192, 0, 2, 0), 24), // documentation
    Ipv4Net::new_assert(Ipv4Addr::new(192, 88, 99, 0), 24), // 6to4 relays
    Ipv4Net::new_assert(Ipv4Addr::new(192, 168, 0, 0), 16), // private
    Ipv4Net::new_assert(Ipv4Addr::new(198, 18, 0, 0), 15), // benchmarking
    Ipv4Net::new_assert(Ipv4Addr::new(198, 51, 100, 0), 24), // documentation
    Ipv4Net::new_assert(Ipv4Addr::new(203, 0, 113, 0), 24), // documentation
    Ipv4Net::new_assert(Ipv4Addr::new(224, 0, 0, 0), 4), // multicast
    Ipv4Net::new_assert(Ipv4Addr::new(240, 0, 0, 0), 4), // reserved, with the broadcast address
];

/// IPv6 blocks that are not the public internet, besides those that embed an IPv4 address (below).
const NOT_PUBLIC_V6: [Ipv6Net; 10] = [
    Ipv6Net::new_assert(Ipv6Addr::UNSPECIFIED, 128),
    Ipv6Net::new_assert(Ipv6Addr::LOCALHOST, 128),
    Ipv6Net::new_assert(Ipv6Addr::new(0x64, 0xff9b, 1, 0, 0, 0, 0, 0), 48), // NAT64 for local use
    Ipv6Net::new_assert(Ipv6Addr::new(0x100, 0, 0, 0, 0, 0, 0, 0), 64),     // discard
    Ipv6Net::new_assert(Ipv6Addr::new(0x2001, 0xdb8, 0, 0, 0, 0, 0, 0), 32), // documentation
    Ipv6Net::new_assert(Ipv6Addr::new(0x3fff, 0, 0, 0, 0, 0, 0, 0), 20),    // documentation
    Ipv6Net::new_assert(Ipv6Addr::new(0xfc00, 0, 0, 0, 0, 0, 0, 0), 7), // unique local, with AWS's metadata fd00:ec2::254
    Ipv6Net::new_assert(Ipv6Addr::new(0xfe80, 0, 0, 0, 0, 0, 0, 0), 10), // link-local
    Ipv6Net::new_assert(Ipv6Addr::new(0xfec0, 0, 0, 0, 0, 0, 0, 0), 10), // site-local (deprecated, still routed by some)
    Ipv6Net::new_assert(Ipv6Addr::new(0xff00, 0, 0, 0, 0, 0, 0, 0), 8),  // multicast
];

/// Whether `address` is on the public internet, so that a webhook may call it.
fn is_public(address: IpAddr) -> bool {
    match address {
        IpAddr::V4(address) => !NOT_PUBLIC_V4.iter().any(|block| block.contains(&address)),
        IpAddr::V6(address) => match embedded_v4(address) {
            Some(inner) => is_public(inner.into()),
            None => !NOT_PUBLIC_V6.iter().any(|block| block.contains(&address)),
        },
    }
}

/// The IPv4 address that an IPv6 one reaches through: IPv4-mapped (`::ffff:a.b.c.d`, which the system's stack turns
/// into an IPv4 connection), IPv4-compatible (`::a.b.c.d`), NAT64 (`64:ff9b::a.b.c.d`) and 6to4 (`2002:aabb:ccdd::`).
fn embedded_v4(address: Ipv6Addr) -> Option<Ipv4Addr> {
    let octets = address.octets();
    let last = Ipv4Addr::new(octets[12], octets[13], octets[14], octets[15]);
    let segments = address.segments();
    match segments {
        [0, 0, 0, 0, 0, 0xffff, _, _] => Some(last),
        // Except `::` and `::1`, which are IPv6's own unspecified and loopback addresses.
        [0, 0, 0, 0, 0, 0, _, _] if u32::from(last) > 1 => Some(last),
        [0x64, 0xff9b, 0, 0, 0, 0, _, _] => Some(last),
        [0x2002, ..] => Some(Ipv4Addr::new(octets[2], octets[3], octets[4], octets[5])),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn refusal(url: &str) -> WebhookError {
        Target::parse(url, false).expect_err(url)
    }

    #[test]
    fn only_https_unless_private_targets_are_allowed() {
        assert!(Target::parse("https://hooks.example.com/ludus?account=7", false).is_ok());
        assert_eq!(refusal("http://hooks.example.com/"), WebhookError::Scheme);
        assert!(Target::parse("http://hooks.example.com/", true).is_ok());
        for scheme in ["ftp", "file", "ws", "wss", "gopher"] {
            let url = format!("{scheme}://hooks.example.com/");
            assert_eq!(refusal(&url), WebhookError::Scheme, "{url}");
            assert_eq!(Target::parse(&url, true), Err(WebhookError::Scheme), "{url}");
        }
        assert_eq!(Target::parse("data:text/plain,hi", true), Err(WebhookError::Scheme));
    }

    #[test]
    fn user_info_fragments_and_junk_are_refused() {
        assert_eq!(refusal("https://user@hooks.example.com/"), WebhookError::Userinfo);
        assert_eq!(refusal("https://user:pw@hooks.example.com/"), WebhookError::Userinfo);
        assert_eq!(refusal("https://:pw@hooks.example.com/"), WebhookError::Userinfo);
        assert_eq!(refusal("https://hooks.example.com/#top"), WebhookError::Fragment);
        assert_eq!(refusal("https://hooks.example.com/#"), WebhookError::Fragment);
        for junk in [
            "",
            "hooks.example.com",
            "https://",
            "https://exa mple.com/",
            "https://example.com:99999/",
        ] {
            assert!(matches!(refusal(junk), WebhookError::Malformed(_)), "{junk:?}");
        }
    }

    #[test]
    fn the_request_line_and_host_header_come_from_the_url() {
        let target = Target::parse("https://Hooks.Example.com:8443/in/ludus?account=7", false).unwrap();
        assert!(target.is_https());
        assert_eq!(target.authority(), "hooks.example.com:8443");
        assert_eq!(target.tls_name(), "hooks.example.com");
        assert_eq!(target.path_and_query(), "/in/ludus?account=7");
        let target = Target::parse("https://hooks.example.com:443", false).unwrap();
        assert_eq!(target.authority(), "hooks.example.com");
        assert_eq!(target.path_and_query(), "/");
        assert_eq!(target.as_str(), "https://hooks.example.com/");
        let target = Target::parse("http://[::1]:8080/x", true).unwrap();
        assert!(!target.is_https());
        assert_eq!(target.authority(), "[::1]:8080");
        assert_eq!(target.tls_name(), "::1");
    }

    #[test]
    fn literal_addresses_that_are_not_public_are_refused_at_once() {
        for url in [
            "https://127.0.0.1/",
            "https://127.1/",
            "https://2130706433/",
            "https://0x7f.0.0.1/",
            "https://0.0.0.0/",
            "https://10.1.2.3/",
            "https://172.31.255.255/",
            "https://192.168.1.1/",
            "https://169.254.169.254/latest/meta-data/",
            "https://100.100.100.200/",
            "https://[::1]/",
            "https://[::]/",
            "https://[fd00:ec2::254]/",
            "https://[::ffff:127.0.0.1]/",
            "https://[::ffff:169.254.169.254]/",
            "https://[::10.0.0.1]/",
            "https://[64:ff9b::192.168.0.1]/",
            "https://[2002:c0a8:0101::]/",
            "https://[fe80::1]/",
        ] {
            assert!(matches!(refusal(url), WebhookError::NotPublic { .. }), "{url}");
            assert!(Target::parse(url, true).is_ok(), "{url}");
        }
    }

    #[test]
    fn public_and_special_addresses_are_told_apart() {
        for public in [
            "8.8.8.8",
            "1.1.1.1",
            "100.63.255.255",
            "100.128.0.0",
            "172.15.255.255",
            "172.32.0.0",
            "169.253.255.255",
            "198.20.0.0",
            "223.255.255.255",
            "2606:4700:4700::1111",
            "2a00:1450:4007:80e::200e",
            "::ffff:8.8.8.8",
            "64:ff9b::808:808",
            "2002:808:808::1",
            "::2.2.2.2",
        ] {
            assert!(is_public(public.parse().unwrap()), "{public}");
        }
        for special in [
            "0.1.2.3",
            "100.64.0.1",
            "127.255.255.254",
            "192.0.0.192",
            "192.0.2.1",
            "198.18.0.1",
            "198.51.100.7",
            "203.0.113.9",
            "224.0.0.1",
            "239.255.255.250",
            "255.255.255.255",
            "240.0.0.1",
            "fc00::1",
            "fdff:ffff::1",
            "febf::1",
            "fec0::1",
            "ff02::1",
            "2001:db8::1",
            "3fff::1",
            "100::1",
            "64:ff9b:1::1",
            "::ffff:10.0.0.1",
            "::ffff:0.0.0.0",
            "::ffff:255.255.255.255",
            "64:ff9b::a9fe:a9fe",
            "2002:a9fe:a9fe::",
        ] {
            assert!(!is_public(special.parse().unwrap()), "{special}");
        }
    }

    #[tokio::test]
    async fn names_are_checked_once_resolved() {
        let target = Target::parse("https://localhost:8443/", false).expect("a name is not checked before resolving");
        match target.resolve(false).await {
            Err(WebhookError::NotPublic { host, address }) => {
                assert_eq!(host, "localhost");
                assert!(address.is_loopback());
            }
            other => panic!("localhost resolved to {other:?}"),
        }
        let allowed = Target::parse("https://localhost:8443/", true)
            .unwrap()
            .resolve(true)
            .await
            .unwrap();
        assert!(!allowed.is_empty());
        assert!(
            allowed
                .iter()
                .all(|address| address.ip().is_loopback() && address.port() == 8443)
        );
    }

    #[tokio::test]
    async fn literal_addresses_resolve_to_themselves() {
        let public = Target::parse("https://8.8.8.8/", false)
            .unwrap()
            .resolve(false)
            .await
            .unwrap();
        assert_eq!(public, vec!["8.8.8.8:443".parse().unwrap()]);
        let private = Target::parse("http://[::1]:9000/", true)
            .unwrap()
            .resolve(true)
            .await
            .unwrap();
        assert_eq!(private, vec!["[::1]:9000".parse().unwrap()]);
    }
}
