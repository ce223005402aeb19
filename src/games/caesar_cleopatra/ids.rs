//! The small closed sets of the game: seats, patrician groups, manipulation kinds, phases; and `Card`, the compact
//! index of a component (its string id comes from the tables, in `card.rs`).

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

/// A seat: index 0 is `cleopatra` (plays first), index 1 is `caesar`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
#[schema(as = CcSeat)]
pub enum SeatId {
    Cleopatra,
    Caesar,
}

impl SeatId {
    pub const ALL: [SeatId; 2] = [SeatId::Cleopatra, SeatId::Caesar];

    pub fn index(self) -> usize {
        self as usize
    }

    pub fn from_index(index: usize) -> SeatId {
        if index == 0 { SeatId::Cleopatra } else { SeatId::Caesar }
    }

    pub fn id(self) -> &'static str {
        match self {
            SeatId::Cleopatra => "cleopatra",
            SeatId::Caesar => "caesar",
        }
    }
}

// The declaration order is the canonical order, checked against `caesar-cleopatra-data.json` when it loads.
/// A patrician group.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
#[schema(as = CcGroup, example = "senators")]
pub enum Group {
    Senators,
    Quaestors,
    Praetors,
    Aediles,
    Censors,
}

impl Group {
    pub const ALL: [Group; 5] = [
        Group::Senators,
        Group::Quaestors,
        Group::Praetors,
        Group::Aediles,
        Group::Censors,
    ];

    pub fn index(self) -> usize {
        self as usize
    }

    pub fn id(self) -> &'static str {
        match self {
            Group::Senators => "senators",
            Group::Quaestors => "quaestors",
            Group::Praetors => "praetors",
            Group::Aediles => "aediles",
            Group::Censors => "censors",
        }
    }
}

/// A manipulation card kind (back "M").
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
#[schema(as = CcManipulationKind, example = "spy")]
pub enum ManipulationKind {
    Assassination,
    Spy,
    Castling,
    Scout,
    Wrath,
    Veto,
}

impl ManipulationKind {
    pub const ALL: [ManipulationKind; 6] = [
        ManipulationKind::Assassination,
        ManipulationKind::Spy,
        ManipulationKind::Castling,
        ManipulationKind::Scout,
        ManipulationKind::Wrath,
        ManipulationKind::Veto,
    ];

    pub fn id(self) -> &'static str {
        match self {
            ManipulationKind::Assassination => "assassination",
            ManipulationKind::Spy => "spy",
            ManipulationKind::Castling => "castling",
            ManipulationKind::Scout => "scout",
            ManipulationKind::Wrath => "wrath",
            ManipulationKind::Veto => "veto",
        }
    }
}

/// A card id from the component list (`cleopatra_inf_3_4`, `senator_1`, `vote_aediles`, `mission_praetors_2`, ...).
// `Default` only fills the unused room of inline card lists.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Card(pub(crate) u8);

/// The phase of the game (spec 4.1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
#[schema(as = CcPhase)]
pub enum Phase {
    /// Before the setup events.
    Setup,
    SetupArrange,
    SetupPlace,
    TurnStart,
    Passive,
    Main,
    Reaction,
    SpyPick,
    Castling,
    Draw,
    VoteWindow,
    GameOver,
}

/// Progress of the mandatory placement in `main`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
#[schema(as = CcPlacement)]
pub enum Placement {
    None,
    Half,
    Done,
}
