//! Ids as requests name them, checked once where the request is read: past the HTTP layer a game id or an account
//! id is always of the shape the service gives, and the store is never asked for anything else.

use std::fmt;
use std::ops::Deref;

use serde::{Deserialize, Serialize};

/// A text that is no id of a game or an account: no such game or account can exist.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum NoSuchId {
    #[error("no game with this id")]
    Game,
    #[error("no account {0:?}")]
    Account(String),
}

/// The longest id the service gives or accepts, in bytes.
const MAX_LEN: usize = 64;
/// What every account id starts with (an account is named by its id or by its name); being longer than any name,
/// an id is never read as a name.
pub const ACCOUNT_PREFIX: &str = "acc_";

/// A game's id: 1 to 64 ASCII letters, digits, `-` or `_` (the service gives 32 hex digits).
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct GameId(String);

impl GameId {
    /// `text` as a game id; no game has an id of another shape, so it is refused as not found.
    pub fn parse(text: &str) -> Result<Self, NoSuchId> {
        if text.is_empty() || text.len() > MAX_LEN || !text.bytes().all(is_id_byte) {
            return Err(NoSuchId::Game);
        }
        Ok(Self(text.to_owned()))
    }

    /// An id the store gave back, or the service made: already of the shape.
    pub fn known(id: impl Into<String>) -> Self {
        Self(id.into())
    }

    /// A new random id: 32 hex digits.
    pub fn random() -> Self {
        Self(hex::encode(rand::random::<[u8; 16]>()))
    }
}

/// An account's id: `acc_` then 1 to 60 lowercase letters, digits or `_`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct AccountId(String);

impl AccountId {
    /// `text` as an account id; no account has an id of another shape, so it is refused as not found.
    pub fn parse(text: &str) -> Result<Self, NoSuchId> {
        let valid = text.len() <= MAX_LEN
            && text.strip_prefix(ACCOUNT_PREFIX).is_some_and(|rest| {
                !rest.is_empty()
                    && rest
                        .bytes()
                        .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'_')
            });
        if !valid {
            return Err(NoSuchId::Account(text.to_owned()));
        }
        Ok(Self(text.to_owned()))
    }
}

/// How a request names an account: by its id, or by its name.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum AccountRef {
    Id(AccountId),
    Name(String),
}

impl AccountRef {
    /// An id when `text` starts as ids do, else a name.
    pub fn parse(text: &str) -> Result<Self, NoSuchId> {
        if text.starts_with(ACCOUNT_PREFIX) {
            AccountId::parse(text).map(Self::Id)
        } else {
            Ok(Self::Name(text.to_owned()))
        }
    }
}

impl fmt::Display for AccountRef {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Id(id) => f.write_str(id),
            Self::Name(name) => f.write_str(name),
        }
    }
}

fn is_id_byte(byte: u8) -> bool {
    byte.is_ascii_alphanumeric() || byte == b'-' || byte == b'_'
}

macro_rules! id_text {
    ($($id:ident),*) => {$(
        impl Deref for $id {
            type Target = str;

            fn deref(&self) -> &str {
                &self.0
            }
        }

        impl fmt::Display for $id {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str(&self.0)
            }
        }
    )*};
}

id_text!(GameId, AccountId);

#[cfg(test)]
mod tests {
    use super::{AccountId, AccountRef, GameId, NoSuchId};

    #[test]
    fn a_game_id_is_1_to_64_letters_digits_dashes_or_underscores() {
        for good in ["0123456789abcdef0123456789abcdef", "g1", "A-b_c", &"f".repeat(64)] {
            assert_eq!(GameId::parse(good).map(|id| id.to_string()).ok().as_deref(), Some(good));
        }
        for bad in ["", "a b", "../etc", "é", "a/b", "a.b", &"f".repeat(65)] {
            assert_eq!(GameId::parse(bad), Err(NoSuchId::Game), "{bad:?}");
        }
    }

    #[test]
    fn an_account_is_named_by_an_id_of_its_shape_or_by_a_name() {
        let id = AccountId::parse("acc_0123abcd").unwrap();
        assert_eq!(AccountRef::parse("acc_0123abcd").unwrap(), AccountRef::Id(id));
        assert_eq!(AccountRef::parse("livia").unwrap(), AccountRef::Name("livia".to_owned()));
        assert_eq!(AccountRef::parse("acc_bot_random").unwrap().to_string(), "acc_bot_random");
        for bad in ["acc_", "acc_X", "acc_a b", "acc_é", "livia"] {
            assert_eq!(AccountId::parse(bad), Err(NoSuchId::Account(bad.to_owned())), "{bad:?}");
        }
        assert!(AccountRef::parse("acc_a-b").is_err(), "an id's shape with a character ids never hold");
    }
}
