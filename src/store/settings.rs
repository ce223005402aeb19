//! Which store serves the logs, and the settings that shape what it keeps and when a write counts as done.

use std::time::Duration;

use serde::Serialize;

use crate::config::values::{DurationOrNone, duration, duration_or_none, switch, whole_number};

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
