//! Event logs behind one trait: in memory (the default, not durable) or in Redis Streams.
//!
//! Every stored event carries a hash chained over the previous one (see `chain`), so that a reader holding a state
//! built at some `Head` can prove that the log still extends it before using it, and a writer appends only onto the
//! exact log its decision was taken on, even when the store lost its tail (failover, restore, crash) and grew again.
//!
//! Here is the `EventStore` trait; what it speaks in is in submodules: a game's stored forms (`game`), errors
//! (`error`), leases and rates (`limits`), settings (`settings`) and what the store reports of itself (`status`).

pub mod accounts;
mod archive;
pub mod chain;
mod error;
mod game;
mod limits;
pub mod matchmaking;
mod memory;
pub mod ratings;
mod redis;
pub mod rooms;
mod settings;
mod status;
mod tls;

pub use accounts::{
    AccountStore, INBOX_CAPACITY, InboxEntry, InboxId, InboxPage, PasskeyCeremony, SESSION_AGENT_CHARS, StoredAccount,
    StoredKey, StoredPasskey, StoredSession, StoredWebhook, TOLD_KEPT,
};
pub use archive::{Archival, ArchivedGame, DecodedLog, LogCodec, Postgres, ReadBack, Recoded, TieredStore};
pub use chain::{ChainHash, Head, HeadTag};
pub use error::{StoreError, StoreResult};
pub use game::{
    Append, Appended, Creation, GameMeta, History, Idempotency, Loaded, LoadedLatest, OutboxEntry, ReadAfter,
    SnapshotData, StoredSnapshot,
};
pub use limits::{Lease, Rate, RateDecision};
pub use matchmaking::{MatchmakingStore, Seating, Seeker, Sought, WaitingTable, Window};
pub use memory::MemoryStore;
pub use ratings::{
    Ladder, LeaderboardPage, Page, RatingChange, RatingStore, RatingUpdate, RatingsApplied, StoredRating,
};
pub use redis::RedisStore;
pub use rooms::{CHAT_CAPACITY, ChatEntry, ChatPage, RoomMessage, RoomStore, SEEN_KEPT};
pub use settings::{Replication, Retention, StoreKind};
pub use status::{Persistence, PrimaryReplication, ReplicationStatus, info_value};
pub use tls::{RedisTls, TlsFileError};

use std::time::Duration;

use async_trait::async_trait;
use futures_util::stream::BoxStream;

/// Append-only event logs, one per game, with optimistic concurrency.
#[async_trait]
pub trait EventStore: Send + Sync {
    fn kind(&self) -> StoreKind;

    /// The accounts kept beside the games.
    fn accounts(&self) -> &dyn AccountStore;

    /// The games' chats, seats last seen and room messages.
    fn rooms(&self) -> &dyn RoomStore;

    /// The accounts' ratings and the leaderboards.
    fn ratings(&self) -> &dyn RatingStore;

    /// Quick play's tables waiting for players.
    fn matchmaking(&self) -> &dyn MatchmakingStore;

    /// Stores a new game; fails with `AlreadyExists` when the id is taken.
    async fn create_with(&self, creation: Creation<'_>) -> StoreResult<Head>;

    /// Stores a new game with its first events; fails with `AlreadyExists` when the id is taken.
    async fn create(&self, meta: &GameMeta, events: &[String]) -> StoreResult<Head> {
        self.create_with(Creation {
            meta,
            events,
            outbox: &[],
        })
        .await
    }

    /// The notifications waiting in the game's outbox, oldest first.
    async fn outbox(&self, id: &str) -> StoreResult<Vec<OutboxEntry>>;

    /// Removes delivered notifications from the game's outbox.
    async fn outbox_delivered(&self, id: &str, entries: &[String]) -> StoreResult<()>;

    /// The game's metadata and whole log, or `NotFound`.
    async fn load(&self, id: &str) -> StoreResult<Loaded>;

    /// The events after `from`, once the store proved that its log extends `from`; `NotFound` when the game is gone.
    async fn read_after(&self, id: &str, from: Head) -> StoreResult<ReadAfter>;

    /// Appends `append.events` if and only if the log ends exactly at `append.from` and, when given, the
    /// idempotency key is unused, with what goes with them (the record, the snapshot) in the same step. Atomic:
    /// concurrent appends never both succeed or interleave. A log that extends `from` answers `Behind` with what
    /// the writer missed, in the same round trip.
    async fn append(&self, id: &str, append: Append<'_>) -> StoreResult<Appended>;

    /// The game's metadata, its latest snapshot (if the log still extends its head) and the events after it, or
    /// `NotFound`. A snapshot whose head the log no longer holds (the store lost or replaced events) is not
    /// returned: the whole log is.
    async fn load_latest(&self, id: &str) -> StoreResult<LoadedLatest>;

    /// Whether the game's log still holds the position `tag` names, and if not, the last version the store can prove
    /// it shares with the history that had it. A Redis log records where each primary's writes begin (a failover, a
    /// restart), which bounds where a lost tail can have started.
    async fn history_of(&self, id: &str, tag: HeadTag) -> StoreResult<History>;

    /// The record stored under an idempotency key, if any (and not expired).
    async fn idempotency_record(&self, id: &str, key: &str) -> StoreResult<Option<String>>;

    /// Remembers a stream ticket of game `id` for `seat` during `ttl`, by its hash only (the store never sees the
    /// ticket). Kept in the store, not in the process, so that any instance sharing it can redeem the ticket.
    async fn issue_ticket(&self, id: &str, ticket_hash: &str, seat: usize, ttl: Duration) -> StoreResult<()>;

    /// The seat of an unexpired ticket of game `id`, consumed in the same step: a ticket is redeemed at most once,
    /// even by racing instances. `None` for an unknown, used or expired ticket.
    async fn redeem_ticket(&self, id: &str, ticket_hash: &str) -> StoreResult<Option<usize>>;

    /// Puts game `id` in the listing `index` (a lobby list) with `score` (its creation time), or moves it there.
    async fn index_put(&self, index: &str, id: &str, score: u64) -> StoreResult<()>;

    /// Takes game `id` out of the listing `index`.
    async fn index_remove(&self, index: &str, id: &str) -> StoreResult<()>;

    /// Up to `limit` games of the listing `index` with a score at most `max_score`, highest score first (ties: the
    /// greater id first), with their scores.
    async fn index_page(&self, index: &str, max_score: u64, limit: usize) -> StoreResult<Vec<(String, u64)>>;

    /// Notes that game `id` has something due at `due_ms` (a deadline, an expiry), unless it is noted as due earlier
    /// already: a game noted too early is looked at and noted again, one noted too late would be served late.
    async fn schedule(&self, id: &str, due_ms: u64) -> StoreResult<()>;

    /// Claims up to `limit` games due at `now_ms`, for `lease_ms`: each is noted due again at `now_ms + lease_ms`
    /// in the same atomic step, so that racing instances claim different games and a claim whose instance died
    /// comes due again. Returns the ids.
    async fn claim_due(&self, now_ms: u64, lease_ms: u64, limit: usize) -> StoreResult<Vec<String>>;

    /// When the game noted due earliest falls due (claimed ones count from their lease's end), if any is noted: how
    /// far the sweeps lag behind.
    async fn earliest_due(&self) -> StoreResult<Option<u64>>;

    /// Settles a claim made at `now_ms + lease_ms` = `claimed_ms`: game `id` is next due at `next_ms` (or never),
    /// unless its note changed since the claim (someone noted it due earlier).
    async fn settle(&self, id: &str, claimed_ms: u64, next_ms: Option<u64>) -> StoreResult<()>;

    /// Notes finished game `id` for the archive at `due_ms`, whatever was noted before (a later append puts its
    /// archival off). Kept apart from the deadlines' notes, and claimed and settled as they are.
    async fn note_archival(&self, id: &str, due_ms: u64) -> StoreResult<()>;

    /// Claims up to `limit` games noted for the archive by `now_ms`, for `lease_ms` (as `claim_due`).
    async fn claim_archival(&self, now_ms: u64, lease_ms: u64, limit: usize) -> StoreResult<Vec<String>>;

    /// When the game noted for the archive earliest falls due, if any is noted: how far archival lags behind.
    async fn earliest_archival(&self) -> StoreResult<Option<u64>>;

    /// Settles an archival claim made at `now_ms + lease_ms` = `claimed_ms` (as `settle`).
    async fn settle_archival(&self, id: &str, claimed_ms: u64, next_ms: Option<u64>) -> StoreResult<()>;

    /// Removes everything of game `id` (its log, metadata, snapshot, outbox, chat, seats seen, idempotency records,
    /// its deadline's note), if and only if its log still ends at `head`: `false` when it moved on (or is gone).
    async fn remove_game(&self, id: &str, head: Head) -> StoreResult<bool>;

    /// The live store and the archive, when finished games go to one (`LUDUS_ARCHIVE_URL`).
    fn tiers(&self) -> Option<&TieredStore> {
        None
    }

    /// Counts one event under `key` against `rate` at `now_ms` (GCRA: one number per key), refusing it when the rate
    /// is exceeded. Every instance sharing the store counts in the same place.
    async fn rate_limit(&self, key: &str, rate: Rate, now_ms: u64) -> StoreResult<RateDecision>;

    /// Takes one of the `cap` places of `pool` for `holder` for the `lease` (places whose lease ended are free again),
    /// or says there is none: a cap on things held open (streams) that every instance counts alike. A holder's
    /// instance renews its places while it holds them and gives them back when done.
    async fn hold_place(&self, pool: &str, holder: &str, cap: usize, lease: Lease) -> StoreResult<bool>;

    /// Extends the leases of `holders`' places in `pool` to the end of `lease`.
    async fn renew_places(&self, pool: &str, holders: &[String], lease: Lease) -> StoreResult<()>;

    /// Gives `holder`'s place in `pool` back.
    async fn release_place(&self, pool: &str, holder: &str) -> StoreResult<()>;

    /// Checks that the store answers.
    async fn ping(&self) -> StoreResult<()>;

    /// What the store reports about its persistence (`None` for a store that keeps nothing on disk).
    async fn persistence(&self) -> StoreResult<Option<Persistence>>;

    /// Each primary's replicas and how far they lag, and how many a write waits for (`None` for a store without
    /// replicas to speak of, the memory store).
    async fn replication(&self) -> StoreResult<Option<ReplicationStatus>> {
        Ok(None)
    }

    /// Ids of games whose logs grew, as the store learns of them (from this process or any other sharing the store).
    /// Best effort: notifications can be lost (e.g. when a connection drops, which ends the stream), so a watcher
    /// also re-reads what it watches now and then. Holds one connection for the whole process, whatever the number of
    /// games watched.
    async fn appends(&self) -> StoreResult<BoxStream<'static, String>>;
}
