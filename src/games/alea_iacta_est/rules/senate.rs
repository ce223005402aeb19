//! The Senate's evaluation (spec 7.2, A7): the straights are ranked, the best seat draws three cards and keeps one,
//! the second may keep one of the two passed to it, and the leftover goes to the third seat or under the deck; the
//! dice of seats that got no card go to the Latrina.

use crate::engine::{RuleCode, RuleError};

use super::super::action::Action;
use super::super::building::EvaluatedBuilding;
use super::super::event::{Event, SeatCount};
use super::super::ids::{CardId, SeatId};
use super::super::state::State;
use super::rule;

/// A7.1: the straights are ranked.
pub(super) fn eval_senatus(state: &State) -> Event {
    let ranking = state
        .senate_ranking()
        .into_iter()
        .filter_map(|seat| state.straight_view(seat))
        .collect();
    Event::SenateRanked { ranking }
}

/// A7.2: the best seat draws the top three cards.
pub(super) fn senate_draw(state: &State) -> Event {
    let best = state.eval.senate_ranking.first().copied().unwrap_or(0);
    let cards: Vec<CardId> = state.senate_deck.iter().take(3).copied().collect();
    Event::SenateDrawn {
        seat: SeatId::of(best),
        count: cards.len() as u8,
        cards: Some(cards),
    }
}

/// A choice with a single card offered is made automatically (D19).
pub(super) fn senate_choice(state: &State) -> Option<Event> {
    if state.eval.senate_offer.len() != 1 {
        return None;
    }
    let seat = state.to_act().unwrap_or(0);
    let card = state.eval.senate_offer[0];
    Some(Event::SenateKept {
        seat: SeatId::of(seat),
        card: Some(card),
        automatic: true,
    })
}

pub(super) fn keep_senate_card(state: &State, seat: usize, card: CardId) -> Result<Event, RuleError> {
    if !state.eval.senate_offer.contains(&card) {
        return Err(rule(RuleCode::CardNotOffered, format!("{} is not among the cards offered to you", card.id())));
    }
    Ok(Event::SenateKept {
        seat: SeatId::of(seat),
        card: Some(card),
        automatic: false,
    })
}

pub(super) fn keep_senate_card_actions(state: &State) -> Vec<Action> {
    let mut cards = state.eval.senate_offer;
    cards.sort();
    cards.into_iter().map(|card| Action::KeepSenateCard { card }).collect()
}

/// The best seat passes the two other cards to the second.
pub(super) fn senate_pass(state: &State) -> Event {
    let ranking = &state.eval.senate_ranking;
    Event::SenatePassed {
        from: SeatId::of(ranking[0]),
        to: SeatId::of(ranking[1]),
        count: state.eval.senate_offer.len() as u8,
        cards: Some(state.eval.senate_offer.to_vec()),
    }
}

/// A7.3: the card left after the choices goes to the third seat (5 players, 3 straights) or under the deck.
pub(super) fn senate_leftover(state: &State) -> Event {
    let ranking = &state.eval.senate_ranking;
    let chooser = state.eval.senate_last_chooser.unwrap_or(ranking[0]);
    let after_second = ranking.get(1) == Some(&chooser);
    if after_second && state.senate_third_rewarded() && !state.eval.senate_third_given {
        Event::SenateToThird {
            seat: SeatId::of(ranking[2]),
            from: SeatId::of(chooser),
            card: Some(state.eval.senate_offer[0]),
        }
    } else {
        Event::SenateReturned {
            seat: SeatId::of(chooser),
            count: state.eval.senate_offer.len() as u8,
            cards: Some(state.eval.senate_offer.to_vec()),
        }
    }
}

/// A7.4: the Senate dice of seats that got no card go to the Latrina.
pub(super) fn senate_finish(state: &State) -> Event {
    let dice = (0..state.players)
        .filter(|&seat| !state.eval.senate_rewarded[seat])
        .filter_map(|seat| {
            state.seats[seat].straight.map(|(low, high)| SeatCount {
                seat: SeatId::of(seat),
                count: high + 1 - low,
            })
        })
        .collect();
    Event::DiceToLatrina {
        building: EvaluatedBuilding::Senatus,
        dice,
    }
}
