//! The game state and its read-only queries. `evolve` folds events into it.

use std::sync::LazyLock;

use tinyvec::ArrayVec;

use super::data::{DATA, Data, PlayerCount};
use super::dice::{Dice, FACES, Hand, MAX_ACTION_DICE};
use super::event::{GroupView, Straight};
use super::ids::{CardId, FavourId, InhabitantId, ProvinceId, SeatId};
use super::outcome::Outcome;
use super::phase::Phase;

// Capacities of the state's inline lists, checked against the tables (`TABLES_FIT`): `decide` works on a copy of the
// state, and lists held inline make that copy cost no allocation. They serialize as JSON arrays.
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
pub(super) const COMBOS: usize = MAX_ACTION_DICE;

/// Whether the tables fit the capacities above; checked once, when the first state is made or read (`State::new`,
/// `params_by_players`).
static TABLES_FIT: LazyLock<()> = LazyLock::new(|| check_capacities(&DATA));

fn check_capacities(data: &Data) {
    assert!(
        usize::from(data.dice_per_seat) <= MAX_ACTION_DICE,
        "an action's dice are held inline, up to a whole hand"
    );
    assert!(
        data.seats.len() <= MAX_SEATS
            && data.favour.len() <= FAVOURS
            && data.senate_cards.len() <= SENATE_CARDS
            && data.provinces.len() <= PROVINCES
            && data.inhabitants.len() <= INHABITANTS
            && data.player_counts.iter().all(|count| count.forum_columns < FORUM_SLOTS),
        "the state holds its lists inline (state.rs): raise the capacities to the tables' sizes"
    );
}

pub type Favours = ArrayVec<[FavourId; FAVOURS]>;
pub type Cards = ArrayVec<[CardId; SENATE_CARDS]>;
pub type Provinces = ArrayVec<[ProvinceId; PROVINCES]>;
pub type Inhabitants = ArrayVec<[InhabitantId; INHABITANTS]>;
pub type Castrum = ArrayVec<[Group; CASTRUM_GROUPS]>;
pub type Forum = ArrayVec<[ForumSlot; FORUM_SLOTS]>;

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
        self.dice.iter().map(|&value| value as u32).sum()
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

    /// The group as events and views show it.
    pub fn view(&self) -> GroupView {
        GroupView {
            seat: SeatId::of(self.seat),
            value: self.value,
            size: self.size,
        }
    }
}

/// A die in the Forum.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct ForumSlot {
    pub seat: usize,
    pub value: u8,
}

/// Column (0-based) where a die of value `value` would go in `forum` with `columns` columns, if it fits.
pub fn forum_fit(forum: &[ForumSlot], columns: usize, value: u8) -> Option<usize> {
    let column = forum.iter().position(|slot| slot.value >= value).unwrap_or(forum.len());
    (column < columns).then_some(column)
}

/// Places Forum dice of `seat` (ascending): each die that fits is inserted, possibly pushing the last die out.
/// Returns the dice pushed out and the values that did not fit.
pub fn forum_place(forum: &mut Forum, columns: usize, seat: usize, values: &[u8]) -> (Vec<ForumSlot>, Vec<u8>) {
    let mut pushed = vec![];
    let mut unfit = vec![];
    for &value in values {
        match forum_fit(forum, columns, value) {
            Some(column) => {
                forum.insert(column, ForumSlot { seat, value });
                if forum.len() > columns
                    && let Some(out) = forum.pop()
                {
                    pushed.push(out);
                }
            }
            None => unfit.push(value),
        }
    }
    (pushed, unfit)
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
    /// No evaluation yet: no seat of `players` rewarded.
    pub(super) fn new(players: usize) -> Self {
        Self {
            senate_rewarded: std::iter::repeat_n(false, players).collect(),
            ..Self::default()
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct State {
    #[serde(rename = "n")]
    pub players: usize,
    #[serde(with = "params_by_players")]
    pub params: &'static PlayerCount,
    pub step: Phase,
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
    pub result: Option<Box<Outcome>>,
}

/// A snapshot names the player count; its parameters are the data's.
mod params_by_players {
    use serde::{Deserialize, Deserializer, Serialize, Serializer};

    use super::{DATA, PlayerCount, TABLES_FIT};

    pub fn serialize<S: Serializer>(params: &&'static PlayerCount, serializer: S) -> Result<S::Ok, S::Error> {
        params.players.serialize(serializer)
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(deserializer: D) -> Result<&'static PlayerCount, D::Error> {
        let players = usize::deserialize(deserializer)?;
        std::sync::LazyLock::force(&TABLES_FIT);
        DATA.player_count(players)
            .ok_or_else(|| serde::de::Error::custom(format!("no parameters for {players} players")))
    }
}

impl State {
    pub fn new(params: &'static PlayerCount, first_player: usize) -> Self {
        LazyLock::force(&TABLES_FIT);
        let players = params.players;
        Self {
            players,
            params,
            step: Phase::RoundStart,
            round: 0,
            marker: first_player,
            current: first_player,
            round_ending: false,
            seats: (0..players)
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
            eval: Evaluation::new(players),
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
        self.templum.iter().max_by_key(|combo| combo.dice.len())
    }

    /// The best straight in the Senate: (seat, straight).
    pub fn best_straight(&self) -> Option<(usize, (u8, u8))> {
        (0..self.players)
            .filter_map(|seat| self.seats[seat].straight.map(|straight| (seat, straight)))
            .max_by_key(|&(_, straight)| straight_rank(straight))
    }

    /// Seats with a straight, best first.
    pub fn senate_ranking(&self) -> Vec<usize> {
        let mut seats: Vec<usize> = (0..self.players)
            .filter(|&seat| self.seats[seat].straight.is_some())
            .collect();
        seats.sort_by_key(|&seat| std::cmp::Reverse(straight_rank(self.seats[seat].straight.unwrap_or((1, 1)))));
        seats
    }

    pub fn straight_view(&self, seat: usize) -> Option<Straight> {
        self.seats[seat].straight.map(|(low, high)| Straight {
            seat: SeatId::of(seat),
            low,
            high,
        })
    }

    /// Castrum groups, best first.
    pub fn castrum_ranking(&self) -> Castrum {
        let mut groups = self.castrum;
        groups.sort_by_key(|group| std::cmp::Reverse(group.rank()));
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

    /// Column (0-based) where a die of value `value` would go, if it fits.
    pub fn forum_fit(&self, value: u8) -> Option<usize> {
        forum_fit(&self.forum, self.columns(), value)
    }

    /// True when some hand is empty: the round ends after the current lap.
    pub fn any_hand_empty(&self) -> bool {
        self.seats.iter().any(|seat| seat.hand.size == 0)
    }

    /// The seat to play after `seat` finishes a turn (spec 4.2), or `None` when the round ends.
    pub fn next_seat(&self, seat: usize) -> Option<usize> {
        if !self.any_hand_empty() {
            return Some((seat + 1) % self.players);
        }
        let last = (self.marker + self.players - 1) % self.players;
        let mut next = seat;
        while next != last {
            next = (next + 1) % self.players;
            if self.seats[next].hand.size > 0 {
                return Some(next);
            }
        }
        None
    }

    /// The seat that must act now: never more than one (the engine's list is built from it).
    pub fn to_act(&self) -> Option<usize> {
        match self.step {
            Phase::TurnDecide => Some(self.current),
            Phase::SenateChoiceFirst => self.eval.senate_ranking.first().copied(),
            Phase::SenateChoiceSecond => self.eval.senate_ranking.get(1).copied(),
            Phase::CastrumPick => self
                .eval
                .castrum_ranking
                .get(self.eval.castrum_index)
                .map(|group| group.seat),
            Phase::ForumPick => self.forum.get(self.eval.forum_index).map(|slot| slot.seat),
            _ => None,
        }
    }
}
