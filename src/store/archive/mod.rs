//! Finished games leave the live store (Redis, RAM) for an archive on PostgreSQL, and read the same from there.
//!
//! `TieredStore` is an `EventStore` over both: every write goes to the live store, every read of a game the live
//! store no longer holds is answered from the archive, and a write to an archived game (a rematch) brings it back to
//! the live store first. A finished game is noted for archival by the append that finished it (and put off by any
//! later append); the service's sweep claims the games due and moves each one: `copy` writes it, reads it back and
//! checks it against the log's hash chain, then `remove_live` removes it from the live store only if its log still
//! ends where the copy does. A crash at any step leaves the game in the live store (and its note, claimed with a
//! lease, comes due again), or archived and not yet removed (the next attempt finds it archived already): never
//! lost, never twice.

mod postgres;
mod record;

use std::num::NonZeroUsize;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use lru::LruCache;

use async_trait::async_trait;
use futures_util::stream::BoxStream;

use postgres::ArchivedVersion;
pub use postgres::{Postgres, Recoded};
pub use record::{ArchivedGame, DecodedLog, LogCodec, ReadBack};

use super::{
    AccountStore, Append, Appended, CHAT_CAPACITY, ChatEntry, ChatPage, Creation, EventStore, HeadTag, History,
    InboxId, Lease, Loaded, LoadedLatest, MatchmakingStore, OutboxEntry, Persistence, Rate, RateDecision, RatingStore,
    ReadAfter, ReplicationStatus, RoomMessage, RoomStore, StoreError, StoreKind, StoreResult,
};
use crate::ids::GameId;
use crate::store::Head;

/// What one archival of a game did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Archival {
    /// Archived and removed from the live store.
    Moved,
    /// The live store no longer holds it (archived before, by this instance or another).
    Gone,
    /// Not now: its notifications are not all delivered, or its log grew while it was archived; its note stays.
    NotYet,
}

/// Archived games an instance keeps decoded: a replay steps through a game one read at a time (`?at=N`, event pages),
/// and each read would otherwise replay the whole game's decisions again.
const DECODED_CACHED: usize = 32;

/// The live store in front of the archive.
pub struct TieredStore {
    live: Arc<dyn EventStore>,
    archive: Postgres,
    /// How long after its last append a finished game stays live.
    after: Duration,
    /// Recently read archived games, checked against the archive's version of each before use.
    decoded: Mutex<LruCache<String, Arc<ReadBack>>>,
}

impl TieredStore {
    pub fn new(live: Arc<dyn EventStore>, archive: Postgres, after: Duration) -> Self {
        let capacity = NonZeroUsize::new(DECODED_CACHED).expect("a capacity");
        Self {
            live,
            archive,
            after,
            decoded: Mutex::new(LruCache::new(capacity)),
        }
    }

    fn decoded(&self) -> std::sync::MutexGuard<'_, LruCache<String, Arc<ReadBack>>> {
        self.decoded.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// The archived game `id`, or `NotFound`: decoded once, then while the archive's version of it stays the same.
    async fn archived(&self, id: &str) -> StoreResult<Arc<ReadBack>> {
        let key = archive_key(id)?;
        let cached = self.decoded().get(id).cloned();
        if let Some(read) = cached
            && self.archive.version(&key).await? == Some(ArchivedVersion::of(&read.game))
        {
            return Ok(read);
        }
        let game = self.archive.get(&key).await?.ok_or(StoreError::NotFound)?;
        Ok(self.keep_decoded(id, game))
    }

    /// `game`, archived game `id` decoded, kept for the reads that follow.
    fn keep_decoded(&self, id: &str, game: ReadBack) -> Arc<ReadBack> {
        let game = Arc::new(game);
        self.decoded().put(id.to_owned(), game.clone());
        game
    }

    /// Archived game `id` as `load_latest` gives it: from the end state its record keeps when it keeps one (a long
    /// log, not replayed for a read of the game's state), else from the game decoded, which is kept for the reads
    /// that follow.
    async fn archived_latest(&self, id: &str) -> StoreResult<LoadedLatest> {
        let key = archive_key(id)?;
        let cached = self.decoded().contains(id);
        let read = match cached {
            true => self.archived(id).await?,
            false => {
                let record = self.archive.record(&key).await?.ok_or(StoreError::NotFound)?;
                if let Some(latest) = ArchivedGame::latest(&key, &record.title, &record.bytes)? {
                    return Ok(latest);
                }
                self.keep_decoded(id, self.archive.read(&key, &record)?)
            }
        };
        let (snapshot, events) = match &read.end_state {
            Some(end_state) => (Some(end_state.clone()), Vec::new()),
            None => (None, read.game.events.clone()),
        };
        Ok(LoadedLatest {
            meta: read.game.meta.clone(),
            snapshot,
            events,
            head: read.game.head,
        })
    }

    /// Copies finished game `id` to the archive, listed in `listings`, read back and checked against the live
    /// store's (see the module's documentation): the head the copy ends at, for `remove_live`; `Gone` and `NotYet`
    /// as `Archival` says.
    pub async fn copy(&self, id: &str, listings: &[String]) -> StoreResult<Result<Head, Archival>> {
        let loaded = match self.live.load(id).await {
            Ok(loaded) => loaded,
            Err(StoreError::NotFound) => return Ok(Err(Archival::Gone)),
            Err(error) => return Err(error),
        };
        if !self.live.outbox(id).await?.is_empty() {
            return Ok(Err(Archival::NotYet));
        }
        let chat = self
            .live
            .rooms()
            .read_chat(id, ChatPage::default(), CHAT_CAPACITY)
            .await?;
        let game = ArchivedGame {
            meta: loaded.meta,
            events: loaded.events,
            head: loaded.head,
            chat,
        };
        self.archive.put(&game, listings).await?;
        // The record itself, read back: not a copy decoded before.
        let copy = self.archive.get(&archive_key(id)?).await?.map(|read| read.game);
        if copy.as_ref() != Some(&game) {
            let archived = copy.map_or(0, |copy| copy.head.version);
            return Err(StoreError::Corrupt(format!(
                "the archive's copy of game {id} is not the live one (version {archived} against {})",
                game.head.version
            )));
        }
        Ok(Ok(game.head))
    }

    /// Whether game `id`, which one of the two holds, is no longer in the live store (it is archived).
    pub async fn is_archived(&self, id: &str) -> StoreResult<bool> {
        match self.live.load_latest(id).await {
            Ok(_) => Ok(false),
            Err(StoreError::NotFound) => Ok(true),
            Err(error) => Err(error),
        }
    }

    /// Removes archived game `id` from the live store, if its log still ends at `head`, where the copy does.
    pub async fn remove_live(&self, id: &str, head: Head) -> StoreResult<Archival> {
        match self.live.remove_game(id, head).await? {
            true => Ok(Archival::Moved),
            false => Ok(Archival::NotYet),
        }
    }

    /// Up to `limit` games of `listing` with a score at most `max_score`, from the live store and the archive
    /// together, in `EventStore::index_page`'s order; a game listed in both (archived, not yet unlisted live) once.
    pub async fn listing_page(&self, listing: &str, max_score: u64, limit: usize) -> StoreResult<Vec<(String, u64)>> {
        let mut page = self.live.index_page(listing, max_score, limit).await?;
        page.extend(self.archive.listing_page(listing, max_score, limit).await?);
        page.sort_unstable_by(|a, b| (b.1, &b.0).cmp(&(a.1, &a.0)));
        page.dedup_by(|a, b| a.0 == b.0);
        page.truncate(limit);
        Ok(page)
    }

    /// Forgets `listing` in the archive (the live store's is an index of its own).
    pub async fn unlist(&self, listing: &str) -> StoreResult<()> {
        self.archive.unlist(listing).await
    }

    /// The archive's games and the bytes its tables take.
    pub async fn archive_size(&self) -> StoreResult<(u64, u64)> {
        self.archive.size().await
    }

    /// Brings archived game `id` back to the live store, so that it can be written to.
    async fn restore(&self, id: &str) -> StoreResult<()> {
        let game = &self.archived(id).await?.game;
        let created = self.live.create_with(Creation {
            meta: &game.meta,
            events: &game.events,
            outbox: &[],
        });
        match created.await {
            // Another instance brought it back first.
            Ok(_) | Err(StoreError::AlreadyExists) => {}
            Err(error) => return Err(error),
        }
        for entry in &game.chat {
            self.live.rooms().push_chat(id, &entry.message).await?;
        }
        // Back to the archive once left alone again, as after its last append.
        self.live.note_archival(id, self.archival_due()).await
    }

    fn archival_due(&self) -> u64 {
        crate::clock::now_ms() + self.after.as_millis() as u64
    }
}

/// The archive's key of game `id`: none holds an id that is not a game's.
fn archive_key(id: &str) -> StoreResult<GameId> {
    GameId::parse(id).map_err(|_| StoreError::NotFound)
}

/// The events of `events` after `from`, if they extend it.
fn read_after(id: &str, events: &[String], head: Head, from: Head) -> ReadAfter {
    let Ok(at) = usize::try_from(from.version) else {
        return ReadAfter::Diverged;
    };
    if at > events.len() || Head::of_log(id, &events[..at]) != from {
        return ReadAfter::Diverged;
    }
    ReadAfter::Extends {
        events: events[at..].to_vec(),
        head,
    }
}

#[async_trait]
impl EventStore for TieredStore {
    fn kind(&self) -> StoreKind {
        self.live.kind()
    }

    fn accounts(&self) -> &dyn AccountStore {
        self.live.accounts()
    }

    fn rooms(&self) -> &dyn RoomStore {
        self
    }

    fn ratings(&self) -> &dyn RatingStore {
        self.live.ratings()
    }

    fn matchmaking(&self) -> &dyn MatchmakingStore {
        self.live.matchmaking()
    }

    fn tiers(&self) -> Option<&TieredStore> {
        Some(self)
    }

    async fn create_with(&self, creation: Creation<'_>) -> StoreResult<Head> {
        self.live.create_with(creation).await
    }

    async fn outbox(&self, id: &str) -> StoreResult<Vec<OutboxEntry>> {
        self.live.outbox(id).await
    }

    async fn outbox_delivered(&self, id: &str, entries: &[String]) -> StoreResult<()> {
        self.live.outbox_delivered(id, entries).await
    }

    async fn load(&self, id: &str) -> StoreResult<Loaded> {
        match self.live.load(id).await {
            Err(StoreError::NotFound) => {
                let game = &self.archived(id).await?.game;
                Ok(Loaded {
                    meta: game.meta.clone(),
                    events: game.events.clone(),
                    head: game.head,
                })
            }
            other => other,
        }
    }

    async fn read_after(&self, id: &str, from: Head) -> StoreResult<ReadAfter> {
        match self.live.read_after(id, from).await {
            Err(StoreError::NotFound) => {
                let game = &self.archived(id).await?.game;
                Ok(read_after(id, &game.events, game.head, from))
            }
            other => other,
        }
    }

    async fn append(&self, id: &str, append: Append<'_>) -> StoreResult<Appended> {
        if append.finishes {
            // Before the append: a crash in between leaves a note of a game not finished, which the sweep drops.
            self.live.note_archival(id, self.archival_due()).await?;
        }
        match self.live.append(id, append).await {
            Err(StoreError::NotFound) => {
                self.restore(id).await?;
                self.live.append(id, append).await
            }
            other => other,
        }
    }

    async fn load_latest(&self, id: &str) -> StoreResult<LoadedLatest> {
        match self.live.load_latest(id).await {
            Err(StoreError::NotFound) => self.archived_latest(id).await,
            other => other,
        }
    }

    async fn history_of(&self, id: &str, tag: HeadTag) -> StoreResult<History> {
        match self.live.history_of(id, tag).await {
            Err(StoreError::NotFound) => {
                let game = &self.archived(id).await?.game;
                let holds = usize::try_from(tag.version).ok().and_then(|at| game.events.get(..at));
                Ok(match holds {
                    Some(events) if tag.names(tag.version, Head::of_log(id, events).hash) => History::Holds,
                    // The archive keeps one history: where another one left it cannot be told.
                    _ => History::Rewritten { common: 0 },
                })
            }
            other => other,
        }
    }

    async fn idempotency_record(&self, id: &str, key: &str) -> StoreResult<Option<String>> {
        self.live.idempotency_record(id, key).await
    }

    async fn issue_ticket(&self, id: &str, ticket_hash: &str, seat: usize, ttl: Duration) -> StoreResult<()> {
        self.live.issue_ticket(id, ticket_hash, seat, ttl).await
    }

    async fn redeem_ticket(&self, id: &str, ticket_hash: &str) -> StoreResult<Option<usize>> {
        self.live.redeem_ticket(id, ticket_hash).await
    }

    async fn index_put(&self, index: &str, id: &str, score: u64) -> StoreResult<()> {
        self.live.index_put(index, id, score).await
    }

    async fn index_remove(&self, index: &str, id: &str) -> StoreResult<()> {
        self.live.index_remove(index, id).await
    }

    async fn index_page(&self, index: &str, max_score: u64, limit: usize) -> StoreResult<Vec<(String, u64)>> {
        self.live.index_page(index, max_score, limit).await
    }

    async fn schedule(&self, id: &str, due_ms: u64) -> StoreResult<()> {
        self.live.schedule(id, due_ms).await
    }

    async fn claim_due(&self, now_ms: u64, lease_ms: u64, limit: usize) -> StoreResult<Vec<String>> {
        self.live.claim_due(now_ms, lease_ms, limit).await
    }

    async fn earliest_due(&self) -> StoreResult<Option<u64>> {
        self.live.earliest_due().await
    }

    async fn settle(&self, id: &str, claimed_ms: u64, next_ms: Option<u64>) -> StoreResult<()> {
        self.live.settle(id, claimed_ms, next_ms).await
    }

    async fn note_archival(&self, id: &str, due_ms: u64) -> StoreResult<()> {
        self.live.note_archival(id, due_ms).await
    }

    async fn claim_archival(&self, now_ms: u64, lease_ms: u64, limit: usize) -> StoreResult<Vec<String>> {
        self.live.claim_archival(now_ms, lease_ms, limit).await
    }

    async fn earliest_archival(&self) -> StoreResult<Option<u64>> {
        self.live.earliest_archival().await
    }

    async fn settle_archival(&self, id: &str, claimed_ms: u64, next_ms: Option<u64>) -> StoreResult<()> {
        self.live.settle_archival(id, claimed_ms, next_ms).await
    }

    async fn remove_game(&self, id: &str, head: Head) -> StoreResult<bool> {
        self.live.remove_game(id, head).await
    }

    async fn rate_limit(&self, key: &str, rate: Rate, now_ms: u64) -> StoreResult<RateDecision> {
        self.live.rate_limit(key, rate, now_ms).await
    }

    async fn hold_place(&self, pool: &str, holder: &str, cap: usize, lease: Lease) -> StoreResult<bool> {
        self.live.hold_place(pool, holder, cap, lease).await
    }

    async fn renew_places(&self, pool: &str, holders: &[String], lease: Lease) -> StoreResult<()> {
        self.live.renew_places(pool, holders, lease).await
    }

    async fn release_place(&self, pool: &str, holder: &str) -> StoreResult<()> {
        self.live.release_place(pool, holder).await
    }

    async fn ping(&self) -> StoreResult<()> {
        // Serving goes on while the archive is down: readiness is the live store's.
        self.live.ping().await
    }

    async fn persistence(&self) -> StoreResult<Option<Persistence>> {
        self.live.persistence().await
    }

    async fn replication(&self) -> StoreResult<Option<ReplicationStatus>> {
        self.live.replication().await
    }

    async fn appends(&self) -> StoreResult<BoxStream<'static, String>> {
        self.live.appends().await
    }
}

/// The live store's rooms, with the chat of archived games read from the archive; writing to an archived game's chat
/// brings the game back first.
#[async_trait]
impl RoomStore for TieredStore {
    async fn push_chat(&self, id: &str, message: &str) -> StoreResult<InboxId> {
        match self.live.rooms().push_chat(id, message).await {
            Err(StoreError::NotFound) => {
                self.restore(id).await?;
                self.live.rooms().push_chat(id, message).await
            }
            other => other,
        }
    }

    async fn read_chat(&self, id: &str, page: ChatPage, limit: usize) -> StoreResult<Vec<ChatEntry>> {
        let live = self.live.rooms().read_chat(id, page, limit).await?;
        if !live.is_empty() {
            return Ok(live);
        }
        let Ok(read) = self.archived(id).await else {
            return Ok(live);
        };
        let chat = &read.game.chat;
        let positions = page.positions(chat.len(), limit, |at| chat[at].id);
        Ok(chat[positions].to_vec())
    }

    async fn see(&self, id: &str, seats: &[&str], now_ms: u64) -> StoreResult<Vec<(String, u64)>> {
        self.live.rooms().see(id, seats, now_ms).await
    }

    async fn seen(&self, id: &str) -> StoreResult<Vec<(String, u64)>> {
        self.live.rooms().seen(id).await
    }

    async fn publish_room(&self, message: &RoomMessage) -> StoreResult<()> {
        self.live.rooms().publish_room(message).await
    }

    async fn room_messages(&self) -> StoreResult<BoxStream<'static, RoomMessage>> {
        self.live.rooms().room_messages().await
    }
}
