//! What the account operations read and answer.

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::api::dto::{GameStatus, PlayerSeat};
use crate::service::{Account, AccountKind, KeyInfo, SessionInfo};

#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(example = json!({"name": "livia", "kind": "player"}))]
pub struct CreateAccountRequest {
    /// 2 to 24 letters, digits, `_` or `-`; unique whatever its case.
    #[schema(min_length = 2, max_length = 24, pattern = "^[A-Za-z0-9_-]+$")]
    pub name: String,
    pub kind: AccountKind,
}

/// A person's name and password, to sign up or sign in.
#[derive(Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(example = json!({"name": "livia", "password": "a long passphrase"}))]
pub struct SignInRequest {
    /// The account's name: 2 to 24 letters, digits, `_` or `-`, in any case.
    #[schema(min_length = 2, max_length = 24, pattern = "^[A-Za-z0-9_-]+$")]
    pub name: String,
    /// 8 to 128 characters; kept only as an argon2id hash.
    #[schema(min_length = 8, max_length = 128, format = Password)]
    pub password: String,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct AccountResponse {
    #[schema(example = "acc_5f0c3e1a9b7d2c4e6f8a0b1c")]
    pub id: String,
    #[schema(example = "livia")]
    pub name: String,
    pub kind: AccountKind,
    pub created_at_ms: u64,
}

impl From<Account> for AccountResponse {
    fn from(account: Account) -> Self {
        Self {
            id: account.id,
            name: account.name,
            kind: account.kind,
            created_at_ms: account.created_at_ms,
        }
    }
}

/// A new account and its first key, shown once.
#[derive(Debug, Serialize, ToSchema)]
pub struct CreatedAccountResponse {
    #[serde(flatten)]
    pub account: AccountResponse,
    /// Send it as `Authorization: Bearer <key>`; shown only now, stored only as a hash.
    #[schema(example = "lk_3f9a0c4e5b6d7e8f_9f2c4e0b7a1d3c5e8f6a2b4c6d8e0f1a3b5c7d9e1f2a4b6c8d0e2f4a6b8c0d2e")]
    pub key: String,
    /// The key's id, to revoke it.
    pub key_id: String,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct KeyResponse {
    #[schema(example = "3f9a0c4e5b6d7e8f")]
    pub id: String,
    pub created_at_ms: u64,
}

impl From<KeyInfo> for KeyResponse {
    fn from(key: KeyInfo) -> Self {
        Self {
            id: key.id,
            created_at_ms: key.created_at_ms,
        }
    }
}

/// The account and its keys (never the keys themselves).
#[derive(Debug, Serialize, ToSchema)]
pub struct MeResponse {
    #[serde(flatten)]
    pub account: AccountResponse,
    pub keys: Vec<KeyResponse>,
}

/// A new key, shown once.
#[derive(Debug, Serialize, ToSchema)]
pub struct NewKeyResponse {
    pub id: String,
    pub created_at_ms: u64,
    /// Shown only now.
    pub key: String,
}

#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum GamesStatus {
    /// Waiting for players or being played.
    #[default]
    Active,
    Finished,
}

#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[serde(deny_unknown_fields)]
#[into_params(parameter_in = Query)]
pub struct AccountGamesQuery {
    /// `active` (default: waiting for players or being played) or `finished`.
    #[serde(default)]
    pub status: GamesStatus,
    /// Only games where one of the account's seats is to act.
    #[serde(default)]
    pub to_act: bool,
    /// At most this many games (1 to 100, default 20); a page filtered by `to_act` may hold fewer.
    #[param(minimum = 1, maximum = 100)]
    pub limit: Option<u64>,
    /// The `next_before` of the previous page.
    #[param(pattern = "^[0-9]{1,19}-[0-9a-f]{1,64}$")]
    pub before: Option<String>,
}

impl AccountGamesQuery {
    pub const DEFAULT_LIMIT: u64 = 20;
    pub const MAX_LIMIT: u64 = 100;
}

/// A game of the account's.
#[derive(Debug, Serialize, ToSchema)]
pub struct AccountGameEntry {
    pub id: String,
    pub title: String,
    pub version: u64,
    pub status: GameStatus,
    /// The account's seats in the game.
    pub seats: Vec<&'static str>,
    /// The open seats the account is invited to: join or decline them.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub invited: Vec<&'static str>,
    /// Every seat to act now (the account's among them when `my_turn`).
    pub to_act: Vec<&'static str>,
    /// True when one of the account's seats is to act.
    pub my_turn: bool,
    /// Who sits at each seat, as the game's own answer shows them (without presence).
    pub players: Vec<PlayerSeat>,
    /// True when the game counts for the ratings.
    pub rated: bool,
    /// When the seats to act must have acted (milliseconds since the Unix epoch), in a game with a clock.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub deadline_ms: Option<u64>,
    pub created_at_ms: u64,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct AccountGamesResponse {
    /// Newest first.
    pub games: Vec<AccountGameEntry>,
    /// When there may be more: pass it as `before` for the next page.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub next_before: Option<String>,
}

/// One of the account's sessions (never its token).
#[derive(Debug, Serialize, ToSchema)]
pub struct SessionResponse {
    /// The session's id, to end it with `DELETE /v1/sessions/{session_id}`.
    #[schema(example = "9b1f3c5e7a2d4f60")]
    pub id: String,
    pub created_at_ms: u64,
    /// The `User-Agent` of the browser that signed in (its first 200 characters), when it sent one.
    #[schema(example = "Mozilla/5.0 (X11; Linux x86_64) Chrome/156.0")]
    pub agent: Option<String>,
    /// Whether it is the session of this request's cookie.
    pub current: bool,
}

impl From<SessionInfo> for SessionResponse {
    fn from(session: SessionInfo) -> Self {
        Self {
            id: session.id,
            created_at_ms: session.created_at_ms,
            agent: session.agent,
            current: session.current,
        }
    }
}

/// The account's sessions, oldest first.
#[derive(Debug, Serialize, ToSchema)]
pub struct SessionsResponse {
    pub sessions: Vec<SessionResponse>,
}
