//! Every failure leaves the service as an RFC 9457 `application/problem+json` body with a stable `code`.

use actix_web::http::StatusCode;
use actix_web::http::header::{ContentType, HeaderName, HeaderValue};
use actix_web::{HttpResponse, ResponseError};
use serde::Serialize;
use utoipa::ToSchema;

use super::request_id::RequestId;
use crate::engine::{ActionError, RuleCode, SetupError};
use crate::ids::NoSuchId;
use crate::service::ServiceError;
use crate::store::StoreError;
use crate::watch::StreamRefused;

/// Every error code the service itself answers, with its HTTP status. A 422 for an illegal move carries the title's
/// rule code instead (see `ErrorCode::Rule`).
macro_rules! error_codes {
    ($($variant:ident = $code:literal, $status:ident, $example:literal;)*) => {
        #[derive(Clone, Copy, Debug, PartialEq, Eq)]
        pub enum ErrorCode {
            $($variant,)*
        }

        impl ErrorCode {
            pub const ALL: &[ErrorCode] = &[$(ErrorCode::$variant,)*];

            pub fn as_str(self) -> &'static str {
                match self {
                    $(ErrorCode::$variant => $code,)*
                }
            }

            pub fn status(self) -> StatusCode {
                match self {
                    $(ErrorCode::$variant => StatusCode::$status,)*
                }
            }

            /// A `detail` this code may come with, for the OpenAPI examples.
            pub fn example_detail(self) -> &'static str {
                match self {
                    $(ErrorCode::$variant => $example,)*
                }
            }
        }
    };
}

error_codes! {
    MalformedRequest = "malformed_request", BAD_REQUEST,
        "the request body is not valid: missing field `title` at line 1 column 15";
    InvalidBody = "invalid_body", BAD_REQUEST,
        "the request body has the key \"type\" twice in the object at action: each key may appear once in an object";
    UnknownTitle = "unknown_title", BAD_REQUEST, "no title \"chess\"";
    InvalidPlayerCount = "invalid_player_count", BAD_REQUEST, "this title is played by 2 to 2 players, not 3";
    InvalidOptions = "invalid_options", BAD_REQUEST, "invalid options: unknown field `speed`";
    OptionsConflict = "options_conflict", UNPROCESSABLE_ENTITY,
        "these options do not fit this number of players: first_player darius is not a seat of a 3-player game";
    InvalidAction = "invalid_action", BAD_REQUEST,
        "the action does not fit this title's schema: unknown variant `castle`";
    ActionTooDeep = "action_too_deep", BAD_REQUEST, "the action is nested more than 16 levels deep";
    InvalidQuery = "invalid_query", BAD_REQUEST, "limit must be 1 to 10000";
    InvalidPath = "invalid_path", BAD_REQUEST, "the address is not valid";
    InvalidIdempotencyKey = "invalid_idempotency_key", BAD_REQUEST,
        "Idempotency-Key must be 1 to 255 visible ASCII characters";
    InvalidLastEventId = "invalid_last_event_id", BAD_REQUEST,
        "Last-Event-ID must be a stream message's id (a log version, then optionally - and 16 hex digits)";
    InvalidKnownHead = "invalid_known_head", BAD_REQUEST,
        "X-Ludus-Known-Head must be an ETag the service gave (a log version, - and 16 hex digits)";
    ConflictingCredentials = "conflicting_credentials", BAD_REQUEST,
        "send either a ticket or a bearer token, not both";
    MissingToken = "missing_token", UNAUTHORIZED, "this request needs a seat token: Authorization: Bearer <token>";
    InvalidToken = "invalid_token", UNAUTHORIZED, "the token is not one of this game's seats";
    InvalidTicket = "invalid_ticket", UNAUTHORIZED, "the ticket is unknown, expired or already used";
    InvalidAccountKey = "invalid_account_key", UNAUTHORIZED, "the account key is unknown or revoked";
    AccountKeyRequired = "account_key_required", UNAUTHORIZED,
        "this request needs an account key (Authorization: Bearer lk_...)";
    InvalidSession = "invalid_session", UNAUTHORIZED, "the session is unknown, expired or signed out: sign in again";
    InvalidCredentials = "invalid_credentials", UNAUTHORIZED, "the name or the password is wrong";
    CrossOriginRequest = "cross_origin_request", FORBIDDEN,
        "a write with the session cookie must come from the service's own pages (Origin or Sec-Fetch-Site: \
         same-origin); other sites send an account key";
    SeatNotHeld = "seat_not_held", FORBIDDEN, "the account holds no such seat in this game";
    SeatReserved = "seat_reserved", FORBIDDEN, "seat cleopatra is reserved for an invited account";
    NotInvited = "not_invited", FORBIDDEN, "seat cleopatra holds no invitation for this account";
    SeatRequired = "seat_required", BAD_REQUEST,
        "the account holds several seats of this game (caesar, cleopatra): name one with X-Ludus-Seat or ?seat=";
    InvalidAccountName = "invalid_account_name", BAD_REQUEST,
        "an account name has 2 to 24 characters, each a letter, a digit, `_` or `-`";
    InvalidPassword = "invalid_password", BAD_REQUEST, "a password has 8 to 128 characters";
    AccountNameTaken = "account_name_taken", CONFLICT, "this account name is taken";
    AccountNotFound = "account_not_found", NOT_FOUND, "no account \"livia\"";
    KeyNotFound = "key_not_found", NOT_FOUND, "the account has no such key";
    SessionNotFound = "session_not_found", NOT_FOUND, "the account has no such session";
    PasskeyRefused = "passkey_refused", UNPROCESSABLE_ENTITY,
        "the passkey is refused: the answer was made on http://evil.example, not on this service's pages";
    InvalidPasskey = "invalid_passkey", UNAUTHORIZED,
        "the passkey is unknown or removed, or its answer does not verify: sign in again";
    PasskeyNotFound = "passkey_not_found", NOT_FOUND, "the account has no such passkey";
    PasskeyRegistered = "passkey_registered", CONFLICT, "this passkey is registered already";
    TooManyPasskeys = "too_many_passkeys", CONFLICT, "an account keeps at most 20 passkeys: remove one first";
    InvalidWebhookUrl = "invalid_webhook_url", BAD_REQUEST,
        "this webhook URL is refused: 10.0.0.5 is a private address (webhooks go to public https:// URLs)";
    WebhookNotFound = "webhook_not_found", NOT_FOUND, "the account has no webhook";
    GameNotFound = "game_not_found", NOT_FOUND, "no game with this id";
    SeatNotFound = "seat_not_found", NOT_FOUND, "this game has no seat \"brutus\"";
    InvalidSeats = "invalid_seats", BAD_REQUEST, "\"brutus\" is not a seat of this game (its seats: caesar, cleopatra)";
    InvalidTurnSeconds = "invalid_turn_seconds", BAD_REQUEST, "turn_seconds must be 1 to 2592000";
    InvalidClock = "invalid_clock", BAD_REQUEST, "initial_seconds must be 1 to 2592000, not 0";
    ClockConflict = "clock_conflict", UNPROCESSABLE_ENTITY,
        "a game has either turn_seconds or a clock per seat, not both";
    OnLeaveConflict = "on_leave_conflict", UNPROCESSABLE_ENTITY,
        "on_leave \"bot\" needs 3 or more seats: with 2, a seat that leaves ends the game";
    InvalidName = "invalid_name", BAD_REQUEST, "the name is blank: a display name has 1 to 40 characters once trimmed of spaces";
    NameRefused = "name_refused", UNPROCESSABLE_ENTITY,
        "U+202E may not be in a name: a display name's characters are letters, combining marks (at most 4 on one \
         character), digits, spaces or punctuation, none of them a control, format, invisible or bidirectional \
         character";
    SeatsConflict = "seats_conflict", UNPROCESSABLE_ENTITY,
        "the creator can take at most the game's 2 seats, not 3";
    RatedConflict = "rated_conflict", UNPROCESSABLE_ENTITY,
        "a rated game's seed is drawn by the service: send no seed";
    SeedNotPublic = "seed_not_public", UNPROCESSABLE_ENTITY,
        "a game with open seats and an explicit seed can be worked out by anyone who knows the seed";
    InvalidChatText = "invalid_chat_text", BAD_REQUEST,
        "a chat message has 1 to 500 characters, none of them a control character (a line break included)";
    ChatOff = "chat_off", FORBIDDEN, "this game's chat is off";
    ChatPlayersOnly = "chat_players_only", FORBIDDEN,
        "this game's chat is for its players: send a seat token or an account key holding a seat";
    SeatTaken = "seat_taken", CONFLICT, "seat cleopatra is already taken";
    SeatBoundElsewhere = "seat_bound_elsewhere", CONFLICT,
        "seat cleopatra is bound to another account, or its account was deleted: it cannot be bound to this one";
    AlreadySeeking = "already_seeking", CONFLICT,
        "the account waits at a quick-play table already: cancel it (DELETE /v1/matchmaking) to seek another";
    NotSeeking = "not_seeking", NOT_FOUND, "the account is not seeking a game";
    InvalidBotAfter = "invalid_bot_after", BAD_REQUEST, "bot_after_seconds must be 1 to 3600";
    JoinTooLate = "join_too_late", CONFLICT, "the game is over: nobody can join it";
    GameNotFinished = "game_not_finished", CONFLICT, "the game is not over yet: a rematch follows a finished game";
    NoRematch = "no_rematch", CONFLICT, "this game expired before every seat was taken";
    MapNotFound = "map_not_found", NOT_FOUND, "title \"caligula\" has no map";
    TitleNotFound = "title_not_found", NOT_FOUND, "no title \"chess\"";
    NotFound = "not_found", NOT_FOUND, "there is nothing at this address";
    MethodNotAllowed = "method_not_allowed", METHOD_NOT_ALLOWED, "this address does not take this method";
    VersionConflict = "version_conflict", CONFLICT, "the game is at version 42, not 41";
    Contention = "contention", CONFLICT, "the game kept changing while this move was decided; try again";
    IdempotencyRecordLost = "idempotency_record_lost", CONFLICT,
        "the move recorded under this Idempotency-Key is no longer in the game's log";
    AnswerArchived = "answer_archived", GONE,
        "the game is finished and archived: answers to its moves are not kept in the archive; read the game to find \
         whether your move is in its log";
    HistoryRewritten = "history_rewritten", CONFLICT,
        "the game's history was rewritten after version 40: the position you hold is no longer in its log; reload \
         the game from version 40";
    PayloadTooLarge = "payload_too_large", PAYLOAD_TOO_LARGE, "the request body is too large";
    UnsupportedMediaType = "unsupported_media_type", UNSUPPORTED_MEDIA_TYPE,
        "the request body must be JSON (Content-Type: application/json)";
    GameOver = "game_over", UNPROCESSABLE_ENTITY, "the game is over";
    VersionNotReached = "version_not_reached", UNPROCESSABLE_ENTITY, "the game is at version 42: at must be 0 to 42";
    ActionOfAnotherTitle = "action_of_another_title", UNPROCESSABLE_ENTITY,
        "this is an action of Caligula, not of this game's title";
    IdempotencyKeyReused = "idempotency_key_reused", UNPROCESSABLE_ENTITY,
        "this Idempotency-Key was used for another request body";
    RateLimited = "rate_limited", TOO_MANY_REQUESTS, "at most 120 games per minute may be created; try again in 12 s";
    TooManyStreams = "too_many_streams", TOO_MANY_REQUESTS, "this client already holds 100 streams";
    Internal = "internal", INTERNAL_SERVER_ERROR, "the service failed to handle this request";
    StoreUnavailable = "store_unavailable", SERVICE_UNAVAILABLE,
        "the game store is unavailable; try again shortly (a move answered this way may still have been applied: \
         retry it with the same Idempotency-Key, or with expected_version)";
    ReplicationTimeout = "replication_timeout", SERVICE_UNAVAILABLE,
        "the write reached 0 of the 1 replicas asked for in time, so it is not acknowledged: retry it with the same \
         Idempotency-Key";
    LogChanged = "log_changed", SERVICE_UNAVAILABLE,
        "the game's log changed under this request (the store lost data); try again";
    StreamsFull = "streams_full", SERVICE_UNAVAILABLE, "this server holds its maximum of 10000 streams";
    ShuttingDown = "shutting_down", SERVICE_UNAVAILABLE,
        "this instance is shutting down: open the stream again, another instance will serve it";
}

impl ErrorCode {
    /// Whether every answer with this code tells the client when to come back (`Retry-After`).
    pub fn sets_retry_after(self) -> bool {
        matches!(self, ErrorCode::RateLimited | ErrorCode::TooManyStreams | ErrorCode::StreamsFull)
    }
}

/// An RFC 9457 problem document.
#[derive(Debug, Serialize, ToSchema)]
pub struct Problem {
    /// `urn:ludus:problem:<code>`.
    #[serde(rename = "type")]
    pub kind: String,
    pub title: &'static str,
    pub status: u16,
    /// A sentence a person understands.
    pub detail: String,
    /// Stable machine-readable code: one of the service's codes, or the title's rule code for an illegal move (422).
    #[schema(value_type = ProblemCode)]
    pub code: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub expected_version: Option<u64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub current_version: Option<u64>,
    /// `history_rewritten` and `log_changed`: the last version the client's history and the log's still share (at
    /// worst 0). Events after it that the client holds are not the game's: reload from there.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub common_version: Option<u64>,
    /// This occurrence: `urn:ludus:request:<request id>`, the id the answer's `X-Request-Id` header carries and the
    /// server's logs record.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(example = "urn:ludus:request:4bf92f3577b34da6a3ce929d0e0e4736")]
    pub instance: Option<String>,
}

/// Placeholder for the `ProblemCode` schema: the service's codes and every title's rule codes (see `openapi.rs`).
pub struct ProblemCode;

impl utoipa::PartialSchema for ProblemCode {
    fn schema() -> utoipa::openapi::RefOr<utoipa::openapi::schema::Schema> {
        utoipa::openapi::schema::Object::new().into()
    }
}

impl ToSchema for ProblemCode {
    fn name() -> std::borrow::Cow<'static, str> {
        "ProblemCode".into()
    }
}

/// An error answered to an HTTP client.
#[derive(Debug, thiserror::Error)]
#[error("{detail}")]
pub struct ApiError {
    retry_after: Option<u64>,
    /// Further headers of the answer (a limit's quota).
    headers: Vec<(HeaderName, HeaderValue)>,
    status: StatusCode,
    code: &'static str,
    detail: String,
    /// The versions a conflict names, boxed: most errors name none, and every handler returns this type.
    versions: Option<Box<Versions>>,
}

/// The versions a problem names.
#[derive(Debug, Default)]
struct Versions {
    expected: Option<u64>,
    current: Option<u64>,
    common: Option<u64>,
}

impl ApiError {
    pub fn new(code: ErrorCode, detail: impl Into<String>) -> Self {
        Self {
            retry_after: None,
            headers: Vec::new(),
            status: code.status(),
            code: code.as_str(),
            detail: detail.into(),
            versions: None,
        }
    }

    /// An illegal move: 422 with the title's rule code.
    fn rule(code: RuleCode, detail: String) -> Self {
        Self {
            retry_after: None,
            headers: Vec::new(),
            status: StatusCode::UNPROCESSABLE_ENTITY,
            code: code.as_str(),
            detail,
            versions: None,
        }
    }

    pub fn not_found() -> Self {
        Self::new(ErrorCode::NotFound, ErrorCode::NotFound.example_detail())
    }

    pub fn method_not_allowed() -> Self {
        Self::new(ErrorCode::MethodNotAllowed, ErrorCode::MethodNotAllowed.example_detail())
    }

    /// Adds a `Retry-After` header (seconds).
    pub fn with_retry_after(self, seconds: u64) -> Self {
        Self {
            retry_after: Some(seconds),
            ..self
        }
    }

    /// Says which version the client's history and the log's still share.
    pub fn with_common_version(mut self, common: u64) -> Self {
        self.versions.get_or_insert_default().common = Some(common);
        self
    }

    /// Adds headers to the answer.
    pub fn with_headers(mut self, headers: impl IntoIterator<Item = (HeaderName, HeaderValue)>) -> Self {
        self.headers.extend(headers);
        self
    }

    pub fn code(&self) -> &str {
        self.code
    }

    pub fn problem(&self) -> Problem {
        Problem {
            kind: format!("urn:ludus:problem:{}", self.code),
            title: self.status.canonical_reason().unwrap_or("Error"),
            status: self.status.as_u16(),
            detail: self.detail.clone(),
            code: self.code,
            expected_version: self.versions.as_ref().and_then(|versions| versions.expected),
            current_version: self.versions.as_ref().and_then(|versions| versions.current),
            common_version: self.versions.as_ref().and_then(|versions| versions.common),
            instance: RequestId::current().map(|id| format!("urn:ludus:request:{id}")),
        }
    }
}

impl ResponseError for ApiError {
    fn status_code(&self) -> StatusCode {
        self.status
    }

    fn error_response(&self) -> HttpResponse {
        let body = serde_json::to_string(&self.problem()).unwrap_or_default();
        let mut response = HttpResponse::build(self.status);
        if let Some(seconds) = self.retry_after {
            response.insert_header(("Retry-After", seconds.to_string()));
        }
        for header in &self.headers {
            response.insert_header(header.clone());
        }
        response
            .insert_header(ContentType("application/problem+json".parse().expect("valid media type")))
            .body(body)
    }
}

impl From<NoSuchId> for ApiError {
    fn from(error: NoSuchId) -> Self {
        ServiceError::from(error).into()
    }
}

impl From<ServiceError> for ApiError {
    fn from(error: ServiceError) -> Self {
        use ErrorCode as C;
        let detail = error.to_string();
        match error {
            ServiceError::UnknownTitle(_) => Self::new(C::UnknownTitle, detail),
            ServiceError::Setup(SetupError::PlayerCount { .. }) => Self::new(C::InvalidPlayerCount, detail),
            ServiceError::Setup(SetupError::InvalidOptions(_)) => Self::new(C::InvalidOptions, detail),
            ServiceError::Setup(SetupError::OptionsConflict(_)) => Self::new(C::OptionsConflict, detail),
            ServiceError::GameNotFound => Self::new(C::GameNotFound, detail),
            ServiceError::SeatNotFound(_) => Self::new(C::SeatNotFound, detail),
            ServiceError::InvalidSeats(_) => Self::new(C::InvalidSeats, detail),
            ServiceError::SeatsConflict(_) => Self::new(C::SeatsConflict, detail),
            ServiceError::InvalidTurnSeconds => Self::new(C::InvalidTurnSeconds, detail),
            ServiceError::InvalidClock(_) => Self::new(C::InvalidClock, detail),
            ServiceError::ClockConflict => Self::new(C::ClockConflict, detail),
            ServiceError::OnLeaveConflict => Self::new(C::OnLeaveConflict, detail),
            ServiceError::InvalidName(_) => Self::new(C::InvalidName, detail),
            ServiceError::NameRefused(_) => Self::new(C::NameRefused, detail),
            ServiceError::SeedNotPublic => Self::new(C::SeedNotPublic, detail),
            ServiceError::RatedConflict(_) => Self::new(C::RatedConflict, detail),
            ServiceError::AlreadySeeking(_) => Self::new(C::AlreadySeeking, detail),
            ServiceError::NotSeeking => Self::new(C::NotSeeking, detail),
            ServiceError::InvalidBotAfter => Self::new(C::InvalidBotAfter, detail),
            ServiceError::SeatTaken(_) => Self::new(C::SeatTaken, detail),
            ServiceError::SeatBoundElsewhere(_) => Self::new(C::SeatBoundElsewhere, detail),
            ServiceError::JoinTooLate => Self::new(C::JoinTooLate, detail),
            ServiceError::NotFinished => Self::new(C::GameNotFinished, detail),
            ServiceError::NoRematch => Self::new(C::NoRematch, detail),
            ServiceError::MissingToken => Self::new(C::MissingToken, detail),
            ServiceError::InvalidToken => Self::new(C::InvalidToken, detail),
            ServiceError::InvalidTicket => Self::new(C::InvalidTicket, detail),
            ServiceError::InvalidAccountKey => Self::new(C::InvalidAccountKey, detail),
            ServiceError::AccountKeyRequired => Self::new(C::AccountKeyRequired, detail),
            ServiceError::InvalidPassword => Self::new(C::InvalidPassword, detail),
            ServiceError::InvalidCredentials => Self::new(C::InvalidCredentials, detail),
            ServiceError::InvalidSession => Self::new(C::InvalidSession, detail),
            ServiceError::SeatNotHeld => Self::new(C::SeatNotHeld, detail),
            ServiceError::SeatReserved(_) => Self::new(C::SeatReserved, detail),
            ServiceError::NotInvited(_) => Self::new(C::NotInvited, detail),
            ServiceError::SeatRequired(_) => Self::new(C::SeatRequired, detail),
            ServiceError::InvalidAccountName => Self::new(C::InvalidAccountName, detail),
            ServiceError::AccountNameTaken => Self::new(C::AccountNameTaken, detail),
            ServiceError::AccountNotFound(_) => Self::new(C::AccountNotFound, detail),
            ServiceError::KeyNotFound => Self::new(C::KeyNotFound, detail),
            ServiceError::SessionNotFound => Self::new(C::SessionNotFound, detail),
            ServiceError::PasskeyRefused(_) => Self::new(C::PasskeyRefused, detail),
            ServiceError::InvalidPasskey => Self::new(C::InvalidPasskey, detail),
            ServiceError::PasskeyNotFound => Self::new(C::PasskeyNotFound, detail),
            ServiceError::PasskeyRegistered => Self::new(C::PasskeyRegistered, detail),
            ServiceError::TooManyPasskeys => Self::new(C::TooManyPasskeys, detail),
            ServiceError::InvalidWebhook(_) => Self::new(C::InvalidWebhookUrl, detail),
            ServiceError::NoWebhook => Self::new(C::WebhookNotFound, detail),
            ServiceError::InvalidChatText => Self::new(C::InvalidChatText, detail),
            ServiceError::ChatOff => Self::new(C::ChatOff, detail),
            ServiceError::ChatForPlayers => Self::new(C::ChatPlayersOnly, detail),
            ServiceError::VersionConflict { expected, actual } => Self {
                versions: Some(Box::new(Versions {
                    expected: Some(expected),
                    current: Some(actual),
                    common: None,
                })),
                ..Self::new(C::VersionConflict, detail)
            },
            ServiceError::Contention => Self::new(C::Contention, detail),
            ServiceError::Action(ActionError::Malformed(_)) => Self::new(C::InvalidAction, detail),
            ServiceError::Action(ActionError::GameOver) => Self::new(C::GameOver, detail),
            ServiceError::ActionOfAnotherTitle(_) => Self::new(C::ActionOfAnotherTitle, detail),
            ServiceError::Action(ActionError::Rule(rule)) => Self::rule(rule.code, rule.message),
            ServiceError::Store(StoreError::NotReplicated { .. }) => Self::new(
                C::ReplicationTimeout,
                format!("{detail}, so it is not acknowledged: retry it with the same Idempotency-Key"),
            )
            .with_retry_after(1),
            ServiceError::Store(StoreError::Unavailable(_)) => {
                tracing::warn!(%detail, "store unavailable");
                Self::new(C::StoreUnavailable, C::StoreUnavailable.example_detail())
            }
            ServiceError::IdempotencyKeyReused => Self::new(C::IdempotencyKeyReused, detail),
            ServiceError::IdempotencyRecordLost => Self::new(C::IdempotencyRecordLost, detail),
            ServiceError::AnswerArchived => Self::new(C::AnswerArchived, detail),
            ServiceError::LogChanged => Self::new(C::LogChanged, detail).with_retry_after(1),
            ServiceError::HistoryRewritten { common } => {
                Self::new(C::HistoryRewritten, detail).with_common_version(common)
            }
            ServiceError::Store(other) => internal(other.to_string()),
            ServiceError::Corrupt(reason) | ServiceError::BotFailed(reason) | ServiceError::PasswordHashing(reason) => {
                internal(reason)
            }
        }
    }
}

impl From<StreamRefused> for ApiError {
    fn from(refused: StreamRefused) -> Self {
        match refused {
            StreamRefused::ClientFull(_) => Self::new(ErrorCode::TooManyStreams, refused.to_string()),
            StreamRefused::InstanceFull(_) | StreamRefused::ConnectionsFull(_) => {
                Self::new(ErrorCode::StreamsFull, refused.to_string())
            }
            StreamRefused::Draining => {
                return Self::new(ErrorCode::ShuttingDown, refused.to_string()).with_retry_after(1);
            }
        }
        .with_retry_after(5)
    }
}

fn internal(reason: String) -> ApiError {
    tracing::error!(%reason, "internal error");
    ApiError::new(ErrorCode::Internal, ErrorCode::Internal.example_detail())
}

/// Maps actix's body-parsing failures (JSON extractor) to problems.
pub fn json_error(error: actix_web::error::JsonPayloadError, _: &actix_web::HttpRequest) -> actix_web::Error {
    use actix_web::error::JsonPayloadError as J;
    let api = match &error {
        J::OverflowKnownLength { .. } | J::Overflow { .. } => {
            ApiError::new(ErrorCode::PayloadTooLarge, format!("the request body is too large: {error}"))
        }
        J::ContentType => {
            ApiError::new(ErrorCode::UnsupportedMediaType, ErrorCode::UnsupportedMediaType.example_detail())
        }
        J::Deserialize(e) => ApiError::new(ErrorCode::MalformedRequest, format!("the request body is not valid: {e}")),
        other => ApiError::new(ErrorCode::MalformedRequest, format!("the request body could not be read: {other}")),
    };
    api.into()
}

/// Maps query-string failures to problems.
pub fn query_error(error: actix_web::error::QueryPayloadError, _: &actix_web::HttpRequest) -> actix_web::Error {
    ApiError::new(ErrorCode::InvalidQuery, format!("the query string is not valid: {error}")).into()
}

/// Maps path failures to problems.
pub fn path_error(error: actix_web::error::PathError, _: &actix_web::HttpRequest) -> actix_web::Error {
    ApiError::new(ErrorCode::InvalidPath, format!("the address is not valid: {error}")).into()
}
