//! Quick play's waiting tables in this process's memory.

use std::collections::{BTreeMap, HashMap};
use std::sync::Mutex;

use async_trait::async_trait;

use crate::store::{MatchmakingStore, Seating, Seeker, Sought, StoreResult, WaitingTable};

#[derive(Default)]
struct Tables {
    /// Oldest first: (since, id) → table.
    waiting: BTreeMap<(u64, String), WaitingTable>,
    /// Complete tables (or due for bots) whose game is being opened: id → the end of the claim, and the table.
    claimed: HashMap<String, (u64, WaitingTable)>,
    /// Account → the key of the table it waits at (or of a claimed table: its id).
    seeking: HashMap<String, (u64, String)>,
}

impl Tables {
    /// Moves a waiting table to the claimed ones, until `until_ms`.
    fn claim(&mut self, key: &(u64, String), until_ms: u64) -> Option<WaitingTable> {
        let table = self.waiting.remove(key)?;
        self.claimed.insert(key.1.clone(), (until_ms, table.clone()));
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
    async fn seek(&self, seating: Seating<'_>) -> StoreResult<Sought> {
        let seeker = seating.seeker;
        let mut tables = self.lock();
        if let Some((_, table)) = tables.seeking.get(&seeker.account) {
            return Ok(Sought::AlreadySeeking { table: table.clone() });
        }
        let fitting = tables
            .waiting
            .iter()
            .find(|(_, table)| table.pool == seating.pool && seating.window.fits(table, seeker, seeker.since_ms))
            .map(|(key, _)| key.clone());
        let key = match fitting {
            Some(key) => {
                let table = tables.waiting.get_mut(&key).expect("found just now");
                table.seekers.push(seeker.clone());
                if table.seekers.len() >= table.players {
                    tables.seeking.insert(seeker.account.clone(), key.clone());
                    let formed = tables
                        .claim(&key, seeker.since_ms.saturating_add(seating.lease_ms))
                        .expect("found just now");
                    return Ok(Sought::Formed(formed));
                }
                key
            }
            None => {
                let key = (seeker.since_ms, seating.new_table.to_owned());
                let table = WaitingTable {
                    id: seating.new_table.to_owned(),
                    pool: seating.pool.to_owned(),
                    players: seating.players,
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

    async fn cancel_seek(&self, account: &str) -> StoreResult<bool> {
        let mut tables = self.lock();
        let Some(key) = tables.seeking.get(account).cloned() else {
            return Ok(false);
        };
        if tables.claimed.contains_key(&key.1) {
            // Complete: its game is being opened, with the account at it.
            return Ok(false);
        }
        tables.seeking.remove(account);
        if let Some(table) = tables.waiting.get_mut(&key) {
            table.seekers.retain(|seeker| seeker.account != account);
            if table.seekers.is_empty() {
                tables.waiting.remove(&key);
            }
        }
        Ok(true)
    }

    async fn claim_due_tables(&self, now_ms: u64, lease_ms: u64, limit: usize) -> StoreResult<Vec<WaitingTable>> {
        let mut tables = self.lock();
        let until_ms = now_ms.saturating_add(lease_ms);
        let mut due: Vec<WaitingTable> = Vec::new();
        for (claim_ends, table) in tables.claimed.values_mut() {
            if due.len() < limit && *claim_ends <= now_ms {
                *claim_ends = until_ms;
                due.push(table.clone());
            }
        }
        let for_bots: Vec<(u64, String)> = tables
            .waiting
            .iter()
            .filter(|(_, table)| table.bot_at_ms().is_some_and(|at| at <= now_ms))
            .map(|(key, _)| key.clone())
            .take(limit - due.len())
            .collect();
        due.extend(for_bots.iter().filter_map(|key| tables.claim(key, until_ms)));
        Ok(due)
    }

    async fn opened(&self, table: &str) -> StoreResult<()> {
        let mut tables = self.lock();
        if let Some((_, opened)) = tables.claimed.remove(table) {
            for seeker in &opened.seekers {
                tables.seeking.remove(&seeker.account);
            }
        }
        Ok(())
    }

    async fn expire_seekers(&self, now_ms: u64, limit: usize) -> StoreResult<Vec<WaitingTable>> {
        let mut tables = self.lock();
        let expiring: Vec<(u64, String)> = tables
            .waiting
            .iter()
            .filter(|(_, table)| table.expires_at_ms().is_some_and(|at| at <= now_ms))
            .map(|(key, _)| key.clone())
            .take(limit)
            .collect();
        let mut expired = Vec::new();
        for key in expiring {
            let table = tables.waiting.get_mut(&key).expect("found just now");
            let (left, kept): (Vec<Seeker>, Vec<Seeker>) = std::mem::take(&mut table.seekers)
                .into_iter()
                .partition(|seeker| seeker.expires_at_ms.is_some_and(|at| at <= now_ms));
            table.seekers = kept;
            let mut gone = table.clone();
            if table.seekers.is_empty() {
                tables.waiting.remove(&key);
            }
            for seeker in &left {
                tables.seeking.remove(&seeker.account);
            }
            gone.seekers = left;
            expired.push(gone);
        }
        Ok(expired)
    }
}
