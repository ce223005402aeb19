//! Event logs behind one trait: in memory (the default, not durable) or in Redis Streams.

mod memory;
mod redis;

pub use memory::MemoryStore;
pub use redis::RedisStore;

use std::time::Duration;

use async_trait::async_trait;
use serde::{Deserialize, Serialize};

/// What is stored about a game besides its events. Immutable once created.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameMeta {
    pub id: String,
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
}

/// A response remembered under an idempotency key, stored atomically with the events it answered.
#[derive(Clone, Copy, Debug)]
pub struct Idempotency<'a> {
    pub key: &'a str,
    pub response: &'a str,
}

/// Result of a conditional append.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Appended {
    /// The events are in the log; the log now has this many events.
    Ok { version: u64 },
    /// The idempotency key was already used: nothing was appended; here is the first response.
    Duplicate { response: String },
}

#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    #[error("no game with this id")]
    NotFound,
    #[error("a game with this id already exists")]
    AlreadyExists,
    #[error("the game is at version {actual}, not the expected one")]
    Conflict { actual: u64 },
    #[error("the store is unavailable: {0}")]
    Unavailable(String),
    #[error("the stored data is corrupt: {0}")]
    Corrupt(String),
}

/// Which implementation serves the logs.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum StoreKind {
    Memory,
    Redis,
    RedisCluster,
}

/// Append-only event logs, one per game, with optimistic concurrency.
#[async_trait]
pub trait EventStore: Send + Sync {
    fn kind(&self) -> StoreKind;

    /// Stores a new game with its first events; fails with `AlreadyExists` when the id is taken.
    async fn create(&self, meta: &GameMeta, events: &[String]) -> Result<(), StoreError>;

    /// The game's metadata, or `NotFound`.
    async fn meta(&self, id: &str) -> Result<GameMeta, StoreError>;

    /// The events after the first `after` ones, in order (empty when there are none).
    async fn events_after(&self, id: &str, after: u64) -> Result<Vec<String>, StoreError>;

    /// Appends `events` if and only if the log holds exactly `expected_version` events and, when given, the
    /// idempotency key is unused. Atomic: concurrent appends never both succeed or interleave.
    async fn append(
        &self,
        id: &str,
        expected_version: u64,
        events: &[String],
        idempotency: Option<Idempotency<'_>>,
    ) -> Result<Appended, StoreError>;

    /// The response stored under an idempotency key, if any.
    async fn idempotent_response(&self, id: &str, key: &str) -> Result<Option<String>, StoreError>;

    /// Checks that the store answers.
    async fn ping(&self) -> Result<(), StoreError>;

    /// A listener for new events of one game (for live streams); it holds its own connection where the store
    /// needs one, so that waiting never delays other requests.
    async fn listen(&self, id: &str) -> Result<Box<dyn Listener>, StoreError>;
}

/// Waits for the events appended to one game's log, by this process or any other sharing the store.
#[async_trait]
pub trait Listener: Send {
    /// The events after the first `after`, waiting up to `max_wait` for some to arrive; empty when none did.
    async fn events_after(&mut self, after: u64, max_wait: Duration) -> Result<Vec<String>, StoreError>;
}
