//! The small identifiers of the wire: seats, states, teams, special cards and combat sides, each a closed enum that
//! is also a small index in the state.

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

/// Canonical state ids (spec 2.1), the order used wherever the engine iterates over states.
pub const STATE_IDS: [&str; 4] = ["rome", "carthage", "byzance", "alexandrie"];

/// A seat id (spec section 1): a game with n players uses the first n.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
#[schema(as = RomeCarthageSeat)]
pub enum SeatId {
    Primus,
    Secundus,
    Tertius,
    Quartus,
}

impl SeatId {
    pub const ALL: [SeatId; 4] = [SeatId::Primus, SeatId::Secundus, SeatId::Tertius, SeatId::Quartus];

    pub fn of(seat: usize) -> SeatId {
        Self::ALL[seat.min(3)]
    }

    pub fn index(self) -> usize {
        self as usize
    }
}

/// The id of a seat as the state numbers it.
pub fn seat_id(seat: u8) -> SeatId {
    SeatId::of(usize::from(seat))
}

/// A state id, in canonical order (rome, carthage, byzance, alexandrie).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
#[schema(as = RomeCarthageState)]
pub enum StateId {
    Rome,
    Carthage,
    Byzance,
    Alexandrie,
}

impl StateId {
    pub const ALL: [StateId; 4] = [StateId::Rome, StateId::Carthage, StateId::Byzance, StateId::Alexandrie];

    pub fn of(state: u8) -> StateId {
        Self::ALL[(state as usize).min(3)]
    }

    pub fn index(self) -> u8 {
        self as u8
    }
}

/// A team: `team_a` is the team that contains rome (D3).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
#[schema(as = RomeCarthageTeam)]
pub enum TeamId {
    TeamA,
    TeamB,
}

impl TeamId {
    pub fn of(team: u8) -> TeamId {
        if team == 0 { TeamId::TeamA } else { TeamId::TeamB }
    }

    pub fn index(self) -> u8 {
        self as u8
    }
}

/// Which special card a chooser takes for himself (`choose_special`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
#[schema(as = RomeCarthageSpecialKind)]
pub enum SpecialKind {
    Betrayal,
    Sedition,
}

impl SpecialKind {
    pub fn as_str(self) -> &'static str {
        match self {
            SpecialKind::Betrayal => "betrayal",
            SpecialKind::Sedition => "sedition",
        }
    }
}

/// One of the four special cards (spec 2.6).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
#[schema(as = RomeCarthageSpecial)]
pub enum SpecialId {
    BetrayalTeamA,
    SeditionTeamA,
    BetrayalTeamB,
    SeditionTeamB,
}

impl SpecialId {
    pub const ALL: [SpecialId; 4] = [
        SpecialId::BetrayalTeamA,
        SpecialId::SeditionTeamA,
        SpecialId::BetrayalTeamB,
        SpecialId::SeditionTeamB,
    ];

    pub fn of(team: u8, kind: SpecialKind) -> SpecialId {
        Self::ALL[(team as usize).min(1) * 2 + usize::from(kind == SpecialKind::Sedition)]
    }

    pub fn index(self) -> usize {
        self as usize
    }
}

/// A side of a combat.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
#[schema(as = RomeCarthageSide)]
pub enum Side {
    Attacker,
    Defender,
}

impl Side {
    pub fn of(index: usize) -> Side {
        if index == 0 { Side::Attacker } else { Side::Defender }
    }

    pub fn index(self) -> usize {
        self as usize
    }
}
