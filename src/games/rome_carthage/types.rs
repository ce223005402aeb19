//! The wire contract: the options, the actions (exactly the JSON of the spec's section 5), the events, the view and the
//! result (section 8), and the identifiers as they appear in JSON (seats, states, teams, pieces, cities, cards, ranks),
//! with their schemas.

use std::borrow::Cow;
use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};
use tinyvec::ArrayVec;
use utoipa::ToSchema;

use super::data::{STATE_IDS, SUIT_IDS, board};
use crate::engine::string_id::UnknownId;

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
}

impl fmt::Display for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}_{}", SUIT_IDS[(self.suit() as usize).min(3)], self.rank().token())
    }
}

impl FromStr for Card {
    type Err = UnknownId;

    fn from_str(text: &str) -> Result<Card, UnknownId> {
        let unknown = || UnknownId::new("card id", text);
        let (suit, rank) = text.split_once('_').ok_or_else(unknown)?;
        let suit = SUIT_IDS.iter().position(|s| *s == suit).ok_or_else(unknown)? as u8;
        let rank = RANK_TOKENS.iter().position(|r| *r == rank).ok_or_else(unknown)? as u8;
        Ok(Card::new(suit, Rank::of(rank)))
    }
}

crate::string_id!(
    Card,
    schema = "RomeCarthageCard",
    description = "A playing card id `<suit>_<rank>`. Shown only to its owner; others see ranks.",
    example = "hearts_10",
    values = Some((0..52).map(|c| Card(c).to_string()).collect()),
);

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

impl fmt::Display for Piece {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.id())
    }
}

impl FromStr for Piece {
    type Err = UnknownId;

    fn from_str(text: &str) -> Result<Piece, UnknownId> {
        Piece::parse(text).ok_or_else(|| UnknownId::new("piece id", text))
    }
}

crate::string_id!(
    Piece,
    schema = "RomeCarthagePiece",
    description = "A piece id `<state>_<kind>[_<n>]`, in canonical piece order.",
    example = "rome_chariot",
    values = Some((0..Piece::COUNT).map(|p| Piece(p).id()).collect()),
);

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

impl fmt::Display for CityId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.id())
    }
}

impl FromStr for CityId {
    type Err = UnknownId;

    fn from_str(text: &str) -> Result<CityId, UnknownId> {
        CityId::parse(text).ok_or_else(|| UnknownId::new("city id", text))
    }
}

crate::string_id!(
    CityId,
    schema = "RomeCarthageCity",
    description = "A city id of the map (`GET /v1/titles/rome-carthage/map`).",
    example = "capoue",
    values = Some(board().cities.iter().map(|c| c.id.clone()).collect()),
);

// ---------------------------------------------------------------------------------------------------------------
// Options

/// Options fixed when the game is created (spec section 3). The player count is the game's number of seats.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields, default)]
pub struct RomeCarthageOptions {
    /// Partners see each other's cards as ranks (hands, draws, committed cards).
    pub partners_see_hands: bool,
    /// A separate talon per team, split into packets equal in strength (7.9).
    pub match_talons: bool,
    /// Automatic draw after this many rounds without an elimination (≥ 1).
    #[schema(minimum = 1, example = 60)]
    pub no_progress_rounds: u32,
}

impl Default for RomeCarthageOptions {
    fn default() -> Self {
        Self {
            partners_see_hands: false,
            match_talons: false,
            no_progress_rounds: 60,
        }
    }
}

// ---------------------------------------------------------------------------------------------------------------
// Actions

/// The longest path of a single move: a chariot's four steps (7.1.1). A longer path sent by a client is refused
/// while the action is read.
pub const MAX_PATH: usize = 4;

/// The cities of a move (the start city excluded), held inline so that listing moves allocates no path.
pub type Path = ArrayVec<[CityId; MAX_PATH]>;

/// One mercenary's step in `move_mercenaries` or a two-mercenary betrayal.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(as = RomeCarthageStep, example = json!({"piece": "rome_mercenary_1", "to": "rhegion"}))]
pub struct Step {
    pub piece: Piece,
    pub to: CityId,
}

/// The steps of a two-mercenary move, held inline so that listing those moves allocates nothing. More than two
/// steps are refused while the action is read.
pub type Steps = ArrayVec<[Step; 2]>;

/// The cards of an action, by rank. A listed action borrows a static list (it names at most three cards, see
/// `rules::for_each_multiset`), so that listing payments and commits allocates nothing; a list read from JSON is
/// owned, of any length, as before.
pub type Ranks = Cow<'static, [Rank]>;

/// An action. Cards are named by rank token (`"1"`…`"10"`, `"j"`, `"q"`, `"k"`); with several cards of a rank the
/// server uses the one with the smallest id (D39). Card lists are unordered.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(tag = "type", rename_all = "snake_case", deny_unknown_fields)]
pub enum RomeCarthageAction {
    /// `special_choice`: the chooser takes this special card of his team; his partner gets the other.
    #[schema(example = json!({"type": "choose_special", "card": "sedition"}))]
    ChooseSpecial { card: SpecialKind },
    /// `placement`: put the first unplaced piece of `kind` on an empty city of one of your states (galleys: ports).
    #[schema(example = json!({"type": "place", "kind": "galley", "city": "pise"}))]
    Place { kind: Kind, city: CityId },
    /// `main`: move one piece along `path` (the start city excluded).
    #[schema(example = json!({"type": "move", "piece": "rome_chariot", "path": ["capoue", "tarente"]}))]
    Move {
        piece: Piece,
        #[schema(value_type = Vec<CityId>, max_items = 4)]
        path: Path,
    },
    /// `main`: two different mercenaries step one road each, at the same time (cost 1).
    #[schema(example = json!({"type": "move_mercenaries", "steps": [
        {"piece": "rome_mercenary_1", "to": "rhegion"}, {"piece": "rome_mercenary_2", "to": "brindes"}]}))]
    MoveMercenaries {
        #[schema(value_type = Vec<Step>, max_items = 2)]
        steps: Steps,
    },
    /// `main`: pay a forced march (non-zero cards worth at least 3; only minimal ones are listed) for a budget of 2.
    #[schema(example = json!({"type": "pay_forced_march", "cards": ["1", "2"]}))]
    PayForcedMarch {
        #[schema(value_type = Vec<Rank>)]
        cards: Ranks,
    },
    /// `main`: move for one enemy seat: either `piece` + `path`, or `steps` (two of its mercenaries).
    #[schema(example = json!({"type": "play_betrayal", "piece": "byzance_mercenary_1", "path": ["aquilee"]}))]
    PlayBetrayal {
        #[serde(default, skip_serializing_if = "Option::is_none")]
        piece: Option<Piece>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        #[schema(value_type = Option<Vec<CityId>>, max_items = 4)]
        path: Option<Path>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        #[schema(value_type = Option<Vec<Step>>, max_items = 2)]
        steps: Option<Steps>,
    },
    /// `main`: destroy the enemy piece holding your occupied capital `city`.
    #[schema(example = json!({"type": "play_sedition", "city": "rome"}))]
    PlaySedition { city: CityId },
    /// `main`: offer a draw (once per turn).
    OfferDraw {},
    /// `draw_offer`: accept the offer.
    AcceptDraw {},
    /// `draw_offer`: decline the offer.
    DeclineDraw {},
    /// `main`: finish your moves; combats follow.
    EndMoves {},
    /// `combat_choice`: fight the pending combat in `city` next.
    #[schema(example = json!({"type": "choose_combat", "city": "capoue"}))]
    ChooseCombat { city: CityId },
    /// `combat_commit`: your base cards, exactly your card limit.
    #[schema(example = json!({"type": "commit", "cards": ["8", "k"]}))]
    Commit {
        #[schema(value_type = Vec<Rank>)]
        cards: Ranks,
    },
    /// `spy_decision`: declare a spy.
    DeclareSpy {},
    /// `spy_decision`: keep your base as it is.
    DeclineSpy {},
    /// `spy_commit`: your new base, exactly 2 cards.
    #[schema(example = json!({"type": "spy_commit", "cards": ["10", "k"]}))]
    SpyCommit {
        #[schema(value_type = Vec<Rank>)]
        cards: Ranks,
    },
    /// `tie_break`: one more card.
    #[schema(example = json!({"type": "add_card", "card": "3"}))]
    AddCard { card: Rank },
}

// ---------------------------------------------------------------------------------------------------------------
// Events

/// A side of a combat.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
#[schema(as = RomeCarthageSide)]
pub enum Side {
    Attacker,
    Defender,
}

impl Side {
    pub fn of(index: usize) -> Side {
        if index == 0 { Side::Attacker } else { Side::Defender }
    }

    pub fn index(self) -> usize {
        self as usize
    }
}

/// Where a disposed-of card goes (7.5).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
#[schema(as = RomeCarthageDestination)]
pub enum Destination {
    /// A zero (j or q) goes back to its owner's hand.
    Hand,
    /// Face up on the discard pile.
    Discard,
    /// Out of the game (one of the first two spent kings).
    Removed,
}

/// One card disposed of: whose it was, its rank, where it went.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(as = RomeCarthageDisposal)]
pub struct Disposal {
    pub seat: SeatId,
    pub rank: Rank,
    pub to: Destination,
}

/// Which seat owns a state.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(as = RomeCarthageStateOwner)]
pub struct StateOwner {
    pub state: StateId,
    pub seat: SeatId,
}

/// One mercenary of a two-mercenary move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(as = RomeCarthageMovedStep)]
pub struct MovedStep {
    pub piece: Piece,
    pub from: CityId,
    pub to: CityId,
    /// The enemy piece attacked in `to`, if any (a pending combat is created).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub attacks: Option<Piece>,
}

/// How a combat was decided.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
#[schema(as = RomeCarthageResolution)]
pub enum Resolution {
    /// The higher total won.
    Totals,
    /// A tie where one side (or both) had no card left to add (7.2.4).
    EmptyHand,
}

/// Why a game ended (section 8).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
#[schema(as = RomeCarthageEndReason)]
pub enum EndReason {
    CapitalsHeld,
    Annihilation,
    DrawAgreed,
    NoProgress,
}

/// A log event. Private parts (`cards`, `ranks`, `card`, `rank`, `order`) are present only for the viewers allowed to
/// know them (spec section 9); a talon order is never shown to anyone.
#[derive(Clone, Debug, Serialize, Deserialize, ToSchema)]
#[serde(tag = "type", rename_all = "snake_case")]
#[schema(as = RomeCarthageEvent)]
pub enum RomeCarthageEvent {
    /// Setup 2: the team draw.
    TeamsDrawn {
        team_a: Vec<StateId>,
        team_b: Vec<StateId>,
    },
    /// Setup 3: states to seats (and the solo seat with 3 players).
    StatesAssigned {
        owners: Vec<StateOwner>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        solo: Option<SeatId>,
    },
    /// Setup 4: a hand dealt. `cards` (ids) for the owner only, `ranks` for a partner allowed to see them.
    HandDealt {
        seat: SeatId,
        count: u32,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        cards: Option<Vec<Card>>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        ranks: Option<Vec<Rank>>,
        /// The partner who may see this seat's cards (option `partners_see_hands`).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        shared_with: Option<SeatId>,
    },
    /// Setup 4: the two queens of a two-state seat leave the game.
    QueensRemoved {
        seat: SeatId,
        ranks: Vec<Rank>,
    },
    /// Setup 5 and 6.3: the talon is shuffled. The order (bottom to top) is never shown.
    TalonShuffled {
        count: u32,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        order: Option<Vec<Card>>,
    },
    /// Setup 6: the starting card (public, by id) and the starter.
    StartingCard {
        card: Card,
        starter: SeatId,
    },
    /// Setup 7: the turn order for the whole game.
    TurnOrderFixed {
        order: Vec<SeatId>,
    },
    /// Setup 8 (`match_talons`): the talon split into two team talons (7.9).
    TalonsSplit {
        packet_p: TeamId,
        team_a_count: u32,
        team_b_count: u32,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        team_a_order: Option<Vec<Card>>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        team_b_order: Option<Vec<Card>>,
    },
    /// Setup 10: a team's special cards go to their holders.
    SpecialsDealt {
        team: TeamId,
        betrayal: SeatId,
        sedition: SeatId,
        /// The chooser who picked, for a two-seat team.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        chooser: Option<SeatId>,
    },
    /// Setup 10: phase `special_choice` for these choosers.
    SpecialChoiceOpened {
        choosers: Vec<SeatId>,
    },
    /// A placement turn begins (4.2).
    PlacementTurnStarted {
        seat: SeatId,
        round: u8,
        quota: u8,
    },
    PiecePlaced {
        seat: SeatId,
        piece: Piece,
        city: CityId,
    },
    /// A turn of the game proper begins (4.3); per-turn state is reset.
    TurnStarted {
        seat: SeatId,
        round: u32,
    },
    /// The discard pile shuffled into a new talon (D30). The order is never shown.
    TalonReformed {
        count: u32,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        order: Option<Vec<Card>>,
    },
    /// `match_talons`: the discard split and added to both team talons, each reshuffled (7.9).
    TalonsRefilled {
        packet_p: TeamId,
        team_a_count: u32,
        team_b_count: u32,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        team_a_order: Option<Vec<Card>>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        team_b_order: Option<Vec<Card>>,
    },
    /// A card drawn: publicly "drew 1 card"; the id for the owner, the rank for a partner allowed to see it.
    CardDrawn {
        seat: SeatId,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        card: Option<Card>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        rank: Option<Rank>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        shared_with: Option<SeatId>,
    },
    /// A draw met an empty talon and an empty discard pile: skipped.
    DrawSkipped {
        seat: SeatId,
    },
    /// A piece moved along `path` (an attack when `attacks` is set). `betrayal`: moved by the active seat's betrayal.
    PieceMoved {
        seat: SeatId,
        piece: Piece,
        from: CityId,
        path: Vec<CityId>,
        cost: u8,
        betrayal: bool,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        attacks: Option<Piece>,
    },
    /// Two mercenaries stepped at once (D13).
    MercenariesMoved {
        seat: SeatId,
        steps: Vec<MovedStep>,
        cost: u8,
        betrayal: bool,
    },
    /// A forced march paid (public ranks) and where each card went.
    ForcedMarchPaid {
        seat: SeatId,
        cards: Vec<Disposal>,
    },
    /// A betrayal played by `seat`, moving for `target` (the move follows).
    BetrayalPlayed {
        seat: SeatId,
        card: SpecialId,
        target: SeatId,
    },
    /// A sedition played: the occupier of `city` is eliminated; a pending attack there is cancelled in favour of
    /// its attacker.
    SeditionPlayed {
        seat: SeatId,
        card: SpecialId,
        city: CityId,
        eliminated: Piece,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        cancelled_attacker: Option<Piece>,
    },
    DrawOffered {
        seat: SeatId,
        responders: Vec<SeatId>,
    },
    DrawAccepted {
        seat: SeatId,
    },
    DrawDeclined {
        seat: SeatId,
    },
    /// `end_moves`: combats (if any) follow.
    MovesEnded {
        seat: SeatId,
    },
    /// A combat starts (C0/C1) with each side's card limit.
    CombatStarted {
        city: CityId,
        attacker: Piece,
        defender: Piece,
        attacker_seat: SeatId,
        defender_seat: SeatId,
        need_attacker: u8,
        need_defender: u8,
        /// Named by the active seat with `choose_combat`.
        chosen: bool,
    },
    /// Base cards committed face down: publicly a count; ranks for the owner (and a partner allowed to see them).
    BaseCommitted {
        seat: SeatId,
        side: Side,
        count: u32,
        automatic: bool,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        ranks: Option<Vec<Rank>>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        shared_with: Option<SeatId>,
    },
    /// Both bases revealed. `spy_eligible`: the sides whose base is a spy.
    BasesRevealed {
        attacker: Vec<Rank>,
        defender: Vec<Rank>,
        spy_eligible: Vec<Side>,
    },
    /// C4: both sides were spies; the bases are disposed of and the combat restarts at C1.
    DoubleSpy {
        disposals: Vec<Disposal>,
        need_attacker: u8,
        need_defender: u8,
    },
    SpyDeclined {
        seat: SeatId,
    },
    /// A spy declared: his base is disposed of, he chooses a new one.
    SpyDeclared {
        seat: SeatId,
        disposals: Vec<Disposal>,
    },
    /// The spy's new base, revealed at once.
    SpyBaseChosen {
        seat: SeatId,
        ranks: Vec<Rank>,
        automatic: bool,
    },
    /// C6: the totals are equal; each side adds one card.
    CombatTied {
        attacker_total: u32,
        defender_total: u32,
    },
    /// A tie-break card committed face down.
    ExtraAdded {
        seat: SeatId,
        side: Side,
        automatic: bool,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        rank: Option<Rank>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        shared_with: Option<SeatId>,
    },
    ExtrasRevealed {
        attacker: Rank,
        defender: Rank,
        attacker_total: u32,
        defender_total: u32,
    },
    /// C7: the loser's piece is eliminated and every table card disposed of.
    CombatResolved {
        city: CityId,
        attacker: Piece,
        defender: Piece,
        attacker_total: u32,
        defender_total: u32,
        winner: Side,
        eliminated: Piece,
        resolution: Resolution,
        disposals: Vec<Disposal>,
    },
    /// A seat without pieces leaves the game; its hand goes face up to `removed`, its specials are lost.
    SeatEliminated {
        seat: SeatId,
        hand: Vec<Rank>,
    },
    SiegeEstablished {
        team: TeamId,
        established: u64,
    },
    SiegeBroken {
        team: TeamId,
    },
    SiegeWitnessed {
        team: TeamId,
        seat: SeatId,
        witnesses: Vec<SeatId>,
    },
    TurnEnded {
        seat: SeatId,
        progress: bool,
        quiet_turns: u32,
    },
    GameOver {
        result: RomeCarthageOutcome,
    },
}

// ---------------------------------------------------------------------------------------------------------------
// Result and view

/// A team in the result: its states (canonical order) and seats (turn order).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, ToSchema)]
#[schema(as = RomeCarthageTeamInfo)]
pub struct TeamInfo {
    pub states: Vec<StateId>,
    pub seats: Vec<SeatId>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, ToSchema)]
#[schema(as = RomeCarthageTeams)]
pub struct Teams {
    pub team_a: TeamInfo,
    pub team_b: TeamInfo,
}

/// Scores by seat: 1 for each seat of the winning team, 0 for the others, 0.5 each in a draw (D36).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, ToSchema)]
#[schema(as = RomeCarthageScores)]
pub struct Scores {
    pub primus: f64,
    pub secundus: f64,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tertius: Option<f64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub quartus: Option<f64>,
}

impl Scores {
    pub fn get(&self, seat: usize) -> Option<f64> {
        match seat {
            0 => Some(self.primus),
            1 => Some(self.secundus),
            2 => self.tertius,
            3 => self.quartus,
            _ => None,
        }
    }
}

/// The result of a finished game (section 8).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, ToSchema)]
#[schema(example = json!({
    "end_reason": "capitals_held",
    "winning_team": "team_a",
    "winners": ["primus", "tertius"],
    "draw": false,
    "scores": {"primus": 1.0, "secundus": 0.0, "tertius": 1.0, "quartus": 0.0},
    "teams": {
        "team_a": {"states": ["rome", "alexandrie"], "seats": ["primus", "tertius"]},
        "team_b": {"states": ["carthage", "byzance"], "seats": ["secundus", "quartus"]}
    },
    "eliminated": ["quartus"],
    "rounds": 23
}))]
pub struct RomeCarthageOutcome {
    pub end_reason: EndReason,
    /// `null` in a draw.
    pub winning_team: Option<TeamId>,
    /// Seats of the winning team in turn order; empty in a draw.
    pub winners: Vec<SeatId>,
    pub draw: bool,
    pub scores: Scores,
    pub teams: Teams,
    /// Seats eliminated during the game, in seat order.
    pub eliminated: Vec<SeatId>,
    /// The round in which the game ended.
    pub rounds: u32,
}

/// The phase of the game (spec 4.1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
#[schema(as = RomeCarthagePhase)]
pub enum PhaseName {
    Setup,
    SpecialChoice,
    Placement,
    Main,
    DrawOffer,
    CombatChoice,
    CombatCommit,
    SpyDecision,
    SpyCommit,
    TieBreak,
    /// Transient between automatic steps (never seen at rest).
    Resolving,
    GameOver,
}

/// A card in the viewer's own hand.
#[derive(Clone, Debug, Serialize, ToSchema)]
#[schema(as = RomeCarthageHandCard)]
pub struct HandCard {
    pub id: Card,
    pub rank: Rank,
    pub value: u32,
}

/// A special card and its holder.
#[derive(Clone, Debug, Serialize, ToSchema)]
#[schema(as = RomeCarthageSpecialView)]
pub struct SpecialView {
    pub card: SpecialId,
    pub holder: Option<SeatId>,
    pub used: bool,
}

/// One seat, as the viewer sees it.
#[derive(Clone, Debug, Serialize, ToSchema)]
#[schema(as = RomeCarthageSeatView)]
pub struct SeatView {
    pub seat: SeatId,
    pub states: Vec<StateId>,
    pub team: Option<TeamId>,
    pub solo: bool,
    pub in_game: bool,
    pub hand_count: u32,
    /// The viewer's own hand (ids and ranks), sorted by rank.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub hand: Option<Vec<HandCard>>,
    /// The partner's hand as ranks, when the game allows partners to see hands.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub hand_ranks: Option<Vec<Rank>>,
    /// Card limit k(seat) in combat now (2.8).
    pub card_limit: u8,
}

/// Where a piece is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "snake_case")]
#[schema(as = RomeCarthagePieceStatus)]
pub enum PieceStatus {
    Unplaced,
    OnBoard,
    Eliminated,
}

#[derive(Clone, Debug, Serialize, ToSchema)]
#[schema(as = RomeCarthagePieceView)]
pub struct PieceView {
    pub piece: Piece,
    pub state: StateId,
    pub kind: Kind,
    pub owner: Option<SeatId>,
    pub status: PieceStatus,
    pub city: Option<CityId>,
    /// Attacker or defender of a pending or current combat.
    pub engaged: bool,
}

#[derive(Clone, Debug, Serialize, ToSchema)]
#[schema(as = RomeCarthageCityView)]
pub struct CityView {
    pub city: CityId,
    pub state: StateId,
    /// The holder (the defender while a combat is pending there).
    pub holder: Option<Piece>,
    /// A capital held by an enemy of its state's owner.
    pub occupied: bool,
}

#[derive(Clone, Debug, Serialize, ToSchema)]
#[schema(as = RomeCarthagePendingCombat)]
pub struct PendingView {
    pub city: CityId,
    pub attacker: Piece,
    pub defender: Piece,
    pub attacker_seat: SeatId,
    pub defender_seat: SeatId,
}

/// One side of the combat being fought.
#[derive(Clone, Debug, Serialize, ToSchema)]
#[schema(as = RomeCarthageCombatSide)]
pub struct CombatSideView {
    pub seat: SeatId,
    pub piece: Piece,
    pub need: u8,
    pub committed: bool,
    pub base_count: u32,
    /// The base ranks: once revealed, or for the owner (and a partner allowed to see them).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub base: Option<Vec<Rank>>,
    /// Revealed tie-break cards.
    pub extra: Vec<Rank>,
    /// A tie-break card is committed face down.
    pub extra_pending: bool,
    /// The face-down tie-break card, for its owner (and a partner allowed to see it).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub extra_pending_rank: Option<Rank>,
    pub spy_eligible: bool,
    /// Must act now in this combat.
    pub to_act: bool,
}

#[derive(Clone, Debug, Serialize, ToSchema)]
#[schema(as = RomeCarthageCombat)]
pub struct CombatView {
    pub city: CityId,
    pub attacker: CombatSideView,
    pub defender: CombatSideView,
    pub revealed: bool,
    /// The seat in `spy_decision` / `spy_commit`.
    pub spy: Option<SeatId>,
    pub tie_break: bool,
    /// Totals from the revealed cards (attacker, defender), once the bases are revealed.
    pub totals: Option<[u32; 2]>,
}

#[derive(Clone, Debug, Serialize, ToSchema)]
#[schema(as = RomeCarthagePlacementView)]
pub struct PlacementView {
    pub seat: SeatId,
    pub round: u8,
    pub rounds: u8,
    pub quota: u8,
    pub placed: u8,
}

#[derive(Clone, Debug, Serialize, ToSchema)]
#[schema(as = RomeCarthageTurnView)]
pub struct TurnView {
    pub seat: SeatId,
    pub budget: u8,
    pub moves_used: u8,
    pub forced_march_paid: bool,
    pub draw_offered: bool,
    pub progress: bool,
}

#[derive(Clone, Debug, Serialize, ToSchema)]
#[schema(as = RomeCarthageDrawOfferView)]
pub struct DrawOfferView {
    pub offered_by: SeatId,
    pub accepted: Vec<SeatId>,
    pub responder: Option<SeatId>,
}

#[derive(Clone, Debug, Serialize, ToSchema)]
#[schema(as = RomeCarthageSiegeView)]
pub struct SiegeView {
    pub team: TeamId,
    /// Event sequence number at which it began.
    pub established: u64,
    pub witnesses: Vec<SeatId>,
}

/// The game as one viewer may see it.
#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct RomeCarthageView {
    pub viewer: Option<SeatId>,
    pub players: usize,
    pub options: RomeCarthageOptions,
    pub phase: PhaseName,
    pub to_act: Vec<SeatId>,
    pub round: u32,
    pub turn_order: Vec<SeatId>,
    pub starter: Option<SeatId>,
    /// The public starting card (setup 6).
    pub starting_card: Option<Card>,
    pub seats: Vec<SeatView>,
    pub teams: Option<Teams>,
    pub specials: Vec<SpecialView>,
    pub pieces: Vec<PieceView>,
    /// Held cities only.
    pub cities: Vec<CityView>,
    /// Talon sizes: one entry, or team_a and team_b with `match_talons`.
    pub talon_counts: Vec<u32>,
    /// Face up, bottom first, as ranks.
    pub discard: Vec<Rank>,
    /// Out of the game, as ranks.
    pub removed: Vec<Rank>,
    pub kings_removed: u8,
    pub sieges: Vec<SiegeView>,
    pub quiet_turns: u32,
    /// `quiet_turns` at which the no-progress draw applies (T = rounds × seats in the game).
    pub quiet_limit: u32,
    pub turn: Option<TurnView>,
    pub pending_combats: Vec<PendingView>,
    pub combat: Option<CombatView>,
    pub placement: Option<PlacementView>,
    /// Choosers still to pick in `special_choice`.
    pub special_choosers: Vec<SeatId>,
    pub draw_offer: Option<DrawOfferView>,
    pub result: Option<RomeCarthageOutcome>,
}
