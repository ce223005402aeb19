//! `GET /v1/games/{id}/stream`: Server-Sent Events, one per log position, as the viewer may see them.

use std::collections::VecDeque;
use std::time::Duration;

use actix_web::web::Bytes;
use actix_web::{HttpRequest, HttpResponse, Route, web};
use serde::{Deserialize, Serialize};
use serde_json::value::RawValue;
use tokio::sync::broadcast::error::RecvError;
use utoipa::ToSchema;

use super::answer::{seat_times, status_of, told_in};
use super::client::client_address;
use super::dto::{AnyEvent, GameStatus, SeatTime};
use super::endpoint::{Endpoint, Problems, common};
use super::error::{ApiError, ErrorCode, ErrorCode as Code};
use super::request::{bearer, caller, lang, seated};
use crate::engine::{GameSession, Lang, Viewer};
use crate::service::{GameService, LoadedGame, ServiceError, TICKET_TTL, now_ms};
use crate::store::{Head, ReadAfter};
use crate::watch::{RoomEvent, Subscription};

/// A comment line is sent when nothing happened for this long, so that proxies keep the connection open.
pub(super) const KEEP_ALIVE: Duration = Duration::from_secs(15);

/// The last message of a stream whose instance shuts down: reconnect (EventSource does so by itself, with
/// `Last-Event-ID`) after a second, to another instance.
pub(super) const RECONNECT: &[u8] =
    b"event: reconnect\nretry: 1000\ndata: {\"reason\":\"shutting_down\",\"detail\":\"this instance is \
shutting down: reconnect with Last-Event-ID, another instance will serve the stream\"}\n\n";

/// The `data` of one stream message: the log position it stands for, the event if the viewer may see it, and the
/// game's situation right after it.
#[derive(Debug, Serialize, ToSchema)]
pub struct StreamMessage {
    /// The log version after this event; also the message's SSE `id`.
    pub version: u64,
    /// The event as the viewer may see it; absent when the viewer may not see this one.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(value_type = Option<AnyEvent>)]
    pub event: Option<Box<RawValue>>,
    /// The event in words, when the stream was opened in a language (`?lang=` or `Accept-Language`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub text: Option<String>,
    /// Seats that must act after this event.
    pub to_act: Vec<&'static str>,
    pub status: GameStatus,
    /// In a game with a turn clock: when the seats in `to_act` lose by timeout (milliseconds since the Unix epoch).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub deadline_ms: Option<u64>,
    /// Milliseconds left until `deadline_ms`, when this message was sent.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub remaining_ms: Option<u64>,
    /// In a game with a clock: every seat's time when this message was sent, and whose clock runs.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub clocks: Vec<SeatTime>,
}

#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[serde(deny_unknown_fields)]
#[into_params(parameter_in = Query)]
pub struct StreamQuery {
    /// Start after this log version (as `Last-Event-ID` does; the header wins). Default: the current version, so
    /// only new events are sent.
    #[serde(default, deserialize_with = "super::dto::optional_int64")]
    pub after: Option<u64>,
    /// A single-use ticket from `POST /v1/games/{id}/stream-tickets`: opens the stream as the ticket's seat, for
    /// clients that cannot send `Authorization` (a browser's EventSource). Not together with `Authorization`.
    pub ticket: Option<String>,
    /// With an account key that holds several seats of the game: the seat to act for (as `X-Ludus-Seat`).
    #[expect(
        dead_code,
        reason = "read with the credentials (request::named_seat); declared to be accepted and documented"
    )]
    pub seat: Option<String>,
    /// Tell each event in words, in `en` or `fr` (its `text`). Default: the one of them `Accept-Language` prefers,
    /// else no words.
    #[expect(
        dead_code,
        reason = "read with Accept-Language (request::lang); declared to be accepted and documented"
    )]
    pub lang: Option<Lang>,
}

/// A single-use ticket for one stream of a game, as one seat.
#[derive(Debug, Serialize, ToSchema)]
pub struct StreamTicket {
    /// Pass it as `?ticket=` to `GET /v1/games/{id}/stream`; it works once.
    pub ticket: String,
    /// Seconds left to use it.
    pub expires_in: u64,
}

struct Cursor {
    service: web::Data<GameService>,
    game: LoadedGame,
    session: Box<dyn GameSession>,
    head: Head,
    subscription: Subscription,
    viewer: Viewer,
    /// The language events are told in, if any.
    lang: Option<Lang>,
    /// Whether the viewer may read the game's chat: only then are its messages sent.
    reads_chat: bool,
    pending: VecDeque<Bytes>,
    done: bool,
}

impl Cursor {
    /// Folds `events` in, one position at a time, queueing a message for each.
    fn absorb(&mut self, events: &[String]) -> Result<(), ServiceError> {
        for event in events {
            self.session.apply(std::slice::from_ref(event))?;
            self.head = self.head.then(event);
            let visible = self.session.redact(event, self.viewer);
            let deadline_ms = self.session.next_due_ms().filter(|_| !self.session.table().is_open());
            let now = now_ms();
            let to_act = self.session.to_act();
            let table = self.session.table();
            let clocks = if table.clock.is_some() || table.turn_seconds.is_some() {
                seat_times(self.session.as_ref(), &self.game.seats, &to_act, now)
            } else {
                Vec::new()
            };
            let text = self
                .lang
                .and_then(|lang| self.session.event_text(event, self.viewer, lang));
            let message = StreamMessage {
                version: self.session.version(),
                event: visible,
                text,
                to_act: to_act.into_iter().map(|seat| self.game.seat_name(seat)).collect(),
                status: status_of(self.session.as_ref()),
                deadline_ms,
                remaining_ms: deadline_ms.map(|deadline| deadline.saturating_sub(now)),
                clocks,
            };
            let data = serde_json::to_string(&message).expect("messages serialize");
            let kind = if message.event.is_some() { "game" } else { "hidden" };
            self.pending.push_back(Bytes::from(format!(
                "id: {}\nevent: {kind}\ndata: {data}\n\n",
                message.version
            )));
        }
        Ok(())
    }

    /// Queues a chat or presence message (no SSE `id`: they are not log positions, and `Last-Event-ID` must stay
    /// the log version). A stream that fell behind skips what it missed: its client pages the chat.
    fn hear(&mut self, heard: Result<RoomEvent, RecvError>) -> Result<(), ServiceError> {
        let (kind, data) = match heard {
            Ok(RoomEvent::Chat(data)) if self.reads_chat => ("chat", data),
            Ok(RoomEvent::Presence(data)) => ("presence", data),
            Ok(RoomEvent::Chat(_)) | Err(RecvError::Lagged(_)) => return Ok(()),
            // The game is no longer followed on this instance: the client reconnects.
            Err(RecvError::Closed) => return Err(ServiceError::LogChanged),
        };
        self.pending
            .push_back(Bytes::from(format!("event: {kind}\ndata: {data}\n\n")));
        Ok(())
    }

    /// Takes in what the watcher read since the last look; the events come from its recent window, or from a read
    /// of our own that proves the log still extends what was sent.
    async fn catch_up(&mut self) -> Result<(), ServiceError> {
        let tail = self.subscription.tail.borrow_and_update().clone();
        let Some(head) = tail.head() else {
            return Err(ServiceError::LogChanged);
        };
        if head.version < self.head.version || head == self.head {
            return Ok(());
        }
        let events = match tail.after(self.head) {
            Some(events) => events,
            None => match self.service.store().read_after(&self.game.meta.id, self.head).await? {
                ReadAfter::Extends { events, .. } => events,
                ReadAfter::Diverged => return Err(ServiceError::LogChanged),
            },
        };
        self.absorb(&events)
    }

    async fn next_chunk(&mut self) -> Option<Bytes> {
        loop {
            if let Some(chunk) = self.pending.pop_front() {
                return Some(chunk);
            }
            if self.done || self.session.is_finished() {
                return None;
            }
            if *self.subscription.draining.borrow() {
                self.pending.push_back(Bytes::from_static(RECONNECT));
                self.done = true;
                continue;
            }
            let result = tokio::select! {
                changed = tokio::time::timeout(KEEP_ALIVE, self.subscription.tail.changed()) => match changed {
                    Err(_) => {
                        self.pending.push_back(Bytes::from_static(b": keep-alive\n\n"));
                        Ok(())
                    }
                    Ok(Err(_)) => Err(ServiceError::LogChanged),
                    Ok(Ok(())) => self.catch_up().await,
                },
                // The next turn of the loop sends the last message.
                _ = self.subscription.draining.changed() => Ok(()),
                heard = self.subscription.room.recv() => self.hear(heard),
            };
            if let Err(error) = result {
                // The client reconnects with Last-Event-ID: then it gets what the log holds, or 404.
                let problem = ApiError::from(error).problem();
                let data = serde_json::to_string(&problem).expect("problems serialize");
                self.pending
                    .push_back(Bytes::from(format!("event: error\ndata: {data}\n\n")));
                self.done = true;
            }
        }
    }
}

fn last_event_id(request: &HttpRequest) -> Result<Option<u64>, ApiError> {
    request
        .headers()
        .get("Last-Event-ID")
        .map(|value| {
            value
                .to_str()
                .ok()
                .and_then(|text| text.trim().parse::<i64>().ok())
                .and_then(|version| u64::try_from(version).ok())
                .ok_or_else(|| {
                    ApiError::new(
                        ErrorCode::InvalidLastEventId,
                        ErrorCode::InvalidLastEventId.example_detail(),
                    )
                })
        })
        .transpose()
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
    let ticket = service.issue_ticket(&game, seat).await?;
    Ok(HttpResponse::Created()
        .insert_header(("Cache-Control", "no-store"))
        .json(StreamTicket {
            ticket,
            expires_in: TICKET_TTL.as_secs(),
        }))
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
        (Some(ticket), None) => Ok(Viewer::Seat(service.redeem_ticket(game, ticket).await?)),
        (None, _) => Ok(game.viewer_for(caller(service, request).await?.as_ref())?),
    }
}

/// Live events of a game as Server-Sent Events. Each message's `id` is the log version after it, `data` a
/// `StreamMessage`; the SSE event name is `game` (an event the viewer may see), `hidden` (one it may not: only the
/// new version, `to_act` and status), `error` (the stream ends; reconnect with `Last-Event-ID`), or `reconnect` (the
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
        ("Last-Event-ID" = Option<u64>, Header, description = "Resume after this log version (what EventSource sends back on reconnecting)"),
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
    id: web::Path<String>,
    query: web::Query<StreamQuery>,
    request: HttpRequest,
) -> Result<HttpResponse, ApiError> {
    let game = service.load(&id).await?;
    let viewer = stream_viewer(&service, &game, query.ticket.as_deref(), &request).await?;
    let lang = lang(&request)?;
    let after = last_event_id(&request)?
        .or(query.after)
        .unwrap_or(game.version())
        .min(game.version());
    if game.session.is_finished() && after == game.version() {
        // Nothing will ever be appended: 204 is the one answer after which EventSource does not reconnect.
        return Ok(HttpResponse::NoContent().finish());
    }
    let seat = match viewer {
        Viewer::Seat(seat) => Some(game.seat_name(seat)),
        Viewer::Spectator => None,
    };
    let subscription = service
        .watcher()
        .subscribe(&id, game.head, client_address(&request), seat)
        .await
        .map_err(ApiError::from)?;
    let reads_chat = game.session.table().chat.admits(seat.is_some());
    let (session, head) = service.session_at(&game, after).await?;
    let mut cursor = Cursor {
        service: service.clone(),
        session,
        head,
        game,
        subscription,
        viewer,
        lang,
        reads_chat,
        pending: VecDeque::new(),
        done: false,
    };
    cursor.pending.push_back(Bytes::from_static(b"retry: 2000\n\n"));
    // Whatever the watcher already knows beyond the game is sent at once.
    cursor.catch_up().await?;
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
