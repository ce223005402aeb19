//! Redis store: per game, a Stream of events (entry `0-N` is the N-th event, field `e` the event and `h` its chain
//! hash), a hash of metadata, a string with the latest snapshot of its state and one small string per idempotency
//! record and per stream ticket (with a TTL), all under one hash tag (`ludus:{<id>}:...`) so that a game's keys live
//! in one slot and the layout works on Redis Cluster. Creation, reads after a head and appends are Lua scripts, hence atomic: the head check and the read or
//! write cannot be separated.

mod accounts;
mod codec;
mod connection;
mod due;
mod limits;
mod matchmaking;
mod ratings;
mod replies;
mod rooms;
mod scripts;
mod webhooks;

use codec::{Keys, ask_persistence, corrupt, meta_fields, millis, timed_out, unavailable};
use connection::{Connection, Target};
use replies::{AppendReply, LatestReply, LoadReply, ReadReply};
use scripts::{
    APPEND_SCRIPT, APPENDS_CHANNEL, CHAT_SCRIPT, CLAIM_SCRIPT, CREATE_SCRIPT, DUE_KEY, ENTRY_HELPERS, HISTORY_SCRIPT,
    HOLD_SCRIPT, LOAD_LATEST_SCRIPT, LOAD_SCRIPT, RATE_SCRIPT, READ_SCRIPT, RECORD_SCRIPT, SEE_SCRIPT, SETTLE_SCRIPT,
};

use std::collections::HashMap;
use std::sync::Arc;
use std::thread::ThreadId;
use std::time::Duration;

use async_trait::async_trait;
use futures_util::StreamExt;
use futures_util::stream::BoxStream;
use redis::aio::{ConnectionManager, ConnectionManagerConfig};
use redis::cluster::ClusterClient;
use redis::{ErrorKind, FromRedisValue, Script, Value};
use tokio::sync::OnceCell;

use super::{
    AccountStore, Append, Appended, EventStore, GameMeta, Head, HeadTag, History, Lease, Loaded, LoadedLatest,
    MatchmakingStore, OutboxEntry, Persistence, Rate, RateDecision, RatingStore, ReadAfter, RedisTls, Replication,
    ReplicationStatus, Retention, RoomStore, StoreError, StoreKind, StoredSnapshot,
};
use crate::clock::now_ms;
use crate::telemetry;

/// How long one store operation may take before the request answers 503.
const OPERATION_TIMEOUT: Duration = Duration::from_secs(2);

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
    rate: Script,
    hold: Script,
    chat: Script,
    see: Script,
}

impl RedisStore {
    /// A store on one server (`redis://host:port/db`, or `rediss://` for TLS) or, with several comma-separated URLs
    /// or `cluster`, on a Redis Cluster reached through those seed nodes. Does not connect yet.
    pub fn open(urls: &str, cluster: bool, tls: &RedisTls, retention: Retention) -> Result<Self, StoreError> {
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

    async fn connection(&self) -> Result<Connection, StoreError> {
        let cell = {
            // A poisoned lock only means another thread panicked while inserting: the map is still whole.
            let mut connections = self.connections.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
            connections.entry(std::thread::current().id()).or_default().clone()
        };
        let connection = cell.get_or_try_init(|| self.connect()).await?;
        Ok(connection.clone())
    }

    async fn connect(&self) -> Result<Connection, StoreError> {
        Ok(match &self.target {
            Target::Single(client) => {
                let config = ConnectionManagerConfig::new()
                    .set_connection_timeout(OPERATION_TIMEOUT)
                    .set_response_timeout(OPERATION_TIMEOUT)
                    .set_number_of_retries(1)
                    .set_max_delay(500);
                Connection::Single(
                    ConnectionManager::new_with_config(client.clone(), config)
                        .await
                        .map_err(unavailable)?,
                )
            }
            Target::Cluster(client) => Connection::Cluster(client.get_async_connection().await.map_err(unavailable)?),
        })
    }

    /// Runs one operation with a deadline, so that a dead server gives a quick 503 rather than a hanging request;
    /// `command` names it in the metrics.
    async fn run<T, F>(&self, command: &'static str, operation: impl FnOnce(Connection) -> F) -> Result<T, StoreError>
    where
        F: Future<Output = redis::RedisResult<T>>,
    {
        self.run_within(command, OPERATION_TIMEOUT, operation).await
    }

    /// A write that must not be lost: the script or command, and when replicas are asked for, the wait for them
    /// (`WAIT`, or `WAITAOF`) in the same pipeline. Both go to the node that holds the keys, on one connection, and
    /// Redis counts a wait against the writes of its own connection: it covers this write, whatever the node, and
    /// a failover in between fails the pipeline rather than counting another node's replicas.
    pub(super) async fn write<T: FromRedisValue>(
        &self,
        command: &'static str,
        write: Write<'_>,
    ) -> Result<T, StoreError> {
        let mut pipeline = redis::pipe();
        match write {
            Write::Script(invocation) => {
                pipeline.invoke_script(invocation);
            }
            Write::Commands(commands) => {
                for cmd in commands {
                    pipeline.add_command(cmd.clone());
                }
            }
        }
        let waits = self.replication.replicas > 0;
        if waits && self.replication.aof {
            pipeline
                .cmd("WAITAOF")
                .arg(0)
                .arg(self.replication.replicas)
                .arg(millis(Some(self.replication.timeout)));
        } else if waits {
            pipeline
                .cmd("WAIT")
                .arg(self.replication.replicas)
                .arg(millis(Some(self.replication.timeout)));
        }
        let pipeline = &pipeline;
        let within = OPERATION_TIMEOUT
            + if waits {
                self.replication.timeout
            } else {
                Duration::ZERO
            };
        let mut replies: Vec<Value> = self
            .run_within(command, within, |mut connection| async move {
                match pipeline.query_async(&mut connection).await {
                    Err(error) if error.kind() == ErrorKind::NoScriptError => {
                        if let Write::Script(invocation) = write {
                            invocation.load_async(&mut connection).await?;
                        }
                        pipeline.query_async(&mut connection).await
                    }
                    other => other,
                }
            })
            .await?;
        if waits {
            let acknowledged = replicas_acknowledged(replies.pop(), self.replication.aof)?;
            if acknowledged < u64::from(self.replication.replicas) {
                metrics::counter!(telemetry::REPLICATION_TIMEOUTS, "command" => command).increment(1);
                return Err(StoreError::NotReplicated {
                    acknowledged,
                    wanted: self.replication.replicas,
                });
            }
        }
        let reply = replies.pop().ok_or_else(|| corrupt("an empty pipeline reply"))?;
        // A pipeline's replies, one a command: the write's own is the last before the wait's.
        redis::from_owned_redis_value(reply).map_err(corrupt)
    }

    async fn run_within<T, F>(
        &self,
        command: &'static str,
        within: Duration,
        operation: impl FnOnce(Connection) -> F,
    ) -> Result<T, StoreError>
    where
        F: Future<Output = redis::RedisResult<T>>,
    {
        let started = std::time::Instant::now();
        let attempt = async {
            let connection = self.connection().await?;
            operation(connection).await.map_err(unavailable)
        };
        let result = tokio::time::timeout(within, attempt)
            .await
            .unwrap_or_else(|_| Err(timed_out()));
        metrics::counter!(telemetry::STORE_CALLS, "command" => command).increment(1);
        metrics::histogram!(telemetry::STORE_DURATION, "command" => command).record(started.elapsed().as_secs_f64());
        if result.is_err() {
            metrics::counter!(telemetry::STORE_ERRORS, "command" => command).increment(1);
        }
        result
    }

    /// The messages of `channel`, on a connection of its own to the first server (a cluster's nodes pass every
    /// message on to each other).
    async fn subscribe(&self, channel: &'static str) -> Result<BoxStream<'static, String>, StoreError> {
        let subscribe = async {
            let mut pubsub = self.first_node.get_async_pubsub().await?;
            pubsub.subscribe(channel).await?;
            redis::RedisResult::Ok(pubsub)
        };
        let pubsub = tokio::time::timeout(OPERATION_TIMEOUT, subscribe)
            .await
            .map_err(|_| timed_out())?
            .map_err(unavailable)?;
        Ok(pubsub
            .into_on_message()
            .filter_map(|message| async move { message.get_payload::<String>().ok() })
            .boxed())
    }

    /// A connection of its own to the first server, for what must not go through the shared one.
    async fn first_node_connection(&self) -> Result<redis::aio::MultiplexedConnection, StoreError> {
        let config = redis::AsyncConnectionConfig::new()
            .set_connection_timeout(OPERATION_TIMEOUT)
            .set_response_timeout(OPERATION_TIMEOUT);
        tokio::time::timeout(
            OPERATION_TIMEOUT,
            self.first_node.get_multiplexed_async_connection_with_config(&config),
        )
        .await
        .map_err(|_| timed_out())?
        .map_err(unavailable)
    }
}

/// A write that must not be lost (see `RedisStore::write`): a script, or commands on keys of one slot (the reply is
/// the last one's).
#[derive(Clone, Copy)]
pub(super) enum Write<'a> {
    Script(&'a redis::ScriptInvocation<'a>),
    Commands(&'a [redis::Cmd]),
}

/// How many replicas acknowledged, from a `WAIT` reply (a number) or a `WAITAOF` one (local fsyncs, replicas' fsyncs).
fn replicas_acknowledged(reply: Option<Value>, aof: bool) -> Result<u64, StoreError> {
    let reply = reply.ok_or_else(|| corrupt("no reply to the wait for replicas"))?;
    let counted = if aof {
        redis::from_owned_redis_value::<(u64, u64)>(reply).map(|(_, replicas)| replicas)
    } else {
        redis::from_owned_redis_value::<u64>(reply)
    };
    counted.map_err(corrupt)
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

    async fn create_with(
        &self,
        meta: &GameMeta,
        events: &[String],
        outbox: &[(String, String)],
    ) -> Result<Head, StoreError> {
        let keys = Keys::of(&meta.id);
        let fields = meta_fields(meta);
        let (head, hashes) = Head::genesis(&meta.id).extend(events);
        let mut invocation = self.create.key(&keys.meta);
        invocation.key(&keys.events).key(&keys.outbox).arg(fields.len());
        for (name, value) in &fields {
            invocation.arg(*name).arg(value);
        }
        invocation.arg(outbox.len());
        for (account, notification) in outbox {
            invocation.arg(account).arg(notification);
        }
        for (event, hash) in events.iter().zip(&hashes) {
            invocation.arg(event).arg(hash.to_hex());
        }
        let created: i64 = self.write("create", Write::Script(&invocation)).await?;
        if created == 1 {
            Ok(head)
        } else {
            Err(StoreError::AlreadyExists)
        }
    }

    async fn load(&self, id: &str) -> Result<Loaded, StoreError> {
        let keys = Keys::of(id);
        let reply: Value = self
            .run("load", |mut connection| async move {
                self.load
                    .key(&keys.meta)
                    .key(&keys.events)
                    .invoke_async(&mut connection)
                    .await
            })
            .await?;
        let LoadReply { meta, events } = LoadReply::decode(reply)?.ok_or(StoreError::NotFound)?;
        Ok(Loaded {
            meta,
            head: Head::of_log(id, &events),
            events,
        })
    }

    async fn load_latest(&self, id: &str) -> Result<LoadedLatest, StoreError> {
        let keys = Keys::of(id);
        let reply: Value = self
            .run("load_latest", |mut connection| async move {
                self.load_latest
                    .key(&keys.meta)
                    .key(&keys.events)
                    .key(&keys.snapshot)
                    .invoke_async(&mut connection)
                    .await
            })
            .await?;
        let LatestReply { meta, events, snapshot } = LatestReply::decode(reply)?.ok_or(StoreError::NotFound)?;
        let snapshot = snapshot
            .map(|text| StoredSnapshot::decode(&text).ok_or_else(|| corrupt("unreadable snapshot header")))
            .transpose()?;
        let head = match &snapshot {
            Some(snapshot) => snapshot.head.extend(&events).0,
            None => Head::of_log(id, &events),
        };
        Ok(LoadedLatest {
            meta,
            snapshot,
            events,
            head,
        })
    }

    async fn read_after(&self, id: &str, from: Head) -> Result<ReadAfter, StoreError> {
        let keys = Keys::of(id);
        let reply: Value = self
            .run("read_after", |mut connection| async move {
                self.read
                    .key(&keys.meta)
                    .key(&keys.events)
                    .arg(from.version)
                    .arg(from.hash.to_hex())
                    .invoke_async(&mut connection)
                    .await
            })
            .await?;
        match ReadReply::decode(reply)? {
            ReadReply::Extends { events } => {
                let (head, _) = from.extend(&events);
                Ok(ReadAfter::Extends { events, head })
            }
            ReadReply::Diverged => Ok(ReadAfter::Diverged),
            ReadReply::Missing => Err(StoreError::NotFound),
        }
    }

    async fn append(&self, id: &str, append: Append<'_>) -> Result<Appended, StoreError> {
        let keys = Keys::of(id);
        let record_key = Keys::idempotency(id, append.idempotency.map_or("", |i| i.key));
        let (head, hashes) = append.from.extend(append.events);
        let finished_ttl = if append.finishes {
            millis(self.retention.finished)
        } else {
            0
        };
        let snapshot = append.snapshot.map(|snapshot| {
            StoredSnapshot {
                head,
                format: snapshot.format.to_owned(),
                data: snapshot.data.to_owned(),
            }
            .encode()
        });
        let mut invocation = self.append.key(&keys.meta);
        invocation
            .key(&keys.events)
            .key(&record_key)
            .key(&keys.snapshot)
            .key(&keys.records)
            .key(&keys.chat)
            .key(&keys.seen)
            .key(&keys.forks)
            .key(&keys.outbox)
            .arg(append.from.version)
            .arg(append.from.hash.to_hex())
            .arg(append.idempotency.map_or("", |i| i.record))
            .arg(millis(self.retention.idempotency))
            .arg(finished_ttl)
            .arg(id)
            .arg(snapshot.as_deref().unwrap_or(""))
            .arg(if self.retention.finished.is_some() {
                now_ms().to_string()
            } else {
                String::new()
            })
            .arg(append.known.map_or_else(String::new, |known| known.version.to_string()))
            .arg(append.known.map_or_else(String::new, |known| known.prefix_hex()))
            .arg(append.outbox.len());
        for (account, notification) in append.outbox {
            invocation.arg(account).arg(notification);
        }
        for (event, hash) in append.events.iter().zip(&hashes) {
            invocation.arg(event).arg(hash.to_hex());
        }
        let reply: Value = self.write("append", Write::Script(&invocation)).await?;
        match AppendReply::decode(reply)? {
            AppendReply::Ok { version } if version != head.version => {
                Err(corrupt(format!("appended up to {version}, expected {}", head.version)))
            }
            AppendReply::Ok { .. } => Ok(Appended::Ok { head }),
            AppendReply::Duplicate { record } => Ok(Appended::Duplicate { record }),
            AppendReply::Behind { events } => {
                let (head, _) = append.from.extend(&events);
                Ok(Appended::Behind { events, head })
            }
            AppendReply::Rewritten { common } => Ok(Appended::Rewritten { common }),
            AppendReply::Conflict { actual, diverged } => Err(StoreError::Conflict { actual, diverged }),
            AppendReply::Missing => Err(StoreError::NotFound),
        }
    }

    async fn history_of(&self, id: &str, tag: HeadTag) -> Result<History, StoreError> {
        let keys = Keys::of(id);
        let reply: String = self
            .run("history_of", |mut connection| async move {
                self.history
                    .key(&keys.events)
                    .key(&keys.forks)
                    .arg(tag.version)
                    .arg(tag.prefix_hex())
                    .invoke_async(&mut connection)
                    .await
            })
            .await?;
        match reply.as_str() {
            "holds" => Ok(History::Holds),
            common => Ok(History::Rewritten {
                common: common
                    .parse()
                    .map_err(|_| corrupt(format!("unexpected history reply {common}")))?,
            }),
        }
    }

    async fn outbox(&self, id: &str) -> Result<Vec<OutboxEntry>, StoreError> {
        let outbox = Keys::of(id).outbox;
        let entries: Vec<(String, HashMap<String, String>)> = self
            .run("outbox", |mut connection| async move {
                redis::cmd("XRANGE")
                    .arg(&outbox)
                    .arg("-")
                    .arg("+")
                    .query_async(&mut connection)
                    .await
            })
            .await?;
        entries
            .into_iter()
            .map(|(id, mut fields)| {
                let mut take = |name: &str| {
                    fields
                        .remove(name)
                        .ok_or_else(|| corrupt(format!("outbox entry {id} has no {name}")))
                };
                Ok(OutboxEntry {
                    account: take("a")?,
                    notification: take("n")?,
                    id,
                })
            })
            .collect()
    }

    async fn outbox_delivered(&self, id: &str, entries: &[String]) -> Result<(), StoreError> {
        if entries.is_empty() {
            return Ok(());
        }
        let mut delivered = redis::cmd("XDEL");
        delivered.arg(Keys::of(id).outbox).arg(entries);
        self.write("outbox_delivered", Write::Commands(&[delivered])).await
    }

    async fn idempotency_record(&self, id: &str, key: &str) -> Result<Option<String>, StoreError> {
        let record_key = Keys::idempotency(id, key);
        if self.replication.replicas > 0 {
            // An answer rebuilt from the record acknowledges the move: only once replicas hold it.
            let invocation = self.record.key(&record_key);
            return self.write("idempotency_record", Write::Script(&invocation)).await;
        }
        self.run("idempotency_record", |mut connection| async move {
            redis::cmd("GET").arg(&record_key).query_async(&mut connection).await
        })
        .await
    }

    async fn issue_ticket(&self, id: &str, ticket_hash: &str, seat: usize, ttl: Duration) -> Result<(), StoreError> {
        let key = Keys::ticket(id, ticket_hash);
        self.run("issue_ticket", |mut connection| async move {
            redis::cmd("SET")
                .arg(&key)
                .arg(seat)
                .arg("PX")
                .arg(millis(Some(ttl)))
                .query_async::<()>(&mut connection)
                .await
        })
        .await
    }

    async fn redeem_ticket(&self, id: &str, ticket_hash: &str) -> Result<Option<usize>, StoreError> {
        let key = Keys::ticket(id, ticket_hash);
        // GETDEL reads and deletes in one step: two instances redeeming the same ticket cannot both get the seat.
        let seat: Option<String> = self
            .run("redeem_ticket", |mut connection| async move {
                redis::cmd("GETDEL").arg(&key).query_async(&mut connection).await
            })
            .await?;
        seat.map(|text| {
            text.parse()
                .map_err(|_| corrupt(format!("ticket seat {text:?} is not a number")))
        })
        .transpose()
    }

    async fn index_put(&self, index: &str, id: &str, score: u64) -> Result<(), StoreError> {
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

    async fn index_remove(&self, index: &str, id: &str) -> Result<(), StoreError> {
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

    async fn index_page(&self, index: &str, max_score: u64, limit: usize) -> Result<Vec<(String, u64)>, StoreError> {
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

    async fn schedule(&self, id: &str, due_ms: u64) -> Result<(), StoreError> {
        self.schedule_in(DUE_KEY, id, due_ms).await
    }

    async fn rate_limit(&self, key: &str, rate: Rate, now_ms: u64) -> Result<RateDecision, StoreError> {
        self.take_rate(key, rate, now_ms).await
    }

    async fn hold_place(&self, pool: &str, holder: &str, cap: usize, lease: Lease) -> Result<bool, StoreError> {
        self.hold_place_in_pool(pool, holder, cap, lease).await
    }

    async fn renew_places(&self, pool: &str, holders: &[String], lease: Lease) -> Result<(), StoreError> {
        self.renew_places_in_pool(pool, holders, lease).await
    }

    async fn release_place(&self, pool: &str, holder: &str) -> Result<(), StoreError> {
        self.release_place_in_pool(pool, holder).await
    }

    async fn earliest_due(&self) -> Result<Option<u64>, StoreError> {
        let earliest: Vec<(String, u64)> = self
            .run("earliest_due", |mut connection| async move {
                redis::cmd("ZRANGE")
                    .arg(DUE_KEY)
                    .arg(0)
                    .arg(0)
                    .arg("WITHSCORES")
                    .query_async(&mut connection)
                    .await
            })
            .await?;
        Ok(earliest.first().map(|(_, score)| *score))
    }

    async fn claim_due(&self, now_ms: u64, lease_ms: u64, limit: usize) -> Result<Vec<String>, StoreError> {
        self.claim_in(DUE_KEY, now_ms, lease_ms, limit).await
    }

    async fn settle(&self, id: &str, claimed_ms: u64, next_ms: Option<u64>) -> Result<(), StoreError> {
        self.settle_in(DUE_KEY, id, claimed_ms, next_ms).await
    }

    async fn ping(&self) -> Result<(), StoreError> {
        self.run("ping", |mut connection| async move {
            redis::cmd("PING").query_async::<String>(&mut connection).await
        })
        .await
        .map(|_| ())
    }

    async fn persistence(&self) -> Result<Option<Persistence>, StoreError> {
        // One server: ask through the shared connection. A cluster routes INFO anywhere: ask its first node.
        let persistence = match self.target {
            Target::Single(_) => {
                self.run("persistence", |mut connection| async move {
                    ask_persistence(&mut connection).await
                })
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

    async fn replication(&self) -> Result<Option<ReplicationStatus>, StoreError> {
        // A cluster routes INFO to every primary and answers each one's text by its address.
        let reply: Value = self
            .run("replication", |mut connection| async move {
                redis::cmd("INFO").arg("replication").query_async(&mut connection).await
            })
            .await?;
        let texts: Vec<(String, String)> = match reply {
            Value::Map(pairs) => pairs
                .into_iter()
                .map(|(node, info)| {
                    Ok((
                        redis::from_owned_redis_value(node)?,
                        redis::from_owned_redis_value(info)?,
                    ))
                })
                .collect::<redis::RedisResult<_>>()
                .map_err(corrupt)?,
            single => vec![(String::new(), redis::from_owned_redis_value(single).map_err(corrupt)?)],
        };
        let Replication { replicas, aof, .. } = self.replication;
        Ok(Some(ReplicationStatus::from_info(replicas, aof, texts)))
    }

    async fn appends(&self) -> Result<BoxStream<'static, String>, StoreError> {
        self.subscribe(APPENDS_CHANNEL).await
    }
}
