//! The table around every title's game: who sits where, and how a game ends besides being played out (resignation,
//! abort, timeout, expiry of an unfilled game), its turn clock and its rematch.
//!
//! Table events share the game's log with the title's own events, so that a log still replays to the same game. The
//! service decides them (a title's rules never see them) and they fold into a `Table` the same way for every title.
//! A log without table events (every seat taken at creation, no clock) is an ordinary game.

mod clocks;
mod events;
mod evolve;
mod options;

pub use clocks::ClockReading;
pub use events::{
    DRAW_ACTION_TYPES, Erasures, TABLE_ACTION_TYPES, TABLE_EVENT_TYPES, TableAction, TableEvent, is_table_action,
};
pub use options::{ChatPolicy, LeaveReason, OnDecline, OnLeave, OpenedSeat};

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::Seat;
use super::bot::Bot;
use super::clocks::{ClockSettings, SeatClock};

/// Who takes an open seat.
pub enum Taker {
    /// Someone whose token hashes to `token_hash`, with the account they came with.
    Person {
        name: Option<String>,
        token_hash: String,
        account: Option<String>,
    },
    Bot(Bot),
}

/// One seat at the table.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct TableSeat {
    pub open: bool,
    pub name: Option<String>,
    /// Set for a seat taken by joining: its token's hash.
    pub token_hash: Option<String>,
    pub moved: bool,
    /// The built-in opponent that plays this seat, if one does.
    pub bot: Option<Bot>,
    /// The account the seat is bound to.
    pub account: Option<String>,
    /// The account an open seat is reserved for.
    pub invited: Option<String>,
    /// Set once the seat left a game that goes on: a bot plays it and it ranks last.
    pub abandoned: Option<LeaveReason>,
    /// True while its player handed the seat to a bot.
    pub handed: bool,
    /// Set once the account that held the seat was deleted: a deleted player's seat.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub erased: bool,
    /// Set once the account the seat's invitation named was deleted.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub invitation_erased: bool,
}

impl TableSeat {
    /// True while a person plays the seat (no bot, whether from the start, by hand-over or after leaving).
    pub fn played_by_person(&self) -> bool {
        self.bot.is_none()
    }
}

/// A draw offered and not yet answered by everyone.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct DrawOffer {
    pub by: Seat,
    pub accepted: Vec<Seat>,
}

/// Why a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum EndReason {
    /// Played to the end of the title's rules: `result` tells the rest.
    PlayedOut,
    Resigned,
    TimedOut,
    Aborted,
    Expired,
    /// Every remaining seat agreed to a draw.
    DrawAgreed,
}

/// How a game ended other than by its rules.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TableEnding {
    pub reason: EndReason,
    /// The seats that resigned, timed out or aborted.
    pub by: Vec<Seat>,
    /// Their sides (they and their partners): the losers.
    pub losers: Vec<Seat>,
}

/// Version of what a snapshot holds besides the title's state (the `Table`, and since 6 the undo trail, since 7 with
/// the clocks each of its decisions found): a snapshot of another version is not used.
pub const TABLE_FORMAT: u32 = 7;

/// Everything the table events of a log tell.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Table {
    pub seats: Vec<TableSeat>,
    /// Whether the game was opened with open seats: then the lobby lists it.
    pub listed: bool,
    pub turn_seconds: Option<u64>,
    pub expires_at_ms: Option<u64>,
    pub deadline_ms: Option<u64>,
    pub ending: Option<TableEnding>,
    /// The rematch's game id, and the seats' sealed tokens for it in a log written before each player's token
    /// opened its seat there (empty since).
    pub rematch: Option<(String, Vec<String>)>,
    pub on_decline: OnDecline,
    pub created_by: Option<String>,
    pub on_leave: OnLeave,
    pub clock: Option<ClockSettings>,
    /// Each seat's time, with a clock.
    pub clocks: Vec<SeatClock>,
    /// The seats whose clocks run, and since when.
    pub running: Vec<Seat>,
    pub running_since_ms: Option<u64>,
    pub draw_offer: Option<DrawOffer>,
    /// The seat whose draw offer was declined: it may offer again only after a move of the title.
    pub draw_declined_to: Option<Seat>,
    pub chat: ChatPolicy,
    /// The game changes its accounts' ratings once it is over.
    #[serde(default)]
    pub rated: bool,
    /// The account that created the game was deleted.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub creator_erased: bool,
}
/// What folding a table event needs to know of the title's game.
pub struct Seating<'a> {
    /// A seat's index from its id.
    pub index: &'a dyn Fn(&str) -> Option<Seat>,
    /// A seat and its partners.
    pub side: &'a dyn Fn(Seat) -> Vec<Seat>,
    /// The seats the title has to act now.
    pub to_act: &'a dyn Fn() -> Vec<Seat>,
}

impl Table {
    /// The table of a game whose seats were all taken at creation, with no clock: what a log without table events
    /// stands for.
    pub fn closed(players: usize) -> Self {
        Self {
            seats: vec![TableSeat::default(); players],
            listed: false,
            turn_seconds: None,
            expires_at_ms: None,
            deadline_ms: None,
            ending: None,
            rematch: None,
            on_decline: OnDecline::Open,
            created_by: None,
            on_leave: OnLeave::default_for(players),
            clock: None,
            clocks: Vec::new(),
            running: Vec::new(),
            running_since_ms: None,
            draw_offer: None,
            draw_declined_to: None,
            chat: ChatPolicy::Players,
            rated: false,
            creator_erased: false,
        }
    }

    /// What the erased seats (named by `seat_id`) hide of the events before their erasure.
    pub fn erasures(&self, seat_id: impl Fn(Seat) -> String) -> Erasures {
        let seats = |erased: fn(&TableSeat) -> bool| {
            (0..self.seats.len())
                .filter(|&seat| erased(&self.seats[seat]))
                .map(&seat_id)
                .collect()
        };
        Erasures {
            seats: seats(|seat| seat.erased),
            invitations: seats(|seat| seat.invitation_erased),
            creator: self.creator_erased,
        }
    }

    /// True while a seat waits for someone: the title's game has not started.
    pub fn is_open(&self) -> bool {
        self.seats.iter().any(|seat| seat.open)
    }

    /// True once every seat made its first move: the game can no longer be aborted.
    pub fn all_moved(&self) -> bool {
        self.seats.iter().all(|seat| seat.moved)
    }

    /// The seats still in the game: those that did not leave it.
    pub fn remaining(&self) -> impl Iterator<Item = Seat> + '_ {
        self.seats
            .iter()
            .enumerate()
            .filter(|(_, seat)| seat.abandoned.is_none())
            .map(|(index, _)| index)
    }

    /// A title's event was folded in: a pending draw offer lapses (a move answers it), and a seat whose offer was
    /// declined may offer again.
    pub fn title_moved(&mut self) {
        self.draw_offer = None;
        self.draw_declined_to = None;
    }
}
