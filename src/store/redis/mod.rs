//! Redis store: per game, a Stream of events (entry `0-N` is the N-th event, field `e` the event and `h` its chain
//! hash), a hash of metadata, a string with the latest snapshot of its state and one small string per idempotency
//! record and per stream ticket (with a TTL), all under one hash tag (`ludus:{<id>}:...`) so that a game's keys live
//! in one slot and the layout works on Redis Cluster. Creation, reads after a head and appends are Lua scripts, hence atomic: the head check and the read or
//! write cannot be separated.
//!
//! Here are the store, its opening and the `EventStore` implementation; how operations run is in `run`, a game's log
//! in `log`, the other stores' parts in their own modules.

mod accounts;
mod codec;
mod connection;
mod due;
mod limits;
mod log;
mod matchmaking;
mod passkeys;
mod ratings;
mod replies;
mod rooms;
mod run;
mod scripts;
mod webhooks;

use codec::{Keys, ask_persistence, corrupt, timed_out, unavailable};
use connection::{Connection, Target};
use due::ARCHIVAL_KEY;
use run::{OPERATION_TIMEOUT, Write};
use scripts::{
    APPEND_SCRIPT, APPENDS_CHANNEL, CHAT_SCRIPT, CLAIM_SCRIPT, CREATE_SCRIPT, DUE_KEY, ENTRY_HELPERS, HISTORY_SCRIPT,
    HOLD_SCRIPT, LOAD_LATEST_SCRIPT, LOAD_SCRIPT, RATE_SCRIPT, READ_SCRIPT, RECORD_SCRIPT, REMOVE_SCRIPT, SEE_SCRIPT,
    SETTLE_SCRIPT,
};

use std::collections::HashMap;
use std::sync::Arc;
use std::thread::ThreadId;
use std::time::Duration;

use async_trait::async_trait;
use futures_util::stream::BoxStream;
use redis::cluster::ClusterClient;
use redis::{Script, Value};
use tokio::sync::OnceCell;

use super::{
    AccountStore, Append, Appended, Creation, EventStore, Head, HeadTag, History, Lease, Loaded, LoadedLatest,
    MatchmakingStore, OutboxEntry, Persistence, Rate, RateDecision, RatingStore, ReadAfter, RedisTls, Replication,
    ReplicationStatus, Retention, RoomStore, StoreKind, StoreResult,
};

/// Event logs in Redis Streams.
pub struct RedisStore {
    target: Target,
    /// The first server named: where the appends channel is subscribed (a cluster broadcasts `PUBLISH` to every
    /// node) and whose persistence settings are reported.
    first_node: redis::Client,
    retention: Retention,
    /// How many replicas must hold a write before it is acknowledged.
    replication: Replication,
    /// One connection per thread that uses the store, connected lazily so that the service starts (and answers 503)
    /// while Redis is down. A connection's driver is a task on the runtime of the thread that opened it: shared by
    /// actix's workers (each a single-threaded runtime), every request would wake another thread to send its command
    /// and be woken back by it, which cost a fifth of the service's CPU under load.
    connections: std::sync::Mutex<HashMap<ThreadId, Arc<OnceCell<Connection>>>>,
    create: Script,
    load: Script,
    load_latest: Script,
    read: Script,
    append: Script,
    history: Script,
    record: Script,
    claim: Script,
    settle: Script,
    remove: Script,
    rate: Script,
    hold: Script,
    chat: Script,
    see: Script,
}

impl RedisStore {
    /// A store on one server (`redis://host:port/db`, or `rediss://` for TLS) or, with several comma-separated URLs
    /// or `cluster`, on a Redis Cluster reached through those seed nodes. Does not connect yet.
    pub fn open(urls: &str, cluster: bool, tls: &RedisTls, retention: Retention) -> StoreResult<Self> {
        let urls: Vec<&str> = urls.split(',').map(str::trim).filter(|u| !u.is_empty()).collect();
        let certificates = tls.certificates();
        let first_url = urls.first().copied().unwrap_or_default();
        let first_node = match &certificates {
            Some(certificates) => redis::Client::build_with_tls(first_url, certificates.clone()),
            None => redis::Client::open(first_url),
        }
        .map_err(unavailable)?;
        let target = if cluster || urls.len() > 1 {
            let builder = ClusterClient::builder(urls)
                .connection_timeout(OPERATION_TIMEOUT)
                .response_timeout(OPERATION_TIMEOUT);
            let builder = match certificates {
                Some(certificates) => builder.certs(certificates),
                None => builder,
            };
            Target::Cluster(builder.build().map_err(unavailable)?)
        } else {
            Target::Single(first_node.clone())
        };
        let with_helpers = |body: &str| Script::new(&format!("{ENTRY_HELPERS}{body}"));
        Ok(Self {
            target,
            first_node,
            retention,
            replication: Replication::default(),
            connections: std::sync::Mutex::default(),
            create: with_helpers(CREATE_SCRIPT),
            load: Script::new(LOAD_SCRIPT),
            load_latest: with_helpers(LOAD_LATEST_SCRIPT),
            read: with_helpers(READ_SCRIPT),
            append: with_helpers(APPEND_SCRIPT),
            history: with_helpers(HISTORY_SCRIPT),
            record: Script::new(RECORD_SCRIPT),
            claim: Script::new(CLAIM_SCRIPT),
            remove: with_helpers(REMOVE_SCRIPT),
            settle: Script::new(SETTLE_SCRIPT),
            rate: Script::new(RATE_SCRIPT),
            hold: Script::new(HOLD_SCRIPT),
            chat: Script::new(CHAT_SCRIPT),
            see: Script::new(SEE_SCRIPT),
        })
    }

    /// The same store acknowledging writes only once `replication` says they are safe.
    pub fn with_replication(mut self, replication: Replication) -> Self {
        self.replication = replication;
        self
    }
}

#[async_trait]
impl EventStore for RedisStore {
    fn accounts(&self) -> &dyn AccountStore {
        self
    }

    fn rooms(&self) -> &dyn RoomStore {
        self
    }

    fn ratings(&self) -> &dyn RatingStore {
        self
    }

    fn matchmaking(&self) -> &dyn MatchmakingStore {
        self
    }

    fn kind(&self) -> StoreKind {
        match self.target {
            Target::Single(_) => StoreKind::Redis,
            Target::Cluster(_) => StoreKind::RedisCluster,
        }
    }

    async fn create_with(&self, creation: Creation<'_>) -> StoreResult<Head> {
        let Creation { meta, events, outbox } = creation;
        self.create_log(meta, events, outbox).await
    }

    async fn load(&self, id: &str) -> StoreResult<Loaded> {
        self.load_log(id).await
    }

    async fn load_latest(&self, id: &str) -> StoreResult<LoadedLatest> {
        self.load_latest_log(id).await
    }

    async fn read_after(&self, id: &str, from: Head) -> StoreResult<ReadAfter> {
        self.read_log_after(id, from).await
    }

    async fn append(&self, id: &str, append: Append<'_>) -> StoreResult<Appended> {
        self.append_to_log(id, append).await
    }

    async fn history_of(&self, id: &str, tag: HeadTag) -> StoreResult<History> {
        self.log_history(id, tag).await
    }

    async fn outbox(&self, id: &str) -> StoreResult<Vec<OutboxEntry>> {
        self.outbox_entries(id).await
    }

    async fn outbox_delivered(&self, id: &str, entries: &[String]) -> StoreResult<()> {
        self.outbox_remove(id, entries).await
    }

    async fn idempotency_record(&self, id: &str, key: &str) -> StoreResult<Option<String>> {
        self.record_of(id, key).await
    }

    async fn issue_ticket(&self, id: &str, ticket_hash: &str, seat: usize, ttl: Duration) -> StoreResult<()> {
        self.set_for("issue_ticket", &Keys::ticket(id, ticket_hash), seat, ttl)
            .await
    }

    async fn redeem_ticket(&self, id: &str, ticket_hash: &str) -> StoreResult<Option<usize>> {
        let seat = self.take("redeem_ticket", &Keys::ticket(id, ticket_hash)).await?;
        seat.map(|text| {
            text.parse()
                .map_err(|_| corrupt(format!("ticket seat {text:?} is not a number")))
        })
        .transpose()
    }

    async fn index_put(&self, index: &str, id: &str, score: u64) -> StoreResult<()> {
        let key = Keys::index(index);
        self.run("index_put", |mut connection| async move {
            redis::cmd("ZADD")
                .arg(&key)
                .arg(score)
                .arg(id)
                .query_async::<()>(&mut connection)
                .await
        })
        .await
    }

    async fn index_remove(&self, index: &str, id: &str) -> StoreResult<()> {
        let key = Keys::index(index);
        self.run("index_remove", |mut connection| async move {
            redis::cmd("ZREM")
                .arg(&key)
                .arg(id)
                .query_async::<()>(&mut connection)
                .await
        })
        .await
    }

    async fn index_page(&self, index: &str, max_score: u64, limit: usize) -> StoreResult<Vec<(String, u64)>> {
        let key = Keys::index(index);
        let page: Vec<(String, u64)> = self
            .run("index_page", |mut connection| async move {
                redis::cmd("ZRANGE")
                    .arg(&key)
                    .arg(max_score)
                    .arg("-inf")
                    .arg("BYSCORE")
                    .arg("REV")
                    .arg("LIMIT")
                    .arg(0)
                    .arg(limit)
                    .arg("WITHSCORES")
                    .query_async(&mut connection)
                    .await
            })
            .await?;
        Ok(page)
    }

    async fn schedule(&self, id: &str, due_ms: u64) -> StoreResult<()> {
        self.schedule_in(DUE_KEY, id, due_ms).await
    }

    async fn rate_limit(&self, key: &str, rate: Rate, now_ms: u64) -> StoreResult<RateDecision> {
        self.take_rate(key, rate, now_ms).await
    }

    async fn hold_place(&self, pool: &str, holder: &str, cap: usize, lease: Lease) -> StoreResult<bool> {
        self.hold_place_in_pool(pool, holder, cap, lease).await
    }

    async fn renew_places(&self, pool: &str, holders: &[String], lease: Lease) -> StoreResult<()> {
        self.renew_places_in_pool(pool, holders, lease).await
    }

    async fn release_place(&self, pool: &str, holder: &str) -> StoreResult<()> {
        self.release_place_in_pool(pool, holder).await
    }

    async fn earliest_due(&self) -> StoreResult<Option<u64>> {
        self.earliest_in(DUE_KEY).await
    }

    async fn claim_due(&self, now_ms: u64, lease_ms: u64, limit: usize) -> StoreResult<Vec<String>> {
        self.claim_in(DUE_KEY, now_ms, lease_ms, limit).await
    }

    async fn settle(&self, id: &str, claimed_ms: u64, next_ms: Option<u64>) -> StoreResult<()> {
        self.settle_in(DUE_KEY, id, claimed_ms, next_ms).await
    }

    async fn note_archival(&self, id: &str, due_ms: u64) -> StoreResult<()> {
        self.note_in(ARCHIVAL_KEY, id, due_ms).await
    }

    async fn claim_archival(&self, now_ms: u64, lease_ms: u64, limit: usize) -> StoreResult<Vec<String>> {
        self.claim_in(ARCHIVAL_KEY, now_ms, lease_ms, limit).await
    }

    async fn earliest_archival(&self) -> StoreResult<Option<u64>> {
        self.earliest_in(ARCHIVAL_KEY).await
    }

    async fn settle_archival(&self, id: &str, claimed_ms: u64, next_ms: Option<u64>) -> StoreResult<()> {
        self.settle_in(ARCHIVAL_KEY, id, claimed_ms, next_ms).await
    }

    async fn remove_game(&self, id: &str, head: Head) -> StoreResult<bool> {
        let removed = self.remove_log(id, head).await?;
        if removed {
            // Its deadline's note, in another slot of a cluster: a crash before this leaves the note to the sweep,
            // which drops the note of a game it finds over.
            self.forget_in(DUE_KEY, id).await?;
        }
        Ok(removed)
    }

    async fn ping(&self) -> StoreResult<()> {
        self.run(
            "ping",
            |mut connection| async move { redis::cmd("PING").query_async::<String>(&mut connection).await },
        )
        .await
        .map(|_| ())
    }

    async fn persistence(&self) -> StoreResult<Option<Persistence>> {
        // One server: ask through the shared connection. A cluster routes INFO anywhere: ask its first node.
        let persistence = match self.target {
            Target::Single(_) => {
                self.run("persistence", |mut connection| async move { ask_persistence(&mut connection).await })
                    .await
            }
            Target::Cluster(_) => {
                let mut connection = self.first_node_connection().await?;
                tokio::time::timeout(OPERATION_TIMEOUT, ask_persistence(&mut connection))
                    .await
                    .map_err(|_| timed_out())?
                    .map_err(unavailable)
            }
        }?;
        Ok(Some(persistence))
    }

    async fn replication(&self) -> StoreResult<Option<ReplicationStatus>> {
        // A cluster routes INFO to every primary and answers each one's text by its address.
        let reply: Value = self
            .run("replication", |mut connection| async move {
                redis::cmd("INFO").arg("replication").query_async(&mut connection).await
            })
            .await?;
        let texts: Vec<(String, String)> = match reply {
            Value::Map(pairs) => pairs
                .into_iter()
                .map(|(node, info)| Ok((redis::from_owned_redis_value(node)?, redis::from_owned_redis_value(info)?)))
                .collect::<redis::RedisResult<_>>()
                .map_err(corrupt)?,
            single => vec![(String::new(), redis::from_owned_redis_value(single).map_err(corrupt)?)],
        };
        let Replication { replicas, aof, .. } = self.replication;
        Ok(Some(ReplicationStatus::from_info(replicas, aof, texts)))
    }

    async fn appends(&self) -> StoreResult<BoxStream<'static, String>> {
        self.subscribe(APPENDS_CHANNEL).await
    }
}
