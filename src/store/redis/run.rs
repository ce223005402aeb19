//! How operations reach Redis: a connection per thread, opened lazily, each operation under a deadline and counted in
//! the metrics, and writes that must not be lost waiting for the replicas in the same pipeline.

use std::time::Duration;

use futures_util::StreamExt;
use futures_util::stream::BoxStream;
use redis::aio::{ConnectionManager, ConnectionManagerConfig};
use redis::{ErrorKind, FromRedisValue, Value};

use super::RedisStore;
use super::codec::{corrupt, millis, timed_out, unavailable};
use super::connection::{Connection, Target};
use crate::store::{StoreError, StoreResult};
use crate::telemetry;

/// How long one store operation may take before the request answers 503.
pub(super) const OPERATION_TIMEOUT: Duration = Duration::from_secs(2);

impl RedisStore {
    pub(super) async fn connection(&self) -> StoreResult<Connection> {
        let cell = {
            // A poisoned lock only means another thread panicked while inserting: the map is still whole.
            let mut connections = self.connections.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
            connections.entry(std::thread::current().id()).or_default().clone()
        };
        let connection = cell.get_or_try_init(|| self.connect()).await?;
        Ok(connection.clone())
    }

    async fn connect(&self) -> StoreResult<Connection> {
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

    /// Sets `key` to `value` for `ttl` (a stream ticket's seat or account).
    pub(super) async fn set_for(
        &self,
        command: &'static str,
        key: &str,
        value: impl redis::ToRedisArgs + Send,
        ttl: Duration,
    ) -> StoreResult<()> {
        self.run(command, |mut connection| async move {
            redis::cmd("SET")
                .arg(key)
                .arg(value)
                .arg("PX")
                .arg(millis(Some(ttl)))
                .query_async::<()>(&mut connection)
                .await
        })
        .await
    }

    /// The value of `key`, deleted in the same step (GETDEL): racing instances cannot both take it (a ticket redeemed
    /// once).
    pub(super) async fn take(&self, command: &'static str, key: &str) -> StoreResult<Option<String>> {
        self.run(
            command,
            |mut connection| async move { redis::cmd("GETDEL").arg(key).query_async(&mut connection).await },
        )
        .await
    }

    /// Runs one operation with a deadline, so that a dead server gives a quick 503 rather than a hanging request;
    /// `command` names it in the metrics.
    pub(super) async fn run<T, F>(
        &self,
        command: &'static str,
        operation: impl FnOnce(Connection) -> F,
    ) -> StoreResult<T>
    where
        F: Future<Output = redis::RedisResult<T>>,
    {
        self.run_within(command, OPERATION_TIMEOUT, operation).await
    }

    /// A write that must not be lost: the script or command, and when replicas are asked for, the wait for them
    /// (`WAIT`, or `WAITAOF`) in the same pipeline. Both go to the node that holds the keys, on one connection, and
    /// Redis counts a wait against the writes of its own connection: it covers this write, whatever the node, and
    /// a failover in between fails the pipeline rather than counting another node's replicas.
    pub(super) async fn write<T: FromRedisValue>(&self, command: &'static str, write: Write<'_>) -> StoreResult<T> {
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

    pub(super) async fn run_within<T, F>(
        &self,
        command: &'static str,
        within: Duration,
        operation: impl FnOnce(Connection) -> F,
    ) -> StoreResult<T>
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
    pub(super) async fn subscribe(&self, channel: &'static str) -> StoreResult<BoxStream<'static, String>> {
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
    pub(super) async fn first_node_connection(&self) -> StoreResult<redis::aio::MultiplexedConnection> {
        let config = redis::AsyncConnectionConfig::new()
            .set_connection_timeout(OPERATION_TIMEOUT)
            .set_response_timeout(OPERATION_TIMEOUT);
        tokio::time::timeout(OPERATION_TIMEOUT, self.first_node.get_multiplexed_async_connection_with_config(&config))
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
fn replicas_acknowledged(reply: Option<Value>, aof: bool) -> StoreResult<u64> {
    let reply = reply.ok_or_else(|| corrupt("no reply to the wait for replicas"))?;
    let counted = if aof {
        redis::from_owned_redis_value::<(u64, u64)>(reply).map(|(_, replicas)| replicas)
    } else {
        redis::from_owned_redis_value::<u64>(reply)
    };
    counted.map_err(corrupt)
}
