//! The evaluation of the buildings after the placement (spec 6 A6-A11, 7.1, 7.3-7.5): the Templum keeps favour
//! tokens, the Castrum groups pick provinces and the Forum dice inhabitants in rank order, the Latrina gives reroll
//! tokens, and the marker passes. The Senate's evaluation is in `senate.rs`.

use crate::engine::{RuleCode, RuleError};

use super::super::action::Action;
use super::super::building::EvaluatedBuilding;
use super::super::event::{Event, FavourToken, SeatCount, TemplumResult};
use super::super::ids::{InhabitantId, ProvinceId, SeatId};
use super::super::state::{Combo, Group, State};
use super::rule;

/// A6: the Templum's favour tokens are kept or discarded.
pub(super) fn eval_templum(state: &State) -> Event {
    Event::TemplumResolved {
        results: templum_results(state),
    }
}

/// Which favour tokens each seat keeps at the Templum evaluation (7.1, D11), and which of its combinations keep none.
pub fn templum_results(state: &State) -> Vec<TemplumResult> {
    let top = state.templum_top().map(|combo| combo.id);
    let entitlement = |combo: &Combo| {
        if Some(combo.id) == top && combo.dice.len() > 1 {
            2
        } else {
            1
        }
    };
    (0..state.players)
        .filter_map(|seat| {
            let combos: Vec<&Combo> = state.templum.iter().filter(|combo| combo.seat == seat).collect();
            let mut hidden = state.seats[seat].favour_hidden;
            if combos.is_empty() && hidden.is_empty() {
                return None;
            }
            hidden.sort_by_key(|token| (std::cmp::Reverse(token.value()), *token));
            let keep = combos
                .iter()
                .map(|combo| entitlement(combo))
                .sum::<usize>()
                .min(hidden.len());
            Some(TemplumResult {
                seat: SeatId::of(seat),
                kept: hidden[..keep].iter().map(|&token| FavourToken::of(token)).collect(),
                discarded: (hidden.len() - keep) as u8,
                to_latrina: unrewarded_combos(&combos, keep, entitlement),
            })
        })
        .collect()
}

/// The ids of a seat's combinations that keep none of its `kept` tokens (A6, D17): "les dés qui ne rapportent rien"
/// go to the Latrina. A seat keeps fewer tokens than it has combinations only when the favour piles ran out; the
/// seed does not say which combination earned them, so they go to the combinations holding the fewest dice in total
/// (equal totals send as many; the lowest bit mask wins), which sends the most dice to the Latrina: more reroll
/// tokens, never worse for the seat (as D11).
fn unrewarded_combos(combos: &[&Combo], kept: usize, entitlement: impl Fn(&Combo) -> usize) -> Vec<u8> {
    let sum = |mask: u32, measure: &dyn Fn(&Combo) -> usize| -> usize {
        (0..combos.len())
            .filter(|index| mask & 1 << index != 0)
            .map(|index| measure(combos[index]))
            .sum()
    };
    let holders = (0u32..1 << combos.len())
        .filter(|&mask| sum(mask, &entitlement) >= kept)
        .min_by_key(|&mask| (sum(mask, &|combo| combo.dice.len()), mask))
        .unwrap_or(0);
    (0..combos.len())
        .filter(|index| holders & 1 << index == 0)
        .map(|index| combos[index].id)
        .collect()
}

/// A8.1: the Castrum groups are ranked.
pub(super) fn eval_castrum(state: &State) -> Event {
    let ranking = state.castrum_ranking().iter().map(Group::view).collect();
    Event::CastrumRanked { ranking }
}

/// A pick with a single province left is made automatically (D19).
pub(super) fn castrum_pick(state: &State) -> Option<Event> {
    if state.province_display.len() != 1 {
        return None;
    }
    let seat = state.to_act().unwrap_or(0);
    let province = state.province_display[0];
    Some(Event::ProvinceTaken {
        seat: SeatId::of(seat),
        province,
        automatic: true,
    })
}

pub(super) fn take_province(state: &State, seat: usize, province: ProvinceId) -> Result<Event, RuleError> {
    if !state.province_display.contains(&province) {
        return Err(rule(RuleCode::ProvinceNotDisplayed, format!("{} is not in the province display", province.id())));
    }
    Ok(Event::ProvinceTaken {
        seat: SeatId::of(seat),
        province,
        automatic: false,
    })
}

pub(super) fn take_province_actions(state: &State) -> Vec<Action> {
    state
        .province_display
        .iter()
        .map(|&province| Action::TakeProvince { province })
        .collect()
}

/// A8.3: the dice of groups that got no tile go to the Latrina.
pub(super) fn castrum_finish(state: &State) -> Event {
    let mut counts = vec![0u8; state.players];
    for group in state.eval.castrum_ranking.iter().skip(state.eval.castrum_index) {
        counts[group.seat] += group.size;
    }
    let dice = seat_counts(&counts);
    Event::DiceToLatrina {
        building: EvaluatedBuilding::Castrum,
        dice,
    }
}

/// A8.4: the tiles left in the display are removed.
pub(super) fn castrum_clear(state: &State) -> Event {
    let provinces = state.province_display.to_vec();
    Event::DisplayRemoved {
        provinces,
        inhabitants: vec![],
    }
}

/// A pick with a single inhabitant left is made automatically (D19).
pub(super) fn forum_pick(state: &State) -> Option<Event> {
    if state.inhabitant_display.len() != 1 {
        return None;
    }
    let seat = state.to_act().unwrap_or(0);
    Some(Event::InhabitantTaken {
        seat: SeatId::of(seat),
        column: state.eval.forum_index as u8 + 1,
        inhabitant: state.inhabitant_display[0],
        automatic: true,
    })
}

pub(super) fn take_inhabitant(state: &State, seat: usize, inhabitant: InhabitantId) -> Result<Event, RuleError> {
    if !state.inhabitant_display.contains(&inhabitant) {
        return Err(rule(
            RuleCode::InhabitantNotDisplayed,
            format!("{} is not in the inhabitant display", inhabitant.id()),
        ));
    }
    Ok(Event::InhabitantTaken {
        seat: SeatId::of(seat),
        column: state.eval.forum_index as u8 + 1,
        inhabitant,
        automatic: false,
    })
}

pub(super) fn take_inhabitant_actions(state: &State) -> Vec<Action> {
    state
        .inhabitant_display
        .iter()
        .map(|&inhabitant| Action::TakeInhabitant { inhabitant })
        .collect()
}

/// A9.2: the inhabitants left in the display are removed.
pub(super) fn forum_finish(state: &State) -> Event {
    let inhabitants = state.inhabitant_display.to_vec();
    Event::DisplayRemoved {
        provinces: vec![],
        inhabitants,
    }
}

/// A10: one reroll token per die in the Latrina.
pub(super) fn eval_latrina(state: &State) -> Event {
    let counts: Vec<u8> = state.seats.iter().map(|seat| seat.latrina).collect();
    let awards = seat_counts(&counts);
    Event::RerollTokensAwarded { awards }
}

/// A11: the marker passes to the left.
pub(super) fn round_cleanup(state: &State) -> Event {
    Event::FirstPlayerPassed {
        from: SeatId::of(state.marker),
        to: SeatId::of((state.marker + 1) % state.players),
    }
}

fn seat_counts(counts: &[u8]) -> Vec<SeatCount> {
    counts
        .iter()
        .enumerate()
        .filter(|&(_, &count)| count > 0)
        .map(|(seat, &count)| SeatCount {
            seat: SeatId::of(seat),
            count,
        })
        .collect()
}
