//! The in-memory store: one process, nothing survives a restart.

mod accounts;
mod due;
mod matchmaking;
mod ratings;
mod rooms;

use std::collections::{HashMap, VecDeque};
use std::sync::{Arc, Mutex, RwLock};
use std::time::{Duration, Instant};

use async_trait::async_trait;
use futures_util::StreamExt;
use futures_util::stream::BoxStream;
use tokio::sync::broadcast;

use self::accounts::MemoryAccounts;
use self::due::DueNotes;
use self::matchmaking::MemoryMatchmaking;
use self::ratings::MemoryRatings;
use super::{
    AccountStore, Append, Appended, ChainHash, ChatEntry, Creation, EventStore, GameMeta, Head, HeadTag, History,
    Lease, Loaded, LoadedLatest, MatchmakingStore, OutboxEntry, Persistence, Rate, RateDecision, RatingStore,
    ReadAfter, Retention, RoomMessage, RoomStore, StoreError, StoreKind, StoreResult, StoredSnapshot,
};

/// Appends announced to watchers that have not caught up yet; a slower one skips and re-reads.
const NOTIFICATION_BUFFER: usize = 4096;

struct Log {
    events: Vec<String>,
    /// The chain hash after each event.
    hashes: Vec<ChainHash>,
    head: Head,
    /// Record, expiry and the log's length once written, per idempotency key.
    records: HashMap<String, (String, Option<Instant>, u64)>,
    /// Set when the game finished, if finished games expire.
    expires: Option<Instant>,
    /// Seat and expiry per stream ticket hash.
    tickets: HashMap<String, (usize, Instant)>,
    snapshot: Option<StoredSnapshot>,
    /// The game's chat, capped, oldest first: it goes with the game.
    chat: VecDeque<ChatEntry>,
    /// When each seat was last seen, in ms.
    seen: HashMap<String, u64>,
    /// Notifications waiting to be delivered, with their ids; `outbox_next` numbers the next one.
    outbox: Vec<OutboxEntry>,
    outbox_next: u64,
    /// Where the log was taken over after losing its tail (`lose_tail`, as a Redis failover does): versions.
    forks: Vec<u64>,
    /// The tail was lost: the next append starts a new era, as another Redis process would.
    taken_over: bool,
}

impl Log {
    /// The hash the chain has after the first `version` events, if the log is that long.
    fn hash_at(&self, id: &str, version: u64) -> Option<ChainHash> {
        match usize::try_from(version).ok()? {
            0 => Some(Head::genesis(id).hash),
            length => self.hashes.get(length - 1).copied(),
        }
    }

    /// Puts notifications in the outbox.
    fn keep(&mut self, outbox: &[(String, String)]) {
        for (account, notification) in outbox {
            self.outbox_next += 1;
            self.outbox.push(OutboxEntry {
                id: self.outbox_next.to_string(),
                account: account.clone(),
                notification: notification.clone(),
            });
        }
    }

    /// As the Redis scripts' `common_version`: whether the log holds `tag`, else the last version both share.
    fn history_of(&self, id: &str, tag: HeadTag) -> History {
        if tag.version == 0
            || self
                .hash_at(id, tag.version)
                .is_some_and(|hash| tag.names(tag.version, hash))
        {
            return History::Holds;
        }
        let length = self.head.version;
        let limit = tag.version.min(length);
        let shorter = (length < tag.version).then_some(length);
        let lowest_fork = self.forks.iter().copied().filter(|fork| *fork < limit).min();
        let common = match (shorter, lowest_fork) {
            (Some(a), Some(b)) => a.min(b),
            (a, b) => a.or(b).unwrap_or(0),
        };
        History::Rewritten { common }
    }
}

struct Entry {
    meta: GameMeta,
    log: Mutex<Log>,
}

/// Logs kept in this process's memory.
pub struct MemoryStore {
    games: RwLock<HashMap<String, Arc<Entry>>>,
    /// Lobby listings: index name → game id → score.
    indexes: Mutex<HashMap<String, HashMap<String, u64>>>,
    /// When each game is next due.
    due: DueNotes,
    /// When each finished game is due in the archive.
    archival: DueNotes,
    /// Rate limits: key → theoretical arrival time (GCRA), in ms.
    rates: Mutex<HashMap<String, u64>>,
    /// Capped places: pool → holder → end of lease, in ms.
    places: Mutex<HashMap<String, HashMap<String, u64>>>,
    retention: Retention,
    appended: broadcast::Sender<String>,
    rooms: broadcast::Sender<RoomMessage>,
    accounts: MemoryAccounts,
    ratings: MemoryRatings,
    matchmaking: MemoryMatchmaking,
}

impl Default for MemoryStore {
    fn default() -> Self {
        Self::new(Retention::default())
    }
}

impl MemoryStore {
    pub fn new(retention: Retention) -> Self {
        Self {
            games: RwLock::default(),
            indexes: Mutex::default(),
            due: DueNotes::default(),
            archival: DueNotes::default(),
            rates: Mutex::default(),
            places: Mutex::default(),
            retention,
            appended: broadcast::channel(NOTIFICATION_BUFFER).0,
            rooms: broadcast::channel(NOTIFICATION_BUFFER).0,
            accounts: MemoryAccounts::default(),
            ratings: MemoryRatings::default(),
            matchmaking: MemoryMatchmaking::default(),
        }
    }

    /// Drops the last events of game `id`, keeping `keep`, with the idempotency records and snapshot that went with
    /// them, and has the next append start a new era: what a Redis failover onto a lagging replica does, for tests.
    pub fn lose_tail(&self, id: &str, keep: u64) -> StoreResult<()> {
        let entry = self.entry(id)?;
        let mut log = lock(&entry);
        let keep = usize::try_from(keep).unwrap_or(usize::MAX).min(log.events.len());
        log.events.truncate(keep);
        log.hashes.truncate(keep);
        log.head = Head::of_log(id, &log.events);
        let head = log.head.version;
        log.records.retain(|_, (_, _, written_at)| *written_at <= head);
        if log
            .snapshot
            .as_ref()
            .is_some_and(|snapshot| snapshot.head.version > head)
        {
            log.snapshot = None;
        }
        log.taken_over = true;
        Ok(())
    }

    fn entry(&self, id: &str) -> StoreResult<Arc<Entry>> {
        let games = self.games.read().unwrap_or_else(|poisoned| poisoned.into_inner());
        let entry = games.get(id).cloned().ok_or(StoreError::NotFound)?;
        let expired = lock(&entry).expires.is_some_and(|at| at <= Instant::now());
        drop(games);
        if expired {
            self.games
                .write()
                .unwrap_or_else(|poisoned| poisoned.into_inner())
                .remove(id);
            return Err(StoreError::NotFound);
        }
        Ok(entry)
    }

    /// Drops finished games whose retention ran out (called now and then, on creation).
    fn sweep(games: &mut HashMap<String, Arc<Entry>>) {
        let now = Instant::now();
        games.retain(|_, entry| lock(entry).expires.is_none_or(|at| at > now));
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

    fn accounts(&self) -> &dyn AccountStore {
        &self.accounts
    }

    fn rooms(&self) -> &dyn RoomStore {
        self
    }

    fn ratings(&self) -> &dyn RatingStore {
        &self.ratings
    }

    fn matchmaking(&self) -> &dyn MatchmakingStore {
        &self.matchmaking
    }

    async fn create_with(&self, creation: Creation<'_>) -> StoreResult<Head> {
        let Creation { meta, events, outbox } = creation;
        let mut games = self.games.write().unwrap_or_else(|poisoned| poisoned.into_inner());
        if games.len().is_power_of_two() {
            Self::sweep(&mut games);
        }
        if games.contains_key(&*meta.id) {
            return Err(StoreError::AlreadyExists);
        }
        let (head, hashes) = Head::genesis(&meta.id).extend(events);
        let mut log = Log {
            events: events.to_vec(),
            hashes,
            head,
            records: HashMap::new(),
            expires: None,
            tickets: HashMap::new(),
            snapshot: None,
            chat: VecDeque::new(),
            seen: HashMap::new(),
            forks: Vec::new(),
            taken_over: false,
            outbox: Vec::new(),
            outbox_next: 0,
        };
        log.keep(outbox);
        games.insert(
            meta.id.to_string(),
            Arc::new(Entry {
                meta: meta.clone(),
                log: Mutex::new(log),
            }),
        );
        Ok(head)
    }

    async fn load(&self, id: &str) -> StoreResult<Loaded> {
        let entry = self.entry(id)?;
        let log = lock(&entry);
        Ok(Loaded {
            meta: entry.meta.clone(),
            events: log.events.clone(),
            head: log.head,
        })
    }

    async fn load_latest(&self, id: &str) -> StoreResult<LoadedLatest> {
        let entry = self.entry(id)?;
        let log = lock(&entry);
        let snapshot = log
            .snapshot
            .clone()
            .filter(|snapshot| log.hash_at(id, snapshot.head.version) == Some(snapshot.head.hash));
        let start = snapshot.as_ref().map_or(0, |snapshot| snapshot.head.version as usize);
        Ok(LoadedLatest {
            meta: entry.meta.clone(),
            snapshot,
            events: log.events[start..].to_vec(),
            head: log.head,
        })
    }

    async fn read_after(&self, id: &str, from: Head) -> StoreResult<ReadAfter> {
        let entry = self.entry(id)?;
        let log = lock(&entry);
        let Ok(start) = usize::try_from(from.version) else {
            return Ok(ReadAfter::Diverged);
        };
        if log.hash_at(id, from.version) != Some(from.hash) {
            return Ok(ReadAfter::Diverged);
        }
        Ok(ReadAfter::Extends {
            events: log.events[start..].to_vec(),
            head: log.head,
        })
    }

    async fn append(&self, id: &str, append: Append<'_>) -> StoreResult<Appended> {
        let entry = self.entry(id)?;
        let mut log = lock(&entry);
        let now = Instant::now();
        if let Some(key) = append.idempotency.map(|i| i.key)
            && let Some((record, expires, _)) = log.records.get(key)
        {
            if expires.is_none_or(|at| at > now) {
                return Ok(Appended::Duplicate { record: record.clone() });
            }
            log.records.remove(key);
        }
        if log.head != append.from {
            let actual = log.head.version;
            let start = usize::try_from(append.from.version).unwrap_or(usize::MAX);
            if start > log.events.len() {
                return Err(StoreError::Conflict {
                    actual,
                    diverged: false,
                });
            }
            if log.hash_at(id, append.from.version) != Some(append.from.hash) {
                return Err(StoreError::Conflict { actual, diverged: true });
            }
            return Ok(Appended::Behind {
                events: log.events[start..].to_vec(),
                head: log.head,
            });
        }
        if let Some(known) = append.known
            && let History::Rewritten { common } = log.history_of(id, known)
        {
            return Ok(Appended::Rewritten { common });
        }
        if std::mem::take(&mut log.taken_over) {
            let fork = log.head.version;
            log.forks.push(fork);
        }
        let (head, hashes) = append.from.extend(append.events);
        log.keep(append.outbox);
        log.events.extend_from_slice(append.events);
        log.hashes.extend(hashes);
        log.head = head;
        if let Some(i) = append.idempotency {
            let expires = self.retention.idempotency.map(|ttl| now + ttl);
            log.records
                .insert(i.key.to_owned(), (i.record.to_owned(), expires, head.version));
        }
        if let Some(snapshot) = append.snapshot {
            log.snapshot = Some(StoredSnapshot {
                head,
                format: snapshot.format.to_owned(),
                data: snapshot.data.to_owned(),
            });
        }
        if append.finishes {
            log.expires = self.retention.finished.map(|ttl| now + ttl);
        }
        let head = log.head;
        drop(log);
        // No receiver is not an error: nobody watches.
        let _ = self.appended.send(id.to_owned());
        Ok(Appended::Ok { head })
    }

    async fn history_of(&self, id: &str, tag: HeadTag) -> StoreResult<History> {
        let entry = self.entry(id)?;
        Ok(lock(&entry).history_of(id, tag))
    }

    async fn outbox(&self, id: &str) -> StoreResult<Vec<OutboxEntry>> {
        let entry = self.entry(id)?;
        Ok(lock(&entry).outbox.clone())
    }

    async fn outbox_delivered(&self, id: &str, entries: &[String]) -> StoreResult<()> {
        let entry = self.entry(id)?;
        lock(&entry).outbox.retain(|waiting| !entries.contains(&waiting.id));
        Ok(())
    }

    async fn idempotency_record(&self, id: &str, key: &str) -> StoreResult<Option<String>> {
        let entry = self.entry(id)?;
        let log = lock(&entry);
        Ok(log
            .records
            .get(key)
            .filter(|(_, expires, _)| expires.is_none_or(|at| at > Instant::now()))
            .map(|(record, ..)| record.clone()))
    }

    async fn issue_ticket(&self, id: &str, ticket_hash: &str, seat: usize, ttl: Duration) -> StoreResult<()> {
        let entry = self.entry(id)?;
        let mut log = lock(&entry);
        let now = Instant::now();
        // Expired tickets are dropped here, so that a game holds at most the tickets of the last `ttl`.
        log.tickets.retain(|_, (_, expires)| *expires > now);
        log.tickets.insert(ticket_hash.to_owned(), (seat, now + ttl));
        Ok(())
    }

    async fn redeem_ticket(&self, id: &str, ticket_hash: &str) -> StoreResult<Option<usize>> {
        let entry = self.entry(id)?;
        let mut log = lock(&entry);
        Ok(log
            .tickets
            .remove(ticket_hash)
            .filter(|(_, expires)| *expires > Instant::now())
            .map(|(seat, _)| seat))
    }

    async fn index_put(&self, index: &str, id: &str, score: u64) -> StoreResult<()> {
        let mut indexes = self.indexes.lock().unwrap_or_else(|p| p.into_inner());
        indexes
            .entry(index.to_owned())
            .or_default()
            .insert(id.to_owned(), score);
        Ok(())
    }

    async fn index_remove(&self, index: &str, id: &str) -> StoreResult<()> {
        let mut indexes = self.indexes.lock().unwrap_or_else(|p| p.into_inner());
        if let Some(members) = indexes.get_mut(index) {
            members.remove(id);
        }
        Ok(())
    }

    async fn index_page(&self, index: &str, max_score: u64, limit: usize) -> StoreResult<Vec<(String, u64)>> {
        let indexes = self.indexes.lock().unwrap_or_else(|p| p.into_inner());
        let mut page: Vec<(String, u64)> = indexes
            .get(index)
            .into_iter()
            .flatten()
            .filter(|(_, score)| **score <= max_score)
            .map(|(id, score)| (id.clone(), *score))
            .collect();
        page.sort_unstable_by(|a, b| (b.1, &b.0).cmp(&(a.1, &a.0)));
        page.truncate(limit);
        Ok(page)
    }

    async fn schedule(&self, id: &str, due_ms: u64) -> StoreResult<()> {
        self.due.schedule(id, due_ms);
        Ok(())
    }

    async fn rate_limit(&self, key: &str, rate: Rate, now_ms: u64) -> StoreResult<RateDecision> {
        let mut rates = self.rates.lock().unwrap_or_else(|p| p.into_inner());
        if rates.len() > 100_000 {
            // Keys whose quota is whole again hold nothing worth keeping.
            rates.retain(|_, tat| *tat > now_ms);
        }
        let tat = rates.get(key).copied().unwrap_or(0);
        let (decision, next) = rate.decide(tat, now_ms);
        if let Some(next) = next {
            rates.insert(key.to_owned(), next);
        }
        Ok(decision)
    }

    async fn hold_place(&self, pool: &str, holder: &str, cap: usize, lease: Lease) -> StoreResult<bool> {
        let mut places = self.places.lock().unwrap_or_else(|p| p.into_inner());
        let held = places.entry(pool.to_owned()).or_default();
        held.retain(|_, until| *until > lease.now_ms);
        if held.len() >= cap && !held.contains_key(holder) {
            return Ok(false);
        }
        held.insert(holder.to_owned(), lease.until_ms());
        Ok(true)
    }

    async fn renew_places(&self, pool: &str, holders: &[String], lease: Lease) -> StoreResult<()> {
        let mut places = self.places.lock().unwrap_or_else(|p| p.into_inner());
        if let Some(held) = places.get_mut(pool) {
            for holder in holders {
                if let Some(until) = held.get_mut(holder) {
                    *until = lease.until_ms();
                }
            }
        }
        Ok(())
    }

    async fn release_place(&self, pool: &str, holder: &str) -> StoreResult<()> {
        let mut places = self.places.lock().unwrap_or_else(|p| p.into_inner());
        if let Some(held) = places.get_mut(pool) {
            held.remove(holder);
            if held.is_empty() {
                places.remove(pool);
            }
        }
        Ok(())
    }

    async fn earliest_due(&self) -> StoreResult<Option<u64>> {
        Ok(self.due.earliest())
    }

    async fn claim_due(&self, now_ms: u64, lease_ms: u64, limit: usize) -> StoreResult<Vec<String>> {
        Ok(self.due.claim(now_ms, lease_ms, limit))
    }

    async fn settle(&self, id: &str, claimed_ms: u64, next_ms: Option<u64>) -> StoreResult<()> {
        self.due.settle(id, claimed_ms, next_ms);
        Ok(())
    }

    async fn note_archival(&self, id: &str, due_ms: u64) -> StoreResult<()> {
        self.archival.set(id, due_ms);
        Ok(())
    }

    async fn claim_archival(&self, now_ms: u64, lease_ms: u64, limit: usize) -> StoreResult<Vec<String>> {
        Ok(self.archival.claim(now_ms, lease_ms, limit))
    }

    async fn earliest_archival(&self) -> StoreResult<Option<u64>> {
        Ok(self.archival.earliest())
    }

    async fn settle_archival(&self, id: &str, claimed_ms: u64, next_ms: Option<u64>) -> StoreResult<()> {
        self.archival.settle(id, claimed_ms, next_ms);
        Ok(())
    }

    async fn remove_game(&self, id: &str, head: Head) -> StoreResult<bool> {
        let mut games = self.games.write().unwrap_or_else(|poisoned| poisoned.into_inner());
        // The game's chat, seats seen and records are in its entry: they go with it.
        let ends_there = games.get(id).is_some_and(|entry| lock(entry).head == head);
        if ends_there {
            games.remove(id);
            self.due.forget(id);
        }
        Ok(ends_there)
    }

    async fn ping(&self) -> StoreResult<()> {
        Ok(())
    }

    async fn persistence(&self) -> StoreResult<Option<Persistence>> {
        Ok(None)
    }

    async fn appends(&self) -> StoreResult<BoxStream<'static, String>> {
        Ok(received(&self.appended))
    }
}

/// What `sender` sends from now on, as a stream that skips what a slow reader missed (readers of notifications
/// re-read what they follow now and then) and ends with the sender.
fn received<T: Clone + Send + 'static>(sender: &broadcast::Sender<T>) -> BoxStream<'static, T> {
    futures_util::stream::unfold(sender.subscribe(), |mut receiver| async move {
        loop {
            match receiver.recv().await {
                Ok(message) => return Some((message, receiver)),
                Err(broadcast::error::RecvError::Lagged(_)) => continue,
                Err(broadcast::error::RecvError::Closed) => return None,
            }
        }
    })
    .boxed()
}
