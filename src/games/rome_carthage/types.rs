//! Identifiers as they appear in JSON (seats, states, teams, pieces, cities, cards, ranks) and their schemas.

use std::borrow::Cow;
use std::fmt;

use serde::{Deserialize, Deserializer, Serialize, Serializer};
use utoipa::openapi::RefOr;
use utoipa::openapi::schema::{ObjectBuilder, Schema, SchemaType, Type};
use utoipa::{PartialSchema, ToSchema};

use super::data::{STATE_IDS, SUIT_IDS, board};

/// A seat id (spec section 1): a game with n players uses the first n.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
#[schema(as = RomeCarthageSeat)]
pub enum SeatId {
    Primus,
    Secundus,
    Tertius,
    Quartus,
}

impl SeatId {
    pub const ALL: [SeatId; 4] = [SeatId::Primus, SeatId::Secundus, SeatId::Tertius, SeatId::Quartus];

    pub fn of(seat: usize) -> SeatId {
        Self::ALL[seat.min(3)]
    }

    pub fn index(self) -> usize {
        self as usize
    }

    pub fn as_str(self) -> &'static str {
        ["primus", "secundus", "tertius", "quartus"][self as usize]
    }
}

/// A state id, in canonical order (rome, carthage, byzance, alexandrie).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
#[schema(as = RomeCarthageState)]
pub enum StateId {
    Rome,
    Carthage,
    Byzance,
    Alexandrie,
}

impl StateId {
    pub const ALL: [StateId; 4] = [StateId::Rome, StateId::Carthage, StateId::Byzance, StateId::Alexandrie];

    pub fn of(state: u8) -> StateId {
        Self::ALL[(state as usize).min(3)]
    }

    pub fn index(self) -> u8 {
        self as u8
    }
}

/// A team: `team_a` is the team that contains rome (D3).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
#[schema(as = RomeCarthageTeam)]
pub enum TeamId {
    TeamA,
    TeamB,
}

impl TeamId {
    pub fn of(team: u8) -> TeamId {
        if team == 0 { TeamId::TeamA } else { TeamId::TeamB }
    }

    pub fn index(self) -> u8 {
        self as u8
    }
}

/// A piece kind (spec 2.5).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
#[schema(as = RomeCarthageKind)]
pub enum Kind {
    Elephant,
    Chariot,
    Galley,
    Mercenary,
}

impl Kind {
    /// The kind of the piece in slot `slot` (0..7) of a state.
    pub fn of_slot(slot: u8) -> Kind {
        match slot {
            0 => Kind::Elephant,
            1 => Kind::Chariot,
            2 | 3 => Kind::Galley,
            _ => Kind::Mercenary,
        }
    }

    pub fn as_str(self) -> &'static str {
        match self {
            Kind::Elephant => "elephant",
            Kind::Chariot => "chariot",
            Kind::Galley => "galley",
            Kind::Mercenary => "mercenary",
        }
    }

    pub fn is_land(self) -> bool {
        self != Kind::Galley
    }
}

/// Which special card a chooser takes for himself (`choose_special`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
#[schema(as = RomeCarthageSpecialKind)]
pub enum SpecialKind {
    Betrayal,
    Sedition,
}

/// One of the four special cards (spec 2.6).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
#[schema(as = RomeCarthageSpecial)]
pub enum SpecialId {
    BetrayalTeamA,
    SeditionTeamA,
    BetrayalTeamB,
    SeditionTeamB,
}

impl SpecialId {
    pub const ALL: [SpecialId; 4] = [
        SpecialId::BetrayalTeamA,
        SpecialId::SeditionTeamA,
        SpecialId::BetrayalTeamB,
        SpecialId::SeditionTeamB,
    ];

    pub fn of(team: u8, kind: SpecialKind) -> SpecialId {
        Self::ALL[(team as usize).min(1) * 2 + usize::from(kind == SpecialKind::Sedition)]
    }

    pub fn index(self) -> usize {
        self as usize
    }

    pub fn team(self) -> u8 {
        (self as u8) / 2
    }

    pub fn kind(self) -> SpecialKind {
        if (self as u8).is_multiple_of(2) {
            SpecialKind::Betrayal
        } else {
            SpecialKind::Sedition
        }
    }
}

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

pub const RANK_TOKENS: [&str; 13] = ["1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "j", "q", "k"];

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

    pub fn id(self) -> String {
        format!("{}_{}", SUIT_IDS[(self.suit() as usize).min(3)], self.rank().token())
    }

    pub fn parse(text: &str) -> Option<Card> {
        let (suit, rank) = text.split_once('_')?;
        let suit = SUIT_IDS.iter().position(|s| *s == suit)? as u8;
        let rank = RANK_TOKENS.iter().position(|r| *r == rank)? as u8;
        Some(Card::new(suit, Rank::of(rank)))
    }
}

impl fmt::Display for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.id())
    }
}

impl Serialize for Card {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(&self.id())
    }
}

impl<'de> Deserialize<'de> for Card {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let text = Cow::<str>::deserialize(deserializer)?;
        Card::parse(&text).ok_or_else(|| serde::de::Error::custom(format!("unknown card id {text:?}")))
    }
}

fn string_schema(description: &str, values: Option<Vec<String>>, example: &str) -> RefOr<Schema> {
    let mut builder = ObjectBuilder::new()
        .schema_type(SchemaType::Type(Type::String))
        .description(Some(description))
        .examples([serde_json::Value::String(example.to_owned())]);
    if let Some(values) = values {
        builder = builder.enum_values(Some(values));
    }
    RefOr::T(Schema::Object(builder.build()))
}

impl PartialSchema for Card {
    fn schema() -> RefOr<Schema> {
        let ids = (0..52).map(|c| Card(c).id()).collect();
        string_schema(
            "A playing card id `<suit>_<rank>`. Shown only to its owner; others see ranks.",
            Some(ids),
            "hearts_10",
        )
    }
}

impl ToSchema for Card {
    fn name() -> Cow<'static, str> {
        Cow::Borrowed("RomeCarthageCard")
    }
}

/// A piece: `state * 7 + slot`, slots elephant, chariot, galley 1–2, mercenary 1–3 (canonical piece order).
/// Its id is e.g. `rome_elephant`, `carthage_galley_2`, `byzance_mercenary_3`. `Default` only fills the unused slots
/// of inline lists.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Piece(pub u8);

impl Piece {
    pub const COUNT: u8 = 28;

    pub fn state(self) -> u8 {
        self.0 / 7
    }

    pub fn slot(self) -> u8 {
        self.0 % 7
    }

    pub fn kind(self) -> Kind {
        Kind::of_slot(self.slot())
    }

    pub fn id(self) -> String {
        let state = STATE_IDS[(self.state() as usize).min(3)];
        match self.slot() {
            0 | 1 => format!("{state}_{}", self.kind().as_str()),
            2 | 3 => format!("{state}_galley_{}", self.slot() - 1),
            n => format!("{state}_mercenary_{}", n - 3),
        }
    }

    pub fn parse(text: &str) -> Option<Piece> {
        (0..Self::COUNT).map(Piece).find(|p| p.id() == text)
    }
}

impl Serialize for Piece {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(&self.id())
    }
}

impl<'de> Deserialize<'de> for Piece {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let text = Cow::<str>::deserialize(deserializer)?;
        Piece::parse(&text).ok_or_else(|| serde::de::Error::custom(format!("unknown piece id {text:?}")))
    }
}

impl PartialSchema for Piece {
    fn schema() -> RefOr<Schema> {
        let ids = (0..Piece::COUNT).map(|p| Piece(p).id()).collect();
        string_schema(
            "A piece id `<state>_<kind>[_<n>]`, in canonical piece order.",
            Some(ids),
            "rome_chariot",
        )
    }
}

impl ToSchema for Piece {
    fn name() -> Cow<'static, str> {
        Cow::Borrowed("RomeCarthagePiece")
    }
}

/// A city of the map, by its index in the map file; serialized as its id (e.g. `"capoue"`). `Default` (the first
/// city) only fills the unused slots of inline lists.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct CityId(pub u8);

impl CityId {
    pub fn id(self) -> &'static str {
        board()
            .cities
            .get(self.0 as usize)
            .map(|c| c.id.as_str())
            .unwrap_or("?")
    }

    pub fn parse(text: &str) -> Option<CityId> {
        board().index.get(text).copied().map(CityId)
    }
}

impl Serialize for CityId {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.id())
    }
}

impl<'de> Deserialize<'de> for CityId {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let text = Cow::<str>::deserialize(deserializer)?;
        CityId::parse(&text).ok_or_else(|| serde::de::Error::custom(format!("unknown city id {text:?}")))
    }
}

impl PartialSchema for CityId {
    fn schema() -> RefOr<Schema> {
        let ids = board().cities.iter().map(|c| c.id.clone()).collect();
        string_schema(
            "A city id of the map (`GET /v1/titles/rome-carthage/map`).",
            Some(ids),
            "capoue",
        )
    }
}

impl ToSchema for CityId {
    fn name() -> Cow<'static, str> {
        Cow::Borrowed("RomeCarthageCity")
    }
}
