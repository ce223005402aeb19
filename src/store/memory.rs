//! The in-memory store: one process, nothing survives a restart.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, RwLock};
use std::time::Duration;

use async_trait::async_trait;
use tokio::sync::Notify;

use super::{Appended, EventStore, GameMeta, Idempotency, Listener, StoreError, StoreKind};

#[derive(Default)]
struct Log {
    events: Vec<String>,
    responses: HashMap<String, String>,
}

struct Entry {
    meta: GameMeta,
    log: Mutex<Log>,
    appended: Notify,
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
        let games = self.games.read().unwrap_or_else(|poisoned| poisoned.into_inner());
        games.get(id).cloned().ok_or(StoreError::NotFound)
    }
}

fn lock(entry: &Entry) -> std::sync::MutexGuard<'_, Log> {
    // A panic elsewhere cannot leave a log half-written: every mutation below is a single push or insert.
    entry.log.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
}

#[async_trait]
impl EventStore for MemoryStore {
    fn kind(&self) -> StoreKind {
        StoreKind::Memory
    }

    async fn create(&self, meta: &GameMeta, events: &[String]) -> Result<(), StoreError> {
        let mut games = self.games.write().unwrap_or_else(|poisoned| poisoned.into_inner());
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
                appended: Notify::new(),
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
        let start = usize::try_from(after).unwrap_or(usize::MAX).min(log.events.len());
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
            log.responses.insert(i.key.to_owned(), i.response.to_owned());
        }
        let version = log.events.len() as u64;
        drop(log);
        entry.appended.notify_waiters();
        Ok(Appended::Ok { version })
    }

    async fn idempotent_response(&self, id: &str, key: &str) -> Result<Option<String>, StoreError> {
        let entry = self.entry(id)?;
        Ok(lock(&entry).responses.get(key).cloned())
    }

    async fn ping(&self) -> Result<(), StoreError> {
        Ok(())
    }

    async fn listen(&self, id: &str) -> Result<Box<dyn Listener>, StoreError> {
        Ok(Box::new(MemoryListener { entry: self.entry(id)? }))
    }
}

struct MemoryListener {
    entry: Arc<Entry>,
}

impl MemoryListener {
    fn newer(&self, after: u64) -> Vec<String> {
        let log = lock(&self.entry);
        let start = usize::try_from(after).unwrap_or(usize::MAX).min(log.events.len());
        log.events[start..].to_vec()
    }
}

#[async_trait]
impl Listener for MemoryListener {
    async fn events_after(&mut self, after: u64, max_wait: Duration) -> Result<Vec<String>, StoreError> {
        // Registered before the check, so an append between the check and the wait still wakes us.
        let appended = self.entry.appended.notified();
        let newer = self.newer(after);
        if !newer.is_empty() {
            return Ok(newer);
        }
        let _ = tokio::time::timeout(max_wait, appended).await;
        Ok(self.newer(after))
    }
}
