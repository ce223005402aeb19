//! The evaluation of the buildings after the placement (spec 6 A6-A11, 7.1, 7.3-7.5): the Templum keeps favour
//! tokens, the Castrum groups pick provinces and the Forum dice inhabitants in rank order, the Latrina gives reroll
//! tokens, and the marker passes. The Senate's evaluation is in `senate.rs`.

use crate::engine::RuleError;

use super::super::state::{Combo, State};
use super::super::types::{
    AleaIactaEstAction as Action, AleaIactaEstEvaluatedBuilding as Evaluated, AleaIactaEstEvent as Event,
    AleaIactaEstFavourToken as FavourToken, AleaIactaEstGroup as GroupView, AleaIactaEstSeatCount as SeatCount,
    AleaIactaEstTemplumResult as TemplumResult,
};
use super::super::types::{InhabitantId, ProvinceId, SeatId};
use super::rule;

/// A6: the Templum's favour tokens are kept or discarded.
pub(super) fn eval_templum(s: &State) -> Event {
    Event::TemplumResolved {
        results: templum_results(s),
    }
}

/// Which favour tokens each seat keeps at the Templum evaluation (7.1, D11), and which of its combinations keep none.
pub fn templum_results(state: &State) -> Vec<TemplumResult> {
    let top = state.templum_top().map(|c| c.id);
    let entitlement = |c: &Combo| if Some(c.id) == top && c.dice.len() > 1 { 2 } else { 1 };
    (0..state.n)
        .filter_map(|s| {
            let combos: Vec<&Combo> = state.templum.iter().filter(|c| c.seat == s).collect();
            let mut hidden = state.seats[s].favour_hidden;
            if combos.is_empty() && hidden.is_empty() {
                return None;
            }
            hidden.sort_by_key(|t| (std::cmp::Reverse(t.value()), *t));
            let keep = combos.iter().map(|c| entitlement(c)).sum::<usize>().min(hidden.len());
            Some(TemplumResult {
                seat: SeatId::of(s),
                kept: hidden[..keep].iter().map(|&t| FavourToken::of(t)).collect(),
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
    let sum = |mask: u32, f: &dyn Fn(&Combo) -> usize| -> usize {
        (0..combos.len())
            .filter(|i| mask & 1 << i != 0)
            .map(|i| f(combos[i]))
            .sum()
    };
    let holders = (0u32..1 << combos.len())
        .filter(|&mask| sum(mask, &entitlement) >= kept)
        .min_by_key(|&mask| (sum(mask, &|c| c.dice.len()), mask))
        .unwrap_or(0);
    (0..combos.len())
        .filter(|i| holders & 1 << i == 0)
        .map(|i| combos[i].id)
        .collect()
}

/// A8.1: the Castrum groups are ranked.
pub(super) fn eval_castrum(s: &State) -> Event {
    let ranking = s
        .castrum_ranking()
        .iter()
        .map(|g| GroupView {
            seat: SeatId::of(g.seat),
            value: g.value,
            size: g.size,
        })
        .collect();
    Event::CastrumRanked { ranking }
}

/// A pick with a single province left is made automatically (D19).
pub(super) fn castrum_pick(s: &State) -> Option<Event> {
    if s.province_display.len() != 1 {
        return None;
    }
    let seat = s.to_act().unwrap_or(0);
    let province = s.province_display[0];
    Some(Event::ProvinceTaken {
        seat: SeatId::of(seat),
        province,
        automatic: true,
    })
}

pub(super) fn take_province(state: &State, seat: usize, province: ProvinceId) -> Result<Event, RuleError> {
    if !state.province_display.contains(&province) {
        return Err(rule(
            "province_not_displayed",
            format!("{} is not in the province display", province.id()),
        ));
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
pub(super) fn castrum_finish(s: &State) -> Event {
    let mut counts = vec![0u8; s.n];
    for g in s.eval.castrum_ranking.iter().skip(s.eval.castrum_index) {
        counts[g.seat] += g.size;
    }
    let dice = seat_counts(&counts);
    Event::DiceToLatrina {
        building: Evaluated::Castrum,
        dice,
    }
}

/// A8.4: the tiles left in the display are removed.
pub(super) fn castrum_clear(s: &State) -> Event {
    let provinces = s.province_display.to_vec();
    Event::DisplayRemoved {
        provinces,
        inhabitants: vec![],
    }
}

/// A pick with a single inhabitant left is made automatically (D19).
pub(super) fn forum_pick(s: &State) -> Option<Event> {
    if s.inhabitant_display.len() != 1 {
        return None;
    }
    let seat = s.to_act().unwrap_or(0);
    Some(Event::InhabitantTaken {
        seat: SeatId::of(seat),
        column: s.eval.forum_index as u8 + 1,
        inhabitant: s.inhabitant_display[0],
        automatic: true,
    })
}

pub(super) fn take_inhabitant(state: &State, seat: usize, inhabitant: InhabitantId) -> Result<Event, RuleError> {
    if !state.inhabitant_display.contains(&inhabitant) {
        return Err(rule(
            "inhabitant_not_displayed",
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
pub(super) fn forum_finish(s: &State) -> Event {
    let inhabitants = s.inhabitant_display.to_vec();
    Event::DisplayRemoved {
        provinces: vec![],
        inhabitants,
    }
}

/// A10: one reroll token per die in the Latrina.
pub(super) fn eval_latrina(s: &State) -> Event {
    let counts: Vec<u8> = s.seats.iter().map(|st| st.latrina).collect();
    let awards = seat_counts(&counts);
    Event::RerollTokensAwarded { awards }
}

/// A11: the marker passes to the left.
pub(super) fn round_cleanup(s: &State) -> Event {
    Event::FirstPlayerPassed {
        from: SeatId::of(s.marker),
        to: SeatId::of((s.marker + 1) % s.n),
    }
}

fn seat_counts(counts: &[u8]) -> Vec<SeatCount> {
    counts
        .iter()
        .enumerate()
        .filter(|&(_, &c)| c > 0)
        .map(|(i, &c)| SeatCount {
            seat: SeatId::of(i),
            count: c,
        })
        .collect()
}
