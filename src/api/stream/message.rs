//! A stream message: one log position as one audience sees it, rendered once and shared by every stream of that
//! audience.

use actix_web::web::Bytes;
use serde::Serialize;
use serde_json::value::RawValue;
use utoipa::ToSchema;

use crate::api::answer::{seat_times, status_of};
use crate::api::dto::{AnyEvent, GameStatus, SeatTime};
use crate::engine::{GameSession, Lang, Viewer};
use crate::service::now_ms;
use crate::store::Head;

/// The `data` of one stream message: the log position it stands for, the event if the viewer may see it, and the
/// game's situation right after it.
#[derive(Debug, Serialize, ToSchema)]
pub struct StreamMessage {
    /// The log version after this event; the message's SSE `id` is this version, `-` and the start of the log's
    /// chain hash there (`<version>-<16 hex digits>`), which `Last-Event-ID` brings back on a reconnection.
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
    /// In a stream opened as a seat: that seat's legal actions at `version` (with a `label` each in a stream opened in
    /// a language), as `GET /v1/games/{id}/actions` lists them: play one, no other request needed. Absent in a
    /// spectator's stream.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(value_type = Option<Vec<Object>>)]
    pub legal_actions: Option<Box<RawValue>>,
}

/// Who a message is rendered for: a seat or the spectators, told in a language or in none.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Audience {
    pub viewer: Viewer,
    pub lang: Option<Lang>,
}

/// A rendered message and the log position it stands for.
#[derive(Clone, Debug)]
pub struct Rendered {
    /// The log's head right after the message's event.
    pub head: Head,
    /// The whole SSE message.
    pub bytes: Bytes,
    /// The game is over after it: the stream ends once it is sent.
    pub last: bool,
}

/// The message for the position right after `event`, which took `session` there, as `audience` sees it.
pub fn render(
    session: &dyn GameSession,
    seats: &[&'static str],
    head: Head,
    event: &str,
    audience: Audience,
) -> Rendered {
    let Audience { viewer, lang } = audience;
    let table = session.table();
    let deadline_ms = session.next_due_ms().filter(|_| !table.is_open());
    let now = now_ms();
    let to_act = session.to_act();
    let clocks = if table.clock.is_some() || table.turn_seconds.is_some() {
        seat_times(session, seats, &to_act, now)
    } else {
        Vec::new()
    };
    let message = StreamMessage {
        version: session.version(),
        event: session.redact(event, viewer),
        text: lang.and_then(|lang| session.event_text(event, viewer, lang)),
        to_act: to_act.into_iter().map(|seat| seats[seat]).collect(),
        status: status_of(session),
        deadline_ms,
        remaining_ms: deadline_ms.map(|deadline| deadline.saturating_sub(now)),
        clocks,
        legal_actions: match viewer {
            Viewer::Seat(seat) => Some(session.actions_json(seat, lang)),
            Viewer::Spectator => None,
        },
    };
    let data = serde_json::to_string(&message).expect("messages serialize");
    let kind = if message.event.is_some() { "game" } else { "hidden" };
    Rendered {
        head,
        bytes: Bytes::from(format!("id: {}\nevent: {kind}\ndata: {data}\n\n", head.tag())),
        last: session.is_finished(),
    }
}
