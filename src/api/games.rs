//! Creating a game, and reading one as a seat or a spectator sees it (now, or as it was at a past version).

use actix_web::http::header;
use actix_web::{HttpRequest, HttpResponse, Route, web};

use super::Service;
use super::Settings;
use super::answer::{etag, game_answer, game_response, told_in};
use super::body::JsonBody;
use super::client::take_per_client;
use super::dto::{CreateGameRequest, CreateGameResponse, GameQuery, GameResponse, SeatToken};
use super::endpoint::{Endpoint, Problems, common};
use super::error::{ApiError, ErrorCode as Code};
use super::limits;
use super::request::{caller, known_head, lang, optional_account, viewer_of};
use crate::engine::Viewer;
use crate::service::{GameId, NewGame};
use crate::watch::SeatsSeen;

const MINUTE: std::time::Duration = std::time::Duration::from_secs(60);

/// Creates a game. The answer holds the secret token of every seat the creator takes, once; the other seats wait in
/// the lobby for players.
#[utoipa::path(post, path = "/v1/games", tag = "games", request_body = CreateGameRequest,
    security((), ("account_key" = [])),
    responses(
        (status = 201, description = "Created", body = CreateGameResponse,
            headers(("Location" = String, description = "The game's address"),
                ("RateLimit" = String, description = "What is left of this client's quota of games, and when it is whole again (seconds), when creation is capped"),
                ("RateLimit-Policy" = String, description = "The quota of games per client and its window (seconds), when creation is capped"))),
    ))]
pub async fn create_game(
    service: Service,
    settings: web::Data<Settings>,
    http: HttpRequest,
    JsonBody(request): JsonBody<CreateGameRequest>,
) -> Result<HttpResponse, ApiError> {
    let per_minute = settings.limits.games_per_minute;
    let quota = take_per_client(&service, &http, "games", per_minute, MINUTE).await?;
    let account = optional_account(&service, &http).await?;
    let created = service
        .tables
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
            account: account.map(|account| account.id),
            on_decline: request.on_decline,
            on_leave: request.on_leave,
            clock: request.clock,
            chat: request.chat,
            rated: request.rated,
            matched: None,
        })
        .await?;
    // Nobody was seen at a game this new.
    let game = game_response(&created.game, Viewer::Spectator, None, Some(&SeatsSeen::default()), None);
    let location = format!("/v1/games/{}", game.id);
    tracing::info!(game = %game.id, title = %game.title, players = request.players, "game created");
    let seats = created
        .tokens
        .into_iter()
        .map(|(seat, token)| SeatToken { seat, token })
        .collect();
    let mut answer = HttpResponse::Created();
    answer.insert_header((header::LOCATION, location));
    for header in quota.iter().flat_map(limits::Quota::headers) {
        answer.insert_header(header);
    }
    Ok(answer.json(CreateGameResponse { seats, game }))
}

impl Endpoint for __path_create_game {
    const PROBLEMS: &'static [Problems] = &[
        Problems::new(
            "Unknown title, wrong player count, invalid options, seats, display name, turn_seconds or clock, or malformed body (a key twice in one object: `invalid_body`)",
            &[
                Code::MalformedRequest,
                Code::InvalidBody,
                Code::UnknownTitle,
                Code::InvalidPlayerCount,
                Code::InvalidOptions,
                Code::InvalidSeats,
                Code::InvalidName,
                Code::InvalidTurnSeconds,
                Code::InvalidClock,
            ],
        ),
        Problems::new("An account key unknown or revoked", &[Code::InvalidAccountKey]),
        Problems::new("No account to invite by this id or name", &[Code::AccountNotFound]),
        common::BODY_TOO_LARGE,
        common::BODY_NOT_JSON,
        Problems::new(
            "Options valid in themselves that do not fit the number of players (`options_conflict`), seats the title has but not with this number of players (`seats_conflict`), an explicit seed for a game with open seats without `public_seed` (`seed_not_public`), `on_leave: bot` with 2 seats (`on_leave_conflict`), or both `turn_seconds` and `clock` (`clock_conflict`), or a display name holding a character a name may not hold (`name_refused`)",
            &[
                Code::OptionsConflict,
                Code::SeatsConflict,
                Code::SeedNotPublic,
                Code::OnLeaveConflict,
                Code::ClockConflict,
                Code::NameRefused,
            ],
        ),
        Problems::new("Too many games created by this client this minute", &[Code::RateLimited]),
        Problems::new("Store unavailable", &[Code::StoreUnavailable]),
    ];

    fn route() -> Route {
        web::post().to(create_game)
    }
}

/// A game as the bearer's seat sees it, or as a spectator without a token; with `at`, as it was at that version.
#[utoipa::path(get, path = "/v1/games/{id}", tag = "games",
    params(("id" = String, Path, description = "Game id"), GameQuery,
        ("X-Ludus-Known-Head" = Option<String>, Header, pattern = "^(\"[0-9]{1,19}-[0-9a-f]{16}\"|[0-9]{1,19}-[0-9a-f]{16})?$",
            description = "The latest `ETag` (or stream message id) this client was given: answered 409 `history_rewritten` if the log no longer holds that position")),
    security((), ("seat_token" = [])),
    responses(
        (status = 200, description = "The game", body = GameResponse,
            headers(("ETag" = String, description = "The game's position (`\"<version>-<16 hex digits>\"`), without `at`"))),
    ))]
pub async fn get_game(
    service: Service,
    id: web::Path<String>,
    query: web::Query<GameQuery>,
    request: HttpRequest,
) -> Result<HttpResponse, ApiError> {
    let known = known_head(&request)?;
    let game = service.games.load(&GameId::parse(&id)?).await?;
    let caller = caller(&service, &request).await?;
    let viewer = viewer_of(&service, &game, caller.as_ref())?;
    let lang = lang(&request)?;
    if let Some(known) = known {
        service.games.check_known(&game, known).await?;
    }
    let past = match query.at {
        None => {
            let mut answer = HttpResponse::Ok();
            answer.insert_header((header::ETAG, etag(game.head.tag())));
            let answer = answer.json(game_answer(&service, &game, viewer, caller.as_ref(), lang).await);
            return Ok(told_in(answer, lang));
        }
        Some(at) if at <= game.version() => service.games.game_at(&game, at).await?,
        Some(_) => {
            let version = game.version();
            return Err(ApiError::new(
                Code::VersionNotReached,
                format!("the game is at version {version}: at must be 0 to {version}"),
            ));
        }
    };
    // Who is connected is not in the log: a past version tells nothing of it.
    Ok(told_in(HttpResponse::Ok().json(game_response(&past, viewer, caller.as_ref(), None, lang)), lang))
}

impl Endpoint for __path_get_game {
    const PROBLEMS: &'static [Problems] = &[
        Problems::new(
            "Bad query: `at` is not a version, an account holding several seats names none (`seat_required`), or a malformed `X-Ludus-Known-Head` (`invalid_known_head`)",
            &[Code::InvalidQuery, Code::SeatRequired, Code::InvalidKnownHead],
        ),
        common::WRONG_TOKEN,
        common::SEAT_NOT_HELD,
        common::NO_GAME_OR_SEAT,
        Problems::new(
            "The log no longer holds the position `X-Ludus-Known-Head` names (`history_rewritten`, with `common_version`): reload the game",
            &[Code::HistoryRewritten],
        ),
        Problems::new("`at` is beyond the game's current version (`version_not_reached`)", &[Code::VersionNotReached]),
        common::STORE_UNAVAILABLE,
    ];

    fn route() -> Route {
        web::get().to(get_game)
    }
}
