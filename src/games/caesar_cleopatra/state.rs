//! The full game state (all zones, hidden ones included) and the derived quantities of spec 2.6.

use tinyvec::ArrayVec;

use super::data::data;
use super::face::Face;
use super::ids::{Card, Group, ManipulationKind, Phase, Placement};
use super::options::Options;
use super::outcome::Outcome;
use super::value::InfluenceValue;

/// One influence card at a group, face up or down.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Slot {
    pub card: Card,
    pub up: bool,
}

/// A slot is found by its card.
impl PartialEq<Card> for Slot {
    fn eq(&self, card: &Card) -> bool {
        self.card == *card
    }
}

// The zones are inline lists, so that the copy of the state `decide` works on costs no allocation. Capacities:
/// A list of one seat's cards: a seat holds only its own 50 cards (spec 2) and won patricians (21 in all).
pub const SEAT_CARDS: usize = 50;
/// One seat's cards at one group: at most `limits.side_per_group` (5).
pub const SIDE_CARDS: usize = 5;
/// The patricians of one group (5 at most), the vote cards (8), the missions (6).
pub const GROUP_PATRICIANS: usize = 5;
pub const VOTE_CARDS: usize = 8;
pub const MISSIONS: usize = 6;

pub type SeatCards = ArrayVec<[Card; SEAT_CARDS]>;

/// Everything one seat owns.
#[derive(Clone, Debug, Default, serde::Serialize, serde::Deserialize)]
pub struct SeatState {
    pub hand: SeatCards,
    /// Top first.
    pub pile1: SeatCards,
    /// Top first.
    pub pile2: SeatCards,
    /// Arranged mode: manipulation cards not yet stacked.
    pub unstacked: SeatCards,
    /// Copy-1 cards not yet placed at setup.
    pub aside_place: SeatCards,
    /// Copy-2 cards, taken into the hand when the initial placement is done.
    pub aside_hand: SeatCards,
    pub discard: SeatCards,
    pub mission: Option<Card>,
    pub won: SeatCards,
    /// Cards at each group, indexed by `Group::index`.
    pub sides: [ArrayVec<[Slot; SIDE_CARDS]>; 5],
    /// Castling pool.
    pub pool: SeatCards,
}

/// Parameters of a played manipulation.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct ManipulationParams {
    pub group: Option<Group>,
    pub target: Option<InfluenceValue>,
    pub groups: Option<[Group; 2]>,
}

/// A manipulation card on the table, being resolved.
#[derive(Clone, Debug, serde::Serialize, serde::Deserialize)]
pub struct Pending {
    pub seat: usize,
    pub card: Card,
    pub kind: ManipulationKind,
    pub params: ManipulationParams,
}

/// What the automatic flow does once the owed draws are settled.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum Continuation {
    /// Nothing scheduled (waiting at turn start, in setup, or game over).
    None,
    /// Back to phase `main`.
    Main,
    /// Turn end (after a passive turn).
    TurnEnd,
    /// Extraordinary-vote checks from this group index on, then the vote card and the turn end.
    ExtraFrom(usize),
    /// Compare and apply the extraordinary vote at this group.
    Compare(Group),
}

/// The complete state of a game.
#[derive(Clone, Debug, serde::Serialize, serde::Deserialize)]
pub struct State {
    pub options: Options,
    pub phase: Phase,
    pub turn: u32,
    pub active: usize,
    pub placement: Placement,
    pub manip_used: bool,
    /// FIFO of (seat, count).
    pub owed: Vec<(usize, u32)>,
    pub solo: Option<usize>,
    pub counter: u32,
    pub castling_groups: Option<[Group; 2]>,
    pub cont: Continuation,
    pub pending: Option<Pending>,
    pub seats: [SeatState; 2],
    /// Patricians not yet won, lowest number first.
    pub stacks: [ArrayVec<[Card; GROUP_PATRICIANS]>; 5],
    /// Top first.
    pub vote_deck: ArrayVec<[Card; VOTE_CARDS]>,
    /// The vote card just revealed, until it is discarded or removed.
    pub vote_current: Option<Card>,
    pub vote_discard: ArrayVec<[Card; VOTE_CARDS]>,
    pub vote_removed: ArrayVec<[Card; VOTE_CARDS]>,
    /// Missions before the deal; after it, the boxed missions.
    pub mission_deck: ArrayVec<[Card; MISSIONS]>,
    pub result: Option<Outcome>,
}

/// The other seat.
pub fn opponent(seat: usize) -> usize {
    1 - seat
}

impl State {
    /// The state before any chance event (spec 3, steps 1 and 3).
    pub fn initial(options: &Options) -> State {
        let data = data();
        let seats = [0, 1].map(|seat| SeatState {
            pile1: data.pile1[seat].iter().copied().collect(),
            unstacked: data.manipulation[seat].iter().copied().collect(),
            aside_place: data.initial_placement[seat].iter().copied().collect(),
            aside_hand: data.initial_hand[seat].iter().copied().collect(),
            ..SeatState::default()
        });
        State {
            options: options.clone(),
            phase: Phase::Setup,
            turn: 0,
            active: 0,
            placement: Placement::None,
            manip_used: false,
            owed: Vec::new(),
            solo: None,
            counter: 0,
            castling_groups: None,
            cont: Continuation::None,
            pending: None,
            seats,
            stacks: data.patricians.each_ref().map(|cards| cards.iter().copied().collect()),
            vote_deck: data.vote_cards.iter().copied().collect(),
            vote_current: None,
            vote_discard: ArrayVec::new(),
            vote_removed: ArrayVec::new(),
            mission_deck: data.missions.iter().copied().collect(),
            result: None,
        }
    }

    // The derived quantities of spec 2.6, under its names.

    /// A group is open while it has patricians left.
    pub fn open(&self, group: Group) -> bool {
        !self.stacks[group.index()].is_empty()
    }

    pub fn own(&self, seat: usize, group: Group) -> usize {
        self.seats[seat].sides[group.index()].len()
    }

    pub fn total(&self, group: Group) -> usize {
        self.own(0, group) + self.own(1, group)
    }

    pub fn spot(&self, seat: usize, group: Group) -> bool {
        let limits = data().limits;
        self.open(group) && self.own(seat, group) < limits.side_per_group && self.total(group) < limits.group_total
    }

    pub fn has_spot(&self, seat: usize) -> bool {
        Group::ALL.into_iter().any(|group| self.spot(seat, group))
    }

    /// Influence cards in the seat's hand.
    pub fn infl(&self, seat: usize) -> usize {
        let data = data();
        self.seats[seat]
            .hand
            .iter()
            .filter(|&&card| data.value(card).is_some())
            .count()
    }

    /// Manipulation cards in the seat's hand.
    pub fn manip(&self, seat: usize) -> usize {
        self.seats[seat].hand.len() - self.infl(seat)
    }

    pub fn exhausted(&self, seat: usize) -> bool {
        self.infl(seat) == 0 && self.seats[seat].pile1.is_empty()
    }

    pub fn any_open(&self) -> bool {
        Group::ALL.into_iter().any(|group| self.open(group))
    }

    /// The smallest-id card in `cards` with this face (D2).
    pub fn find_face(cards: &[Card], face: Face) -> Option<Card> {
        let data = data();
        cards
            .iter()
            .copied()
            .filter(|&card| data.face(card) == Some(face))
            .min()
    }

    pub fn hand_card(&self, seat: usize, face: Face) -> Option<Card> {
        Self::find_face(&self.seats[seat].hand, face)
    }

    /// The smallest-id card at a side with this value, optionally only face-up ones.
    pub fn side_card(&self, seat: usize, group: Group, value: InfluenceValue, only_up: bool) -> Option<Card> {
        let data = data();
        self.seats[seat].sides[group.index()]
            .iter()
            .filter(|slot| (slot.up || !only_up) && data.value(slot.card) == Some(value))
            .map(|slot| slot.card)
            .min()
    }

    /// Distinct faces among cards, in display order (values 1..5, P, then kinds).
    pub fn distinct_faces(cards: &[Card]) -> Vec<Face> {
        let data = data();
        let mut faces: Vec<Face> = cards.iter().filter_map(|&card| data.face(card)).collect();
        faces.sort();
        faces.dedup();
        faces
    }

    /// The group of the extraordinary vote in progress (spec's `vote_context`).
    pub fn vote_context(&self) -> Option<Group> {
        match self.cont {
            Continuation::Compare(group) => Some(group),
            _ => None,
        }
    }

    /// Manipulation cards stacked so far (setup progress).
    pub fn stacked(&self, seat: usize) -> usize {
        data().manipulation[seat].len() - self.seats[seat].unstacked.len()
    }

    /// Initial cards placed so far (setup progress).
    pub fn placed(&self, seat: usize) -> usize {
        data().initial_placement[seat].len() - self.seats[seat].aside_place.len()
    }

    /// Cards already put back by the Castling in progress: all the castling seat's cards at its two groups.
    pub fn castle_placed(&self) -> usize {
        match (&self.pending, self.castling_groups) {
            (Some(pending), Some(groups)) => groups.iter().map(|&group| self.own(pending.seat, group)).sum(),
            _ => 0,
        }
    }

    /// The seat at the head of the owed draws.
    pub fn owed_head(&self) -> Option<(usize, u32)> {
        self.owed.first().copied()
    }
}
