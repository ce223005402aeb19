//! Public serde/OpenAPI types shared by actions, events, views and the outcome.

use std::borrow::Cow;
use std::fmt;

use serde::de::{self, Deserializer, Visitor};
use serde::{Deserialize, Serialize, Serializer};
use utoipa::openapi::RefOr;
use utoipa::openapi::schema::{ObjectBuilder, OneOfBuilder, Schema, SchemaType, Type};
use utoipa::{PartialSchema, ToSchema};

use super::data::data;

/// A seat: index 0 is `cleopatra` (plays first), index 1 is `caesar`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum CcSeat {
    Cleopatra,
    Caesar,
}

impl CcSeat {
    pub const ALL: [CcSeat; 2] = [CcSeat::Cleopatra, CcSeat::Caesar];

    pub fn index(self) -> usize {
        self as usize
    }

    pub fn from_index(index: usize) -> CcSeat {
        if index == 0 { CcSeat::Cleopatra } else { CcSeat::Caesar }
    }

    pub fn id(self) -> &'static str {
        match self {
            CcSeat::Cleopatra => "cleopatra",
            CcSeat::Caesar => "caesar",
        }
    }
}

/// A patrician group. The declaration order is the canonical order (checked against `data.json`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
#[schema(example = "senators")]
pub enum CcGroup {
    Senators,
    Quaestors,
    Praetors,
    Aediles,
    Censors,
}

impl CcGroup {
    pub const ALL: [CcGroup; 5] = [
        CcGroup::Senators,
        CcGroup::Quaestors,
        CcGroup::Praetors,
        CcGroup::Aediles,
        CcGroup::Censors,
    ];

    pub fn index(self) -> usize {
        self as usize
    }

    pub fn id(self) -> &'static str {
        match self {
            CcGroup::Senators => "senators",
            CcGroup::Quaestors => "quaestors",
            CcGroup::Praetors => "praetors",
            CcGroup::Aediles => "aediles",
            CcGroup::Censors => "censors",
        }
    }
}

/// A manipulation card kind (back "M").
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
#[schema(example = "spy")]
pub enum CcManipulationKind {
    Assassination,
    Spy,
    Castling,
    Scout,
    Wrath,
    Veto,
}

impl CcManipulationKind {
    pub const ALL: [CcManipulationKind; 6] = [
        CcManipulationKind::Assassination,
        CcManipulationKind::Spy,
        CcManipulationKind::Castling,
        CcManipulationKind::Scout,
        CcManipulationKind::Wrath,
        CcManipulationKind::Veto,
    ];

    pub fn id(self) -> &'static str {
        match self {
            CcManipulationKind::Assassination => "assassination",
            CcManipulationKind::Spy => "spy",
            CcManipulationKind::Castling => "castling",
            CcManipulationKind::Scout => "scout",
            CcManipulationKind::Wrath => "wrath",
            CcManipulationKind::Veto => "veto",
        }
    }
}

/// An influence card value: 1 to 5, or the Philosopher `"P"` (counts 0 in sums, sorts after 5).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct CcValue(u8);

impl CcValue {
    /// The Philosopher.
    pub const P: CcValue = CcValue(6);
    /// Every value, in display order (1..5, then P).
    pub const ALL: [CcValue; 6] = [CcValue(1), CcValue(2), CcValue(3), CcValue(4), CcValue(5), CcValue(6)];

    /// A numbered value, 1..=5.
    pub fn num(n: u8) -> Option<CcValue> {
        (1..=5).contains(&n).then_some(CcValue(n))
    }

    pub fn is_philosopher(self) -> bool {
        self == CcValue::P
    }

    /// The value in sums: the number, or 0 for a Philosopher.
    pub fn points(self) -> u32 {
        if self.is_philosopher() { 0 } else { u32::from(self.0) }
    }
}

impl fmt::Display for CcValue {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_philosopher() {
            f.write_str("P")
        } else {
            write!(f, "{}", self.0)
        }
    }
}

impl Serialize for CcValue {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        if self.is_philosopher() {
            serializer.serialize_str("P")
        } else {
            serializer.serialize_u8(self.0)
        }
    }
}

struct ValueVisitor;

impl Visitor<'_> for ValueVisitor {
    type Value = CcValue;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("an influence value: an integer 1 to 5 or the string \"P\"")
    }

    fn visit_u64<E: de::Error>(self, v: u64) -> Result<CcValue, E> {
        u8::try_from(v)
            .ok()
            .and_then(CcValue::num)
            .ok_or_else(|| E::invalid_value(de::Unexpected::Unsigned(v), &self))
    }

    fn visit_i64<E: de::Error>(self, v: i64) -> Result<CcValue, E> {
        u8::try_from(v)
            .ok()
            .and_then(CcValue::num)
            .ok_or_else(|| E::invalid_value(de::Unexpected::Signed(v), &self))
    }

    fn visit_str<E: de::Error>(self, v: &str) -> Result<CcValue, E> {
        if v == "P" {
            Ok(CcValue::P)
        } else {
            Err(E::invalid_value(de::Unexpected::Str(v), &self))
        }
    }
}

impl<'de> Deserialize<'de> for CcValue {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        deserializer.deserialize_any(ValueVisitor)
    }
}

fn value_schema_items() -> [RefOr<Schema>; 2] {
    [
        ObjectBuilder::new()
            .schema_type(SchemaType::Type(Type::Integer))
            .minimum(Some(1))
            .maximum(Some(5))
            .description(Some("a numbered influence card"))
            .into(),
        ObjectBuilder::new()
            .schema_type(SchemaType::Type(Type::String))
            .enum_values(Some(["P"]))
            .description(Some("the Philosopher"))
            .into(),
    ]
}

impl PartialSchema for CcValue {
    fn schema() -> RefOr<Schema> {
        let [a, b] = value_schema_items();
        OneOfBuilder::new()
            .item(a)
            .item(b)
            .description(Some(
                "An influence card value: an integer 1 to 5, or \"P\" for a Philosopher.",
            ))
            .examples([serde_json::json!(3), serde_json::json!("P")])
            .into()
    }
}

impl ToSchema for CcValue {
    fn name() -> Cow<'static, str> {
        Cow::Borrowed("CcValue")
    }
}

/// The face of a hand card: an influence value or a manipulation kind.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum CcFace {
    Influence(CcValue),
    Manipulation(CcManipulationKind),
}

impl fmt::Display for CcFace {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CcFace::Influence(v) => write!(f, "{v}"),
            CcFace::Manipulation(k) => f.write_str(k.id()),
        }
    }
}

impl Serialize for CcFace {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match self {
            CcFace::Influence(v) => v.serialize(serializer),
            CcFace::Manipulation(k) => k.serialize(serializer),
        }
    }
}

struct FaceVisitor;

impl Visitor<'_> for FaceVisitor {
    type Value = CcFace;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a card: an integer 1 to 5, \"P\", or a manipulation kind")
    }

    fn visit_u64<E: de::Error>(self, v: u64) -> Result<CcFace, E> {
        ValueVisitor.visit_u64(v).map(CcFace::Influence)
    }

    fn visit_i64<E: de::Error>(self, v: i64) -> Result<CcFace, E> {
        ValueVisitor.visit_i64(v).map(CcFace::Influence)
    }

    fn visit_str<E: de::Error>(self, v: &str) -> Result<CcFace, E> {
        if v == "P" {
            return Ok(CcFace::Influence(CcValue::P));
        }
        CcManipulationKind::ALL
            .into_iter()
            .find(|k| k.id() == v)
            .map(CcFace::Manipulation)
            .ok_or_else(|| E::invalid_value(de::Unexpected::Str(v), &self))
    }
}

impl<'de> Deserialize<'de> for CcFace {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        deserializer.deserialize_any(FaceVisitor)
    }
}

impl PartialSchema for CcFace {
    fn schema() -> RefOr<Schema> {
        let [a, b] = value_schema_items();
        OneOfBuilder::new()
            .item(a)
            .item(b)
            .item(
                ObjectBuilder::new()
                    .schema_type(SchemaType::Type(Type::String))
                    .enum_values(Some(CcManipulationKind::ALL.map(|k| k.id())))
                    .description(Some("a manipulation card kind")),
            )
            .description(Some(
                "A card by its face: an influence value (1 to 5 or \"P\") or a manipulation kind.",
            ))
            .examples([serde_json::json!(5), serde_json::json!("spy")])
            .into()
    }
}

impl ToSchema for CcFace {
    fn name() -> Cow<'static, str> {
        Cow::Borrowed("CcCardFace")
    }
}

/// A reserve pile: `1` (influence) or `2` (manipulation).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CcPile {
    One,
    Two,
}

impl CcPile {
    pub fn number(self) -> u8 {
        match self {
            CcPile::One => 1,
            CcPile::Two => 2,
        }
    }
}

impl Serialize for CcPile {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_u8(self.number())
    }
}

impl<'de> Deserialize<'de> for CcPile {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        match u64::deserialize(deserializer)? {
            1 => Ok(CcPile::One),
            2 => Ok(CcPile::Two),
            other => Err(de::Error::invalid_value(
                de::Unexpected::Unsigned(other),
                &"the pile number 1 or 2",
            )),
        }
    }
}

impl PartialSchema for CcPile {
    fn schema() -> RefOr<Schema> {
        ObjectBuilder::new()
            .schema_type(SchemaType::Type(Type::Integer))
            .enum_values(Some([1, 2]))
            .description(Some("A reserve pile: 1 = influence reserve, 2 = manipulation reserve."))
            .examples([1])
            .into()
    }
}

impl ToSchema for CcPile {
    fn name() -> Cow<'static, str> {
        Cow::Borrowed("CcPile")
    }
}

/// A card id from the component list (`cleopatra_inf_3_4`, `senator_1`, `vote_aediles`, `mission_praetors_2`, ...).
// `Default` only fills the unused room of inline card lists.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct CcCard(pub(crate) u8);

impl CcCard {
    pub fn id(self) -> &'static str {
        data().card(self).id.as_str()
    }

    pub(crate) fn from_id(id: &str) -> Option<CcCard> {
        data().by_id.get(id).copied()
    }
}

impl fmt::Display for CcCard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.id())
    }
}

impl Serialize for CcCard {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.id())
    }
}

impl<'de> Deserialize<'de> for CcCard {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let text = Cow::<str>::deserialize(deserializer)?;
        CcCard::from_id(&text).ok_or_else(|| de::Error::invalid_value(de::Unexpected::Str(&text), &"a card id"))
    }
}

impl PartialSchema for CcCard {
    fn schema() -> RefOr<Schema> {
        ObjectBuilder::new()
            .schema_type(SchemaType::Type(Type::String))
            .description(Some("A card id from the component list."))
            .examples(["senator_1"])
            .into()
    }
}

impl ToSchema for CcCard {
    fn name() -> Cow<'static, str> {
        Cow::Borrowed("CcCardId")
    }
}

/// The option `manipulation_pile`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum CcManipulationPile {
    /// Each seat stacks its 13 manipulation cards in the order it chooses (seed 000 §1.2 standard rule).
    #[default]
    Arranged,
    /// The 13 manipulation cards are shuffled (seed 000 beginners' advice).
    Shuffled,
}

/// Options of a César et Cléopâtre game.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields, default)]
pub struct CaesarCleopatraOptions {
    /// How pile 2 (manipulation reserve) is formed: `arranged` (default) or `shuffled`.
    pub manipulation_pile: CcManipulationPile,
}

/// The phase of the game (spec 4.1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum CcPhase {
    /// Before the setup events.
    Setup,
    SetupArrange,
    SetupPlace,
    TurnStart,
    Passive,
    Main,
    Reaction,
    SpyPick,
    Castling,
    Draw,
    VoteWindow,
    GameOver,
}

/// Progress of the mandatory placement in `main`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum CcPlacement {
    None,
    Half,
    Done,
}

/// Why the game ended (spec 8).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum CcEndReason {
    AllPatriciansAwarded,
    InfluenceExhausted,
    SoloFinished,
    BoardBlocked,
}

/// A number per seat.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct CcSeatNumbers {
    pub cleopatra: u32,
    pub caesar: u32,
}

impl CcSeatNumbers {
    pub fn from_array(values: [u32; 2]) -> Self {
        Self {
            cleopatra: values[0],
            caesar: values[1],
        }
    }
}

/// Score breakdown of one seat.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct CcBreakdown {
    pub patricians: u32,
    pub majority: u32,
    pub totality: u32,
    pub mission: u32,
}

/// Score breakdowns per seat.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct CcBreakdowns {
    pub cleopatra: CcBreakdown,
    pub caesar: CcBreakdown,
}

/// The group named by each seat's secret mission.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct CcMissionGroups {
    pub cleopatra: CcGroup,
    pub caesar: CcGroup,
}

/// The result of a finished game (spec 8).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[schema(example = json!({
    "end_reason": "influence_exhausted",
    "scores": {"cleopatra": 15, "caesar": 5},
    "patricians": {"cleopatra": 10, "caesar": 4},
    "breakdown": {
        "cleopatra": {"patricians": 10, "majority": 2, "totality": 1, "mission": 2},
        "caesar": {"patricians": 4, "majority": 0, "totality": 1, "mission": 0}
    },
    "missions": {"cleopatra": "senators", "caesar": "praetors"},
    "winners": ["cleopatra"],
    "draw": false
}))]
pub struct CaesarCleopatraOutcome {
    pub end_reason: CcEndReason,
    pub scores: CcSeatNumbers,
    pub patricians: CcSeatNumbers,
    pub breakdown: CcBreakdowns,
    pub missions: CcMissionGroups,
    /// The winning seat, or empty in a draw.
    pub winners: Vec<CcSeat>,
    pub draw: bool,
}
