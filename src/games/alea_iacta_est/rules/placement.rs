//! The placement of dice: the turns of a round, from `round_start` to `round_end` (spec 4.2, A1-A5). A turn's
//! actions (reroll, place by the placement rules of spec 7, latrina_forced), their events with the favour draw of a
//! Templum placement (A3), and the legal turn actions in canonical order (spec 5.1).

use tinyvec::ArrayVec;

use crate::engine::RuleError;

use super::super::evolve::forum_place;
use super::super::state::{COMBOS, FACES, Hand, State, straight_rank};
use super::super::types::{
    AleaIactaEstAction as Action, AleaIactaEstBuilding as Building, AleaIactaEstDice as Dice,
    AleaIactaEstEvent as Event, AleaIactaEstFavourToken as FavourToken, AleaIactaEstForumDie as ForumDie,
    AleaIactaEstSeatCount as SeatCount,
};
use super::super::types::{InhabitantId, ProvinceId, SeatId};
use super::{Chance, Ctx, rule, shuffled};

/// A1: the round starts with the next tiles of the piles revealed.
pub(super) fn round_start(s: &State) -> Event {
    let provinces: Vec<ProvinceId> = s
        .province_pile
        .iter()
        .take(s.params.provinces_per_round)
        .copied()
        .collect();
    let inhabitants: Vec<InhabitantId> = s
        .inhabitant_pile
        .iter()
        .take(s.params.inhabitants_per_round)
        .copied()
        .collect();
    Event::RoundStarted {
        round: s.round + 1,
        first_player: SeatId::of(s.marker),
        provinces,
        inhabitants,
    }
}

/// A2: the current seat rolls every die in its hand.
pub(super) fn turn_roll(s: &State, chance: &mut dyn Chance) -> Event {
    let seat = s.current;
    let count = s.seats[seat].hand.size as usize;
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
pub(super) fn turn_end(s: &State) -> Event {
    let seat = s.current;
    Event::TurnEnded {
        seat: SeatId::of(seat),
        hand_empty: s.seats[seat].hand.size == 0,
        next: s.next_seat(seat).map(SeatId::of),
    }
}

/// A5: the dice still in hand go to the Latrina.
pub(super) fn round_end(s: &State) -> Event {
    let to_latrina = (0..s.n)
        .filter(|&i| s.seats[i].hand.size > 0)
        .map(|i| SeatCount {
            seat: SeatId::of(i),
            count: s.seats[i].hand.size,
        })
        .collect();
    Event::RoundEnded {
        round: s.round,
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
    let st = &state.seats[seat];
    if st.reroll_tokens == 0 {
        return Err(rule("no_reroll_tokens", "you have no reroll token"));
    }
    if values.is_empty() {
        return Err(rule("no_dice", "choose at least one die to reroll"));
    }
    if values.iter().any(|v| !(1..=FACES).contains(v)) {
        return Err(rule("invalid_die_value", "die values are 1 to 6"));
    }
    let mut rerolled = values.to_vec();
    rerolled.sort_unstable();
    if !st.hand.contains(&rerolled) {
        return Err(rule(
            "dice_not_in_hand",
            format!("your rolled hand does not hold the values {rerolled:?}"),
        ));
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
        Building::Templum => Some(combo.unwrap_or_else(|| state.templum.iter().map(|c| c.id).max().unwrap_or(0) + 1)),
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
        .map(|d| ForumDie {
            seat: SeatId::of(d.seat),
            value: d.value,
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
            "placement_possible",
            "you can still place dice: the Latrina takes dice only when no placement is legal",
        ));
    }
    if state.seats[seat].hand.lowest().is_none() {
        return Err(rule("no_dice", "your hand is empty"));
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
                    .map(|&t| FavourToken::of(t))
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
    /// Visits the prefix (its `len` values packed, see `packed_dice`) extended by the `i`-th distinct value of the
    /// hand, then its extensions in order: that value again while the hand holds `left` more of it, then each
    /// greater value. A greater value is not in the prefix yet, so the hand holds one: every step of the walk is a
    /// sub-multiset. The prefix is passed in a register (see `packed_dice`).
    fn extend(
        values: &[(u8, u8)],
        i: usize,
        left: u8,
        max_len: usize,
        prefix: u64,
        len: usize,
        visit: &mut impl FnMut(Dice),
    ) {
        let prefix = prefix | u64::from(values[i].0) << (8 * len);
        let len = len + 1;
        visit(packed_dice(prefix, len));
        if len < max_len {
            if left > 0 {
                extend(values, i, left - 1, max_len, prefix, len, visit);
            }
            for j in i + 1..values.len() {
                extend(values, j, values[j].1 - 1, max_len, prefix, len, visit);
            }
        }
    }
    if hand.rolled && max_len > 0 {
        // The distinct values with their counts, ascending.
        let values: ArrayVec<[(u8, u8); FACES as usize]> = (1..=FACES)
            .map(|v| (v, hand.counts[v as usize]))
            .filter(|&(_, count)| count > 0)
            .collect();
        for j in 0..values.len() {
            extend(&values, j, values[j].1 - 1, max_len, 0, 0, visit);
        }
    }
}

/// Every non-empty sub-multiset of the hand, in canonical order (lexicographic, a prefix first).
pub fn sub_multisets(hand: &Hand) -> Vec<Vec<u8>> {
    let mut out = Vec::new();
    for_each_sub_multiset(hand, usize::MAX, &mut |values| out.push(values.to_vec()));
    out
}

fn err(code: &'static str, message: impl Into<String>) -> Result<(), RuleError> {
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
        return err("no_dice", "place at least one die");
    }
    if values.iter().any(|v| !(1..=FACES).contains(v)) {
        return err("invalid_die_value", "die values are 1 to 6");
    }
    if !state.seats[seat].hand.contains(values) {
        return err(
            "dice_not_in_hand",
            format!("your rolled hand does not hold the values {values:?}"),
        );
    }
    if building != Building::Templum && combo.is_some() {
        return err("invalid_combo", "a combination id is only given for the Templum");
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
        return err("building_not_used", "the Templum is used only with 4 or 5 players");
    }
    let (t, s) = state.templum_top().map_or((0, 0), |c| (c.dice.len(), c.sum()));
    let sum: u32 = values.iter().map(|&v| v as u32).sum();
    let (size, total) = match combo {
        None => (values.len(), sum),
        Some(id) => {
            let Some(own) = state.templum.iter().find(|c| c.id == id) else {
                return err("unknown_combo", format!("there is no Templum combination {id}"));
            };
            if own.seat != seat {
                return err("not_your_combo", format!("Templum combination {id} is not yours"));
            }
            (own.dice.len() + values.len(), own.sum() + sum)
        }
    };
    if size != t + 1 {
        return err(
            "templum_wrong_count",
            format!(
                "the Templum combination must have exactly {} dice (the top has {t}); it would have {size}",
                t + 1
            ),
        );
    }
    if total <= s {
        return err(
            "templum_sum_too_low",
            format!("the Templum combination must sum to more than {s}; it would sum to {total}"),
        );
    }
    Ok(())
}

fn check_senatus(state: &State, seat: usize, values: &[u8]) -> Result<(), RuleError> {
    if values.windows(2).any(|w| w[0] == w[1]) {
        return err(
            "not_a_straight",
            "a straight uses each value once: the Senate takes no repeated values",
        );
    }
    let own = state.seats[seat].straight;
    if let Some((low, high)) = own
        && values.iter().any(|v| (low..=high).contains(v))
    {
        return err("not_a_straight", "your straight already holds one of these values");
    }
    let (mut low, mut high) = own.unwrap_or((u8::MAX, 0));
    for &v in values {
        low = low.min(v);
        high = high.max(v);
    }
    let own_len = own.map_or(0, |(l, h)| (h + 1 - l) as usize);
    if (high + 1 - low) as usize != own_len + values.len() {
        return err(
            "not_a_straight",
            "the Senate dice of a seat must form one straight of consecutive values",
        );
    }
    if let Some((_, best)) = state.best_straight()
        && straight_rank((low, high)) <= straight_rank(best)
    {
        return err(
            "senate_not_better",
            format!(
                "the straight {low}-{high} must beat the best straight in the Senate ({}-{}): longer, or as long with higher values",
                best.0, best.1
            ),
        );
    }
    Ok(())
}

fn check_castrum(state: &State, seat: usize, values: &[u8]) -> Result<(), RuleError> {
    let v = values[0];
    if values.iter().any(|&x| x != v) {
        return err(
            "castrum_mixed_values",
            "a Castrum combination holds dice of one value only",
        );
    }
    let own = state
        .castrum
        .iter()
        .find(|g| g.seat == seat && g.value == v)
        .map_or(0, |g| g.size as usize);
    let size = own + values.len();
    if state
        .castrum
        .iter()
        .any(|g| g.seat != seat && g.value == v && g.size as usize == size)
    {
        return err(
            "castrum_tie",
            format!("another seat already has {size} dice of value {v} in the Castrum: no ties"),
        );
    }
    Ok(())
}

fn check_forum(state: &State, values: &[u8]) -> Result<(), RuleError> {
    match values {
        [v] => {
            if state.forum_fit(*v).is_none() {
                return err("forum_no_room", format!("a {v} does not fit in the Forum"));
            }
        }
        [1, 4] | [2, 3] => {
            if state.forum_fit(values[0]).is_none() {
                return err(
                    "forum_no_room",
                    format!("the {} of the pair does not fit in the Forum", values[0]),
                );
            }
        }
        _ => {
            return err(
                "forum_invalid_dice",
                "the Forum takes one die, or a pair summing to 5 (1+4 or 2+3)",
            );
        }
    }
    Ok(())
}

/// Every legal `place` action of `seat`, in canonical order.
fn place_actions(state: &State, seat: usize) -> Vec<Action> {
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
    let place = |building, values: Dice, combo| Action::Place {
        building,
        values,
        combo,
    };
    // Templum.
    if state.templum_used() {
        let (t, s) = state.templum_top().map_or((0, 0), |c| (c.dice.len(), c.sum()));
        let sum = |v: &Dice| v.iter().map(|&x| x as u32).sum::<u32>();
        for_each_sub_multiset(&hand, t + 1, &mut |v| {
            if v.len() == t + 1 && sum(&v) > s {
                out.push(place(Building::Templum, v, None));
            }
        });
        // The seat's combinations by id: (id, dice, sum).
        let mut own: ArrayVec<[(u8, usize, u32); COMBOS]> = state
            .templum
            .iter()
            .filter(|c| c.seat == seat)
            .map(|c| (c.id, c.dice.len(), c.sum()))
            .collect();
        own.sort_unstable();
        for (id, dice, base) in own {
            let m = t + 1 - dice;
            for_each_sub_multiset(&hand, m, &mut |v| {
                if v.len() == m && base + sum(&v) > s {
                    out.push(place(Building::Templum, v, Some(id)));
                }
            });
        }
    }
    // Senatus: each run `a..=b` that holds the seat's straight and beats the best one, the values it adds to the
    // straight as a bit mask (bit v: value v). Listed by `a`, then `b`, the added values come in canonical order:
    // with a straight `l..=h`, a run with `a < l` adds values starting below `l`, one with `a = l` values above `h`,
    // and a longer run adds values after those of a shorter one.
    let own = state.seats[seat].straight;
    let best = state.best_straight().map(|(_, st)| straight_rank(st));
    let run = |a: u8, b: u8| (1u8 << (b + 1)).wrapping_sub(1 << a);
    let own_mask = own.map_or(0, |(l, h)| run(l, h));
    let in_hand = (1..=FACES)
        .filter(|&v| hand.counts[v as usize] > 0)
        .fold(0u8, |mask, v| mask | 1 << v);
    // A run can be completed when the straight and the hand hold each of its values: only runs inside such a
    // stretch of values are looked at.
    let held = in_hand | own_mask;
    for a in (1..=FACES).filter(|&a| held & 1 << a != 0) {
        for b in (a..=FACES).take_while(|&b| held & 1 << b != 0) {
            if own.is_some_and(|(l, h)| !(a <= l && h <= b && (b - a) > (h - l)))
                || best.is_some_and(|best| straight_rank((a, b)) <= best)
            {
                continue;
            }
            let mut added = run(a, b) & !own_mask;
            let (mut packed, mut len) = (0, 0);
            while added != 0 {
                packed |= u64::from(added.trailing_zeros()) << (8 * len);
                len += 1;
                added &= added - 1;
            }
            out.push(place(Building::Senatus, packed_dice(packed, len), None));
        }
    }
    // Castrum: per value, the size of the seat's group and the sizes of the other seats' groups (bit k: size k; no
    // group holds more than a hand of dice, at most 8 when the tables load).
    let mut own_size = [0u8; FACES as usize + 1];
    let mut taken = [0u32; FACES as usize + 1];
    for g in &state.castrum {
        if g.seat == seat {
            own_size[g.value as usize] = g.size;
        } else {
            taken[g.value as usize] |= 1 << g.size;
        }
    }
    for v in 1..=FACES {
        for m in 1..=hand.counts[v as usize] {
            if taken[v as usize] & 1 << (own_size[v as usize] + m) == 0 {
                let same = (0..m).fold(0, |packed, k| packed | u64::from(v) << (8 * k));
                out.push(place(Building::Castrum, packed_dice(same, m.into()), None));
            }
        }
    }
    // Forum: a single of each value, and the two pairs, each after the single it starts with (canonical order).
    for v in 1..=FACES {
        if hand.counts[v as usize] > 0 && state.forum_fit(v).is_some() {
            out.push(place(Building::Forum, Dice::from_iter([v]), None));
        }
        if v == 1 && hand.counts[1] > 0 && hand.counts[4] > 0 {
            out.push(place(Building::Forum, Dice::from_iter([1, 4]), None));
        }
        if v == 2 && hand.counts[2] > 0 && hand.counts[3] > 0 && state.forum_fit(2).is_some() {
            out.push(place(Building::Forum, Dice::from_iter([2, 3]), None));
        }
    }
}

/// Placements a turn's list makes room for before listing them.
const PLACES_RESERVED: usize = 48;

/// Every legal action of the current seat in `turn_decide`, in canonical order.
pub(super) fn turn_actions(state: &State, seat: usize) -> Vec<Action> {
    let hand = state.seats[seat].hand;
    // One reroll per sub-multiset: the product of (count + 1) over the values, less the empty one.
    let rerolls = if state.seats[seat].reroll_tokens > 0 {
        hand.counts.iter().map(|&c| usize::from(c) + 1).product::<usize>() - 1
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
