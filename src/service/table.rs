//! Strangers meeting over a game: open seats and the lobby that lists them, joining, deadlines and expiries that
//! every instance sweeps, and rematches. What happens at the table is written into the game's log as table events
//! (see `engine::table`), so that it replays like the rest of the game.

use std::collections::BTreeMap;
use std::sync::Arc;
use std::time::{Duration, Instant};

use serde::Deserialize;
use serde_json::Value;
use sha2::{Digest, Sha256};
use utoipa::ToSchema;

use super::{
    CONFLICT_RETRIES, Created, GameService, ServiceError, Snapshot, due_ms, hash_token, now_ms, replay, snapshot_of,
};
use crate::engine::bot::Bot;
use crate::engine::table::{EndReason, OpenedSeat, TableEvent, Taker};
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
    /// Seats played by built-in opponents, by seat id. `seats` places the creator on the others.
    pub bots: Option<&'a BTreeMap<String, Bot>>,
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
            bots: None,
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
/// Which seats are open. Seats played by a bot (`bots`) are not the creator's to take: `Count` counts the others,
/// in seat order, and `Choice` may not name them.
fn open_seats(
    seat_ids: &[&'static str],
    title_seats: &[&'static str],
    request: Option<&SeatsRequest>,
    bots: &[Option<Bot>],
) -> Result<Vec<bool>, ServiceError> {
    match request {
        None => Ok(vec![false; seat_ids.len()]),
        Some(SeatsRequest::Count(mine)) => {
            let mine = usize::from(*mine);
            let free = bots.iter().filter(|bot| bot.is_none()).count();
            if mine > free {
                return Err(ServiceError::SeatsConflict(format!(
                    "the creator can take at most the game's {free} seats not played by a bot, not {mine}"
                )));
            }
            let mut taken = 0;
            Ok(bots
                .iter()
                .map(|bot| {
                    if bot.is_some() {
                        return false;
                    }
                    taken += 1;
                    taken > mine
                })
                .collect())
        }
        Some(SeatsRequest::Choice(choices)) => {
            check_seat_ids(choices.keys(), seat_ids, title_seats)?;
            if let Some(both) = seat_ids
                .iter()
                .zip(bots)
                .find(|(id, bot)| bot.is_some() && choices.contains_key(**id))
            {
                return Err(ServiceError::SeatsConflict(format!(
                    "seat {:?} is played by a bot: it cannot also be open or the creator's",
                    both.0
                )));
            }
            Ok(seat_ids
                .iter()
                .map(|id| choices.get(*id) == Some(&SeatChoice::Open))
                .collect())
        }
    }
}

/// The bot of each seat of the game, from the request's bots by seat id.
fn seat_bots(
    seat_ids: &[&'static str],
    title_seats: &[&'static str],
    request: Option<&BTreeMap<String, Bot>>,
) -> Result<Vec<Option<Bot>>, ServiceError> {
    let Some(bots) = request else {
        return Ok(vec![None; seat_ids.len()]);
    };
    check_seat_ids(bots.keys(), seat_ids, title_seats)?;
    Ok(seat_ids.iter().map(|id| bots.get(*id).copied()).collect())
}

/// Refuses seat ids that are not the title's, or not in a game of this many players.
fn check_seat_ids<'a>(
    mut named: impl Iterator<Item = &'a String> + Clone,
    seat_ids: &[&'static str],
    title_seats: &[&'static str],
) -> Result<(), ServiceError> {
    if let Some(unknown) = named.clone().find(|id| !title_seats.contains(&id.as_str())) {
        return Err(ServiceError::InvalidSeats(format!(
            "{unknown:?} is not a seat of this title (its seats: {})",
            title_seats.join(", ")
        )));
    }
    if let Some(beyond) = named.find(|id| !seat_ids.contains(&id.as_str())) {
        return Err(ServiceError::SeatsConflict(format!(
            "{beyond:?} is not a seat of a {}-player game (its seats: {})",
            seat_ids.len(),
            seat_ids.join(", ")
        )));
    }
    Ok(())
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
        let bots = seat_bots(&seats, &info.seats, new.bots)?;
        let open = open_seats(&seats, &info.seats, new.seats, &bots)?;
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
                .zip(open.iter().zip(&bots))
                .map(|(seat, (&open, &bot))| OpenedSeat {
                    seat: (*seat).to_owned(),
                    open,
                    name: if open || bot.is_some() { None } else { name.clone() },
                    bot,
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
            .zip(open.iter().zip(&bots))
            .filter(|(_, (open, bot))| !**open && bot.is_none())
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
        if let Some(due) = due_ms(&*session, meta.created_at_ms) {
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
        self.wake_bot(&snapshot);
        Ok(snapshot)
    }

    /// Takes an open seat for someone, who gets its token once; the last seat taken starts the game. A seat is
    /// taken exactly once: joins race through the store's conditional append, and the losers find it taken.
    pub async fn join(&self, id: &str, seat_id: &str, name: Option<String>) -> Result<Joined, ServiceError> {
        let name = check_name(name)?;
        let token = new_token();
        let taker = || Taker::Person {
            name: name.clone(),
            token_hash: hash_token(&token),
        };
        let (snapshot, seat) = self.take_seat(id, seat_id, None, &taker).await?;
        Ok(Joined { snapshot, seat, token })
    }

    /// Seats `bot` on an open seat, at the request of a player of the game (`token`: a seat's token): it plays that
    /// seat from then on. Like a join, it may start the game.
    pub async fn seat_bot(
        &self,
        id: &str,
        seat_id: &str,
        token: &str,
        bot: Bot,
    ) -> Result<(Snapshot, Seat), ServiceError> {
        self.take_seat(id, seat_id, Some(token), &|| Taker::Bot(bot)).await
    }

    /// Seats whoever `taker` makes on open seat `seat_id`, once `inviter` (when given) is known as a seat's token.
    async fn take_seat(
        &self,
        id: &str,
        seat_id: &str,
        inviter: Option<&str>,
        taker: &(dyn Fn() -> Taker + Sync),
    ) -> Result<(Snapshot, Seat), ServiceError> {
        for _ in 0..=CONFLICT_RETRIES {
            let snapshot = self.load(id).await?;
            if let Some(token) = inviter {
                snapshot.seat_of(token)?;
            }
            let seat = snapshot
                .seats
                .iter()
                .position(|seat| *seat == seat_id)
                .ok_or_else(|| ServiceError::SeatNotFound(seat_id.to_owned()))?;
            let now = now_ms();
            if snapshot.session.overdue(now).is_some() {
                self.settle_due(id, now).await?;
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
                .join(seat, taker(), seed, now)
                .map_err(ActionError::from)?;
            if let Some(due) = due_ms(&*played.next, now) {
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
                    return Ok((after, seat));
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
        self.wake_bot(after);
    }

    /// Hands the game to this instance's background work when a bot is to act in it.
    fn wake_bot(&self, snapshot: &Snapshot) {
        if snapshot.session.bot_to_act().is_some() {
            self.wake_bot_of(snapshot.meta.id.clone());
        }
    }

    fn wake_bot_of(&self, id: String) {
        self.bots_due
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
            .push(id);
        self.bots_wake.notify_one();
    }

    /// This instance's background work, until the process ends: a sweep every `sweep_every` (`None`: never, leaving
    /// it to other instances), and at once the bots' moves of the games it made a bot's turn (each game in a task of
    /// its own, so that a slow bot holds up no other).
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
                _ = tick => {
                    if let Err(error) = self.sweep(now_ms()).await {
                        tracing::warn!(%error, "sweep failed; trying again at the next tick");
                    }
                }
                () = self.bots_wake.notified() => {
                    let due = std::mem::take(&mut *self.bots_due.lock().unwrap_or_else(|poisoned| poisoned.into_inner()));
                    for id in due {
                        let service = self.clone();
                        tokio::spawn(async move {
                            let now = now_ms();
                            match service.settle_due(&id, now).await {
                                // Out of time with a bot still to act: go on at once.
                                Ok(Some(due)) if due <= now => service.wake_bot_of(id),
                                Ok(_) => {}
                                // The game's note in the store brings it back to a sweep.
                                Err(error) => tracing::warn!(game = %id, %error, "bot move not played"),
                            }
                        });
                    }
                }
            }
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
            let next = match self.settle_due(id, now).await {
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

    /// Does what game `id` is due for at `now`: ends it if it is overdue (its seat to act let the deadline pass, or a
    /// seat was still open at its expiry), else plays its bots' moves while a bot is to act, for at most half a
    /// sweep's lease (so that the claim still holds); returns when it is next due. Each move is a conditional append:
    /// instances racing to play the same bot's turn log it once, and a loser leaves the rest of the turn to the
    /// winner.
    pub async fn settle_due(&self, id: &str, now: u64) -> Result<Option<u64>, ServiceError> {
        let started = Instant::now();
        let mut races = 0;
        loop {
            let snapshot = self.load(id).await?;
            let overdue = snapshot.session.overdue(now);
            let played = match (&overdue, snapshot.session.bot_to_act()) {
                (Some(event), _) => snapshot.session.record(std::slice::from_ref(event)),
                // The claim's lease would soon run out: the next sweep goes on at once.
                (None, Some(_)) if started.elapsed() > SWEEP_LEASE / 2 => return Ok(Some(now)),
                (None, Some((seat, bot))) => {
                    // A search thinks for up to its budget: off the async workers.
                    let (session, seed) = (snapshot.session.clone(), snapshot.seed()?);
                    let deadline = Instant::now() + Duration::from_millis(bot.budget_ms().into());
                    tokio::task::spawn_blocking(move || {
                        session.play_bot(seat, bot, seed, now, &mut || Instant::now() >= deadline)
                    })
                    .await
                    .map_err(|error| ServiceError::BotFailed(error.to_string()))??
                }
                (None, None) => return Ok(due_ms(&*snapshot.session, now)),
            };
            let finishes = played.next.is_finished();
            let (head, _) = snapshot.head.extend(&played.events);
            let after = Snapshot {
                session: played.next.into(),
                head,
                ..snapshot.clone()
            };
            if let Some(due) = due_ms(&*after.session, now) {
                // Noted before the append, as a move does (a deadline restarted, a bot to act again).
                self.store.schedule(id, due).await?;
            }
            let stored_snapshot = snapshot_of(&snapshot, &after);
            let appended = self
                .store
                .append_with_snapshot(
                    id,
                    snapshot.head,
                    &played.events,
                    None,
                    finishes,
                    stored_snapshot
                        .as_ref()
                        .map(|(format, data)| (format.as_str(), data.as_str())),
                )
                .await;
            match appended {
                Ok(Appended::Ok { .. }) => {
                    if let Some(event) = &overdue {
                        tracing::info!(game = id, event = %event.encode(), "overdue game ended");
                    }
                    self.after_append(&snapshot, &after).await;
                    self.remember(&after);
                    races = 0;
                }
                Ok(Appended::Duplicate { .. } | Appended::Behind { .. }) | Err(StoreError::Conflict { .. }) => {
                    if overdue.is_none() {
                        // Another instance is playing this bot's turn: it plays the rest (and its note in the
                        // store covers its crash). Racing it move after move would only waste both.
                        let current = self.load(id).await?;
                        return Ok(due_ms(&*current.session, now));
                    }
                    races += 1;
                    if races > CONFLICT_RETRIES {
                        return Err(ServiceError::Contention);
                    }
                }
                Err(other) => return Err(other.into()),
            }
        }
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
        let old_seats: Vec<_> = (0..players).map(|seat| &old_table.seats[from_old_seat(seat)]).collect();
        let seed = GameSeed::random();
        let now = now_ms();
        let opened = TableEvent::TableOpened {
            seats: old
                .seats
                .iter()
                .zip(&old_seats)
                .map(|(seat, old_seat)| OpenedSeat {
                    seat: (*seat).to_owned(),
                    open: false,
                    name: old_seat.name.clone(),
                    bot: old_seat.bot,
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
        let open = |request: SeatsRequest| open_seats(&seats, &all, Some(&request), &[None, None]);
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

    #[test]
    fn seats_requests_place_the_creator_on_the_seats_bots_leave() {
        let (seats, all) = (["caesar", "cleopatra"], ["caesar", "cleopatra"]);
        let bot_first = [Some(Bot::Random {}), None];
        let open = |request: SeatsRequest| open_seats(&seats, &all, Some(&request), &bot_first);
        assert_eq!(
            open(SeatsRequest::Count(1)).unwrap(),
            [false, false],
            "the creator takes cleopatra"
        );
        assert_eq!(
            open(SeatsRequest::Count(0)).unwrap(),
            [false, true],
            "cleopatra waits for someone"
        );
        assert!(matches!(
            open(SeatsRequest::Count(2)),
            Err(ServiceError::SeatsConflict(_))
        ));
        let choice = |seat: &str| SeatsRequest::Choice([(seat.to_owned(), SeatChoice::Mine)].into());
        assert!(matches!(open(choice("caesar")), Err(ServiceError::SeatsConflict(_))));
        assert_eq!(open(choice("cleopatra")).unwrap(), [false, false]);
        let bots = [("cleopatra".to_owned(), Bot::Random {})].into();
        assert_eq!(
            seat_bots(&seats, &all, Some(&bots)).unwrap(),
            [None, Some(Bot::Random {})]
        );
        let elsewhere = [("brutus".to_owned(), Bot::Random {})].into();
        assert!(matches!(
            seat_bots(&seats, &all, Some(&elsewhere)),
            Err(ServiceError::InvalidSeats(_))
        ));
    }
}
