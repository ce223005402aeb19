//! What the store keeps for quick play: the tables waiting for players, each in a pool (a title, a number of
//! players, rated or not, a clock), and which table each seeking account waits at. Seeking is one atomic step, so
//! that racing seekers on any number of instances never sit one account at two tables or a table twice.
//!
//! A table that is complete (or due for bots) is not taken out at once: it stays, claimed by the instance that opens
//! its game for a lease, as a due game is claimed by a sweep (`EventStore::claim_due`), until that instance says its
//! game exists (`opened`). Should the instance die in between, the lease ends and any instance claims the table
//! again (`claim_due_tables`) and opens its game; its seekers meanwhile wait nowhere else. A seeker waits until
//! `expires_at_ms` at most (`expire_seekers`).

use async_trait::async_trait;
use serde::{Deserialize, Serialize};

use super::StoreResult;

/// An account waiting at a table.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Seeker {
    pub account: String,
    /// Its rating in the pool's title, which tables match on.
    pub rating: f64,
    pub since_ms: u64,
    /// When the account would rather have a bot fill the table than wait longer.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub bot_at_ms: Option<u64>,
    /// When the account stops waiting, if its table is not complete by then.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub expires_at_ms: Option<u64>,
}

/// A table waiting for players.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct WaitingTable {
    pub id: String,
    /// What its players asked for, as the service writes it: seekers join tables of their own pool only.
    pub pool: String,
    pub players: usize,
    /// When its first seeker came: the rating window widens from then.
    pub since_ms: u64,
    pub seekers: Vec<Seeker>,
}

/// How far apart a table's ratings may be: `base` at first, `per_second` more each second the table waited, never
/// more than `max`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Window {
    pub base: f64,
    pub per_second: f64,
    pub max: f64,
}

impl Window {
    /// The window of a table that waited `waited_ms`.
    pub fn after(self, waited_ms: u64) -> f64 {
        (self.base + self.per_second * waited_ms as f64 / 1000.0).min(self.max)
    }

    /// Whether `seeker` fits `table` at `now_ms`: every rating at the table is within the table's window of its own.
    pub fn fits(self, table: &WaitingTable, seeker: &Seeker, now_ms: u64) -> bool {
        let window = self.after(now_ms.saturating_sub(table.since_ms));
        table
            .seekers
            .iter()
            .all(|seated| (seated.rating - seeker.rating).abs() <= window)
    }
}

/// What seeking did.
/// What `MatchmakingStore::seek` is asked.
#[derive(Clone, Copy, Debug)]
pub struct Seating<'a> {
    /// The pool (title, players, clock, rated) whose tables the seeker may sit at.
    pub pool: &'a str,
    /// How many seats a table of the pool has.
    pub players: usize,
    pub seeker: &'a Seeker,
    pub window: Window,
    /// The id of the table the seeker opens when none fits.
    pub new_table: &'a str,
    /// How long a table the seeker completes stays claimed for the caller to open its game.
    pub lease_ms: u64,
}

#[derive(Clone, Debug, PartialEq)]
pub enum Sought {
    /// The account waits at this table (a new one, or one that still lacks players).
    Waiting { table: String },
    /// The account completed this table: its game is the caller's to open, under the claim `seek` made for it
    /// (`opened` once the game exists).
    Formed(WaitingTable),
    /// The account waits at a table already: nothing changed.
    AlreadySeeking { table: String },
}

#[async_trait]
pub trait MatchmakingStore: Send + Sync {
    /// Seats the seeker at the oldest table of its pool it fits (see `Window::fits`), or at a new table, unless it
    /// waits at a table already (or at a complete one whose game is not open yet); a table it completes is returned,
    /// claimed until `seeker.since_ms + lease_ms` for the caller to open its game.
    async fn seek(&self, seating: Seating<'_>) -> StoreResult<Sought>;

    /// Takes the account away from the table it waits at; false when it waits nowhere (or at a complete table).
    async fn cancel_seek(&self, account: &str) -> StoreResult<bool>;

    /// Claims up to `limit` tables whose game is to open at `now_ms`, until `now_ms + lease_ms`: complete tables
    /// whose claim ended before their game was said open (its instance died), then waiting tables whose earliest
    /// `bot_at_ms` passed (bots fill their empty seats; their seekers wait no more). Each is claimed by one caller
    /// at a time: racing instances claim different tables.
    async fn claim_due_tables(&self, now_ms: u64, lease_ms: u64, limit: usize) -> StoreResult<Vec<WaitingTable>>;

    /// The game of claimed table `table` exists: the table leaves the store, and its seekers may seek again.
    async fn opened(&self, table: &str) -> StoreResult<()>;

    /// Takes the seekers whose `expires_at_ms` passed at `now_ms` away from the waiting tables (at most `limit`
    /// tables), removing the tables left empty; returns, for each such table, the table with the seekers that left
    /// it. A complete table's seekers do not expire.
    async fn expire_seekers(&self, now_ms: u64, limit: usize) -> StoreResult<Vec<WaitingTable>>;
}

impl WaitingTable {
    /// When the first of its seekers would rather have a bot fill the table.
    pub fn bot_at_ms(&self) -> Option<u64> {
        self.seekers.iter().filter_map(|seeker| seeker.bot_at_ms).min()
    }

    /// When the first of its seekers stops waiting.
    pub fn expires_at_ms(&self) -> Option<u64> {
        self.seekers.iter().filter_map(|seeker| seeker.expires_at_ms).min()
    }
}
