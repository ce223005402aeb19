//! The game state and `evolve`, which folds one event into it. Every step transition is caused by an event, so a
//! log replayed from `new_state` rebuilds exactly the same state.

use tinyvec::ArrayVec;

use super::data::{DATA, PlayerCount};
use super::ids::{CardId, FavourId, InhabitantId, ProvinceId, SeatId};
use super::types::{AleaIactaEstBuilding as Building, AleaIactaEstDice as Dice, AleaIactaEstEvent as Event};
use super::types::{AleaIactaEstEvaluatedBuilding as Evaluated, AleaIactaEstOutcome};
use super::types::{AleaIactaEstPhase as Step, AleaIactaEstStraight};

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
const SENATE_OFFER: usize = 3;
/// One group per seat and value.
const CASTRUM_GROUPS: usize = MAX_SEATS * FACES as usize;
/// Templum combinations of a round: each new one has one die more than the top, and one seat's hand fills a
/// combination, so there are at most as many as a hand has dice.
const COMBOS: usize = super::types::MAX_ACTION_DICE;

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

/// Places Forum dice of `seat` (ascending): each die that fits is inserted, possibly pushing the last die out.
/// Returns the dice pushed out and the values that did not fit.
pub fn forum_place(forum: &mut Forum, columns: usize, seat: usize, values: &[u8]) -> (Vec<ForumSlot>, Vec<u8>) {
    let mut pushed = vec![];
    let mut unfit = vec![];
    for &value in values {
        match forum_fit(forum, columns, value) {
            Some(pos) => {
                forum.insert(pos, ForumSlot { seat, value });
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
    /// No evaluation yet: no seat of `n` rewarded.
    fn new(n: usize) -> Self {
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
    /// Seat `s` takes `card` (the first offered one when not named) from the Senate offer and is rewarded.
    /// Who saw the offer still knows where a card is only when it was the last one; the taker knows its card and
    /// the cards left.
    fn take_offered_senate_card(&mut self, s: usize, card: Option<CardId>) {
        if let Some(card) = card.or_else(|| self.eval.senate_offer.first().copied()) {
            if self.eval.senate_offer.len() > 1 {
                for c in &self.eval.senate_offer {
                    self.senate_known[c.0 as usize] &= 1 << s;
                }
            }
            self.senate_known[card.0 as usize] |= 1 << s;
            self.eval.senate_offer.retain(|c| *c != card);
            if let Some(st) = self.seats.get_mut(s) {
                st.senate_cards.push(card);
            }
        }
        if let Some(r) = self.eval.senate_rewarded.get_mut(s) {
            *r = true;
        }
    }

    /// The state before setup: no piles yet, round 0, marker on `first_player`.
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

    fn seat_mut(&mut self, seat: SeatId) -> Option<&mut SeatState> {
        self.seats.get_mut(seat.seat())
    }

    fn return_all_dice(&mut self) {
        for seat in &mut self.seats {
            seat.hand = Hand::unrolled(DATA.dice_per_seat);
            seat.latrina = 0;
            seat.straight = None;
        }
        self.templum.clear();
        self.castrum.clear();
        self.forum.clear();
    }

    fn after_province_pick(&mut self) {
        self.step = if self.eval.castrum_index < self.eval.castrum_ranking.len() && !self.province_display.is_empty() {
            Step::CastrumPick
        } else {
            Step::CastrumFinish
        };
    }

    fn after_inhabitant_pick(&mut self) {
        self.step = if self.eval.forum_index < self.forum.len() && !self.inhabitant_display.is_empty() {
            Step::ForumPick
        } else {
            Step::ForumFinish
        };
    }

    /// Applies a placement (also used to check placements on a copy).
    pub fn apply_place(
        &mut self,
        seat: usize,
        building: Building,
        values: &[u8],
        combo: Option<u8>,
    ) -> (Vec<ForumSlot>, Vec<u8>) {
        let mut pushed_off = vec![];
        let mut to_latrina = vec![];
        if seat >= self.n {
            return (pushed_off, to_latrina);
        }
        self.seats[seat].hand.remove(values);
        let mut values: Dice = values.iter().copied().collect();
        values.sort_unstable();
        match building {
            Building::Templum => {
                let existing = combo.and_then(|id| self.templum.iter_mut().find(|c| c.id == id));
                match existing {
                    Some(c) => {
                        c.dice.extend_from_slice(&values);
                        c.dice.sort_unstable();
                    }
                    None => {
                        let id = combo.unwrap_or_else(|| self.templum.iter().map(|c| c.id).max().unwrap_or(0) + 1);
                        self.templum.push(Combo { id, seat, dice: values });
                    }
                }
            }
            Building::Senatus => {
                let (mut low, mut high) = self.seats[seat].straight.unwrap_or((u8::MAX, 0));
                for &v in &values {
                    low = low.min(v);
                    high = high.max(v);
                }
                if low <= high {
                    self.seats[seat].straight = Some((low, high));
                }
            }
            Building::Castrum => {
                if let Some(&value) = values.first() {
                    let m = values.len() as u8;
                    match self.castrum.iter_mut().find(|g| g.seat == seat && g.value == value) {
                        Some(g) => g.size += m,
                        None => self.castrum.push(Group { seat, value, size: m }),
                    }
                }
            }
            Building::Forum => {
                let columns = self.columns();
                (pushed_off, to_latrina) = forum_place(&mut self.forum, columns, seat, &values);
                for d in &pushed_off {
                    self.seats[d.seat].latrina += 1;
                }
                self.seats[seat].latrina += to_latrina.len() as u8;
            }
        }
        (pushed_off, to_latrina)
    }

    /// Folds one event into the state.
    pub fn evolve(&mut self, event: &Event) {
        match event {
            Event::FavourPileShuffled { order, count } => {
                self.favour_pile = match order {
                    Some(order) => order.iter().copied().collect(),
                    None => (0..*count).map(FavourId).collect(),
                };
                self.favour_known.as_mut_slice().fill(0);
            }
            Event::SenateDeckShuffled { order, removed, .. } => {
                self.senate_removed = removed.iter().copied().collect();
                if let Some(order) = order {
                    self.senate_deck = order.iter().copied().collect();
                }
                self.senate_known.as_mut_slice().fill(0);
            }
            Event::ProvincePileShuffled { order, .. } => {
                if let Some(order) = order {
                    self.province_pile = order.iter().copied().collect();
                }
            }
            Event::InhabitantPileShuffled { order, .. } => {
                if let Some(order) = order {
                    self.inhabitant_pile = order.iter().copied().collect();
                }
            }
            Event::RoundStarted {
                round,
                first_player,
                provinces,
                inhabitants,
            } => {
                self.round = *round;
                self.marker = first_player.seat() % self.n;
                self.current = self.marker;
                self.round_ending = false;
                self.return_all_dice();
                self.province_pile.retain(|p| !provinces.contains(p));
                self.province_display = provinces.iter().copied().collect();
                self.inhabitant_pile.retain(|h| !inhabitants.contains(h));
                self.inhabitant_display = inhabitants.iter().copied().collect();
                self.eval = Evaluation::new(self.n);
                self.step = Step::TurnRoll;
            }
            Event::DiceRolled { seat, values } => {
                self.current = seat.seat() % self.n;
                self.seats[self.current].hand = Hand::rolled(values);
                self.step = Step::TurnDecide;
            }
            Event::DiceRerolled {
                seat,
                rerolled,
                values,
                tokens_spent,
            } => {
                if let Some(s) = self.seat_mut(*seat) {
                    s.hand.remove(rerolled);
                    s.hand.add(values);
                    s.reroll_tokens = s.reroll_tokens.saturating_sub(*tokens_spent as u32);
                }
            }
            Event::DicePlaced {
                seat,
                building,
                values,
                combo,
                ..
            } => {
                self.apply_place(seat.seat(), *building, values, *combo);
                self.step = Step::TurnEnd;
            }
            Event::FavourDrawn { seat, count, tokens } => {
                let drawn: Favours = match tokens {
                    Some(tokens) => tokens.iter().map(|t| t.id).collect(),
                    None => self.favour_pile.iter().take(*count as usize).copied().collect(),
                };
                self.favour_pile.retain(|t| !drawn.contains(t));
                for t in &drawn {
                    self.favour_known[t.0 as usize] = 1 << seat.seat();
                }
                if let Some(s) = self.seat_mut(*seat) {
                    s.favour_hidden.extend(drawn);
                }
            }
            Event::FavourReshuffled { order, .. } => {
                let mut pile = match order {
                    Some(order) => order.iter().copied().collect(),
                    None => self.favour_discard,
                };
                pile.retain(|t| self.favour_discard.contains(t));
                for t in &pile {
                    self.favour_known[t.0 as usize] = 0;
                }
                self.favour_pile.extend(pile);
                self.favour_discard.clear();
            }
            Event::LatrinaForced { seat, value } => {
                if let Some(s) = self.seat_mut(*seat) {
                    s.hand.remove(&[*value]);
                    s.latrina += 1;
                }
                self.step = Step::TurnEnd;
            }
            Event::TurnEnded { seat, hand_empty, next } => {
                if let Some(s) = self.seat_mut(*seat) {
                    s.hand.clear_values();
                }
                if *hand_empty {
                    self.round_ending = true;
                }
                match next {
                    Some(next) => {
                        self.current = next.seat() % self.n;
                        self.step = Step::TurnRoll;
                    }
                    None => self.step = Step::RoundEnd,
                }
            }
            Event::RoundEnded { .. } => {
                for s in &mut self.seats {
                    s.latrina += s.hand.size;
                    s.hand = Hand::unrolled(0);
                }
                self.step = if self.templum_used() {
                    Step::EvalTemplum
                } else {
                    Step::EvalSenatus
                };
            }
            Event::TemplumResolved { results } => {
                for r in results {
                    if let Some(s) = self.seat_mut(r.seat) {
                        for token in &r.kept {
                            s.favour_hidden.retain(|t| *t != token.id);
                            s.favour_kept.push(token.id);
                        }
                    }
                    for id in &r.to_latrina {
                        if let Some(pos) = self.templum.iter().position(|c| c.id == *id && c.seat == r.seat.seat()) {
                            let combo = self.templum.remove(pos);
                            self.seats[combo.seat].latrina += combo.dice.len() as u8;
                        }
                    }
                }
                for s in &mut self.seats {
                    self.favour_discard.append(&mut s.favour_hidden);
                }
                self.step = Step::EvalSenatus;
            }
            Event::SenateRanked { ranking } => {
                self.eval.senate_ranking = ranking.iter().map(|s| s.seat.seat()).collect();
                self.eval.senate_rewarded.as_mut_slice().fill(false);
                self.eval.senate_offer.clear();
                self.eval.senate_last_chooser = None;
                self.eval.senate_third_given = false;
                self.step = if ranking.is_empty() || self.senate_deck.is_empty() {
                    Step::SenateFinish
                } else {
                    Step::SenateDraw
                };
            }
            Event::SenateDrawn { seat, count, cards } => {
                let drawn: ArrayVec<[CardId; SENATE_OFFER]> = match cards {
                    Some(cards) => cards.iter().copied().collect(),
                    None => self.senate_deck.iter().take(*count as usize).copied().collect(),
                };
                self.senate_deck.retain(|c| !drawn.contains(c));
                for c in &drawn {
                    self.senate_known[c.0 as usize] = 1 << seat.seat();
                }
                self.eval.senate_offer = drawn;
                self.step = Step::SenateChoiceFirst;
            }
            Event::SenateKept { seat, card, .. } => {
                let s = seat.seat();
                self.take_offered_senate_card(s, *card);
                self.eval.senate_last_chooser = Some(s);
                let first = self.step == Step::SenateChoiceFirst;
                self.step = if self.eval.senate_offer.is_empty() {
                    Step::SenateFinish
                } else if first && self.senate_second_rewarded() {
                    Step::SenatePass
                } else {
                    Step::SenateLeftover
                };
            }
            Event::SenatePassed { to, .. } => {
                for c in &self.eval.senate_offer {
                    self.senate_known[c.0 as usize] |= 1 << to.seat();
                }
                self.step = Step::SenateChoiceSecond;
            }
            Event::SenateToThird { seat, card, .. } => {
                let s = seat.seat();
                self.take_offered_senate_card(s, *card);
                self.eval.senate_third_given = true;
                self.step = if self.eval.senate_offer.is_empty() {
                    Step::SenateFinish
                } else {
                    Step::SenateLeftover
                };
            }
            Event::SenateReturned { .. } => {
                let offer = std::mem::take(&mut self.eval.senate_offer);
                self.senate_deck.extend(offer);
                self.step = Step::SenateFinish;
            }
            Event::DiceToLatrina { building, .. } => match building {
                Evaluated::Senatus => {
                    for s in 0..self.n {
                        if !self.eval.senate_rewarded[s]
                            && let Some(st) = self.seats[s].straight.take()
                        {
                            self.seats[s].latrina += st.1 + 1 - st.0;
                        }
                    }
                    self.step = Step::EvalCastrum;
                }
                Evaluated::Castrum => {
                    let unrewarded: Castrum = self
                        .eval
                        .castrum_ranking
                        .iter()
                        .skip(self.eval.castrum_index)
                        .copied()
                        .collect();
                    for g in unrewarded {
                        if let Some(pos) = self.castrum.iter().position(|c| c.seat == g.seat && c.value == g.value) {
                            let group = self.castrum.remove(pos);
                            self.seats[group.seat].latrina += group.size;
                        }
                    }
                    self.step = Step::CastrumClear;
                }
            },
            Event::CastrumRanked { .. } => {
                self.eval.castrum_ranking = self.castrum_ranking();
                self.eval.castrum_index = 0;
                self.after_province_pick();
            }
            Event::ProvinceTaken { seat, province, .. } => {
                if let Some(pos) = self.province_display.iter().position(|p| p == province) {
                    self.province_display.remove(pos);
                    if let Some(s) = self.seat_mut(*seat) {
                        s.provinces.push(*province);
                    }
                }
                self.eval.castrum_index += 1;
                self.after_province_pick();
            }
            Event::DisplayRemoved { provinces, inhabitants } => {
                self.province_display.retain(|p| !provinces.contains(p));
                self.provinces_removed.extend(provinces.iter().copied());
                self.inhabitant_display.retain(|h| !inhabitants.contains(h));
                self.inhabitants_removed.extend(inhabitants.iter().copied());
                if self.step == Step::CastrumClear {
                    self.eval.forum_index = 0;
                    self.after_inhabitant_pick();
                } else {
                    self.step = Step::EvalLatrina;
                }
            }
            Event::InhabitantTaken { seat, inhabitant, .. } => {
                if let Some(pos) = self.inhabitant_display.iter().position(|h| h == inhabitant) {
                    self.inhabitant_display.remove(pos);
                    if let Some(s) = self.seat_mut(*seat) {
                        s.inhabitants.push(*inhabitant);
                    }
                }
                self.eval.forum_index += 1;
                self.after_inhabitant_pick();
            }
            Event::RerollTokensAwarded { .. } => {
                for s in &mut self.seats {
                    s.reroll_tokens += s.latrina as u32;
                }
                self.return_all_dice();
                self.step = if self.round < self.params.rounds {
                    Step::RoundCleanup
                } else {
                    Step::FinalScoring
                };
            }
            Event::FirstPlayerPassed { to, .. } => {
                self.marker = to.seat() % self.n;
                self.step = Step::RoundStart;
            }
            Event::GameEnd { result } => {
                // Every Senate card held is revealed (A12).
                for c in self.seats.iter().flat_map(|s| &s.senate_cards) {
                    self.senate_known[c.0 as usize] = u8::MAX;
                }
                self.result = Some(Box::new(result.clone()));
                self.step = Step::GameEnd;
            }
        }
    }
}
