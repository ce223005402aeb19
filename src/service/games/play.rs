//! A move: decided on the cached game, appended onto the head it was decided at, decided again when the log moved
//! on, and answered once, even when the client retries it under the same idempotency key.

use serde_json::Value;
use serde_json::value::RawValue;
use sha2::{Digest, Sha256};

use super::{Games, LoadedGame};
use crate::engine::{ActionError, Decided, GameSeed, Lang, RuleCode, Seat, Viewer};
use crate::service::{CONFLICT_RETRIES, Caller, GameId, IdempotencyKey, ServiceError, now_ms};
use crate::store::{Appended, ChainHash, Head, HeadTag, History, Idempotency, ReadAfter, StoreError};
use crate::telemetry;

/// A move as the client sent it.
pub struct MoveRequest<'a> {
    pub action: &'a Value,
    pub expected_version: Option<u64>,
    pub idempotency_key: Option<&'a IdempotencyKey>,
    /// A position the client was told of: the move is refused (`HistoryRewritten`) if the log no longer holds it.
    pub known: Option<HeadTag>,
}

/// The answer to a move: either freshly decided, or an earlier request's move under the same key, rebuilt from the
/// log. The caller renders it.
pub enum PlayOutcome {
    Played(Move),
    Replayed(Move),
}

/// A move that is in the log: the game it led to and its events.
pub struct Move {
    pub after: LoadedGame,
    pub seat: Seat,
    /// Log position before the move's events.
    pub from_version: u64,
    events: Vec<String>,
    /// The same events as they were decided, when they were decided here rather than read back from the log.
    decided: Option<Vec<Box<dyn Decided>>>,
}

impl Move {
    /// The move's events as `viewer` may see them, numbered by their log position, told in `lang` when asked.
    pub fn visible_events(&self, viewer: Viewer, lang: Option<Lang>) -> Vec<(u64, Box<RawValue>, Option<String>)> {
        match &self.decided {
            Some(decided) => self.after.decided_events(decided, self.from_version, viewer, lang),
            None => self.after.visible_events(&self.events, self.from_version, viewer, lang),
        }
    }
}

/// How one attempt at a move ended.
enum Attempt {
    Answered(PlayOutcome),
    /// The log had moved on: the move is to be decided again on this newer game.
    Outdated(LoadedGame),
    Refused(Refusal),
}

/// A move refused by the game it was decided on.
struct Refusal {
    error: ServiceError,
    /// The seat and its idempotency record's key, once the token was known.
    keyed: Option<(Seat, String)>,
    /// When the seat to act had let its deadline pass.
    deadline_passed_at: Option<u64>,
}

impl Refusal {
    fn new(error: ServiceError) -> Self {
        Self {
            error,
            keyed: None,
            deadline_passed_at: None,
        }
    }
}

impl Games {
    /// Decides `action` for the caller's seat and appends its events. Under an idempotency key the store keeps a
    /// small record of the move, from which a retry's move is rebuilt.
    ///
    /// One store round trip on a hot cache: the move is decided on the cached game without reading the log first,
    /// because the conditional append checks that game against the log anyway and, when other writers got there
    /// first, answers with what the cache missed (then the move is decided again, up to CONFLICT_RETRIES times
    /// unless the client pinned `expected_version`). A refusal decided on the cached game is only given once a
    /// fresh read confirms it.
    pub async fn play(
        &self,
        id: &GameId,
        caller: &Caller,
        request: &MoveRequest<'_>,
    ) -> Result<PlayOutcome, ServiceError> {
        let (mut game, mut fresh) = match self.cached(id) {
            Some(cached) => {
                self.meters.cache_hit();
                (cached, false)
            }
            None => (self.load(id).await?, true),
        };
        let seed = game.seed()?;
        let mut races = 0;
        loop {
            match self.attempt(&game, caller, request, seed).await? {
                Attempt::Answered(outcome) => return Ok(outcome),
                Attempt::Outdated(newer) => {
                    metrics::counter!(telemetry::MOVE_RACES).increment(1);
                    game = newer;
                    fresh = true;
                    races += 1;
                    if let Some(expected) = request.expected_version {
                        metrics::counter!(telemetry::VERSION_CONFLICTS).increment(1);
                        return Err(ServiceError::VersionConflict {
                            expected,
                            actual: game.version(),
                        });
                    }
                    if races > CONFLICT_RETRIES {
                        metrics::counter!(telemetry::CONTENTION).increment(1);
                        return Err(ServiceError::Contention);
                    }
                }
                // Decided on the cached game, which may be behind the log: look again before refusing.
                Attempt::Refused(_) if !fresh => {
                    game = self.load(id).await?;
                    fresh = true;
                }
                Attempt::Refused(refusal) => return self.refuse(&game, request, refusal).await,
            }
        }
    }

    /// Decides the move on `game` and appends it onto `game`'s head.
    async fn attempt(
        &self,
        game: &LoadedGame,
        caller: &Caller,
        request: &MoveRequest<'_>,
        seed: GameSeed,
    ) -> Result<Attempt, ServiceError> {
        let seat = match game.seat_for(caller) {
            Ok(seat) => seat,
            Err(error) => return Ok(Attempt::Refused(Refusal::new(error))),
        };
        let key = request
            .idempotency_key
            .map(|key| format!("{}:{key}", game.seat_name(seat)));
        let refused = |error, deadline_passed_at| {
            Ok(Attempt::Refused(Refusal {
                error,
                keyed: key.clone().map(|key| (seat, key)),
                deadline_passed_at,
            }))
        };
        if let Some(expected) = request.expected_version
            && expected != game.version()
        {
            let actual = game.version();
            return refused(ServiceError::VersionConflict { expected, actual }, None);
        }
        let now = now_ms();
        let played = match game.session.play(seat, request.action, seed, now) {
            Ok(played) => played,
            Err(ActionError::Rule(rule)) if rule.code == RuleCode::DeadlinePassed => {
                return refused(ActionError::Rule(rule).into(), Some(now));
            }
            Err(error) => return refused(self.action_error(error, request.action), None),
        };
        let after = game.followed_by(played.next, &played.events);
        let record = key.as_ref().map(|key| {
            let record = IdempotencyRecord {
                fingerprint: request.fingerprint(),
                from: game.head.version,
                to: after.head,
            };
            (key.as_str(), record.encode())
        });
        let idempotency = record.as_ref().map(|(key, record)| Idempotency { key, record });
        match self
            .commit(game, &after, &played.events, idempotency, request.known, now)
            .await
        {
            Ok(Appended::Ok { .. }) => {
                self.meters.moved(game.title_id);
                Ok(Attempt::Answered(PlayOutcome::Played(Move {
                    after,
                    seat,
                    from_version: game.version(),
                    events: played.events,
                    decided: Some(played.decided),
                })))
            }
            Ok(Appended::Duplicate { record }) => {
                let outcome = self.replayed(game, seat, &record, request).await?;
                Ok(Attempt::Answered(outcome))
            }
            // Another writer got there first (or the cache was behind): catch up.
            Ok(Appended::Behind { events, head }) => Ok(Attempt::Outdated(self.caught_up(game, &events, head)?)),
            Ok(Appended::Rewritten { common }) => Err(ServiceError::HistoryRewritten { common }),
            Err(StoreError::Conflict { .. }) => {
                // The log is shorter than the cached game, or other: the store lost events.
                self.forget(&game.meta.id);
                Ok(Attempt::Outdated(self.load(&game.meta.id).await?))
            }
            Err(other) => Err(other.into()),
        }
    }

    /// Answers a move that the latest game refuses: a retry of a keyed move that was applied is answered as
    /// before; a move that came too late applies the timeout it ran into now rather than at a sweep.
    async fn refuse(
        &self,
        game: &LoadedGame,
        request: &MoveRequest<'_>,
        refusal: Refusal,
    ) -> Result<PlayOutcome, ServiceError> {
        let id = &game.meta.id;
        if let Some((seat, key)) = &refusal.keyed
            && let Some(record) = self.store.idempotency_record(id, key).await?
        {
            return self.replayed(game, *seat, &record, request).await;
        }
        if refusal.keyed.is_some()
            && game.session.is_finished()
            && let Some(tiers) = self.store.tiers()
            && tiers.is_archived(id).await?
        {
            return Err(ServiceError::AnswerArchived);
        }
        // A client refused on a history it does not hold is told so first: what it knows is wrong.
        if let Some(known) = request.known {
            self.check_known(game, known).await?;
        }
        if let Some(now) = refusal.deadline_passed_at {
            self.settle_due(id, now).await?;
        }
        match &refusal.error {
            ServiceError::Action(ActionError::Rule(rule)) => {
                metrics::counter!(telemetry::RULE_REFUSALS, "title" => game.title_id, "code" => rule.code.as_str())
                    .increment(1);
            }
            ServiceError::VersionConflict { .. } => metrics::counter!(telemetry::VERSION_CONFLICTS).increment(1),
            _ => {}
        }
        Err(refusal.error)
    }

    /// Refuses (`HistoryRewritten`) when `game`'s log no longer holds `known`, a position the client was told of.
    /// No store call when `known` is `game`'s head.
    pub async fn check_known(&self, game: &LoadedGame, known: HeadTag) -> Result<(), ServiceError> {
        match self.history_of(game, known).await? {
            History::Holds => Ok(()),
            History::Rewritten { common } => Err(ServiceError::HistoryRewritten { common }),
        }
    }

    /// Whether `game`'s log holds `known`, a position the client was told of; if not, the last version both
    /// histories share. No store call when `known` is `game`'s head.
    pub async fn history_of(&self, game: &LoadedGame, known: HeadTag) -> Result<History, ServiceError> {
        if known.names(game.head.version, game.head.hash) {
            return Ok(History::Holds);
        }
        Ok(self.store.history_of(&game.meta.id, known).await?)
    }

    /// Whether the log of game `id` holds `known`; if not, the last version both histories share.
    pub async fn log_history(&self, id: &str, known: HeadTag) -> Result<History, ServiceError> {
        Ok(self.store.history_of(id, known).await?)
    }

    /// The events of game `id`'s log after `from`, if the log extends it.
    pub async fn read_after(&self, id: &str, from: Head) -> Result<ReadAfter, ServiceError> {
        Ok(self.store.read_after(id, from).await?)
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

    /// The answer to an earlier request under the same idempotency key, rebuilt from the log it recorded.
    async fn replayed(
        &self,
        current: &LoadedGame,
        seat: Seat,
        record: &str,
        request: &MoveRequest<'_>,
    ) -> Result<PlayOutcome, ServiceError> {
        let record = IdempotencyRecord::decode(record)
            .ok_or_else(|| ServiceError::Corrupt(format!("unreadable idempotency record {record:?}")))?;
        if record.fingerprint != request.fingerprint() {
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
        let after = LoadedGame {
            session: super::replay(&current.title, &current.meta, &events)?.into(),
            head: record.to,
            ..current.clone()
        };
        Ok(PlayOutcome::Replayed(Move {
            after,
            seat,
            from_version: record.from,
            events: events[from..].to_vec(),
            decided: None,
        }))
    }
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
        format!("1 {} {} {} {}", self.fingerprint, self.from, self.to.version, self.to.hash.to_hex())
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
