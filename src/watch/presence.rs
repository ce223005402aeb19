//! Presence: when each seat of a game was last seen, kept in the store (so that every instance sees the same), and
//! whether it is connected (seen within the presence TTL). A seat is seen when it makes an authenticated request, and
//! all along while one of its streams is open: the instance holding the stream notes it again every third of the
//! TTL. A seat that comes back (not connected until then) is announced to every instance as a room message; one that
//! goes is noticed when its TTL runs out, by each instance following the game. Either way the game's streams get a
//! `presence` message.
//!
//! Cost: noting a seat for a request never waits for the store (a background task, at most once per seat, instance
//! and third of the TTL), so a move costs what it did; answers read the store at most once per game, instance and third of the TTL, and once more
//! after another instance announced a coming (less for games this instance streams, whose presence it keeps
//! current); each instance reads or notes each game it streams once every third of the TTL.

use std::collections::HashMap;
use std::num::NonZeroUsize;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;

use lru::LruCache;
use serde::Serialize;

use super::room::RoomEvent;
use super::{Watched, Watcher, lock};
use crate::clock::now_ms;

/// How long a seat counts as connected after it was last seen, unless configured.
pub const DEFAULT_PRESENCE_TTL: Duration = Duration::from_secs(30);
/// Games whose seats seen an instance keeps for answers, and seats whose last note it remembers.
const KNOWN_CAPACITY: usize = 4096;

/// When each seat of a game was last seen, and how long a seat counts as connected after that.
#[derive(Clone, Debug, Default)]
pub struct SeatsSeen {
    seen: HashMap<String, u64>,
    ttl_ms: u64,
}

impl SeatsSeen {
    fn new(seen: impl IntoIterator<Item = (String, u64)>, ttl_ms: u64) -> Self {
        Self {
            seen: seen.into_iter().collect(),
            ttl_ms,
        }
    }

    /// When `seat` was last seen (milliseconds since the Unix epoch), if ever.
    pub fn last_seen_ms(&self, seat: &str) -> Option<u64> {
        self.seen.get(seat).copied()
    }

    /// Whether `seat` was seen within the TTL before `now_ms`.
    pub fn connected(&self, seat: &str, now_ms: u64) -> bool {
        self.last_seen_ms(seat)
            .is_some_and(|seen| seen.saturating_add(self.ttl_ms) > now_ms)
    }

    /// These seats seen at `now_ms` too.
    fn with(mut self, seats: &[&str], now_ms: u64) -> Self {
        for seat in seats {
            let seen = self.seen.entry((*seat).to_owned()).or_default();
            *seen = (*seen).max(now_ms);
        }
        self
    }
}

/// The `data` of a stream's `presence` message: a seat came or went. (Described in the stream operation's text: no
/// operation answers it as a body, and an unused schema is a warning to client generators.)
#[derive(Debug, Serialize)]
pub struct PresenceMessage {
    pub seat: String,
    /// True when the seat came (it streams or makes requests), false when it went (seen last longer than the
    /// presence TTL ago).
    pub connected: bool,
    /// When the seat was last seen (milliseconds since the Unix epoch).
    pub last_seen_ms: u64,
}

/// This instance's share of presence.
pub(super) struct Presence {
    ttl_ms: AtomicU64,
    /// Games' seats seen as last read, and when read (ms), for answers.
    known: std::sync::Mutex<LruCache<String, (u64, SeatsSeen)>>,
    /// When this instance last noted a seat (game, seat) as seen for a request, in ms.
    noted: std::sync::Mutex<LruCache<(String, String), u64>>,
}

impl Default for Presence {
    fn default() -> Self {
        let capacity = NonZeroUsize::new(KNOWN_CAPACITY).expect("non-zero");
        Self {
            ttl_ms: AtomicU64::new(DEFAULT_PRESENCE_TTL.as_millis() as u64),
            known: std::sync::Mutex::new(LruCache::new(capacity)),
            noted: std::sync::Mutex::new(LruCache::new(capacity)),
        }
    }
}

impl Presence {
    pub(super) fn ttl_ms(&self) -> u64 {
        self.ttl_ms.load(Ordering::Relaxed)
    }

    /// How often a seat that streams is noted again, and answers read again: a third of the TTL, so that a seat
    /// noted late once still counts as connected.
    pub(super) fn renewal(&self) -> Duration {
        Duration::from_millis((self.ttl_ms() / 3).max(1))
    }

    fn remember(&self, game: &str, seen: SeatsSeen) {
        lock(&self.known).put(game.to_owned(), (now_ms(), seen));
    }

    fn forget(&self, game: &str) {
        lock(&self.known).pop(game);
    }
}

impl Watcher {
    /// Sets how long a seat counts as connected after it was last seen.
    pub fn set_presence_ttl(&self, ttl: Duration) {
        let ttl_ms = u64::try_from(ttl.as_millis()).unwrap_or(u64::MAX).max(1);
        self.presence.ttl_ms.store(ttl_ms, Ordering::Relaxed);
    }

    /// When each seat of game `id` was last seen, as this instance knows it if it read it recently, else read now;
    /// `None` when the store does not answer (presence is then left out rather than the answer failing).
    pub async fn seats_seen(&self, id: &str) -> Option<SeatsSeen> {
        self.ensure_rooms_watched();
        let fresh_for = self.presence.renewal().as_millis() as u64;
        if let Some((read_ms, seen)) = lock(&self.presence.known).get(id)
            && now_ms().saturating_sub(*read_ms) < fresh_for
        {
            return Some(seen.clone());
        }
        self.read_seen(id).await
    }

    /// When each seat of game `id` was last seen, read now (and kept for answers); `None` when the store does not
    /// answer.
    async fn read_seen(&self, id: &str) -> Option<SeatsSeen> {
        match self.store.rooms().seen(id).await {
            Ok(seen) => {
                let seen = SeatsSeen::new(seen, self.presence.ttl_ms());
                self.presence.remember(id, seen.clone());
                Some(seen)
            }
            Err(error) => {
                tracing::warn!(%error, game = id, "presence not read");
                None
            }
        }
    }

    /// Notes `seat` of game `id` as seen for a request, without waiting: in the background, at most once per third
    /// of the TTL on this instance. A seat that was not connected is announced to every instance.
    pub fn note_seen(&self, id: &str, seat: &str) {
        let now = now_ms();
        {
            let mut noted = lock(&self.presence.noted);
            let key = (id.to_owned(), seat.to_owned());
            if noted
                .get(&key)
                .is_some_and(|at| now.saturating_sub(*at) < self.presence.renewal().as_millis() as u64)
            {
                return;
            }
            noted.put(key, now);
        }
        let (me, id, seat) = (self.me.clone(), id.to_owned(), seat.to_owned());
        if let Ok(runtime) = tokio::runtime::Handle::try_current() {
            runtime.spawn(async move {
                if let Some(watcher) = me.upgrade() {
                    watcher.see(&id, &[&seat], now).await;
                }
            });
        }
    }

    /// Notes `seats` of game `id` as seen at `now`; announces those that came to every instance. What is then known
    /// of the game's seats, or `None` when the store did not answer.
    async fn see(&self, id: &str, seats: &[&str], now: u64) -> Option<SeatsSeen> {
        let ttl_ms = self.presence.ttl_ms();
        let before = match self.store.rooms().see(id, seats, now).await {
            Ok(before) => SeatsSeen::new(before, ttl_ms),
            Err(error) => {
                tracing::warn!(%error, game = id, "seats not noted as seen");
                return None;
            }
        };
        if seats.iter().any(|seat| !before.connected(seat, now)) {
            self.announce_presence(id).await;
        }
        let seen = before.with(seats, now);
        self.presence.remember(id, seen.clone());
        Some(seen)
    }

    /// A room message said that a seat of game `id` came: what this instance knows of it is stale, unless the news
    /// is `ours` (this instance noted the seat, and what it knows already); the game's streams here are told.
    pub(super) fn presence_changed(&self, id: &str, ours: bool) {
        if !ours {
            self.presence.forget(id);
        }
        if let Some(watched) = lock(&self.games).get(id).cloned() {
            let me = self.me.clone();
            let id = id.to_owned();
            tokio::spawn(async move {
                if let Some(watcher) = me.upgrade() {
                    watcher.follow_presence(&id, &watched).await;
                }
            });
        }
    }

    /// Brings what the game's streams on this instance were told up to date: notes the seats that stream here as
    /// seen, or reads who was seen, and tells the streams who came or went.
    pub(super) async fn follow_presence(&self, id: &str, watched: &Watched) {
        let attending: Vec<String> = lock(&watched.attending).keys().cloned().collect();
        let seen = if attending.is_empty() {
            self.read_seen(id).await
        } else {
            let seats: Vec<&str> = attending.iter().map(String::as_str).collect();
            self.see(id, &seats, now_ms()).await
        };
        if let Some(seen) = seen {
            tell(watched, &seen);
        }
    }

    /// Every game streamed here: its seats that stream noted as seen again, its comings and goings told.
    pub(super) async fn follow_every_presence(&self) {
        let watched: Vec<(String, Arc<Watched>)> = lock(&self.games)
            .iter()
            .map(|(id, watched)| (id.clone(), watched.clone()))
            .collect();
        futures_util::StreamExt::for_each_concurrent(
            futures_util::stream::iter(watched),
            super::SWEEP_CONCURRENCY,
            |(id, watched)| async move { self.follow_presence(&id, &watched).await },
        )
        .await;
    }
}

/// Tells the game's streams which seats came or went since they were last told. The first time, nothing is told:
/// the streams start from the game as they read it.
fn tell(watched: &Watched, seen: &SeatsSeen) {
    let now = now_ms();
    let mut told = lock(&watched.told);
    let first = told.is_none();
    let told = told.get_or_insert_with(HashMap::new);
    for (seat, &last_seen_ms) in &seen.seen {
        let connected = seen.connected(seat, now);
        if told.insert(seat.clone(), connected).unwrap_or(false) == connected || first {
            continue;
        }
        let message = PresenceMessage {
            seat: seat.clone(),
            connected,
            last_seen_ms,
        };
        let data = serde_json::to_string(&message).expect("presence messages serialize");
        // No stream listening is not an error.
        let _ = watched.room.send(RoomEvent::Presence(data.into()));
    }
}
