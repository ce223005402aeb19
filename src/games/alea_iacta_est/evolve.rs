//! `evolve`: folds one event into the state. Every step transition is caused by an event, so a log replayed from
//! `State::new` rebuilds exactly the same state.

use tinyvec::ArrayVec;

use super::data::DATA;
use super::state::{
    Castrum, Combo, Evaluation, Favours, Forum, ForumSlot, Group, Hand, SENATE_OFFER, SeatState, State, forum_fit,
};
use super::types::{AleaIactaEstBuilding as Building, AleaIactaEstDice as Dice, AleaIactaEstEvent as Event};
use super::types::{AleaIactaEstEvaluatedBuilding as Evaluated, AleaIactaEstPhase as Step};
use super::types::{CardId, FavourId, SeatId};

/// Places Forum dice of `seat` (ascending): each die that fits is inserted, possibly pushing the last die out.
/// Returns the dice pushed out and the values that did not fit.
pub(super) fn forum_place(forum: &mut Forum, columns: usize, seat: usize, values: &[u8]) -> (Vec<ForumSlot>, Vec<u8>) {
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
