//! The placement rules (spec 7): which dice a building takes from a seat's rolled hand.

use crate::engine::{RuleCode, RuleError};
use crate::games::alea_iacta_est::building::Building;
use crate::games::alea_iacta_est::dice::FACES;
use crate::games::alea_iacta_est::state::{State, straight_rank};

use super::super::rule;

fn err(code: RuleCode, message: impl Into<String>) -> Result<(), RuleError> {
    Err(rule(code, message))
}

/// Checks a placement of `values` (ascending) by `seat`. The caller has checked the step and the turn.
pub fn check_place(
    state: &State,
    seat: usize,
    building: Building,
    values: &[u8],
    combo: Option<u8>,
) -> Result<(), RuleError> {
    if values.is_empty() {
        return err(RuleCode::NoDice, "place at least one die");
    }
    if values.iter().any(|value| !(1..=FACES).contains(value)) {
        return err(RuleCode::InvalidDieValue, "die values are 1 to 6");
    }
    if !state.seats[seat].hand.contains(values) {
        return err(RuleCode::DiceNotInHand, format!("your rolled hand does not hold the values {values:?}"));
    }
    if building != Building::Templum && combo.is_some() {
        return err(RuleCode::InvalidCombo, "a combination id is only given for the Templum");
    }
    match building {
        Building::Templum => check_templum(state, seat, values, combo),
        Building::Senatus => check_senatus(state, seat, values),
        Building::Castrum => check_castrum(state, seat, values),
        Building::Forum => check_forum(state, values),
    }
}

fn check_templum(state: &State, seat: usize, values: &[u8], combo: Option<u8>) -> Result<(), RuleError> {
    if !state.templum_used() {
        return err(RuleCode::BuildingNotUsed, "the Templum is used only with 4 or 5 players");
    }
    let (top_size, top_sum) = state.templum_top().map_or((0, 0), |top| (top.dice.len(), top.sum()));
    let sum: u32 = values.iter().map(|&value| value as u32).sum();
    let (size, total) = match combo {
        None => (values.len(), sum),
        Some(id) => {
            let Some(own) = state.templum.iter().find(|combo| combo.id == id) else {
                return err(RuleCode::UnknownCombo, format!("there is no Templum combination {id}"));
            };
            if own.seat != seat {
                return err(RuleCode::NotYourCombo, format!("Templum combination {id} is not yours"));
            }
            (own.dice.len() + values.len(), own.sum() + sum)
        }
    };
    if size != top_size + 1 {
        return err(
            RuleCode::TemplumWrongCount,
            format!(
                "the Templum combination must have exactly {} dice (the top has {top_size}); it would have {size}",
                top_size + 1
            ),
        );
    }
    if total <= top_sum {
        return err(
            RuleCode::TemplumSumTooLow,
            format!("the Templum combination must sum to more than {top_sum}; it would sum to {total}"),
        );
    }
    Ok(())
}

fn check_senatus(state: &State, seat: usize, values: &[u8]) -> Result<(), RuleError> {
    if values.windows(2).any(|pair| pair[0] == pair[1]) {
        return err(RuleCode::NotAStraight, "a straight uses each value once: the Senate takes no repeated values");
    }
    let own = state.seats[seat].straight;
    if let Some((low, high)) = own
        && values.iter().any(|value| (low..=high).contains(value))
    {
        return err(RuleCode::NotAStraight, "your straight already holds one of these values");
    }
    let (mut low, mut high) = own.unwrap_or((u8::MAX, 0));
    for &value in values {
        low = low.min(value);
        high = high.max(value);
    }
    let own_len = own.map_or(0, |(own_low, own_high)| (own_high + 1 - own_low) as usize);
    if (high + 1 - low) as usize != own_len + values.len() {
        return err(RuleCode::NotAStraight, "the Senate dice of a seat must form one straight of consecutive values");
    }
    if let Some((_, best)) = state.best_straight()
        && straight_rank((low, high)) <= straight_rank(best)
    {
        return err(
            RuleCode::SenateNotBetter,
            format!(
                "the straight {low}-{high} must beat the best straight in the Senate ({}-{}): longer, or as long with higher values",
                best.0, best.1
            ),
        );
    }
    Ok(())
}

fn check_castrum(state: &State, seat: usize, values: &[u8]) -> Result<(), RuleError> {
    let value = values[0];
    if values.iter().any(|&other| other != value) {
        return err(RuleCode::CastrumMixedValues, "a Castrum combination holds dice of one value only");
    }
    let own = state
        .castrum
        .iter()
        .find(|group| group.seat == seat && group.value == value)
        .map_or(0, |group| group.size as usize);
    let size = own + values.len();
    if state
        .castrum
        .iter()
        .any(|group| group.seat != seat && group.value == value && group.size as usize == size)
    {
        return err(
            RuleCode::CastrumTie,
            format!("another seat already has {size} dice of value {value} in the Castrum: no ties"),
        );
    }
    Ok(())
}

fn check_forum(state: &State, values: &[u8]) -> Result<(), RuleError> {
    match values {
        [value] => {
            if state.forum_fit(*value).is_none() {
                return err(RuleCode::ForumNoRoom, format!("a {value} does not fit in the Forum"));
            }
        }
        [1, 4] | [2, 3] => {
            if state.forum_fit(values[0]).is_none() {
                return err(RuleCode::ForumNoRoom, format!("the {} of the pair does not fit in the Forum", values[0]));
            }
        }
        _ => {
            return err(RuleCode::ForumInvalidDice, "the Forum takes one die, or a pair summing to 5 (1+4 or 2+3)");
        }
    }
    Ok(())
}
