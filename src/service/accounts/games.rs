//! An account's games: two listings per account in the store (games being played or waiting for players, and
//! finished ones), newest first, each game read from its log when listed so that nothing shown is stale.

use super::notify::accounts_of_game;
use crate::engine::Seat;
use std::sync::Arc;

use super::Accounts;
use crate::service::games::listing_page;
use crate::service::{GameId, LoadedGame, LobbyEntry, ServiceError};
use crate::store::EventStore;

/// Which of an account's games to list.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct GamesFilter {
    pub finished: bool,
    /// Only games where one of the account's seats is to act.
    pub to_act: bool,
}

/// A game of the account's, with its seats there and the seats it is invited to.
pub struct AccountGame {
    pub game: LoadedGame,
    pub seats: Vec<Seat>,
    pub invited: Vec<Seat>,
}

pub struct AccountGames {
    pub games: Vec<AccountGame>,
    /// Pass it back as `before` for the next page.
    pub next: Option<String>,
}

/// The listing of an account's finished games (in the archive too, once archived) or active ones.
pub(in crate::service) fn account_listing(account: &str, finished: bool) -> String {
    let status = if finished { "finished" } else { "active" };
    format!("account:{account}:{status}")
}

/// The accounts that list `game` among their games: seated at it, or invited to it.
pub(in crate::service) fn listing_accounts(game: &LoadedGame) -> Vec<String> {
    let seats = &game.session.table().seats;
    let mut accounts: Vec<String> = Vec::new();
    for account in seats.iter().flat_map(|seat| [&seat.account, &seat.invited]).flatten() {
        if !accounts.contains(account) {
            accounts.push(account.clone());
        }
    }
    accounts
}

/// The accounts' game lists, kept in step after each append.
#[derive(Clone)]
pub(in crate::service) struct GameLists {
    store: Arc<dyn EventStore>,
}

impl GameLists {
    pub(in crate::service) fn new(store: Arc<dyn EventStore>) -> Self {
        Self { store }
    }

    /// Lists `after` among the games of each account that came to sit there with this append, and moves a finished
    /// game to its accounts' finished lists.
    pub(in crate::service) async fn index_account_games(&self, before: Option<&LoadedGame>, after: &LoadedGame) {
        let finished = after.session.is_finished();
        let was_finished = before.is_some_and(|before| before.session.is_finished());
        let known = before.map(accounts_of_game).unwrap_or_default();
        if before.is_none() {
            // Invitations are listed with the invited account's games, so that it finds them without its stream.
            for invited in after
                .session
                .table()
                .seats
                .iter()
                .filter_map(|seat| seat.invited.as_ref())
            {
                self.list_account_game(invited, after, false).await;
            }
        }
        for (account, _) in accounts_of_game(after) {
            // New at the table: it joined, or a seat it held as a guest was bound to it (the game may be over).
            let new = !known.iter().any(|(seated, _)| *seated == account);
            if finished && (new || !was_finished) {
                self.list_account_game(&account, after, true).await;
            } else if !finished && new {
                self.list_account_game(&account, after, false).await;
            }
        }
    }

    pub(super) async fn list_account_game(&self, account: &str, game: &LoadedGame, finished: bool) {
        let (id, score) = (&game.meta.id, game.meta.created_at_ms);
        let result = match self
            .store
            .index_put(&account_listing(account, finished), id, score)
            .await
        {
            Ok(()) if finished => self.store.index_remove(&account_listing(account, false), id).await,
            other => other,
        };
        if let Err(error) = result {
            tracing::warn!(%account, game = %id, %error, "an account's game list was not updated");
        }
    }
}

impl Accounts {
    /// A page of the account's games, newest first, created before the `before` cursor. A page may hold fewer
    /// games than `limit` when `to_act` filters some out: follow `next` until it is absent.
    pub async fn account_games(
        &self,
        account: &str,
        filter: GamesFilter,
        before: Option<&LobbyEntry>,
        limit: usize,
    ) -> Result<AccountGames, ServiceError> {
        let listing = account_listing(account, filter.finished);
        let max_score = before.map_or(u64::MAX, |entry| entry.created_at_ms);
        // Entries that tie with the cursor's time come back too and are skipped: a little more is read.
        let wanted = limit + 16;
        let page = listing_page(self.store.as_ref(), &listing, filter.finished, max_score, wanted).await?;
        let mut exhausted = page.len() < wanted;
        let mut candidates: Vec<LobbyEntry> = page
            .into_iter()
            .map(|(id, created_at_ms)| LobbyEntry { created_at_ms, id })
            .filter(|entry| before.is_none_or(|cursor| entry < cursor))
            .collect();
        candidates.sort_unstable_by(|a, b| b.cmp(a));
        let (mut games, mut last, mut read) = (Vec::new(), None, 0);
        for entry in candidates {
            if read == limit {
                exhausted = false;
                break;
            }
            read += 1;
            last = Some(entry.clone());
            let game = match self.games.load(&GameId::known(&entry.id)).await {
                Ok(game) => game,
                Err(ServiceError::GameNotFound) => {
                    let _ = self.store.index_remove(&listing, &entry.id).await;
                    continue;
                }
                Err(other) => return Err(other),
            };
            if game.session.is_finished() != filter.finished {
                // Listed as active by an instance that died before moving it.
                self.lists.list_account_game(account, &game, true).await;
                continue;
            }
            let seats = game.seats_of_account(account);
            let invited = game.seats_invited(account);
            if seats.is_empty() && invited.is_empty() {
                // An invitation declined.
                let _ = self.store.index_remove(&listing, &entry.id).await;
                continue;
            }
            if filter.to_act && !game.session.to_act().iter().any(|seat| seats.contains(seat)) {
                continue;
            }
            games.push(AccountGame { game, seats, invited });
        }
        Ok(AccountGames {
            games,
            next: if exhausted {
                None
            } else {
                last.map(|entry| entry.cursor())
            },
        })
    }
}
