//! The result of a finished game (spec 8): why it ended, the scores and their breakdown.

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::ids::{Group, SeatId};

/// Why the game ended (spec 8).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
#[schema(as = CcEndReason)]
pub enum EndReason {
    AllPatriciansAwarded,
    InfluenceExhausted,
    SoloFinished,
    BoardBlocked,
}

/// A number per seat.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[schema(as = CcSeatNumbers)]
pub struct SeatNumbers {
    pub cleopatra: u32,
    pub caesar: u32,
}

impl SeatNumbers {
    pub fn from_array(values: [u32; 2]) -> Self {
        Self {
            cleopatra: values[0],
            caesar: values[1],
        }
    }
}

/// Score breakdown of one seat.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[schema(as = CcBreakdown)]
pub struct Breakdown {
    pub patricians: u32,
    pub majority: u32,
    pub totality: u32,
    pub mission: u32,
}

/// Score breakdowns per seat.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[schema(as = CcBreakdowns)]
pub struct Breakdowns {
    pub cleopatra: Breakdown,
    pub caesar: Breakdown,
}

/// The group named by each seat's secret mission.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[schema(as = CcMissionGroups)]
pub struct MissionGroups {
    pub cleopatra: Group,
    pub caesar: Group,
}

/// The result of a finished game (spec 8).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[schema(as = CaesarCleopatraOutcome, example = json!({
    "end_reason": "influence_exhausted",
    "scores": {"cleopatra": 15, "caesar": 5},
    "patricians": {"cleopatra": 10, "caesar": 4},
    "breakdown": {
        "cleopatra": {"patricians": 10, "majority": 2, "totality": 1, "mission": 2},
        "caesar": {"patricians": 4, "majority": 0, "totality": 1, "mission": 0}
    },
    "missions": {"cleopatra": "senators", "caesar": "praetors"},
    "winners": ["cleopatra"],
    "draw": false
}))]
pub struct Outcome {
    pub end_reason: EndReason,
    pub scores: SeatNumbers,
    pub patricians: SeatNumbers,
    pub breakdown: Breakdowns,
    pub missions: MissionGroups,
    /// The winning seat, or empty in a draw.
    pub winners: Vec<SeatId>,
    pub draw: bool,
}
