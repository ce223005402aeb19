//! The game service: loads a game's log, rebuilds its state with the title's engine, decides actions and appends
//! their events with an expected version. Stateless between requests except for a cache of rebuilt games, which is
//! always caught up with the store before use, so several instances can share one store.
//!
//! Small parts, each owning what it needs and wired together in one place (`GameService::wire`):
//! - `games` (`Games`): load (cache, snapshots, past versions), play a move, commit a decided step, settle what
//!   came due (deadlines, bots' moves, a sweep); `loaded` is the rebuilt game the parts pass around;
//! - what follows an append (`followers`): the lobby's listings (`lobby`), the accounts' game lists
//!   (`accounts/games`), notifications and webhooks (`accounts/notify`, `accounts/webhook`), ratings, the bots'
//!   queue (`bots`);
//! - `tables` (`Tables`): create, join, decline, bots' seats, the lobby, rematches, tickets, quick play;
//! - `accounts` (`Accounts`): accounts, keys and their games; `chat` (`Chat`); `error`: what they refuse.
//!
//! Handlers call the parts; none reaches the store.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use sha2::{Digest, Sha256};

use crate::engine::{Registry, TitleInfo};
use crate::store::{EventStore, Persistence, Rate, RateDecision, ReplicationStatus, StoreKind};
use crate::watch::{StreamLimits, Watcher};

mod accounts;
mod bind;
mod bots;
mod chat;
mod create;
mod ending;
mod erasure;
mod error;
mod followers;
mod games;
mod idempotency_key;
mod join;
mod lobby;
mod matchmaking;
mod name;
mod ratings;
mod rematch;
mod tables;
mod tickets;

pub use crate::clock::now_ms;
pub use crate::ids::{AccountId, AccountRef, GameId};
pub use accounts::{
    Account, AccountGame, AccountGames, AccountKind, Accounts, Caller, Delivery, GamesFilter, IssuedChallenge, KeyInfo,
    NewKey, NewSession, Notification, Notifier, PASSKEY_CHALLENGE_TTL, PASSKEYS_PER_ACCOUNT, PASSWORD_CHARS,
    PasskeyAssertion, PasskeyInfo, PasskeyRegistration, SESSION_TTL, SessionInfo, WebhookSettings, WebhookState,
    is_account_key, webauthn,
};
pub use bots::BotQueue;
pub use chat::{Chat, ChatMessage, MAX_CHAT_CHARS};
pub use create::{Created, MAX_TURN_SECONDS, NewGame, SeatChoice, SeatKeyword, SeatsRequest};
pub use ending::GameEnding;
pub use error::ServiceError;
pub use games::{Games, LoadedGame, Move, MoveRequest, PlayOutcome, RulesCodec, SNAPSHOT_EVERY};
pub use idempotency_key::{IdempotencyKey, InvalidIdempotencyKey};
pub use join::Joined;
pub use lobby::{DEFAULT_LOBBY_TTL, LobbyEntry, LobbyPage, LobbyStatus};
pub use matchmaking::{MAX_BOT_AFTER_SECONDS, SEEK_WAIT, Seek, SeekOutcome};
pub use name::{MAX_MARKS, MAX_NAME_CHARS, display_name};
pub use ratings::{LADDER, LadderBot, Ratings};
pub use rematch::Rematch;
pub use tables::Tables;
pub use tickets::TICKET_TTL;

/// How many times a move is re-decided after losing a race, when the client did not pin a version.
const CONFLICT_RETRIES: usize = 5;

/// The service's parts, wired together: the HTTP layer calls them.
pub struct GameService {
    pub games: Arc<Games>,
    pub tables: Tables,
    pub accounts: Accounts,
    pub chat: Chat,
    pub notifier: Arc<Notifier>,
    pub ratings: Ratings,
    bots: Arc<BotQueue>,
    watcher: Arc<Watcher>,
    store: Arc<dyn EventStore>,
    /// Set once a shutdown began: readiness turns 503 while the moves in flight finish.
    draining: AtomicBool,
    settings: Settings,
}

/// What the parts are built with, kept to build them again when a setting changes.
#[derive(Clone)]
struct Settings {
    registry: Registry,
    /// How long a game with open seats waits for players before it expires (`None`: forever).
    lobby_ttl: Option<Duration>,
    webhooks: WebhookSettings,
    pauses: TestPauses,
    /// Search bots thinking at once on this instance (`LUDUS_MAX_SEARCHES`; 0: one less than the cores).
    search_slots: usize,
}

impl GameService {
    pub fn new(registry: Registry, store: Arc<dyn EventStore>) -> Self {
        Self::with_stream_limits(registry, store, StreamLimits::default())
    }

    pub fn with_stream_limits(registry: Registry, store: Arc<dyn EventStore>, limits: StreamLimits) -> Self {
        // Recorded from the first request on, whoever renders them.
        crate::telemetry::metrics();
        let settings = Settings {
            registry,
            lobby_ttl: Some(DEFAULT_LOBBY_TTL),
            webhooks: WebhookSettings::default(),
            pauses: TestPauses::default(),
            search_slots: 0,
        };
        Self::wire(Watcher::new(store.clone(), limits), store, settings)
    }

    /// The one place where the parts meet: each gets the others it calls.
    fn wire(watcher: Arc<Watcher>, store: Arc<dyn EventStore>, settings: Settings) -> Self {
        let registry = &settings.registry;
        let notifier = Arc::new(Notifier::new(store.clone(), settings.webhooks, watcher.clone()));
        let ratings = Ratings::new(store.clone(), registry.clone());
        let bots = Arc::new(BotQueue::default());
        let followers =
            followers::Followers::new(store.clone(), notifier.clone(), ratings.clone(), bots.clone(), settings.pauses);
        let games =
            Arc::new(Games::new(registry.clone(), store.clone(), followers, settings.pauses, settings.search_slots));
        notifier.tell_turns_of(&games);
        let accounts = Accounts::new(store.clone(), games.clone());
        let tables = Tables::new(
            games.clone(),
            store.clone(),
            accounts.clone(),
            notifier.clone(),
            settings.lobby_ttl,
            settings.pauses,
        );
        let chat = Chat::new(store.clone(), watcher.clone());
        Self {
            games,
            tables,
            accounts,
            chat,
            notifier,
            ratings,
            bots,
            watcher,
            store,
            draining: AtomicBool::new(false),
            settings,
        }
    }

    fn rewired(self, change: impl FnOnce(&mut Settings)) -> Self {
        let mut settings = self.settings;
        change(&mut settings);
        Self::wire(self.watcher, self.store, settings)
    }

    /// The same service waiting at the steps `pauses` names: for tests that kill an instance in between.
    pub fn with_test_pauses(self, pauses: TestPauses) -> Self {
        self.rewired(|settings| settings.pauses = pauses)
    }

    /// The same service letting at most `slots` search bots think at once (0: one less than the cores, at least one).
    pub fn with_search_slots(self, slots: usize) -> Self {
        self.rewired(|settings| settings.search_slots = slots)
    }

    /// The same service delivering webhooks as `settings` say.
    pub fn with_webhooks(self, webhooks: WebhookSettings) -> Self {
        self.rewired(|settings| settings.webhooks = webhooks)
    }

    /// The same service with unfilled games expiring after `ttl` (`None`: never).
    pub fn with_lobby_ttl(self, ttl: Option<Duration>) -> Self {
        self.rewired(|settings| settings.lobby_ttl = ttl)
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

    /// The instance's reader for live streams.
    pub fn watcher(&self) -> &Watcher {
        &self.watcher
    }

    pub fn titles(&self) -> impl Iterator<Item = &TitleInfo> {
        self.settings.registry.infos()
    }

    pub fn registry(&self) -> &Registry {
        &self.settings.registry
    }

    /// Takes one from the quota `key` names, if it has one left (the store counts, for every instance).
    pub async fn take_quota(&self, key: &str, rate: Rate) -> Result<RateDecision, ServiceError> {
        Ok(self.store.rate_limit(key, rate, now_ms()).await?)
    }

    /// The store as `/health` tells it: its kind, whether it answers, how durable and how replicated it is.
    pub async fn store_health(&self) -> StoreHealth {
        let reachable = self.store.ping().await.is_ok();
        let (persistence, replication) = match reachable {
            true => (self.store.persistence().await.ok().flatten(), self.store.replication().await.ok().flatten()),
            false => (None, None),
        };
        StoreHealth {
            kind: self.store.kind(),
            reachable,
            persistence,
            replication,
        }
    }

    /// Whether the store answers (for readiness), with its replication when it has replicas.
    pub async fn store_ready(&self) -> Result<Option<ReplicationStatus>, ServiceError> {
        self.store.ping().await?;
        Ok(self.store.replication().await.ok().flatten())
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

    /// This instance's background work, until the process ends: a sweep every `sweep_every` (`None`: never, leaving
    /// it to other instances), and at once the bots' moves of the games it made a bot's turn (each game in a task of
    /// its own, so that a slow bot holds up no other).
    /// Webhook deliveries this instance noted due are claimed as they come.
    pub async fn run_background(self: Arc<Self>, sweep_every: Option<Duration>) {
        let mut ticks = sweep_every.map(|every| {
            let mut ticks = tokio::time::interval(every);
            ticks.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
            ticks
        });
        loop {
            let tick = async {
                match ticks.as_mut() {
                    Some(ticks) => ticks.tick().await,
                    None => std::future::pending().await,
                }
            };
            tokio::select! {
                _ = tick => self.sweep_all(now_ms()).await,
                () = self.bots.woken() => self.bots.play_woken(&self.games),
                () = self.notifier.woken() => {}
            }
            // Deliveries due now (woken) or come due (a tick): claims keep instances from delivering twice.
            if let Err(error) = self.notifier.deliver_webhooks().await {
                tracing::warn!(%error, "webhook deliveries not claimed; trying again at the next tick");
            }
        }
    }

    /// One sweep of everything that comes due: games' deadlines and bots, finished games due in the archive,
    /// quick-play tables, expired seeks.
    async fn sweep_all(&self, now: u64) {
        if let Err(error) = self.games.sweep(now).await {
            tracing::warn!(%error, "sweep failed; trying again at the next tick");
        }
        if let Err(error) = self.games.archive_due(now).await {
            tracing::warn!(%error, "finished games not claimed for the archive; trying again at the next tick");
        }
        if let Err(error) = self.tables.fill_due_tables(now).await {
            tracing::warn!(%error, "quick-play tables due not opened; trying again at the next tick");
        }
        if let Err(error) = self.tables.expire_seeks(now).await {
            tracing::warn!(%error, "quick-play seeks due to end not ended; trying again at the next tick");
        }
    }
}

/// The store as the probes tell it.
pub struct StoreHealth {
    pub kind: StoreKind,
    pub reachable: bool,
    pub persistence: Option<Persistence>,
    pub replication: Option<ReplicationStatus>,
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
    /// Between a finished game's copy in the archive and its removal from the live store.
    pub before_live_removal: Option<Duration>,
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
        assert_eq!(super::hash_token("abc"), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
    }
}
