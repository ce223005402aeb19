//! The game service: loads a game's log, rebuilds its state with the title's engine, decides actions and appends
//! their events with an expected version. Stateless between requests except for a cache of rebuilt states, which is
//! always caught up with the store before use, so several instances can share one store.

use std::num::NonZeroUsize;
use std::sync::{Arc, Mutex};
use std::time::{SystemTime, UNIX_EPOCH};

use lru::LruCache;
use serde_json::Value;
use sha2::{Digest, Sha256};
use subtle::ConstantTimeEq;

use crate::engine::{
    ActionError, GameSeed, GameSession, Registry, ReplayError, Seat, SetupError, Title, TitleInfo, Viewer,
};
use crate::store::{Appended, EventStore, GameMeta, Idempotency, StoreError};

/// How many times a move is re-decided after losing a race, when the client did not pin a version.
const CONFLICT_RETRIES: usize = 5;
/// Rebuilt games kept in memory.
const CACHE_CAPACITY: usize = 4096;

#[derive(Debug, thiserror::Error)]
pub enum ServiceError {
    #[error("unknown title {0:?}")]
    UnknownTitle(String),
    #[error(transparent)]
    Setup(#[from] SetupError),
    #[error("no game with this id")]
    GameNotFound,
    #[error("this request needs a seat token (Authorization: Bearer <token>)")]
    MissingToken,
    #[error("the token does not belong to a seat of this game")]
    InvalidToken,
    #[error("the game is at version {actual}, not {expected}")]
    VersionConflict { expected: u64, actual: u64 },
    #[error("the game kept changing; try again")]
    Contention,
    #[error(transparent)]
    Action(#[from] ActionError),
    #[error(transparent)]
    Store(StoreError),
    #[error("the stored game cannot be rebuilt: {0}")]
    Corrupt(String),
}

impl From<StoreError> for ServiceError {
    fn from(error: StoreError) -> Self {
        match error {
            StoreError::NotFound => ServiceError::GameNotFound,
            StoreError::Corrupt(reason) => ServiceError::Corrupt(reason),
            other => ServiceError::Store(other),
        }
    }
}

impl From<ReplayError> for ServiceError {
    fn from(error: ReplayError) -> Self {
        ServiceError::Corrupt(error.to_string())
    }
}

/// A game rebuilt at some version, with what is needed to serve it.
#[derive(Clone)]
pub struct Snapshot {
    pub meta: Arc<GameMeta>,
    pub title: Arc<dyn Title>,
    pub seats: Arc<[&'static str]>,
    pub session: Arc<dyn GameSession>,
}

impl Snapshot {
    pub fn version(&self) -> u64 {
        self.session.version()
    }

    pub fn seat_name(&self, seat: Seat) -> &'static str {
        self.seats[seat]
    }

    pub fn to_act(&self) -> Vec<&'static str> {
        self.session.to_act().into_iter().map(|seat| self.seats[seat]).collect()
    }

    /// The viewer a bearer token stands for (a spectator without a token).
    pub fn viewer(&self, token: Option<&str>) -> Result<Viewer, ServiceError> {
        match token {
            None => Ok(Viewer::Spectator),
            Some(token) => self.seat_of(token).map(Viewer::Seat),
        }
    }

    /// The seat a bearer token belongs to; compared in constant time.
    pub fn seat_of(&self, token: &str) -> Result<Seat, ServiceError> {
        let presented = hash_token(token);
        let mut found = None;
        for (seat, stored) in self.meta.token_hashes.iter().enumerate() {
            if bool::from(stored.as_bytes().ct_eq(presented.as_bytes())) {
                found = Some(seat);
            }
        }
        found.ok_or(ServiceError::InvalidToken)
    }

    /// The stored events after `after`, as `viewer` may see them, numbered by their log position (1-based).
    /// Once the game is over the log is public, except what the title keeps secret forever.
    pub fn visible_events(&self, events: &[String], after: u64, viewer: Viewer) -> Vec<(u64, Value)> {
        events
            .iter()
            .enumerate()
            .filter_map(|(offset, event)| {
                let visible = self.session.redact(event, viewer);
                visible.map(|event| (after + offset as u64 + 1, event))
            })
            .collect()
    }
}

/// A new game and the seat tokens, which are returned once and stored only hashed.
pub struct Created {
    pub snapshot: Snapshot,
    pub tokens: Vec<(&'static str, String)>,
}

/// The answer to a move: either freshly decided, or the stored answer to an earlier request with the same key.
pub enum PlayOutcome {
    Played { response: String },
    Replayed { response: String },
}

/// What a rendered move answer is built from.
pub struct Move<'a> {
    pub after: &'a Snapshot,
    pub seat: Seat,
    /// Log position before the move's events.
    pub from_version: u64,
    pub events: &'a [String],
}

pub struct GameService {
    registry: Registry,
    store: Arc<dyn EventStore>,
    cache: Mutex<LruCache<String, Snapshot>>,
}

pub fn hash_token(token: &str) -> String {
    hex::encode(Sha256::digest(token.as_bytes()))
}

fn now_ms() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |elapsed| elapsed.as_millis() as u64)
}

impl GameService {
    pub fn new(registry: Registry, store: Arc<dyn EventStore>) -> Self {
        Self {
            registry,
            store,
            cache: Mutex::new(LruCache::new(NonZeroUsize::new(CACHE_CAPACITY).expect("non-zero"))),
        }
    }

    pub fn store(&self) -> &dyn EventStore {
        self.store.as_ref()
    }

    pub fn titles(&self) -> impl Iterator<Item = &TitleInfo> {
        self.registry.infos()
    }

    pub fn registry(&self) -> &Registry {
        &self.registry
    }

    pub async fn create(
        &self,
        title_id: &str,
        players: usize,
        seed: Option<u64>,
        options: Option<&Value>,
    ) -> Result<Created, ServiceError> {
        let title = self
            .registry
            .get(title_id)
            .ok_or_else(|| ServiceError::UnknownTitle(title_id.to_owned()))?
            .clone();
        let info = title.info();
        if !(info.min_players..=info.max_players).contains(&players) {
            return Err(SetupError::PlayerCount {
                min: info.min_players,
                max: info.max_players,
                requested: players,
            }
            .into());
        }
        let options = title.normalize_options(options)?;
        let seed = seed.map_or_else(GameSeed::random, GameSeed::from_u64);
        let events = title.create(players, &options, seed)?;
        let session = title.replay(players, &options, &events)?;
        let seats: Arc<[&'static str]> = info.seats[..players].into();
        let tokens: Vec<(&'static str, String)> = seats
            .iter()
            .map(|&seat| (seat, hex::encode(rand::random::<[u8; 32]>())))
            .collect();
        let meta = GameMeta {
            id: hex::encode(rand::random::<[u8; 16]>()),
            title: info.id.to_owned(),
            players,
            options: options.to_string(),
            token_hashes: tokens.iter().map(|(_, token)| hash_token(token)).collect(),
            seed: seed.to_hex(),
            created_at_ms: now_ms(),
        };
        self.store.create(&meta, &events).await?;
        let snapshot = Snapshot {
            meta: Arc::new(meta),
            title,
            seats,
            session: session.into(),
        };
        self.remember(&snapshot);
        Ok(Created { snapshot, tokens })
    }

    /// The game at the latest version of its log.
    pub async fn load(&self, id: &str) -> Result<Snapshot, ServiceError> {
        let cached = self.cache.lock().unwrap_or_else(|p| p.into_inner()).get(id).cloned();
        let snapshot = match cached {
            Some(snapshot) => {
                let newer = self.store.events_after(id, snapshot.version()).await?;
                if newer.is_empty() {
                    return Ok(snapshot);
                }
                let mut session = snapshot.session.clone_session();
                session.apply(&newer)?;
                Snapshot {
                    session: session.into(),
                    ..snapshot
                }
            }
            None => {
                let meta = self.store.meta(id).await?;
                let events = self.store.events_after(id, 0).await?;
                self.rebuild(meta, &events)?
            }
        };
        self.remember(&snapshot);
        Ok(snapshot)
    }

    fn rebuild(&self, meta: GameMeta, events: &[String]) -> Result<Snapshot, ServiceError> {
        let title = self
            .registry
            .get(&meta.title)
            .ok_or_else(|| ServiceError::Corrupt(format!("title {} is not served by this build", meta.title)))?
            .clone();
        let options: Value = serde_json::from_str(&meta.options).map_err(|e| ServiceError::Corrupt(e.to_string()))?;
        let session = title.replay(meta.players, &options, events)?;
        let seats: Arc<[&'static str]> = title
            .info()
            .seats
            .get(..meta.players)
            .ok_or_else(|| ServiceError::Corrupt("more players than seats".into()))?
            .into();
        Ok(Snapshot {
            meta: Arc::new(meta),
            title,
            seats,
            session: session.into(),
        })
    }

    /// The game's state right after the first `version` events of its log (for streams that resume mid-log).
    pub async fn session_at(&self, snapshot: &Snapshot, version: u64) -> Result<Box<dyn GameSession>, ServiceError> {
        if version == snapshot.version() {
            return Ok(snapshot.session.clone_session());
        }
        let mut events = self.store.events_after(&snapshot.meta.id, 0).await?;
        events.truncate(usize::try_from(version).unwrap_or(usize::MAX));
        let options: Value =
            serde_json::from_str(&snapshot.meta.options).map_err(|e| ServiceError::Corrupt(e.to_string()))?;
        Ok(snapshot.title.replay(snapshot.meta.players, &options, &events)?)
    }

    fn remember(&self, snapshot: &Snapshot) {
        let mut cache = self.cache.lock().unwrap_or_else(|p| p.into_inner());
        let stale = cache
            .peek(&snapshot.meta.id)
            .is_some_and(|c| c.version() > snapshot.version());
        if !stale {
            cache.put(snapshot.meta.id.clone(), snapshot.clone());
        }
    }

    /// Decides `action` for the token's seat and appends its events. `render` builds the answer (stored with the
    /// events under the idempotency key, so that a retry gets the same answer).
    pub async fn play(
        &self,
        id: &str,
        token: &str,
        action: &Value,
        expected_version: Option<u64>,
        idempotency_key: Option<&str>,
        render: &(dyn Fn(&Move<'_>) -> String + Sync),
    ) -> Result<PlayOutcome, ServiceError> {
        let mut snapshot = self.load(id).await?;
        let seat = snapshot.seat_of(token)?;
        let scoped_key = idempotency_key.map(|key| format!("{}:{key}", snapshot.seat_name(seat)));
        if let Some(key) = &scoped_key
            && let Some(response) = self.store.idempotent_response(id, key).await?
        {
            return Ok(PlayOutcome::Replayed { response });
        }
        let seed = GameSeed::from_hex(&snapshot.meta.seed)
            .ok_or_else(|| ServiceError::Corrupt("the stored seed is not 32 hex bytes".into()))?;
        for _ in 0..=CONFLICT_RETRIES {
            if let Some(expected) = expected_version
                && expected != snapshot.version()
            {
                return Err(ServiceError::VersionConflict {
                    expected,
                    actual: snapshot.version(),
                });
            }
            let played = snapshot.session.play(seat, action, seed)?;
            let after = Snapshot {
                session: played.next.into(),
                ..snapshot.clone()
            };
            let response = render(&Move {
                after: &after,
                seat,
                from_version: snapshot.version(),
                events: &played.events,
            });
            let idempotency = scoped_key.as_deref().map(|key| Idempotency {
                key,
                response: &response,
            });
            match self
                .store
                .append(id, snapshot.version(), &played.events, idempotency)
                .await
            {
                Ok(Appended::Ok { .. }) => {
                    self.remember(&after);
                    return Ok(PlayOutcome::Played { response });
                }
                Ok(Appended::Duplicate { response }) => {
                    return Ok(PlayOutcome::Replayed { response });
                }
                Err(StoreError::Conflict { actual }) => {
                    if let Some(expected) = expected_version {
                        return Err(ServiceError::VersionConflict { expected, actual });
                    }
                    snapshot = self.load(id).await?;
                }
                Err(other) => return Err(other.into()),
            }
        }
        Err(ServiceError::Contention)
    }
}
