//! The wire contract of Caligula (serde + OpenAPI, every schema prefixed `Caligula…`): seat ids and small enums, the
//! phase, the public conspiracy data, actions, events, views, the result and the (empty) options.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::data::{CardType, Extra, Suit};

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
        Kind::ALL.into_iter().find(|k| k.name() == text)
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
    pub fn index(self) -> usize {
        self as usize
    }
    pub fn of(i: usize) -> Pos {
        if i == 0 { Pos::A } else { Pos::B }
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
    pub fn candidate(p: Pos) -> FavourAt {
        match p {
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

/// Which effect step is waiting for a decision.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[schema(as = CaligulaEffectCursor)]
pub struct EffectCursor {
    /// Index into the effect-instance queue of the card being resolved.
    pub instance: usize,
    /// Index of the printed effect step.
    pub step: usize,
    /// For a two-effect step: the chosen alternative (0 = first, 1 = second) once chosen.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub alternative: Option<u8>,
    /// For multi-decision steps (ANY n, DIS n): decisions still to make.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub remaining: Option<u32>,
}

/// The phase, with the seat that must act (exactly one seat acts at any time).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(tag = "phase", rename_all = "snake_case")]
#[schema(as = CaligulaPhase)]
pub enum Phase {
    /// Before the setup events.
    Setup,
    Placement {
        seat: SeatId,
    },
    EffectDecision {
        seat: SeatId,
        cursor: EffectCursor,
    },
    Complot {
        seat: SeatId,
    },
    ComplotPayment {
        seat: SeatId,
        /// Cards still to pay.
        owed: u32,
    },
    FavourCandidate {
        seat: SeatId,
    },
    FavourLeader {
        seat: SeatId,
    },
    FavourConspirator {
        seat: SeatId,
    },
    Defence {
        seat: SeatId,
    },
    Stabbing {
        seat: SeatId,
    },
    GameOver,
}

impl Phase {
    pub fn seat(&self) -> Option<Seat> {
        match self {
            Phase::Setup | Phase::GameOver => None,
            Phase::Placement { seat }
            | Phase::EffectDecision { seat, .. }
            | Phase::Complot { seat }
            | Phase::ComplotPayment { seat, .. }
            | Phase::FavourCandidate { seat }
            | Phase::FavourLeader { seat }
            | Phase::FavourConspirator { seat }
            | Phase::Defence { seat }
            | Phase::Stabbing { seat } => Some(seat.idx()),
        }
    }
}

/// A card face up in front of a seat during a conspiracy.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[schema(as = CaligulaPlayedCard)]
pub struct PlayedCard {
    pub seat: SeatId,
    pub kind: Kind,
    pub role: Role,
}

/// The public data of a conspiracy in progress (4.7). Per-seat lists are indexed in seat order.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[schema(as = CaligulaConspiracy)]
pub struct Conspiracy {
    /// True for the final conspiracy at the fall of the empire.
    #[serde(rename = "final")]
    pub final_conspiracy: bool,
    pub leader: Option<SeatId>,
    /// The high bid H (0 before any leader).
    pub high: u32,
    pub committed: Vec<u32>,
    /// Out of this conspiracy for good (passed while a leader existed).
    pub passed: Vec<bool>,
    /// Declined the opening (still eligible later).
    pub declined_opening: Vec<bool>,
    /// Cards played face up and not yet returned to their decks, in play order.
    pub table: Vec<PlayedCard>,
    /// Every card played in this conspiracy, in order.
    pub played: Vec<PlayedCard>,
    /// Set when the auction is over: the leader first, then in `ordo_after(leader)` order.
    pub conspirators: Vec<SeatId>,
    pub auction_over: bool,
    pub chosen_candidate: Option<Pos>,
    pub defence_count: u32,
    pub stab_count: Vec<u32>,
}

impl Conspiracy {
    pub fn new(n: usize, final_conspiracy: bool) -> Self {
        Conspiracy {
            final_conspiracy,
            leader: None,
            high: 0,
            committed: vec![0; n],
            passed: vec![false; n],
            declined_opening: vec![false; n],
            table: Vec::new(),
            played: Vec::new(),
            conspirators: Vec::new(),
            auction_over: false,
            chosen_candidate: None,
            defence_count: 0,
            stab_count: vec![0; n],
        }
    }
    pub fn is_conspirator(&self, seat: Seat) -> bool {
        self.conspirators.iter().any(|s| s.idx() == seat)
    }
}

// ---------------------------------------------------------------------------------------------------------------
// Actions

/// A player's decision. Every decision of the conspiracy is its own action with an explicit acting seat (the seat
/// submitting it).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(tag = "type", rename_all = "snake_case", deny_unknown_fields)]
#[schema(as = CaligulaAction, example = json!({"type": "place_token", "value": 3, "suit": "nobiles", "position": 2}))]
pub enum Action {
    /// Place one SPQR token from the supply, face down, in the leftmost free usable slot of a face-up Civitas card.
    PlaceToken {
        /// A value from the actor's supply (-1 to 6).
        #[schema(example = 3)]
        value: i8,
        suit: Suit,
        /// 1 or 2.
        #[schema(example = 2)]
        position: u8,
    },
    /// Answer the pending effect step: `apply`, `skip`, `first`, `second`, `none`, a kind (`con`, ...), a deck
    /// (`coniura`, `pugio`), a candidate position (`a`, `b`), a Favor place (`supply`, `emperor`, `a`, `b`), a seat
    /// id (STEAL) or `plus` / `minus` (LIFE).
    EffectChoice {
        #[schema(example = "apply")]
        option: String,
    },
    /// Decline the opening (still eligible later), or leave the auction for good once a leader exists.
    ComplotPass,
    /// Match the high bid H: owes H minus the cards already committed.
    ComplotAccept,
    /// Become the leader with a new high bid `total` (> H); owes `total` minus the cards already committed.
    ComplotRaise {
        #[schema(example = 2)]
        total: u32,
    },
    /// Pay one owed card with a Coniura symbol (`con`, `con_dual`, `pug_dual`).
    PayConiura { kind: Kind },
    /// The leader picks the candidate (`a` or `b`).
    ChooseCandidate { candidate: Pos },
    /// The leader places his Favor token.
    LeaderFavour { target: LeaderTarget },
    /// Another conspirator places his Favor token, or keeps it where it is.
    ConspiratorFavour { target: ConspiratorTarget },
    /// A non-participant defends the emperor with one Pugio-symbol card (`pug`, `pug_dual`, `con_dual`).
    Defend { kind: Kind },
    /// A non-participant does not defend.
    DefendPass,
    /// A conspirator stabs with one Pugio-symbol card (`pug`, `pug_dual`, `con_dual`).
    Stab { kind: Kind },
    /// A conspirator stops stabbing.
    StabDone,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
#[schema(as = CaligulaLeaderTarget)]
pub enum LeaderTarget {
    Candidate,
    Emperor,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
#[schema(as = CaligulaConspiratorTarget)]
pub enum ConspiratorTarget {
    Stay,
    Candidate,
    Emperor,
}

// ---------------------------------------------------------------------------------------------------------------
// Events

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[schema(as = CaligulaSeatOrdo)]
pub struct SeatOrdo {
    pub seat: SeatId,
    pub ordo: u8,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[schema(as = CaligulaRevealedToken)]
pub struct RevealedToken {
    pub slot: usize,
    pub owner: SeatId,
    pub value: i8,
    /// False when the owner no longer owns that value (LOSE56): the token is set aside instead of returning.
    pub returned: bool,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[schema(as = CaligulaSeatTotal)]
pub struct SeatTotal {
    pub seat: SeatId,
    pub total: i32,
    pub first_slot: usize,
    pub tokens: usize,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[schema(as = CaligulaConcerned)]
pub struct Concerned {
    pub seat: SeatId,
    pub instances: usize,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[schema(as = CaligulaCandidateReplaced)]
pub struct CandidateReplaced {
    pub position: Pos,
    pub old: String,
    pub new: String,
    /// Seats whose Favor tokens returned to their supplies.
    pub returned_favours: Vec<SeatId>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[schema(as = CaligulaScore)]
pub struct Score {
    pub vp: u32,
    pub conspiracy_points: u32,
    pub total: u32,
    pub pip: bool,
    /// Coniura/Pugio cards in hand at game end (D30).
    pub cards: u32,
}

/// The result (section 8).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[schema(as = CaligulaOutcome)]
pub struct CaligulaOutcome {
    /// By seat id.
    pub scores: BTreeMap<String, Score>,
    /// Every seat by the ranking key (total, PIP, conspiracy points, cards), best first.
    pub ranking: Vec<SeatId>,
    pub winners: Vec<SeatId>,
    /// True when several seats share the win.
    pub draw: bool,
}

/// Everything that happens. Private parts are optional fields that redaction removes.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(tag = "type", rename_all = "snake_case")]
#[schema(as = CaligulaEvent)]
pub enum Event {
    /// [chance] The Coniura and Pugio decks are shuffled (orders never shown, only sizes).
    DecksShuffled {
        #[serde(default, skip_serializing_if = "Option::is_none")]
        coniura: Option<Vec<Kind>>,
        coniura_size: usize,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pugio: Option<Vec<Kind>>,
        pugio_size: usize,
    },
    /// [chance] A suit is shuffled and its first two cards are turned face up.
    CivitasDealt {
        suit: Suit,
        position_1: String,
        position_2: String,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        deck: Option<Vec<String>>,
        deck_size: usize,
    },
    /// [chance] The Augustus deck is built and shuffled and the two candidates drawn.
    AugustusDealt {
        emperor: String,
        removed: Vec<String>,
        candidate_a: String,
        candidate_b: String,
        /// The deck's cards as an unordered (sorted) set: public.
        deck_contents: Vec<String>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        deck: Option<Vec<String>>,
    },
    /// [chance] The Sequentia row (positions 1..6).
    SequentiaRow {
        row: Vec<String>,
    },
    /// [chance] The Ordo cards are dealt.
    OrdoDealt {
        ordo: Vec<SeatOrdo>,
    },
    /// The game now waits for this decision.
    Awaiting {
        phase: Phase,
    },
    /// A token is placed face down; its value is never shown, not even to its owner.
    TokenPlaced {
        seat: SeatId,
        card: String,
        suit: Suit,
        position: u8,
        slot: usize,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        value: Option<i8>,
    },
    PlacementEnded {
        round: u32,
    },
    /// The Sequentia token moves to row position `index` (0-based).
    SequentiaStarted {
        index: usize,
        card: String,
    },
    /// A Civitas card resolves: all its tokens are revealed and returned.
    TokensRevealed {
        card: String,
        suit: Suit,
        suit_index: usize,
        card_type: CardType,
        value: i32,
        mode: Mode,
        tokens: Vec<RevealedToken>,
        totals: Vec<SeatTotal>,
        concerned: Vec<Concerned>,
    },
    /// One effect step was applied, skipped or found without effect, with its visible outcome.
    EffectStep {
        seat: SeatId,
        card: String,
        op: String,
        option: String,
        automatic: bool,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        alternative: Option<u8>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        vp_change: Option<i32>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        spqr_gained: Option<i8>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        spqr_lost: Option<i8>,
        /// ORDO1: the seat that received the actor's former Ordo card.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        ordo_swapped_with: Option<SeatId>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        favour_to: Option<FavourAt>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        candidate_replaced: Option<CandidateReplaced>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        life_change: Option<i32>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pip_taken: Option<bool>,
    },
    /// Cards drawn: the deck and count are public, the kinds only for the drawer.
    CardDrawn {
        seat: SeatId,
        deck: Deck,
        count: usize,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        kinds: Option<Vec<Kind>>,
    },
    /// A discarded card (public), placed under its deck.
    CardDiscarded {
        seat: SeatId,
        kind: Kind,
        deck: Deck,
    },
    /// STEAL: the kind is seen by thief and victim only.
    CardStolen {
        thief: SeatId,
        victim: SeatId,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        kind: Option<Kind>,
    },
    /// The resolved card leaves the game; position 2 moves to 1 and a new card is turned up.
    CivitasShifted {
        suit: Suit,
        removed: String,
        position_1: Option<String>,
        position_2: Option<String>,
    },
    SequentiaExtra {
        extra: Extra,
        /// pass_ordo_left: the new Ordo cards.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        ordo: Option<Vec<SeatOrdo>>,
    },
    ConspiracyOpened {
        #[serde(rename = "final")]
        final_conspiracy: bool,
    },
    ConspiracyDeclined {
        seat: SeatId,
        automatic: bool,
    },
    ConspiracyPassed {
        seat: SeatId,
        automatic: bool,
    },
    ConspiracyAccepted {
        seat: SeatId,
        owed: u32,
    },
    ConspiracyRaised {
        seat: SeatId,
        total: u32,
        owed: u32,
    },
    /// A card played face up (bid, defence or stab).
    CardPlayed {
        seat: SeatId,
        kind: Kind,
        role: Role,
    },
    /// Nobody opened: no conspiracy.
    ConspiracyAbandoned {},
    /// The auction is over; the committed cards go under their decks in play order.
    ConspiracyFormed {
        leader: SeatId,
        high: u32,
        conspirators: Vec<SeatId>,
        non_participants: Vec<SeatId>,
        returned: Vec<Kind>,
    },
    CandidateChosen {
        position: Pos,
        candidate: String,
        automatic: bool,
    },
    /// A Favor token moved (from == to: it stayed).
    FavourMoved {
        seat: SeatId,
        from: FavourAt,
        to: FavourAt,
        automatic: bool,
    },
    DefencePassed {
        seat: SeatId,
        automatic: bool,
    },
    StabDone {
        seat: SeatId,
        automatic: bool,
    },
    EmperorDied {
        emperor: String,
        life: i32,
        stabs: u32,
        returned_favours: Vec<SeatId>,
        /// The new emperor (normal conspiracy only).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        new_emperor: Option<String>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        vacated: Option<Pos>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        new_candidate: Option<String>,
        leader: SeatId,
        /// Conspirators who stabbed at least once (+1 VP each).
        stabbers: Vec<SeatId>,
        returned: Vec<Kind>,
    },
    EmperorSurvived {
        emperor: String,
        life: i32,
        stabs: u32,
        returned_favours: Vec<SeatId>,
        returned: Vec<Kind>,
    },
    RoundEndPayment {
        emperor: String,
        vp: u32,
        paid: Vec<SeatId>,
    },
    RoundEnded {
        round: u32,
        next_round: bool,
    },
    EmpireFell {
        returned_favours: Vec<SeatId>,
    },
    GameOver {
        result: CaligulaOutcome,
    },
}

// ---------------------------------------------------------------------------------------------------------------
// Views

#[derive(Clone, Debug, Serialize, ToSchema)]
#[schema(as = CaligulaPlacedToken)]
pub struct PlacedView {
    pub slot: usize,
    pub owner: SeatId,
}

#[derive(Clone, Debug, Serialize, ToSchema)]
#[schema(as = CaligulaCivitasCard)]
pub struct CivitasView {
    /// The card id; its printed data (effect text, slots profile) is in the title's map.
    pub id: &'static str,
    pub card_type: CardType,
    pub value: i32,
    pub usable_slots: usize,
    /// Face-down tokens: owner and slot only, never the value.
    pub tokens: Vec<PlacedView>,
}

#[derive(Clone, Debug, Serialize, ToSchema)]
#[schema(as = CaligulaSuitRow)]
pub struct SuitView {
    pub suit: Suit,
    pub position_1: Option<CivitasView>,
    pub position_2: Option<CivitasView>,
    pub deck_size: usize,
}

#[derive(Clone, Debug, Serialize, ToSchema)]
#[schema(as = CaligulaAugustusCard)]
pub struct AugustusView {
    pub id: &'static str,
    pub life: i32,
    pub vp: u32,
    pub slots: usize,
    pub favours: Vec<SeatId>,
}

#[derive(Clone, Debug, Serialize, ToSchema)]
#[schema(as = CaligulaSeatView)]
pub struct SeatView {
    pub seat: SeatId,
    pub ordo: u8,
    pub vp: u32,
    pub conspiracy_points: u32,
    pub pip: bool,
    /// Owned SPQR values (public).
    pub owned_spqr: Vec<i8>,
    pub supply_count: usize,
    pub placed_count: usize,
    pub hand_count: u32,
    pub favour: FavourAt,
}

#[derive(Clone, Debug, Serialize, ToSchema)]
#[schema(as = CaligulaHand)]
pub struct HandView {
    pub con: u32,
    pub con_dual: u32,
    pub pug: u32,
    pub pug_dual: u32,
}

/// What only the viewing seat may know.
#[derive(Clone, Debug, Serialize, ToSchema)]
#[schema(as = CaligulaPrivate)]
pub struct PrivateView {
    pub seat: SeatId,
    /// The values in the own supply.
    pub supply: Vec<i8>,
    pub hand: HandView,
}

#[derive(Clone, Debug, Serialize, ToSchema)]
#[schema(as = CaligulaResolution)]
pub struct ResolutionView {
    pub card: String,
    pub suit: Suit,
    pub mode: Mode,
    /// One seat per effect instance, in processing order.
    pub queue: Vec<SeatId>,
}

#[derive(Clone, Debug, Serialize, ToSchema)]
#[schema(as = CaligulaPendingEffect)]
pub struct PendingEffectView {
    pub seat: SeatId,
    pub card: String,
    pub text: String,
    /// The op to decide (`either` for an undecided two-effect step).
    pub op: String,
    pub cursor: EffectCursor,
}

/// The game as one viewer may see it.
#[derive(Clone, Debug, Serialize, ToSchema)]
#[schema(as = CaligulaView)]
pub struct CaligulaView {
    /// The viewing seat (absent for a spectator).
    pub viewer: Option<SeatId>,
    pub players: usize,
    /// Substitute card data in use (the printed cards could not be obtained).
    pub substitute_data: bool,
    pub phase: Phase,
    pub to_act: Vec<SeatId>,
    pub round: u32,
    pub sequentia_row: Vec<String>,
    pub sequentia_index: usize,
    pub suit_index: usize,
    pub civitas: Vec<SuitView>,
    pub emperor: AugustusView,
    pub candidate_a: Option<AugustusView>,
    pub candidate_b: Option<AugustusView>,
    pub augustus_deck_size: usize,
    /// The Augustus deck as an unordered (sorted) set.
    pub augustus_deck_contents: Vec<String>,
    pub life_modifier: i32,
    pub conspiracy_blocked: bool,
    pub fallen: bool,
    pub coniura_deck_size: usize,
    pub pugio_deck_size: usize,
    pub pip_holder: Option<SeatId>,
    pub seats: Vec<SeatView>,
    pub resolution: Option<ResolutionView>,
    pub pending_effect: Option<PendingEffectView>,
    pub conspiracy: Option<Conspiracy>,
    /// Present for a seat's own view only.
    pub private: Option<PrivateView>,
    pub result: Option<CaligulaOutcome>,
}

/// Caligula has no options.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields, default)]
#[schema(as = CaligulaOptions)]
pub struct CaligulaOptions {}
