//! Quick play: an account asks for a game (a title, a number of players, rated or not, a clock) and sits at the
//! oldest waiting table of that pool whose ratings are close enough to its own, or opens one. The seeker who
//! completes a table opens its game, and every seeker's stream says `matched`. A seeker may ask for a bot to fill
//! the table after a wait of its choosing: every instance's background work claims such tables once due (each by one
//! instance at a time) and opens their games. Without it, a seeker waits `SEEK_WAIT` at most.
//!
//! Opening a table's game survives the death of the instance doing it: the table stays in the store, claimed for
//! `SWEEP_LEASE`, until its game exists; the game's id derives from the table's (`game_id`), so whichever instance
//! opens it again once the claim ends (the background work, as for a sweep's due games) finds the game if it was
//! made, and otherwise makes it.

use std::collections::BTreeMap;

use rand::seq::SliceRandom;
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};

use super::games::SWEEP_LEASE;
use super::{Account, GameId, LoadedGame, NewGame, Notification, ServiceError, Tables, TestPauses, now_ms};
use crate::engine::bot::Bot;
use crate::engine::clocks::ClockSettings;
use crate::ratings::glicko2::START_RATING;
use crate::store::{Seating, Seeker, Sought, StoreError, WaitingTable, Window};

/// How far apart the ratings at a table may be: 150 points at first, 10 more each second the table waits, 1000 at
/// most (then anyone fits).
pub const WINDOW: Window = Window {
    base: 150.0,
    per_second: 10.0,
    max: 1000.0,
};
/// The longest wait a seeker may choose before a bot fills its table: an hour.
pub const MAX_BOT_AFTER_SECONDS: u64 = 3600;
/// How long a seeker waits for a table at most, unless it asked for bots (`bot_after_seconds`: they fill its table
/// then): its seek then ends (`seek_expired` on its stream).
pub const SEEK_WAIT: std::time::Duration = std::time::Duration::from_secs(5 * 60);
/// Tables one background pass opens (or expires seekers of) at most.
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

impl Tables {
    /// Seats the account at the oldest fitting table of the pool it asks for, or at a new one; the seeker who
    /// completes a table opens its game.
    pub async fn seek(&self, account: &Account, seek: &Seek) -> Result<SeekOutcome, ServiceError> {
        let title = self.games.title_for(&seek.title, seek.players)?;
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
        let bot_at_ms = seek.bot_after_seconds.map(|seconds| now + seconds * 1000);
        let seeker = Seeker {
            account: account.id.clone(),
            rating,
            since_ms: now,
            bot_at_ms,
            // Bots fill the table of a seeker that asked for them: it does not wait in vain.
            expires_at_ms: bot_at_ms.is_none().then(|| now + SEEK_WAIT.as_millis() as u64),
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
        let asked = Seating {
            pool: &pool,
            players: seek.players,
            seeker: &seeker,
            window: WINDOW,
            new_table: &table,
            lease_ms: SWEEP_LEASE.as_millis() as u64,
        };
        match matchmaking.seek(asked).await? {
            Sought::Waiting { table } => Ok(SeekOutcome::Waiting { table }),
            Sought::AlreadySeeking { table } => Err(ServiceError::AlreadySeeking(table)),
            Sought::Formed(table) => {
                // Should this fail or the instance die, the claim's end lets any instance open the game.
                TestPauses::wait(self.pauses.before_opening_table).await;
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

    /// Opens the games of the tables that are due: those whose seekers' chosen wait is over (bots on the empty
    /// seats), and complete ones whose opening instance died (or failed) before their game was said to exist.
    /// Returns how many were opened.
    pub async fn fill_due_tables(&self, now: u64) -> Result<usize, ServiceError> {
        let lease = SWEEP_LEASE.as_millis() as u64;
        let due = self
            .store
            .matchmaking()
            .claim_due_tables(now, lease, DUE_TABLES)
            .await?;
        let mut opened = 0;
        for table in &due {
            match self.open_table(table).await {
                Ok(_) => opened += 1,
                // The claim's end brings it back.
                Err(error @ ServiceError::Store(_)) => {
                    tracing::warn!(table = %table.id, %error, "a quick-play table's game was not opened; trying again")
                }
                Err(error) => {
                    // It never will be (its pool no longer makes a game): the store forgets it as if opened, and its
                    // seekers may seek again.
                    tracing::warn!(table = %table.id, %error, "a quick-play table's game cannot be opened; dropped");
                    self.store.matchmaking().opened(&table.id).await?;
                }
            }
        }
        Ok(opened)
    }

    /// Ends the seeks whose wait is over (`SEEK_WAIT`) and tells each account; returns how many ended.
    pub async fn expire_seeks(&self, now: u64) -> Result<usize, ServiceError> {
        let expired = self.store.matchmaking().expire_seekers(now, DUE_TABLES).await?;
        let mut ended = 0;
        for table in &expired {
            let title = serde_json::from_str::<Pool>(&table.pool).map_or_else(|_| String::new(), |pool| pool.title);
            for seeker in &table.seekers {
                let notification = Notification::SeekExpired {
                    table: table.id.clone(),
                    title: title.clone(),
                };
                self.notifier.tell(&seeker.account, &notification).await;
                ended += 1;
            }
        }
        Ok(ended)
    }

    /// Opens a claimed table's game, under the table's game id: its seekers on seats drawn at random, the `search`
    /// bot on the seats left; or finds it, made by an instance that died before it said so. Then tells every seeker
    /// (again, in the second case: a seeker may be told twice) and lets the store forget the table.
    async fn open_table(&self, table: &WaitingTable) -> Result<LoadedGame, ServiceError> {
        let pool: Pool = serde_json::from_str(&table.pool)
            .map_err(|error| ServiceError::Corrupt(format!("a waiting table's pool: {error}")))?;
        let title = self
            .games
            .registry()
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
        let new = NewGame {
            bots: Some(&bots),
            clock: pool.clock,
            rated: pool.rated,
            matched: Some(&matched),
            ..NewGame::closed(&pool.title, pool.players, None, None)
        };
        let id = game_id(&table.id);
        let game = match self.create_with_id(new, id.clone()).await {
            Ok(created) => created.game,
            Err(ServiceError::Store(StoreError::AlreadyExists)) => self.games.load(&id).await?,
            Err(error) => return Err(error),
        };
        let seeker = |account: &str| table.seekers.iter().any(|seeker| seeker.account == account);
        let seated = game.session.table().seats.iter().enumerate();
        let seekers = seated.filter_map(|(seat, taken)| Some((seat, taken.account.as_deref().filter(|a| seeker(a))?)));
        for (seat, account) in seekers {
            let notification = Notification::Matched {
                game: game.meta.id.to_string(),
                title: pool.title.clone(),
                seat: game.seat_name(seat),
                rated: pool.rated,
            };
            self.notifier.tell(account, &notification).await;
        }
        self.store.matchmaking().opened(&table.id).await?;
        tracing::info!(game = %game.meta.id, table = %table.id, seekers = matched.len(), "quick play matched");
        Ok(game)
    }
}

/// The id of a quick-play table's game: a function of the table's id, so that whoever opens the table opens one game.
fn game_id(table: &str) -> GameId {
    let digest = Sha256::digest(format!("ludus quick-play table {table}"));
    GameId::known(hex::encode(&digest[..16]))
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use super::*;
    use crate::engine::Registry;
    use crate::service::GameService;
    use crate::store::MemoryStore;

    /// An instance that claims a table again after the first opened its game but died before saying so finds that
    /// game: two openings of a table make one game, with the same seats.
    #[tokio::test]
    async fn opening_a_table_twice_opens_one_game() {
        let service = GameService::new(Registry::with_all_titles(), Arc::new(MemoryStore::default()));
        let tables = &service.tables;
        let pool = Pool {
            title: "caesar-cleopatra".to_owned(),
            players: 2,
            rated: false,
            clock: None,
        };
        let pool = serde_json::to_string(&pool).unwrap();
        let seeker = |account: &str| Seeker {
            account: account.to_owned(),
            rating: START_RATING,
            since_ms: 1_000,
            bot_at_ms: None,
            expires_at_ms: None,
        };
        let matchmaking = tables.store.matchmaking();
        let (ada, bea) = (seeker("ada"), seeker("bea"));
        let at = |seeker, new_table| Seating {
            pool: &pool,
            players: 2,
            seeker,
            window: WINDOW,
            new_table,
            lease_ms: 5_000,
        };
        assert!(matches!(matchmaking.seek(at(&ada, "t1")).await.unwrap(), Sought::Waiting { .. }));
        let Sought::Formed(table) = matchmaking.seek(at(&bea, "t2")).await.unwrap() else {
            panic!("bea completes the table");
        };
        let first = tables.open_table(&table).await.unwrap();
        let second = tables.open_table(&table).await.unwrap();
        assert_eq!(first.meta.id, game_id("t1"));
        assert_eq!(second.meta.id, first.meta.id);
        let seats = |game: &LoadedGame| -> Vec<Option<String>> {
            game.session
                .table()
                .seats
                .iter()
                .map(|seat| seat.account.clone())
                .collect()
        };
        assert_eq!(seats(&second), seats(&first));
        assert!(seats(&first).contains(&Some("ada".to_owned())) && seats(&first).contains(&Some("bea".to_owned())));
        assert!(
            matchmaking
                .claim_due_tables(u64::MAX / 2, 5_000, 10)
                .await
                .unwrap()
                .is_empty(),
            "the table is gone"
        );
    }
}
