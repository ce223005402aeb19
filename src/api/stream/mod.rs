//! `GET /v1/games/{id}/stream`: Server-Sent Events, one per log position, as the viewer may see them.

mod cursor;
mod feed;
mod keep_alive;
mod message;

pub use feed::Feeds;
pub(crate) use keep_alive::KeepAlive;
pub use message::StreamMessage;

use std::time::Duration;

use actix_web::{HttpRequest, HttpResponse, Route, web};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::Settings;
use super::answer::told_in;
use super::client::stream_client;
use super::endpoint::{Endpoint, Problems, common};
use super::error::{ApiError, ErrorCode, ErrorCode as Code};
use super::request::{bearer, caller, lang, seated};
use crate::engine::{Lang, Viewer};
use crate::service::{GameId, GameService, LoadedGame, ServiceError, TICKET_TTL};
use crate::store::{HeadTag, History};
use cursor::Cursor;
use message::Audience;

/// A comment line is sent when nothing happened for this long, so that proxies keep the connection open.
pub(super) const KEEP_ALIVE: Duration = Duration::from_secs(15);

/// The last message of a stream whose instance shuts down: reconnect (EventSource does so by itself, with
/// `Last-Event-ID`) after a second, to another instance.
pub(super) const RECONNECT: &[u8] =
    b"event: reconnect\nretry: 1000\ndata: {\"reason\":\"shutting_down\",\"detail\":\"this instance is \
shutting down: reconnect with Last-Event-ID, another instance will serve the stream\"}\n\n";

#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[serde(deny_unknown_fields)]
#[into_params(parameter_in = Query)]
pub struct StreamQuery {
    /// Start after this log version (as `Last-Event-ID` does; the header wins). Default: the current version, so
    /// only new events are sent.
    #[serde(default, deserialize_with = "super::dto::optional_int64")]
    pub after: Option<u64>,
    /// Resume after this message id, as `Last-Event-ID` does (the header wins), for clients that cannot set that
    /// header: a log version, or a message's whole id (`<version>-<16 hex digits>`), which is checked against the log.
    pub last_event_id: Option<String>,
    /// A single-use ticket from `POST /v1/games/{id}/stream-tickets`: opens the stream as the ticket's seat, for
    /// clients that cannot send `Authorization` (a browser's EventSource). Not together with `Authorization`.
    pub ticket: Option<String>,
    /// With an account key that holds several seats of the game: the seat to act for (as `X-Ludus-Seat`).
    #[expect(
        dead_code,
        reason = "read with the credentials (request::named_seat); declared to be accepted and documented"
    )]
    pub seat: Option<String>,
    /// Tell each event in words (its `text`), in one of the service's languages (`Lang`: `en`, `fr`, `de`). Default:
    /// the one of them `Accept-Language` prefers, else no words.
    #[expect(
        dead_code,
        reason = "read with Accept-Language (request::lang); declared to be accepted and documented"
    )]
    pub lang: Option<Lang>,
}

/// A single-use ticket for one stream: a game's, as one seat, or an account's notifications.
#[derive(Debug, Serialize, ToSchema)]
pub struct StreamTicket {
    /// Pass it as `?ticket=` to the stream it was issued for (`GET /v1/games/{id}/stream`, `GET /v1/accounts/me/stream`);
    /// it works once.
    pub ticket: String,
    /// Seconds left to use it.
    pub expires_in: u64,
}

impl StreamTicket {
    /// The 201 answer that hands out a fresh `ticket`, never cached.
    pub(super) fn created(ticket: String) -> HttpResponse {
        HttpResponse::Created()
            .insert_header(("Cache-Control", "no-store"))
            .json(StreamTicket {
                ticket,
                expires_in: TICKET_TTL.as_secs(),
            })
    }
}

/// Where a stream resumes: after a version, or after a message id, whose position the log must still hold.
#[derive(Clone, Copy, Debug)]
enum Resume {
    Version(u64),
    Message(HeadTag),
}

impl std::str::FromStr for Resume {
    type Err = ();

    fn from_str(text: &str) -> Result<Self, ()> {
        let text = text.trim();
        if text.contains('-') {
            return text.parse().map(Resume::Message);
        }
        let version: i64 = text.parse().map_err(|_| ())?;
        u64::try_from(version).map(Resume::Version).map_err(|_| ())
    }
}

/// Where the client asks the stream to resume: `Last-Event-ID`, else `?last_event_id=`, else `?after=`.
fn resume(request: &HttpRequest, query: &StreamQuery) -> Result<Option<Resume>, ApiError> {
    let invalid = || ApiError::new(ErrorCode::InvalidLastEventId, ErrorCode::InvalidLastEventId.example_detail());
    let sent = match request.headers().get("Last-Event-ID") {
        Some(value) => Some(value.to_str().map_err(|_| invalid())?),
        None => query.last_event_id.as_deref(),
    };
    match sent {
        Some(text) => text.parse().map(Some).map_err(|()| invalid()),
        None => Ok(query.after.map(Resume::Version)),
    }
}

/// A ticket that opens one stream of the game as the bearer's seat, for a browser's EventSource, which cannot send
/// `Authorization`: the long-lived seat token then never appears in a URL (nor in the logs that record URLs). The
/// ticket is random, works once, for this game and seat only, and expires after 60 s.
#[utoipa::path(post, path = "/v1/games/{id}/stream-tickets", tag = "games",
    params(("id" = String, Path, description = "Game id")),
    security(("seat_token" = [])),
    responses(
        (status = 201, description = "A fresh ticket", body = StreamTicket),
    ))]
pub async fn issue_ticket(
    service: web::Data<GameService>,
    id: web::Path<String>,
    request: HttpRequest,
) -> Result<HttpResponse, ApiError> {
    let (game, seat) = seated(&service, &id, &request).await?;
    Ok(StreamTicket::created(service.tables.issue_ticket(&game, seat).await?))
}

impl Endpoint for __path_issue_ticket {
    const PROBLEMS: &'static [Problems] = common::SEAT_READ;

    fn route() -> Route {
        web::post().to(issue_ticket)
    }
}

/// The viewer a stream is opened for: a ticket's seat, a bearer token's seat, or a spectator.
async fn stream_viewer(
    service: &GameService,
    game: &LoadedGame,
    ticket: Option<&str>,
    request: &HttpRequest,
) -> Result<Viewer, ApiError> {
    match (ticket, bearer(request)?) {
        (Some(_), Some(_)) => Err(ApiError::new(
            ErrorCode::ConflictingCredentials,
            "send either ?ticket= or an Authorization header, not both",
        )),
        (Some(ticket), None) => Ok(Viewer::Seat(service.tables.redeem_ticket(game, ticket).await?)),
        (None, _) => Ok(game.viewer_for(caller(service, request).await?.as_ref())?),
    }
}

/// Live events of a game as Server-Sent Events. Each message's `id` is the log position after it
/// (`<version>-<16 hex digits>`: the version, then the start of the log's chain hash there), `data` a
/// `StreamMessage`; the SSE event name is `game` (an event the viewer may see), `hidden` (one it may not: only the
/// new version, `to_act` and status), `error` (the stream ends; reconnect with `Last-Event-ID`; a `log_changed`
/// problem carries `common_version` when the log lost events this stream sent), `rewritten` (sent first when
/// `Last-Event-ID` names a position the log no longer holds: `{"common_version"}`, the last version both histories
/// share; drop what you hold after it, the messages after it follow), or `reconnect` (the
/// instance is shutting down: the stream ends; reconnect with `Last-Event-ID` and another instance serves it, with
/// nothing missed and nothing twice). Two more kinds carry no `id` (they are not log positions): `chat`, a
/// `ChatMessage` of the game's chat, sent only to a viewer who may read it (what a reconnecting client missed, it
/// pages with `GET /v1/games/{id}/chat?after=`), and `presence`, `{"seat", "connected", "last_seen_ms"}`: a seat came (`connected: true`) or went. A `:`
/// comment is sent every 15 s of silence. Reconnecting with `Last-Event-ID: N` replays exactly what came after version N,
/// then goes on live. The stream closes once the game is over and everything was sent; connecting to a finished
/// game with nothing left to send answers 204, which stops a browser's EventSource from reconnecting.
///
/// A seat authenticates with `Authorization: Bearer <token>`, or, where headers cannot be sent (EventSource), with
/// `?ticket=` from `POST /v1/games/{id}/stream-tickets` (single-use: a reconnecting EventSource needs a new ticket,
/// and `?after=` with the last `id` it saw). Without either, the stream is a spectator's.
#[utoipa::path(get, path = "/v1/games/{id}/stream", tag = "games",
    params(
        ("id" = String, Path, description = "Game id"),
        ("Last-Event-ID" = Option<String>, Header, pattern = "^[0-9]+(-[0-9a-f]{16})?$",
            description = "Resume after this message id (what EventSource sends back on reconnecting), or after a log version"),
        StreamQuery,
    ),
    security((), ("seat_token" = [])),
    responses(
        (status = 200, description = "An endless `text/event-stream` of `StreamMessage` data",
            content_type = "text/event-stream", body = StreamMessage),
        (status = 204, description = "The game is over and the client has seen all of it: nothing will ever come"),
    ))]
pub async fn stream(
    service: web::Data<GameService>,
    settings: web::Data<Settings>,
    id: web::Path<String>,
    query: web::Query<StreamQuery>,
    request: HttpRequest,
) -> Result<HttpResponse, ApiError> {
    let game_id = GameId::parse(&id)?;
    let mut game = service.games.load(&game_id).await?;
    let viewer = stream_viewer(&service, &game, query.ticket.as_deref(), &request).await?;
    let lang = lang(&request)?;
    // A message id the log no longer holds (the store lost acknowledged events): the stream starts again from the
    // last version both histories share, saying so first.
    let (after, rewound) = match resume(&request, &query)? {
        None => (game.version(), false),
        Some(Resume::Version(version)) => (version.min(game.version()), false),
        Some(Resume::Message(tag)) => match service.games.history_of(&game, tag).await? {
            History::Holds if tag.version > game.version() => {
                // The log holds the client's position beyond the game as read (a read that came before the store's
                // latest, as while a failover settles): read again, as resuming before that position would send the
                // client versions it holds under their ids again.
                game = service.games.load(&game_id).await?;
                if tag.version > game.version() {
                    return Err(ServiceError::LogChanged.into());
                }
                (tag.version, false)
            }
            History::Holds => (tag.version, false),
            History::Rewritten { common } => (common.min(game.version()), true),
        },
    };
    if game.session.is_finished() && after == game.version() && !rewound {
        // Nothing will ever be appended: 204 is the one answer after which EventSource does not reconnect.
        return Ok(HttpResponse::NoContent().finish());
    }
    let seat = match viewer {
        Viewer::Seat(seat) => Some(game.seat_name(seat)),
        Viewer::Spectator => None,
    };
    let subscription = service
        .watcher()
        .subscribe(&id, game.head, stream_client(&request), seat)
        .await
        .map_err(ApiError::from)?;
    let reads_chat = game.session.table().chat.admits(seat.is_some());
    let membership = settings.feeds.join(&game, Audience { viewer, lang });
    let mut cursor = Cursor::new(service.clone(), membership, game.head, subscription, reads_chat);
    if after < game.version() || rewound {
        cursor.replay(&game, after, game.head, rewound).await?;
    }
    drop(game);
    // Whatever the watcher already knows beyond the game is sent at once.
    cursor.catch_up_now().await?;
    let body = futures_util::stream::unfold(cursor, |mut cursor| async move {
        let chunk = cursor.next_chunk().await?;
        Some((Ok::<_, actix_web::Error>(chunk), cursor))
    });
    let answer = HttpResponse::Ok()
        .content_type("text/event-stream")
        .insert_header(("Cache-Control", "no-cache"))
        .insert_header(("X-Accel-Buffering", "no"))
        // Tells the compression middleware to leave the stream alone: a compressor would hold events back.
        .insert_header(("Content-Encoding", "identity"))
        .streaming(body);
    Ok(told_in(answer, lang))
}

impl Endpoint for __path_stream {
    const PROBLEMS: &'static [Problems] = &[
        Problems::new(
            "Bad Last-Event-ID or query, or both a ticket and a token (`conflicting_credentials`)",
            &[
                Code::InvalidLastEventId,
                Code::InvalidQuery,
                Code::ConflictingCredentials,
                Code::SeatRequired,
            ],
        ),
        Problems::new(
            "Wrong token or account key, or a ticket that is unknown, expired or used (`invalid_ticket`)",
            &[Code::InvalidToken, Code::InvalidAccountKey, Code::InvalidTicket],
        ),
        common::SEAT_NOT_HELD,
        common::NO_GAME_OR_SEAT,
        common::TOO_MANY_STREAMS,
        common::STREAM_UNAVAILABLE,
    ];

    fn route() -> Route {
        web::get().to(stream)
    }
}
