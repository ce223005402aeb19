//! The complete state of a Caligula game (secrets included): the state before setup, its inline capacities (checked
//! once against the tables) and its read-only queries.

use std::sync::Once;

use tinyvec::ArrayVec;

use super::conspiracy::Conspiracy;
use super::data::{DATA, Data};
use super::ids::{Deck, FavourAt, Kind, Mode, Suit};
use super::outcome::Outcome;
use super::phase::Phase;
use crate::engine::Seat;

/// A face-down SPQR token on a card (index in `tokens` = slot - 1).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Placed {
    pub owner: Seat,
    pub value: i8,
}

#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct FaceUp {
    pub card: usize,
    pub tokens: ArrayVec<[Placed; CARD_SLOTS]>,
}

#[derive(Clone, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct SuitRow {
    /// Positions 1 and 2.
    pub pos: [Option<FaceUp>; 2],
    /// Face-down suit deck, top first.
    pub deck: ArrayVec<[usize; SUIT_CARDS]>,
}

// The zones are inline lists, so that the copy of the state `decide` works on costs no allocation. Capacities (checked
// against the tables by `assert_capacities`):
/// Tokens on one Civitas card: at most its usable slots, 5 at most (slot profiles).
pub const CARD_SLOTS: usize = 5;
/// A suit's face-down deck: 11 Civitas cards per suit.
pub const SUIT_CARDS: usize = 11;
/// The Coniura deck holds at most its 20 cards, the Pugio deck its 14.
pub const DECK_CARDS: usize = 20;
/// The Augustus deck holds at most the 10 Augustus cards.
pub const AUGUSTUS_CARDS: usize = 10;
/// Seats: 5 at most.
pub const SEATS: usize = 5;
/// Civitas cards out of the game: at most the 55 of the five suits.
pub const CIVITAS_CARDS: usize = 55;
/// The Sequentia row: the 6 Sequentia cards.
pub const SEQUENTIA_CARDS: usize = 6;
/// Effect instances of one card: one per token on it (`CARD_SLOTS`) or one per seat (`SEATS`).
pub const INSTANCES: usize = if CARD_SLOTS > SEATS { CARD_SLOTS } else { SEATS };
/// A list of seats, e.g. in Ordo order.
pub type Seats = ArrayVec<[Seat; SEATS]>;

/// SPQR value to array index (-1 → 0, ..., 6 → 7).
pub fn vi(value: i8) -> usize {
    (value + 1) as usize
}
/// Array index to SPQR value, the inverse of `vi`.
pub fn iv(index: usize) -> i8 {
    index as i8 - 1
}

#[derive(Clone, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Player {
    pub ordo: u8,
    pub vp: u32,
    pub cp: u32,
    /// Owned SPQR values (public).
    pub owned: [bool; 8],
    /// SPQR values in the supply (private).
    pub supply: [bool; 8],
    /// Cards in hand by kind (private; the total is public).
    pub hand: [u32; 4],
    pub favour: FavourAt,
}

impl Player {
    pub fn hand_count(&self) -> u32 {
        self.hand.iter().sum()
    }
    pub fn supply_count(&self) -> usize {
        self.supply.iter().filter(|&&in_supply| in_supply).count()
    }
    pub fn coniura_symbols(&self) -> u32 {
        Kind::ALL
            .iter()
            .filter(|kind| kind.coniura_symbol())
            .map(|kind| self.hand[kind.index()])
            .sum()
    }
    pub fn has(&self, kind: Kind) -> bool {
        self.hand[kind.index()] > 0
    }
    pub fn supply_values(&self) -> Vec<i8> {
        (0..8).filter(|&index| self.supply[index]).map(iv).collect()
    }
    pub fn owned_values(&self) -> Vec<i8> {
        (0..8).filter(|&index| self.owned[index]).map(iv).collect()
    }
}

/// The card being resolved and its effect-instance queue (7.1).
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Resolution {
    pub card: usize,
    pub suit: Suit,
    pub mode: Mode,
    /// One entry per instance, in processing order.
    pub queue: ArrayVec<[Seat; INSTANCES]>,
}

/// The complete game state (secrets included).
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct State {
    pub n: usize,
    pub phase: Phase,
    pub round: u32,
    pub players: ArrayVec<[Player; SEATS]>,
    /// Top first.
    pub coniura: ArrayVec<[Kind; DECK_CARDS]>,
    pub pugio: ArrayVec<[Kind; DECK_CARDS]>,
    pub suits: [SuitRow; 5],
    /// Civitas cards removed from the game.
    pub civitas_out: ArrayVec<[usize; CIVITAS_CARDS]>,
    pub emperor: usize,
    pub candidates: [Option<usize>; 2],
    /// Top first.
    pub augustus_deck: ArrayVec<[usize; AUGUSTUS_CARDS]>,
    /// Augustus cards out of the game (removed at setup, dead emperors).
    pub augustus_out: ArrayVec<[usize; AUGUSTUS_CARDS]>,
    pub sequentia_row: ArrayVec<[usize; SEQUENTIA_CARDS]>,
    pub seq_index: usize,
    pub suit_index: usize,
    pub pip: Option<Seat>,
    pub life_modifier: i32,
    pub conspiracy_blocked: bool,
    pub resolution: Option<Resolution>,
    pub conspiracy: Option<Conspiracy>,
    pub fallen: bool,
    pub result: Option<Outcome>,
}

impl State {
    /// The state before the setup events: each seat with its starting SPQR tokens and hand, the starting emperor.
    pub fn new(seat_count: usize) -> State {
        assert_capacities();
        let mut owned = [false; 8];
        for &value in &DATA.spqr_start {
            owned[vi(value)] = true;
        }
        let player = Player {
            ordo: 0,
            vp: 0,
            cp: 0,
            owned,
            supply: owned,
            hand: DATA.starting_hand,
            favour: FavourAt::Supply,
        };
        State {
            n: seat_count,
            phase: Phase::Setup,
            round: 1,
            players: (0..seat_count).map(|_| player.clone()).collect(),
            coniura: Default::default(),
            pugio: Default::default(),
            suits: Default::default(),
            civitas_out: Default::default(),
            emperor: DATA.starting_emperor(),
            candidates: [None, None],
            augustus_deck: Default::default(),
            augustus_out: Default::default(),
            sequentia_row: Default::default(),
            seq_index: 0,
            suit_index: 0,
            pip: None,
            life_modifier: 0,
            conspiracy_blocked: false,
            resolution: None,
            conspiracy: None,
            fallen: false,
            result: None,
        }
    }

    /// The seat the game waits for: the phase's, when the rest of the state fits the phase. A log cut between the
    /// events of one step (`?at=N`, a store that lost its tail) may leave the phase of the decision taken while the
    /// step went on past it: a conspiracy phase once the conspiracy is over. Nobody acts in such a state.
    pub fn acting(&self) -> Option<Seat> {
        let fits = match self.phase {
            Phase::Complot { .. }
            | Phase::ComplotPayment { .. }
            | Phase::FavourCandidate { .. }
            | Phase::FavourLeader { .. }
            | Phase::FavourConspirator { .. }
            | Phase::Defence { .. }
            | Phase::Stabbing { .. } => self.conspiracy.is_some(),
            Phase::EffectDecision { cursor, .. } => self
                .resolution
                .as_ref()
                .is_some_and(|resolution| cursor.instance < resolution.queue.len()),
            Phase::Setup | Phase::Placement { .. } | Phase::GameOver => true,
        };
        self.phase.seat().filter(|_| fits)
    }
    pub fn deck(&self, deck: Deck) -> &ArrayVec<[Kind; DECK_CARDS]> {
        match deck {
            Deck::Coniura => &self.coniura,
            Deck::Pugio => &self.pugio,
        }
    }
    pub fn deck_mut(&mut self, deck: Deck) -> &mut ArrayVec<[Kind; DECK_CARDS]> {
        match deck {
            Deck::Coniura => &mut self.coniura,
            Deck::Pugio => &mut self.pugio,
        }
    }
    /// Seats sorted by Ordo number, 1 first.
    pub fn ordo_order(&self) -> Seats {
        let mut seats: Seats = (0..self.n).collect();
        seats.sort_by_key(|&seat| self.players[seat].ordo);
        seats
    }
    /// The seats after `first` in Ordo order, wrapping, without `first`.
    pub fn ordo_after(&self, first: Seat) -> Seats {
        let order = self.ordo_order();
        let at = order.iter().position(|&seat| seat == first).unwrap_or(0);
        (1..self.n).map(|step| order[(at + step) % self.n]).collect()
    }
    /// `first` then `ordo_after(first)`.
    pub fn ordo_from(&self, first: Seat) -> Seats {
        let mut seats = Seats::new();
        seats.push(first);
        seats.extend(self.ordo_after(first));
        seats
    }
    pub fn favours_at(&self, place: FavourAt) -> Seats {
        (0..self.n).filter(|&seat| self.players[seat].favour == place).collect()
    }
    /// The Augustus card at a Favor place (None for the supply or an empty position).
    pub fn augustus_at(&self, place: FavourAt) -> Option<usize> {
        match place {
            FavourAt::Supply => None,
            FavourAt::Emperor => Some(self.emperor),
            FavourAt::A => self.candidates[0],
            FavourAt::B => self.candidates[1],
        }
    }
    /// A card at this place has room for one more Favor token.
    pub fn has_free_slot(&self, place: FavourAt) -> bool {
        match self.augustus_at(place) {
            None => false,
            Some(card) => self.favours_at(place).len() < DATA.augustus[card].slots,
        }
    }
    pub fn face_up(&self, suit: Suit, position: usize) -> Option<&FaceUp> {
        self.suits[suit.index()].pos[position].as_ref()
    }
    /// Usable slots of a Civitas card at this player count.
    pub fn usable_slots(&self, card: usize) -> usize {
        DATA.civitas_slots[card][self.n.min(5)]
    }
    /// Is the SPQR token `value` of `seat` on some card?
    pub fn placed_somewhere(&self, seat: Seat, value: i8) -> bool {
        self.suits.iter().any(|row| {
            row.pos.iter().flatten().any(|card| {
                card.tokens
                    .iter()
                    .any(|token| token.owner == seat && token.value == value)
            })
        })
    }
    pub fn placed_count(&self, seat: Seat) -> usize {
        self.suits
            .iter()
            .flat_map(|row| row.pos.iter().flatten())
            .map(|card| card.tokens.iter().filter(|token| token.owner == seat).count())
            .sum()
    }
    pub fn holder_of_ordo(&self, ordo: u8) -> Option<Seat> {
        (0..self.n).find(|&seat| self.players[seat].ordo == ordo)
    }
}

/// Checks once that the tables fit the inline capacities above; raise the named capacity if they outgrow it.
fn assert_capacities() {
    static CHECKED: Once = Once::new();
    CHECKED.call_once(|| tables_fit(&DATA));
}

fn tables_fit(data: &Data) {
    assert!(data.seats.len() <= SEATS && data.max_players <= SEATS, "more seats than state::SEATS");
    assert!(
        Suit::ALL
            .into_iter()
            .all(|suit| data.suit_cards(suit).len() <= SUIT_CARDS),
        "a suit has more cards than state::SUIT_CARDS"
    );
    assert!(
        data.civitas.iter().filter(|card| !card.is_fixture()).count() <= CIVITAS_CARDS,
        "more Civitas cards than state::CIVITAS_CARDS"
    );
    assert!(
        data.civitas_slots.iter().flatten().all(|&usable| usable <= CARD_SLOTS),
        "a Civitas card has more usable slots than state::CARD_SLOTS"
    );
    assert!(data.sequentia.len() <= SEQUENTIA_CARDS, "more Sequentia cards than state::SEQUENTIA_CARDS");
    assert!(data.augustus.len() <= AUGUSTUS_CARDS, "more Augustus cards than state::AUGUSTUS_CARDS");
    assert!(
        Deck::ALL.into_iter().all(|deck| {
            let cards: u32 = Kind::ALL
                .into_iter()
                .filter(|kind| kind.deck() == deck)
                .map(|kind| data.kind_counts[kind.index()])
                .sum();
            cards as usize <= DECK_CARDS
        }),
        "a deck has more cards than state::DECK_CARDS"
    );
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_tables_fit_the_inline_capacities() {
        super::tables_fit(&super::DATA);
    }
}
