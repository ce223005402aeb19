//! What a game is stored and read as: its metadata, its log as loaded or read after a head, its snapshots, and an
//! append with what is written in the same atomic step (idempotency record, snapshot, outbox) and its result.

use serde::{Deserialize, Serialize};

use super::{ChainHash, Head, HeadTag};
use crate::ids::GameId;

/// What is stored about a game besides its events. Immutable once created.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameMeta {
    pub id: GameId,
    pub title: String,
    pub players: usize,
    /// The title's options, normalized, as JSON text.
    pub options: String,
    /// SHA-256 of each seat's token, hex, in seat order.
    pub token_hashes: Vec<String>,
    /// The 256-bit secret seed, hex.
    pub seed: String,
    /// Creation time, milliseconds since the Unix epoch.
    pub created_at_ms: u64,
    /// Whether the creator chose the seed: then anyone who knows it can work out every card of the game.
    pub seeded: bool,
}

/// A game's metadata and whole log, as read in one step.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Loaded {
    pub meta: GameMeta,
    pub events: Vec<String>,
    pub head: Head,
}

/// A game's state at a head of its log, as the title's engine serialized it, in the format the engine names. The
/// store keeps the latest one per game, written in the same atomic step as the append that reached its head.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StoredSnapshot {
    pub head: Head,
    pub format: String,
    pub data: String,
}

impl StoredSnapshot {
    /// One string: a header line (`format version hash`), then the data.
    pub fn encode(&self) -> String {
        format!("{} {} {}\n{}", self.format, self.head.version, self.head.hash.to_hex(), self.data)
    }

    pub fn decode(text: &str) -> Option<Self> {
        let (header, data) = text.split_once('\n')?;
        let mut fields = header.split(' ');
        let format = fields.next()?.to_owned();
        let version = fields.next()?.parse().ok()?;
        let hash = ChainHash::from_hex(fields.next()?)?;
        Some(Self {
            head: Head { version, hash },
            format,
            data: data.to_owned(),
        })
    }
}

/// A game's metadata, its latest snapshot that the log extends (if any) and the events after it (the whole log
/// without one), as read in one step.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LoadedLatest {
    pub meta: GameMeta,
    pub snapshot: Option<StoredSnapshot>,
    pub events: Vec<String>,
    pub head: Head,
}

/// What a verified read after a known head found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ReadAfter {
    /// The log extends the head: these events follow it (none when nothing was appended).
    Extends { events: Vec<String>, head: Head },
    /// The log no longer extends the head (it is shorter, or differs at the head's position): whatever was built
    /// at that head is not the log's state and must be rebuilt from the start.
    Diverged,
}

/// A small record remembered under an idempotency key, written atomically with the events it answered.
#[derive(Clone, Copy, Debug)]
pub struct Idempotency<'a> {
    pub key: &'a str,
    pub record: &'a str,
}

/// A new game: its metadata, its first events and the notifications they give (its outbox, as an append's).
#[derive(Clone, Copy, Debug)]
pub struct Creation<'a> {
    pub meta: &'a GameMeta,
    pub events: &'a [String],
    pub outbox: &'a [(String, String)],
}

/// Events to append to a game's log, and what is written with them in the same atomic step.
#[derive(Clone, Copy, Debug)]
pub struct Append<'a> {
    /// The head the events follow: nothing is appended unless the log ends exactly there.
    pub from: Head,
    pub events: &'a [String],
    /// A record to keep under an idempotency key; a key already used refuses the append as a duplicate.
    pub idempotency: Option<Idempotency<'a>>,
    /// The events end the game: the retention of finished games starts.
    pub finishes: bool,
    /// The game's state at the new head, stored as its latest snapshot.
    pub snapshot: Option<SnapshotData<'a>>,
    /// A position the client holds: nothing is appended unless the log still holds it (`Rewritten` otherwise).
    pub known: Option<HeadTag>,
    /// Notifications the events give accounts, (account, notification), kept in the game's outbox by the same atomic
    /// step, to be delivered once each (`EventStore::outbox`).
    pub outbox: &'a [(String, String)],
}

impl<'a> Append<'a> {
    /// `events` after `from`, with nothing else.
    pub fn new(from: Head, events: &'a [String]) -> Self {
        Self {
            from,
            events,
            idempotency: None,
            finishes: false,
            snapshot: None,
            known: None,
            outbox: &[],
        }
    }
}

/// A notification waiting in a game's outbox: written with the append that gave it, removed once delivered.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OutboxEntry {
    /// Unique within the game's outbox, and never reused: with the game's id, what keeps a delivery from happening
    /// twice.
    pub id: String,
    pub account: String,
    pub notification: String,
}

/// Whether a log still holds a position a client was told of.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum History {
    /// The log holds it.
    Holds,
    /// The log no longer holds it (a store that lost its tail, then maybe grew again): the client's history and the
    /// log's part after `common`, the last version the store can prove both share (at worst 0).
    Rewritten { common: u64 },
}

/// A state to store as a snapshot: the engine's serialized state, in the format the engine names.
#[derive(Clone, Copy, Debug)]
pub struct SnapshotData<'a> {
    pub format: &'a str,
    pub data: &'a str,
}

/// Result of a conditional append.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Appended {
    /// The events are in the log, which now ends at this head.
    Ok { head: Head },
    /// The idempotency key was already used: nothing was appended; here is its record.
    Duplicate { record: String },
    /// Nothing was appended: the log extends the expected head with these events (another writer got there first),
    /// and now ends at `head`. The writer can catch up with them and decide again without reading the log.
    Behind { events: Vec<String>, head: Head },
    /// Nothing was appended: the log no longer holds the position the client presented (`Append::known`).
    Rewritten { common: u64 },
}
