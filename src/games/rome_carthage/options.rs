//! The options fixed when a game is created (spec section 3).

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

/// Options fixed when the game is created (spec section 3). The player count is the game's number of seats.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields, default)]
#[schema(as = RomeCarthageOptions)]
pub struct Options {
    /// Partners see each other's cards as ranks (hands, draws, committed cards).
    pub partners_see_hands: bool,
    /// A separate talon per team, split into packets equal in strength (7.9).
    pub match_talons: bool,
    /// Automatic draw after this many rounds without an elimination (≥ 1).
    #[schema(minimum = 1, example = 60)]
    pub no_progress_rounds: u32,
}

impl Default for Options {
    fn default() -> Self {
        Self {
            partners_see_hands: false,
            match_talons: false,
            no_progress_rounds: 60,
        }
    }
}
