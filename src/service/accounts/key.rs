//! Account keys: `lk_<key id>_<secret>`. The key id is public (it names the key for revocation); the store keeps the
//! SHA-256 of the whole key, compared in constant time, never the key.

use subtle::ConstantTimeEq;

use crate::service::hash_token;

const PREFIX: &str = "lk_";
const KEY_ID_BYTES: usize = 8;
const SECRET_BYTES: usize = 32;

/// True for a bearer credential shaped as an account key (seat tokens are bare hex: they never start so).
pub fn is_account_key(bearer: &str) -> bool {
    bearer.starts_with(PREFIX)
}

/// A new key: its id and the key, shown once.
pub(super) fn new_key() -> (String, String) {
    let id = hex::encode(rand::random::<[u8; KEY_ID_BYTES]>());
    let key = format!("{PREFIX}{id}_{}", hex::encode(rand::random::<[u8; SECRET_BYTES]>()));
    (id, key)
}

/// The key id a well-formed key names.
pub(super) fn key_id(key: &str) -> Option<&str> {
    let rest = key.strip_prefix(PREFIX)?;
    let (id, secret) = rest.split_once('_')?;
    let hex_of = |text: &str, bytes: usize| text.len() == 2 * bytes && text.bytes().all(|b| b.is_ascii_hexdigit());
    (hex_of(id, KEY_ID_BYTES) && hex_of(secret, SECRET_BYTES)).then_some(id)
}

/// Whether `key` hashes to `stored_hash`, in constant time.
pub(super) fn matches(key: &str, stored_hash: &str) -> bool {
    bool::from(hash_token(key).as_bytes().ct_eq(stored_hash.as_bytes()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_new_key_names_its_id_and_matches_only_its_hash() {
        let (id, key) = new_key();
        assert!(is_account_key(&key));
        assert_eq!(key_id(&key), Some(id.as_str()));
        assert!(matches(&key, &hash_token(&key)));
        let (_, other) = new_key();
        assert!(!matches(&other, &hash_token(&key)));
        assert_eq!(key_id("lk_zz_00"), None);
        assert_eq!(key_id(&key[..key.len() - 1]), None, "a truncated key");
        assert!(!is_account_key(&hash_token("seat token")));
    }
}
