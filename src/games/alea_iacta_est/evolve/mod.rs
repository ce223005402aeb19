//! `evolve`: folds one event into the state. Every step transition is caused by an event, so a log replayed from
//! `State::new` rebuilds exactly the same state.

mod evaluation;
mod turn;

use tinyvec::ArrayVec;

use super::building::EvaluatedBuilding;
use super::dice::Hand;
use super::event::Event;
use super::ids::{CardId, FavourId, SeatId};
use super::phase::Phase;
use super::state::{Favours, SENATE_OFFER, SeatState, State};
use evaluation::{
    after_inhabitant_pick, after_province_pick, remove_display, resolve_templum, take_offered_senate_card,
    unrewarded_groups_to_latrina, unrewarded_straights_to_latrina,
};
use turn::{end_turn, place_dice, return_all_dice, start_round};

/// Folds one event into the state.
pub fn evolve(state: &mut State, event: &Event) {
    match event {
        Event::FavourPileShuffled { .. }
        | Event::SenateDeckShuffled { .. }
        | Event::ProvincePileShuffled { .. }
        | Event::InhabitantPileShuffled { .. } => shuffled(state, event),
        Event::RoundStarted { .. }
        | Event::DiceRolled { .. }
        | Event::DiceRerolled { .. }
        | Event::DicePlaced { .. }
        | Event::LatrinaForced { .. }
        | Event::TurnEnded { .. }
        | Event::RoundEnded { .. } => turn(state, event),
        Event::FavourDrawn { .. } | Event::FavourReshuffled { .. } => favours(state, event),
        Event::TemplumResolved { .. }
        | Event::SenateRanked { .. }
        | Event::SenateDrawn { .. }
        | Event::SenateKept { .. }
        | Event::SenatePassed { .. }
        | Event::SenateToThird { .. }
        | Event::SenateReturned { .. }
        | Event::DiceToLatrina { .. } => senate(state, event),
        Event::CastrumRanked { .. }
        | Event::ProvinceTaken { .. }
        | Event::DisplayRemoved { .. }
        | Event::InhabitantTaken { .. } => castrum_forum(state, event),
        Event::RerollTokensAwarded { .. } | Event::FirstPlayerPassed { .. } | Event::GameEnd { .. } => {
            round_end(state, event)
        }
    }
}

/// The shuffles of the setup: the favour tokens, the Senate deck, the provinces and the inhabitants.
fn shuffled(state: &mut State, event: &Event) {
    match event {
        Event::FavourPileShuffled { order, count } => {
            state.favour_pile = match order {
                Some(order) => order.iter().copied().collect(),
                None => (0..*count).map(FavourId).collect(),
            };
            state.favour_known.as_mut_slice().fill(0);
        }
        Event::SenateDeckShuffled { order, removed, .. } => {
            state.senate_removed = removed.iter().copied().collect();
            if let Some(order) = order {
                state.senate_deck = order.iter().copied().collect();
            }
            state.senate_known.as_mut_slice().fill(0);
        }
        Event::ProvincePileShuffled { order, .. } => {
            if let Some(order) = order {
                state.province_pile = order.iter().copied().collect();
            }
        }
        Event::InhabitantPileShuffled { order, .. } => {
            if let Some(order) = order {
                state.inhabitant_pile = order.iter().copied().collect();
            }
        }
        _ => unreachable!(
            "evolve sends only the shuffles of the setup: the favour tokens, the Senate deck, the provinces and the inhabitants here"
        ),
    }
}

/// A round's turns: the dice rolled, rerolled and placed, the Latrina forced, and the turn and round ends.
fn turn(state: &mut State, event: &Event) {
    match event {
        Event::RoundStarted {
            round,
            first_player,
            provinces,
            inhabitants,
        } => start_round(state, *round, *first_player, provinces, inhabitants),
        Event::DiceRolled { seat, values } => {
            state.current = seat.seat() % state.players;
            state.seats[state.current].hand = Hand::rolled(values);
            state.step = Phase::TurnDecide;
        }
        Event::DiceRerolled {
            seat,
            rerolled,
            values,
            tokens_spent,
        } => {
            if let Some(seat) = seat_mut(state, *seat) {
                seat.hand.remove(rerolled);
                seat.hand.add(values);
                seat.reroll_tokens = seat.reroll_tokens.saturating_sub(*tokens_spent as u32);
            }
        }
        Event::DicePlaced {
            seat,
            building,
            values,
            combo,
            ..
        } => {
            place_dice(state, seat.seat(), *building, values, *combo);
            state.step = Phase::TurnEnd;
        }
        Event::LatrinaForced { seat, value } => {
            if let Some(seat) = seat_mut(state, *seat) {
                seat.hand.remove(&[*value]);
                seat.latrina += 1;
            }
            state.step = Phase::TurnEnd;
        }
        Event::TurnEnded { seat, hand_empty, next } => end_turn(state, *seat, *hand_empty, *next),
        Event::RoundEnded { .. } => {
            for seat in &mut state.seats {
                seat.latrina += seat.hand.size;
                seat.hand = Hand::unrolled(0);
            }
            state.step = if state.templum_used() {
                Phase::EvalTemplum
            } else {
                Phase::EvalSenatus
            };
        }
        _ => unreachable!(
            "evolve sends only a round's turns: the dice rolled, rerolled and placed, the Latrina forced, and the turn and round ends here"
        ),
    }
}

/// The favour tokens drawn and reshuffled.
fn favours(state: &mut State, event: &Event) {
    match event {
        Event::FavourDrawn { seat, count, tokens } => {
            let drawn: Favours = match tokens {
                Some(tokens) => tokens.iter().map(|token| token.id).collect(),
                None => state.favour_pile.iter().take(*count as usize).copied().collect(),
            };
            state.favour_pile.retain(|token| !drawn.contains(token));
            for token in &drawn {
                state.favour_known[token.0 as usize] = 1 << seat.seat();
            }
            if let Some(seat) = seat_mut(state, *seat) {
                seat.favour_hidden.extend(drawn);
            }
        }
        Event::FavourReshuffled { order, .. } => {
            let mut pile = match order {
                Some(order) => order.iter().copied().collect(),
                None => state.favour_discard,
            };
            pile.retain(|token| state.favour_discard.contains(token));
            for token in &pile {
                state.favour_known[token.0 as usize] = 0;
            }
            state.favour_pile.extend(pile);
            state.favour_discard.clear();
        }
        _ => unreachable!("evolve sends only the favour tokens drawn and reshuffled here"),
    }
}

/// The Templum's and the Senatus's evaluation: the Senate cards drawn, kept, passed and returned.
fn senate(state: &mut State, event: &Event) {
    match event {
        Event::TemplumResolved { results } => resolve_templum(state, results),
        Event::SenateRanked { ranking } => {
            state.eval.senate_ranking = ranking.iter().map(|straight| straight.seat.seat()).collect();
            state.eval.senate_rewarded.as_mut_slice().fill(false);
            state.eval.senate_offer.clear();
            state.eval.senate_last_chooser = None;
            state.eval.senate_third_given = false;
            state.step = if ranking.is_empty() || state.senate_deck.is_empty() {
                Phase::SenateFinish
            } else {
                Phase::SenateDraw
            };
        }
        Event::SenateDrawn { seat, count, cards } => {
            let drawn: ArrayVec<[CardId; SENATE_OFFER]> = match cards {
                Some(cards) => cards.iter().copied().collect(),
                None => state.senate_deck.iter().take(*count as usize).copied().collect(),
            };
            state.senate_deck.retain(|card| !drawn.contains(card));
            for card in &drawn {
                state.senate_known[card.0 as usize] = 1 << seat.seat();
            }
            state.eval.senate_offer = drawn;
            state.step = Phase::SenateChoiceFirst;
        }
        Event::SenateKept { seat, card, .. } => {
            take_offered_senate_card(state, seat.seat(), *card);
            state.eval.senate_last_chooser = Some(seat.seat());
            let first = state.step == Phase::SenateChoiceFirst;
            state.step = if state.eval.senate_offer.is_empty() {
                Phase::SenateFinish
            } else if first && state.senate_second_rewarded() {
                Phase::SenatePass
            } else {
                Phase::SenateLeftover
            };
        }
        Event::SenatePassed { to, .. } => {
            for card in &state.eval.senate_offer {
                state.senate_known[card.0 as usize] |= 1 << to.seat();
            }
            state.step = Phase::SenateChoiceSecond;
        }
        Event::SenateToThird { seat, card, .. } => {
            take_offered_senate_card(state, seat.seat(), *card);
            state.eval.senate_third_given = true;
            state.step = if state.eval.senate_offer.is_empty() {
                Phase::SenateFinish
            } else {
                Phase::SenateLeftover
            };
        }
        Event::SenateReturned { .. } => {
            let offer = std::mem::take(&mut state.eval.senate_offer);
            state.senate_deck.extend(offer);
            state.step = Phase::SenateFinish;
        }
        Event::DiceToLatrina { building, .. } => match building {
            EvaluatedBuilding::Senatus => unrewarded_straights_to_latrina(state),
            EvaluatedBuilding::Castrum => unrewarded_groups_to_latrina(state),
        },
        _ => unreachable!(
            "evolve sends only the Templum's and the Senatus's evaluation: the Senate cards drawn, kept, passed and returned here"
        ),
    }
}

/// The Castrum's and the Forum's evaluation: the provinces and the inhabitants taken.
fn castrum_forum(state: &mut State, event: &Event) {
    match event {
        Event::CastrumRanked { .. } => {
            state.eval.castrum_ranking = state.castrum_ranking();
            state.eval.castrum_index = 0;
            after_province_pick(state);
        }
        Event::ProvinceTaken { seat, province, .. } => {
            if let Some(position) = state.province_display.iter().position(|shown| shown == province) {
                state.province_display.remove(position);
                if let Some(seat) = seat_mut(state, *seat) {
                    seat.provinces.push(*province);
                }
            }
            state.eval.castrum_index += 1;
            after_province_pick(state);
        }
        Event::DisplayRemoved { provinces, inhabitants } => remove_display(state, provinces, inhabitants),
        Event::InhabitantTaken { seat, inhabitant, .. } => {
            if let Some(position) = state.inhabitant_display.iter().position(|shown| shown == inhabitant) {
                state.inhabitant_display.remove(position);
                if let Some(seat) = seat_mut(state, *seat) {
                    seat.inhabitants.push(*inhabitant);
                }
            }
            state.eval.forum_index += 1;
            after_inhabitant_pick(state);
        }
        _ => unreachable!(
            "evolve sends only the Castrum's and the Forum's evaluation: the provinces and the inhabitants taken here"
        ),
    }
}

/// The end of a round and of the game: reroll tokens, the first-player marker passed, the final result.
fn round_end(state: &mut State, event: &Event) {
    match event {
        Event::RerollTokensAwarded { .. } => {
            for seat in &mut state.seats {
                seat.reroll_tokens += seat.latrina as u32;
            }
            return_all_dice(state);
            state.step = if state.round < state.params.rounds {
                Phase::RoundCleanup
            } else {
                Phase::FinalScoring
            };
        }
        Event::FirstPlayerPassed { to, .. } => {
            state.marker = to.seat() % state.players;
            state.step = Phase::RoundStart;
        }
        Event::GameEnd { result } => {
            // Every Senate card held is revealed (A12).
            for card in state.seats.iter().flat_map(|seat| &seat.senate_cards) {
                state.senate_known[card.0 as usize] = u8::MAX;
            }
            state.result = Some(Box::new(result.clone()));
            state.step = Phase::GameEnd;
        }
        _ => unreachable!(
            "evolve sends only the end of a round and of the game: reroll tokens, the first-player marker passed, the final result here"
        ),
    }
}

fn seat_mut(state: &mut State, seat: SeatId) -> Option<&mut SeatState> {
    state.seats.get_mut(seat.seat())
}
