//! Quick play's waiting tables in this process's memory.

use std::collections::{BTreeMap, HashMap};
use std::sync::Mutex;

use async_trait::async_trait;

use crate::store::{MatchmakingStore, Seeker, Sought, StoreError, WaitingTable, Window};

#[derive(Default)]
struct Tables {
    /// Oldest first: (since, id) → table.
    waiting: BTreeMap<(u64, String), WaitingTable>,
    /// Account → the key of the table it waits at.
    seeking: HashMap<String, (u64, String)>,
}

impl Tables {
    fn take(&mut self, key: &(u64, String)) -> Option<WaitingTable> {
        let table = self.waiting.remove(key)?;
        for seeker in &table.seekers {
            self.seeking.remove(&seeker.account);
        }
        Some(table)
    }
}

#[derive(Default)]
pub(super) struct MemoryMatchmaking(Mutex<Tables>);

impl MemoryMatchmaking {
    fn lock(&self) -> std::sync::MutexGuard<'_, Tables> {
        self.0.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
    }
}

#[async_trait]
impl MatchmakingStore for MemoryMatchmaking {
    async fn seek(
        &self,
        pool: &str,
        players: usize,
        seeker: &Seeker,
        window: Window,
        new_table: &str,
    ) -> Result<Sought, StoreError> {
        let mut tables = self.lock();
        if let Some((_, table)) = tables.seeking.get(&seeker.account) {
            return Ok(Sought::AlreadySeeking { table: table.clone() });
        }
        let fitting = tables
            .waiting
            .iter()
            .find(|(_, table)| table.pool == pool && window.fits(table, seeker, seeker.since_ms))
            .map(|(key, _)| key.clone());
        let key = match fitting {
            Some(key) => {
                let table = tables.waiting.get_mut(&key).expect("found just now");
                table.seekers.push(seeker.clone());
                if table.seekers.len() >= table.players {
                    let formed = tables.take(&key).expect("found just now");
                    return Ok(Sought::Formed(formed));
                }
                key
            }
            None => {
                let key = (seeker.since_ms, new_table.to_owned());
                let table = WaitingTable {
                    id: new_table.to_owned(),
                    pool: pool.to_owned(),
                    players,
                    since_ms: seeker.since_ms,
                    seekers: vec![seeker.clone()],
                };
                tables.waiting.insert(key.clone(), table);
                key
            }
        };
        let table = key.1.clone();
        tables.seeking.insert(seeker.account.clone(), key);
        Ok(Sought::Waiting { table })
    }

    async fn cancel_seek(&self, account: &str) -> Result<bool, StoreError> {
        let mut tables = self.lock();
        let Some(key) = tables.seeking.remove(account) else {
            return Ok(false);
        };
        if let Some(table) = tables.waiting.get_mut(&key) {
            table.seekers.retain(|seeker| seeker.account != account);
            if table.seekers.is_empty() {
                tables.waiting.remove(&key);
            }
        }
        Ok(true)
    }

    async fn take_due_tables(&self, now_ms: u64, limit: usize) -> Result<Vec<WaitingTable>, StoreError> {
        let mut tables = self.lock();
        let due: Vec<(u64, String)> = tables
            .waiting
            .iter()
            .filter(|(_, table)| table.bot_at_ms().is_some_and(|at| at <= now_ms))
            .map(|(key, _)| key.clone())
            .take(limit)
            .collect();
        Ok(due.iter().filter_map(|key| tables.take(key)).collect())
    }
}
