//! The wire contract (serde + OpenAPI): ids and small enums, options, actions (spec 5), events (spec 9, event table),
//! views and the outcome.

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

// The declaration order is the canonical order, checked against `caesar-cleopatra-data.json` when it loads.
/// A patrician group.
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

/// One action. Cards are named by value (`1`..`5`, `"P"`) or manipulation kind; among identical cards the server
/// uses the one with the smallest id (D2).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
// Parameterless actions are empty struct variants so that `deny_unknown_fields` applies to them too.
#[serde(tag = "type", rename_all = "snake_case", deny_unknown_fields)]
#[schema(example = json!({"type": "place_face_down", "card": 3, "group": "senators"}))]
pub enum CaesarCleopatraAction {
    /// `setup_arrange`: put a manipulation card of this kind below the ones stacked so far in pile 2.
    #[schema(example = json!({"type": "stack_manipulation", "card": "veto"}))]
    StackManipulation { card: CcManipulationKind },
    /// `setup_place`: put the copy-1 card of this value (1..5) face down at a group.
    #[schema(example = json!({"type": "place_initial", "card": 5, "group": "quaestors"}))]
    PlaceInitial { card: CcValue, group: CcGroup },
    /// `turn_start`: take an active turn.
    ChooseActive {},
    /// `turn_start`: take a passive turn.
    ChoosePassive {},
    /// `passive`: discard one hand card.
    #[schema(example = json!({"type": "passive_discard", "card": "spy"}))]
    PassiveDiscard { card: CcFace },
    /// `passive`: stop discarding and draw as many cards.
    EndDiscard {},
    /// `main`: place one influence card face down (the whole placement).
    #[schema(example = json!({"type": "place_face_down", "card": 3, "group": "senators"}))]
    PlaceFaceDown { card: CcValue, group: CcGroup },
    /// `main`: place one of two face-up influence cards.
    #[schema(example = json!({"type": "place_face_up", "card": "P", "group": "censors"}))]
    PlaceFaceUp { card: CcValue, group: CcGroup },
    /// `main` or `vote_window`: play a manipulation card. Parameters by kind: assassination `group` + `target`;
    /// spy none; castling `groups` (two groups, either order); scout `group`; wrath `group`. Veto is never played
    /// this way.
    #[schema(example = json!({"type": "play_manipulation", "card": "assassination", "group": "aediles", "target": 4}))]
    PlayManipulation {
        card: CcManipulationKind,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        group: Option<CcGroup>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        target: Option<CcValue>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        groups: Option<Vec<CcGroup>>,
    },
    /// `main`: end the main phase (placement must be complete).
    EndMain {},
    /// `reaction`: let the opponent's manipulation take effect.
    AllowManipulation {},
    /// `reaction`: cancel it with a Veto.
    VetoManipulation {},
    /// `spy_pick`: the opponent discards one card of this face.
    #[schema(example = json!({"type": "spy_pick", "card": 5}))]
    SpyPick { card: CcFace },
    /// `castling`: put one pool card of this value face down at one of the two groups.
    #[schema(example = json!({"type": "castle_place", "card": 2, "group": "praetors"}))]
    CastlePlace { card: CcValue, group: CcGroup },
    /// `draw`: draw the top card of pile 1 or 2.
    #[schema(example = json!({"type": "draw", "pile": 1}))]
    Draw { pile: CcPile },
    /// `vote_window`: go on to the comparison.
    ContinueVote {},
}

/// Turn mode chosen at `turn_start`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum CcMode {
    Active,
    Passive,
}

/// Where a discarded card came from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum CcOrigin {
    Hand,
    Board,
    Play,
}

/// Why a seat owes draws.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum CcDrawReason {
    Refill,
    Passive,
    Veto,
    Spy,
    Window,
}

/// Why face-down cards were turned face up.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum CcRevealCause {
    Vote,
    Scout,
}

/// Regular (vote card) or extraordinary (8 cards) vote.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum CcVoteKind {
    Regular,
    Extraordinary,
}

/// Whether a vote was decided.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum CcVoteOutcome {
    Won,
    Postponed,
}

/// A count of cards per seat at one group.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct CcGroupSeatCounts {
    pub group: CcGroup,
    pub cleopatra: u32,
    pub caesar: u32,
}

/// A count of cards at one group.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct CcGroupCount {
    pub group: CcGroup,
    pub count: u32,
}

/// A party card as its owner sees it: id and face.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct CcOwnedCard {
    pub id: CcCard,
    pub card: CcFace,
}

impl CcOwnedCard {
    pub fn of(card: CcCard) -> CcOwnedCard {
        CcOwnedCard {
            id: card,
            card: data().face(card).unwrap_or(CcFace::Influence(CcValue::P)),
        }
    }
}

/// The mission card of each seat (revealed at game over, D24).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct CcMissionCards {
    pub cleopatra: CcCard,
    pub caesar: CcCard,
}

/// One thing that happened. Fields marked "private" are present only for the viewer allowed to see them;
/// shuffle orders are present only in the stored log and never shown to any viewer.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum CaesarCleopatraEvent {
    /// The vote deck was shuffled.
    VoteDeckShuffled {
        size: u32,
        /// Never shown to any viewer.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        order: Option<Vec<CcCard>>,
    },
    /// A seat's pile 1 was shuffled.
    Pile1Shuffled {
        seat: CcSeat,
        size: u32,
        /// Never shown to any viewer.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        order: Option<Vec<CcCard>>,
    },
    /// A seat's pile 2 was shuffled (option `shuffled`).
    Pile2Shuffled {
        seat: CcSeat,
        size: u32,
        /// Never shown to any viewer.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        order: Option<Vec<CcCard>>,
    },
    /// Phase `setup_arrange` begins.
    ArrangeStarted,
    /// A seat put one more card at the bottom of its pile 2.
    ManipulationStacked {
        seat: CcSeat,
        stacked: u32,
        /// Private (that seat).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        card: Option<CcOwnedCard>,
    },
    /// The six missions were shuffled.
    MissionsShuffled {
        size: u32,
        /// Never shown to any viewer.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        order: Option<Vec<CcCard>>,
    },
    /// A seat received its secret mission.
    MissionDealt {
        seat: CcSeat,
        /// Private (that seat).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        mission: Option<CcCard>,
    },
    /// Phase `setup_place` begins.
    PlacementStarted,
    /// A seat placed one of its initial cards face down.
    InitialCardPlaced {
        seat: CcSeat,
        placed: u32,
        /// Private (that seat).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        card: Option<CcOwnedCard>,
        /// Private (that seat).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        group: Option<CcGroup>,
    },
    /// Both seats placed their initial cards; the copy-2 cards become the hands.
    InitialPlacementDone { face_down: Vec<CcGroupSeatCounts> },
    /// A turn begins.
    TurnStarted { turn: u32, seat: CcSeat },
    /// The active seat chose to be active or passive.
    ModeChosen { seat: CcSeat, mode: CcMode },
    /// A card went to its owner's discard pile, face up.
    CardDiscarded {
        seat: CcSeat,
        origin: CcOrigin,
        card: CcFace,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        group: Option<CcGroup>,
        /// Private (owner).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        id: Option<CcCard>,
    },
    /// An influence card was placed at a group.
    InfluencePlaced {
        seat: CcSeat,
        group: CcGroup,
        face_up: bool,
        /// Public when face up; private (owner) when face down.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        value: Option<CcValue>,
        /// Private (owner).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        id: Option<CcCard>,
    },
    /// A seat owes draws.
    DrawOwed {
        seat: CcSeat,
        count: u32,
        reason: CcDrawReason,
    },
    /// The head owed draw needs the seat's choice of pile (phase `draw`).
    DrawPending { seat: CcSeat },
    /// A seat drew the top card of a pile.
    CardDrawn {
        seat: CcSeat,
        pile: CcPile,
        /// True when the draw was forced because only one pile had cards.
        automatic: bool,
        /// Private (drawer).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        card: Option<CcOwnedCard>,
    },
    /// Owed draws lapsed because both piles are empty.
    DrawLapsed { seat: CcSeat, count: u32 },
    /// A manipulation card was played (it lies on the table until resolved).
    ManipulationPlayed {
        seat: CcSeat,
        card: CcManipulationKind,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        group: Option<CcGroup>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        target: Option<CcValue>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        groups: Option<Vec<CcGroup>>,
        /// Private (owner).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        id: Option<CcCard>,
    },
    /// The opponent must allow or veto (phase `reaction`).
    ReactionOffered { seat: CcSeat },
    /// The opponent answered.
    Reacted { seat: CcSeat, vetoed: bool },
    /// The spying seat saw the victim's hand (phase `spy_pick`).
    HandSpied {
        seat: CcSeat,
        /// Private (spying seat): the victim's hand, as faces, sorted.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        hand: Option<Vec<CcFace>>,
    },
    /// A Castling took the seat's cards at two groups into its pool (phase `castling`).
    CastlingPoolFormed {
        seat: CcSeat,
        groups: Vec<CcGroup>,
        taken: Vec<CcGroupCount>,
        /// Private (owner).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pool: Option<Vec<CcOwnedCard>>,
    },
    /// One pool card was put back face down.
    CastlingCardPlaced {
        seat: CcSeat,
        left: u32,
        /// Private (owner).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        card: Option<CcOwnedCard>,
        /// Private (owner).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        group: Option<CcGroup>,
    },
    /// The Castling pool is empty; the new face-down counts at the two groups.
    CastlingDone { seat: CcSeat, face_down: Vec<CcGroupCount> },
    /// Phase `main` resumes after a manipulation or a draw.
    MainResumed { seat: CcSeat },
    /// The active seat ended `main`.
    MainEnded { seat: CcSeat },
    /// Face-down cards of one seat at a group were turned face up.
    CardsRevealed {
        group: CcGroup,
        seat: CcSeat,
        values: Vec<CcValue>,
        cause: CcRevealCause,
    },
    /// A group holding 8 cards gets an extraordinary vote.
    ExtraordinaryVoteStarted { group: CcGroup },
    /// The active seat may play a manipulation before the comparison (phase `vote_window`).
    VoteWindowOpened { seat: CcSeat, group: CcGroup },
    /// The active seat let the extraordinary vote proceed.
    VoteContinued { seat: CcSeat },
    /// A vote was compared.
    VoteResolved {
        group: CcGroup,
        kind: CcVoteKind,
        sums: CcSeatNumbers,
        philosophers: CcSeatNumbers,
        outcome: CcVoteOutcome,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        winner: Option<CcSeat>,
    },
    /// A seat won a patrician.
    PatricianWon {
        seat: CcSeat,
        group: CcGroup,
        patrician: CcCard,
    },
    /// A group has no patricians left.
    GroupClosed { group: CcGroup },
    /// The top vote card was revealed.
    VoteCardDrawn { card: CcCard },
    /// The revealed vote card names a closed group and leaves the game.
    VoteCardRemoved { card: CcCard },
    /// The revealed vote card went to the vote discard.
    VoteCardDiscarded { card: CcCard },
    /// `orgy_reshuffle`: deck, discard and this card were shuffled into a new deck.
    VoteDeckReshuffled {
        size: u32,
        /// Never shown to any viewer.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        order: Option<Vec<CcCard>>,
    },
    /// One seat is exhausted; the other plays on alone.
    SoloModeStarted { survivor: CcSeat },
    /// The game is over.
    GameOver {
        result: CaesarCleopatraOutcome,
        missions: CcMissionCards,
    },
}

/// One seat's cards at one group. Face-down cards of others are only a count, with no order (D25).
#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct CcSideView {
    /// Face-up values, sorted 1..5 then P.
    pub face_up: Vec<CcValue>,
    pub face_down_count: u32,
    /// The owner's own face-down values, sorted (owner only).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub face_down: Option<Vec<CcValue>>,
}

/// One patrician group.
#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct CcGroupView {
    pub group: CcGroup,
    /// False once every patrician of the group has been won.
    pub open: bool,
    pub patricians_left: u32,
    /// The patricians not yet won, the next one to be awarded first.
    pub patricians: Vec<CcCard>,
    /// Cards at the group, both sides, as far as this viewer can see them placed.
    pub total: u32,
    pub cleopatra: CcSideView,
    pub caesar: CcSideView,
}

/// A hand: counts for everyone (D16), the cards for their owner.
#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct CcHandView {
    pub influence: u32,
    pub manipulation: u32,
    /// Owner only.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub cards: Option<Vec<CcOwnedCard>>,
}

/// A public card face, with its id for the owner only.
#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct CcCardView {
    pub card: CcFace,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub id: Option<CcCard>,
}

/// Everything about one seat.
#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct CcSeatView {
    pub seat: CcSeat,
    pub hand: CcHandView,
    pub pile1: u32,
    pub pile2: u32,
    /// The remaining pile 2, top first (owner only, option `arranged`, D3).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub pile2_order: Option<Vec<CcOwnedCard>>,
    /// Face up, oldest first (D15).
    pub discard: Vec<CcCardView>,
    pub won: Vec<CcCard>,
    /// The secret mission: the owner's own; both at game over (D24).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub mission: Option<CcCard>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub mission_group: Option<CcGroup>,
    /// Setup progress: manipulation cards stacked, initial cards placed (counts, D29).
    pub stacked: u32,
    pub placed: u32,
    /// Setup: manipulation cards not yet stacked (owner only).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub unstacked: Option<Vec<CcOwnedCard>>,
    /// Setup: initial values not yet placed (owner only).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub to_place: Option<Vec<CcValue>>,
    /// No influence card in hand and an empty pile 1 (D18).
    pub exhausted: bool,
}

/// Both seats.
#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct CcSeatViews {
    pub cleopatra: CcSeatView,
    pub caesar: CcSeatView,
}

/// One owed draw.
#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct CcOwedDraw {
    pub seat: CcSeat,
    pub count: u32,
}

/// The manipulation card on the table, while it is being resolved.
#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct CcPendingManipulation {
    pub seat: CcSeat,
    pub card: CcManipulationKind,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub group: Option<CcGroup>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub target: Option<CcValue>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub groups: Option<Vec<CcGroup>>,
}

/// A Castling being resolved.
#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct CcCastlingView {
    pub seat: CcSeat,
    pub groups: Vec<CcGroup>,
    /// For others, cards already put back still count here until the pool is empty (D29).
    pub pool_count: u32,
    /// Owner only.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub pool: Option<Vec<CcOwnedCard>>,
}

/// The game as one viewer may see it.
#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct CaesarCleopatraView {
    /// The seat this view is for; null for a spectator.
    pub viewer: Option<CcSeat>,
    pub phase: CcPhase,
    pub turn: u32,
    pub active: CcSeat,
    pub to_act: Vec<CcSeat>,
    pub placement: CcPlacement,
    pub manip_used: bool,
    /// Cards discarded so far in the current passive turn.
    pub passive_discards: u32,
    pub owed_draws: Vec<CcOwedDraw>,
    pub solo_survivor: Option<CcSeat>,
    /// The group of the extraordinary vote in progress.
    pub vote_context: Option<CcGroup>,
    pub pending_manipulation: Option<CcPendingManipulation>,
    pub castling: Option<CcCastlingView>,
    /// The opponent's hand, for the spying seat during `spy_pick`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub spied_hand: Option<Vec<CcFace>>,
    pub groups: Vec<CcGroupView>,
    pub seats: CcSeatViews,
    pub vote_deck: u32,
    pub vote_discard: Vec<CcCard>,
    pub vote_removed: Vec<CcCard>,
    pub result: Option<CaesarCleopatraOutcome>,
}
