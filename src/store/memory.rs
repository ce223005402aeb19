//! The in-memory store: one process, nothing survives a restart.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, RwLock};

use async_trait::async_trait;

use super::{Appended, EventStore, GameMeta, Idempotency, StoreError, StoreKind};

#[derive(Default)]
struct Log {
    events: Vec<String>,
    responses: HashMap<String, String>,
}

struct Entry {
    meta: GameMeta,
    log: Mutex<Log>,
}

/// Logs kept in this process's memory.
#[derive(Default)]
pub struct MemoryStore {
    games: RwLock<HashMap<String, Arc<Entry>>>,
}

impl MemoryStore {
    pub fn new() -> Self {
        Self::default()
    }

    fn entry(&self, id: &str) -> Result<Arc<Entry>, StoreError> {
        let games = self
            .games
            .read()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        games.get(id).cloned().ok_or(StoreError::NotFound)
    }
}

fn lock(entry: &Entry) -> std::sync::MutexGuard<'_, Log> {
    // A panic elsewhere cannot leave a log half-written: every mutation below is a single push or insert.
    entry
        .log
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
}

#[async_trait]
impl EventStore for MemoryStore {
    fn kind(&self) -> StoreKind {
        StoreKind::Memory
    }

    async fn create(&self, meta: &GameMeta, events: &[String]) -> Result<(), StoreError> {
        let mut games = self
            .games
            .write()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        if games.contains_key(&meta.id) {
            return Err(StoreError::AlreadyExists);
        }
        let log = Log {
            events: events.to_vec(),
            responses: HashMap::new(),
        };
        games.insert(
            meta.id.clone(),
            Arc::new(Entry {
                meta: meta.clone(),
                log: Mutex::new(log),
            }),
        );
        Ok(())
    }

    async fn meta(&self, id: &str) -> Result<GameMeta, StoreError> {
        Ok(self.entry(id)?.meta.clone())
    }

    async fn events_after(&self, id: &str, after: u64) -> Result<Vec<String>, StoreError> {
        let entry = self.entry(id)?;
        let log = lock(&entry);
        let start = usize::try_from(after)
            .unwrap_or(usize::MAX)
            .min(log.events.len());
        Ok(log.events[start..].to_vec())
    }

    async fn append(
        &self,
        id: &str,
        expected_version: u64,
        events: &[String],
        idempotency: Option<Idempotency<'_>>,
    ) -> Result<Appended, StoreError> {
        let entry = self.entry(id)?;
        let mut log = lock(&entry);
        if let Some(previous) = idempotency.and_then(|i| log.responses.get(i.key)) {
            return Ok(Appended::Duplicate {
                response: previous.clone(),
            });
        }
        let actual = log.events.len() as u64;
        if actual != expected_version {
            return Err(StoreError::Conflict { actual });
        }
        log.events.extend_from_slice(events);
        if let Some(i) = idempotency {
            log.responses
                .insert(i.key.to_owned(), i.response.to_owned());
        }
        Ok(Appended::Ok {
            version: log.events.len() as u64,
        })
    }

    async fn idempotent_response(&self, id: &str, key: &str) -> Result<Option<String>, StoreError> {
        let entry = self.entry(id)?;
        Ok(lock(&entry).responses.get(key).cloned())
    }

    async fn ping(&self) -> Result<(), StoreError> {
        Ok(())
    }
}
