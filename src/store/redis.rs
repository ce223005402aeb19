//! Redis store: per game, a Stream of events, a hash of metadata and a hash of idempotent responses, all under one
//! hash tag (`ludus:{<id>}:...`) so that a game's keys live in one slot and the layout works on Redis Cluster.
//! Creation and appends are Lua scripts, hence atomic: the version check and the write cannot be separated.

use std::collections::HashMap;
use std::time::Duration;

use async_trait::async_trait;
use redis::aio::{ConnectionLike, ConnectionManager, ConnectionManagerConfig};
use redis::cluster::ClusterClient;
use redis::cluster_async::ClusterConnection;
use redis::streams::{StreamRangeReply, StreamReadReply};
use redis::{Cmd, Pipeline, RedisFuture, Script, Value};
use tokio::sync::Mutex;

use super::{Appended, EventStore, GameMeta, Idempotency, Listener, StoreError, StoreKind};

/// How long one store operation may take before the request answers 503.
const OPERATION_TIMEOUT: Duration = Duration::from_secs(2);
/// Longest single blocking read of a listener; well under `OPERATION_TIMEOUT`, so one deadline serves both.
const LISTEN_BLOCK: Duration = Duration::from_millis(1000);

const CREATE_SCRIPT: &str = r#"
if redis.call('EXISTS', KEYS[1]) == 1 then return 0 end
local fields = tonumber(ARGV[1])
for i = 2, 1 + fields * 2, 2 do redis.call('HSET', KEYS[1], ARGV[i], ARGV[i + 1]) end
local n = 0
for i = 2 + fields * 2, #ARGV do
  n = n + 1
  redis.call('XADD', KEYS[2], string.format('0-%d', n), 'e', ARGV[i])
end
return 1
"#;

const APPEND_SCRIPT: &str = r#"
if redis.call('EXISTS', KEYS[1]) == 0 then return {'missing'} end
if ARGV[2] ~= '' then
  local previous = redis.call('HGET', KEYS[3], ARGV[2])
  if previous then return {'duplicate', previous} end
end
local len = redis.call('XLEN', KEYS[2])
if len ~= tonumber(ARGV[1]) then return {'conflict', tostring(len)} end
for i = 4, #ARGV do
  redis.call('XADD', KEYS[2], string.format('0-%d', len + i - 3), 'e', ARGV[i])
end
if ARGV[2] ~= '' then redis.call('HSET', KEYS[3], ARGV[2], ARGV[3]) end
return {'ok', string.format('%d', len + #ARGV - 3)}
"#;

/// A single server (with automatic reconnection), a listener's own connection to it, or a cluster.
#[derive(Clone)]
enum Connection {
    Single(ConnectionManager),
    Dedicated(redis::aio::MultiplexedConnection),
    Cluster(ClusterConnection),
}

impl ConnectionLike for Connection {
    fn req_packed_command<'a>(&'a mut self, cmd: &'a Cmd) -> RedisFuture<'a, Value> {
        match self {
            Connection::Single(c) => c.req_packed_command(cmd),
            Connection::Dedicated(c) => c.req_packed_command(cmd),
            Connection::Cluster(c) => c.req_packed_command(cmd),
        }
    }

    fn req_packed_commands<'a>(
        &'a mut self,
        cmd: &'a Pipeline,
        offset: usize,
        count: usize,
    ) -> RedisFuture<'a, Vec<Value>> {
        match self {
            Connection::Single(c) => c.req_packed_commands(cmd, offset, count),
            Connection::Dedicated(c) => c.req_packed_commands(cmd, offset, count),
            Connection::Cluster(c) => c.req_packed_commands(cmd, offset, count),
        }
    }

    fn get_db(&self) -> i64 {
        match self {
            Connection::Single(c) => c.get_db(),
            Connection::Dedicated(c) => c.get_db(),
            Connection::Cluster(c) => c.get_db(),
        }
    }
}

enum Target {
    Single(redis::Client),
    Cluster(ClusterClient),
}

/// Event logs in Redis Streams.
pub struct RedisStore {
    target: Target,
    /// Connected lazily so that the service starts (and answers 503) while Redis is down.
    connection: Mutex<Option<Connection>>,
    create: Script,
    append: Script,
}

fn unavailable(e: impl std::fmt::Display) -> StoreError {
    StoreError::Unavailable(e.to_string())
}

fn keys(id: &str) -> [String; 3] {
    [
        format!("ludus:{{{id}}}:meta"),
        format!("ludus:{{{id}}}:events"),
        format!("ludus:{{{id}}}:idempotency"),
    ]
}

impl RedisStore {
    /// A store on one server (`redis://host:port/db`) or, with several comma-separated URLs or `cluster`, on a
    /// Redis Cluster reached through those seed nodes. Does not connect yet.
    pub fn open(urls: &str, cluster: bool) -> Result<Self, StoreError> {
        let urls: Vec<&str> = urls.split(',').map(str::trim).filter(|u| !u.is_empty()).collect();
        let target = if cluster || urls.len() > 1 {
            Target::Cluster(
                ClusterClient::builder(urls)
                    .connection_timeout(OPERATION_TIMEOUT)
                    .response_timeout(OPERATION_TIMEOUT)
                    .build()
                    .map_err(unavailable)?,
            )
        } else {
            Target::Single(redis::Client::open(urls.first().copied().unwrap_or_default()).map_err(unavailable)?)
        };
        Ok(Self {
            target,
            connection: Mutex::new(None),
            create: Script::new(CREATE_SCRIPT),
            append: Script::new(APPEND_SCRIPT),
        })
    }

    async fn connection(&self) -> Result<Connection, StoreError> {
        let mut slot = self.connection.lock().await;
        if let Some(connection) = slot.as_ref() {
            return Ok(connection.clone());
        }
        let connection = match &self.target {
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
        };
        *slot = Some(connection.clone());
        Ok(connection)
    }

    /// Runs one operation with a deadline, so that a dead server gives a quick 503 rather than a hanging request.
    async fn run<T, F>(&self, operation: impl FnOnce(Connection) -> F) -> Result<T, StoreError>
    where
        F: Future<Output = redis::RedisResult<T>>,
    {
        let attempt = async {
            let connection = self.connection().await?;
            operation(connection).await.map_err(unavailable)
        };
        tokio::time::timeout(OPERATION_TIMEOUT, attempt)
            .await
            .unwrap_or_else(|_| Err(StoreError::Unavailable("Redis did not answer in time".into())))
    }
}

fn meta_fields(meta: &GameMeta) -> Vec<(&'static str, String)> {
    vec![
        ("id", meta.id.clone()),
        ("title", meta.title.clone()),
        ("players", meta.players.to_string()),
        ("options", meta.options.clone()),
        ("token_hashes", meta.token_hashes.join(",")),
        ("seed", meta.seed.clone()),
        ("created_at_ms", meta.created_at_ms.to_string()),
    ]
}

fn parse_meta(mut fields: HashMap<String, String>) -> Result<GameMeta, StoreError> {
    let mut take = |name: &str| {
        fields
            .remove(name)
            .ok_or_else(|| StoreError::Corrupt(format!("metadata field {name} is missing")))
    };
    let number = |name: &str, text: String| {
        text.parse::<u64>()
            .map_err(|_| StoreError::Corrupt(format!("metadata field {name} is not a number")))
    };
    Ok(GameMeta {
        id: take("id")?,
        title: take("title")?,
        players: number("players", take("players")?)? as usize,
        options: take("options")?,
        token_hashes: take("token_hashes")?.split(',').map(str::to_owned).collect(),
        seed: take("seed")?,
        created_at_ms: number("created_at_ms", take("created_at_ms")?)?,
    })
}

#[async_trait]
impl EventStore for RedisStore {
    fn kind(&self) -> StoreKind {
        match self.target {
            Target::Single(_) => StoreKind::Redis,
            Target::Cluster(_) => StoreKind::RedisCluster,
        }
    }

    async fn create(&self, meta: &GameMeta, events: &[String]) -> Result<(), StoreError> {
        let [meta_key, events_key, _] = keys(&meta.id);
        let fields = meta_fields(meta);
        let created: i64 = self
            .run(|mut connection| async move {
                let mut invocation = self.create.key(&meta_key);
                invocation.key(&events_key).arg(fields.len());
                for (name, value) in &fields {
                    invocation.arg(*name).arg(value);
                }
                for event in events {
                    invocation.arg(event);
                }
                invocation.invoke_async(&mut connection).await
            })
            .await?;
        if created == 1 {
            Ok(())
        } else {
            Err(StoreError::AlreadyExists)
        }
    }

    async fn meta(&self, id: &str) -> Result<GameMeta, StoreError> {
        let [meta_key, _, _] = keys(id);
        let fields: HashMap<String, String> = self
            .run(
                |mut connection| async move { redis::cmd("HGETALL").arg(&meta_key).query_async(&mut connection).await },
            )
            .await?;
        if fields.is_empty() {
            return Err(StoreError::NotFound);
        }
        parse_meta(fields)
    }

    async fn events_after(&self, id: &str, after: u64) -> Result<Vec<String>, StoreError> {
        let [_, events_key, _] = keys(id);
        let reply: StreamRangeReply = self
            .run(|mut connection| async move {
                redis::cmd("XRANGE")
                    .arg(&events_key)
                    .arg(format!("0-{}", after + 1))
                    .arg("+")
                    .query_async(&mut connection)
                    .await
            })
            .await?;
        reply
            .ids
            .into_iter()
            .map(|entry| {
                entry
                    .get::<String>("e")
                    .ok_or_else(|| StoreError::Corrupt(format!("stream entry {} has no event", entry.id)))
            })
            .collect()
    }

    async fn append(
        &self,
        id: &str,
        expected_version: u64,
        events: &[String],
        idempotency: Option<Idempotency<'_>>,
    ) -> Result<Appended, StoreError> {
        let [meta_key, events_key, responses_key] = keys(id);
        let reply: Vec<String> = self
            .run(|mut connection| async move {
                let mut invocation = self.append.key(&meta_key);
                invocation
                    .key(&events_key)
                    .key(&responses_key)
                    .arg(expected_version)
                    .arg(idempotency.map_or("", |i| i.key))
                    .arg(idempotency.map_or("", |i| i.response));
                for event in events {
                    invocation.arg(event);
                }
                invocation.invoke_async(&mut connection).await
            })
            .await?;
        let number = |text: Option<&String>| {
            text.and_then(|t| t.parse::<u64>().ok())
                .ok_or_else(|| StoreError::Corrupt(format!("unexpected append reply {reply:?}")))
        };
        match reply.first().map(String::as_str) {
            Some("ok") => Ok(Appended::Ok {
                version: number(reply.get(1))?,
            }),
            Some("duplicate") => Ok(Appended::Duplicate {
                response: reply.get(1).cloned().unwrap_or_default(),
            }),
            Some("conflict") => Err(StoreError::Conflict {
                actual: number(reply.get(1))?,
            }),
            Some("missing") => Err(StoreError::NotFound),
            _ => Err(StoreError::Corrupt(format!("unexpected append reply {reply:?}"))),
        }
    }

    async fn idempotent_response(&self, id: &str, key: &str) -> Result<Option<String>, StoreError> {
        let [_, _, responses_key] = keys(id);
        self.run(|mut connection| async move {
            redis::cmd("HGET")
                .arg(&responses_key)
                .arg(key)
                .query_async(&mut connection)
                .await
        })
        .await
    }

    async fn listen(&self, id: &str) -> Result<Box<dyn Listener>, StoreError> {
        let [_, events_key, _] = keys(id);
        // A connection of its own: a blocking read would stall every request multiplexed on a shared one.
        let dedicated = async {
            match &self.target {
                Target::Single(client) => {
                    let config = redis::AsyncConnectionConfig::new()
                        .set_connection_timeout(OPERATION_TIMEOUT)
                        .set_response_timeout(OPERATION_TIMEOUT);
                    client
                        .get_multiplexed_async_connection_with_config(&config)
                        .await
                        .map(Connection::Dedicated)
                }
                Target::Cluster(client) => client.get_async_connection().await.map(Connection::Cluster),
            }
        };
        let connection = tokio::time::timeout(OPERATION_TIMEOUT, dedicated)
            .await
            .map_err(|_| StoreError::Unavailable("Redis did not answer in time".into()))?
            .map_err(unavailable)?;
        Ok(Box::new(RedisListener { connection, events_key }))
    }

    async fn ping(&self) -> Result<(), StoreError> {
        self.run(|mut connection| async move { redis::cmd("PING").query_async::<String>(&mut connection).await })
            .await
            .map(|_| ())
    }
}

struct RedisListener {
    connection: Connection,
    events_key: String,
}

#[async_trait]
impl Listener for RedisListener {
    async fn events_after(&mut self, after: u64, max_wait: Duration) -> Result<Vec<String>, StoreError> {
        let deadline = tokio::time::Instant::now() + max_wait;
        loop {
            let left = deadline.saturating_duration_since(tokio::time::Instant::now());
            let block = left.min(LISTEN_BLOCK).max(Duration::from_millis(1));
            let mut command = redis::cmd("XREAD");
            command
                .arg("BLOCK")
                .arg(block.as_millis() as u64)
                .arg("STREAMS")
                .arg(&self.events_key)
                .arg(format!("0-{after}"));
            let read = command.query_async::<Option<StreamReadReply>>(&mut self.connection);
            let reply = tokio::time::timeout(block + OPERATION_TIMEOUT, read)
                .await
                .map_err(|_| StoreError::Unavailable("Redis did not answer in time".into()))?
                .map_err(unavailable)?;
            let entries: Vec<_> = reply.into_iter().flat_map(|r| r.keys).flat_map(|k| k.ids).collect();
            if !entries.is_empty() {
                return entries
                    .into_iter()
                    .map(|entry| {
                        entry
                            .get::<String>("e")
                            .ok_or_else(|| StoreError::Corrupt(format!("stream entry {} has no event", entry.id)))
                    })
                    .collect();
            }
            if left <= LISTEN_BLOCK {
                return Ok(Vec::new());
            }
        }
    }
}
