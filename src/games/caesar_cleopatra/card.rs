//! A card on the wire: its string id from the component tables, and the owner's view of a party card (id and face).

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::data::data;
use super::face::Face;
use super::ids::Card;
use super::value::InfluenceValue;
use crate::engine::string_id::UnknownId;

impl Card {
    pub fn id(self) -> &'static str {
        data().card(self).id.as_str()
    }
}

impl fmt::Display for Card {
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        formatter.write_str(self.id())
    }
}

impl FromStr for Card {
    type Err = UnknownId;

    fn from_str(text: &str) -> Result<Card, UnknownId> {
        data()
            .by_id
            .get(text)
            .copied()
            .ok_or_else(|| UnknownId::new("card id", text))
    }
}

crate::string_id!(
    Card,
    schema = "CcCardId",
    description = "A card id from the component list.",
    example = "senator_1",
    values = None,
);

/// A party card as its owner sees it: id and face.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[schema(as = CcOwnedCard)]
pub struct OwnedCard {
    pub id: Card,
    pub card: Face,
}

impl OwnedCard {
    pub fn of(card: Card) -> OwnedCard {
        OwnedCard {
            id: card,
            card: data().face(card).unwrap_or(Face::Influence(InfluenceValue::P)),
        }
    }
}
