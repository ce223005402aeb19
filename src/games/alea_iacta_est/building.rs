//! The buildings dice are placed on, and those whose unrewarded dice go to the Latrina at evaluation.

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

/// A building on which dice can be placed by a `place` action (the Latrina only receives dice by the rules).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
#[schema(as = AleaIactaEstBuilding)]
pub enum Building {
    /// Increasing count and sum (4-5 players only).
    Templum,
    /// Straights.
    Senatus,
    /// Sets of equal values.
    Castrum,
    /// Lowest dice first.
    Forum,
}

/// A building whose unrewarded dice go to the Latrina at evaluation.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
#[schema(as = AleaIactaEstEvaluatedBuilding)]
pub enum EvaluatedBuilding {
    Senatus,
    Castrum,
}
