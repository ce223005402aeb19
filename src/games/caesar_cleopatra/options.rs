//! The options fixed when a game is created.

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

/// The option `manipulation_pile`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
#[schema(as = CcManipulationPile)]
pub enum ManipulationPile {
    /// Each seat stacks its 13 manipulation cards in the order it chooses (seed 000 §1.2 standard rule).
    #[default]
    Arranged,
    /// The 13 manipulation cards are shuffled (seed 000 beginners' advice).
    Shuffled,
}

/// Options of a César et Cléopâtre game.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields, default)]
#[schema(as = CaesarCleopatraOptions)]
pub struct Options {
    /// How pile 2 (manipulation reserve) is formed: `arranged` (default) or `shuffled`.
    pub manipulation_pile: ManipulationPile,
}
