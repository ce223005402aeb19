//! A seat's moves: what it may play now, and playing one (safely retried under an idempotency key).

use actix_web::http::StatusCode;
use actix_web::http::header::{self, HeaderValue};
use actix_web::{HttpRequest, HttpResponse, Route, web};

use super::Service;
use super::Settings;
use super::answer::etag;
use super::answer::{game_response, json_body, logged, status_of, told_in};
use super::body::JsonBody;
use super::dto::{LangQuery, LegalActionsResponse, PlayRequest, PlayResponse};
use super::endpoint::{Endpoint, Problems, common};
use super::error::{ApiError, ErrorCode as Code};
use super::limits::{self, check_action_depth};
use super::request::{idempotency_key, known_head, lang, required_caller, seated};
use crate::engine::{Lang, Viewer};
use crate::service::{Caller, GameId, Move, MoveRequest, PlayOutcome, hash_token};

const MINUTE: std::time::Duration = std::time::Duration::from_secs(60);

/// Whether the request's `Prefer` headers ask for `return=minimal` (RFC 7240).
fn prefers_minimal(request: &HttpRequest) -> bool {
    request
        .headers()
        .get_all("prefer")
        .filter_map(|value| value.to_str().ok())
        .flat_map(|value| value.split(','))
        .any(|preference| preference.trim().eq_ignore_ascii_case("return=minimal"))
}

/// Every action the bearer's seat may take now: the title's (none when it need not act), then the table's it may take
/// (`undo`, while its latest decision may be taken back). A client picking at random skips the table's.
#[utoipa::path(get, path = "/v1/games/{id}/actions", tag = "games",
    params(("id" = String, Path, description = "Game id"), LangQuery),
    security(("seat_token" = [])),
    responses(
        (status = 200, description = "The legal actions", body = LegalActionsResponse),
    ))]
pub async fn legal_actions(
    service: Service,
    id: web::Path<String>,
    request: HttpRequest,
) -> Result<HttpResponse, ApiError> {
    let (game, seat) = seated(&service, &id, &request).await?;
    let lang = lang(&request)?;
    let listed = LegalActionsResponse {
        seat: game.seat_name(seat),
        version: game.version(),
        actions: game.session.actions_json(seat, lang),
    };
    Ok(told_in(HttpResponse::Ok().json(listed), lang))
}

impl Endpoint for __path_legal_actions {
    const PROBLEMS: &'static [Problems] = common::SEAT_READ;

    fn route() -> Route {
        web::get().to(legal_actions)
    }
}

/// Plays an action for the bearer's seat.
///
/// Retries: a move answered 503, or whose answer was lost, may or may not have been applied. Retrying it with the
/// same `Idempotency-Key` is always safe: it returns the first answer (`Idempotent-Replayed: true`) if the move was
/// applied, and applies it otherwise, never twice. Retrying with `expected_version` set to the version the move was
/// decided on is safe too: it answers 409 if the move (or another) was applied meanwhile. A retry with neither may
/// apply the move twice. Reusing a key with a different body is refused (422 `idempotency_key_reused`). Keys are
/// scoped to the seat and kept 24 hours by default.
#[utoipa::path(post, path = "/v1/games/{id}/actions", tag = "games", request_body = PlayRequest,
    params(
        ("id" = String, Path, description = "Game id"),
        LangQuery,
        ("Idempotency-Key" = Option<String>, Header, min_length = 1, max_length = 255, pattern = "^[!-~]+$",
            description = "Send one with every move: a retry with the same key and body returns the first answer and appends nothing"),
        ("X-Ludus-Known-Head" = Option<String>, Header, pattern = "^(\"[0-9]{1,19}-[0-9a-f]{16}\"|[0-9]{1,19}-[0-9a-f]{16})?$",
            description = "The latest `ETag` (or stream message id) this client was given: the move is refused with 409 `history_rewritten` if the log no longer holds that position (the store lost acknowledged moves)"),
        ("Prefer" = Option<String>, Header, example = "return=minimal",
            description = "`return=minimal`: answer the version, the events, the status, the seats to act and this seat's legal actions, without the whole game (RFC 7240)"),
    ),
    security(("seat_token" = [])),
    responses(
        (status = 200, description = "Accepted; the events this seat may see and the new state", body = PlayResponse,
            headers(("ETag" = String, description = "The position the move reached (`\"<version>-<16 hex digits>\"`): present it back as `X-Ludus-Known-Head`"),
                ("Idempotent-Replayed" = String, description = "`true` when this is the stored answer to an earlier request with the same key"),
                ("Preference-Applied" = String, description = "`return=minimal` when the answer is the minimal one"),
                ("RateLimit" = String, description = "What is left of this seat's quota of moves, and when it is whole again (seconds), when moves are capped"),
                ("RateLimit-Policy" = String, description = "The quota of moves per seat and its window (seconds), when moves are capped"))),
    ))]
pub async fn play(
    service: Service,
    settings: web::Data<Settings>,
    id: web::Path<String>,
    request: HttpRequest,
    JsonBody(mut body): JsonBody<PlayRequest>,
) -> Result<HttpResponse, ApiError> {
    let caller = required_caller(&service, &request).await?;
    let key = idempotency_key(&request)?;
    let lang = lang(&request)?;
    let minimal = prefers_minimal(&request);
    check_action_depth(&body.action)?;
    // A listed action may come back as it was listed, words and all.
    if let Some(fields) = body.action.as_object_mut()
        && fields.get("label").is_some_and(serde_json::Value::is_string)
    {
        fields.remove("label");
    }
    // A seat is its token, or its account and the seat it names: counted without loading the game (an unknown
    // token is refused by the move itself). Only when moves are capped: the token's hash costs a move a SHA-256.
    let per_minute = settings.limits.moves_per_minute;
    let quota = if per_minute == 0 {
        None
    } else {
        let seat = match &caller {
            Caller::Token(token) => hash_token(token)[..32].to_owned(),
            Caller::Account { id, seat } => format!("{id}:{}", seat.as_deref().unwrap_or_default()),
        };
        limits::take(&service, "moves", "moves", &format!("{id}:{seat}"), per_minute, MINUTE).await?
    };
    let request = MoveRequest {
        action: &body.action,
        expected_version: body.expected_version,
        idempotency_key: key.as_ref(),
        known: known_head(&request)?,
    };
    let (done, replayed) = match service.games.play(&GameId::parse(&id)?, &caller, &request).await? {
        PlayOutcome::Played(done) => (done, false),
        PlayOutcome::Replayed(done) => (done, true),
    };
    // The seat moved: it is here.
    service
        .watcher()
        .note_seen(&done.after.meta.id, done.after.seat_name(done.seat));
    let response = move_response(&done, &caller, lang, minimal);
    let mut answer = json_body(StatusCode::OK, response);
    answer.headers_mut().insert(header::ETAG, etag(done.after.head.tag()));
    if replayed {
        answer
            .headers_mut()
            .insert(header::HeaderName::from_static("idempotent-replayed"), HeaderValue::from_static("true"));
    }
    // A replay is rebuilt from the log in this request's form too.
    if minimal {
        answer
            .headers_mut()
            .insert(header::HeaderName::from_static("preference-applied"), HeaderValue::from_static("return=minimal"));
    }
    for (name, value) in quota.iter().flat_map(limits::Quota::headers) {
        answer.headers_mut().insert(name, value);
    }
    Ok(told_in(answer, lang))
}

/// A move's answer as its seat sees it: the whole game, or with `return=minimal` only what changed and what is next.
fn move_response(done: &Move, caller: &Caller, lang: Option<Lang>, minimal: bool) -> String {
    let viewer = Viewer::Seat(done.seat);
    let after = &done.after;
    let events = logged(done.visible_events(viewer, lang));
    let response = if minimal {
        PlayResponse {
            status: Some(status_of(after.session.as_ref())),
            version: after.version(),
            events,
            to_act: Some(after.to_act()),
            legal_actions: Some(after.session.actions_json(done.seat, lang)),
            game: None,
        }
    } else {
        PlayResponse {
            status: None,
            version: after.version(),
            events,
            to_act: None,
            legal_actions: None,
            // Without who is connected: a retry under the same Idempotency-Key must get this very answer.
            game: Some(game_response(after, viewer, Some(caller), None, lang)),
        }
    };
    serde_json::to_string(&response).expect("responses serialize")
}

impl Endpoint for __path_play {
    const PROBLEMS: &'static [Problems] = &[
        Problems::new(
            "Malformed body, a key twice in one object (`invalid_body`), an action nested too deep, or one not of the \
             title's schema",
            &[
                Code::MalformedRequest,
                Code::InvalidBody,
                Code::InvalidAction,
                Code::ActionTooDeep,
                Code::InvalidIdempotencyKey,
                Code::InvalidKnownHead,
                Code::SeatRequired,
            ],
        ),
        common::SEAT_TOKEN_NEEDED,
        common::SEAT_NOT_HELD,
        common::NO_GAME_OR_SEAT,
        Problems::new(
            "The game is not at `expected_version` (`version_conflict`), kept changing (`contention`), the move recorded under this key was lost by the store (`idempotency_record_lost`), or the log no longer holds the position `X-Ludus-Known-Head` names (`history_rewritten`, with `common_version`)",
            &[
                Code::VersionConflict,
                Code::Contention,
                Code::IdempotencyRecordLost,
                Code::HistoryRewritten,
            ],
        ),
        common::BODY_TOO_LARGE,
        common::BODY_NOT_JSON,
        Problems::new(
            "Illegal now (`code` is the rule's code), an action of another title (`action_of_another_title`), the game is over (`game_over`), or the key was used for another body (`idempotency_key_reused`)",
            &[Code::GameOver, Code::ActionOfAnotherTitle, Code::IdempotencyKeyReused],
        ),
        Problems::new(
            "Store unavailable: the move may still have been applied; retry with the same `Idempotency-Key`",
            &[Code::StoreUnavailable, Code::LogChanged],
        ),
        Problems::new(
            "A retried move (`Idempotency-Key`) of a game that is finished and archived: its answer is not kept there",
            &[Code::AnswerArchived],
        ),
        Problems::new("This seat made its most moves this minute (`LUDUS_MOVES_PER_MINUTE`)", &[Code::RateLimited]),
    ];

    fn route() -> Route {
        web::post().to(play)
    }
}
