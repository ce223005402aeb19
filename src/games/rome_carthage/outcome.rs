//! The result of a finished game (spec section 8): why it ended, the winning team, the scores.

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::ids::{SeatId, StateId, TeamId};

/// Why a game ended (section 8).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
#[schema(as = RomeCarthageEndReason)]
pub enum EndReason {
    CapitalsHeld,
    Annihilation,
    DrawAgreed,
    NoProgress,
}

/// A team in the result: its states (canonical order) and seats (turn order).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, ToSchema)]
#[schema(as = RomeCarthageTeamInfo)]
pub struct TeamInfo {
    pub states: Vec<StateId>,
    pub seats: Vec<SeatId>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, ToSchema)]
#[schema(as = RomeCarthageTeams)]
pub struct Teams {
    pub team_a: TeamInfo,
    pub team_b: TeamInfo,
}

/// Scores by seat: 1 for each seat of the winning team, 0 for the others, 0.5 each in a draw (D36).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, ToSchema)]
#[schema(as = RomeCarthageScores)]
pub struct Scores {
    pub primus: f64,
    pub secundus: f64,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tertius: Option<f64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub quartus: Option<f64>,
}

/// The result of a finished game (section 8).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, ToSchema)]
#[schema(as = RomeCarthageOutcome, example = json!({
    "end_reason": "capitals_held",
    "winning_team": "team_a",
    "winners": ["primus", "tertius"],
    "draw": false,
    "scores": {"primus": 1.0, "secundus": 0.0, "tertius": 1.0, "quartus": 0.0},
    "teams": {
        "team_a": {"states": ["rome", "alexandrie"], "seats": ["primus", "tertius"]},
        "team_b": {"states": ["carthage", "byzance"], "seats": ["secundus", "quartus"]}
    },
    "eliminated": ["quartus"],
    "rounds": 23
}))]
pub struct Outcome {
    pub end_reason: EndReason,
    /// `null` in a draw.
    pub winning_team: Option<TeamId>,
    /// Seats of the winning team in turn order; empty in a draw.
    pub winners: Vec<SeatId>,
    pub draw: bool,
    pub scores: Scores,
    pub teams: Teams,
    /// Seats eliminated during the game, in seat order.
    pub eliminated: Vec<SeatId>,
    /// The round in which the game ended.
    pub rounds: u32,
}
