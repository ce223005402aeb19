//! Finished games moved to the archive (`LUDUS_ARCHIVE_URL`) once left alone for `LUDUS_ARCHIVE_AFTER`: every
//! instance sweeps the games noted for it, each claimed with a lease so that one instance at a time moves it; an
//! instance that dies mid-way leaves the game live, and its note comes due again when the lease ends.

use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;

use super::Games;
use crate::service::accounts::{account_listing, listing_accounts};
use crate::service::lobby::LobbyStatus;
use crate::service::{GameId, ServiceError, TestPauses};
use crate::store::{Archival, EventStore, StoreResult, TieredStore};
use crate::telemetry;

/// How long an instance holds the games it claimed for the archive: a batch's writes and reads back.
const ARCHIVAL_LEASE: Duration = Duration::from_secs(15);
/// Games one sweep claims for the archive at most.
const ARCHIVAL_BATCH: usize = 32;
/// How long a game that is not ready (notifications not all delivered) waits before it is tried again.
const NOT_YET: Duration = Duration::from_secs(5);
/// How often an instance measures the archive's size (a count over the table).
const MEASURE_EVERY: Duration = Duration::from_secs(60);

/// When the archive was last measured, ms.
static MEASURED_AT: AtomicU64 = AtomicU64::new(0);

impl Games {
    /// One archival sweep: claims the finished games due in the archive and moves each there. Returns how many it
    /// moved (none without an archive).
    pub async fn archive_due(&self, now: u64) -> Result<usize, ServiceError> {
        let Some(tiers) = self.store.tiers() else {
            return Ok(0);
        };
        let earliest = self.store.earliest_archival().await?;
        metrics::gauge!(telemetry::ARCHIVAL_LAG).set(earliest.map_or(0, |due| now.saturating_sub(due)) as f64 / 1000.0);
        let lease = ARCHIVAL_LEASE.as_millis() as u64;
        let claimed = self.store.claim_archival(now, lease, ARCHIVAL_BATCH).await?;
        let mut moved = 0;
        for id in &claimed {
            let next = match self.archive_one(tiers, &GameId::known(id), now).await {
                Ok(next) => next,
                Err(error) => {
                    // The lease brings it back.
                    metrics::counter!(telemetry::ARCHIVAL_FAILURES).increment(1);
                    tracing::warn!(game = %id, %error, "finished game not archived; trying again later");
                    continue;
                }
            };
            moved += usize::from(next.is_none());
            self.store.settle_archival(id, now + lease, next).await?;
        }
        if now.saturating_sub(MEASURED_AT.load(Ordering::Relaxed)) >= MEASURE_EVERY.as_millis() as u64 {
            MEASURED_AT.store(now, Ordering::Relaxed);
            if let Ok((games, bytes)) = tiers.archive_size().await {
                metrics::gauge!(telemetry::ARCHIVED_GAMES).set(games as f64);
                metrics::gauge!(telemetry::ARCHIVE_BYTES).set(bytes as f64);
            }
        }
        Ok(moved)
    }

    /// Moves game `id` to the archive if it is finished, its ratings applied first; returns when to try again
    /// (`None`: done, or nothing to do).
    async fn archive_one(&self, tiers: &TieredStore, id: &GameId, now: u64) -> Result<Option<u64>, ServiceError> {
        let game = match self.load(id).await {
            Ok(game) => game,
            Err(ServiceError::GameNotFound) => return Ok(None),
            Err(error) => return Err(error),
        };
        if !game.session.is_finished() {
            // Noted by an append that did not finish it after all: the one that does notes it again.
            return Ok(None);
        }
        // The ratings read the game's log: applied (once) before it leaves.
        self.followers.rate(&game).await?;
        let accounts = listing_accounts(&game);
        let mut listings: Vec<String> = accounts.iter().map(|account| account_listing(account, true)).collect();
        if game.session.table().listed {
            listings.push(LobbyStatus::Finished.index(&game.meta.title));
        }
        let archival = match tiers.copy(id, &listings).await? {
            Ok(head) => {
                // Unlisted live before the game leaves: a crash in between leaves it live, listed in the archive.
                let lingering = accounts.iter().map(|account| account_listing(account, false));
                for listing in listings.iter().cloned().chain(lingering) {
                    self.store.index_remove(&listing, id).await?;
                }
                TestPauses::wait(self.pauses.before_live_removal).await;
                tiers.remove_live(id, head).await?
            }
            Err(archival) => archival,
        };
        match archival {
            Archival::Moved => {
                metrics::counter!(telemetry::GAMES_ARCHIVED).increment(1);
                Ok(None)
            }
            Archival::Gone => Ok(None),
            Archival::NotYet => Ok(Some(now + NOT_YET.as_millis() as u64)),
        }
    }
}

/// Up to `limit` games of `listing` with a score at most `max_score` (`EventStore::index_page`): a listing of
/// finished games is read from the archive too, where archived games are listed.
pub(in crate::service) async fn listing_page(
    store: &dyn EventStore,
    listing: &str,
    finished: bool,
    max_score: u64,
    limit: usize,
) -> StoreResult<Vec<(String, u64)>> {
    match store.tiers() {
        Some(tiers) if finished => tiers.listing_page(listing, max_score, limit).await,
        _ => store.index_page(listing, max_score, limit).await,
    }
}
