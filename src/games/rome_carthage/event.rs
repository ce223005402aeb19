//! The events of the log: every change of the state, chance outcomes included, with the private parts that `redact`
//! hides from the viewers who may not know them.

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::card::{Card, Rank};
use super::city::CityId;
use super::ids::{SeatId, Side, SpecialId, StateId, TeamId};
use super::outcome::Outcome;
use super::piece::Piece;

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

/// A log event. Private parts (`cards`, `ranks`, `card`, `rank`, `order`) are present only for the viewers allowed to
/// know them (spec section 9); a talon order is never shown to anyone.
#[derive(Clone, Debug, Serialize, Deserialize, ToSchema)]
#[serde(tag = "type", rename_all = "snake_case")]
#[schema(as = RomeCarthageEvent)]
pub enum Event {
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
        result: Outcome,
    },
}

/// The families of events, each a part of the game: `evolve` folds them and `describe` tells them family by family.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Family {
    Setup,
    Turns,
    Moves,
    Combat,
}

impl Event {
    /// The family the event belongs to.
    pub fn family(&self) -> Family {
        match self {
            Self::TeamsDrawn { .. }
            | Self::StatesAssigned { .. }
            | Self::HandDealt { .. }
            | Self::QueensRemoved { .. }
            | Self::TalonShuffled { .. }
            | Self::StartingCard { .. }
            | Self::TurnOrderFixed { .. }
            | Self::TalonsSplit { .. }
            | Self::SpecialsDealt { .. }
            | Self::SpecialChoiceOpened { .. }
            | Self::TalonsRefilled { .. } => Family::Setup,
            Self::PlacementTurnStarted { .. }
            | Self::PiecePlaced { .. }
            | Self::TurnStarted { .. }
            | Self::TalonReformed { .. }
            | Self::CardDrawn { .. }
            | Self::DrawSkipped { .. }
            | Self::DrawOffered { .. }
            | Self::DrawAccepted { .. }
            | Self::DrawDeclined { .. }
            | Self::MovesEnded { .. }
            | Self::SeatEliminated { .. }
            | Self::SiegeEstablished { .. }
            | Self::SiegeBroken { .. }
            | Self::SiegeWitnessed { .. }
            | Self::TurnEnded { .. }
            | Self::GameOver { .. } => Family::Turns,
            Self::PieceMoved { .. }
            | Self::MercenariesMoved { .. }
            | Self::ForcedMarchPaid { .. }
            | Self::BetrayalPlayed { .. }
            | Self::SeditionPlayed { .. } => Family::Moves,
            Self::CombatStarted { .. }
            | Self::BaseCommitted { .. }
            | Self::BasesRevealed { .. }
            | Self::DoubleSpy { .. }
            | Self::SpyDeclined { .. }
            | Self::SpyDeclared { .. }
            | Self::SpyBaseChosen { .. }
            | Self::CombatTied { .. }
            | Self::ExtraAdded { .. }
            | Self::ExtrasRevealed { .. }
            | Self::CombatResolved { .. } => Family::Combat,
        }
    }
}
