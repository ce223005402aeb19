//! A game's chat: writing a message, and reading it a page at a time. Live, messages come on the game's stream as
//! `chat` messages.

use actix_web::{HttpRequest, HttpResponse, Route, web};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::Service;
use super::Settings;
use super::body::JsonBody;
use super::client::client_key;
use super::endpoint::{Endpoint, Problems, common};
use super::error::{ApiError, ErrorCode as Code};
use super::limits;
use super::request::{caller, page_limit, viewer_of};
use crate::engine::Viewer;
use crate::service::{ChatMessage, GameId};
use crate::store::{ChatPage, InboxId};

const MINUTE: std::time::Duration = std::time::Duration::from_secs(60);

#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(example = json!({"text": "Well played!"}))]
pub struct ChatRequest {
    /// 1 to 500 characters, none of them a control character (a line break included).
    #[schema(min_length = 1, max_length = 500, pattern = "^[^\\u0000-\\u001F\\u007F-\\u009F]*$")]
    pub text: String,
}

#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[serde(deny_unknown_fields)]
#[into_params(parameter_in = Query)]
pub struct ChatQuery {
    /// The oldest messages after this id (to catch up after a reconnection: the last id seen), up to `before` when
    /// both are given.
    #[param(pattern = "^[0-9]{1,19}-[0-9]{1,19}$", example = "1700000000000-0")]
    pub after: Option<String>,
    /// Without `after`: the newest messages before this id (the `next_before` of the previous page). Without either:
    /// the newest messages.
    #[param(pattern = "^[0-9]{1,19}-[0-9]{1,19}$", example = "1700000000000-0")]
    pub before: Option<String>,
    /// Messages per page: default 50, at most 200.
    #[param(minimum = 1, maximum = 200)]
    #[serde(default, deserialize_with = "super::dto::optional_int64")]
    pub limit: Option<u64>,
    /// With an account key that holds several seats of the game: the seat to act for (as `X-Ludus-Seat`).
    #[expect(
        dead_code,
        reason = "read with the credentials (request::named_seat); declared to be accepted and documented"
    )]
    pub seat: Option<String>,
}

impl ChatQuery {
    const DEFAULT_LIMIT: u64 = 50;
    const MAX_LIMIT: u64 = 200;

    fn page(&self) -> Result<ChatPage, ApiError> {
        let id = |name: &str, text: &Option<String>| {
            text.as_deref()
                .map(|text| {
                    text.parse::<InboxId>().map_err(|()| {
                        ApiError::new(Code::InvalidQuery, format!("{name} must be a chat message id (<ms>-<n>)"))
                    })
                })
                .transpose()
        };
        Ok(ChatPage {
            after: id("after", &self.after)?,
            before: id("before", &self.before)?,
        })
    }
}

/// A page of a game's chat.
#[derive(Debug, Serialize, ToSchema)]
pub struct ChatResponse {
    /// Oldest first.
    pub messages: Vec<ChatMessage>,
    /// When older messages may remain (a full page read without `after`): pass it as `before`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub next_before: Option<String>,
    /// When newer messages may follow (a full page read with `after`): pass it as `after`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub next_after: Option<String>,
}

/// Writes a message in the game's chat, as the bearer's seat (token or account key), or as a spectator where the
/// game's `chat` option is `all`. It is kept beside the game (the newest 1000 messages, as long as the game) and sent
/// at once to every stream of the game whose viewer may read the chat, as a `chat` message. A seat may send 20
/// messages a minute by default (a spectator: 20 per client address).
#[utoipa::path(post, path = "/v1/games/{id}/chat", tag = "games", request_body = ChatRequest,
    params(("id" = String, Path, description = "Game id")),
    security((), ("seat_token" = [])),
    responses(
        (status = 201, description = "Sent: the message as stored", body = ChatMessage,
            headers(("RateLimit" = String, description = "What is left of this seat's quota of chat messages, and when it is whole again (seconds), when chat is capped"),
                ("RateLimit-Policy" = String, description = "The quota of chat messages per seat and its window (seconds), when chat is capped"))),
    ))]
pub async fn post_chat(
    service: Service,
    settings: web::Data<Settings>,
    id: web::Path<String>,
    request: HttpRequest,
    JsonBody(body): JsonBody<ChatRequest>,
) -> Result<HttpResponse, ApiError> {
    let game = service.games.load(&GameId::parse(&id)?).await?;
    let viewer = viewer_of(&service, &game, caller(&service, &request).await?.as_ref())?;
    game.check_chat_access(viewer)?;
    let writer = match viewer {
        Viewer::Seat(seat) => game.seat_name(seat).to_owned(),
        Viewer::Spectator => client_key(&request),
    };
    let quota = limits::take(
        &service,
        "chat",
        "chat messages",
        &format!("{id}:{writer}"),
        settings.limits.chat_per_minute,
        MINUTE,
    )
    .await?;
    let message = service.chat.post_chat(&game, viewer, body.text).await?;
    let mut answer = HttpResponse::Created();
    for header in quota.iter().flat_map(limits::Quota::headers) {
        answer.insert_header(header);
    }
    Ok(answer.json(message))
}

/// The kinds of refusal both chat operations share, one status each.
const CHAT_REFUSED: Problems = Problems::new(
    "The game's chat is off (`chat_off`), or for its players and the request has no seat (`chat_players_only`), or \
     the account key holds no such seat (`seat_not_held`)",
    &[Code::ChatOff, Code::ChatPlayersOnly, Code::SeatNotHeld],
);

impl Endpoint for __path_post_chat {
    const PROBLEMS: &'static [Problems] = &[
        Problems::new(
            "Malformed body, a key twice in one object (`invalid_body`), a text that is empty, too long or holds a \
             control character (`invalid_chat_text`), or an account holding several seats names none \
             (`seat_required`)",
            &[
                Code::MalformedRequest,
                Code::InvalidBody,
                Code::InvalidChatText,
                Code::SeatRequired,
            ],
        ),
        common::WRONG_TOKEN,
        CHAT_REFUSED,
        common::NO_GAME_OR_SEAT,
        common::BODY_TOO_LARGE,
        common::BODY_NOT_JSON,
        Problems::new("Too many chat messages this minute", &[Code::RateLimited]),
        common::STORE_UNAVAILABLE,
    ];

    fn route() -> Route {
        web::post().to(post_chat)
    }
}

/// A page of the game's chat, oldest first: by default the newest messages; `before` pages back, `after` catches up
/// (the stream's `chat` messages carry no SSE id, so a client that reconnects asks for what came `after` the last
/// message it saw). A finished game's chat stays readable as long as the game is kept.
#[utoipa::path(get, path = "/v1/games/{id}/chat", tag = "games",
    params(("id" = String, Path, description = "Game id"), ChatQuery),
    security((), ("seat_token" = [])),
    responses(
        (status = 200, description = "A page of the chat", body = ChatResponse),
    ))]
pub async fn list_chat(
    service: Service,
    id: web::Path<String>,
    query: web::Query<ChatQuery>,
    request: HttpRequest,
) -> Result<HttpResponse, ApiError> {
    let game = service.games.load(&GameId::parse(&id)?).await?;
    let viewer = viewer_of(&service, &game, caller(&service, &request).await?.as_ref())?;
    let limit = page_limit(query.limit, ChatQuery::DEFAULT_LIMIT, ChatQuery::MAX_LIMIT)? as usize;
    let page = query.page()?;
    let messages = service.chat.read_chat(&game, viewer, page, limit).await?;
    let full = messages.len() == limit;
    let (next_before, next_after) = if page.forward() {
        (None, messages.last().filter(|_| full).map(|last| last.id.clone()))
    } else {
        (messages.first().filter(|_| full).map(|first| first.id.clone()), None)
    };
    Ok(HttpResponse::Ok().json(ChatResponse {
        messages,
        next_before,
        next_after,
    }))
}

impl Endpoint for __path_list_chat {
    const PROBLEMS: &'static [Problems] = &[
        Problems::new(
            "Bad query, or an account holding several seats names none (`seat_required`)",
            &[Code::InvalidQuery, Code::SeatRequired],
        ),
        common::WRONG_TOKEN,
        CHAT_REFUSED,
        common::NO_GAME_OR_SEAT,
        common::STORE_UNAVAILABLE,
    ];

    fn route() -> Route {
        web::get().to(list_chat)
    }
}
