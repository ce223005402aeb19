//! Signatures as Stripe makes them, so that receivers can reuse what they know: `t=<unix seconds>,v1=<hex>`, the hex
//! being HMAC-SHA256, keyed with the whole secret text (`whsec_...`), of `"<t>.<body>"`. The timestamp is signed too, so
//! that a captured request cannot be replayed later than the receiver's tolerance.
//!
//! A receiver checks a request this way (any language has the same three steps):
//! 1. split the `Ludus-Signature` header on `,` into `key=value` pairs: one `t`, one or more `v1`;
//! 2. refuse it when `t` is further from its clock than its tolerance (5 minutes is usual);
//! 3. compute the HMAC-SHA256 of `t`, `.`, and the raw body as received, with the secret as key, and accept when it
//!    equals one of the `v1` values, comparing in constant time.

use std::time::Duration;

use hmac::{Hmac, Mac};
use sha2::Sha256;

/// The header that carries the signature.
pub const SIGNATURE_HEADER: &str = "Ludus-Signature";

const SECRET_PREFIX: &str = "whsec_";

/// A new signing secret: 256 random bits in hex, prefixed `whsec_` so that it is recognisable in a leak.
pub fn new_secret() -> String {
    format!("{SECRET_PREFIX}{}", hex::encode(rand::random::<[u8; 32]>()))
}

fn mac(secret: &str, timestamp: u64, body: &[u8]) -> Hmac<Sha256> {
    let mut mac = Hmac::<Sha256>::new_from_slice(secret.as_bytes()).expect("HMAC takes a key of any length");
    mac.update(timestamp.to_string().as_bytes());
    mac.update(b".");
    mac.update(body);
    mac
}

/// The `Ludus-Signature` header value for `body` sent at `timestamp` (Unix seconds).
pub(super) fn sign(secret: &str, timestamp: u64, body: &[u8]) -> String {
    format!("t={timestamp},v1={}", hex::encode(mac(secret, timestamp, body).finalize().into_bytes()))
}

/// Whether `header` signs `body` with `secret`, at a time at most `tolerance` away from `now_unix`. Any of several
/// `v1` values may match (a sender rotating its secret signs with both); other schemes are ignored.
pub fn verify(secret: &str, header: &str, body: &[u8], now_unix: u64, tolerance: Duration) -> bool {
    let mut timestamps = Vec::new();
    let mut signatures = Vec::new();
    for (key, value) in header.split(',').filter_map(|pair| pair.trim().split_once('=')) {
        match key {
            "t" => timestamps.push(value),
            "v1" => signatures.push(value),
            _ => {}
        }
    }
    let [timestamp] = timestamps[..] else {
        return false;
    };
    let Ok(timestamp) = timestamp.parse::<u64>() else {
        return false;
    };
    if timestamp.abs_diff(now_unix) > tolerance.as_secs() {
        return false;
    }
    let expected = mac(secret, timestamp, body);
    signatures
        .into_iter()
        .filter_map(|signature| hex::decode(signature).ok())
        // `verify_slice` compares in constant time: a timing difference would tell an attacker how many leading bytes
        // of a forged signature are right.
        .any(|signature| expected.clone().verify_slice(&signature).is_ok())
}

#[cfg(test)]
mod tests {
    use super::*;

    const SECRET: &str = "whsec_test";
    const BODY: &[u8] = br#"{"event":"your_turn"}"#;
    const NOW: u64 = 1_700_000_000;
    const TOLERANCE: Duration = Duration::from_secs(300);

    #[test]
    fn the_header_is_stripes_format_with_a_known_hmac() {
        // Computed independently: Python's hmac.new(b"whsec_test", b'1700000000.{"event":"your_turn"}', sha256).
        assert_eq!(
            sign(SECRET, NOW, BODY),
            "t=1700000000,v1=f8e2884a250e741b117c98419db09df9f96d10536d2369dc4f9160246a5a7807"
        );
    }

    #[test]
    fn a_signature_verifies_within_the_tolerance() {
        let header = sign(SECRET, NOW, BODY);
        for now in [NOW, NOW - 300, NOW + 300] {
            assert!(verify(SECRET, &header, BODY, now, TOLERANCE), "at {now}");
        }
        for now in [NOW - 301, NOW + 301, 0, u64::MAX] {
            assert!(!verify(SECRET, &header, BODY, now, TOLERANCE), "at {now}");
        }
    }

    #[test]
    fn tampering_with_anything_signed_fails() {
        let header = sign(SECRET, NOW, BODY);
        assert!(!verify("whsec_other", &header, BODY, NOW, TOLERANCE));
        assert!(!verify(SECRET, &header, br#"{"event":"your_turn" }"#, NOW, TOLERANCE));
        assert!(!verify(SECRET, &header, b"", NOW, TOLERANCE));
        let moved_in_time = header.replace("t=1700000000", "t=1700000001");
        assert!(!verify(SECRET, &moved_in_time, BODY, NOW, TOLERANCE));
        let mut flipped = header.clone();
        let last = flipped.pop().unwrap();
        flipped.push(if last == '0' { '1' } else { '0' });
        assert!(!verify(SECRET, &flipped, BODY, NOW, TOLERANCE));
    }

    #[test]
    fn malformed_headers_fail() {
        let header = sign(SECRET, NOW, BODY);
        let v1 = header.split_once(",v1=").unwrap().1;
        for wrong in [
            String::new(),
            format!("v1={v1}"),
            format!("t={NOW}"),
            format!("t={NOW},t={NOW},v1={v1}"),
            format!("t=soon,v1={v1}"),
            format!("t={NOW},v1={}", &v1[..62]),
            format!("t={NOW},v1=not-hex"),
            format!("t={NOW},v0={v1}"),
        ] {
            assert!(!verify(SECRET, &wrong, BODY, NOW, TOLERANCE), "{wrong:?}");
        }
    }

    #[test]
    fn any_v1_may_match_and_spaces_are_tolerated() {
        let v1 = sign(SECRET, NOW, BODY).split_once(",v1=").unwrap().1.to_owned();
        let stale = "0".repeat(64);
        let header = format!("t={NOW}, v1={stale}, v1={v1}, v0=whatever");
        assert!(verify(SECRET, &header, BODY, NOW, TOLERANCE));
    }

    #[test]
    fn secrets_are_prefixed_random_hex() {
        let secret = new_secret();
        let random = secret.strip_prefix("whsec_").unwrap();
        assert_eq!(random.len(), 64);
        assert!(random.bytes().all(|b| b.is_ascii_hexdigit() && !b.is_ascii_uppercase()));
        assert_ne!(secret, new_secret());
    }
}
