//! Quick play: an account asks for a game (a title, a number of players, rated or not, a clock) and sits at the
//! oldest waiting table of that pool whose ratings are close enough to its own, or opens one. The seeker who
//! completes a table opens its game, and every seeker's stream says `matched`. A seeker may ask for a bot to fill
//! the table after a wait of its choosing: every instance's background work takes such tables out of the store
//! once due (each once) and opens their games.

use std::collections::BTreeMap;

use rand::seq::SliceRandom;
use serde::{Deserialize, Serialize};

use super::{Account, GameService, LoadedGame, NewGame, Notification, ServiceError, now_ms};
use crate::engine::bot::Bot;
use crate::engine::clocks::ClockSettings;
use crate::ratings::glicko2::START_RATING;
use crate::store::{Seeker, Sought, WaitingTable, Window};

/// How far apart the ratings at a table may be: 150 points at first, 10 more each second the table waits, 1000 at
/// most (then anyone fits).
pub const WINDOW: Window = Window {
    base: 150.0,
    per_second: 10.0,
    max: 1000.0,
};
/// The longest wait a seeker may choose before a bot fills its table: an hour.
pub const MAX_BOT_AFTER_SECONDS: u64 = 3600;
/// Tables one background pass fills with bots at most.
const DUE_TABLES: usize = 16;

/// What an account seeks.
pub struct Seek {
    pub title: String,
    pub players: usize,
    pub rated: bool,
    pub clock: Option<ClockSettings>,
    /// After this wait, bots (the `search` bot) fill the table's empty seats.
    pub bot_after_seconds: Option<u64>,
}

/// A pool: seekers of one pool only sit together. Written as JSON in the store (fields in this order).
#[derive(Serialize, Deserialize)]
struct Pool {
    title: String,
    players: usize,
    rated: bool,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    clock: Option<ClockSettings>,
}

/// What seeking gave.
pub enum SeekOutcome {
    /// The account waits at this table; its stream says `matched` once the table is complete.
    Waiting { table: String },
    /// The account completed a table: its game is on, the account at `seat`.
    Matched { game: LoadedGame, seat: &'static str },
}

impl GameService {
    /// Seats the account at the oldest fitting table of the pool it asks for, or at a new one; the seeker who
    /// completes a table opens its game.
    pub async fn seek(&self, account: &Account, seek: &Seek) -> Result<SeekOutcome, ServiceError> {
        let title = self.title_for(&seek.title, seek.players)?;
        let info = title.info();
        if let Some(clock) = seek.clock {
            clock.check().map_err(ServiceError::InvalidClock)?;
        }
        if seek
            .bot_after_seconds
            .is_some_and(|seconds| !(1..=MAX_BOT_AFTER_SECONDS).contains(&seconds))
        {
            return Err(ServiceError::InvalidBotAfter);
        }
        let rated = self
            .store
            .ratings()
            .ratings(info.id, std::slice::from_ref(&account.id))
            .await?;
        let rating = rated
            .first()
            .copied()
            .flatten()
            .map_or(START_RATING, |rated| rated.rating);
        let now = now_ms();
        let seeker = Seeker {
            account: account.id.clone(),
            rating,
            since_ms: now,
            bot_at_ms: seek.bot_after_seconds.map(|seconds| now + seconds * 1000),
        };
        let pool = Pool {
            title: info.id.to_owned(),
            players: seek.players,
            rated: seek.rated,
            clock: seek.clock,
        };
        let pool = serde_json::to_string(&pool).expect("a pool serializes");
        let table = hex::encode(rand::random::<[u8; 12]>());
        let matchmaking = self.store.matchmaking();
        match matchmaking.seek(&pool, seek.players, &seeker, WINDOW, &table).await? {
            Sought::Waiting { table } => Ok(SeekOutcome::Waiting { table }),
            Sought::AlreadySeeking { table } => Err(ServiceError::AlreadySeeking(table)),
            Sought::Formed(table) => {
                let game = self.open_table(&table).await?;
                let seat = game
                    .session
                    .table()
                    .seats
                    .iter()
                    .position(|seat| seat.account.as_deref() == Some(account.id.as_str()))
                    .map(|seat| game.seat_name(seat))
                    .ok_or_else(|| ServiceError::Corrupt("a matched account has no seat".to_owned()))?;
                Ok(SeekOutcome::Matched { game, seat })
            }
        }
    }

    /// Takes the account away from the table it waits at.
    pub async fn cancel_seek(&self, account: &str) -> Result<(), ServiceError> {
        match self.store.matchmaking().cancel_seek(account).await? {
            true => Ok(()),
            false => Err(ServiceError::NotSeeking),
        }
    }

    /// Opens the games of the tables whose seekers' chosen wait is over, bots on the empty seats; returns how many.
    pub async fn fill_due_tables(&self, now: u64) -> Result<usize, ServiceError> {
        let due = self.store.matchmaking().take_due_tables(now, DUE_TABLES).await?;
        for table in &due {
            if let Err(error) = self.open_table(table).await {
                tracing::warn!(table = %table.id, %error, "a table due for bots was not opened");
            }
        }
        Ok(due.len())
    }

    /// Opens a table's game: its seekers on seats drawn at random, the `search` bot on the seats left, then tells
    /// every seeker.
    async fn open_table(&self, table: &WaitingTable) -> Result<LoadedGame, ServiceError> {
        let pool: Pool = serde_json::from_str(&table.pool)
            .map_err(|error| ServiceError::Corrupt(format!("a waiting table's pool: {error}")))?;
        let title = self
            .registry
            .get(&pool.title)
            .ok_or_else(|| ServiceError::UnknownTitle(pool.title.clone()))?
            .info();
        let mut seating: Vec<Option<String>> = table
            .seekers
            .iter()
            .map(|seeker| Some(seeker.account.clone()))
            .collect();
        seating.resize(pool.players, None);
        seating.shuffle(&mut rand::rng());
        let bots: BTreeMap<String, Bot> = seating
            .iter()
            .zip(&title.seats)
            .filter(|(account, _)| account.is_none())
            .map(|(_, seat)| ((*seat).to_owned(), Bot::SEARCH))
            .collect();
        let matched: Vec<String> = seating.iter().flatten().cloned().collect();
        let created = self
            .create(NewGame {
                bots: Some(&bots),
                clock: pool.clock,
                rated: pool.rated,
                matched: Some(&matched),
                ..NewGame::closed(&pool.title, pool.players, None, None)
            })
            .await?;
        let game = created.game;
        for (seat, account) in seating.iter().enumerate() {
            let Some(account) = account else { continue };
            let notification = Notification::Matched {
                game: game.meta.id.clone(),
                title: pool.title.clone(),
                seat: game.seat_name(seat),
                rated: pool.rated,
            };
            self.tell(account, &notification).await;
        }
        tracing::info!(game = %game.meta.id, table = %table.id, seekers = matched.len(), "quick play matched");
        Ok(game)
    }
}
