//! The hash chain over a game's log: `h(0)` is derived from the game id, `h(n) = SHA-256(h(n-1) ‖ event n)`
//! truncated to 128 bits. Two logs with the same head hash hold the same events (up to a hash collision), so a state
//! cached at a head is the log's state exactly when the log's entry at that position carries the same hash.

use sha2::{Digest, Sha256};

/// A truncated SHA-256: 128 bits are plenty to tell versions of one game's log apart.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ChainHash(pub [u8; 16]);

impl ChainHash {
    /// The hash before the first event of game `id`.
    pub fn genesis(id: &str) -> Self {
        Self::digest(b"ludus-chain-v1:", id.as_bytes())
    }

    /// The hash after appending `event` to a log whose last hash is `self`.
    pub fn then(self, event: &str) -> Self {
        Self::digest(&self.0, event.as_bytes())
    }

    fn digest(first: &[u8], second: &[u8]) -> Self {
        let mut hasher = Sha256::new();
        hasher.update(first);
        hasher.update(second);
        let full = hasher.finalize();
        let mut truncated = [0; 16];
        truncated.copy_from_slice(&full[..16]);
        Self(truncated)
    }

    pub fn to_hex(self) -> String {
        hex::encode(self.0)
    }

    pub fn from_hex(text: &str) -> Option<Self> {
        let bytes = hex::decode(text).ok()?;
        Some(Self(bytes.try_into().ok()?))
    }
}

/// A position in a game's log: how many events it holds and the chain hash after the last one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Head {
    pub version: u64,
    pub hash: ChainHash,
}

impl Head {
    /// The empty log of game `id`.
    pub fn genesis(id: &str) -> Self {
        Self {
            version: 0,
            hash: ChainHash::genesis(id),
        }
    }

    /// The head after `events`, with the hash after each of them.
    pub fn extend<'a>(self, events: impl IntoIterator<Item = &'a String>) -> (Self, Vec<ChainHash>) {
        let mut head = self;
        let hashes = events
            .into_iter()
            .map(|event| {
                head = head.then(event);
                head.hash
            })
            .collect();
        (head, hashes)
    }

    /// The head after one more event.
    pub fn then(self, event: &str) -> Self {
        Self {
            version: self.version + 1,
            hash: self.hash.then(event),
        }
    }

    /// The head of game `id` after exactly `events`.
    pub fn of_log<'a>(id: &str, events: impl IntoIterator<Item = &'a String>) -> Self {
        Self::genesis(id).extend(events).0
    }

    /// The position as clients hold it: its version and the start of its hash.
    pub fn tag(self) -> HeadTag {
        let mut prefix = [0; TAG_BYTES];
        prefix.copy_from_slice(&self.hash.0[..TAG_BYTES]);
        HeadTag {
            version: self.version,
            prefix,
        }
    }
}

/// Bytes of the chain hash a `HeadTag` carries: 64 bits tell one game's histories apart.
const TAG_BYTES: usize = 8;

/// A log position as clients hold and present it (`<version>-<16 hex digits>`): the `ETag` of game answers and the
/// `id` of stream messages. Presented back (`X-Ludus-Known-Head`, `Last-Event-ID`), it lets the service tell
/// whether the log still holds that position or was rewritten since.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct HeadTag {
    pub version: u64,
    pub prefix: [u8; TAG_BYTES],
}

impl HeadTag {
    /// Whether `hash` starts as this tag's does.
    pub fn names(&self, version: u64, hash: ChainHash) -> bool {
        self.version == version && hash.0[..TAG_BYTES] == self.prefix
    }

    /// The hash's start in hex, as scripts compare it with the stored hash.
    pub fn prefix_hex(&self) -> String {
        hex::encode(self.prefix)
    }
}

impl std::fmt::Display for HeadTag {
    fn fmt(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(formatter, "{}-{}", self.version, hex::encode(self.prefix))
    }
}

impl std::str::FromStr for HeadTag {
    type Err = ();

    /// `<version>-<16 hex digits>`, in an `ETag`'s quotes or not.
    fn from_str(text: &str) -> Result<Self, ()> {
        let text = text.trim();
        let text = text.strip_prefix("W/").unwrap_or(text);
        let text = text.strip_prefix('"').and_then(|t| t.strip_suffix('"')).unwrap_or(text);
        let (version, prefix) = text.split_once('-').ok_or(())?;
        if prefix.len() != TAG_BYTES * 2 || !version.bytes().all(|b| b.is_ascii_digit()) {
            return Err(());
        }
        let mut bytes = [0; TAG_BYTES];
        hex::decode_to_slice(prefix, &mut bytes).map_err(|_| ())?;
        Ok(Self {
            version: version.parse().map_err(|_| ())?,
            prefix: bytes,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_chain_depends_on_every_event_and_its_order() {
        let log = |events: &[&str]| {
            let events: Vec<String> = events.iter().map(|e| e.to_string()).collect();
            Head::of_log("g", &events)
        };
        assert_eq!(log(&["a", "b"]), log(&["a", "b"]));
        assert_ne!(log(&["a", "b"]).hash, log(&["b", "a"]).hash);
        assert_ne!(log(&["a", "b"]).hash, log(&["a", "c"]).hash);
        assert_eq!(log(&["a", "b"]).version, 2);
        assert_ne!(Head::genesis("g").hash, Head::genesis("h").hash);
    }

    #[test]
    fn hashes_round_trip_through_hex() {
        let hash = ChainHash::genesis("g").then("x");
        assert_eq!(ChainHash::from_hex(&hash.to_hex()), Some(hash));
        assert_eq!(hash.to_hex().len(), 32);
        assert_eq!(ChainHash::from_hex("00"), None);
    }

    #[test]
    fn a_tag_names_its_position_and_reads_back_quoted_or_not() {
        let head = Head::of_log("g", &["a".to_owned()]);
        let tag = head.tag();
        assert!(tag.names(head.version, head.hash));
        assert!(!tag.names(head.version, Head::genesis("g").hash));
        assert!(!tag.names(head.version + 1, head.hash));
        let text = tag.to_string();
        assert_eq!(text, format!("1-{}", &head.hash.to_hex()[..16]));
        assert_eq!(text.parse(), Ok(tag));
        assert_eq!(format!("\"{text}\"").parse(), Ok(tag));
        assert_eq!(format!("W/\"{text}\"").parse(), Ok(tag));
        for bad in [
            "1",
            "1-",
            "x-0011223344556677",
            "1-00112233445566",
            "1-001122334455667g",
            "-1-0011223344556677",
        ] {
            assert_eq!(bad.parse::<HeadTag>(), Err(()), "{bad}");
        }
    }

    #[test]
    fn the_derivation_is_pinned() {
        // Stored logs carry these hashes: changing the derivation would make every stored log look diverged.
        assert_eq!(ChainHash::genesis("g").to_hex(), "7278f01fc5078bc9bf6a1c23b9640aff");
        assert_eq!(ChainHash::genesis("g").then("e").to_hex(), "59b5df8c8f179a84cdc58ae92107e4ee");
    }
}
