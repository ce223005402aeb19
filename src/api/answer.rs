//! The answers that several operations share: a game as a viewer sees it, its seats, a page of log events.

use actix_web::HttpResponse;
use actix_web::http::StatusCode;
use actix_web::http::header::{self, HeaderValue};
use serde_json::value::RawValue;

use super::dto::{Clock, GameResponse, GameStatus, LoggedEvent, PlayerSeat, RatingChangeInfo, RematchInfo, SeatTime};
use crate::engine::clocks::ClockSettings;
use crate::engine::{GameSession, Lang, Seat, Viewer};
use crate::service::{Caller, GameService, LoadedGame, now_ms};
use crate::store::HeadTag;
use crate::watch::SeatsSeen;

/// The game as `viewer` sees it, with who is connected as this instance knows it (read from the store at most once a
/// third of the presence TTL). `caller` is the request's credential, which `rematch.token` needs.
pub(super) async fn game_answer(
    service: &GameService,
    game: &LoadedGame,
    viewer: Viewer,
    caller: Option<&Caller>,
    lang: Option<Lang>,
) -> GameResponse {
    let seen = service.watcher().seats_seen(&game.meta.id).await;
    let mut response = game_response(game, viewer, caller, seen.as_ref(), lang);
    if response.rated && response.status == GameStatus::Finished {
        response.rating_changes = rating_changes(service, game, &response.players).await;
    }
    response
}

/// How a rated game over moved its seats' ratings, once they are applied; none before, or when the store did not
/// say (the rest of the answer stands without it).
async fn rating_changes(
    service: &GameService,
    game: &LoadedGame,
    players: &[PlayerSeat],
) -> Option<Vec<RatingChangeInfo>> {
    let changes = match service.ratings.rating_changes(&game.meta.id).await {
        Ok(changes) => changes,
        Err(error) => {
            tracing::warn!(game = %game.meta.id, %error, "the game's rating changes could not be read");
            return None;
        }
    };
    let by_seat: Vec<RatingChangeInfo> = players
        .iter()
        .filter_map(|player| {
            let account = player.account.as_ref()?;
            let change = changes.iter().find(|change| &change.account == account)?;
            Some(RatingChangeInfo {
                seat: player.seat,
                account: account.clone(),
                before: change.before,
                after: change.after,
            })
        })
        .collect();
    (!by_seat.is_empty()).then_some(by_seat)
}

/// The game as `viewer` sees it, with who is connected as `seen` says (left out without it: a past version, or a
/// store that did not say). The viewer's own seat is here: it makes this request, with `caller` (its seat's token
/// is its token in the rematch, shown to it alone). With `lang`, each legal action has its `label`.
pub(super) fn game_response(
    game: &LoadedGame,
    viewer: Viewer,
    caller: Option<&Caller>,
    seen: Option<&SeatsSeen>,
    lang: Option<Lang>,
) -> GameResponse {
    let session = &game.session;
    let table = session.table();
    let status = status_of(session.as_ref());
    let ending = game.ending();
    let now = now_ms();
    let mut players = player_seats(game, seen);
    if let (Viewer::Seat(seat), Some(_)) = (viewer, seen) {
        players[seat].connected = Some(true);
        players[seat].last_seen_ms = Some(now);
    }
    GameResponse {
        id: game.meta.id.to_string(),
        title: game.meta.title.clone(),
        seats: game.seats.to_vec(),
        version: session.version(),
        status,
        to_act: game.to_act(),
        players,
        seeded: game.meta.seeded,
        rated: game.session.table().rated,
        seat: match viewer {
            Viewer::Seat(seat) => Some(game.seat_name(seat)),
            Viewer::Spectator => None,
        },
        view: session.view(viewer),
        legal_actions: match viewer {
            Viewer::Seat(seat) => Some(game.session.actions_json(seat, lang)),
            Viewer::Spectator => None,
        },
        result: session.outcome(),
        ending,
        clock: clock_of(session.as_ref(), &game.seats, now),
        expires_at_ms: table.expires_at_ms.filter(|_| status == GameStatus::Open),
        chat: table.chat,
        rematch: table.rematch.as_ref().map(|(rematch, _)| {
            let mine = match viewer {
                Viewer::Seat(seat) => game.rematch_of_seat(seat, caller),
                Viewer::Spectator => None,
            };
            RematchInfo {
                game: rematch.clone(),
                seat: mine.as_ref().map(|(seat, _)| *seat),
                token: mine.and_then(|(_, token)| token),
            }
        }),
        rating_changes: None,
        created_at_ms: game.meta.created_at_ms,
    }
}

/// The game's clock when this answer is made, if it has one.
pub(super) fn clock_of(session: &dyn GameSession, seat_names: &[&'static str], now: u64) -> Option<Clock> {
    let table = session.table();
    let turn_seconds = match table.clock {
        Some(ClockSettings::Bank(bank)) => Some(bank.turn_seconds),
        Some(ClockSettings::Fischer(_)) => None,
        None => Some(table.turn_seconds?),
    };
    let to_act = session.to_act();
    let deadline_ms = table.deadline_ms.filter(|_| status_of(session) == GameStatus::Active);
    Some(Clock {
        turn_seconds,
        per_seat: table.clock,
        deadline_ms,
        remaining_ms: deadline_ms.map(|deadline| deadline.saturating_sub(now)),
        seats: seat_times(session, seat_names, &to_act, now),
    })
}

/// Each seat's time at `now`: its own clock's, or under a turn clock, the turn's deadline for the seats to act.
pub(super) fn seat_times(
    session: &dyn GameSession,
    seat_names: &[&'static str],
    to_act: &[Seat],
    now: u64,
) -> Vec<SeatTime> {
    let table = session.table();
    // A finished game's clocks stand where they stopped.
    let now = if to_act.is_empty() {
        table.running_since_ms.unwrap_or(now)
    } else {
        now
    };
    let times = table.seat_times(now);
    seat_names
        .iter()
        .enumerate()
        .map(|(seat, &name)| match &times {
            Some(times) => SeatTime {
                seat: name,
                remaining_ms: Some(times[seat].0),
                running: times[seat].1 && !to_act.is_empty(),
            },
            None => {
                let deadline = table.deadline_of(seat, to_act);
                let person = table.seats[seat].played_by_person();
                SeatTime {
                    seat: name,
                    remaining_ms: match deadline {
                        Some(deadline) => Some(deadline.saturating_sub(now)),
                        None => table.turn_seconds.filter(|_| person).map(|seconds| seconds * 1000),
                    },
                    running: deadline.is_some(),
                }
            }
        })
        .collect()
}

/// Who sits at each seat; with `seen`, whether each is connected and when it was last seen.
pub(super) fn player_seats(game: &LoadedGame, seen: Option<&SeatsSeen>) -> Vec<PlayerSeat> {
    let table = game.session.table();
    let now = now_ms();
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
            abandoned: taken.abandoned,
            handed_to_bot: taken.handed,
            deleted_player: taken.erased,
            connected: seen.map(|seen| taken.bot.is_some() || seen.connected(seat, now)),
            last_seen_ms: seen.and_then(|seen| seen.last_seen_ms(seat)),
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

pub(super) fn logged(events: Vec<(u64, Box<RawValue>, Option<String>)>) -> Vec<LoggedEvent> {
    events
        .into_iter()
        .map(|(seq, event, text)| LoggedEvent { seq, event, text })
        .collect()
}

/// Marks an answer that may be told in words: `Vary: Accept-Language` (the words follow it), and `Content-Language`
/// when they were.
pub(super) fn told_in(mut answer: HttpResponse, lang: Option<Lang>) -> HttpResponse {
    let headers = answer.headers_mut();
    headers.append(header::VARY, HeaderValue::from_static("Accept-Language"));
    if let Some(lang) = lang {
        headers.insert(header::CONTENT_LANGUAGE, HeaderValue::from_static(lang.code()));
    }
    answer
}

pub(super) fn json_body(status: StatusCode, body: String) -> HttpResponse {
    HttpResponse::build(status).content_type("application/json").body(body)
}

/// The `ETag` of an answer that shows the game at `tag`'s position: `"<version>-<16 hex digits>"`.
pub(super) fn etag(tag: HeadTag) -> HeaderValue {
    HeaderValue::from_str(&format!("\"{tag}\"")).expect("digits and a dash are a valid header value")
}
