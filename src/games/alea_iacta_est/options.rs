//! The options of a game.

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::ids::SeatId;

/// Options of Alea Iacta Est.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields, default)]
#[schema(as = AleaIactaEstOptions)]
pub struct Options {
    /// The seat that holds the first-player marker in round 1 (the rules' "youngest player"); default the first
    /// seat. It must be one of the game's seats.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub first_player: Option<SeatId>,
}
