//! The result of a finished game (spec 8): each seat's score, the ranking and the winners.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::ids::SeatId;

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[schema(as = CaligulaScore)]
pub struct Score {
    pub vp: u32,
    pub conspiracy_points: u32,
    pub total: u32,
    pub pip: bool,
    /// Coniura/Pugio cards in hand at game end (D30).
    pub cards: u32,
}

/// The result (section 8).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[schema(as = CaligulaOutcome)]
pub struct Outcome {
    /// By seat id.
    pub scores: BTreeMap<String, Score>,
    /// Every seat by the ranking key (total, PIP, conspiracy points, cards), best first.
    pub ranking: Vec<SeatId>,
    pub winners: Vec<SeatId>,
    /// True when several seats share the win.
    pub draw: bool,
}
