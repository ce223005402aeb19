//! Loading a game: from the cache once the store proved that the log extends it, else from the latest stored
//! snapshot and the events after it, else from the whole log; and the game as it was at a past version.

use std::sync::Arc;

use serde_json::Value;

use super::{Games, LoadedGame};
use crate::engine::{GameSession, Title};
use crate::service::{GameId, ServiceError};
use crate::store::{GameMeta, Head, ReadAfter, StoreError, StoredSnapshot};
use crate::telemetry;

impl Games {
    /// The game at the latest version of its log. A cached state is used only once the store proved that its log
    /// extends it; otherwise (the store lost or replaced events) it is dropped and the game rebuilt from the log.
    pub async fn load(&self, id: &GameId) -> Result<LoadedGame, ServiceError> {
        if let Some(game) = self.cached(id) {
            match self.store.read_after(id, game.head).await {
                Ok(ReadAfter::Extends { events, head }) => {
                    self.meters.cache_hit();
                    return self.caught_up(&game, &events, head);
                }
                Ok(ReadAfter::Diverged) => {
                    tracing::warn!(
                        game = %id,
                        version = game.head.version,
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
        let (game, from) = match latest.snapshot {
            None => (self.rebuild(title, latest.meta, &latest.events, latest.head)?, "log"),
            Some(stored) => match restore(&title, &stored, id) {
                Some(mut session) => {
                    session.apply(&latest.events)?;
                    (self.serve(title, latest.meta, session, latest.head)?, "snapshot")
                }
                None => {
                    let loaded = self.store.load(id).await?;
                    (self.rebuild(title, loaded.meta, &loaded.events, loaded.head)?, "log")
                }
            },
        };
        metrics::counter!(telemetry::REBUILDS, "from" => from).increment(1);
        self.remember(&game);
        Ok(game)
    }

    /// The cached state of a game, not checked against the log (for writes, whose append checks it).
    pub(super) fn cached(&self, id: &str) -> Option<LoadedGame> {
        self.cache.lock().unwrap_or_else(|p| p.into_inner()).get(id).cloned()
    }

    /// `game` followed by `events`, which the store proved come next, ending at `head`; remembered.
    pub(super) fn caught_up(
        &self,
        game: &LoadedGame,
        events: &[String],
        head: Head,
    ) -> Result<LoadedGame, ServiceError> {
        if events.is_empty() {
            return Ok(game.clone());
        }
        let mut session = game.session.clone_session();
        session.apply(events)?;
        let game = LoadedGame {
            session: session.into(),
            head,
            ..game.clone()
        };
        self.remember(&game);
        Ok(game)
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
    ) -> Result<LoadedGame, ServiceError> {
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
    ) -> Result<LoadedGame, ServiceError> {
        let info = title.info();
        let seats: Arc<[&'static str]> = info
            .seats
            .get(..meta.players)
            .ok_or_else(|| ServiceError::Corrupt("more players than seats".into()))?
            .into();
        Ok(LoadedGame {
            meta: Arc::new(meta),
            title,
            title_id: info.id,
            seats,
            session: session.into(),
            head,
        })
    }

    /// The first `version` events of the game's log, read back and checked against the game's head (so that they
    /// are the very events the game was built from).
    pub async fn log_until(&self, game: &LoadedGame, version: u64) -> Result<Vec<String>, ServiceError> {
        let mut events = self.log_seen(game, game.head).await?;
        events.truncate(length(version));
        Ok(events)
    }

    /// The game's whole log, which must still hold `seen` (a position the caller knows), else `LogChanged` (and the
    /// cached game, built from another log, is dropped).
    async fn log_seen(&self, game: &LoadedGame, seen: Head) -> Result<Vec<String>, ServiceError> {
        let Some(events) = self.log_holding(&game.meta.id, seen).await? else {
            self.forget(&game.meta.id);
            return Err(ServiceError::LogChanged);
        };
        Ok(events)
    }

    /// The log's first `head.version` events, if they are the ones that end at `head`; `None` when the log lost or
    /// replaced them.
    pub(super) async fn log_ending_at(&self, id: &str, head: Head) -> Result<Option<Vec<String>>, ServiceError> {
        Ok(self.log_holding(id, head).await?.map(|mut events| {
            events.truncate(length(head.version));
            events
        }))
    }

    /// The whole log, if its first `head.version` events are the ones that end at `head`; `None` when the log lost
    /// or replaced them.
    async fn log_holding(&self, id: &str, head: Head) -> Result<Option<Vec<String>>, ServiceError> {
        let events = self.store.load(id).await?.events;
        let holds = events
            .get(..length(head.version))
            .is_some_and(|prefix| Head::of_log(id, prefix) == head);
        Ok(holds.then_some(events))
    }

    /// For a stream that replays the log from `version` on: the game right after the first `version` events, its
    /// head there, and the events after it, read at once. The log must still hold `seen`, a position the caller
    /// knows, else `LogChanged`.
    pub async fn replay_from(
        &self,
        game: &LoadedGame,
        version: u64,
        seen: Head,
    ) -> Result<(Box<dyn GameSession>, Head, Vec<String>), ServiceError> {
        let mut events = self.log_seen(game, seen).await?;
        let rest = events.split_off(length(version).min(events.len()));
        let session = replay(&game.title, &game.meta, &events)?;
        Ok((session, Head::of_log(&game.meta.id, &events), rest))
    }

    /// The game's state and head right after the first `version` events of its log.
    pub async fn session_at(
        &self,
        game: &LoadedGame,
        version: u64,
    ) -> Result<(Box<dyn GameSession>, Head), ServiceError> {
        if version == game.version() {
            return Ok((game.session.clone_session(), game.head));
        }
        let (session, head, _) = self.replay_from(game, version, game.head).await?;
        Ok((session, head))
    }

    /// The game as it was right after the first `version` events of its log (`version` at most the game's), rebuilt
    /// from them: views of it show each seat exactly what it saw then.
    pub async fn game_at(&self, game: &LoadedGame, version: u64) -> Result<LoadedGame, ServiceError> {
        let (session, head) = self.session_at(game, version).await?;
        Ok(LoadedGame {
            session: session.into(),
            head,
            ..game.clone()
        })
    }

    pub(super) fn remember(&self, game: &LoadedGame) {
        // Whatever is cached is checked against the log before use, so the latest write simply wins.
        let mut cache = self.cache.lock().unwrap_or_else(|p| p.into_inner());
        cache.put(game.meta.id.to_string(), game.clone());
    }

    pub(super) fn forget(&self, id: &str) {
        self.cache.lock().unwrap_or_else(|p| p.into_inner()).pop(id);
    }
}

/// A version as a count of events.
fn length(version: u64) -> usize {
    usize::try_from(version).unwrap_or(usize::MAX)
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

/// The game's session rebuilt from `events`, the first ones of its log.
pub(in crate::service) fn replay(
    title: &Arc<dyn Title>,
    meta: &GameMeta,
    events: &[String],
) -> Result<Box<dyn GameSession>, ServiceError> {
    let options: Value = serde_json::from_str(&meta.options).map_err(|e| ServiceError::Corrupt(e.to_string()))?;
    Ok(title.replay(meta.players, &options, events)?)
}
