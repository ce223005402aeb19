//! HTTP handlers: thin adapters between requests and the game service. They never know one title from another.

use actix_web::http::StatusCode;
use actix_web::http::header::{self, HeaderValue};
use actix_web::{HttpRequest, HttpResponse, web};
use serde_json::value::RawValue;

use super::body::JsonBody;
use super::body::OptionalJsonBody;
use super::dto::*;
use super::error::{ApiError, ErrorCode, Problem};
use super::limits::{CreationLimiter, check_action_depth};
use crate::engine::bot::Bot;
use crate::engine::table::EndReason;
use crate::engine::{GameSession, TitleInfo, Viewer};
use crate::service::{GameService, LobbyEntry, Move, MoveRequest, NewGame, PlayOutcome, Snapshot, now_ms};

type Service = web::Data<GameService>;

const IDEMPOTENCY_KEY: &str = "Idempotency-Key";
const MAX_IDEMPOTENCY_KEY_LEN: usize = 255;

/// The bearer token, if any. A malformed `Authorization` header is an error, not a spectator.
pub(super) fn bearer(request: &HttpRequest) -> Result<Option<&str>, ApiError> {
    let Some(value) = request.headers().get(header::AUTHORIZATION) else {
        return Ok(None);
    };
    let invalid = || ApiError::new(ErrorCode::InvalidToken, "expected `Authorization: Bearer <token>`");
    let text = value.to_str().map_err(|_| invalid())?;
    let (scheme, token) = text.split_once(' ').ok_or_else(invalid)?;
    if !scheme.eq_ignore_ascii_case("bearer") || token.trim().is_empty() {
        return Err(invalid());
    }
    Ok(Some(token.trim()))
}

pub(super) fn required_bearer(request: &HttpRequest) -> Result<&str, ApiError> {
    bearer(request)?.ok_or_else(|| crate::service::ServiceError::MissingToken.into())
}

fn idempotency_key(request: &HttpRequest) -> Result<Option<&str>, ApiError> {
    let Some(value) = request.headers().get(IDEMPOTENCY_KEY) else {
        return Ok(None);
    };
    let bad = || {
        ApiError::new(
            ErrorCode::InvalidIdempotencyKey,
            format!("Idempotency-Key must be 1 to {MAX_IDEMPOTENCY_KEY_LEN} visible ASCII characters"),
        )
    };
    let key = value.to_str().map_err(|_| bad())?;
    if key.is_empty() || key.len() > MAX_IDEMPOTENCY_KEY_LEN || !key.bytes().all(|b| b.is_ascii_graphic()) {
        return Err(bad());
    }
    Ok(Some(key))
}

pub(super) fn game_response(snapshot: &Snapshot, viewer: Viewer) -> GameResponse {
    let session = &snapshot.session;
    let table = session.table();
    let status = status_of(session.as_ref());
    let seat_names = |seats: &[usize]| seats.iter().map(|&seat| snapshot.seat_name(seat)).collect::<Vec<_>>();
    let ending = table.ending.as_ref().map_or_else(
        || {
            session.is_finished().then(|| GameEnding {
                reason: EndReason::PlayedOut,
                by: Vec::new(),
                losers: Vec::new(),
                winners: Vec::new(),
            })
        },
        |ending| {
            let decided = !ending.losers.is_empty();
            Some(GameEnding {
                reason: ending.reason,
                by: seat_names(&ending.by),
                losers: seat_names(&ending.losers),
                winners: (0..snapshot.seats.len())
                    .filter(|seat| decided && !ending.losers.contains(seat))
                    .map(|seat| snapshot.seat_name(seat))
                    .collect(),
            })
        },
    );
    let now = now_ms();
    GameResponse {
        id: snapshot.meta.id.clone(),
        title: snapshot.meta.title.clone(),
        seats: snapshot.seats.to_vec(),
        version: session.version(),
        status,
        to_act: snapshot.to_act(),
        players: player_seats(snapshot),
        seeded: snapshot.meta.seeded,
        seat: match viewer {
            Viewer::Seat(seat) => Some(snapshot.seat_name(seat)),
            Viewer::Spectator => None,
        },
        view: session.view(viewer),
        legal_actions: match viewer {
            Viewer::Seat(seat) => Some(session.legal_actions_json(seat)),
            Viewer::Spectator => None,
        },
        result: session.outcome(),
        ending,
        clock: table.turn_seconds.map(|turn_seconds| {
            let deadline_ms = table.deadline_ms.filter(|_| status == GameStatus::Active);
            Clock {
                turn_seconds,
                deadline_ms,
                remaining_ms: deadline_ms.map(|deadline| deadline.saturating_sub(now)),
            }
        }),
        expires_at_ms: table.expires_at_ms.filter(|_| status == GameStatus::Open),
        rematch: table.rematch.as_ref().map(|(game, _)| {
            let mine = match viewer {
                Viewer::Seat(seat) => snapshot.rematch_of_seat(seat),
                Viewer::Spectator => None,
            };
            RematchInfo {
                game: game.clone(),
                seat: mine.as_ref().map(|(seat, _)| *seat),
                token: mine.map(|(_, token)| token),
            }
        }),
        created_at_ms: snapshot.meta.created_at_ms,
    }
}

pub(super) fn player_seats(snapshot: &Snapshot) -> Vec<PlayerSeat> {
    let table = snapshot.session.table();
    snapshot
        .seats
        .iter()
        .zip(&table.seats)
        .map(|(&seat, taken)| PlayerSeat {
            seat,
            open: taken.open,
            name: taken.name.clone(),
            bot: taken.bot,
        })
        .collect()
}

pub(super) fn status_of(session: &dyn GameSession) -> GameStatus {
    if session.is_finished() {
        GameStatus::Finished
    } else if session.table().is_open() {
        GameStatus::Open
    } else {
        GameStatus::Active
    }
}

/// A page size from a query: `default` when absent, refused beyond 1..=`max`.
fn page_limit(limit: Option<u64>, default: u64, max: u64) -> Result<u64, ApiError> {
    match limit {
        None => Ok(default),
        Some(limit) if (1..=max).contains(&limit) => Ok(limit),
        Some(_) => Err(ApiError::new(
            ErrorCode::InvalidQuery,
            format!("limit must be 1 to {max}"),
        )),
    }
}

fn logged(events: Vec<(u64, Box<RawValue>)>) -> Vec<LoggedEvent> {
    events
        .into_iter()
        .map(|(seq, event)| LoggedEvent { seq, event })
        .collect()
}

fn json_body(status: StatusCode, body: String) -> HttpResponse {
    HttpResponse::build(status).content_type("application/json").body(body)
}

/// The titles this service plays.
#[utoipa::path(get, path = "/v1/titles", tag = "titles",
    responses((status = 200, description = "Every title with its seats and options", body = [TitleInfo])))]
pub async fn list_titles(service: Service) -> HttpResponse {
    HttpResponse::Ok().json(service.titles().collect::<Vec<_>>())
}

/// A title's static board data (e.g. the map with coordinates), for drawing the board.
#[utoipa::path(get, path = "/v1/titles/{id}/map", tag = "titles",
    params(("id" = String, Path, description = "Title id")),
    responses(
        (status = 200, description = "The board data, in the title's own shape", body = Object),
        (status = 404, description = "No such title, or it has no map", body = Problem,
            content_type = "application/problem+json"),
    ))]
pub async fn title_map(service: Service, id: web::Path<String>) -> Result<HttpResponse, ApiError> {
    let map = service
        .registry()
        .get(&id)
        .and_then(|title| title.map())
        .ok_or_else(|| ApiError::new(ErrorCode::MapNotFound, format!("title {id:?} has no map")))?;
    Ok(HttpResponse::Ok().json(map))
}

/// Creates a game. The answer holds the secret token of every seat the creator takes, once; the other seats wait in
/// the lobby for players.
#[utoipa::path(post, path = "/v1/games", tag = "games", request_body = CreateGameRequest,
    responses(
        (status = 201, description = "Created", body = CreateGameResponse,
            headers(("Location" = String, description = "The game's address"))),
        (status = 400, description = "Unknown title, wrong player count, invalid options, seats, display name or \
            turn_seconds, or malformed body",
            body = Problem, content_type = "application/problem+json"),
        (status = 413, description = "Body too large", body = Problem, content_type = "application/problem+json"),
        (status = 415, description = "Body is not JSON", body = Problem, content_type = "application/problem+json"),
        (status = 422, description = "Options valid in themselves that do not fit the number of players \
            (`options_conflict`), seats the title has but not with this number of players (`seats_conflict`), or an \
            explicit seed for a game with open seats without `public_seed` (`seed_not_public`)", body = Problem, content_type = "application/problem+json"),
        (status = 429, description = "Too many games created by this client this minute", body = Problem,
            content_type = "application/problem+json", headers(("Retry-After" = u64, description = "Seconds to wait"))),
        (status = 503, description = "Store unavailable", body = Problem, content_type = "application/problem+json"),
    ))]
pub async fn create_game(
    service: Service,
    limiter: web::Data<CreationLimiter>,
    http: HttpRequest,
    JsonBody(request): JsonBody<CreateGameRequest>,
) -> Result<HttpResponse, ApiError> {
    limiter.admit(http.peer_addr().map(|address| address.ip()), std::time::Instant::now())?;
    let created = service
        .create(NewGame {
            title: &request.title,
            players: request.players,
            seed: request.seed,
            options: request.options.as_ref(),
            seats: request.seats.as_ref(),
            name: request.name,
            turn_seconds: request.turn_seconds,
            public_seed: request.public_seed,
            bots: request.bots.as_ref(),
        })
        .await?;
    let game = game_response(&created.snapshot, Viewer::Spectator);
    let location = format!("/v1/games/{}", game.id);
    tracing::info!(game = %game.id, title = %game.title, players = request.players, "game created");
    let seats = created
        .tokens
        .into_iter()
        .map(|(seat, token)| SeatToken { seat, token })
        .collect();
    Ok(HttpResponse::Created()
        .insert_header((header::LOCATION, location))
        .json(CreateGameResponse { seats, game }))
}

/// Takes an open seat. The answer holds the seat's secret token, once. The game starts when its last seat is taken.
/// Several people racing for one seat: exactly one gets it, the others get 409 `seat_taken`.
#[utoipa::path(post, path = "/v1/games/{id}/seats/{seat}/join", tag = "lobby", request_body(content = Option<JoinRequest>,
        description = "Optional: a display name"),
    params(("id" = String, Path, description = "Game id"), ("seat" = String, Path, description = "Seat id")),
    responses(
        (status = 201, description = "The seat is yours", body = SeatResponse),
        (status = 400, description = "Malformed body or display name", body = Problem,
            content_type = "application/problem+json"),
        (status = 404, description = "No such game or seat", body = Problem, content_type = "application/problem+json"),
        (status = 409, description = "The seat is taken (`seat_taken`), the game is over or expired (`join_too_late`), \
            or it kept changing (`contention`)", body = Problem, content_type = "application/problem+json"),
        (status = 413, description = "Body too large", body = Problem, content_type = "application/problem+json"),
        (status = 415, description = "Body is not JSON", body = Problem, content_type = "application/problem+json"),
        (status = 503, description = "Store unavailable", body = Problem, content_type = "application/problem+json"),
    ))]
pub async fn join_seat(
    service: Service,
    path: web::Path<(String, String)>,
    OptionalJsonBody(body): OptionalJsonBody<Option<JoinRequest>>,
) -> Result<HttpResponse, ApiError> {
    let (id, seat) = path.into_inner();
    let joined = service
        .join(&id, &seat, body.flatten().and_then(|body| body.name))
        .await?;
    let seat = joined.snapshot.seat_name(joined.seat);
    let game = game_response(&joined.snapshot, Viewer::Seat(joined.seat));
    tracing::info!(game = %id, seat, "seat joined");
    Ok(HttpResponse::Created()
        .insert_header(("Cache-Control", "no-store"))
        .json(SeatResponse {
            seat,
            token: joined.token,
            game,
        }))
}

/// Seats a built-in opponent on an open seat, at the request of a player of the game (any seat's token): it plays
/// that seat from then on, as soon as the seat is to act. Like a join, taking the last open seat starts the game.
#[utoipa::path(post, path = "/v1/games/{id}/seats/{seat}/bot", tag = "lobby", request_body = Bot,
    params(("id" = String, Path, description = "Game id"), ("seat" = String, Path, description = "Seat id")),
    security(("seat_token" = [])),
    responses(
        (status = 201, description = "The bot took the seat: the game as the requester's seat sees it",
            body = GameResponse),
        (status = 400, description = "Malformed body (an unknown bot kind)", body = Problem,
            content_type = "application/problem+json"),
        (status = 401, description = "Missing token, or not a token of this game", body = Problem,
            content_type = "application/problem+json"),
        (status = 404, description = "No such game or seat", body = Problem, content_type = "application/problem+json"),
        (status = 409, description = "The seat is taken (`seat_taken`), the game is over or expired (`join_too_late`), \
            or it kept changing (`contention`)", body = Problem, content_type = "application/problem+json"),
        (status = 413, description = "Body too large", body = Problem, content_type = "application/problem+json"),
        (status = 415, description = "Body is not JSON", body = Problem, content_type = "application/problem+json"),
        (status = 503, description = "Store unavailable", body = Problem, content_type = "application/problem+json"),
    ))]
pub async fn seat_bot(
    service: Service,
    path: web::Path<(String, String)>,
    request: HttpRequest,
    JsonBody(bot): JsonBody<Bot>,
) -> Result<HttpResponse, ApiError> {
    let token = required_bearer(&request)?;
    let (id, seat) = path.into_inner();
    let (snapshot, _) = service.seat_bot(&id, &seat, token, bot).await?;
    tracing::info!(game = %id, seat, "bot seated");
    let viewer = snapshot.viewer(Some(token))?;
    Ok(HttpResponse::Created()
        .insert_header(("Cache-Control", "no-store"))
        .json(game_response(&snapshot, viewer)))
}

/// Games waiting for players (or, with `status=active`, lobby games being played), newest first, a page at a time.
#[utoipa::path(get, path = "/v1/lobby", tag = "lobby", params(LobbyQuery),
    responses(
        (status = 200, description = "A page of the lobby", body = LobbyResponse),
        (status = 400, description = "Bad query or unknown title", body = Problem,
            content_type = "application/problem+json"),
        (status = 503, description = "Store unavailable", body = Problem, content_type = "application/problem+json"),
    ))]
pub async fn lobby(service: Service, query: web::Query<LobbyQuery>) -> Result<HttpResponse, ApiError> {
    let limit = page_limit(query.limit, LobbyQuery::DEFAULT_LIMIT, LobbyQuery::MAX_LIMIT)?;
    let before = query
        .before
        .as_deref()
        .map(|cursor| {
            LobbyEntry::parse_cursor(cursor).ok_or_else(|| {
                ApiError::new(
                    ErrorCode::InvalidQuery,
                    "before must be a next_before from an earlier page",
                )
            })
        })
        .transpose()?;
    let page = service
        .lobby(
            query.title.as_deref(),
            query.status.unwrap_or_default(),
            before.as_ref(),
            limit as usize,
        )
        .await?;
    let games = page
        .games
        .iter()
        .map(|snapshot| {
            let table = snapshot.session.table();
            LobbyGame {
                id: snapshot.meta.id.clone(),
                title: snapshot.meta.title.clone(),
                players: snapshot.seats.len(),
                seats: player_seats(snapshot),
                open_seats: (0..snapshot.seats.len())
                    .filter(|&seat| table.seats[seat].open)
                    .map(|seat| snapshot.seat_name(seat))
                    .collect(),
                options: serde_json::from_str(&snapshot.meta.options).unwrap_or_default(),
                seeded: snapshot.meta.seeded,
                turn_seconds: table.turn_seconds,
                expires_at_ms: table.expires_at_ms.filter(|_| table.is_open()),
                created_at_ms: snapshot.meta.created_at_ms,
            }
        })
        .collect();
    Ok(HttpResponse::Ok().json(LobbyResponse {
        games,
        next_before: page.next,
    }))
}

/// A rematch of a finished game, asked by one of its seats: the same title, players, options and clock, seats rotated
/// by one, a fresh seed. The first request creates it (201); later ones return it (200). Every player gets a token for
/// it: the asker in this answer, each other player in their own view of the finished game (`rematch.token`), or from
/// this same request.
#[utoipa::path(post, path = "/v1/games/{id}/rematch", tag = "lobby",
    params(("id" = String, Path, description = "The finished game's id")),
    security(("seat_token" = [])),
    responses(
        (status = 200, description = "The rematch already existed: your seat and token in it", body = SeatResponse),
        (status = 201, description = "The rematch: your seat and token in it", body = SeatResponse),
        (status = 401, description = "Missing or wrong token", body = Problem, content_type = "application/problem+json"),
        (status = 404, description = "No such game", body = Problem, content_type = "application/problem+json"),
        (status = 409, description = "The game is not over (`game_not_finished`), expired unfilled (`no_rematch`), \
            or kept changing (`contention`)", body = Problem, content_type = "application/problem+json"),
        (status = 503, description = "Store unavailable", body = Problem, content_type = "application/problem+json"),
    ))]
pub async fn rematch(service: Service, id: web::Path<String>, request: HttpRequest) -> Result<HttpResponse, ApiError> {
    let token = required_bearer(&request)?;
    let rematch = service.rematch(&id, token).await?;
    let game = game_response(&rematch.snapshot, Viewer::Seat(rematch.seat));
    let status = if rematch.created {
        StatusCode::CREATED
    } else {
        StatusCode::OK
    };
    Ok(HttpResponse::build(status)
        .insert_header(("Cache-Control", "no-store"))
        .insert_header((header::LOCATION, format!("/v1/games/{}", game.id)))
        .json(SeatResponse {
            seat: rematch.snapshot.seat_name(rematch.seat),
            token: rematch.token,
            game,
        }))
}

/// A game as the bearer's seat sees it, or as a spectator without a token; with `at`, as it was at that version.
#[utoipa::path(get, path = "/v1/games/{id}", tag = "games",
    params(("id" = String, Path, description = "Game id"), GameQuery),
    security((), ("seat_token" = [])),
    responses(
        (status = 200, description = "The game", body = GameResponse),
        (status = 400, description = "Bad query: `at` is not a version", body = Problem,
            content_type = "application/problem+json"),
        (status = 401, description = "Wrong token", body = Problem, content_type = "application/problem+json"),
        (status = 404, description = "No such game", body = Problem, content_type = "application/problem+json"),
        (status = 422, description = "`at` is beyond the game's current version (`version_not_reached`)",
            body = Problem, content_type = "application/problem+json"),
        (status = 503, description = "Store unavailable", body = Problem, content_type = "application/problem+json"),
    ))]
pub async fn get_game(
    service: Service,
    id: web::Path<String>,
    query: web::Query<GameQuery>,
    request: HttpRequest,
) -> Result<HttpResponse, ApiError> {
    let snapshot = service.load(&id).await?;
    let viewer = snapshot.viewer(bearer(&request)?)?;
    let snapshot = match query.at {
        None => snapshot,
        Some(at) if at <= snapshot.version() => service.snapshot_at(&snapshot, at).await?,
        Some(_) => {
            let version = snapshot.version();
            return Err(ApiError::new(
                ErrorCode::VersionNotReached,
                format!("the game is at version {version}: at must be 0 to {version}"),
            ));
        }
    };
    Ok(HttpResponse::Ok().json(game_response(&snapshot, viewer)))
}

/// Every action the bearer's seat may take now (empty when it need not act).
#[utoipa::path(get, path = "/v1/games/{id}/actions", tag = "games",
    params(("id" = String, Path, description = "Game id")),
    security(("seat_token" = [])),
    responses(
        (status = 200, description = "The legal actions", body = LegalActionsResponse),
        (status = 401, description = "Missing or wrong token", body = Problem, content_type = "application/problem+json"),
        (status = 404, description = "No such game", body = Problem, content_type = "application/problem+json"),
        (status = 503, description = "Store unavailable", body = Problem, content_type = "application/problem+json"),
    ))]
pub async fn legal_actions(
    service: Service,
    id: web::Path<String>,
    request: HttpRequest,
) -> Result<HttpResponse, ApiError> {
    let token = required_bearer(&request)?;
    let snapshot = service.load(&id).await?;
    let seat = snapshot.seat_of(token)?;
    Ok(HttpResponse::Ok().json(LegalActionsResponse {
        seat: snapshot.seat_name(seat),
        version: snapshot.version(),
        actions: snapshot.session.legal_actions_json(seat),
    }))
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
        ("Idempotency-Key" = Option<String>, Header, min_length = 1, max_length = 255, pattern = "^[!-~]+$",
            description = "Send one with every move: a retry with the same key and body returns the first answer and appends nothing"),
    ),
    security(("seat_token" = [])),
    responses(
        (status = 200, description = "Accepted; the events this seat may see and the new state", body = PlayResponse,
            headers(("Idempotent-Replayed" = String, description = "`true` when this is the stored answer to an earlier request with the same key"))),
        (status = 400, description = "Malformed body, an action nested too deep, or one not of the title's schema",
            body = Problem, content_type = "application/problem+json"),
        (status = 401, description = "Missing or wrong token", body = Problem, content_type = "application/problem+json"),
        (status = 404, description = "No such game", body = Problem, content_type = "application/problem+json"),
        (status = 409, description = "The game is not at `expected_version` (`version_conflict`), kept changing \
            (`contention`), or the move recorded under this key was lost by the store (`idempotency_record_lost`)",
            body = Problem, content_type = "application/problem+json"),
        (status = 413, description = "Body too large", body = Problem, content_type = "application/problem+json"),
        (status = 415, description = "Body is not JSON", body = Problem, content_type = "application/problem+json"),
        (status = 422, description = "Illegal now (`code` is the rule's code), an action of another title \
            (`action_of_another_title`), the game is over (`game_over`), or the key was used for another body \
            (`idempotency_key_reused`)", body = Problem, content_type = "application/problem+json"),
        (status = 503, description = "Store unavailable: the move may still have been applied; retry with the same \
            `Idempotency-Key`", body = Problem, content_type = "application/problem+json"),
    ))]
pub async fn play(
    service: Service,
    id: web::Path<String>,
    request: HttpRequest,
    JsonBody(body): JsonBody<PlayRequest>,
) -> Result<HttpResponse, ApiError> {
    let token = required_bearer(&request)?;
    let key = idempotency_key(&request)?;
    check_action_depth(&body.action)?;
    let render = |done: &Move<'_>| {
        let viewer = Viewer::Seat(done.seat);
        let response = PlayResponse {
            version: done.after.version(),
            events: logged(done.after.visible_events(done.events, done.from_version, viewer)),
            game: game_response(done.after, viewer),
        };
        serde_json::to_string(&response).expect("responses serialize")
    };
    let request = MoveRequest {
        action: &body.action,
        expected_version: body.expected_version,
        idempotency_key: key,
    };
    let outcome = service.play(&id, token, &request, &render).await?;
    Ok(match outcome {
        PlayOutcome::Played { response } => json_body(StatusCode::OK, response),
        PlayOutcome::Replayed { response } => {
            let mut answer = json_body(StatusCode::OK, response);
            answer.headers_mut().insert(
                header::HeaderName::from_static("idempotent-replayed"),
                HeaderValue::from_static("true"),
            );
            answer
        }
    })
}

/// The log as the viewer may see it; once the game is over, the public log (a replay export without lasting secrets).
#[utoipa::path(get, path = "/v1/games/{id}/events", tag = "games",
    params(("id" = String, Path, description = "Game id"), EventsQuery),
    security((), ("seat_token" = [])),
    responses(
        (status = 200, description = "The events", body = EventsResponse),
        (status = 400, description = "Bad query", body = Problem, content_type = "application/problem+json"),
        (status = 401, description = "Wrong token", body = Problem, content_type = "application/problem+json"),
        (status = 404, description = "No such game", body = Problem, content_type = "application/problem+json"),
        (status = 503, description = "Store unavailable", body = Problem, content_type = "application/problem+json"),
    ))]
pub async fn list_events(
    service: Service,
    id: web::Path<String>,
    query: web::Query<EventsQuery>,
    request: HttpRequest,
) -> Result<HttpResponse, ApiError> {
    let snapshot = service.load(&id).await?;
    let viewer = snapshot.viewer(bearer(&request)?)?;
    let limit = page_limit(query.limit, EventsQuery::DEFAULT_LIMIT, EventsQuery::MAX_LIMIT)?;
    let version = snapshot.version();
    let after = query.after.min(version);
    let until = after.saturating_add(limit).min(version);
    // Read back only up to the snapshot's head (and checked against it), so that redaction matches the state it is
    // judged by.
    let log = service.log_until(&snapshot, until).await?;
    let events = &log[usize::try_from(after).unwrap_or(usize::MAX).min(log.len())..];
    Ok(HttpResponse::Ok().json(EventsResponse {
        version,
        complete: snapshot.session.is_finished(),
        events: logged(snapshot.visible_events(events, after, viewer)),
        next_after: (until < version).then_some(until),
    }))
}

/// Liveness and the store in use.
#[utoipa::path(get, path = "/health", tag = "service",
    responses(
        (status = 200, description = "Serving", body = HealthResponse),
        (status = 503, description = "The store does not answer", body = HealthResponse),
    ))]
pub async fn health(service: Service) -> HttpResponse {
    let store = service.store();
    let reachable = store.ping().await.is_ok();
    let persistence = match reachable {
        true => store.persistence().await.ok().flatten(),
        false => None,
    };
    let body = HealthResponse {
        status: if reachable { "ok" } else { "unavailable" },
        store: store.kind(),
        durable: persistence.as_ref().is_some_and(|p| p.survives_host_crash()),
        persistence,
        streams: service.watcher().open_streams(),
    };
    let status = if reachable {
        StatusCode::OK
    } else {
        StatusCode::SERVICE_UNAVAILABLE
    };
    HttpResponse::build(status).json(body)
}

pub async fn not_found() -> HttpResponse {
    actix_web::ResponseError::error_response(&ApiError::not_found())
}

pub async fn method_not_allowed(allow: &'static str) -> HttpResponse {
    let mut response = actix_web::ResponseError::error_response(&ApiError::method_not_allowed());
    response
        .headers_mut()
        .insert(header::ALLOW, HeaderValue::from_static(allow));
    response
}
