//! Tables: the games before and around play. Creating one (`create`), taking and declining seats (`join`), the
//! lobby (`lobby`), rematches (`rematch`), seat tickets (`tickets`), quick play (`matchmaking`) and deleting an
//! account from its games (`erasure`).

use std::sync::Arc;
use std::time::Duration;

use super::lobby::Listings;
use super::{Accounts, Games, Notifier, TestPauses};
use crate::store::EventStore;

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
}
