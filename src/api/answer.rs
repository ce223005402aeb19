//! The answers that several operations share: a game as a viewer sees it, its seats, a page of log events.

use actix_web::HttpResponse;
use actix_web::http::StatusCode;
use serde_json::value::RawValue;

use super::dto::{Clock, GameResponse, GameStatus, LoggedEvent, PlayerSeat, RematchInfo};
use crate::engine::{GameSession, Viewer};
use crate::service::{LoadedGame, now_ms};

pub(super) fn game_response(game: &LoadedGame, viewer: Viewer) -> GameResponse {
    let session = &game.session;
    let table = session.table();
    let status = status_of(session.as_ref());
    let ending = game.ending();
    let now = now_ms();
    GameResponse {
        id: game.meta.id.clone(),
        title: game.meta.title.clone(),
        seats: game.seats.to_vec(),
        version: session.version(),
        status,
        to_act: game.to_act(),
        players: player_seats(game),
        seeded: game.meta.seeded,
        seat: match viewer {
            Viewer::Seat(seat) => Some(game.seat_name(seat)),
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
        rematch: table.rematch.as_ref().map(|(rematch, _)| {
            let mine = match viewer {
                Viewer::Seat(seat) => game.rematch_of_seat(seat),
                Viewer::Spectator => None,
            };
            RematchInfo {
                game: rematch.clone(),
                seat: mine.as_ref().map(|(seat, _)| *seat),
                token: mine.map(|(_, token)| token),
            }
        }),
        created_at_ms: game.meta.created_at_ms,
    }
}

pub(super) fn player_seats(game: &LoadedGame) -> Vec<PlayerSeat> {
    let table = game.session.table();
    game.seats
        .iter()
        .zip(&table.seats)
        .map(|(&seat, taken)| PlayerSeat {
            seat,
            open: taken.open,
            name: taken.name.clone(),
            bot: taken.bot,
            account: taken.account.clone(),
            invited: taken.invited.clone(),
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

pub(super) fn logged(events: Vec<(u64, Box<RawValue>)>) -> Vec<LoggedEvent> {
    events
        .into_iter()
        .map(|(seq, event)| LoggedEvent { seq, event })
        .collect()
}

pub(super) fn json_body(status: StatusCode, body: String) -> HttpResponse {
    HttpResponse::build(status).content_type("application/json").body(body)
}
