//! The public data of a conspiracy in progress (spec 4.6, 4.7): bids, passes, the cards on the table and the
//! conspirators.

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::ids::{Kind, Pos, Role, SeatId};
use crate::engine::Seat;

/// A card face up in front of a seat during a conspiracy.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[schema(as = CaligulaPlayedCard)]
pub struct PlayedCard {
    pub seat: SeatId,
    pub kind: Kind,
    pub role: Role,
}

/// The public data of a conspiracy in progress (4.7). Per-seat lists are indexed in seat order.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[schema(as = CaligulaConspiracy)]
pub struct Conspiracy {
    /// True for the final conspiracy at the fall of the empire.
    #[serde(rename = "final")]
    pub final_conspiracy: bool,
    pub leader: Option<SeatId>,
    /// The high bid H (0 before any leader).
    pub high: u32,
    pub committed: Vec<u32>,
    /// Out of this conspiracy for good (passed while a leader existed).
    pub passed: Vec<bool>,
    /// Declined the opening (still eligible later).
    pub declined_opening: Vec<bool>,
    /// Cards played face up and not yet returned to their decks, in play order.
    pub table: Vec<PlayedCard>,
    /// Every card played in this conspiracy, in order.
    pub played: Vec<PlayedCard>,
    /// Set when the auction is over: the leader first, then in `ordo_after(leader)` order.
    pub conspirators: Vec<SeatId>,
    pub auction_over: bool,
    pub chosen_candidate: Option<Pos>,
    pub defence_count: u32,
    pub stab_count: Vec<u32>,
}

impl Conspiracy {
    pub fn new(seat_count: usize, final_conspiracy: bool) -> Self {
        Conspiracy {
            final_conspiracy,
            leader: None,
            high: 0,
            committed: vec![0; seat_count],
            passed: vec![false; seat_count],
            declined_opening: vec![false; seat_count],
            table: Vec::new(),
            played: Vec::new(),
            conspirators: Vec::new(),
            auction_over: false,
            chosen_candidate: None,
            defence_count: 0,
            stab_count: vec![0; seat_count],
        }
    }
    pub fn is_conspirator(&self, seat: Seat) -> bool {
        self.conspirators.iter().any(|conspirator| conspirator.idx() == seat)
    }
}
