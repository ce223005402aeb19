//! The state changes of the placement part of a round: its start, the dice placed, the end of a turn.

use super::super::building::Building;
use super::super::data::DATA;
use super::super::dice::{Dice, Hand};
use super::super::ids::{InhabitantId, ProvinceId, SeatId};
use super::super::phase::Phase;
use super::super::state::{Combo, Evaluation, Group, State, forum_place};
use super::seat_mut;

/// A1: the buildings are emptied, the dice return to the hands and the round's tiles are displayed.
pub(super) fn start_round(
    state: &mut State,
    round: u8,
    first_player: SeatId,
    provinces: &[ProvinceId],
    inhabitants: &[InhabitantId],
) {
    state.round = round;
    state.marker = first_player.seat() % state.players;
    state.current = state.marker;
    state.round_ending = false;
    return_all_dice(state);
    state.province_pile.retain(|province| !provinces.contains(province));
    state.province_display = provinces.iter().copied().collect();
    state
        .inhabitant_pile
        .retain(|inhabitant| !inhabitants.contains(inhabitant));
    state.inhabitant_display = inhabitants.iter().copied().collect();
    state.eval = Evaluation::new(state.players);
    state.step = Phase::TurnRoll;
}

/// Places `values` of `seat` on `building`: a Templum combination is created or extended, the seat's straight or
/// Castrum group grows, or the dice enter the Forum (pushing dice out, or to the Latrina when they do not fit).
pub(super) fn place_dice(state: &mut State, seat: usize, building: Building, values: &[u8], combo: Option<u8>) {
    if seat >= state.players {
        return;
    }
    state.seats[seat].hand.remove(values);
    let mut values: Dice = values.iter().copied().collect();
    values.sort_unstable();
    match building {
        Building::Templum => {
            let existing = combo.and_then(|id| state.templum.iter_mut().find(|own| own.id == id));
            match existing {
                Some(own) => {
                    own.dice.extend_from_slice(&values);
                    own.dice.sort_unstable();
                }
                None => {
                    let id = combo.unwrap_or_else(|| state.templum.iter().map(|other| other.id).max().unwrap_or(0) + 1);
                    state.templum.push(Combo { id, seat, dice: values });
                }
            }
        }
        Building::Senatus => {
            let (mut low, mut high) = state.seats[seat].straight.unwrap_or((u8::MAX, 0));
            for &value in &values {
                low = low.min(value);
                high = high.max(value);
            }
            if low <= high {
                state.seats[seat].straight = Some((low, high));
            }
        }
        Building::Castrum => {
            if let Some(&value) = values.first() {
                let added = values.len() as u8;
                match state
                    .castrum
                    .iter_mut()
                    .find(|group| group.seat == seat && group.value == value)
                {
                    Some(group) => group.size += added,
                    None => state.castrum.push(Group {
                        seat,
                        value,
                        size: added,
                    }),
                }
            }
        }
        Building::Forum => {
            let columns = state.columns();
            let (pushed_off, to_latrina) = forum_place(&mut state.forum, columns, seat, &values);
            for slot in &pushed_off {
                state.seats[slot.seat].latrina += 1;
            }
            state.seats[seat].latrina += to_latrina.len() as u8;
        }
    }
}

/// A4: the seat's dice in hand are no longer rolled; the next seat rolls, or the round ends.
pub(super) fn end_turn(state: &mut State, seat: SeatId, hand_empty: bool, next: Option<SeatId>) {
    if let Some(seat) = seat_mut(state, seat) {
        seat.hand.clear_values();
    }
    if hand_empty {
        state.round_ending = true;
    }
    match next {
        Some(next) => {
            state.current = next.seat() % state.players;
            state.step = Phase::TurnRoll;
        }
        None => state.step = Phase::RoundEnd,
    }
}

/// The dice return to their owners' hands, unrolled; the buildings are emptied.
pub(super) fn return_all_dice(state: &mut State) {
    for seat in &mut state.seats {
        seat.hand = Hand::unrolled(DATA.dice_per_seat);
        seat.latrina = 0;
        seat.straight = None;
    }
    state.templum.clear();
    state.castrum.clear();
    state.forum.clear();
}
