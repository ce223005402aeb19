//! What the service refuses, and why; `api::error` maps each to its HTTP answer.

use super::accounts::PASSWORD_CHARS;
use super::chat::MAX_CHAT_CHARS;
use super::create::MAX_TURN_SECONDS;
use super::name::{MAX_MARKS, MAX_NAME_CHARS};
use crate::engine::{ActionError, ReplayError, SetupError};
use crate::ids::NoSuchId;
use crate::store::StoreError;

#[derive(Debug, thiserror::Error)]
pub enum ServiceError {
    #[error("unknown title {0:?}")]
    UnknownTitle(String),
    #[error(transparent)]
    Setup(#[from] SetupError),
    #[error("no game with this id")]
    GameNotFound,
    #[error("this request needs a seat token (Authorization: Bearer <token>)")]
    MissingToken,
    #[error("the token does not belong to a seat of this game")]
    InvalidToken,
    #[error("this stream ticket is unknown, expired or already used; ask for a new one")]
    InvalidTicket,
    #[error("the game is at version {actual}, not {expected}")]
    VersionConflict { expected: u64, actual: u64 },
    #[error("the game kept changing; try again")]
    Contention,
    #[error(transparent)]
    Action(#[from] ActionError),
    #[error("this is an action of {0}, not of this game's title")]
    ActionOfAnotherTitle(&'static str),
    #[error(transparent)]
    Store(StoreError),
    #[error("this Idempotency-Key was already used for a different request")]
    IdempotencyKeyReused,
    #[error(
        "the move recorded under this Idempotency-Key is no longer in the log (the store lost it); send the move again under a new key"
    )]
    IdempotencyRecordLost,
    /// A keyed move of an archived game: its answers under idempotency keys stayed behind in the live store.
    #[error(
        "the game is finished and archived: answers to its moves are not kept in the archive; read the game to find \
         whether your move is in its log"
    )]
    AnswerArchived,
    #[error("the game's log changed while it was read; try again")]
    LogChanged,
    /// The client presented a position the log no longer holds: the store lost acknowledged events (a failover onto a
    /// replica that lagged), and the game may have gone on from an earlier one.
    #[error(
        "the game's history was rewritten after version {common}: the position you hold is no longer in its log; \
         reload the game from version {common}"
    )]
    HistoryRewritten { common: u64 },
    #[error("the stored game cannot be rebuilt: {0}")]
    Corrupt(String),
    #[error("{0}")]
    InvalidSeats(String),
    /// Seats that the title has, but not with this number of players.
    #[error("{0}")]
    SeatsConflict(String),
    #[error("turn_seconds must be 1 to {max}", max = MAX_TURN_SECONDS)]
    InvalidTurnSeconds,
    #[error("{0}")]
    InvalidClock(String),
    #[error("a game has either turn_seconds or a clock per seat, not both")]
    ClockConflict,
    #[error("on_leave \"bot\" needs 3 or more seats: with 2, a seat that leaves ends the game")]
    OnLeaveConflict,
    #[error("{0}: a display name has 1 to {max} characters once trimmed of spaces", max = MAX_NAME_CHARS)]
    InvalidName(String),
    /// A name of the right length holding a character a name may not hold: the API's schema cannot say which
    /// characters of Unicode those are, so it is refused as a schema-valid request the service will not take (422).
    #[error(
        "{0}: a display name's characters are letters, combining marks (at most {marks} on one character), digits, \
         spaces or punctuation, none of them a control, format, invisible or bidirectional character",
        marks = MAX_MARKS
    )]
    NameRefused(String),
    #[error(
        "a game with open seats and an explicit seed can be worked out by anyone who knows the seed (the opponent \
         included): send \"public_seed\": true to create it anyway"
    )]
    SeedNotPublic,
    #[error("this game has no seat {0:?}")]
    SeatNotFound(String),
    #[error("seat {0} is already taken")]
    SeatTaken(&'static str),
    #[error("the game is over: nobody can join it")]
    JoinTooLate,
    #[error("the game is not over yet: a rematch follows a finished game")]
    NotFinished,
    #[error("this game expired before every seat was taken: there is nobody to play a rematch with")]
    NoRematch,
    #[error("an account name has 2 to 24 characters, each a letter, a digit, `_` or `-`")]
    InvalidAccountName,
    #[error("this account name is taken (names are compared whatever their case)")]
    AccountNameTaken,
    #[error("the account key is unknown or revoked")]
    InvalidAccountKey,
    #[error("no account {0:?}")]
    AccountNotFound(String),
    #[error("the account has no such key")]
    KeyNotFound,
    #[error("the account has no such session")]
    SessionNotFound,
    /// A passkey's registration refused, saying why.
    #[error("the passkey is refused: {0}")]
    PasskeyRefused(String),
    /// A sign-in with a passkey refused: one answer whatever the reason (logged), so that it tells nothing apart.
    #[error("the passkey is unknown or removed, or its answer does not verify: sign in again")]
    InvalidPasskey,
    #[error("the account has no such passkey")]
    PasskeyNotFound,
    #[error("this passkey is registered already")]
    PasskeyRegistered,
    #[error(
        "an account keeps at most {} passkeys: remove one first",
        super::accounts::PASSKEYS_PER_ACCOUNT
    )]
    TooManyPasskeys,
    #[error("this request needs an account key (Authorization: Bearer lk_...)")]
    AccountKeyRequired,
    #[error("a password has {} to {} characters", PASSWORD_CHARS.start(), PASSWORD_CHARS.end())]
    InvalidPassword,
    /// An unknown name, a wrong password, or an account without one: one answer, so that it tells no name apart.
    #[error("the name or the password is wrong")]
    InvalidCredentials,
    #[error("the session is unknown, expired or signed out: sign in again")]
    InvalidSession,
    #[error("a password could not be hashed: {0}")]
    PasswordHashing(String),
    #[error("the account holds no such seat in this game")]
    SeatNotHeld,
    #[error("the account holds several seats of this game ({}): name one with X-Ludus-Seat or ?seat=", .0.join(", "))]
    SeatRequired(Vec<&'static str>),
    #[error("seat {0} is reserved for an invited account")]
    SeatReserved(&'static str),
    #[error("seat {0} holds no invitation for this account")]
    NotInvited(&'static str),
    #[error("seat {0} is bound to another account, or its account was deleted: it cannot be bound to this one")]
    SeatBoundElsewhere(&'static str),
    #[error("this webhook URL is refused: {0}")]
    InvalidWebhook(String),
    #[error("the account has no webhook")]
    NoWebhook,
    #[error("a chat message has 1 to {max} characters, none of them a control character (a line break included)", max = MAX_CHAT_CHARS)]
    InvalidChatText,
    #[error("this game's chat is off")]
    ChatOff,
    #[error(
        "this game's chat is for its players: send a seat token or an account key holding a seat (its creator may \
         open it to spectators with \"chat\": \"all\")"
    )]
    ChatForPlayers,
    /// A rated game refuses what would make its ratings mean nothing: a seed a player chose, a seat without an
    /// account, an account at two seats, a bot that is not on the ladder.
    #[error("{0}")]
    RatedConflict(String),
    #[error(
        "the account waits at a quick-play table already ({0}): cancel it (DELETE /v1/matchmaking) to seek another"
    )]
    AlreadySeeking(String),
    #[error("the account is not seeking a game")]
    NotSeeking,
    #[error("bot_after_seconds must be 1 to {max}", max = super::MAX_BOT_AFTER_SECONDS)]
    InvalidBotAfter,
    /// A bot's thinking ended abnormally (a bug: nothing is logged, and the game's note brings it back).
    #[error("the bot's move failed: {0}")]
    BotFailed(String),
}

impl From<NoSuchId> for ServiceError {
    fn from(error: NoSuchId) -> Self {
        match error {
            NoSuchId::Game => ServiceError::GameNotFound,
            NoSuchId::Account(text) => ServiceError::AccountNotFound(text),
        }
    }
}

impl From<StoreError> for ServiceError {
    fn from(error: StoreError) -> Self {
        match error {
            StoreError::NotFound => ServiceError::GameNotFound,
            StoreError::Corrupt(reason) => ServiceError::Corrupt(reason),
            other => ServiceError::Store(other),
        }
    }
}

impl From<ReplayError> for ServiceError {
    fn from(error: ReplayError) -> Self {
        ServiceError::Corrupt(error.to_string())
    }
}
