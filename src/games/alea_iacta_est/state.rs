//! The game state and its read-only queries. `evolve.rs` folds events into it.

use tinyvec::ArrayVec;

use super::data::{DATA, PlayerCount};
use super::types::{AleaIactaEstDice as Dice, AleaIactaEstOutcome};
use super::types::{AleaIactaEstPhase as Step, AleaIactaEstStraight};
use super::types::{CardId, FavourId, InhabitantId, ProvinceId, SeatId};

/// Number of die faces; values are 1..=FACES.
pub const FACES: u8 = 6;

// Capacities of the state's inline lists, checked against the tables when they load (`data.rs`): `decide` works on
// a copy of the state, and lists held inline make that copy cost no allocation. They serialize as JSON arrays.
pub const MAX_SEATS: usize = 5;
pub const FAVOURS: usize = 30;
pub const SENATE_CARDS: usize = 19;
pub const PROVINCES: usize = 25;
pub const INHABITANTS: usize = 36;
/// One more than the widest Forum: a die is inserted before the last one is pushed out.
pub const FORUM_SLOTS: usize = 8;
/// The Senate offer: the three cards drawn.
pub(super) const SENATE_OFFER: usize = 3;
/// One group per seat and value.
const CASTRUM_GROUPS: usize = MAX_SEATS * FACES as usize;
/// Templum combinations of a round: each new one has one die more than the top, and one seat's hand fills a
/// combination, so there are at most as many as a hand has dice.
pub(super) const COMBOS: usize = super::types::MAX_ACTION_DICE;

pub type Favours = ArrayVec<[FavourId; FAVOURS]>;
pub type Cards = ArrayVec<[CardId; SENATE_CARDS]>;
pub type Provinces = ArrayVec<[ProvinceId; PROVINCES]>;
pub type Inhabitants = ArrayVec<[InhabitantId; INHABITANTS]>;
pub type Castrum = ArrayVec<[Group; CASTRUM_GROUPS]>;
pub type Forum = ArrayVec<[ForumSlot; FORUM_SLOTS]>;

/// A hand: how many dice it holds and, once rolled, how many show each value.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Hand {
    pub size: u8,
    pub rolled: bool,
    /// `counts[v]` dice show value `v` (index 0 unused); all zero while unrolled.
    pub counts: [u8; 7],
}

impl Hand {
    pub fn unrolled(size: u8) -> Self {
        Self {
            size,
            rolled: false,
            counts: [0; 7],
        }
    }

    pub fn rolled(values: &[u8]) -> Self {
        let mut hand = Self::unrolled(0);
        hand.rolled = true;
        hand.add(values);
        hand
    }

    /// The rolled values, ascending.
    pub fn values(&self) -> Vec<u8> {
        (1..=FACES)
            .flat_map(|v| std::iter::repeat_n(v, self.counts[v as usize] as usize))
            .collect()
    }

    /// True when `values` (each 1..=6) is a sub-multiset of the rolled hand.
    pub fn contains(&self, values: &[u8]) -> bool {
        if !self.rolled {
            return false;
        }
        let mut need = [0u8; 7];
        for &v in values {
            if !(1..=FACES).contains(&v) {
                return false;
            }
            need[v as usize] += 1;
        }
        (1..7).all(|v| need[v] <= self.counts[v])
    }

    /// Removes these values (those present) from the hand.
    pub fn remove(&mut self, values: &[u8]) {
        for &v in values {
            if let Some(count) = self.counts.get_mut(v as usize)
                && *count > 0
                && v > 0
            {
                *count -= 1;
            }
            self.size = self.size.saturating_sub(1);
        }
    }

    /// Adds rolled dice with these values.
    pub fn add(&mut self, values: &[u8]) {
        for &v in values {
            if (1..=FACES).contains(&v) {
                self.counts[v as usize] += 1;
            }
            self.size = self.size.saturating_add(1);
        }
    }

    pub fn lowest(&self) -> Option<u8> {
        (1..=FACES).find(|&v| self.counts[v as usize] > 0)
    }

    /// Clears the values (the dice stay in hand, unrolled).
    pub fn clear_values(&mut self) {
        *self = Self::unrolled(self.size);
    }
}

/// A Templum combination.
#[derive(Clone, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Combo {
    pub id: u8,
    pub seat: usize,
    /// Ascending; one seat's dice.
    pub dice: Dice,
}

impl Combo {
    pub fn sum(&self) -> u32 {
        self.dice.iter().map(|&d| d as u32).sum()
    }
}

/// A Castrum group.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Group {
    pub seat: usize,
    pub value: u8,
    pub size: u8,
}

impl Group {
    pub fn rank(&self) -> (u8, u8) {
        (self.size, self.value)
    }
}

/// A die in the Forum.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct ForumSlot {
    pub seat: usize,
    pub value: u8,
}

/// Column (0-based) where a die of value `v` would go in `forum` with `columns` columns, if it fits.
pub fn forum_fit(forum: &[ForumSlot], columns: usize, value: u8) -> Option<usize> {
    let pos = forum.iter().position(|d| d.value >= value).unwrap_or(forum.len());
    (pos < columns).then_some(pos)
}

/// Rank of a straight `low..=high`: (length, highest value).
pub fn straight_rank((low, high): (u8, u8)) -> (u8, u8) {
    (high + 1 - low, high)
}

#[derive(Clone, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct SeatState {
    pub hand: Hand,
    pub latrina: u8,
    pub reroll_tokens: u32,
    /// The seat's straight in the Senate, `(low, high)`.
    pub straight: Option<(u8, u8)>,
    /// Face-down favour tokens drawn this round, in drawing order.
    pub favour_hidden: Favours,
    pub favour_kept: Favours,
    /// Secret Senate hand, in acquisition order.
    pub senate_cards: Cards,
    pub provinces: Provinces,
    pub inhabitants: Inhabitants,
}

/// Bookkeeping of the evaluation in progress.
#[derive(Clone, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Evaluation {
    /// Seats with a straight, best first.
    pub senate_ranking: ArrayVec<[usize; MAX_SEATS]>,
    /// Cards currently offered (drawn, or passed), in drawing order.
    pub senate_offer: ArrayVec<[CardId; SENATE_OFFER]>,
    /// Seats that received a Senate card this round.
    pub senate_rewarded: ArrayVec<[bool; MAX_SEATS]>,
    /// The seat that made the last Senate choice.
    pub senate_last_chooser: Option<usize>,
    pub senate_third_given: bool,
    /// Castrum groups, best first.
    pub castrum_ranking: Castrum,
    /// Groups that have picked.
    pub castrum_index: usize,
    /// Forum columns that have picked.
    pub forum_index: usize,
}

impl Evaluation {
    /// No evaluation yet: no seat of `n` rewarded.
    pub(super) fn new(n: usize) -> Self {
        Self {
            senate_rewarded: std::iter::repeat_n(false, n).collect(),
            ..Self::default()
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct State {
    pub n: usize,
    #[serde(with = "params_by_players")]
    pub params: &'static PlayerCount,
    pub step: Step,
    pub round: u8,
    /// Holder of the first-player marker.
    pub marker: usize,
    /// The seat whose turn it is.
    pub current: usize,
    pub round_ending: bool,
    pub seats: ArrayVec<[SeatState; MAX_SEATS]>,
    pub templum: ArrayVec<[Combo; COMBOS]>,
    /// In creation order.
    pub castrum: Castrum,
    pub forum: Forum,
    /// Draw piles: index 0 is the top.
    pub favour_pile: Favours,
    pub favour_discard: Favours,
    pub senate_deck: Cards,
    pub senate_removed: Cards,
    pub province_pile: Provinces,
    pub province_display: Provinces,
    pub provinces_removed: Provinces,
    pub inhabitant_pile: Inhabitants,
    pub inhabitant_display: Inhabitants,
    pub inhabitants_removed: Inhabitants,
    /// Who knows where each favour token is, by token index (bit i: seat i): its drawer, also once it is back in
    /// the discard pile, until that pile is reshuffled. Search bots' determinizations keep what a seat knows.
    pub favour_known: ArrayVec<[u8; FAVOURS]>,
    /// Who knows where each Senate card is, by card index (bit i: seat i): the seats the log showed it to, while
    /// they can tell where it went (kept, passed, given to the third seat, put under the deck); everyone at the end.
    pub senate_known: ArrayVec<[u8; SENATE_CARDS]>,
    pub eval: Evaluation,
    pub result: Option<Box<AleaIactaEstOutcome>>,
}

/// A snapshot names the player count; its parameters are the data's.
mod params_by_players {
    use serde::{Deserialize, Deserializer, Serialize, Serializer};

    use super::{DATA, PlayerCount};

    pub fn serialize<S: Serializer>(params: &&'static PlayerCount, serializer: S) -> Result<S::Ok, S::Error> {
        params.players.serialize(serializer)
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(deserializer: D) -> Result<&'static PlayerCount, D::Error> {
        let players = usize::deserialize(deserializer)?;
        DATA.player_count(players)
            .ok_or_else(|| serde::de::Error::custom(format!("no parameters for {players} players")))
    }
}

impl State {
    pub fn new(params: &'static PlayerCount, first_player: usize) -> Self {
        let n = params.players;
        Self {
            n,
            params,
            step: Step::RoundStart,
            round: 0,
            marker: first_player,
            current: first_player,
            round_ending: false,
            seats: (0..n)
                .map(|_| SeatState {
                    hand: Hand::unrolled(DATA.dice_per_seat),
                    ..SeatState::default()
                })
                .collect(),
            templum: ArrayVec::new(),
            castrum: ArrayVec::new(),
            forum: ArrayVec::new(),
            favour_pile: ArrayVec::new(),
            favour_discard: ArrayVec::new(),
            senate_deck: ArrayVec::new(),
            senate_removed: ArrayVec::new(),
            province_pile: ArrayVec::new(),
            province_display: ArrayVec::new(),
            provinces_removed: ArrayVec::new(),
            inhabitant_pile: ArrayVec::new(),
            inhabitant_display: ArrayVec::new(),
            inhabitants_removed: ArrayVec::new(),
            favour_known: std::iter::repeat_n(0, DATA.favour.len()).collect(),
            senate_known: std::iter::repeat_n(0, DATA.senate_cards.len()).collect(),
            eval: Evaluation::new(n),
            result: None,
        }
    }

    pub fn columns(&self) -> usize {
        self.params.forum_columns
    }

    pub fn templum_used(&self) -> bool {
        self.params.templum_used
    }

    /// The Templum combination with the most dice.
    pub fn templum_top(&self) -> Option<&Combo> {
        self.templum.iter().max_by_key(|c| c.dice.len())
    }

    /// The best straight in the Senate: (seat, straight).
    pub fn best_straight(&self) -> Option<(usize, (u8, u8))> {
        (0..self.n)
            .filter_map(|s| self.seats[s].straight.map(|st| (s, st)))
            .max_by_key(|&(_, st)| straight_rank(st))
    }

    /// Seats with a straight, best first.
    pub fn senate_ranking(&self) -> Vec<usize> {
        let mut seats: Vec<usize> = (0..self.n).filter(|&s| self.seats[s].straight.is_some()).collect();
        seats.sort_by_key(|&s| std::cmp::Reverse(straight_rank(self.seats[s].straight.unwrap_or((1, 1)))));
        seats
    }

    pub fn straight_view(&self, seat: usize) -> Option<AleaIactaEstStraight> {
        self.seats[seat].straight.map(|(low, high)| AleaIactaEstStraight {
            seat: SeatId::of(seat),
            low,
            high,
        })
    }

    /// Castrum groups, best first.
    pub fn castrum_ranking(&self) -> Castrum {
        let mut groups = self.castrum;
        groups.sort_by_key(|g| std::cmp::Reverse(g.rank()));
        groups
    }

    /// Number of Senate ranks rewarded with this player count (1 to 3).
    pub fn senate_awarded(&self) -> usize {
        self.params.senate_awarded.len().max(1)
    }

    pub fn senate_second_rewarded(&self) -> bool {
        self.senate_awarded() >= 2 && self.eval.senate_ranking.len() >= 2
    }

    pub fn senate_third_rewarded(&self) -> bool {
        self.senate_awarded() >= 3 && self.eval.senate_ranking.len() >= 3
    }

    /// Column (0-based) where a die of value `v` would go, if it fits.
    pub fn forum_fit(&self, value: u8) -> Option<usize> {
        forum_fit(&self.forum, self.columns(), value)
    }

    /// True when some hand is empty: the round ends after the current lap.
    pub fn any_hand_empty(&self) -> bool {
        self.seats.iter().any(|s| s.hand.size == 0)
    }

    /// The seat to play after `seat` finishes a turn (spec 4.2), or `None` when the round ends.
    pub fn next_seat(&self, seat: usize) -> Option<usize> {
        if !self.any_hand_empty() {
            return Some((seat + 1) % self.n);
        }
        let last = (self.marker + self.n - 1) % self.n;
        let mut s = seat;
        while s != last {
            s = (s + 1) % self.n;
            if self.seats[s].hand.size > 0 {
                return Some(s);
            }
        }
        None
    }

    /// The seat that must act now: never more than one (the engine's list is built from it).
    pub fn to_act(&self) -> Option<usize> {
        match self.step {
            Step::TurnDecide => Some(self.current),
            Step::SenateChoiceFirst => self.eval.senate_ranking.first().copied(),
            Step::SenateChoiceSecond => self.eval.senate_ranking.get(1).copied(),
            Step::CastrumPick => self.eval.castrum_ranking.get(self.eval.castrum_index).map(|g| g.seat),
            Step::ForumPick => self.forum.get(self.eval.forum_index).map(|d| d.seat),
            _ => None,
        }
    }
}
