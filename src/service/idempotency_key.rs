//! The `Idempotency-Key` a client sends with a move, checked once where the request is read: past the HTTP layer a
//! key is always a valid one.

use std::fmt;

/// The longest key, in bytes.
const MAX_LEN: usize = 255;

/// A client's idempotency key: 1 to 255 visible ASCII characters.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct IdempotencyKey(String);

/// Why a text is not an idempotency key.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("Idempotency-Key must be 1 to {MAX_LEN} visible ASCII characters")]
pub struct InvalidIdempotencyKey;

impl IdempotencyKey {
    pub fn parse(text: &str) -> Result<Self, InvalidIdempotencyKey> {
        if text.is_empty() || text.len() > MAX_LEN || !text.bytes().all(|b| b.is_ascii_graphic()) {
            return Err(InvalidIdempotencyKey);
        }
        Ok(Self(text.to_owned()))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl fmt::Display for IdempotencyKey {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

#[cfg(test)]
mod tests {
    use super::{IdempotencyKey, InvalidIdempotencyKey};

    #[test]
    fn a_key_is_one_to_255_visible_ascii_characters() {
        for good in ["k", "move-12", "~!@#$%^&*()", &"k".repeat(255)] {
            assert_eq!(IdempotencyKey::parse(good).map(|key| key.to_string()).as_deref(), Ok(good));
        }
        for bad in ["", " ", "a b", "tab\t", "é", &"k".repeat(256)] {
            assert_eq!(IdempotencyKey::parse(bad), Err(InvalidIdempotencyKey), "{bad:?}");
        }
    }
}
