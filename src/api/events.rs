//! A game's log, paged, as the viewer may see it.

use actix_web::{HttpRequest, HttpResponse, Route, web};

use super::Service;
use super::answer::{logged, told_in};
use super::dto::{EventsQuery, EventsResponse};
use super::endpoint::{Endpoint, Problems, common};
use super::error::{ApiError, ErrorCode as Code};
use super::request::{caller, lang, page_limit, viewer_of};
use crate::service::GameId;

/// The log as the viewer may see it; once the game is over, the public log (a replay export without lasting secrets).
#[utoipa::path(get, path = "/v1/games/{id}/events", tag = "games",
    params(("id" = String, Path, description = "Game id"), EventsQuery),
    security((), ("seat_token" = [])),
    responses(
        (status = 200, description = "The events", body = EventsResponse),
    ))]
pub async fn list_events(
    service: Service,
    id: web::Path<String>,
    query: web::Query<EventsQuery>,
    request: HttpRequest,
) -> Result<HttpResponse, ApiError> {
    let game = service.games.load(&GameId::parse(&id)?).await?;
    let viewer = viewer_of(&service, &game, caller(&service, &request).await?.as_ref())?;
    let lang = lang(&request)?;
    let limit = page_limit(query.limit, EventsQuery::DEFAULT_LIMIT, EventsQuery::MAX_LIMIT)?;
    let version = game.version();
    let after = query.after.min(version);
    let until = after.saturating_add(limit).min(version);
    // Read back only up to the game's head (and checked against it), so that redaction matches the state it is
    // judged by.
    let log = service.games.log_until(&game, until).await?;
    let events = &log[usize::try_from(after).unwrap_or(usize::MAX).min(log.len())..];
    let page = EventsResponse {
        version,
        complete: game.session.is_finished(),
        events: logged(game.visible_events(events, after, viewer, lang)),
        next_after: (until < version).then_some(until),
    };
    Ok(told_in(HttpResponse::Ok().json(page), lang))
}

impl Endpoint for __path_list_events {
    const PROBLEMS: &'static [Problems] = &[
        Problems::new(
            "Bad query, or an account holding several seats names none (`seat_required`)",
            &[Code::InvalidQuery, Code::SeatRequired],
        ),
        common::WRONG_TOKEN,
        common::SEAT_NOT_HELD,
        common::NO_GAME_OR_SEAT,
        common::STORE_UNAVAILABLE,
    ];

    fn route() -> Route {
        web::get().to(list_events)
    }
}
