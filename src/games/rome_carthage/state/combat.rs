//! The combats of the state: the ones declared by moves (pending) and the one being fought.

use crate::games::rome_carthage::card::{Card, Cards};
use crate::games::rome_carthage::piece::{Kind, Piece};

#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Pending {
    pub city: u8,
    pub attacker: Piece,
    pub defender: Piece,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum SpyStage {
    /// The current base has not been revealed and checked yet.
    Unchecked,
    /// Both bases were spies: the double-spy restart is due.
    Double,
    /// One side (0 attacker, 1 defender) may declare.
    Offered(u8),
    /// That side declared and must choose its new base.
    Declared(u8),
    /// Spies are settled for this combat round: totals apply.
    Done,
}

#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Combat {
    pub city: u8,
    /// Attacker and defender.
    pub pieces: [Piece; 2],
    /// Owners of attacker and defender.
    pub seats: [u8; 2],
    pub need: [u8; 2],
    pub base: [Cards; 2],
    pub committed: [bool; 2],
    pub revealed: bool,
    pub spy: SpyStage,
    /// Tie-break cards; when `extra_pending[side]`, the last one is still face down.
    pub extra: [Cards; 2],
    pub extra_pending: [bool; 2],
    /// A tie-break round is under way (the extras are being chosen).
    pub tie: bool,
}

impl Combat {
    /// The revealed extra cards of a side.
    pub fn revealed_extra(&self, side: usize) -> &[Card] {
        let extra = &self.extra[side];
        if self.extra_pending[side] {
            &extra[..extra.len().saturating_sub(1)]
        } else {
            extra
        }
    }

    /// Totals of both sides from the revealed cards (7.2.1).
    pub fn totals(&self) -> [u32; 2] {
        let mut totals = [0u32; 2];
        for (side, total) in totals.iter_mut().enumerate() {
            let base = &self.base[side];
            let sum: u32 = base.iter().map(|card| card.value()).sum();
            let own = self.pieces[side].kind();
            let other = self.pieces[1 - side].kind();
            let bonus = match own {
                Kind::Chariot if base.len() == 2 => base.iter().map(|card| card.value()).min().unwrap_or(0),
                Kind::Elephant if other.is_land() && !base.is_empty() => {
                    base.iter().map(|card| card.value()).max().unwrap_or(0)
                }
                _ => 0,
            };
            let extra: u32 = self.revealed_extra(side).iter().map(|card| card.value()).sum();
            *total = sum + bonus + extra;
        }
        totals
    }
}

/// A spy base: exactly two cards whose face values add up to 2 (7.2.3).
pub fn spy_eligible(base: &[Card]) -> bool {
    base.len() == 2 && base.iter().map(|card| card.value()).sum::<u32>() == 2
}
