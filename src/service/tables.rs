//! Tables: the games before and around play. Creating one (`create`), taking and declining seats (`join`), the
//! lobby (`lobby`), rematches (`rematch`), seat tickets (`tickets`), quick play (`matchmaking`) and deleting an
//! account from its games (`erasure`).

use std::sync::Arc;
use std::time::Duration;

use super::lobby::Listings;
use super::{Accounts, Games, LoadedGame, Notifier, ServiceError, TestPauses, now_ms};
use crate::engine::table::TableEvent;
use crate::store::{Appended, EventStore, StoreError};

pub struct Tables {
    pub(super) games: Arc<Games>,
    pub(super) store: Arc<dyn EventStore>,
    /// Invited accounts are found by id or name.
    pub(super) accounts: Accounts,
    /// Quick play tells the seekers it seated.
    pub(super) notifier: Arc<Notifier>,
    pub(super) listings: Listings,
    /// How long a game with open seats waits for players before it expires (`None`: forever).
    pub(super) lobby_ttl: Option<Duration>,
    pub(super) pauses: TestPauses,
}

impl Tables {
    pub(super) fn new(
        games: Arc<Games>,
        store: Arc<dyn EventStore>,
        accounts: Accounts,
        notifier: Arc<Notifier>,
        lobby_ttl: Option<Duration>,
        pauses: TestPauses,
    ) -> Self {
        Self {
            games,
            listings: Listings::new(store.clone()),
            store,
            accounts,
            notifier,
            lobby_ttl,
            pauses,
        }
    }

    /// Appends the table's `event` onto `game`: the game after it, or `None` when the log moved meanwhile (the
    /// caller loads the game and decides again).
    pub(super) async fn append_table_event(
        &self,
        game: &LoadedGame,
        event: TableEvent,
    ) -> Result<Option<LoadedGame>, ServiceError> {
        let played = game.session.record(&[event]);
        let after = game.followed_by(played.next, &played.events);
        match self
            .games
            .commit(game, &after, &played.events, None, None, now_ms())
            .await
        {
            Ok(Appended::Ok { .. }) => Ok(Some(after)),
            Ok(Appended::Duplicate { .. } | Appended::Behind { .. } | Appended::Rewritten { .. })
            | Err(StoreError::Conflict { .. }) => Ok(None),
            Err(other) => Err(other.into()),
        }
    }
}
