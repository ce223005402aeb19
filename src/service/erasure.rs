//! Deleting an account (`DELETE /v1/accounts/me`): it leaves the games it still plays, its seats everywhere (live and
//! archived games alike) become a deleted player's, and everything the store keeps of it is erased.

use std::collections::HashSet;

use super::accounts::account_listing;
use super::games::listing_page;
use super::{Account, CONFLICT_RETRIES, GameId, LoadedGame, ServiceError, Tables, now_ms};
use crate::engine::table::TableEvent;
use crate::engine::{Played, Seat};
use crate::store::{Appended, StoreError};

/// Games read from an account's listing at a time.
const PAGE: usize = 100;

impl Tables {
    /// Deletes `account`. Its seats leave the games still on (an abort before the game started, else a
    /// resignation: the game goes on with a bot or ends, as its `on_leave` says), its invitations are declined, then
    /// each of its games is told that its seats are a deleted player's. Last, its listings, ratings, quick-play
    /// seek, name, keys, webhook and inbox are erased. Each step can be done again: a deletion cut short is finished
    /// by asking again (while a key still opens the account).
    pub async fn erase_account(&self, account: &Account) -> Result<usize, ServiceError> {
        let id = &account.id;
        self.store.matchmaking().cancel_seek(id).await?;
        let mut erased = 0;
        for finished in [false, true] {
            let listing = account_listing(id, finished);
            for game in self.listed_games(&listing, finished).await? {
                erased += usize::from(self.erase_from_game(&GameId::known(game.as_str()), id).await?);
                self.store.index_remove(&listing, &game).await?;
            }
            if let Some(tiers) = self.store.tiers() {
                tiers.unlist(&listing).await?;
            }
        }
        let titles: Vec<&str> = self.games.registry().titles().map(|title| title.info().id).collect();
        self.store.ratings().forget_ratings(&titles, id).await?;
        self.store.accounts().erase_account(id, &account.name).await?;
        Ok(erased)
    }

    /// Every game of `listing`, newest first.
    async fn listed_games(&self, listing: &str, finished: bool) -> Result<Vec<String>, ServiceError> {
        let (mut games, mut seen) = (Vec::new(), HashSet::new());
        let mut max_score = u64::MAX;
        loop {
            let page = listing_page(&*self.store, listing, finished, max_score, PAGE).await?;
            let Some(&(_, last)) = page.last() else {
                return Ok(games);
            };
            let before = games.len();
            games.extend(
                page.into_iter()
                    .map(|(game, _)| game)
                    .filter(|game| seen.insert(game.clone())),
            );
            // Ties at a page's edge are read again from `last`: done once a page brings nothing new.
            if games.len() == before {
                return Ok(games);
            }
            max_score = last;
        }
    }

    /// Takes `account` out of game `id`: its invitations are declined and its seats leave the game if it is on, then
    /// the game is told they are erased. Whether the game named the account.
    async fn erase_from_game(&self, id: &GameId, account: &str) -> Result<bool, ServiceError> {
        let (mut races, mut named) = (0, false);
        loop {
            let game = match self.games.load(id).await {
                Ok(game) => game,
                // Deleted since it was listed (`LUDUS_FINISHED_TTL`).
                Err(ServiceError::GameNotFound) => return Ok(named),
                Err(other) => return Err(other),
            };
            let Some((played, last)) = self.erasure_step(&game, account)? else {
                return Ok(named);
            };
            let after = game.followed_by(played.next, &played.events);
            match self
                .games
                .commit(&game, &after, &played.events, None, None, now_ms())
                .await
            {
                Ok(Appended::Ok { .. }) if last => return Ok(true),
                Ok(Appended::Ok { .. }) => named = true,
                Ok(Appended::Duplicate { .. } | Appended::Behind { .. } | Appended::Rewritten { .. })
                | Err(StoreError::Conflict { .. }) => {
                    races += 1;
                    if races > CONFLICT_RETRIES {
                        return Err(ServiceError::Contention);
                    }
                }
                Err(other) => return Err(other.into()),
            }
        }
    }

    /// The next step of taking `account` out of `game`, and whether it is the last: in a game still on, its
    /// invitations declined (and erased), then each of its seats still in the game leaving it (an abort before the
    /// game started, else a resignation); then its seats erased. `None` once the game names the account no more.
    fn erasure_step(&self, game: &LoadedGame, account: &str) -> Result<Option<(Played, bool)>, ServiceError> {
        let table = game.session.table();
        let seat_ids = |seats: Vec<Seat>| -> Vec<String> {
            seats.into_iter().map(|seat| game.seat_name(seat).to_owned()).collect()
        };
        let (held, invitations) = (game.seats_of_account(account), seat_ids(game.seats_invited(account)));
        let on = !game.session.is_finished();
        if on && !invitations.is_empty() {
            let mut events: Vec<TableEvent> = (invitations.iter().cloned())
                .map(|seat| TableEvent::InvitationDeclined { seat })
                .collect();
            events.push(TableEvent::SeatsErased {
                seats: Vec::new(),
                invitations,
                creator: false,
            });
            return Ok(Some((game.session.record(&events), false)));
        }
        if on && let Some(&seat) = held.iter().find(|&&seat| table.seats[seat].abandoned.is_none()) {
            let leave = if table.is_open() { "abort" } else { "resign" };
            let action = serde_json::json!({ "type": leave });
            return Ok(Some((game.session.play(seat, &action, game.seed()?, now_ms())?, false)));
        }
        let creator = table.created_by.as_deref() == Some(account);
        if held.is_empty() && invitations.is_empty() && !creator {
            return Ok(None);
        }
        let erased = TableEvent::SeatsErased {
            seats: seat_ids(held),
            invitations,
            creator,
        };
        Ok(Some((game.session.record(&[erased]), true)))
    }
}
