//! An account's games, newest first.

use actix_web::{HttpRequest, HttpResponse, Route, web};

use super::KEY_NEEDED;
use super::dto::{AccountGameEntry, AccountGamesQuery, AccountGamesResponse, GamesStatus};
use crate::api::Service;
use crate::api::answer::{player_seats, status_of};
use crate::api::endpoint::{Endpoint, Problems, common};
use crate::api::error::{ApiError, ErrorCode as Code};
use crate::api::request::{account, page_limit};
use crate::service::{AccountGame, GamesFilter, LobbyEntry};

/// The account's games: `active` ones (waiting for players or being played, and those it is invited to) or
/// `finished` ones, newest first, each with the account's seats (and the seats it is invited to), the seats to act,
/// the deadline and the players; `to_act=true` keeps those where it is the account's turn.
#[utoipa::path(get, path = "/v1/accounts/me/games", tag = "accounts", security(("account_key" = [])),
    params(AccountGamesQuery),
    responses((status = 200, description = "A page of games", body = AccountGamesResponse)))]
pub async fn my_games(
    service: Service,
    query: web::Query<AccountGamesQuery>,
    request: HttpRequest,
) -> Result<HttpResponse, ApiError> {
    let account = account(&service, &request).await?;
    let limit = page_limit(query.limit, AccountGamesQuery::DEFAULT_LIMIT, AccountGamesQuery::MAX_LIMIT)?;
    let before = match &query.before {
        None => None,
        Some(cursor) => Some(
            LobbyEntry::parse_cursor(cursor)
                .ok_or_else(|| ApiError::new(Code::InvalidQuery, "before is not a cursor from a previous page"))?,
        ),
    };
    let filter = GamesFilter {
        finished: query.status == GamesStatus::Finished,
        to_act: query.to_act,
    };
    let page = service
        .accounts
        .account_games(&account.id, filter, before.as_ref(), limit as usize)
        .await?;
    Ok(HttpResponse::Ok()
        .insert_header(("Cache-Control", "no-store"))
        .json(AccountGamesResponse {
            games: page.games.iter().map(entry).collect(),
            next_before: page.next,
        }))
}

pub(super) fn entry(listed: &AccountGame) -> AccountGameEntry {
    let game = &listed.game;
    let to_act = game.session.to_act();
    AccountGameEntry {
        id: game.meta.id.to_string(),
        title: game.meta.title.clone(),
        version: game.version(),
        status: status_of(game.session.as_ref()),
        seats: listed.seats.iter().map(|&seat| game.seat_name(seat)).collect(),
        invited: listed.invited.iter().map(|&seat| game.seat_name(seat)).collect(),
        to_act: to_act.iter().map(|&seat| game.seat_name(seat)).collect(),
        my_turn: to_act.iter().any(|seat| listed.seats.contains(seat)),
        players: player_seats(game, None),
        rated: game.session.table().rated,
        deadline_ms: game.session.table().deadline_ms.filter(|_| !game.session.is_finished()),
        created_at_ms: game.meta.created_at_ms,
    }
}

impl Endpoint for __path_my_games {
    const PROBLEMS: &'static [Problems] = &[
        Problems::new("Bad query", &[Code::InvalidQuery]),
        KEY_NEEDED,
        common::STORE_UNAVAILABLE,
    ];

    fn route() -> Route {
        web::get().to(my_games)
    }
}
