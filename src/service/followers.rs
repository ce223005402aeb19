//! What follows an append, whoever made it (a move, a join, a timeout, a bot, a new game): the lobby's listings and
//! the accounts' game lists kept in step, the notifications the append left delivered, and this instance's bots
//! woken. Ratings follow a rated game's last append.

use std::sync::Arc;

use super::accounts::GameLists;
use super::lobby::Listings;
use super::{BotQueue, LoadedGame, Notifier, Ratings, ServiceError, TestPauses};
use crate::store::EventStore;

pub(super) struct Followers {
    listings: Listings,
    lists: GameLists,
    notifier: Arc<Notifier>,
    ratings: Ratings,
    bots: Arc<BotQueue>,
    pauses: TestPauses,
}

impl Followers {
    pub(super) fn new(
        store: Arc<dyn EventStore>,
        notifier: Arc<Notifier>,
        ratings: Ratings,
        bots: Arc<BotQueue>,
        pauses: TestPauses,
    ) -> Self {
        Self {
            listings: Listings::new(store.clone()),
            lists: GameLists::new(store),
            notifier,
            ratings,
            bots,
            pauses,
        }
    }

    /// Keeps the lobby's listings and the accounts' game lists in step with a game whose status may have changed by
    /// an append, delivers the notifications it left, and plays the bot it made the one to act.
    pub(super) async fn after_append(&self, before: &LoadedGame, after: &LoadedGame, notifies: bool) {
        self.listings.relist_if_changed(before, after).await;
        if notifies {
            TestPauses::wait(self.pauses.before_notifying).await;
            self.notifier.deliver_outbox(&after.meta.id).await;
        }
        self.lists.index_account_games(Some(before), after).await;
        self.bots.wake_bot(after);
    }

    /// The same for a game just created: listed when a seat is open.
    pub(super) async fn after_create(&self, game: &LoadedGame, notifies: bool) {
        if game.session.table().listed {
            self.listings.relist(game).await;
        }
        if notifies {
            self.notifier.deliver_outbox(&game.meta.id).await;
        }
        self.lists.index_account_games(None, game).await;
        self.bots.wake_bot(game);
    }

    /// Delivers the notifications an instance that died after its append left in the game's outbox: how many.
    pub(super) async fn deliver_left_behind(&self, id: &str) -> usize {
        self.notifier.deliver_outbox(id).await
    }

    /// Lists the game among its accounts' games (what such an instance may also have left undone).
    pub(super) async fn index_account_games(&self, game: &LoadedGame) {
        self.lists.index_account_games(None, game).await;
    }

    /// A rated game's ratings, once it is over (unless applied already).
    pub(super) async fn rate(&self, game: &LoadedGame) -> Result<(), ServiceError> {
        self.ratings.rate(game).await
    }
}
