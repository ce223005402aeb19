//! An account's data for its owner to take away (`GET /v1/accounts/me/export`): the account, then each of its games
//! with its log as the account's seat sees it, one JSON document a line.

use actix_web::{HttpRequest, HttpResponse, Route, web};
use serde::Serialize;
use utoipa::ToSchema;

use super::KEY_NEEDED;
use super::dto::{AccountGameEntry, AccountResponse, KeyResponse};
use super::games::entry;
use crate::api::Service;
use crate::api::answer::logged;
use crate::api::dto::LoggedEvent;
use crate::api::endpoint::{Endpoint, Problems, common};
use crate::api::error::ApiError;
use crate::api::ratings::RatingResponse;
use crate::api::request::account;
use crate::engine::Viewer;
use crate::service::{GamesFilter, LobbyEntry, ServiceError};

/// Games read from the account's listings at a time.
const PAGE: usize = 100;

/// One line of an export.
#[derive(Serialize, ToSchema)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum ExportLine {
    /// The first line: the account, its keys (ids and dates, never the keys), its webhook's address and its ratings.
    Account {
        account: AccountResponse,
        keys: Vec<KeyResponse>,
        webhook_url: Option<String>,
        ratings: Vec<RatingResponse>,
    },
    /// Each game the account holds a seat at or is invited to (active ones, then finished ones, newest first), with
    /// its log as the account's first seat there sees it (a spectator's, for an invitation).
    Game {
        game: AccountGameEntry,
        events: Vec<LoggedEvent>,
    },
}

/// The account and its games as JSON lines (`application/x-ndjson`): first `{"kind": "account", ...}` (the account,
/// its keys' ids and dates, its webhook's address, its ratings), then one `{"kind": "game", "game": ..., "events":
/// [...]}` per game (as `GET /v1/accounts/me/games` lists it, active ones then finished ones, archived ones
/// included), each with its whole log as the account's seat sees it.
#[utoipa::path(get, path = "/v1/accounts/me/export", tag = "accounts", security(("account_key" = [])),
    responses((status = 200, description = "JSON lines, an `ExportLine` each: the account, then its games (as text/plain too: the same lines, for generators that know no JSON lines)",
        content((ExportLine = "application/x-ndjson"), (String = "text/plain")))))]
pub async fn export(service: Service, request: HttpRequest) -> Result<HttpResponse, ApiError> {
    let account = account(&service, &request).await?;
    let keys = service.accounts.account_keys(&account.id).await?;
    let webhook_url = match service.notifier.webhook(&account.id).await {
        Ok(webhook) => Some(webhook.url),
        Err(ServiceError::NoWebhook) => None,
        Err(error) => return Err(error.into()),
    };
    let ratings = service.ratings.account_ratings(&account.id).await?;
    let mut lines = vec![ExportLine::Account {
        account: AccountResponse::from(account.clone()),
        keys: keys.into_iter().map(KeyResponse::from).collect(),
        webhook_url,
        ratings: ratings
            .into_iter()
            .map(|(title, rating)| RatingResponse::of(title, rating))
            .collect(),
    }];
    for finished in [false, true] {
        let filter = GamesFilter {
            finished,
            to_act: false,
        };
        let mut before = None;
        loop {
            let page = service
                .accounts
                .account_games(&account.id, filter, before.as_ref(), PAGE)
                .await?;
            for listed in &page.games {
                let game = &listed.game;
                let viewer = listed
                    .seats
                    .first()
                    .map_or(Viewer::Spectator, |&seat| Viewer::Seat(seat));
                let log = service.games.log_until(game, game.version()).await?;
                let events = logged(game.visible_events(&log, 0, viewer, None));
                lines.push(ExportLine::Game {
                    game: entry(listed),
                    events,
                });
            }
            match page.next.as_deref().and_then(LobbyEntry::parse_cursor) {
                Some(next) => before = Some(next),
                None => break,
            }
        }
    }
    let mut body = String::new();
    for line in &lines {
        body.push_str(&serde_json::to_string(line).expect("export lines serialize"));
        body.push('\n');
    }
    Ok(HttpResponse::Ok()
        .insert_header(("Cache-Control", "no-store"))
        .insert_header(("Content-Disposition", "attachment; filename=\"ludus-export.jsonl\""))
        .content_type("application/x-ndjson")
        .body(body))
}

impl Endpoint for __path_export {
    const PROBLEMS: &'static [Problems] = &[KEY_NEEDED, common::STORE_UNAVAILABLE];

    fn route() -> Route {
        web::get().to(export)
    }
}
