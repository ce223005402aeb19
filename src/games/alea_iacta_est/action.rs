//! The actions a seat can take.

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::building::Building;
use super::dice::Dice;
use super::ids::{CardId, InhabitantId, ProvinceId};

/// An action of Alea Iacta Est. `values` lists die values (1-6) as a multiset, in any order.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(tag = "type", rename_all = "snake_case", deny_unknown_fields)]
#[schema(as = AleaIactaEstAction)]
pub enum Action {
    /// Spend 1 reroll token to roll again the dice of your rolled hand with these values; the others keep theirs.
    /// Only in your own turn, before placing.
    Reroll {
        /// Die values 1-6.
        #[schema(value_type = Vec<u8>, example = json!([1, 1, 5]), min_items = 1, max_items = 8)]
        values: Dice,
    },
    /// Place one combination from your rolled hand on one building. `combo` (Templum only) is the id of your own
    /// combination to extend; absent or null for a new one (and for the other buildings).
    Place {
        building: Building,
        /// Die values 1-6.
        #[schema(value_type = Vec<u8>, example = json!([3, 4, 5]), min_items = 1, max_items = 8)]
        values: Dice,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        #[schema(example = 1)]
        combo: Option<u8>,
    },
    /// Only when no placement is legal: your lowest die goes to your Latrina and your turn ends.
    LatrinaForced {},
    /// Keep one of the Senate cards offered to you.
    KeepSenateCard { card: CardId },
    /// Take one province tile from the display below the Castrum.
    TakeProvince { province: ProvinceId },
    /// Take one inhabitant from the display below the Forum (any displayed tile).
    TakeInhabitant { inhabitant: InhabitantId },
}
