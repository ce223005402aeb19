//! The placement of dice: the turns of a round, from `round_start` to `round_end` (spec 4.2, A1-A5). A turn's
//! actions (reroll, place by the placement rules of spec 7 in `check.rs`, latrina_forced) and their events with the
//! favour draw of a Templum placement (A3); the legal turn actions in canonical order (spec 5.1) are in `listing.rs`.

mod check;
mod listing;

use crate::engine::{RuleCode, RuleError};
use crate::games::alea_iacta_est::building::Building;
use crate::games::alea_iacta_est::dice::{Dice, FACES};
use crate::games::alea_iacta_est::event::{Event, FavourToken, ForumDie, SeatCount};
use crate::games::alea_iacta_est::ids::{InhabitantId, ProvinceId, SeatId};
use crate::games::alea_iacta_est::state::{State, forum_place};

use super::{Chance, Ctx, rule, shuffled};
pub use check::check_place;
use listing::place_actions;
pub use listing::sub_multisets;
pub(super) use listing::turn_actions;

/// A1: the round starts with the next tiles of the piles revealed.
pub(super) fn round_start(state: &State) -> Event {
    let provinces: Vec<ProvinceId> = state
        .province_pile
        .iter()
        .take(state.params.provinces_per_round)
        .copied()
        .collect();
    let inhabitants: Vec<InhabitantId> = state
        .inhabitant_pile
        .iter()
        .take(state.params.inhabitants_per_round)
        .copied()
        .collect();
    Event::RoundStarted {
        round: state.round + 1,
        first_player: SeatId::of(state.marker),
        provinces,
        inhabitants,
    }
}

/// A2: the current seat rolls every die in its hand.
pub(super) fn turn_roll(state: &State, chance: &mut dyn Chance) -> Event {
    let seat = state.current;
    let count = state.seats[seat].hand.size as usize;
    let values = roll(chance, count);
    Event::DiceRolled {
        seat: SeatId::of(seat),
        values,
    }
}

fn roll(chance: &mut dyn Chance, count: usize) -> Vec<u8> {
    (0..count).map(|_| chance.die().clamp(1, FACES)).collect()
}

/// A4: the turn ends and the next seat is chosen (4.2).
pub(super) fn turn_end(state: &State) -> Event {
    let seat = state.current;
    Event::TurnEnded {
        seat: SeatId::of(seat),
        hand_empty: state.seats[seat].hand.size == 0,
        next: state.next_seat(seat).map(SeatId::of),
    }
}

/// A5: the dice still in hand go to the Latrina.
pub(super) fn round_end(state: &State) -> Event {
    let to_latrina = (0..state.players)
        .filter(|&seat| state.seats[seat].hand.size > 0)
        .map(|seat| SeatCount {
            seat: SeatId::of(seat),
            count: state.seats[seat].hand.size,
        })
        .collect();
    Event::RoundEnded {
        round: state.round,
        to_latrina,
    }
}

/// A reroll: it has no automatic follow-up, so no working copy of the state is needed.
pub(super) fn reroll(
    state: &State,
    seat: usize,
    values: &[u8],
    chance: &mut dyn Chance,
) -> Result<Vec<Event>, RuleError> {
    let seat_state = &state.seats[seat];
    if seat_state.reroll_tokens == 0 {
        return Err(rule(RuleCode::NoRerollTokens, "you have no reroll token"));
    }
    if values.is_empty() {
        return Err(rule(RuleCode::NoDice, "choose at least one die to reroll"));
    }
    if values.iter().any(|value| !(1..=FACES).contains(value)) {
        return Err(rule(RuleCode::InvalidDieValue, "die values are 1 to 6"));
    }
    let mut rerolled = values.to_vec();
    rerolled.sort_unstable();
    if !seat_state.hand.contains(&rerolled) {
        return Err(rule(RuleCode::DiceNotInHand, format!("your rolled hand does not hold the values {rerolled:?}")));
    }
    let values = roll(chance, rerolled.len());
    Ok(vec![Event::DiceRerolled {
        seat: SeatId::of(seat),
        rerolled,
        values,
        tokens_spent: 1,
    }])
}

/// A placement, once checked: its event, with the dice a Forum placement pushes out or that do not fit.
pub(super) fn place(
    state: &State,
    seat: usize,
    building: Building,
    values: &Dice,
    combo: Option<u8>,
) -> Result<Event, RuleError> {
    let mut values = *values;
    values.sort_unstable();
    check_place(state, seat, building, &values, combo)?;
    let combo = match building {
        Building::Templum => {
            Some(combo.unwrap_or_else(|| state.templum.iter().map(|own| own.id).max().unwrap_or(0) + 1))
        }
        _ => None,
    };
    let (pushed, to_latrina) = if building == Building::Forum {
        let mut forum = state.forum;
        forum_place(&mut forum, state.columns(), seat, &values)
    } else {
        (vec![], vec![])
    };
    let pushed_off = pushed
        .iter()
        .map(|slot| ForumDie {
            seat: SeatId::of(slot.seat),
            value: slot.value,
        })
        .collect();
    Ok(Event::DicePlaced {
        seat: SeatId::of(seat),
        building,
        values: values.to_vec(),
        combo,
        pushed_off,
        to_latrina,
    })
}

/// Only when no placement is legal: the lowest die goes to the Latrina (D7).
pub(super) fn latrina_forced(state: &State, seat: usize) -> Result<Event, RuleError> {
    if !place_actions(state, seat).is_empty() {
        return Err(rule(
            RuleCode::PlacementPossible,
            "you can still place dice: the Latrina takes dice only when no placement is legal",
        ));
    }
    if state.seats[seat].hand.lowest().is_none() {
        return Err(rule(RuleCode::NoDice, "your hand is empty"));
    }
    let value = state.seats[seat].hand.lowest().unwrap_or(1);
    Ok(Event::LatrinaForced {
        seat: SeatId::of(seat),
        value,
    })
}

impl Ctx<'_> {
    /// Draws `count` favour tokens for `seat`, reshuffling the discard pile when the draw pile runs out (A3, D12).
    pub(super) fn draw_favour(&mut self, seat: usize, mut count: usize) {
        while count > 0 {
            let take = count.min(self.state.favour_pile.len());
            if take > 0 {
                let tokens: Vec<FavourToken> = self.state.favour_pile[..take]
                    .iter()
                    .map(|&token| FavourToken::of(token))
                    .collect();
                self.emit(Event::FavourDrawn {
                    seat: SeatId::of(seat),
                    count: take as u8,
                    tokens: Some(tokens),
                });
                count -= take;
            }
            if count == 0 || self.state.favour_discard.is_empty() {
                break;
            }
            let order = shuffled(self.chance, &self.state.favour_discard);
            self.emit(Event::FavourReshuffled {
                count: order.len() as u8,
                order: Some(order),
            });
        }
    }
}
