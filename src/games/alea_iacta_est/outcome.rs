//! The result of a finished game: each seat's score items, housing and Senate cards, the ranking and the winners.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::ids::{CardId, InhabitantId, SeatId};

/// A Senate card and its points in the final scoring.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[schema(as = AleaIactaEstCardScore)]
pub struct CardScore {
    pub card: CardId,
    #[schema(example = "matrona")]
    pub kind: String,
    pub points: i32,
}

/// One housing site (a province tile, or a Colonia card) and who lives there.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[schema(as = AleaIactaEstHousing)]
pub struct Housing {
    /// A province tile id, or the id of a Colonia Senate card.
    #[schema(example = "province_gallia_3")]
    pub site: String,
    pub man: Option<InhabitantId>,
    pub woman: Option<InhabitantId>,
}

/// The final score of one seat (spec 8.2).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[schema(as = AleaIactaEstSeatScore)]
pub struct SeatScore {
    /// A: province tiles.
    pub provinces: i32,
    /// B: housed inhabitants.
    pub inhabitants: i32,
    /// C: Senate cards.
    pub senate: i32,
    /// D: kept favour tokens.
    pub favour: i32,
    /// E: reroll tokens, 1 per pair.
    pub reroll: i32,
    pub total: i32,
    /// U: total value of unhoused inhabitants (first tie-break).
    pub unhoused_value: i32,
    pub senate_cards: Vec<CardScore>,
    /// Every site in site order (province tiles by id, then Colonia cards by id), empty ones included.
    pub housing: Vec<Housing>,
    pub unhoused: Vec<InhabitantId>,
}

/// The result of a finished game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[schema(as = AleaIactaEstOutcome)]
pub struct Outcome {
    /// Scores by seat id.
    pub scores: BTreeMap<String, SeatScore>,
    /// Seats by total, then unhoused value, then seat order.
    pub ranking: Vec<SeatId>,
    pub winners: Vec<SeatId>,
    pub shared_victory: bool,
}
