//! The game service: loads a game's log, rebuilds its state with the title's engine, decides actions and appends
//! their events with an expected version. Stateless between requests except for a cache of rebuilt games, which is
//! always caught up with the store before use, so several instances can share one store.
//!
//! One concern per file: `load` (cache, snapshots, past versions), `play` (a move and its retries), `commit` (how
//! every decided step is appended), `create`, `join`, `name` (display names), `lobby`, `sweep` (deadlines and
//! expiries), `bots`, `rematch`, `tickets`; `loaded` is the rebuilt game they pass around, `error` what they refuse.

use std::collections::HashMap;
use std::num::NonZeroUsize;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use lru::LruCache;
use sha2::{Digest, Sha256};

use crate::engine::{Registry, TitleInfo};
use crate::store::EventStore;
use crate::watch::{StreamLimits, Watcher};
use crate::webhook::Deliverer;

mod accounts;
mod bots;
mod chat;
mod commit;
mod create;
mod ending;
mod error;
mod idempotency_key;
mod join;
mod load;
mod loaded;
mod lobby;
mod matchmaking;
mod meters;
mod name;
mod play;
mod ratings;
mod rematch;
mod sweep;
mod tickets;

pub use crate::clock::now_ms;
pub use accounts::{
    Account, AccountGame, AccountGames, AccountKind, Caller, Delivery, GamesFilter, KeyInfo, NewKey, Notification,
    WebhookSettings, WebhookState, is_account_key,
};
pub use chat::{ChatMessage, MAX_CHAT_CHARS};
pub use create::{Created, MAX_TURN_SECONDS, NewGame, SeatChoice, SeatKeyword, SeatsRequest};
pub use ending::GameEnding;
pub use error::ServiceError;
pub use idempotency_key::{IdempotencyKey, InvalidIdempotencyKey};
pub use join::Joined;
pub use loaded::LoadedGame;
pub use lobby::{DEFAULT_LOBBY_TTL, LobbyEntry, LobbyPage, LobbyStatus};
pub use matchmaking::{MAX_BOT_AFTER_SECONDS, SEEK_WAIT, Seek, SeekOutcome};
pub use name::{MAX_MARKS, MAX_NAME_CHARS, display_name};
pub use play::{Move, MoveRequest, PlayOutcome, Render};
pub use ratings::{LADDER, LadderBot};
pub use rematch::Rematch;
pub use tickets::TICKET_TTL;

/// How many times a move is re-decided after losing a race, when the client did not pin a version.
const CONFLICT_RETRIES: usize = 5;
/// How often (in events) a game's state is stored with an append: a cold rebuild replays fewer events than this.
pub const SNAPSHOT_EVERY: u64 = 64;
/// Rebuilt games kept in memory.
const CACHE_CAPACITY: usize = 4096;

pub struct GameService {
    registry: Registry,
    store: Arc<dyn EventStore>,
    cache: Mutex<LruCache<String, LoadedGame>>,
    watcher: Arc<Watcher>,
    /// How long a game with open seats waits for players before it expires (`None`: forever).
    lobby_ttl: Option<Duration>,
    /// Games whose bot this instance just made the one to act, for its background work to play at once.
    bots_due: Mutex<Vec<String>>,
    bots_wake: tokio::sync::Notify,
    /// The games whose bots a task of this instance plays now, each marked when woken again meanwhile.
    bots_playing: Mutex<HashMap<String, bool>>,
    /// Set once a shutdown began: readiness turns 503 while the moves in flight finish.
    draining: AtomicBool,
    webhooks: WebhookSettings,
    deliverer: Deliverer,
    /// Wakes this instance's webhook deliveries when it noted some due.
    webhooks_wake: tokio::sync::Notify,
    /// A test's hook: how long to wait between a rated game's last append and its ratings (for a kill in between).
    /// Tests' hooks: waits at steps between which a test kills the instance.
    pauses: TestPauses,
    /// Search bots thinking at once on this instance; the others wait for a slot (`LUDUS_MAX_SEARCHES`).
    searches: bots::SearchSlots,
    meters: meters::Meters,
}

impl GameService {
    pub fn new(registry: Registry, store: Arc<dyn EventStore>) -> Self {
        Self::with_stream_limits(registry, store, StreamLimits::default())
    }

    pub fn with_stream_limits(registry: Registry, store: Arc<dyn EventStore>, limits: StreamLimits) -> Self {
        // Recorded from the first request on, whoever renders them.
        crate::telemetry::metrics();
        Self {
            meters: meters::Meters::new(&registry),
            registry,
            watcher: Watcher::new(store.clone(), limits),
            store,
            cache: Mutex::new(LruCache::new(NonZeroUsize::new(CACHE_CAPACITY).expect("non-zero"))),
            lobby_ttl: Some(DEFAULT_LOBBY_TTL),
            bots_due: Mutex::default(),
            bots_wake: tokio::sync::Notify::new(),
            bots_playing: Mutex::default(),
            draining: AtomicBool::new(false),
            webhooks: WebhookSettings::default(),
            deliverer: Deliverer::new(false),
            webhooks_wake: tokio::sync::Notify::new(),
            pauses: TestPauses::default(),
            searches: bots::SearchSlots::new(bots::default_search_slots()),
        }
    }

    /// The same service waiting at the steps `pauses` names: for tests that kill an instance in between.
    pub fn with_test_pauses(mut self, pauses: TestPauses) -> Self {
        self.pauses = pauses;
        self
    }

    /// The same service letting at most `slots` search bots think at once (0: one less than the cores, at least one).
    pub fn with_search_slots(mut self, slots: usize) -> Self {
        self.searches = bots::SearchSlots::new(match slots {
            0 => bots::default_search_slots(),
            slots => slots,
        });
        self
    }

    /// Search bots thinking now on this instance, and those waiting for a slot.
    pub fn searches(&self) -> (usize, usize) {
        self.searches.load()
    }

    /// The same service delivering webhooks as `settings` say.
    pub fn with_webhooks(mut self, settings: WebhookSettings) -> Self {
        self.deliverer = Deliverer::new(settings.allow_private);
        self.webhooks = settings;
        self
    }

    /// The same service counting a seat as connected for `ttl` after it was last seen.
    pub fn with_presence_ttl(self, ttl: Duration) -> Self {
        self.watcher.set_presence_ttl(ttl);
        self
    }

    /// The same service re-reading the games its live streams follow every `every`, besides the store's
    /// notifications of appends (5 s by default).
    pub fn with_stream_sweep(self, every: Duration) -> Self {
        self.watcher.set_sweep_every(every);
        self
    }

    /// The same service with unfilled games expiring after `ttl` (`None`: never).
    pub fn with_lobby_ttl(mut self, ttl: Option<Duration>) -> Self {
        self.lobby_ttl = ttl;
        self
    }

    pub fn store(&self) -> &dyn EventStore {
        self.store.as_ref()
    }

    /// The instance's reader for live streams.
    pub fn watcher(&self) -> &Watcher {
        &self.watcher
    }

    pub fn titles(&self) -> impl Iterator<Item = &TitleInfo> {
        self.registry.infos()
    }

    pub fn registry(&self) -> &Registry {
        &self.registry
    }

    /// Marks the instance as draining before it exits: `/readyz` answers 503 from then on, and every live stream
    /// tells its client to reconnect (to another instance) and ends.
    pub fn start_draining(&self) {
        self.draining.store(true, Ordering::Relaxed);
        self.watcher.drain();
    }

    pub fn is_draining(&self) -> bool {
        self.draining.load(Ordering::Relaxed)
    }
}

/// Waits a test can put between two steps, to kill the instance in between (`LUDUS_TEST_PAUSE_*_MS`).
#[derive(Clone, Copy, Debug, Default)]
pub struct TestPauses {
    /// Between a rated game's last append and its ratings.
    pub before_rating: Option<Duration>,
    /// Between a quick-play table's completion and the opening of its game.
    pub before_opening_table: Option<Duration>,
    /// Between an append and the delivery of the notifications it left in the game's outbox.
    pub before_notifying: Option<Duration>,
}

impl TestPauses {
    /// Waits `pause`, if there is one.
    pub(crate) async fn wait(pause: Option<Duration>) {
        if let Some(pause) = pause {
            tokio::time::sleep(pause).await;
        }
    }
}

pub fn hash_token(token: &str) -> String {
    // Into a buffer: `hex::encode` collects the digits one `char` at a time, and every move hashes its token.
    let mut digits = [0; 64];
    hex::encode_to_slice(Sha256::digest(token.as_bytes()), &mut digits).expect("64 digits for 32 bytes");
    String::from_utf8(digits.to_vec()).expect("hex digits are ASCII")
}

/// A new secret token: 256 random bits, hex.
fn new_token() -> String {
    hex::encode(rand::random::<[u8; 32]>())
}

#[cfg(test)]
mod tests {
    #[test]
    fn a_token_is_stored_as_the_lowercase_hex_of_its_sha256() {
        assert_eq!(
            super::hash_token("abc"),
            "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
        );
    }
}
