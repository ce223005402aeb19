//! Pieces: seven per state (elephant, chariot, two galleys, three mercenaries), named by id on the wire.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::ids::STATE_IDS;
use crate::engine::string_id::UnknownId;

/// A piece kind (spec 2.5).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
#[schema(as = RomeCarthageKind)]
pub enum Kind {
    Elephant,
    Chariot,
    Galley,
    Mercenary,
}

impl Kind {
    /// The kind of the piece in slot `slot` (0..7) of a state.
    pub fn of_slot(slot: u8) -> Kind {
        match slot {
            0 => Kind::Elephant,
            1 => Kind::Chariot,
            2 | 3 => Kind::Galley,
            _ => Kind::Mercenary,
        }
    }

    pub fn as_str(self) -> &'static str {
        match self {
            Kind::Elephant => "elephant",
            Kind::Chariot => "chariot",
            Kind::Galley => "galley",
            Kind::Mercenary => "mercenary",
        }
    }

    pub fn is_land(self) -> bool {
        self != Kind::Galley
    }
}

/// The ids of a state's piece slots, after the state id: `rome_elephant`, `carthage_galley_2`.
const SLOT_IDS: [&str; 7] = [
    "elephant",
    "chariot",
    "galley_1",
    "galley_2",
    "mercenary_1",
    "mercenary_2",
    "mercenary_3",
];

/// A piece: `state * 7 + slot`, slots elephant, chariot, galley 1–2, mercenary 1–3 (canonical piece order).
/// Its id is e.g. `rome_elephant`, `carthage_galley_2`, `byzance_mercenary_3`. `Default` only fills the unused slots
/// of inline lists.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Piece(pub u8);

impl Piece {
    pub const COUNT: u8 = 28;

    pub fn state(self) -> u8 {
        self.0 / 7
    }

    pub fn slot(self) -> u8 {
        self.0 % 7
    }

    pub fn kind(self) -> Kind {
        Kind::of_slot(self.slot())
    }
}

impl fmt::Display for Piece {
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        let state = STATE_IDS[(self.state() as usize).min(3)];
        write!(formatter, "{state}_{}", SLOT_IDS[self.slot() as usize])
    }
}

impl FromStr for Piece {
    type Err = UnknownId;

    fn from_str(text: &str) -> Result<Piece, UnknownId> {
        let unknown = || UnknownId::new("piece id", text);
        // No state id holds an underscore: the first one ends it.
        let (state, slot) = text.split_once('_').ok_or_else(unknown)?;
        let state = STATE_IDS.iter().position(|id| *id == state).ok_or_else(unknown)? as u8;
        let slot = SLOT_IDS.iter().position(|id| *id == slot).ok_or_else(unknown)? as u8;
        Ok(Piece(state * 7 + slot))
    }
}

crate::string_id!(
    Piece,
    schema = "RomeCarthagePiece",
    description = "A piece id `<state>_<kind>[_<n>]`, in canonical piece order.",
    example = "rome_chariot",
    values = Some((0..Piece::COUNT).map(|piece| Piece(piece).to_string()).collect()),
);
