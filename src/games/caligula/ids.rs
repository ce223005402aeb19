//! The small closed vocabularies of Caligula, each a snake_case string on the wire (schemas `Caligula…`): seats, card
//! kinds and decks, Civitas suits and card types, the Sequentia extras, candidate positions, Favor places, the role of
//! a played card and the mode of an effect.

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::engine::Seat;

/// Seat ids in clockwise seating order (D1); a game with n players uses the first n.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
#[schema(as = CaligulaSeat, example = "sabinus")]
pub enum SeatId {
    Chaerea,
    Sabinus,
    Callistus,
    Vinicianus,
    Clemens,
}

impl SeatId {
    pub const ALL: [SeatId; 5] = [
        SeatId::Chaerea,
        SeatId::Sabinus,
        SeatId::Callistus,
        SeatId::Vinicianus,
        SeatId::Clemens,
    ];
    pub fn of(seat: Seat) -> SeatId {
        Self::ALL[seat.min(4)]
    }
    pub fn idx(self) -> Seat {
        self as usize
    }
    pub fn name(self) -> &'static str {
        ["chaerea", "sabinus", "callistus", "vinicianus", "clemens"][self as usize]
    }
}

/// Coniura/Pugio card kind. Cards are identified only by kind (D8).
// `Default` only fills the unused room of decks.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
#[schema(as = CaligulaKind, example = "con_dual")]
pub enum Kind {
    /// Coniura card, single use (Coniura deck).
    #[default]
    Con,
    /// Coniura card, dual use: Coniura or Pugio symbol (Coniura deck).
    ConDual,
    /// Pugio card, single use (Pugio deck).
    Pug,
    /// Pugio card, dual use: Pugio or Coniura symbol (Pugio deck).
    PugDual,
}

impl Kind {
    pub const ALL: [Kind; 4] = [Kind::Con, Kind::ConDual, Kind::Pug, Kind::PugDual];
    pub fn index(self) -> usize {
        self as usize
    }
    pub fn deck(self) -> Deck {
        match self {
            Kind::Con | Kind::ConDual => Deck::Coniura,
            Kind::Pug | Kind::PugDual => Deck::Pugio,
        }
    }
    /// Shows a Coniura symbol.
    pub fn coniura_symbol(self) -> bool {
        self != Kind::Pug
    }
    /// Shows a Pugio symbol.
    pub fn pugio_symbol(self) -> bool {
        self != Kind::Con
    }
    pub fn name(self) -> &'static str {
        ["con", "con_dual", "pug", "pug_dual"][self as usize]
    }
    pub fn parse(text: &str) -> Option<Kind> {
        Kind::ALL.into_iter().find(|kind| kind.name() == text)
    }
}

/// A Coniura/Pugio deck.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
#[schema(as = CaligulaDeck)]
pub enum Deck {
    Coniura,
    Pugio,
}

impl Deck {
    pub const ALL: [Deck; 2] = [Deck::Coniura, Deck::Pugio];
}

/// The five Civitas suits, in setup order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
#[schema(as = CaligulaSuit)]
pub enum Suit {
    Legionarii,
    Praetoriani,
    Tribuni,
    Nobiles,
    Plebs,
}

impl Suit {
    pub const ALL: [Suit; 5] = [
        Suit::Legionarii,
        Suit::Praetoriani,
        Suit::Tribuni,
        Suit::Nobiles,
        Suit::Plebs,
    ];
    pub fn index(self) -> usize {
        self as usize
    }
}

/// Civitas card type.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
#[schema(as = CaligulaCardType)]
pub enum CardType {
    /// Only the single highest total (at least the value) benefits; optional.
    Predilection,
    /// Every seat whose total is at least the value benefits; optional.
    Collective,
    /// Every seat below the value, or without a token, suffers; mandatory.
    Negative,
}

/// The two special Sequentia symbols.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
#[schema(as = CaligulaSequentiaExtra)]
pub enum Extra {
    /// Each seat in Ordo order draws 1 Coniura card.
    AllDrawConiura,
    /// Every seat passes its Ordo card to its left neighbour.
    PassOrdoLeft,
}

/// A candidate position beside the emperor.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
#[schema(as = CaligulaCandidate)]
pub enum Pos {
    /// `candidate_a` (left of the emperor).
    A,
    /// `candidate_b` (right of the emperor).
    B,
}

impl Pos {
    pub const ALL: [Pos; 2] = [Pos::A, Pos::B];
    pub fn index(self) -> usize {
        self as usize
    }
}

/// Where a Favor token is.
// `Default` only fills the unused room of the seat list.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
#[schema(as = CaligulaFavourPlace)]
pub enum FavourAt {
    #[default]
    Supply,
    Emperor,
    A,
    B,
}

impl FavourAt {
    pub const ALL: [FavourAt; 4] = [FavourAt::Supply, FavourAt::Emperor, FavourAt::A, FavourAt::B];
    pub fn candidate(position: Pos) -> FavourAt {
        match position {
            Pos::A => FavourAt::A,
            Pos::B => FavourAt::B,
        }
    }
    pub fn name(self) -> &'static str {
        match self {
            FavourAt::Supply => "supply",
            FavourAt::Emperor => "emperor",
            FavourAt::A => "a",
            FavourAt::B => "b",
        }
    }
}

/// Why a card was played face up in a conspiracy.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
#[schema(as = CaligulaRole)]
pub enum Role {
    Bid,
    Defence,
    Stab,
}

/// Optional (P/C) or mandatory (N) effect instances.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
#[schema(as = CaligulaMode)]
pub enum Mode {
    Optional,
    Mandatory,
}
