//! Meeting other players: the lobby's listings, joining an open seat, seating a bot, and rematches.

use actix_web::http::StatusCode;
use actix_web::http::header;
use actix_web::{HttpRequest, HttpResponse, Route, web};

use super::Service;
use super::answer::{game_answer, player_seats, told_in};
use super::body::{JsonBody, OptionalJsonBody};
use super::dto::{
    BindRequest, GameResponse, JoinRequest, LangQuery, LobbyGame, LobbyQuery, LobbyResponse, RematchResponse,
    SeatResponse,
};
use super::endpoint::{Endpoint, Problems, common};
use super::error::{ApiError, ErrorCode as Code};
use super::request::{account, lang, optional_account, page_limit, required_caller, viewer_of};
use crate::engine::Viewer;
use crate::engine::bot::Bot;
use crate::service::{GameId, LobbyEntry};

/// Games waiting for players (or, with `status=active`, lobby games being played), newest first, a page at a time.
#[utoipa::path(get, path = "/v1/lobby", tag = "lobby", params(LobbyQuery),
    responses(
        (status = 200, description = "A page of the lobby", body = LobbyResponse),
    ))]
pub async fn lobby(service: Service, query: web::Query<LobbyQuery>) -> Result<HttpResponse, ApiError> {
    let limit = page_limit(query.limit, LobbyQuery::DEFAULT_LIMIT, LobbyQuery::MAX_LIMIT)?;
    let before = query
        .before
        .as_deref()
        .map(|cursor| {
            LobbyEntry::parse_cursor(cursor)
                .ok_or_else(|| ApiError::new(Code::InvalidQuery, "before must be a next_before from an earlier page"))
        })
        .transpose()?;
    let page = service
        .tables
        .lobby(query.title.as_deref(), query.status.unwrap_or_default(), before.as_ref(), limit as usize)
        .await?;
    let games = page
        .games
        .iter()
        .map(|game| {
            let table = game.session.table();
            LobbyGame {
                id: game.meta.id.to_string(),
                title: game.meta.title.clone(),
                players: game.seats.len(),
                seats: player_seats(game, None),
                open_seats: (0..game.seats.len())
                    .filter(|&seat| table.seats[seat].open)
                    .map(|seat| game.seat_name(seat))
                    .collect(),
                options: serde_json::from_str(&game.meta.options).unwrap_or_default(),
                seeded: game.meta.seeded,
                rated: game.session.table().rated,
                turn_seconds: table.turn_seconds,
                clock: table.clock,
                on_leave: table.on_leave,
                expires_at_ms: table.expires_at_ms.filter(|_| table.is_open()),
                created_at_ms: game.meta.created_at_ms,
            }
        })
        .collect();
    Ok(HttpResponse::Ok().json(LobbyResponse {
        games,
        next_before: page.next,
    }))
}

impl Endpoint for __path_lobby {
    const PROBLEMS: &'static [Problems] = &[
        Problems::new("Bad query or unknown title", &[Code::InvalidQuery, Code::UnknownTitle]),
        common::STORE_UNAVAILABLE,
    ];

    fn route() -> Route {
        web::get().to(lobby)
    }
}

/// Takes an open seat. The answer holds the seat's secret token, once. The game starts when its last seat is taken.
/// Several people racing for one seat: exactly one gets it, the others get 409 `seat_taken`.
#[utoipa::path(post, path = "/v1/games/{id}/seats/{seat}/join", tag = "lobby", request_body(content = Option<JoinRequest>,
        description = "Optional: a display name"),
    params(("id" = String, Path, description = "Game id"), ("seat" = String, Path, description = "Seat id"), LangQuery),
    security((), ("account_key" = [])),
    responses(
        (status = 201, description = "The seat is yours", body = SeatResponse),
    ))]
pub async fn join_seat(
    service: Service,
    path: web::Path<(String, String)>,
    request: HttpRequest,
    OptionalJsonBody(body): OptionalJsonBody<Option<JoinRequest>>,
) -> Result<HttpResponse, ApiError> {
    let (id, seat) = path.into_inner();
    let account = optional_account(&service, &request).await?;
    let name = body.flatten().and_then(|body| body.name);
    let joined = service
        .tables
        .join(&GameId::parse(&id)?, &seat, name, account.as_ref().map(|account| account.id.as_str()))
        .await?;
    let seat = joined.game.seat_name(joined.seat);
    service.watcher().note_seen(&id, seat);
    let lang = lang(&request)?;
    let game = game_answer(&service, &joined.game, Viewer::Seat(joined.seat), None, lang).await;
    tracing::info!(game = %id, seat, "seat joined");
    let answer = HttpResponse::Created()
        .insert_header(("Cache-Control", "no-store"))
        .json(SeatResponse {
            seat,
            token: joined.token,
            game,
        });
    Ok(told_in(answer, lang))
}

impl Endpoint for __path_join_seat {
    const PROBLEMS: &'static [Problems] = &[
        Problems::new(
            "Malformed body, a key twice in one object (`invalid_body`), or a display name empty, blank or too long (`invalid_name`)",
            &[Code::MalformedRequest, Code::InvalidBody, Code::InvalidName],
        ),
        Problems::new("An account key unknown or revoked", &[Code::InvalidAccountKey]),
        Problems::new("The seat is reserved for an invited account", &[Code::SeatReserved]),
        common::NO_GAME_OR_SEAT,
        common::SEAT_GONE,
        common::BODY_TOO_LARGE,
        common::BODY_NOT_JSON,
        Problems::new("A display name holding a character a name may not hold (`name_refused`)", &[Code::NameRefused]),
        common::STORE_UNAVAILABLE,
    ];

    fn route() -> Route {
        web::post().to(join_seat)
    }
}

/// Seats a built-in opponent on an open seat, at the request of a player of the game (any seat's token): it plays
/// that seat from then on, as soon as the seat is to act. Like a join, taking the last open seat starts the game.
#[utoipa::path(post, path = "/v1/games/{id}/seats/{seat}/bot", tag = "lobby", request_body = Bot,
    params(("id" = String, Path, description = "Game id"), ("seat" = String, Path, description = "Seat id")),
    security(("seat_token" = [])),
    responses(
        (status = 201, description = "The bot took the seat: the game as the requester's seat sees it",
            body = GameResponse),
    ))]
pub async fn seat_bot(
    service: Service,
    path: web::Path<(String, String)>,
    request: HttpRequest,
    JsonBody(bot): JsonBody<Bot>,
) -> Result<HttpResponse, ApiError> {
    let caller = required_caller(&service, &request).await?;
    let (id, seat) = path.into_inner();
    let (game, _) = service
        .tables
        .seat_bot(&GameId::parse(&id)?, &seat, &caller, bot)
        .await?;
    tracing::info!(game = %id, seat, "bot seated");
    let viewer = viewer_of(&service, &game, Some(&caller))?;
    Ok(HttpResponse::Created()
        .insert_header(("Cache-Control", "no-store"))
        .json(game_answer(&service, &game, viewer, Some(&caller), None).await))
}

impl Endpoint for __path_seat_bot {
    const PROBLEMS: &'static [Problems] = &[
        Problems::new(
            "Malformed body (an unknown bot kind), a key twice in one object (`invalid_body`), or an account holding \
             several seats names none",
            &[Code::MalformedRequest, Code::InvalidBody, Code::SeatRequired],
        ),
        common::SEAT_TOKEN_NEEDED,
        Problems::new(
            "The account holds no seat of this game (`seat_not_held`), or the open seat is reserved for an invited \
             account (`seat_reserved`)",
            &[Code::SeatNotHeld, Code::SeatReserved],
        ),
        common::NO_GAME_OR_SEAT,
        common::SEAT_GONE,
        common::BODY_TOO_LARGE,
        common::BODY_NOT_JSON,
        common::STORE_UNAVAILABLE,
    ];

    fn route() -> Route {
        web::post().to(seat_bot)
    }
}

/// A rematch of a finished game, asked by one of its seats: the same title, players, options and clock, seats rotated
/// by one, a fresh seed. The first request creates it (201); later ones return it (200). Each player's token opens their
/// seat in it (the answer's `token`, and `rematch.token` in their view of the finished game, is the token they asked
/// with); an account key acts for its seat there, which the rematch binds to the account.
#[utoipa::path(post, path = "/v1/games/{id}/rematch", tag = "lobby",
    params(("id" = String, Path, description = "The finished game's id")),
    security(("seat_token" = [])),
    responses(
        (status = 200, description = "The rematch already existed: your seat and token in it", body = RematchResponse),
        (status = 201, description = "The rematch: your seat and token in it", body = RematchResponse),
    ))]
pub async fn rematch(service: Service, id: web::Path<String>, request: HttpRequest) -> Result<HttpResponse, ApiError> {
    let caller = required_caller(&service, &request).await?;
    let rematch = service.tables.rematch(&GameId::parse(&id)?, &caller).await?;
    let seat = rematch.game.seat_name(rematch.seat);
    service.watcher().note_seen(&rematch.game.meta.id, seat);
    let game = game_answer(&service, &rematch.game, Viewer::Seat(rematch.seat), Some(&caller), None).await;
    let status = if rematch.created {
        StatusCode::CREATED
    } else {
        StatusCode::OK
    };
    Ok(HttpResponse::build(status)
        .insert_header(("Cache-Control", "no-store"))
        .insert_header((header::LOCATION, format!("/v1/games/{}", game.id)))
        .json(RematchResponse {
            seat,
            token: rematch.token,
            game,
        }))
}

impl Endpoint for __path_rematch {
    const PROBLEMS: &'static [Problems] = &[
        common::SEAT_UNNAMED,
        common::SEAT_TOKEN_NEEDED,
        common::SEAT_NOT_HELD,
        common::NO_GAME_OR_SEAT,
        Problems::new(
            "The game is not over (`game_not_finished`), expired unfilled (`no_rematch`), or kept changing (`contention`)",
            &[Code::GameNotFinished, Code::NoRematch, Code::Contention],
        ),
        common::STORE_UNAVAILABLE,
    ];

    fn route() -> Route {
        web::post().to(rematch)
    }
}

/// Declines the seat the account was invited to: the seat opens to anyone, or the game ends, as its creator chose at
/// creation (`on_decline`).
#[utoipa::path(post, path = "/v1/games/{id}/seats/{seat}/decline", tag = "lobby",
    params(("id" = String, Path, description = "Game id"), ("seat" = String, Path, description = "Seat id")),
    security(("account_key" = [])),
    responses((status = 200, description = "Declined: the game as a spectator sees it", body = GameResponse)))]
pub async fn decline_seat(
    service: Service,
    path: web::Path<(String, String)>,
    request: HttpRequest,
) -> Result<HttpResponse, ApiError> {
    let account = account(&service, &request).await?;
    let (id, seat) = path.into_inner();
    let game = service.tables.decline(&GameId::parse(&id)?, &seat, &account.id).await?;
    tracing::info!(game = %id, seat, account = %account.id, "invitation declined");
    Ok(HttpResponse::Ok()
        .insert_header(("Cache-Control", "no-store"))
        .json(game_answer(&service, &game, Viewer::Spectator, None, None).await))
}

impl Endpoint for __path_decline_seat {
    const PROBLEMS: &'static [Problems] = &[
        Problems::new(
            "No account key, or one unknown or revoked",
            &[Code::AccountKeyRequired, Code::InvalidAccountKey],
        ),
        Problems::new("The seat holds no invitation for this account", &[Code::NotInvited]),
        common::NO_GAME_OR_SEAT,
        Problems::new(
            "The game is over (`join_too_late`), or it kept changing (`contention`)",
            &[Code::JoinTooLate, Code::Contention],
        ),
        common::STORE_UNAVAILABLE,
    ];

    fn route() -> Route {
        web::post().to(decline_seat)
    }
}

/// Binds the seat a token holds to the account: a guest who signs up or in keeps the games they played (finished ones
/// included), and the account acts for the seat from then on, as if it had joined with it. The log says so
/// (`seat_bound`). Binding a seat again to the same account changes nothing.
#[utoipa::path(post, path = "/v1/games/{id}/bind", tag = "accounts", request_body = BindRequest,
    params(("id" = String, Path, description = "Game id"), LangQuery),
    security(("account_key" = [])),
    responses((status = 200, description = "Bound: the game as the seat sees it", body = GameResponse)))]
pub async fn bind_seat(
    service: Service,
    path: web::Path<String>,
    request: HttpRequest,
    JsonBody(body): JsonBody<BindRequest>,
) -> Result<HttpResponse, ApiError> {
    let account = account(&service, &request).await?;
    let id = path.into_inner();
    let (game, seat) = service
        .tables
        .bind(&GameId::parse(&id)?, &body.token, &account.id)
        .await?;
    tracing::info!(game = %id, seat = game.seat_name(seat), account = %account.id, "seat bound");
    let lang = lang(&request)?;
    let answer = HttpResponse::Ok()
        .insert_header(("Cache-Control", "no-store"))
        .json(game_answer(&service, &game, Viewer::Seat(seat), None, lang).await);
    Ok(told_in(answer, lang))
}

impl Endpoint for __path_bind_seat {
    const PROBLEMS: &'static [Problems] = &[
        Problems::new(
            "Malformed body, or a key twice in one object (`invalid_body`), or a bad `lang`",
            &[Code::MalformedRequest, Code::InvalidBody, Code::InvalidQuery],
        ),
        Problems::new(
            "No account key, one unknown or revoked, or a token that holds no seat of this game (`invalid_token`)",
            &[Code::AccountKeyRequired, Code::InvalidAccountKey, Code::InvalidToken],
        ),
        Problems::new("No such game", &[Code::GameNotFound]),
        Problems::new(
            "The seat is bound to another account, or its account was deleted (`seat_bound_elsewhere`), or the game kept \
             changing (`contention`)",
            &[Code::SeatBoundElsewhere, Code::Contention],
        ),
        common::BODY_TOO_LARGE,
        common::BODY_NOT_JSON,
        common::STORE_UNAVAILABLE,
    ];

    fn route() -> Route {
        web::post().to(bind_seat)
    }
}
