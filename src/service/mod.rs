//! The game service: loads a game's log, rebuilds its state with the title's engine, decides actions and appends
//! their events with an expected version. Stateless between requests except for a cache of rebuilt states, which is
//! always caught up with the store before use, so several instances can share one store.

use std::num::NonZeroUsize;
use std::sync::{Arc, Mutex};
use std::time::{SystemTime, UNIX_EPOCH};

use lru::LruCache;
use serde_json::Value;
use serde_json::value::RawValue;
use sha2::{Digest, Sha256};
use subtle::ConstantTimeEq;

use crate::engine::{ActionError, GameSession, Registry, ReplayError, Seat, SetupError, Title, TitleInfo, Viewer};
use crate::store::{
    Appended, ChainHash, EventStore, GameMeta, Head, Idempotency, ReadAfter, StoreError, StoredSnapshot,
};
use crate::watch::{StreamLimits, Watcher};

mod table;

pub use table::{
    DEFAULT_LOBBY_TTL, Joined, LobbyEntry, LobbyPage, LobbyStatus, NewGame, Rematch, SeatChoice, SeatsRequest,
};

/// How many times a move is re-decided after losing a race, when the client did not pin a version.
const CONFLICT_RETRIES: usize = 5;
/// How often (in events) a game's state is stored with an append: a cold rebuild replays fewer events than this.
pub const SNAPSHOT_EVERY: u64 = 64;
/// Rebuilt games kept in memory.
const CACHE_CAPACITY: usize = 4096;
/// How long a stream ticket may wait to be redeemed: enough to open a stream, short enough that a ticket seen in a
/// URL or a log is worthless.
pub const TICKET_TTL: std::time::Duration = std::time::Duration::from_secs(60);

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
    #[error("this stream ticket is unknown, expired or already used; ask for a new one")]
    InvalidTicket,
    #[error("the game is at version {actual}, not {expected}")]
    VersionConflict { expected: u64, actual: u64 },
    #[error("the game kept changing; try again")]
    Contention,
    #[error(transparent)]
    Action(#[from] ActionError),
    #[error("this is an action of {0}, not of this game's title")]
    ActionOfAnotherTitle(&'static str),
    #[error(transparent)]
    Store(StoreError),
    #[error("this Idempotency-Key was already used for a different request")]
    IdempotencyKeyReused,
    #[error(
        "the move recorded under this Idempotency-Key is no longer in the log (the store lost it); send the move again under a new key"
    )]
    IdempotencyRecordLost,
    #[error("the game's log changed while it was read; try again")]
    LogChanged,
    #[error("the stored game cannot be rebuilt: {0}")]
    Corrupt(String),
    #[error("{0}")]
    InvalidSeats(String),
    /// Seats that the title has, but not with this number of players.
    #[error("{0}")]
    SeatsConflict(String),
    #[error("turn_seconds must be 1 to {max}", max = table::MAX_TURN_SECONDS)]
    InvalidTurnSeconds,
    #[error("a display name has 1 to {max} characters, none of them a control character", max = table::MAX_NAME_CHARS)]
    InvalidName,
    #[error(
        "a game with open seats and an explicit seed can be worked out by anyone who knows the seed (the opponent \
         included): send \"public_seed\": true to create it anyway"
    )]
    SeedNotPublic,
    #[error("this game has no seat {0:?}")]
    SeatNotFound(String),
    #[error("seat {0} is already taken")]
    SeatTaken(&'static str),
    #[error("the game is over: nobody can join it")]
    JoinTooLate,
    #[error("the game is not over yet: a rematch follows a finished game")]
    NotFinished,
    #[error("this game expired before every seat was taken: there is nobody to play a rematch with")]
    NoRematch,
    /// A bot's thinking ended abnormally (a bug: nothing is logged, and the game's note brings it back).
    #[error("the bot's move failed: {0}")]
    BotFailed(String),
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

/// A game rebuilt at some head of its log, with what is needed to serve it.
#[derive(Clone)]
pub struct Snapshot {
    pub meta: Arc<GameMeta>,
    pub title: Arc<dyn Title>,
    pub seats: Arc<[&'static str]>,
    pub session: Arc<dyn GameSession>,
    /// The log position `session` was built at.
    pub head: Head,
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
        for seat in 0..self.seats.len() {
            if bool::from(self.token_hash(seat).as_bytes().ct_eq(presented.as_bytes())) {
                found = Some(seat);
            }
        }
        found.ok_or(ServiceError::InvalidToken)
    }

    /// The stored events after `after`, as `viewer` may see them, numbered by their log position (1-based).
    /// Once the game is over the log is public, except what the title keeps secret forever.
    pub fn visible_events(&self, events: &[String], after: u64, viewer: Viewer) -> Vec<(u64, Box<RawValue>)> {
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
    watcher: Arc<Watcher>,
    /// How long a game with open seats waits for players before it expires (`None`: forever).
    lobby_ttl: Option<std::time::Duration>,
    /// Games whose bot this instance just made the one to act, for its background work to play at once.
    bots_due: std::sync::Mutex<Vec<String>>,
    bots_wake: tokio::sync::Notify,
}

/// The state to store with the append that leads from `before` to `after`, with its format: every SNAPSHOT_EVERY
/// events, so that a rebuild never replays more than that many events.
fn snapshot_of(before: &Snapshot, after: &Snapshot) -> Option<(String, String)> {
    (after.head.version / SNAPSHOT_EVERY > before.head.version / SNAPSHOT_EVERY)
        .then(|| (before.title.snapshot_format(), after.session.snapshot()))
}

/// When a sweep must next look at a game: its deadline or expiry, or a little after `now` while a bot is to act.
/// The instance that made it the bot's turn plays the bot at once; the note covers that instance's crash.
fn due_ms(session: &dyn GameSession, now: u64) -> Option<u64> {
    let bot = session
        .bot_to_act()
        .map(|_| now.saturating_add(table::SWEEP_LEASE.as_millis() as u64));
    match (session.next_due_ms(), bot) {
        (Some(due), Some(bot)) => Some(due.min(bot)),
        (due, bot) => due.or(bot),
    }
}

pub fn hash_token(token: &str) -> String {
    hex::encode(Sha256::digest(token.as_bytes()))
}

pub fn now_ms() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |elapsed| elapsed.as_millis() as u64)
}

impl GameService {
    pub fn new(registry: Registry, store: Arc<dyn EventStore>) -> Self {
        Self::with_stream_limits(registry, store, StreamLimits::default())
    }

    pub fn with_stream_limits(registry: Registry, store: Arc<dyn EventStore>, limits: StreamLimits) -> Self {
        Self {
            registry,
            watcher: Watcher::new(store.clone(), limits),
            store,
            cache: Mutex::new(LruCache::new(NonZeroUsize::new(CACHE_CAPACITY).expect("non-zero"))),
            lobby_ttl: Some(table::DEFAULT_LOBBY_TTL),
            bots_due: std::sync::Mutex::default(),
            bots_wake: tokio::sync::Notify::new(),
        }
    }

    /// The same service with unfilled games expiring after `ttl` (`None`: never).
    pub fn with_lobby_ttl(mut self, ttl: Option<std::time::Duration>) -> Self {
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

    /// An action that is not the game's title's but fits another title's is well-formed for the API as a whole (the
    /// OpenAPI document accepts it): it is refused as unfit for this game rather than as malformed.
    fn action_error(&self, error: ActionError, action: &Value) -> ServiceError {
        if let ActionError::Malformed(_) = error
            && let Some(other) = self.registry.titles().find(|title| title.is_action(action))
        {
            return ServiceError::ActionOfAnotherTitle(other.info().name);
        }
        error.into()
    }

    /// A new single-use ticket that opens one stream of the snapshot's game as `seat` within `TICKET_TTL`, for clients
    /// that cannot send headers (a browser's EventSource). 128 random bits; only its hash is stored.
    pub async fn issue_ticket(&self, snapshot: &Snapshot, seat: Seat) -> Result<String, ServiceError> {
        let ticket = hex::encode(rand::random::<[u8; 16]>());
        self.store
            .issue_ticket(&snapshot.meta.id, &hash_token(&ticket), seat, TICKET_TTL)
            .await?;
        Ok(ticket)
    }

    /// The seat a stream ticket of the snapshot's game stands for, consuming the ticket.
    pub async fn redeem_ticket(&self, snapshot: &Snapshot, ticket: &str) -> Result<Seat, ServiceError> {
        self.store
            .redeem_ticket(&snapshot.meta.id, &hash_token(ticket))
            .await?
            .filter(|&seat| seat < snapshot.seats.len())
            .ok_or(ServiceError::InvalidTicket)
    }

    /// The game at the latest version of its log. A cached state is used only once the store proved that its log
    /// extends it; otherwise (the store lost or replaced events) it is dropped and the game rebuilt from the log.
    pub async fn load(&self, id: &str) -> Result<Snapshot, ServiceError> {
        if let Some(snapshot) = self.cached(id) {
            match self.store.read_after(id, snapshot.head).await {
                Ok(ReadAfter::Extends { events, head }) => return self.caught_up(&snapshot, &events, head),
                Ok(ReadAfter::Diverged) => {
                    tracing::warn!(
                        game = id,
                        version = snapshot.head.version,
                        "cached game is not the log's: rebuilding"
                    );
                    self.forget(id);
                }
                Err(StoreError::NotFound) => {
                    self.forget(id);
                    return Err(ServiceError::GameNotFound);
                }
                Err(other) => return Err(other.into()),
            }
        }
        let latest = self.store.load_latest(id).await?;
        let title = self.title_of(&latest.meta)?;
        let snapshot = match latest.snapshot {
            None => self.rebuild(title, latest.meta, &latest.events, latest.head)?,
            Some(stored) => match restore(&title, &stored, id) {
                Some(mut session) => {
                    session.apply(&latest.events)?;
                    self.serve(title, latest.meta, session, latest.head)?
                }
                None => {
                    let loaded = self.store.load(id).await?;
                    self.rebuild(title, loaded.meta, &loaded.events, loaded.head)?
                }
            },
        };
        self.remember(&snapshot);
        Ok(snapshot)
    }

    /// The cached state of a game, not checked against the log (for writes, whose append checks it).
    fn cached(&self, id: &str) -> Option<Snapshot> {
        self.cache.lock().unwrap_or_else(|p| p.into_inner()).get(id).cloned()
    }

    /// `snapshot` followed by `events`, which the store proved come next, ending at `head`; remembered.
    fn caught_up(&self, snapshot: &Snapshot, events: &[String], head: Head) -> Result<Snapshot, ServiceError> {
        if events.is_empty() {
            return Ok(snapshot.clone());
        }
        let mut session = snapshot.session.clone_session();
        session.apply(events)?;
        let snapshot = Snapshot {
            session: session.into(),
            head,
            ..snapshot.clone()
        };
        self.remember(&snapshot);
        Ok(snapshot)
    }

    fn title_of(&self, meta: &GameMeta) -> Result<Arc<dyn Title>, ServiceError> {
        self.registry
            .get(&meta.title)
            .cloned()
            .ok_or_else(|| ServiceError::Corrupt(format!("title {} is not served by this build", meta.title)))
    }

    fn rebuild(
        &self,
        title: Arc<dyn Title>,
        meta: GameMeta,
        events: &[String],
        head: Head,
    ) -> Result<Snapshot, ServiceError> {
        let session = replay(&title, &meta, events)?;
        self.serve(title, meta, session, head)
    }

    /// A rebuilt session with what serving it needs.
    fn serve(
        &self,
        title: Arc<dyn Title>,
        meta: GameMeta,
        session: Box<dyn GameSession>,
        head: Head,
    ) -> Result<Snapshot, ServiceError> {
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
            head,
        })
    }

    /// The first `version` events of the snapshot's log, read back and checked against the snapshot's head (so that
    /// they are the very events the snapshot was built from).
    pub async fn log_until(&self, snapshot: &Snapshot, version: u64) -> Result<Vec<String>, ServiceError> {
        let Some(mut events) = self.log_ending_at(&snapshot.meta.id, snapshot.head).await? else {
            self.forget(&snapshot.meta.id);
            return Err(ServiceError::LogChanged);
        };
        events.truncate(usize::try_from(version).unwrap_or(usize::MAX));
        Ok(events)
    }

    /// The log's first `head.version` events, if they are the ones that end at `head`; `None` when the log lost or
    /// replaced them.
    async fn log_ending_at(&self, id: &str, head: Head) -> Result<Option<Vec<String>>, ServiceError> {
        let mut events = self.store.load(id).await?.events;
        let length = usize::try_from(head.version).unwrap_or(usize::MAX);
        if events.len() < length {
            return Ok(None);
        }
        events.truncate(length);
        Ok((Head::of_log(id, &events) == head).then_some(events))
    }

    /// The game's state and head right after the first `version` events of its log (for streams that resume
    /// mid-log).
    pub async fn session_at(
        &self,
        snapshot: &Snapshot,
        version: u64,
    ) -> Result<(Box<dyn GameSession>, Head), ServiceError> {
        if version == snapshot.version() {
            return Ok((snapshot.session.clone_session(), snapshot.head));
        }
        let events = self.log_until(snapshot, version).await?;
        let session = replay(&snapshot.title, &snapshot.meta, &events)?;
        Ok((session, Head::of_log(&snapshot.meta.id, &events)))
    }

    /// The game as it was right after the first `version` events of the snapshot's log (`version` at most the
    /// snapshot's), rebuilt from them: views of it show each seat exactly what it saw then.
    pub async fn snapshot_at(&self, snapshot: &Snapshot, version: u64) -> Result<Snapshot, ServiceError> {
        let (session, head) = self.session_at(snapshot, version).await?;
        Ok(Snapshot {
            session: session.into(),
            head,
            ..snapshot.clone()
        })
    }

    fn remember(&self, snapshot: &Snapshot) {
        // Whatever is cached is checked against the log before use, so the latest write simply wins.
        let mut cache = self.cache.lock().unwrap_or_else(|p| p.into_inner());
        cache.put(snapshot.meta.id.clone(), snapshot.clone());
    }

    fn forget(&self, id: &str) {
        self.cache.lock().unwrap_or_else(|p| p.into_inner()).pop(id);
    }

    /// Decides `action` for the token's seat and appends its events. `render` builds the answer; under an
    /// idempotency key the store keeps a small record of the move, from which a retry's answer is rebuilt.
    ///
    /// One store round trip on a hot cache: the move is decided on the cached state without reading the log first,
    /// because the conditional append checks that state against the log anyway and, when other writers got there
    /// first, answers with what the cache missed (then the move is decided again). A refusal decided on the cached
    /// state is only given once a fresh read confirms it.
    pub async fn play(
        &self,
        id: &str,
        token: &str,
        request: &MoveRequest<'_>,
        render: &(dyn Fn(&Move<'_>) -> String + Sync),
    ) -> Result<PlayOutcome, ServiceError> {
        let (mut snapshot, mut fresh) = match self.cached(id) {
            Some(cached) => (cached, false),
            None => (self.load(id).await?, true),
        };
        // Only a keyed request needs its fingerprint and a record.
        let fingerprint = request.idempotency_key.map(|_| request.fingerprint());
        let seed = snapshot.seed()?;
        let mut races = 0;
        'decide: loop {
            let mut keyed = None;
            let mut deadline_passed_at = None;
            let refusal = 'attempt: {
                let seat = match snapshot.seat_of(token) {
                    Ok(seat) => seat,
                    Err(error) => break 'attempt error,
                };
                keyed = request
                    .idempotency_key
                    .zip(fingerprint.as_deref())
                    .map(|(key, fingerprint)| (seat, format!("{}:{key}", snapshot.seat_name(seat)), fingerprint));
                if let Some(expected) = request.expected_version
                    && expected != snapshot.version()
                {
                    break 'attempt ServiceError::VersionConflict {
                        expected,
                        actual: snapshot.version(),
                    };
                }
                let now = now_ms();
                let played = match snapshot.session.play(seat, request.action, seed, now) {
                    Ok(played) => played,
                    Err(ActionError::Rule(rule)) if rule.code == crate::engine::table::DEADLINE_PASSED => {
                        deadline_passed_at = Some(now);
                        break 'attempt ActionError::Rule(rule).into();
                    }
                    Err(error) => break 'attempt self.action_error(error, request.action),
                };
                let (head, _) = snapshot.head.extend(&played.events);
                let after = Snapshot {
                    session: played.next.into(),
                    head,
                    ..snapshot.clone()
                };
                let record = keyed.as_ref().map(|(_, key, fingerprint)| {
                    let record = IdempotencyRecord {
                        fingerprint: (*fingerprint).to_owned(),
                        from: snapshot.head.version,
                        to: head,
                    };
                    (key.as_str(), record.encode())
                });
                let idempotency = record.as_ref().map(|(key, record)| Idempotency { key, record });
                let finishes = after.session.is_finished();
                if let Some(due) = due_ms(&*after.session, now) {
                    // Noted before the append: a crash in between leaves an early note, never a lost deadline.
                    self.store.schedule(id, due).await?;
                }
                let snapshot_data = snapshot_of(&snapshot, &after);
                match self
                    .store
                    .append_with_snapshot(
                        id,
                        snapshot.head,
                        &played.events,
                        idempotency,
                        finishes,
                        snapshot_data
                            .as_ref()
                            .map(|(format, data)| (format.as_str(), data.as_str())),
                    )
                    .await
                {
                    Ok(Appended::Ok { .. }) => {
                        self.after_append(&snapshot, &after).await;
                        let response = render(&Move {
                            after: &after,
                            seat,
                            from_version: snapshot.version(),
                            events: &played.events,
                        });
                        self.remember(&after);
                        return Ok(PlayOutcome::Played { response });
                    }
                    Ok(Appended::Duplicate { record }) => {
                        let fingerprint = fingerprint.as_deref().unwrap_or("");
                        return self.replayed(&snapshot, seat, &record, fingerprint, render).await;
                    }
                    Ok(Appended::Behind { events, head }) => {
                        // Another writer got there first (or the cache was behind): catch up and decide again.
                        snapshot = self.caught_up(&snapshot, &events, head)?;
                    }
                    Err(StoreError::Conflict { .. }) => {
                        // The log is shorter than the cached state, or other: the store lost events.
                        self.forget(id);
                        snapshot = self.load(id).await?;
                    }
                    Err(other) => return Err(other.into()),
                }
                fresh = true;
                races += 1;
                if let Some(expected) = request.expected_version {
                    return Err(ServiceError::VersionConflict {
                        expected,
                        actual: snapshot.version(),
                    });
                }
                if races > CONFLICT_RETRIES {
                    return Err(ServiceError::Contention);
                }
                continue 'decide;
            };
            if !fresh {
                // Decided on the cached state, which may be behind the log: look again before refusing.
                snapshot = self.load(id).await?;
                fresh = true;
                continue;
            }
            // A retry of a keyed move that was applied is refused by the state it left: answer it as before.
            if let Some((seat, key, fingerprint)) = &keyed
                && let Some(record) = self.store.idempotency_record(id, key).await?
            {
                return self.replayed(&snapshot, *seat, &record, fingerprint, render).await;
            }
            if let Some(now) = deadline_passed_at {
                // The move came too late: the timeout it ran into is applied now rather than by a sweep.
                self.settle_due(id, now).await?;
            }
            return Err(refusal);
        }
    }

    /// The answer to an earlier request under the same idempotency key, rebuilt from the log it recorded.
    async fn replayed(
        &self,
        current: &Snapshot,
        seat: Seat,
        record: &str,
        fingerprint: &str,
        render: &(dyn Fn(&Move<'_>) -> String + Sync),
    ) -> Result<PlayOutcome, ServiceError> {
        let record = IdempotencyRecord::decode(record)
            .ok_or_else(|| ServiceError::Corrupt(format!("unreadable idempotency record {record:?}")))?;
        if record.fingerprint != fingerprint {
            return Err(ServiceError::IdempotencyKeyReused);
        }
        // The move must still be in the log, as it was: a store that lost it cannot answer for it.
        let events = self
            .log_ending_at(&current.meta.id, record.to)
            .await?
            .ok_or(ServiceError::IdempotencyRecordLost)?;
        let from = usize::try_from(record.from)
            .ok()
            .filter(|&from| from <= events.len())
            .ok_or(ServiceError::IdempotencyRecordLost)?;
        let after = Snapshot {
            session: replay(&current.title, &current.meta, &events)?.into(),
            head: record.to,
            ..current.clone()
        };
        let response = render(&Move {
            after: &after,
            seat,
            from_version: record.from,
            events: &events[from..],
        });
        Ok(PlayOutcome::Replayed { response })
    }
}

/// The game a stored snapshot holds, when it is of this build's format and readable; `None` sends the caller to the
/// whole log (a snapshot written by a build with other rules, or a damaged one).
fn restore(title: &Arc<dyn Title>, stored: &StoredSnapshot, id: &str) -> Option<Box<dyn GameSession>> {
    if stored.format != title.snapshot_format() {
        return None;
    }
    title
        .restore(&stored.data)
        .inspect_err(|error| tracing::warn!(game = id, %error, "unreadable snapshot: rebuilding from the log"))
        .ok()
}

fn replay(title: &Arc<dyn Title>, meta: &GameMeta, events: &[String]) -> Result<Box<dyn GameSession>, ServiceError> {
    let options: Value = serde_json::from_str(&meta.options).map_err(|e| ServiceError::Corrupt(e.to_string()))?;
    Ok(title.replay(meta.players, &options, events)?)
}

/// A move as the client sent it.
pub struct MoveRequest<'a> {
    pub action: &'a Value,
    pub expected_version: Option<u64>,
    pub idempotency_key: Option<&'a str>,
}

impl MoveRequest<'_> {
    /// What tells two requests apart under one idempotency key: a hash of the action and expected version (JSON
    /// objects serialize with sorted keys, so key order does not matter).
    fn fingerprint(&self) -> String {
        let canonical = serde_json::json!([self.action, self.expected_version]).to_string();
        hex::encode(&Sha256::digest(canonical.as_bytes())[..16])
    }
}

/// What the store keeps under an idempotency key: enough to rebuild the answer from the log, in a few dozen bytes.
struct IdempotencyRecord {
    fingerprint: String,
    from: u64,
    to: Head,
}

impl IdempotencyRecord {
    fn encode(&self) -> String {
        format!(
            "1 {} {} {} {}",
            self.fingerprint,
            self.from,
            self.to.version,
            self.to.hash.to_hex()
        )
    }

    fn decode(text: &str) -> Option<Self> {
        let mut parts = text.split(' ');
        if parts.next()? != "1" {
            return None;
        }
        let fingerprint = parts.next()?.to_owned();
        let from = parts.next()?.parse().ok()?;
        let version = parts.next()?.parse().ok()?;
        let hash = ChainHash::from_hex(parts.next()?)?;
        Some(Self {
            fingerprint,
            from,
            to: Head { version, hash },
        })
    }
}
