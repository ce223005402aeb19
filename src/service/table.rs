//! Strangers meeting over a game: open seats and the lobby that lists them, joining, deadlines and expiries that
//! every instance sweeps, and rematches. What happens at the table is written into the game's log as table events
//! (see `engine::table`), so that it replays like the rest of the game.

use std::collections::BTreeMap;
use std::sync::Arc;
use std::time::Duration;

use serde::Deserialize;
use serde_json::Value;
use sha2::{Digest, Sha256};
use utoipa::ToSchema;

use super::{CONFLICT_RETRIES, Created, GameService, ServiceError, Snapshot, hash_token, now_ms, replay};
use crate::engine::table::{EndReason, OpenedSeat, TableEvent};
use crate::engine::{ActionError, GameSeed, Seat, SetupError};
use crate::store::{Appended, GameMeta, StoreError};

/// How long a game with open seats waits for players by default (`LUDUS_LOBBY_TTL`).
pub const DEFAULT_LOBBY_TTL: Duration = Duration::from_secs(3600);
/// The longest turn clock: thirty days.
pub const MAX_TURN_SECONDS: u64 = 30 * 24 * 3600;
/// The longest display name, in characters.
pub const MAX_NAME_CHARS: usize = 40;
/// How long a sweeping instance holds a due game before another may take it over (when the first died).
pub const SWEEP_LEASE: Duration = Duration::from_secs(5);
/// Due games one sweep claims at most.
const SWEEP_BATCH: usize = 64;

/// Which seats the creator takes: a number of seats in seat order, or a choice per seat (the unnamed ones are the
/// creator's).
#[derive(Clone, Debug, Deserialize, ToSchema)]
#[serde(untagged)]
pub enum SeatsRequest {
    /// The creator takes this many seats, the first ones in seat order; the others are open.
    Count(u8),
    /// `open` or `mine` per seat id.
    Choice(BTreeMap<String, SeatChoice>),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum SeatChoice {
    /// Left for someone to join.
    Open,
    /// Taken by the creator (its token is in the answer).
    Mine,
}

/// What a new game is to be.
pub struct NewGame<'a> {
    pub title: &'a str,
    pub players: usize,
    pub seed: Option<u64>,
    pub options: Option<&'a Value>,
    /// Absent: the creator takes every seat.
    pub seats: Option<&'a SeatsRequest>,
    /// The creator's display name.
    pub name: Option<String>,
    pub turn_seconds: Option<u64>,
    /// The creator agrees that an explicit seed with open seats lets anyone who knows it work out the game.
    pub public_seed: bool,
}

impl<'a> NewGame<'a> {
    /// A game whose creator takes every seat, with no clock.
    pub fn closed(title: &'a str, players: usize, seed: Option<u64>, options: Option<&'a Value>) -> Self {
        Self {
            title,
            players,
            seed,
            options,
            seats: None,
            name: None,
            turn_seconds: None,
            public_seed: false,
        }
    }
}

/// A seat taken by joining: its token, shown once.
pub struct Joined {
    pub snapshot: Snapshot,
    pub seat: Seat,
    pub token: String,
}

/// A rematch as one of its players sees it.
pub struct Rematch {
    pub snapshot: Snapshot,
    /// The asker's seat in the rematch.
    pub seat: Seat,
    pub token: String,
    /// False when the rematch already existed (someone asked first).
    pub created: bool,
}

/// Where a game stands for the lobby.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum LobbyStatus {
    /// Waiting for players: a seat is open.
    #[default]
    Open,
    /// Every seat is taken and the game is on (for spectators).
    Active,
    Finished,
}

impl LobbyStatus {
    fn of(snapshot: &Snapshot) -> Self {
        if snapshot.session.is_finished() {
            LobbyStatus::Finished
        } else if snapshot.session.table().is_open() {
            LobbyStatus::Open
        } else {
            LobbyStatus::Active
        }
    }

    fn index(self, title: &str) -> Option<String> {
        match self {
            LobbyStatus::Open => Some(format!("open:{title}")),
            LobbyStatus::Active => Some(format!("active:{title}")),
            LobbyStatus::Finished => None,
        }
    }
}

/// One page of the lobby, newest first.
pub struct LobbyPage {
    pub games: Vec<Snapshot>,
    /// Pass it back as `before` for the next page.
    pub next: Option<String>,
}

/// A lobby position: a creation time and a game id (the listing's order).
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct LobbyEntry {
    pub created_at_ms: u64,
    pub id: String,
}

impl LobbyEntry {
    pub fn cursor(&self) -> String {
        format!("{}-{}", self.created_at_ms, self.id)
    }

    pub fn parse_cursor(text: &str) -> Option<Self> {
        let (time, id) = text.split_once('-')?;
        Some(Self {
            created_at_ms: time.parse().ok()?,
            id: id.to_owned(),
        })
    }
}

fn check_name(name: Option<String>) -> Result<Option<String>, ServiceError> {
    let Some(name) = name else { return Ok(None) };
    if name.is_empty() || name.chars().count() > MAX_NAME_CHARS || name.chars().any(char::is_control) {
        return Err(ServiceError::InvalidName);
    }
    Ok(Some(name))
}

/// Which of `seat_ids` (the game's) stay open; `title_seats` are every seat the title has.
fn open_seats(
    seat_ids: &[&'static str],
    title_seats: &[&'static str],
    request: Option<&SeatsRequest>,
) -> Result<Vec<bool>, ServiceError> {
    match request {
        None => Ok(vec![false; seat_ids.len()]),
        Some(SeatsRequest::Count(mine)) => {
            let mine = usize::from(*mine);
            if mine > seat_ids.len() {
                return Err(ServiceError::SeatsConflict(format!(
                    "the creator can take at most the game's {} seats, not {mine}",
                    seat_ids.len()
                )));
            }
            Ok((0..seat_ids.len()).map(|seat| seat >= mine).collect())
        }
        Some(SeatsRequest::Choice(choices)) => {
            if let Some(unknown) = choices.keys().find(|id| !title_seats.contains(&id.as_str())) {
                return Err(ServiceError::InvalidSeats(format!(
                    "{unknown:?} is not a seat of this title (its seats: {})",
                    title_seats.join(", ")
                )));
            }
            if let Some(beyond) = choices.keys().find(|id| !seat_ids.contains(&id.as_str())) {
                return Err(ServiceError::SeatsConflict(format!(
                    "{beyond:?} is not a seat of a {}-player game (its seats: {})",
                    seat_ids.len(),
                    seat_ids.join(", ")
                )));
            }
            Ok(seat_ids
                .iter()
                .map(|id| choices.get(*id) == Some(&SeatChoice::Open))
                .collect())
        }
    }
}

/// A rematch token sealed for the seat whose token hashes to `owner_hash`: only a request made with that seat's
/// token is shown it, and the store never holds it in clear.
fn seal(token: &str, owner_hash: &str, game: &str) -> String {
    let key = Sha256::new()
        .chain_update(b"ludus rematch\0")
        .chain_update(owner_hash.as_bytes())
        .chain_update(b"\0")
        .chain_update(game.as_bytes())
        .finalize();
    let bytes = hex::decode(token).unwrap_or_default();
    hex::encode(bytes.iter().zip(key.iter()).map(|(a, b)| a ^ b).collect::<Vec<u8>>())
}

fn new_token() -> String {
    hex::encode(rand::random::<[u8; 32]>())
}

impl GameService {
    /// Creates a game; seats left open wait in the lobby for players, and the title's setup waits for the last one.
    pub async fn create(&self, new: NewGame<'_>) -> Result<Created, ServiceError> {
        let title = self
            .registry
            .get(new.title)
            .ok_or_else(|| ServiceError::UnknownTitle(new.title.to_owned()))?
            .clone();
        let info = title.info();
        if !(info.min_players..=info.max_players).contains(&new.players) {
            return Err(SetupError::PlayerCount {
                min: info.min_players,
                max: info.max_players,
                requested: new.players,
            }
            .into());
        }
        let options = title.normalize_options(new.options)?;
        let seats: Arc<[&'static str]> = info.seats[..new.players].into();
        let open = open_seats(&seats, &info.seats, new.seats)?;
        let name = check_name(new.name)?;
        if new
            .turn_seconds
            .is_some_and(|seconds| !(1..=MAX_TURN_SECONDS).contains(&seconds))
        {
            return Err(ServiceError::InvalidTurnSeconds);
        }
        let any_open = open.contains(&true);
        if any_open && new.seed.is_some() && !new.public_seed {
            return Err(ServiceError::SeedNotPublic);
        }
        let seed = new.seed.map_or_else(GameSeed::random, GameSeed::from_u64);
        let now = now_ms();
        let id = hex::encode(rand::random::<[u8; 16]>());
        let opened = TableEvent::TableOpened {
            seats: seats
                .iter()
                .zip(&open)
                .map(|(seat, &open)| OpenedSeat {
                    seat: (*seat).to_owned(),
                    open,
                    name: if open { None } else { name.clone() },
                })
                .collect(),
            turn_seconds: new.turn_seconds,
            expires_at_ms: self
                .lobby_ttl
                .filter(|_| any_open)
                .map(|ttl| now.saturating_add(ttl.as_millis() as u64)),
        };
        let events = title.open(new.players, &options, opened, seed, now)?;
        let tokens: Vec<(&'static str, String)> = seats
            .iter()
            .zip(&open)
            .filter(|(_, open)| !**open)
            .map(|(&seat, _)| (seat, new_token()))
            .collect();
        let token_hashes = seats
            .iter()
            .map(|seat| {
                tokens
                    .iter()
                    .find(|(taken, _)| taken == seat)
                    .map_or_else(String::new, |(_, token)| hash_token(token))
            })
            .collect();
        let meta = GameMeta {
            id,
            title: info.id.to_owned(),
            players: new.players,
            options: options.to_string(),
            token_hashes,
            seed: seed.to_hex(),
            created_at_ms: now,
            seeded: new.seed.is_some(),
        };
        let snapshot = self.store_new_game(meta, title, seats, &events).await?;
        Ok(Created { snapshot, tokens })
    }

    /// Stores a new game, noting first when it is due (so that a crash right after cannot lose its deadline), and
    /// lists it in the lobby when a seat is open.
    async fn store_new_game(
        &self,
        meta: GameMeta,
        title: Arc<dyn crate::engine::Title>,
        seats: Arc<[&'static str]>,
        events: &[String],
    ) -> Result<Snapshot, ServiceError> {
        let session = replay(&title, &meta, events)?;
        if let Some(due) = session.next_due_ms() {
            self.store.schedule(&meta.id, due).await?;
        }
        let head = self.store.create(&meta, events).await?;
        let snapshot = Snapshot {
            meta: Arc::new(meta),
            title,
            seats,
            session: session.into(),
            head,
        };
        if snapshot.session.table().listed {
            self.reindex(&snapshot).await;
        }
        self.remember(&snapshot);
        Ok(snapshot)
    }

    /// Takes an open seat for someone, who gets its token once; the last seat taken starts the game. A seat is
    /// taken exactly once: joins race through the store's conditional append, and the losers find it taken.
    pub async fn join(&self, id: &str, seat_id: &str, name: Option<String>) -> Result<Joined, ServiceError> {
        let name = check_name(name)?;
        let token = new_token();
        for _ in 0..=CONFLICT_RETRIES {
            let snapshot = self.load(id).await?;
            let seat = snapshot
                .seats
                .iter()
                .position(|seat| *seat == seat_id)
                .ok_or_else(|| ServiceError::SeatNotFound(seat_id.to_owned()))?;
            let now = now_ms();
            if snapshot.session.overdue(now).is_some() {
                self.settle_overdue(id, now).await?;
                return Err(ServiceError::JoinTooLate);
            }
            if snapshot.session.is_finished() {
                return Err(ServiceError::JoinTooLate);
            }
            if !snapshot.session.table().seats[seat].open {
                return Err(ServiceError::SeatTaken(snapshot.seat_name(seat)));
            }
            let seed = snapshot.seed()?;
            let played = snapshot
                .session
                .join(seat, name.clone(), hash_token(&token), seed, now)
                .map_err(ActionError::from)?;
            if let Some(due) = played.next.next_due_ms() {
                self.store.schedule(id, due).await?;
            }
            match self.store.append(id, snapshot.head, &played.events, None, false).await {
                Ok(Appended::Ok { head }) => {
                    let after = Snapshot {
                        session: played.next.into(),
                        head,
                        ..snapshot.clone()
                    };
                    self.after_append(&snapshot, &after).await;
                    self.remember(&after);
                    return Ok(Joined {
                        snapshot: after,
                        seat,
                        token,
                    });
                }
                Ok(Appended::Duplicate { .. }) => return Err(ServiceError::Contention),
                Ok(Appended::Behind { .. }) | Err(StoreError::Conflict { .. }) => continue,
                Err(other) => return Err(other.into()),
            }
        }
        Err(ServiceError::Contention)
    }

    /// Keeps the lobby's listings in step with a game whose status may have changed by an append.
    pub(super) async fn after_append(&self, before: &Snapshot, after: &Snapshot) {
        if after.session.table().listed && LobbyStatus::of(before) != LobbyStatus::of(after) {
            self.reindex(after).await;
        }
    }

    /// Lists a game under its current status only. Best effort: a listing that missed a change is fixed the next
    /// time the lobby reads it.
    async fn reindex(&self, snapshot: &Snapshot) {
        let status = LobbyStatus::of(snapshot);
        let meta = &snapshot.meta;
        for listed in [LobbyStatus::Open, LobbyStatus::Active] {
            let Some(index) = listed.index(&meta.title) else {
                continue;
            };
            let result = if listed == status {
                self.store.index_put(&index, &meta.id, meta.created_at_ms).await
            } else {
                self.store.index_remove(&index, &meta.id).await
            };
            if let Err(error) = result {
                tracing::warn!(game = %meta.id, %error, "lobby listing not updated");
            }
        }
    }

    /// A page of the lobby: games of `status` (open: joinable; active: being played), of one title or all, newest
    /// first, created before the `before` cursor. Every listed game is checked against its log, and a stale listing
    /// is fixed on the way.
    pub async fn lobby(
        &self,
        title: Option<&str>,
        status: LobbyStatus,
        before: Option<&LobbyEntry>,
        limit: usize,
    ) -> Result<LobbyPage, ServiceError> {
        let titles: Vec<&'static str> = match title {
            Some(id) => vec![
                self.registry
                    .get(id)
                    .ok_or_else(|| ServiceError::UnknownTitle(id.to_owned()))?
                    .info()
                    .id,
            ],
            None => self.registry.infos().map(|info| info.id).collect(),
        };
        let max_score = before.map_or(u64::MAX, |entry| entry.created_at_ms);
        // Entries that tie with the cursor's time come back too and are skipped: a little more is read.
        let wanted = limit + 16;
        let mut candidates = Vec::new();
        let mut exhausted = true;
        for title in titles {
            let Some(index) = status.index(title) else { continue };
            let page = self.store.index_page(&index, max_score, wanted).await?;
            exhausted &= page.len() < wanted;
            candidates.extend(
                page.into_iter()
                    .map(|(id, created_at_ms)| (LobbyEntry { created_at_ms, id }, index.clone())),
            );
        }
        candidates.retain(|(entry, _)| before.is_none_or(|cursor| entry < cursor));
        candidates.sort_unstable_by(|a, b| b.0.cmp(&a.0));
        let now = now_ms();
        let mut games = Vec::new();
        let mut last = None;
        for (entry, index) in candidates {
            if games.len() == limit {
                exhausted = false;
                break;
            }
            last = Some(entry.clone());
            let snapshot = match self.load(&entry.id).await {
                Ok(snapshot) => snapshot,
                Err(ServiceError::GameNotFound) => {
                    // A game deleted (its retention ran out) while listed.
                    let _ = self.store.index_remove(&index, &entry.id).await;
                    continue;
                }
                Err(other) => return Err(other),
            };
            if LobbyStatus::of(&snapshot) != status {
                self.reindex(&snapshot).await;
                continue;
            }
            if snapshot.session.overdue(now).is_some() {
                continue;
            }
            games.push(snapshot);
        }
        Ok(LobbyPage {
            games,
            next: if exhausted {
                None
            } else {
                last.map(|entry| entry.cursor())
            },
        })
    }

    /// One sweep for this instance: claims the games that are due (a deadline or an expiry passed), applies what is
    /// overdue in each, and notes when each is next due. Every instance sweeps; the claim keeps them from doing the
    /// same work twice, and the conditional append makes each timeout happen exactly once even if they do. A game
    /// claimed by an instance that died comes due again when the claim's lease ends. Returns the games looked at.
    pub async fn sweep(&self, now: u64) -> Result<usize, ServiceError> {
        let lease = SWEEP_LEASE.as_millis() as u64;
        let claimed = self.store.claim_due(now, lease, SWEEP_BATCH).await?;
        for id in &claimed {
            let next = match self.settle_overdue(id, now).await {
                Ok(next) => next,
                Err(ServiceError::GameNotFound) => None,
                Err(error) => {
                    // The lease brings it back: another sweep (here or elsewhere) tries again.
                    tracing::warn!(game = %id, %error, "due game not settled");
                    continue;
                }
            };
            self.store.settle(id, now + lease, next).await?;
        }
        Ok(claimed.len())
    }

    /// Ends game `id` if it is overdue at `now` (its seat to act let the deadline pass, or a seat was still open at
    /// its expiry); returns when it is next due.
    pub(super) async fn settle_overdue(&self, id: &str, now: u64) -> Result<Option<u64>, ServiceError> {
        for _ in 0..=CONFLICT_RETRIES {
            let snapshot = self.load(id).await?;
            let Some(event) = snapshot.session.overdue(now) else {
                return Ok(snapshot.session.next_due_ms());
            };
            let played = snapshot.session.record(std::slice::from_ref(&event));
            let finishes = played.next.is_finished();
            match self
                .store
                .append(id, snapshot.head, &played.events, None, finishes)
                .await
            {
                Ok(Appended::Ok { head }) => {
                    let after = Snapshot {
                        session: played.next.into(),
                        head,
                        ..snapshot.clone()
                    };
                    tracing::info!(game = id, event = %event.encode(), "overdue game ended");
                    self.after_append(&snapshot, &after).await;
                    self.remember(&after);
                    return Ok(after.session.next_due_ms());
                }
                Ok(Appended::Duplicate { .. } | Appended::Behind { .. }) | Err(StoreError::Conflict { .. }) => continue,
                Err(other) => return Err(other.into()),
            }
        }
        Err(ServiceError::Contention)
    }

    /// The rematch of a finished game for the bearer's seat: created at the first request (same title, players,
    /// options and clock, seats rotated by one, every player invited), shown again afterwards. Each player's token
    /// for it is sealed into the old game's log, and shown in that player's view of the old game.
    pub async fn rematch(&self, id: &str, token: &str) -> Result<Rematch, ServiceError> {
        for _ in 0..=CONFLICT_RETRIES {
            let snapshot = self.load(id).await?;
            let seat = snapshot.seat_of(token)?;
            let table = snapshot.session.table();
            if !snapshot.session.is_finished() {
                return Err(ServiceError::NotFinished);
            }
            if table
                .ending
                .as_ref()
                .is_some_and(|ending| ending.reason == EndReason::Expired)
            {
                return Err(ServiceError::NoRematch);
            }
            if let Some((game, _)) = &table.rematch {
                let game = game.clone();
                return self.existing_rematch(&snapshot, seat, &game).await;
            }
            let players = snapshot.seats.len();
            let game = hex::encode(rand::random::<[u8; 16]>());
            let tokens: Vec<String> = (0..players).map(|_| new_token()).collect();
            // The player of old seat s sits at new seat s + 1: `tokens[s]` is theirs.
            let sealed_tokens = (0..players)
                .map(|seat| seal(&tokens[seat], snapshot.token_hash(seat), &game))
                .collect();
            let event = TableEvent::RematchCreated {
                game: game.clone(),
                sealed_tokens,
            };
            let played = snapshot.session.record(&[event]);
            match self.store.append(id, snapshot.head, &played.events, None, true).await {
                Ok(Appended::Ok { head }) => {
                    let after = Snapshot {
                        session: played.next.into(),
                        head,
                        ..snapshot.clone()
                    };
                    self.remember(&after);
                    let rematch = self.create_rematch(&after, &game, &tokens).await?;
                    return Ok(Rematch {
                        seat: (seat + 1) % players,
                        snapshot: rematch,
                        token: tokens[seat].clone(),
                        created: true,
                    });
                }
                Ok(Appended::Duplicate { .. } | Appended::Behind { .. }) | Err(StoreError::Conflict { .. }) => continue,
                Err(other) => return Err(other.into()),
            }
        }
        Err(ServiceError::Contention)
    }

    /// The rematch already announced in `old`'s log, created now if the instance that announced it died first.
    async fn existing_rematch(&self, old: &Snapshot, seat: Seat, game: &str) -> Result<Rematch, ServiceError> {
        let tokens = old
            .rematch_tokens()
            .ok_or_else(|| ServiceError::Corrupt("the rematch's sealed tokens do not match the game's seats".into()))?;
        let snapshot = match self.load(game).await {
            Ok(snapshot) => snapshot,
            Err(ServiceError::GameNotFound) => self.create_rematch(old, game, &tokens).await?,
            Err(other) => return Err(other),
        };
        Ok(Rematch {
            seat: (seat + 1) % old.seats.len(),
            snapshot,
            token: tokens[seat].clone(),
            created: false,
        })
    }

    /// Stores rematch `game` of `old`: seats rotated by one, names following their players, a fresh seed.
    async fn create_rematch(&self, old: &Snapshot, game: &str, tokens: &[String]) -> Result<Snapshot, ServiceError> {
        let players = old.seats.len();
        let options: Value =
            serde_json::from_str(&old.meta.options).map_err(|e| ServiceError::Corrupt(e.to_string()))?;
        let old_table = old.session.table();
        let from_old_seat = |new_seat: usize| (new_seat + players - 1) % players;
        let names: Vec<Option<String>> = (0..players)
            .map(|seat| old_table.seats[from_old_seat(seat)].name.clone())
            .collect();
        let seed = GameSeed::random();
        let now = now_ms();
        let opened = TableEvent::TableOpened {
            seats: old
                .seats
                .iter()
                .zip(names)
                .map(|(seat, name)| OpenedSeat {
                    seat: (*seat).to_owned(),
                    open: false,
                    name,
                })
                .collect(),
            turn_seconds: old_table.turn_seconds,
            expires_at_ms: None,
        };
        let events = old.title.open(players, &options, opened, seed, now)?;
        let meta = GameMeta {
            id: game.to_owned(),
            title: old.meta.title.clone(),
            players,
            options: old.meta.options.clone(),
            token_hashes: (0..players)
                .map(|seat| hash_token(&tokens[from_old_seat(seat)]))
                .collect(),
            seed: seed.to_hex(),
            created_at_ms: now,
            seeded: false,
        };
        match self
            .store_new_game(meta, old.title.clone(), old.seats.clone(), &events)
            .await
        {
            // Two instances completing the same announced rematch: the first one stored it.
            Err(ServiceError::Store(StoreError::AlreadyExists)) => self.load(game).await,
            other => other,
        }
    }
}

impl Snapshot {
    /// The stored hash of `seat`'s token: from its join, or from the game's creation.
    pub fn token_hash(&self, seat: Seat) -> &str {
        self.session
            .table()
            .seats
            .get(seat)
            .and_then(|taken| taken.token_hash.as_deref())
            .unwrap_or_else(|| self.meta.token_hashes.get(seat).map_or("", String::as_str))
    }

    /// Every player's rematch token, by seat of this game, unsealed from its log.
    fn rematch_tokens(&self) -> Option<Vec<String>> {
        let (game, sealed) = self.session.table().rematch.as_ref()?;
        (sealed.len() == self.seats.len()).then(|| {
            sealed
                .iter()
                .enumerate()
                .map(|(seat, sealed)| seal(sealed, self.token_hash(seat), game))
                .collect()
        })
    }

    /// The rematch's id, and the seat and token `seat` of this game has in it.
    pub fn rematch_of_seat(&self, seat: Seat) -> Option<(&'static str, String)> {
        let token = self.rematch_tokens()?.get(seat).cloned()?;
        Some((self.seats[(seat + 1) % self.seats.len()], token))
    }

    /// The game's secret seed.
    pub fn seed(&self) -> Result<GameSeed, ServiceError> {
        GameSeed::from_hex(&self.meta.seed)
            .ok_or_else(|| ServiceError::Corrupt("the stored seed is not 32 hex bytes".into()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_sealed_token_opens_only_with_its_owner_and_game() {
        let token = new_token();
        let sealed = seal(&token, "owner", "game");
        assert_ne!(sealed, token);
        assert_eq!(seal(&sealed, "owner", "game"), token);
        assert_ne!(seal(&sealed, "other", "game"), token);
        assert_ne!(seal(&sealed, "owner", "other"), token);
    }

    #[test]
    fn seats_requests_leave_the_right_seats_open() {
        let (seats, all) = (["caesar", "cleopatra"], ["caesar", "cleopatra", "brutus"]);
        let open = |request: SeatsRequest| open_seats(&seats, &all, Some(&request));
        assert_eq!(open(SeatsRequest::Count(1)).unwrap(), [false, true]);
        let choice = |seat: &str| SeatsRequest::Choice([(seat.to_owned(), SeatChoice::Open)].into());
        assert_eq!(open(choice("caesar")).unwrap(), [true, false]);
        assert!(matches!(open(choice("cassius")), Err(ServiceError::InvalidSeats(_))));
        assert!(matches!(open(choice("brutus")), Err(ServiceError::SeatsConflict(_))));
        assert!(matches!(
            open(SeatsRequest::Count(3)),
            Err(ServiceError::SeatsConflict(_))
        ));
    }
}
