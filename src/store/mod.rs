//! Event logs behind one trait: in memory (the default, not durable) or in Redis Streams.
//!
//! Every stored event carries a hash chained over the previous one (see `chain`), so that a reader holding a state
//! built at some `Head` can prove that the log still extends it before using it, and a writer appends only onto the
//! exact log its decision was taken on, even when the store lost its tail (failover, restore, crash) and grew again.

pub mod accounts;
pub mod chain;
pub mod matchmaking;
mod memory;
pub mod ratings;
mod redis;
pub mod rooms;
mod tls;

pub use accounts::{
    AccountStore, INBOX_CAPACITY, InboxEntry, InboxId, StoredAccount, StoredKey, StoredWebhook, TOLD_KEPT,
};
pub use chain::{ChainHash, Head, HeadTag};
pub use matchmaking::{MatchmakingStore, Seeker, Sought, WaitingTable, Window};
pub use memory::MemoryStore;
pub use ratings::{LeaderboardPage, RatingStore, RatingUpdate, RatingsApplied, StoredRating};
pub use redis::RedisStore;
pub use rooms::{CHAT_CAPACITY, ChatEntry, ChatPage, RoomMessage, RoomStore, SEEN_KEPT};
pub use tls::{RedisTls, TlsFileError};

use std::time::Duration;

use async_trait::async_trait;
use futures_util::stream::BoxStream;
use serde::{Deserialize, Serialize};

use crate::config::values::{DurationOrNone, duration, duration_or_none, switch, whole_number};
use crate::ids::GameId;

/// What is stored about a game besides its events. Immutable once created.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameMeta {
    pub id: GameId,
    pub title: String,
    pub players: usize,
    /// The title's options, normalized, as JSON text.
    pub options: String,
    /// SHA-256 of each seat's token, hex, in seat order.
    pub token_hashes: Vec<String>,
    /// The 256-bit secret seed, hex.
    pub seed: String,
    /// Creation time, milliseconds since the Unix epoch.
    pub created_at_ms: u64,
    /// Whether the creator chose the seed: then anyone who knows it can work out every card of the game.
    pub seeded: bool,
}

/// A game's metadata and whole log, as read in one step.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Loaded {
    pub meta: GameMeta,
    pub events: Vec<String>,
    pub head: Head,
}

/// A game's state at a head of its log, as the title's engine serialized it, in the format the engine names. The
/// store keeps the latest one per game, written in the same atomic step as the append that reached its head.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StoredSnapshot {
    pub head: Head,
    pub format: String,
    pub data: String,
}

impl StoredSnapshot {
    /// One string: a header line (`format version hash`), then the data.
    pub fn encode(&self) -> String {
        format!(
            "{} {} {}\n{}",
            self.format,
            self.head.version,
            self.head.hash.to_hex(),
            self.data
        )
    }

    pub fn decode(text: &str) -> Option<Self> {
        let (header, data) = text.split_once('\n')?;
        let mut fields = header.split(' ');
        let format = fields.next()?.to_owned();
        let version = fields.next()?.parse().ok()?;
        let hash = ChainHash::from_hex(fields.next()?)?;
        Some(Self {
            head: Head { version, hash },
            format,
            data: data.to_owned(),
        })
    }
}

/// A game's metadata, its latest snapshot that the log extends (if any) and the events after it (the whole log
/// without one), as read in one step.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LoadedLatest {
    pub meta: GameMeta,
    pub snapshot: Option<StoredSnapshot>,
    pub events: Vec<String>,
    pub head: Head,
}

/// What a verified read after a known head found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ReadAfter {
    /// The log extends the head: these events follow it (none when nothing was appended).
    Extends { events: Vec<String>, head: Head },
    /// The log no longer extends the head (it is shorter, or differs at the head's position): whatever was built
    /// at that head is not the log's state and must be rebuilt from the start.
    Diverged,
}

/// A small record remembered under an idempotency key, written atomically with the events it answered.
#[derive(Clone, Copy, Debug)]
pub struct Idempotency<'a> {
    pub key: &'a str,
    pub record: &'a str,
}

/// Events to append to a game's log, and what is written with them in the same atomic step.
#[derive(Clone, Copy, Debug)]
pub struct Append<'a> {
    /// The head the events follow: nothing is appended unless the log ends exactly there.
    pub from: Head,
    pub events: &'a [String],
    /// A record to keep under an idempotency key; a key already used refuses the append as a duplicate.
    pub idempotency: Option<Idempotency<'a>>,
    /// The events end the game: the retention of finished games starts.
    pub finishes: bool,
    /// The game's state at the new head, stored as its latest snapshot.
    pub snapshot: Option<SnapshotData<'a>>,
    /// A position the client holds: nothing is appended unless the log still holds it (`Rewritten` otherwise).
    pub known: Option<HeadTag>,
    /// Notifications the events give accounts, (account, notification), kept in the game's outbox by the same atomic
    /// step, to be delivered once each (`EventStore::outbox`).
    pub outbox: &'a [(String, String)],
}

impl<'a> Append<'a> {
    /// `events` after `from`, with nothing else.
    pub fn new(from: Head, events: &'a [String]) -> Self {
        Self {
            from,
            events,
            idempotency: None,
            finishes: false,
            snapshot: None,
            known: None,
            outbox: &[],
        }
    }
}

/// A notification waiting in a game's outbox: written with the append that gave it, removed once delivered.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OutboxEntry {
    /// Unique within the game's outbox, and never reused: with the game's id, what keeps a delivery from happening
    /// twice.
    pub id: String,
    pub account: String,
    pub notification: String,
}

/// Whether a log still holds a position a client was told of.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum History {
    /// The log holds it.
    Holds,
    /// The log no longer holds it (a store that lost its tail, then maybe grew again): the client's history and the
    /// log's part after `common`, the last version the store can prove both share (at worst 0).
    Rewritten { common: u64 },
}

/// A state to store as a snapshot: the engine's serialized state, in the format the engine names.
#[derive(Clone, Copy, Debug)]
pub struct SnapshotData<'a> {
    pub format: &'a str,
    pub data: &'a str,
}

/// Result of a conditional append.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Appended {
    /// The events are in the log, which now ends at this head.
    Ok { head: Head },
    /// The idempotency key was already used: nothing was appended; here is its record.
    Duplicate { record: String },
    /// Nothing was appended: the log extends the expected head with these events (another writer got there first),
    /// and now ends at `head`. The writer can catch up with them and decide again without reading the log.
    Behind { events: Vec<String>, head: Head },
    /// Nothing was appended: the log no longer holds the position the client presented (`Append::known`).
    Rewritten { common: u64 },
}

#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    #[error("no game with this id")]
    NotFound,
    #[error("a game with this id already exists")]
    AlreadyExists,
    /// The log does not extend the expected head: it holds `actual` events, fewer than the head's (`diverged` false),
    /// or as many or more with other content at the head's position (`diverged` true).
    #[error("the game is at version {actual}, not the expected one")]
    Conflict { actual: u64, diverged: bool },
    #[error("the store is unavailable: {0}")]
    Unavailable(String),
    /// The write is on the primary, but fewer replicas than asked acknowledged it in time: it may be lost in a
    /// failover, so it is not acknowledged (a retry under the same idempotency key is safe).
    #[error("the write reached {acknowledged} of the {wanted} replicas asked for in time")]
    NotReplicated { acknowledged: u64, wanted: u32 },
    #[error("the stored data is corrupt: {0}")]
    Corrupt(String),
}

/// A place held from `now_ms` for `length`, unless renewed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Lease {
    pub now_ms: u64,
    pub length: Duration,
}

impl Lease {
    pub fn length_ms(self) -> u64 {
        self.length.as_millis() as u64
    }

    pub fn until_ms(self) -> u64 {
        self.now_ms + self.length_ms()
    }
}

/// A rate: at most `count` events per `window`, in bursts of up to `count`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rate {
    pub count: u32,
    pub window: Duration,
}

impl Rate {
    /// The interval that one event uses up (GCRA's emission interval), in milliseconds.
    pub fn interval_ms(self) -> u64 {
        (self.window.as_millis() as u64 / u64::from(self.count.max(1))).max(1)
    }

    pub fn window_ms(self) -> u64 {
        self.window.as_millis() as u64
    }

    /// The decision for one more event given the key's theoretical arrival time `tat` (GCRA), and the new one when
    /// admitted: the same arithmetic for every store.
    pub fn decide(self, tat: u64, now_ms: u64) -> (RateDecision, Option<u64>) {
        let (interval, window) = (self.interval_ms(), self.window_ms());
        let tat = tat.max(now_ms);
        let next = tat + interval;
        let debt = next - now_ms;
        if debt > window {
            let retry_after_ms = debt - window;
            let decision = RateDecision {
                allowed: false,
                remaining: 0,
                reset_ms: tat - now_ms,
                retry_after_ms,
            };
            return (decision, None);
        }
        let decision = RateDecision {
            allowed: true,
            remaining: ((window - debt) / interval) as u32,
            reset_ms: debt,
            retry_after_ms: 0,
        };
        (decision, Some(next))
    }
}

/// What a rate limit decided for one event.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RateDecision {
    pub allowed: bool,
    /// Events still allowed at once after this one.
    pub remaining: u32,
    /// Until the whole quota is back, in milliseconds.
    pub reset_ms: u64,
    /// When refused: until one more event is allowed, in milliseconds.
    pub retry_after_ms: u64,
}

/// Which implementation serves the logs.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum StoreKind {
    Memory,
    Redis,
    RedisCluster,
}

/// How long the store keeps what it would otherwise keep forever (`None`: forever); settings, declared for clap (see
/// `crate::config`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::Args)]
pub struct Retention {
    /// How long idempotency records are kept (`forever`: no expiry)
    #[arg(long = "idempotency-ttl", env = "LUDUS_IDEMPOTENCY_TTL", default_value = "24h",
          value_parser = duration_or_none, value_name = "DURATION")]
    pub idempotency: DurationOrNone,
    /// How long a finished game (meta and log) is kept after its last event (`forever`: no expiry)
    #[arg(long = "finished-ttl", env = "LUDUS_FINISHED_TTL", default_value = "forever",
          value_parser = duration_or_none, value_name = "DURATION")]
    pub finished: DurationOrNone,
}

impl Default for Retention {
    fn default() -> Self {
        Self {
            idempotency: Some(Duration::from_secs(24 * 3600)),
            finished: None,
        }
    }
}

/// How many replicas must hold a write before ludus acknowledges it; settings, declared for clap (see
/// `crate::config`). Redis only: the memory store keeps nothing past the process anyway.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::Args)]
pub struct Replication {
    /// Replicas that must hold every write that must not be lost (moves, table events, new games, accounts and their
    /// keys and webhooks, ratings) before ludus acknowledges it: Redis `WAIT` on the node that took the write (0:
    /// acknowledged once the primary has it)
    #[arg(long = "redis-wait-replicas", env = "LUDUS_REDIS_WAIT_REPLICAS", default_value_t = 0,
          value_parser = whole_number::<u32>, value_name = "COUNT")]
    pub replicas: u32,
    /// How long a write waits for those replicas; past it the request answers 503 `replication_timeout`, which a
    /// retry under the same `Idempotency-Key` settles safely
    #[arg(long = "redis-wait-timeout", env = "LUDUS_REDIS_WAIT_TIMEOUT", default_value = "1s",
          value_parser = duration, value_name = "DURATION")]
    pub timeout: Duration,
    /// `on`: the replicas must also have written it to their append-only file on disk (Redis `WAITAOF`, Redis 7.2
    /// or newer, with `appendonly yes` on the replicas)
    #[arg(long = "redis-wait-aof", env = "LUDUS_REDIS_WAIT_AOF", default_value = "off", value_parser = switch,
          action = clap::ArgAction::Set, value_name = "on|off")]
    pub aof: bool,
}

impl Default for Replication {
    fn default() -> Self {
        Self {
            replicas: 0,
            timeout: Duration::from_secs(1),
            aof: false,
        }
    }
}

/// The store's replication as its primaries report it, and what a write waits for.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, utoipa::ToSchema)]
pub struct ReplicationStatus {
    /// Replicas each write waits for before it is acknowledged (`LUDUS_REDIS_WAIT_REPLICAS`; 0: none).
    pub wait_replicas: u32,
    /// Whether the wait is for the replicas' disks too (`WAITAOF`).
    pub wait_aof: bool,
    /// The fewest replicas online at any primary: below `wait_replicas`, writes answer 503 `replication_timeout`.
    pub replicas_seen: u32,
    /// The longest any replica lags its primary, in seconds since its last acknowledgement.
    pub max_lag_seconds: u64,
    /// Each primary (one server, or each of a cluster's).
    pub primaries: Vec<PrimaryReplication>,
}

/// One primary's replicas.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, utoipa::ToSchema)]
pub struct PrimaryReplication {
    /// The node's address as the client knows it (empty for a single server).
    pub node: String,
    /// Replicas online.
    pub replicas: u32,
    /// Bytes of the replication stream the furthest-behind online replica has yet to acknowledge.
    pub lag_bytes: u64,
    /// Seconds since the furthest-behind online replica last acknowledged.
    pub lag_seconds: u64,
}

impl ReplicationStatus {
    /// From each primary's `INFO replication` text.
    pub fn from_info(
        wait_replicas: u32,
        wait_aof: bool,
        primaries: impl IntoIterator<Item = (String, String)>,
    ) -> Self {
        let primaries: Vec<PrimaryReplication> = primaries
            .into_iter()
            .filter(|(_, info)| info_value(info, "role") == Some("master"))
            .map(|(node, info)| PrimaryReplication::from_info(node, &info))
            .collect();
        Self {
            wait_replicas,
            wait_aof,
            replicas_seen: primaries.iter().map(|primary| primary.replicas).min().unwrap_or(0),
            max_lag_seconds: primaries.iter().map(|primary| primary.lag_seconds).max().unwrap_or(0),
            primaries,
        }
    }
}

impl PrimaryReplication {
    fn from_info(node: String, info: &str) -> Self {
        let offset: u64 = info_value(info, "master_repl_offset")
            .and_then(|v| v.parse().ok())
            .unwrap_or(0);
        // slaveN:ip=...,port=...,state=online,offset=...,lag=...
        let online: Vec<(u64, u64)> = info
            .lines()
            .filter(|line| line.starts_with("slave") && line.contains(":ip="))
            .filter_map(|line| {
                let fields = line.split_once(':')?.1;
                let field = |name: &str| {
                    fields
                        .split(',')
                        .find_map(|pair| pair.strip_prefix(name)?.strip_prefix('='))
                };
                (field("state")? == "online").then_some(())?;
                Some((field("offset")?.parse().ok()?, field("lag")?.parse().ok()?))
            })
            .collect();
        Self {
            node,
            replicas: online.len() as u32,
            lag_bytes: online
                .iter()
                .map(|(acknowledged, _)| offset.saturating_sub(*acknowledged))
                .max()
                .unwrap_or(0),
            lag_seconds: online.iter().map(|(_, lag)| *lag).max().unwrap_or(0),
        }
    }
}

#[cfg(test)]
mod replication_tests {
    use super::*;

    #[test]
    fn a_primarys_info_gives_its_online_replicas_and_the_furthest_behind() {
        let info = "# Replication\r\nrole:master\r\nconnected_slaves:3\r\n\
            slave0:ip=127.0.0.1,port=7001,state=online,offset=900,lag=0\r\n\
            slave1:ip=127.0.0.1,port=7002,state=online,offset=700,lag=2\r\n\
            slave2:ip=127.0.0.1,port=7003,state=wait_bgsave,offset=0,lag=0\r\n\
            master_replid:abc\r\nmaster_repl_offset:1000\r\n";
        let replica = "role:slave\r\nmaster_host:127.0.0.1\r\n";
        let lone = "role:master\r\nconnected_slaves:0\r\nmaster_repl_offset:5\r\n";
        let status = ReplicationStatus::from_info(
            1,
            false,
            [
                ("a:7000".to_owned(), info.to_owned()),
                ("b:7001".to_owned(), replica.to_owned()),
                ("c:7004".to_owned(), lone.to_owned()),
            ],
        );
        assert_eq!(status.primaries.len(), 2, "replicas are not primaries");
        assert_eq!(
            status.primaries[0],
            PrimaryReplication {
                node: "a:7000".to_owned(),
                replicas: 2,
                lag_bytes: 300,
                lag_seconds: 2,
            }
        );
        assert_eq!(
            (status.replicas_seen, status.max_lag_seconds),
            (0, 2),
            "the lone primary has none"
        );
    }
}

/// The value of `name` in an `INFO` text (`name:value` lines).
pub fn info_value<'a>(info: &'a str, name: &str) -> Option<&'a str> {
    info.lines()
        .find_map(|line| line.strip_prefix(name)?.strip_prefix(':'))
        .map(str::trim)
}

/// What the store says about its own durability (Redis: `appendonly`, `appendfsync`, `role`).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, utoipa::ToSchema)]
pub struct Persistence {
    /// Whether the append-only file is on; absent when the store does not say.
    pub appendonly: Option<bool>,
    /// `always`, `everysec` or `no`; absent when the store does not say (e.g. `CONFIG` is disabled).
    #[schema(example = "always")]
    pub appendfsync: Option<String>,
    /// `master` or `replica`.
    #[schema(example = "master")]
    pub role: Option<String>,
}

impl Persistence {
    /// True only when every acknowledged write is on disk before it is acknowledged.
    pub fn survives_host_crash(&self) -> bool {
        self.appendonly == Some(true) && self.appendfsync.as_deref() == Some("always")
    }
}

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

    /// Stores a new game with its first events and the notifications they give (its outbox, as an append's);
    /// fails with `AlreadyExists` when the id is taken.
    async fn create_with(
        &self,
        meta: &GameMeta,
        events: &[String],
        outbox: &[(String, String)],
    ) -> Result<Head, StoreError>;

    /// Stores a new game with its first events; fails with `AlreadyExists` when the id is taken.
    async fn create(&self, meta: &GameMeta, events: &[String]) -> Result<Head, StoreError> {
        self.create_with(meta, events, &[]).await
    }

    /// The notifications waiting in the game's outbox, oldest first.
    async fn outbox(&self, id: &str) -> Result<Vec<OutboxEntry>, StoreError>;

    /// Removes delivered notifications from the game's outbox.
    async fn outbox_delivered(&self, id: &str, entries: &[String]) -> Result<(), StoreError>;

    /// The game's metadata and whole log, or `NotFound`.
    async fn load(&self, id: &str) -> Result<Loaded, StoreError>;

    /// The events after `from`, once the store proved that its log extends `from`; `NotFound` when the game is gone.
    async fn read_after(&self, id: &str, from: Head) -> Result<ReadAfter, StoreError>;

    /// Appends `append.events` if and only if the log ends exactly at `append.from` and, when given, the
    /// idempotency key is unused, with what goes with them (the record, the snapshot) in the same step. Atomic:
    /// concurrent appends never both succeed or interleave. A log that extends `from` answers `Behind` with what
    /// the writer missed, in the same round trip.
    async fn append(&self, id: &str, append: Append<'_>) -> Result<Appended, StoreError>;

    /// The game's metadata, its latest snapshot (if the log still extends its head) and the events after it, or
    /// `NotFound`. A snapshot whose head the log no longer holds (the store lost or replaced events) is not
    /// returned: the whole log is.
    async fn load_latest(&self, id: &str) -> Result<LoadedLatest, StoreError>;

    /// Whether the game's log still holds the position `tag` names, and if not, the last version the store can prove
    /// it shares with the history that had it. A Redis log records where each primary's writes begin (a failover, a
    /// restart), which bounds where a lost tail can have started.
    async fn history_of(&self, id: &str, tag: HeadTag) -> Result<History, StoreError>;

    /// The record stored under an idempotency key, if any (and not expired).
    async fn idempotency_record(&self, id: &str, key: &str) -> Result<Option<String>, StoreError>;

    /// Remembers a stream ticket of game `id` for `seat` during `ttl`, by its hash only (the store never sees the
    /// ticket). Kept in the store, not in the process, so that any instance sharing it can redeem the ticket.
    async fn issue_ticket(&self, id: &str, ticket_hash: &str, seat: usize, ttl: Duration) -> Result<(), StoreError>;

    /// The seat of an unexpired ticket of game `id`, consumed in the same step: a ticket is redeemed at most once,
    /// even by racing instances. `None` for an unknown, used or expired ticket.
    async fn redeem_ticket(&self, id: &str, ticket_hash: &str) -> Result<Option<usize>, StoreError>;

    /// Puts game `id` in the listing `index` (a lobby list) with `score` (its creation time), or moves it there.
    async fn index_put(&self, index: &str, id: &str, score: u64) -> Result<(), StoreError>;

    /// Takes game `id` out of the listing `index`.
    async fn index_remove(&self, index: &str, id: &str) -> Result<(), StoreError>;

    /// Up to `limit` games of the listing `index` with a score at most `max_score`, highest score first (ties: the
    /// greater id first), with their scores.
    async fn index_page(&self, index: &str, max_score: u64, limit: usize) -> Result<Vec<(String, u64)>, StoreError>;

    /// Notes that game `id` has something due at `due_ms` (a deadline, an expiry), unless it is noted as due earlier
    /// already: a game noted too early is looked at and noted again, one noted too late would be served late.
    async fn schedule(&self, id: &str, due_ms: u64) -> Result<(), StoreError>;

    /// Claims up to `limit` games due at `now_ms`, for `lease_ms`: each is noted due again at `now_ms + lease_ms`
    /// in the same atomic step, so that racing instances claim different games and a claim whose instance died
    /// comes due again. Returns the ids.
    async fn claim_due(&self, now_ms: u64, lease_ms: u64, limit: usize) -> Result<Vec<String>, StoreError>;

    /// When the game noted due earliest falls due (claimed ones count from their lease's end), if any is noted: how
    /// far the sweeps lag behind.
    async fn earliest_due(&self) -> Result<Option<u64>, StoreError>;

    /// Settles a claim made at `now_ms + lease_ms` = `claimed_ms`: game `id` is next due at `next_ms` (or never),
    /// unless its note changed since the claim (someone noted it due earlier).
    async fn settle(&self, id: &str, claimed_ms: u64, next_ms: Option<u64>) -> Result<(), StoreError>;

    /// Counts one event under `key` against `rate` at `now_ms` (GCRA: one number per key), refusing it when the rate
    /// is exceeded. Every instance sharing the store counts in the same place.
    async fn rate_limit(&self, key: &str, rate: Rate, now_ms: u64) -> Result<RateDecision, StoreError>;

    /// Takes one of the `cap` places of `pool` for `holder` for the `lease` (places whose lease ended are free again),
    /// or says there is none: a cap on things held open (streams) that every instance counts alike. A holder's
    /// instance renews its places while it holds them and gives them back when done.
    async fn hold_place(&self, pool: &str, holder: &str, cap: usize, lease: Lease) -> Result<bool, StoreError>;

    /// Extends the leases of `holders`' places in `pool` to the end of `lease`.
    async fn renew_places(&self, pool: &str, holders: &[String], lease: Lease) -> Result<(), StoreError>;

    /// Gives `holder`'s place in `pool` back.
    async fn release_place(&self, pool: &str, holder: &str) -> Result<(), StoreError>;

    /// Checks that the store answers.
    async fn ping(&self) -> Result<(), StoreError>;

    /// What the store reports about its persistence (`None` for a store that keeps nothing on disk).
    async fn persistence(&self) -> Result<Option<Persistence>, StoreError>;

    /// Each primary's replicas and how far they lag, and how many a write waits for (`None` for a store without
    /// replicas to speak of, the memory store).
    async fn replication(&self) -> Result<Option<ReplicationStatus>, StoreError> {
        Ok(None)
    }

    /// Ids of games whose logs grew, as the store learns of them (from this process or any other sharing the store).
    /// Best effort: notifications can be lost (e.g. when a connection drops, which ends the stream), so a watcher
    /// also re-reads what it watches now and then. Holds one connection for the whole process, whatever the number of
    /// games watched.
    async fn appends(&self) -> Result<BoxStream<'static, String>, StoreError>;
}
