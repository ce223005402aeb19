//! Everything that happens in a game (schema `CaligulaEvent`), with the records some events carry. Private parts are
//! optional fields that redaction removes (`redact.rs`).

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::ids::{CardType, Deck, Extra, FavourAt, Kind, Mode, Pos, Role, SeatId, Suit};
use super::outcome::Outcome;
use super::phase::Phase;

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
        result: Outcome,
    },
}

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
