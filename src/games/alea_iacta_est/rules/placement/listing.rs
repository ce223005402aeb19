//! The legal turn actions in canonical order (spec 5.1): every reroll, then every placement building by building,
//! or else the forced Latrina. A turn lists up to a few hundred actions, so the listing makes no allocation per
//! action and builds each action's dice in a register.

use tinyvec::ArrayVec;

use crate::games::alea_iacta_est::action::Action;
use crate::games::alea_iacta_est::building::Building;
use crate::games::alea_iacta_est::dice::{Dice, FACES, Hand};
use crate::games::alea_iacta_est::state::{COMBOS, State, straight_rank};

/// The first `len` values packed in `packed`, one per byte, the first in the low byte. A listed action's `Dice` is
/// made this way, by a whole-array copy and a length: a `Dice` grown by `push` and copied out (or made by
/// `from_array_len`) was written to the stack and read back in pieces, which stalled on every listed action.
fn packed_dice(packed: u64, len: usize) -> Dice {
    let mut dice = Dice::from(packed.to_le_bytes());
    dice.set_len(len);
    dice
}

/// Calls `visit` with every non-empty sub-multiset of the hand with at most `max_len` dice, in canonical order
/// (lexicographic, a prefix first): the enumeration of non-decreasing sequences yields that order directly. No
/// sub-multiset costs an allocation; `visit` is generic so that it is inlined into the enumeration (a turn lists up
/// to 255 rerolls).
fn for_each_sub_multiset(hand: &Hand, max_len: usize, visit: &mut impl FnMut(Dice)) {
    /// Visits the prefix (its `len` values packed, see `packed_dice`) extended by the `distinct`-th distinct value
    /// of the hand, then its extensions in order: that value again while the hand holds `left` more of it, then each
    /// greater value. A greater value is not in the prefix yet, so the hand holds one: every step of the walk is a
    /// sub-multiset. The prefix is passed in a register (see `packed_dice`).
    fn extend(
        values: &[(u8, u8)],
        distinct: usize,
        left: u8,
        max_len: usize,
        prefix: u64,
        len: usize,
        visit: &mut impl FnMut(Dice),
    ) {
        let prefix = prefix | u64::from(values[distinct].0) << (8 * len);
        let len = len + 1;
        visit(packed_dice(prefix, len));
        if len < max_len {
            if left > 0 {
                extend(values, distinct, left - 1, max_len, prefix, len, visit);
            }
            for greater in distinct + 1..values.len() {
                extend(values, greater, values[greater].1 - 1, max_len, prefix, len, visit);
            }
        }
    }
    if hand.rolled && max_len > 0 {
        // The distinct values with their counts, ascending.
        let values: ArrayVec<[(u8, u8); FACES as usize]> = (1..=FACES)
            .map(|value| (value, hand.counts[value as usize]))
            .filter(|&(_, count)| count > 0)
            .collect();
        for first in 0..values.len() {
            extend(&values, first, values[first].1 - 1, max_len, 0, 0, visit);
        }
    }
}

/// Every non-empty sub-multiset of the hand, in canonical order (lexicographic, a prefix first).
pub fn sub_multisets(hand: &Hand) -> Vec<Vec<u8>> {
    let mut out = Vec::new();
    for_each_sub_multiset(hand, usize::MAX, &mut |values| out.push(values.to_vec()));
    out
}

fn place(building: Building, values: Dice, combo: Option<u8>) -> Action {
    Action::Place {
        building,
        values,
        combo,
    }
}

/// Every legal `place` action of `seat`, in canonical order.
pub(super) fn place_actions(state: &State, seat: usize) -> Vec<Action> {
    let mut out = Vec::new();
    push_place_actions(state, seat, &mut out);
    out
}

/// Appends every legal `place` action of `seat` to `out`, in canonical order.
fn push_place_actions(state: &State, seat: usize, out: &mut Vec<Action>) {
    let hand = state.seats[seat].hand;
    if !hand.rolled || hand.size == 0 {
        return;
    }
    if state.templum_used() {
        push_templum_places(state, seat, &hand, out);
    }
    push_senatus_places(state, seat, &hand, out);
    push_castrum_places(state, seat, &hand, out);
    push_forum_places(state, &hand, out);
}

/// Templum: new combinations of one die more than the top and a greater sum, then the seat's combinations (by id)
/// extended to that size and a greater sum.
fn push_templum_places(state: &State, seat: usize, hand: &Hand, out: &mut Vec<Action>) {
    let (top_size, top_sum) = state.templum_top().map_or((0, 0), |top| (top.dice.len(), top.sum()));
    let sum = |values: &Dice| values.iter().map(|&value| value as u32).sum::<u32>();
    for_each_sub_multiset(hand, top_size + 1, &mut |values| {
        if values.len() == top_size + 1 && sum(&values) > top_sum {
            out.push(place(Building::Templum, values, None));
        }
    });
    // The seat's combinations by id: (id, dice, sum).
    let mut own: ArrayVec<[(u8, usize, u32); COMBOS]> = state
        .templum
        .iter()
        .filter(|combo| combo.seat == seat)
        .map(|combo| (combo.id, combo.dice.len(), combo.sum()))
        .collect();
    own.sort_unstable();
    for (id, dice, base) in own {
        let added = top_size + 1 - dice;
        for_each_sub_multiset(hand, added, &mut |values| {
            if values.len() == added && base + sum(&values) > top_sum {
                out.push(place(Building::Templum, values, Some(id)));
            }
        });
    }
}

/// Senatus: each run `low..=high` that holds the seat's straight and beats the best one, the values it adds to the
/// straight as a bit mask (bit v: value v). Listed by `low`, then `high`, the added values come in canonical order:
/// with a straight `own_low..=own_high`, a run with `low < own_low` adds values starting below `own_low`, one with
/// `low = own_low` values above `own_high`, and a longer run adds values after those of a shorter one.
fn push_senatus_places(state: &State, seat: usize, hand: &Hand, out: &mut Vec<Action>) {
    let own = state.seats[seat].straight;
    let best = state.best_straight().map(|(_, straight)| straight_rank(straight));
    let run = |low: u8, high: u8| (1u8 << (high + 1)).wrapping_sub(1 << low);
    let own_mask = own.map_or(0, |(own_low, own_high)| run(own_low, own_high));
    let in_hand = (1..=FACES)
        .filter(|&value| hand.counts[value as usize] > 0)
        .fold(0u8, |mask, value| mask | 1 << value);
    // A run can be completed when the straight and the hand hold each of its values: only runs inside such a
    // stretch of values are looked at.
    let held = in_hand | own_mask;
    for low in (1..=FACES).filter(|&low| held & 1 << low != 0) {
        for high in (low..=FACES).take_while(|&high| held & 1 << high != 0) {
            let holds_own = |(own_low, own_high): (u8, u8)| {
                low <= own_low && own_high <= high && (high - low) > (own_high - own_low)
            };
            if own.is_some_and(|own| !holds_own(own)) || best.is_some_and(|best| straight_rank((low, high)) <= best) {
                continue;
            }
            let mut added = run(low, high) & !own_mask;
            let (mut packed, mut len) = (0, 0);
            while added != 0 {
                packed |= u64::from(added.trailing_zeros()) << (8 * len);
                len += 1;
                added &= added - 1;
            }
            out.push(place(Building::Senatus, packed_dice(packed, len), None));
        }
    }
}

/// Castrum: per value, the size of the seat's group and the sizes of the other seats' groups (bit k: size k; no
/// group holds more than a hand of dice, at most 8 when the tables load); each count of that value in hand that
/// ties no other group.
fn push_castrum_places(state: &State, seat: usize, hand: &Hand, out: &mut Vec<Action>) {
    let mut own_size = [0u8; FACES as usize + 1];
    let mut taken = [0u32; FACES as usize + 1];
    for group in &state.castrum {
        if group.seat == seat {
            own_size[group.value as usize] = group.size;
        } else {
            taken[group.value as usize] |= 1 << group.size;
        }
    }
    for value in 1..=FACES {
        for count in 1..=hand.counts[value as usize] {
            if taken[value as usize] & 1 << (own_size[value as usize] + count) == 0 {
                let same = (0..count).fold(0, |packed, index| packed | u64::from(value) << (8 * index));
                out.push(place(Building::Castrum, packed_dice(same, count.into()), None));
            }
        }
    }
}

/// Forum: a single of each value, and the two pairs, each after the single it starts with (canonical order).
fn push_forum_places(state: &State, hand: &Hand, out: &mut Vec<Action>) {
    for value in 1..=FACES {
        if hand.counts[value as usize] > 0 && state.forum_fit(value).is_some() {
            out.push(place(Building::Forum, Dice::from_iter([value]), None));
        }
        if value == 1 && hand.counts[1] > 0 && hand.counts[4] > 0 {
            out.push(place(Building::Forum, Dice::from_iter([1, 4]), None));
        }
        if value == 2 && hand.counts[2] > 0 && hand.counts[3] > 0 && state.forum_fit(2).is_some() {
            out.push(place(Building::Forum, Dice::from_iter([2, 3]), None));
        }
    }
}

/// Placements a turn's list makes room for before listing them.
const PLACES_RESERVED: usize = 48;

/// Every legal action of the current seat in `turn_decide`, in canonical order.
pub(in super::super) fn turn_actions(state: &State, seat: usize) -> Vec<Action> {
    let hand = state.seats[seat].hand;
    // One reroll per sub-multiset: the product of (count + 1) over the values, less the empty one.
    let rerolls = if state.seats[seat].reroll_tokens > 0 {
        hand.counts
            .iter()
            .map(|&count| usize::from(count) + 1)
            .product::<usize>()
            - 1
    } else {
        0
    };
    // Room for the placements too (rarely more than this), so that they seldom move the list.
    let mut out = Vec::with_capacity(rerolls + PLACES_RESERVED);
    if rerolls > 0 {
        for_each_sub_multiset(&hand, usize::MAX, &mut |values| out.push(Action::Reroll { values }));
    }
    let listed = out.len();
    push_place_actions(state, seat, &mut out);
    if out.len() == listed && hand.size > 0 {
        out.push(Action::LatrinaForced {});
    }
    out
}
