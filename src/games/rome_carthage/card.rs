//! Playing cards: ranks (named by token in actions and public events), cards (named by id `<suit>_<rank>` to their
//! owner only, D37) and the inline piles the state keeps them in.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};
use tinyvec::ArrayVec;
use utoipa::ToSchema;

use crate::engine::string_id::UnknownId;

/// Suit ids in the order the seed lists them (clubs, diamonds, hearts, spades); card ids use them.
pub const SUIT_IDS: [&str; 4] = ["clubs", "diamonds", "hearts", "spades"];

/// A rank token: `"1"` … `"10"`, `"j"`, `"q"`, `"k"` (spec 2.6). Rank order is the declaration order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize, ToSchema)]
#[schema(as = RomeCarthageRank, example = "k")]
pub enum Rank {
    #[serde(rename = "1")]
    R1,
    #[serde(rename = "2")]
    R2,
    #[serde(rename = "3")]
    R3,
    #[serde(rename = "4")]
    R4,
    #[serde(rename = "5")]
    R5,
    #[serde(rename = "6")]
    R6,
    #[serde(rename = "7")]
    R7,
    #[serde(rename = "8")]
    R8,
    #[serde(rename = "9")]
    R9,
    #[serde(rename = "10")]
    R10,
    #[serde(rename = "j")]
    J,
    #[serde(rename = "q")]
    Q,
    #[serde(rename = "k")]
    K,
}

/// The rank tokens, in rank order.
const RANK_TOKENS: [&str; 13] = ["1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "j", "q", "k"];

impl Rank {
    pub const ALL: [Rank; 13] = [
        Rank::R1,
        Rank::R2,
        Rank::R3,
        Rank::R4,
        Rank::R5,
        Rank::R6,
        Rank::R7,
        Rank::R8,
        Rank::R9,
        Rank::R10,
        Rank::J,
        Rank::Q,
        Rank::K,
    ];

    pub fn of(index: u8) -> Rank {
        Self::ALL[(index as usize).min(12)]
    }

    pub fn index(self) -> u8 {
        self as u8
    }

    /// Face value: 1–10, zero for j and q, 15 for k (spec 2.6).
    pub fn value(self) -> u32 {
        match self {
            Rank::J | Rank::Q => 0,
            Rank::K => 15,
            other => other as u32 + 1,
        }
    }

    pub fn is_zero(self) -> bool {
        matches!(self, Rank::J | Rank::Q)
    }

    pub fn token(self) -> &'static str {
        RANK_TOKENS[self as usize]
    }
}

/// A playing card: `suit * 13 + rank index`. Its id is `<suit>_<rank>` (e.g. `hearts_10`). Card ids appear only in
/// the owner's own view and events (and for the public starting card); everyone else sees ranks (D37). `Default`
/// only fills the unused slots of inline lists.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Card(pub u8);

impl Card {
    pub fn new(suit: u8, rank: Rank) -> Card {
        Card(suit * 13 + rank.index())
    }

    pub fn suit(self) -> u8 {
        self.0 / 13
    }

    pub fn rank(self) -> Rank {
        Rank::of(self.0 % 13)
    }

    pub fn value(self) -> u32 {
        self.rank().value()
    }
}

impl fmt::Display for Card {
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(formatter, "{}_{}", SUIT_IDS[(self.suit() as usize).min(3)], self.rank().token())
    }
}

impl FromStr for Card {
    type Err = UnknownId;

    fn from_str(text: &str) -> Result<Card, UnknownId> {
        let unknown = || UnknownId::new("card id", text);
        let (suit, rank) = text.split_once('_').ok_or_else(unknown)?;
        let suit = SUIT_IDS.iter().position(|id| *id == suit).ok_or_else(unknown)? as u8;
        let rank = RANK_TOKENS
            .iter()
            .position(|token| *token == rank)
            .ok_or_else(unknown)? as u8;
        Ok(Card::new(suit, Rank::of(rank)))
    }
}

crate::string_id!(
    Card,
    schema = "RomeCarthageCard",
    description = "A playing card id `<suit>_<rank>`. Shown only to its owner; others see ranks.",
    example = "hearts_10",
    values = Some((0..52).map(|card| Card(card).to_string()).collect()),
);

/// A pile of cards (a hand, a talon, the discard), held inline like the state's other lists so that the copy of the
/// state `decide` works on costs no allocation; there are 52 cards in all.
pub type Cards = ArrayVec<[Card; 52]>;

/// A pile from the cards an event lists.
pub fn pile(cards: &[Card]) -> Cards {
    cards.iter().copied().collect()
}
