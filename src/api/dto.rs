//! Request and response bodies. Title-specific parts (actions, views, events, results, options) are JSON values
//! here; the OpenAPI document describes each as a `oneOf` of the titles' own schemas (see `openapi.rs`).

use std::collections::BTreeMap;

use serde::{Deserialize, Deserializer, Serialize};
use serde_json::Value;
use serde_json::value::RawValue;
use utoipa::ToSchema;

use crate::engine::Lang;
use crate::engine::bot::Bot;
use crate::engine::clocks::ClockSettings;
use crate::engine::table::{ChatPolicy, LeaveReason, OnDecline, OnLeave};
pub use crate::service::GameEnding;
use crate::service::{LobbyStatus, SeatsRequest};
use crate::store::{Persistence, ReplicationStatus, StoreKind};

pub use crate::engine::unions::{AnyAction, AnyEvent, AnyOutcome, AnyView};

/// Integers the API reads are JSON Schema `int64` from 0 up: a larger number is refused, as the OpenAPI document says,
/// rather than accepted beyond what a client generated from it can represent.
pub fn int64<'de, D: Deserializer<'de>>(deserializer: D) -> Result<u64, D::Error> {
    let value = i64::deserialize(deserializer)?;
    u64::try_from(value).map_err(|_| serde::de::Error::custom(format!("{value} is negative")))
}

/// `int64` for an optional field.
pub fn optional_int64<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Option<u64>, D::Error> {
    #[derive(Deserialize)]
    struct Int64(#[serde(deserialize_with = "int64")] u64);
    Ok(Option::<Int64>::deserialize(deserializer)?.map(|Int64(value)| value))
}

/// A new game.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(example = json!({"title": "caesar-cleopatra", "players": 2, "seed": 42, "options": {"manipulation_pile": "shuffled"}}))]
pub struct CreateGameRequest {
    /// A title id from `GET /v1/titles`.
    pub title: String,
    /// Number of players (seats), within the title's `min_players`..=`max_players`.
    #[schema(minimum = 1, maximum = 5)]
    pub players: usize,
    /// Makes every shuffle and roll of the game reproducible. Omit it for an unpredictable game.
    #[serde(default, deserialize_with = "optional_int64")]
    pub seed: Option<u64>,
    /// The title's options; omitted fields take their defaults.
    #[serde(default)]
    #[schema(value_type = Option<Object>)]
    pub options: Option<Value>,
    /// The seats the creator takes: a number (the first seats in seat order) or `open`/`mine` per seat id (unnamed
    /// seats are the creator's). Default: every seat. Open seats are listed in the lobby until someone joins them
    /// (`POST /v1/games/{id}/seats/{seat}/join`); the game starts when the last one is taken, and expires if that
    /// does not happen in time (one hour by default).
    #[serde(default)]
    pub seats: Option<SeatsRequest>,
    /// The creator's display name, shown to everyone with its seats.
    /// 1 to 40 characters, not all spaces (else 400 `invalid_name`): letters, combining marks (at most 4 on one
    /// character), digits, spaces and punctuation of any script, and ASCII's symbols; no control, format or other
    /// invisible character (bidirectional controls, zero-width spaces and joiners, variation selectors, Hangul
    /// fillers: every default-ignorable code point), no other symbol, no unassigned code point (else 422
    /// `name_refused`, naming the character). Kept in NFC, trimmed of spaces.
    #[serde(default)]
    #[schema(min_length = 1, max_length = 40, pattern = "[^ ]", example = "Livia")]
    pub name: Option<String>,
    /// Seconds each decision may take (1 to 2592000). The seat to act that lets it pass loses the game by timeout.
    #[serde(default, deserialize_with = "optional_int64")]
    #[schema(minimum = 1, maximum = 2592000)]
    pub turn_seconds: Option<u64>,
    /// An explicit `seed` makes the game reproducible by anyone who knows it (every hand included), so a game with
    /// open seats and a seed is refused unless this is true.
    #[serde(default)]
    pub public_seed: bool,
    /// Seats played by built-in opponents, by seat id (e.g. `{"cleopatra": {"kind": "random"}}`). A bot moves as
    /// soon as its seat is to act; its moves are ordinary moves in the log. `seats` places the creator on the other
    /// seats.
    #[serde(default)]
    #[schema(example = json!({"cleopatra": {"kind": "random"}}))]
    pub bots: Option<BTreeMap<String, Bot>>,
    /// When a seat is reserved for an account (`seats: {"cleopatra": {"account": "livia"}}`) and that account
    /// declines it: `open` (default) opens the seat to anyone, `abort` ends the game.
    #[serde(default)]
    pub on_decline: Option<OnDecline>,
    /// What a seat that resigns or lets its time run out does to the game: `end` (its side loses, the game ends) or
    /// `bot` (a built-in `search` bot plays it to the end and it ranks last). Default: `bot` with 3 or more seats,
    /// `end` with 2 (where `bot` is refused).
    #[serde(default)]
    pub on_leave: Option<OnLeave>,
    /// A clock per seat instead of `turn_seconds`: Fischer (`{"initial_seconds": 300, "increment_seconds": 5}`) or a
    /// time bank (`{"bank_seconds": 600, "turn_seconds": 30}`: each decision has its turn time, then draws on the
    /// bank; unused turn time flows back into the bank, up to its start). During simultaneous steps every acting
    /// seat's clock runs. A seat whose time runs out is treated as `on_leave` says.
    #[serde(default)]
    pub clock: Option<ClockSettings>,
    /// Who may read and write the game's chat (`POST`/`GET /v1/games/{id}/chat`): `players` (default: the seats,
    /// with their token or account key), `all` (spectators too), or `off`.
    #[serde(default)]
    pub chat: Option<ChatPolicy>,
    /// A rated game: once over, it changes its accounts' Glicko-2 ratings in this title (`GET
    /// /v1/titles/{id}/leaderboard`). Every seat is held by an account: the creator's seat needs an account key (one
    /// seat at most), open seats are joined with account keys, and bots are the ladder's (`random`, `search`, or
    /// `search` with 1000 iterations), each with an account of its own. No `seed` may be sent. A seat abandoned
    /// counts as a loss.
    #[serde(default)]
    pub rated: bool,
}

/// A seat and its secret token, returned only once, when the game is created.
#[derive(Debug, Serialize, ToSchema)]
pub struct SeatToken {
    #[schema(example = "cleopatra")]
    pub seat: &'static str,
    /// 256-bit secret; send it as `Authorization: Bearer <token>`.
    #[schema(example = "9f2c4e0b7a1d3c5e8f6a2b4c6d8e0f1a3b5c7d9e1f2a4b6c8d0e2f4a6b8c0d2e")]
    pub token: String,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum GameStatus {
    /// Waiting for players: a seat is open, the title's game has not started.
    Open,
    Active,
    /// Played out, or ended at the table (see `ending`).
    Finished,
}

/// A seat and who sits there.
#[derive(Debug, Serialize, ToSchema)]
pub struct PlayerSeat {
    #[schema(example = "caesar")]
    pub seat: &'static str,
    /// True while nobody has joined this seat.
    pub open: bool,
    /// The display name of whoever sits there, if they gave one.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(example = "Livia")]
    pub name: Option<String>,
    /// The built-in opponent that plays this seat, if one does.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub bot: Option<Bot>,
    /// The id of the account the seat is bound to, if any: its key acts for the seat.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(example = "acc_5f0c3e1a9b7d2c4e6f8a0b1c")]
    pub account: Option<String>,
    /// The id of the account an open seat is reserved for: only it may join it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub invited: Option<String>,
    /// Set once the seat left a game that went on without it (`on_leave: bot`): a bot plays it and it ranks last.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub abandoned: Option<LeaveReason>,
    /// True while its player handed the seat to a bot (`hand_to_bot`); `take_back_seat` ends it.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub handed_to_bot: bool,
    /// True once the account that held the seat was deleted: show "deleted player" (its name and account are gone,
    /// here and in the log).
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub deleted_player: bool,
    /// Whether the seat's player is here: it streams the game, or made a request as the seat, within the presence
    /// TTL (30 s by default); a bot always is. In a game's answers now: not in the lobby, nor at a past version
    /// `at`, nor in a move's answer (which a retry under its Idempotency-Key gets again as it was); absent when the
    /// store did not say.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub connected: Option<bool>,
    /// When the seat's player was last seen (milliseconds since the Unix epoch), if it was in the last 7 days.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub last_seen_ms: Option<u64>,
}

/// The clock of a game that has one: a deadline per decision (`turn_seconds` at creation), or a clock per seat.
#[derive(Debug, Serialize, ToSchema)]
pub struct Clock {
    /// Seconds each decision may take: the turn clock's, or a time bank's turn time.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub turn_seconds: Option<u64>,
    /// The clock per seat the game was created with, if any.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub per_seat: Option<ClockSettings>,
    /// When the first seat to act runs out of time if it has not moved (milliseconds since the Unix epoch).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub deadline_ms: Option<u64>,
    /// Milliseconds left until `deadline_ms`, when this answer was made.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub remaining_ms: Option<u64>,
    /// Every seat's time when this answer was made, in seat order.
    pub seats: Vec<SeatTime>,
}

/// One seat's time.
#[derive(Debug, Serialize, ToSchema)]
pub struct SeatTime {
    #[schema(example = "caesar")]
    pub seat: &'static str,
    /// Milliseconds the seat may still take for its current or next decision (with a time bank: its turn time
    /// left and its bank). Absent for a seat a bot plays under a turn clock.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub remaining_ms: Option<u64>,
    /// True while the seat's clock runs (it is to act).
    pub running: bool,
}

/// How a rated game moved the rating of the account at one seat.
#[derive(Debug, Serialize, ToSchema)]
pub struct RatingChangeInfo {
    #[schema(example = "caesar")]
    pub seat: &'static str,
    #[schema(example = "acc_5f0c3e1a9b7d2c4e6f8a0b1c")]
    pub account: String,
    /// The rating before the game (1500 for a first rated game of the title).
    #[schema(example = 1500.0)]
    pub before: f64,
    #[schema(example = 1662.3)]
    pub after: f64,
}

/// The rematch of a finished game.
#[derive(Debug, Serialize, ToSchema)]
pub struct RematchInfo {
    /// The new game's id.
    pub game: String,
    /// For a seat of this game: its seat in the rematch.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub seat: Option<&'static str>,
    /// For a seat of this game asked with its token: its token in the rematch, which is that same token (a
    /// player's token opens its seat in the rematch). Absent for an account key, which acts for the seat there.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub token: Option<String>,
}

/// A game as one viewer may see it.
#[derive(Debug, Serialize, ToSchema)]
pub struct GameResponse {
    #[schema(example = "3f9a0c4e5b6d7e8f9a0b1c2d3e4f5a6b")]
    pub id: String,
    #[schema(example = "caesar-cleopatra")]
    pub title: String,
    /// Seat ids in turn order.
    pub seats: Vec<&'static str>,
    /// Number of events in the log; send it back as `expected_version` to guard a move.
    pub version: u64,
    pub status: GameStatus,
    /// Seats that must act now.
    pub to_act: Vec<&'static str>,
    /// Who sits at each seat, in seat order.
    pub players: Vec<PlayerSeat>,
    /// True when the creator chose the seed: anyone who knows it can work out the whole game, hands included.
    pub seeded: bool,
    /// True when the game changes its accounts' ratings once over.
    pub rated: bool,
    /// The seat the bearer token belongs to; absent for a spectator.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub seat: Option<&'static str>,
    /// The state as this viewer may see it; absent while a seat is open.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(value_type = Option<AnyView>)]
    pub view: Option<Box<RawValue>>,
    /// For a seat: every action it may send now (the title's, none when it need not act, then the table's, such as
    /// `undo`), exactly as `GET .../actions` lists them, so that a bot needs one round trip per move. Absent for a
    /// spectator.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(value_type = Option<Vec<AnyAction>>)]
    pub legal_actions: Option<Box<RawValue>>,
    /// The title's result, once its rules ended the game.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(value_type = Option<AnyOutcome>)]
    pub result: Option<Box<RawValue>>,
    /// How the game ended, once it is over.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub ending: Option<GameEnding>,
    /// The turn clock, for a game that has one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub clock: Option<Clock>,
    /// While a seat is open: when the game expires unless every seat is taken (milliseconds since the Unix epoch).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub expires_at_ms: Option<u64>,
    /// Who may read and write the game's chat: `players`, `all` (spectators too) or `off`.
    pub chat: ChatPolicy,
    /// The rematch, once a seat asked for one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub rematch: Option<RematchInfo>,
    /// For a rated game over, once its ratings are applied: how it moved each seat's rating, in seat order. In
    /// `GET /v1/games/{id}` (not at a past version `at`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub rating_changes: Option<Vec<RatingChangeInfo>>,
    /// Creation time, milliseconds since the Unix epoch.
    pub created_at_ms: u64,
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(example = json!({"name": "Marcus"}))]
pub struct JoinRequest {
    /// A display name, shown to everyone with the seat.
    /// 1 to 40 characters, not all spaces (else 400 `invalid_name`): letters, combining marks (at most 4 on one
    /// character), digits, spaces and punctuation of any script, and ASCII's symbols; no control, format or other
    /// invisible character (bidirectional controls, zero-width spaces and joiners, variation selectors, Hangul
    /// fillers: every default-ignorable code point), no other symbol, no unassigned code point (else 422
    /// `name_refused`, naming the character). Kept in NFC, trimmed of spaces.
    #[serde(default)]
    #[schema(min_length = 1, max_length = 40, pattern = "[^ ]")]
    pub name: Option<String>,
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct BindRequest {
    /// The token of the seat to bind, as its join or the game's creation gave it.
    #[schema(example = "st_...")]
    pub token: String,
}

/// A seat's token, returned once, and the game as that seat sees it.
#[derive(Debug, Serialize, ToSchema)]
pub struct SeatResponse {
    #[schema(example = "cleopatra")]
    pub seat: &'static str,
    /// 256-bit secret; send it as `Authorization: Bearer <token>`. It is not stored in clear and cannot be shown
    /// again (it also opens the player's seat in a rematch of the game).
    pub token: String,
    pub game: GameResponse,
}

/// The asker's seat in a rematch, its token there, and the rematch as that seat sees it.
#[derive(Debug, Serialize, ToSchema)]
pub struct RematchResponse {
    #[schema(example = "caesar")]
    pub seat: &'static str,
    /// The token that opens this seat of the rematch: the token the request was made with (a player's token opens
    /// its seat in every rematch of its game). Absent when an account key asked: the rematch binds the seat to the
    /// account, and the key acts for it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub token: Option<String>,
    pub game: GameResponse,
}

#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[serde(deny_unknown_fields)]
#[into_params(parameter_in = Query)]
pub struct LobbyQuery {
    /// Only games of this title.
    pub title: Option<String>,
    /// `open` (the default): games with a seat to join; `active`: lobby games being played, to watch.
    pub status: Option<LobbyStatus>,
    /// The `next_before` of the previous page.
    #[param(pattern = "^[0-9]{1,19}-[0-9a-f]{1,64}$")]
    pub before: Option<String>,
    /// Games per page: default 20, at most 100.
    #[param(minimum = 1, maximum = 100)]
    #[serde(default, deserialize_with = "optional_int64")]
    pub limit: Option<u64>,
}

impl LobbyQuery {
    pub const DEFAULT_LIMIT: u64 = 20;
    pub const MAX_LIMIT: u64 = 100;
}

/// A game in the lobby.
#[derive(Debug, Serialize, ToSchema)]
pub struct LobbyGame {
    #[schema(example = "3f9a0c4e5b6d7e8f9a0b1c2d3e4f5a6b")]
    pub id: String,
    #[schema(example = "caesar-cleopatra")]
    pub title: String,
    /// Number of seats.
    pub players: usize,
    pub seats: Vec<PlayerSeat>,
    /// The seats still open, to join with `POST /v1/games/{id}/seats/{seat}/join`.
    pub open_seats: Vec<&'static str>,
    /// The title's options, in full.
    #[schema(value_type = Object)]
    pub options: Value,
    /// True when the creator chose the seed: anyone who knows it can work out the whole game.
    pub seeded: bool,
    /// True when the game changes its accounts' ratings once over: only accounts may join it.
    pub rated: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub turn_seconds: Option<u64>,
    /// The clock per seat, if the game has one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub clock: Option<ClockSettings>,
    /// What a seat that leaves does to the game.
    pub on_leave: OnLeave,
    /// When the game expires unless every seat is taken (milliseconds since the Unix epoch).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub expires_at_ms: Option<u64>,
    pub created_at_ms: u64,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct LobbyResponse {
    /// Newest first.
    pub games: Vec<LobbyGame>,
    /// When there may be more: pass it as `before` for the next page.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub next_before: Option<String>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct CreateGameResponse {
    /// The token of every seat the creator takes (all of them unless `seats` left some open). They are not stored in
    /// clear and cannot be shown again.
    pub seats: Vec<SeatToken>,
    /// The game as a spectator sees it.
    pub game: GameResponse,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct LegalActionsResponse {
    pub seat: &'static str,
    pub version: u64,
    /// Every action this seat may send now, each exactly as `POST /v1/games/{id}/actions` accepts it: the title's, then
    /// the table's (`undo`), which a client picking at random skips.
    #[schema(value_type = Vec<AnyAction>)]
    pub actions: Box<RawValue>,
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(example = json!({"action": {"type": "place_face_down", "card": 3, "group": "senators"}, "expected_version": 12}))]
pub struct PlayRequest {
    /// An action listed by `GET /v1/games/{id}/actions` (the title's, or `undo`), or one of the table's never listed
    /// (`resign`, `abort`).
    #[schema(value_type = AnyAction)]
    pub action: Value,
    /// When given, the move is refused with 409 unless the game is at exactly this version. Without it, a move that
    /// loses a race is decided again on the new state.
    #[serde(default, deserialize_with = "optional_int64")]
    pub expected_version: Option<u64>,
}

/// One event of the log, numbered by its position (1-based).
#[derive(Debug, Serialize, ToSchema)]
pub struct LoggedEvent {
    pub seq: u64,
    #[schema(value_type = AnyEvent)]
    pub event: Box<RawValue>,
    /// The event in words, as this viewer may see it, when a language was asked for (`?lang=` or
    /// `Accept-Language`): "César place un Censeur face cachée sur les Sénateurs.".
    #[serde(skip_serializing_if = "Option::is_none")]
    pub text: Option<String>,
}

/// The answer to a move: the whole game as the seat sees it, or with `Prefer: return=minimal` only what a client
/// needs to go on (`status`, `to_act`, `legal_actions` instead of `game`).
#[derive(Debug, Serialize, ToSchema)]
pub struct PlayResponse {
    /// With `Prefer: return=minimal`: the game's status after the move.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub status: Option<GameStatus>,
    /// The game's version after the move.
    pub version: u64,
    /// The events of this move that this seat may see.
    pub events: Vec<LoggedEvent>,
    /// With `Prefer: return=minimal`: the seats to act now.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub to_act: Option<Vec<&'static str>>,
    /// With `Prefer: return=minimal`: every action the seat may send now, as in `game.legal_actions`.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(value_type = Option<Vec<AnyAction>>)]
    pub legal_actions: Option<Box<RawValue>>,
    /// The game as the seat sees it; absent with `Prefer: return=minimal`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub game: Option<GameResponse>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct EventsResponse {
    /// The log's version when it was read.
    pub version: u64,
    /// True once the game is over; the log is then public, except what the title keeps secret forever.
    pub complete: bool,
    /// The events of this page that the viewer may see (positions hidden from it are skipped).
    pub events: Vec<LoggedEvent>,
    /// When the log goes on beyond this page: the `after` of the next page.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub next_after: Option<u64>,
}

/// The `lang` query parameter of the operations that tell events and actions in words (read by `request::lang`).
#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub struct LangQuery {
    /// Tell the answer in words, in one of the service's languages (`Lang`: `en`, `fr`, `de`): a `text` for each
    /// event, a `label` for each legal action. Default: the one of them `Accept-Language` prefers, else no words.
    pub lang: Option<Lang>,
}

#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[serde(deny_unknown_fields)]
#[into_params(parameter_in = Query)]
pub struct GameQuery {
    /// The game as it was at this version (0 to the current version; default: now): the bearer seat's own view then,
    /// or the spectator's, rebuilt from the log. For replays.
    #[serde(default, deserialize_with = "optional_int64")]
    pub at: Option<u64>,
    /// With an account key that holds several seats of the game: the seat to act for (as `X-Ludus-Seat`).
    pub seat: Option<String>,
    /// Tell the answer in words, in one of the service's languages (`Lang`: `en`, `fr`, `de`): a `text` for each
    /// event, a `label` for each legal action. Default: the one of them `Accept-Language` prefers, else no words.
    pub lang: Option<Lang>,
}

#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[serde(deny_unknown_fields)]
#[into_params(parameter_in = Query)]
pub struct EventsQuery {
    /// Return the events after this log position (default 0: from the start).
    #[serde(default, deserialize_with = "int64")]
    pub after: u64,
    /// How many log positions one page covers: default 1000, at most 10000.
    #[param(minimum = 1, maximum = 10000)]
    #[serde(default, deserialize_with = "optional_int64")]
    pub limit: Option<u64>,
    /// With an account key that holds several seats of the game: the seat to act for (as `X-Ludus-Seat`).
    pub seat: Option<String>,
    /// Tell the answer in words, in one of the service's languages (`Lang`: `en`, `fr`, `de`): a `text` for each
    /// event, a `label` for each legal action. Default: the one of them `Accept-Language` prefers, else no words.
    pub lang: Option<Lang>,
}

impl EventsQuery {
    pub const DEFAULT_LIMIT: u64 = 1000;
    pub const MAX_LIMIT: u64 = 10_000;
}

/// A probe's answer.
#[derive(Debug, Serialize, ToSchema)]
pub struct ProbeResponse {
    /// `ok` (alive), `ready`, `draining` or `store_unavailable`.
    #[schema(example = "ready")]
    pub status: &'static str,
    /// `/readyz` on Redis: the fewest replicas online at any primary (writes wait for `LUDUS_REDIS_WAIT_REPLICAS` of
    /// them).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub replicas_seen: Option<u32>,
    /// `/readyz` on Redis: the longest any replica lags its primary, in seconds.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub max_lag_seconds: Option<u64>,
}

impl ProbeResponse {
    pub fn new(status: &'static str) -> Self {
        Self {
            status,
            replicas_seen: None,
            max_lag_seconds: None,
        }
    }
}

/// The instance's health, the store it uses and how durable that store is.
#[derive(Debug, Serialize, ToSchema)]
pub struct HealthResponse {
    /// `ok`, or `unavailable` when the store does not answer.
    #[schema(example = "ok")]
    pub status: &'static str,
    pub store: StoreKind,
    /// True only when every acknowledged move is on disk before it is acknowledged (Redis with `appendonly yes` and
    /// `appendfsync always`), so that it survives a crash of the store's host. False for the in-memory store.
    pub durable: bool,
    /// What Redis reports about its persistence (absent for the in-memory store, or when Redis does not answer).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub persistence: Option<Persistence>,
    /// Each primary's replicas and their lag, and how many a write waits for (Redis only).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub replication: Option<ReplicationStatus>,
    /// Live streams this instance holds open.
    pub streams: usize,
}
