//! Quick play over HTTP: `POST /v1/matchmaking` seeks a game for the account of the key, `DELETE` stops seeking.

use actix_web::http::header;
use actix_web::{HttpRequest, HttpResponse, Route, web};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::Service;
use super::accounts::KEY_NEEDED;
use super::body::JsonBody;
use super::dto::optional_int64;
use super::endpoint::{Endpoint, Problems, common};
use super::error::{ApiError, ErrorCode as Code};
use super::request::account;
use crate::engine::clocks::ClockSettings;
use crate::service::{Seek, SeekOutcome};

/// The game an account seeks.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(example = json!({"title": "caesar-cleopatra", "players": 2, "rated": true, "bot_after_seconds": 60}))]
pub struct SeekRequest {
    #[schema(example = "caesar-cleopatra")]
    pub title: String,
    #[schema(example = 2)]
    pub players: usize,
    /// A rated game (see `CreateGameRequest.rated`); seekers of rated and unrated games never sit together.
    #[serde(default)]
    pub rated: bool,
    /// A clock per seat, as at creation; seekers sit only with seekers who asked for the same clock.
    #[serde(default)]
    pub clock: Option<ClockSettings>,
    /// After this many seconds (1 to 3600) of waiting, the `search` bot takes the table's empty seats and the game
    /// starts. Absent: wait for people, 5 minutes at most (then the seek ends: `seek_expired`).
    #[schema(minimum = 1, maximum = 3600)]
    #[serde(default, deserialize_with = "optional_int64")]
    pub bot_after_seconds: Option<u64>,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum SeekStatus {
    /// The account waits at a table; its stream says `matched` once the table is complete.
    Waiting,
    /// The account completed a table: the game is on.
    Matched,
}

/// Where seeking stands.
#[derive(Debug, Serialize, ToSchema)]
pub struct SeekResponse {
    pub status: SeekStatus,
    /// The table waited at, while waiting.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub table: Option<String>,
    /// The game, once matched.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub game: Option<String>,
    /// The account's seat in it, once matched.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub seat: Option<&'static str>,
}

/// Seeks a game for the account of the key: it joins the oldest waiting table of the same title, number of players,
/// rating and clock whose players' ratings are within a window of its own (150 points, widening by 10 each second
/// the table waits, up to 1000), or opens one. The seeker who completes a table gets its game at once (201); the
/// others wait (202) and their account streams say `matched` with the game. The seats are drawn at random; an
/// account key acts for its seat. A seek without `bot_after_seconds` ends after 5 minutes without a complete table
/// (the stream says `seek_expired`).
#[utoipa::path(post, path = "/v1/matchmaking", tag = "lobby", security(("account_key" = [])),
    request_body = SeekRequest,
    responses(
        (status = 201, description = "Matched: the game is on", body = SeekResponse,
            headers(("Location" = String, description = "The game's address"))),
        (status = 202, description = "Waiting at a table", body = SeekResponse),
    ))]
pub async fn seek(
    service: Service,
    http: HttpRequest,
    JsonBody(request): JsonBody<SeekRequest>,
) -> Result<HttpResponse, ApiError> {
    let account = account(&service, &http).await?;
    let seek = Seek {
        title: request.title,
        players: request.players,
        rated: request.rated,
        clock: request.clock,
        bot_after_seconds: request.bot_after_seconds,
    };
    match service.tables.seek(&account, &seek).await? {
        SeekOutcome::Waiting { table } => Ok(HttpResponse::Accepted().json(SeekResponse {
            status: SeekStatus::Waiting,
            table: Some(table),
            game: None,
            seat: None,
        })),
        SeekOutcome::Matched { game, seat } => Ok(HttpResponse::Created()
            .insert_header((header::LOCATION, format!("/v1/games/{}", game.meta.id)))
            .json(SeekResponse {
                status: SeekStatus::Matched,
                table: None,
                game: Some(game.meta.id.to_string()),
                seat: Some(seat),
            })),
    }
}

impl Endpoint for __path_seek {
    const PROBLEMS: &'static [Problems] = &[
        Problems::new(
            "Malformed body, a key twice in one object (`invalid_body`), an unknown title, a number of players the \
             title does not have, a clock or a wait out of bounds",
            &[
                Code::MalformedRequest,
                Code::InvalidBody,
                Code::UnknownTitle,
                Code::InvalidPlayerCount,
                Code::InvalidClock,
                Code::InvalidBotAfter,
            ],
        ),
        KEY_NEEDED,
        Problems::new("The account waits at a table already", &[Code::AlreadySeeking]),
        common::BODY_TOO_LARGE,
        common::BODY_NOT_JSON,
        common::STORE_UNAVAILABLE,
    ];

    fn route() -> Route {
        web::post().to(seek)
    }
}

/// Stops seeking: the account leaves the table it waits at.
#[utoipa::path(delete, path = "/v1/matchmaking", tag = "lobby", security(("account_key" = [])),
    responses((status = 204, description = "The account seeks no more")))]
pub async fn cancel_seek(service: Service, http: HttpRequest) -> Result<HttpResponse, ApiError> {
    let account = account(&service, &http).await?;
    service.tables.cancel_seek(&account.id).await?;
    Ok(HttpResponse::NoContent().finish())
}

impl Endpoint for __path_cancel_seek {
    const PROBLEMS: &'static [Problems] = &[
        KEY_NEEDED,
        Problems::new("The account is not seeking (never did, cancelled, or matched already)", &[Code::NotSeeking]),
        common::STORE_UNAVAILABLE,
    ];

    fn route() -> Route {
        web::delete().to(cancel_seek)
    }
}
