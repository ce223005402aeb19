//! The events of spec 9 (event table), with the step events of README decision 1, and the small types they carry.

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::card::OwnedCard;
use super::face::Face;
use super::ids::{Card, Group, ManipulationKind, SeatId};
use super::outcome::{Outcome, SeatNumbers};
use super::pile::Pile;
use super::value::InfluenceValue;

/// Turn mode chosen at `turn_start`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
#[schema(as = CcMode)]
pub enum Mode {
    Active,
    Passive,
}

/// Where a discarded card came from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
#[schema(as = CcOrigin)]
pub enum Origin {
    Hand,
    Board,
    Play,
}

/// Why a seat owes draws.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
#[schema(as = CcDrawReason)]
pub enum DrawReason {
    Refill,
    Passive,
    Veto,
    Spy,
    Window,
}

/// Why face-down cards were turned face up.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
#[schema(as = CcRevealCause)]
pub enum RevealCause {
    Vote,
    Scout,
}

/// Regular (vote card) or extraordinary (8 cards) vote.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
#[schema(as = CcVoteKind)]
pub enum VoteKind {
    Regular,
    Extraordinary,
}

/// Whether a vote was decided.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
#[schema(as = CcVoteOutcome)]
pub enum VoteOutcome {
    Won,
    Postponed,
}

/// A count of cards per seat at one group.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[schema(as = CcGroupSeatCounts)]
pub struct GroupSeatCounts {
    pub group: Group,
    pub cleopatra: u32,
    pub caesar: u32,
}

/// A count of cards at one group.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[schema(as = CcGroupCount)]
pub struct GroupCount {
    pub group: Group,
    pub count: u32,
}

/// The mission card of each seat (revealed at game over, D24).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[schema(as = CcMissionCards)]
pub struct MissionCards {
    pub cleopatra: Card,
    pub caesar: Card,
}

/// One thing that happened. Fields marked "private" are present only for the viewer allowed to see them;
/// shuffle orders are present only in the stored log and never shown to any viewer.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(tag = "type", rename_all = "snake_case")]
#[schema(as = CaesarCleopatraEvent)]
pub enum Event {
    /// The vote deck was shuffled.
    VoteDeckShuffled {
        size: u32,
        /// Never shown to any viewer.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        order: Option<Vec<Card>>,
    },
    /// A seat's pile 1 was shuffled.
    Pile1Shuffled {
        seat: SeatId,
        size: u32,
        /// Never shown to any viewer.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        order: Option<Vec<Card>>,
    },
    /// A seat's pile 2 was shuffled (option `shuffled`).
    Pile2Shuffled {
        seat: SeatId,
        size: u32,
        /// Never shown to any viewer.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        order: Option<Vec<Card>>,
    },
    /// Phase `setup_arrange` begins.
    ArrangeStarted,
    /// A seat put one more card at the bottom of its pile 2.
    ManipulationStacked {
        seat: SeatId,
        stacked: u32,
        /// Private (that seat).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        card: Option<OwnedCard>,
    },
    /// The six missions were shuffled.
    MissionsShuffled {
        size: u32,
        /// Never shown to any viewer.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        order: Option<Vec<Card>>,
    },
    /// A seat received its secret mission.
    MissionDealt {
        seat: SeatId,
        /// Private (that seat).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        mission: Option<Card>,
    },
    /// Phase `setup_place` begins.
    PlacementStarted,
    /// A seat placed one of its initial cards face down.
    InitialCardPlaced {
        seat: SeatId,
        placed: u32,
        /// Private (that seat).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        card: Option<OwnedCard>,
        /// Private (that seat).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        group: Option<Group>,
    },
    /// Both seats placed their initial cards; the copy-2 cards become the hands.
    InitialPlacementDone { face_down: Vec<GroupSeatCounts> },
    /// A turn begins.
    TurnStarted { turn: u32, seat: SeatId },
    /// The active seat chose to be active or passive.
    ModeChosen { seat: SeatId, mode: Mode },
    /// A card went to its owner's discard pile, face up.
    CardDiscarded {
        seat: SeatId,
        origin: Origin,
        card: Face,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        group: Option<Group>,
        /// Private (owner).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        id: Option<Card>,
    },
    /// An influence card was placed at a group.
    InfluencePlaced {
        seat: SeatId,
        group: Group,
        face_up: bool,
        /// Public when face up; private (owner) when face down.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        value: Option<InfluenceValue>,
        /// Private (owner).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        id: Option<Card>,
    },
    /// A seat owes draws.
    DrawOwed {
        seat: SeatId,
        count: u32,
        reason: DrawReason,
    },
    /// The head owed draw needs the seat's choice of pile (phase `draw`).
    DrawPending { seat: SeatId },
    /// A seat drew the top card of a pile.
    CardDrawn {
        seat: SeatId,
        pile: Pile,
        /// True when the draw was forced because only one pile had cards.
        automatic: bool,
        /// Private (drawer).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        card: Option<OwnedCard>,
    },
    /// Owed draws lapsed because both piles are empty.
    DrawLapsed { seat: SeatId, count: u32 },
    /// A manipulation card was played (it lies on the table until resolved).
    ManipulationPlayed {
        seat: SeatId,
        card: ManipulationKind,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        group: Option<Group>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        target: Option<InfluenceValue>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        groups: Option<Vec<Group>>,
        /// Private (owner).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        id: Option<Card>,
    },
    /// The opponent must allow or veto (phase `reaction`).
    ReactionOffered { seat: SeatId },
    /// The opponent answered.
    Reacted { seat: SeatId, vetoed: bool },
    /// The spying seat saw the victim's hand (phase `spy_pick`).
    HandSpied {
        seat: SeatId,
        /// Private (spying seat): the victim's hand, as faces, sorted.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        hand: Option<Vec<Face>>,
    },
    /// A Castling took the seat's cards at two groups into its pool (phase `castling`).
    CastlingPoolFormed {
        seat: SeatId,
        groups: Vec<Group>,
        taken: Vec<GroupCount>,
        /// Private (owner).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pool: Option<Vec<OwnedCard>>,
    },
    /// One pool card was put back face down.
    CastlingCardPlaced {
        seat: SeatId,
        left: u32,
        /// Private (owner).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        card: Option<OwnedCard>,
        /// Private (owner).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        group: Option<Group>,
    },
    /// The Castling pool is empty; the new face-down counts at the two groups.
    CastlingDone { seat: SeatId, face_down: Vec<GroupCount> },
    /// Phase `main` resumes after a manipulation or a draw.
    MainResumed { seat: SeatId },
    /// The active seat ended `main`.
    MainEnded { seat: SeatId },
    /// Face-down cards of one seat at a group were turned face up.
    CardsRevealed {
        group: Group,
        seat: SeatId,
        values: Vec<InfluenceValue>,
        cause: RevealCause,
    },
    /// A group holding 8 cards gets an extraordinary vote.
    ExtraordinaryVoteStarted { group: Group },
    /// The active seat may play a manipulation before the comparison (phase `vote_window`).
    VoteWindowOpened { seat: SeatId, group: Group },
    /// The active seat let the extraordinary vote proceed.
    VoteContinued { seat: SeatId },
    /// A vote was compared.
    VoteResolved {
        group: Group,
        kind: VoteKind,
        sums: SeatNumbers,
        philosophers: SeatNumbers,
        outcome: VoteOutcome,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        winner: Option<SeatId>,
    },
    /// A seat won a patrician.
    PatricianWon {
        seat: SeatId,
        group: Group,
        patrician: Card,
    },
    /// A group has no patricians left.
    GroupClosed { group: Group },
    /// The top vote card was revealed.
    VoteCardDrawn { card: Card },
    /// The revealed vote card names a closed group and leaves the game.
    VoteCardRemoved { card: Card },
    /// The revealed vote card went to the vote discard.
    VoteCardDiscarded { card: Card },
    /// `orgy_reshuffle`: deck, discard and this card were shuffled into a new deck.
    VoteDeckReshuffled {
        size: u32,
        /// Never shown to any viewer.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        order: Option<Vec<Card>>,
    },
    /// One seat is exhausted; the other plays on alone.
    SoloModeStarted { survivor: SeatId },
    /// The game is over.
    GameOver { result: Outcome, missions: MissionCards },
}

/// The families of events, each a part of the game: `evolve` folds them and `describe` tells them family by family.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Family {
    Setup,
    Turn,
    Manipulation,
    Castling,
    Vote,
    VoteCards,
}

impl Event {
    /// The family the event belongs to.
    pub fn family(&self) -> Family {
        match self {
            Self::VoteDeckShuffled { .. }
            | Self::Pile1Shuffled { .. }
            | Self::Pile2Shuffled { .. }
            | Self::ArrangeStarted
            | Self::ManipulationStacked { .. }
            | Self::MissionsShuffled { .. }
            | Self::MissionDealt { .. }
            | Self::PlacementStarted
            | Self::InitialCardPlaced { .. }
            | Self::InitialPlacementDone { .. } => Family::Setup,
            Self::TurnStarted { .. }
            | Self::ModeChosen { .. }
            | Self::CardDiscarded { .. }
            | Self::InfluencePlaced { .. }
            | Self::DrawOwed { .. }
            | Self::DrawPending { .. }
            | Self::CardDrawn { .. }
            | Self::DrawLapsed { .. }
            | Self::MainResumed { .. }
            | Self::MainEnded { .. } => Family::Turn,
            Self::ManipulationPlayed { .. }
            | Self::ReactionOffered { .. }
            | Self::Reacted { .. }
            | Self::HandSpied { .. } => Family::Manipulation,
            Self::CastlingPoolFormed { .. } | Self::CastlingCardPlaced { .. } | Self::CastlingDone { .. } => {
                Family::Castling
            }
            Self::CardsRevealed { .. }
            | Self::ExtraordinaryVoteStarted { .. }
            | Self::VoteWindowOpened { .. }
            | Self::VoteContinued { .. }
            | Self::VoteResolved { .. }
            | Self::PatricianWon { .. }
            | Self::GroupClosed { .. } => Family::Vote,
            Self::VoteCardDrawn { .. }
            | Self::VoteCardRemoved { .. }
            | Self::VoteCardDiscarded { .. }
            | Self::VoteDeckReshuffled { .. }
            | Self::SoloModeStarted { .. }
            | Self::GameOver { .. } => Family::VoteCards,
        }
    }
}
