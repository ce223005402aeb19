//! The state changes of the evaluation of the buildings: Templum tokens, Senate cards, unrewarded dice, the picks
//! of provinces and inhabitants and the displays' leftovers.

use super::super::event::TemplumResult;
use super::super::ids::{CardId, InhabitantId, ProvinceId};
use super::super::phase::Phase;
use super::super::state::{Castrum, State};
use super::seat_mut;

/// A6: kept tokens turn face up, combinations that keep none send their dice to the Latrina, and the other
/// face-down tokens go to the discard pile.
pub(super) fn resolve_templum(state: &mut State, results: &[TemplumResult]) {
    for result in results {
        if let Some(seat) = seat_mut(state, result.seat) {
            for token in &result.kept {
                seat.favour_hidden.retain(|hidden| *hidden != token.id);
                seat.favour_kept.push(token.id);
            }
        }
        for id in &result.to_latrina {
            if let Some(position) = state
                .templum
                .iter()
                .position(|combo| combo.id == *id && combo.seat == result.seat.seat())
            {
                let combo = state.templum.remove(position);
                state.seats[combo.seat].latrina += combo.dice.len() as u8;
            }
        }
    }
    for seat in &mut state.seats {
        state.favour_discard.append(&mut seat.favour_hidden);
    }
    state.step = Phase::EvalSenatus;
}

/// Seat `seat` takes `card` (the first offered one when not named) from the Senate offer and is rewarded.
/// Who saw the offer still knows where a card is only when it was the last one; the taker knows its card and
/// the cards left.
pub(super) fn take_offered_senate_card(state: &mut State, seat: usize, card: Option<CardId>) {
    if let Some(card) = card.or_else(|| state.eval.senate_offer.first().copied()) {
        if state.eval.senate_offer.len() > 1 {
            for offered in &state.eval.senate_offer {
                state.senate_known[offered.0 as usize] &= 1 << seat;
            }
        }
        state.senate_known[card.0 as usize] |= 1 << seat;
        state.eval.senate_offer.retain(|offered| *offered != card);
        if let Some(taker) = state.seats.get_mut(seat) {
            taker.senate_cards.push(card);
        }
    }
    if let Some(rewarded) = state.eval.senate_rewarded.get_mut(seat) {
        *rewarded = true;
    }
}

/// A7.4: the straights of seats that got no Senate card go to the Latrina.
pub(super) fn unrewarded_straights_to_latrina(state: &mut State) {
    for seat in 0..state.players {
        if !state.eval.senate_rewarded[seat]
            && let Some((low, high)) = state.seats[seat].straight.take()
        {
            state.seats[seat].latrina += high + 1 - low;
        }
    }
    state.step = Phase::EvalCastrum;
}

/// A8.3: the Castrum groups that got no province go to the Latrina.
pub(super) fn unrewarded_groups_to_latrina(state: &mut State) {
    let unrewarded: Castrum = state
        .eval
        .castrum_ranking
        .iter()
        .skip(state.eval.castrum_index)
        .copied()
        .collect();
    for ranked in unrewarded {
        if let Some(position) = state
            .castrum
            .iter()
            .position(|group| group.seat == ranked.seat && group.value == ranked.value)
        {
            let group = state.castrum.remove(position);
            state.seats[group.seat].latrina += group.size;
        }
    }
    state.step = Phase::CastrumClear;
}

pub(super) fn after_province_pick(state: &mut State) {
    state.step = if state.eval.castrum_index < state.eval.castrum_ranking.len() && !state.province_display.is_empty() {
        Phase::CastrumPick
    } else {
        Phase::CastrumFinish
    };
}

pub(super) fn after_inhabitant_pick(state: &mut State) {
    state.step = if state.eval.forum_index < state.forum.len() && !state.inhabitant_display.is_empty() {
        Phase::ForumPick
    } else {
        Phase::ForumFinish
    };
}

/// A8.4 and A9.2: the tiles left in a display are removed; after the Castrum's, the Forum's picks begin.
pub(super) fn remove_display(state: &mut State, provinces: &[ProvinceId], inhabitants: &[InhabitantId]) {
    state.province_display.retain(|province| !provinces.contains(province));
    state.provinces_removed.extend(provinces.iter().copied());
    state
        .inhabitant_display
        .retain(|inhabitant| !inhabitants.contains(inhabitant));
    state.inhabitants_removed.extend(inhabitants.iter().copied());
    if state.step == Phase::CastrumClear {
        state.eval.forum_index = 0;
        after_inhabitant_pick(state);
    } else {
        state.step = Phase::EvalLatrina;
    }
}
