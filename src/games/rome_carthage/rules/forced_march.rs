//! The forced march (7.1.3 as issue 16 amends it): cards worth at least 3 paid once a turn for a second move.

use super::cards::{disposals, for_each_multiset, in_hand, rank_counts};
use super::decision::{Cx, err, require_main};
use crate::engine::{RuleCode, RuleError};
use crate::games::rome_carthage::action::Action;
use crate::games::rome_carthage::card::{Card, Rank};
use crate::games::rome_carthage::event::Event;
use crate::games::rome_carthage::ids::seat_id;
use crate::games::rome_carthage::state::State;

/// "un minimum de 3 points en une ou plusieurs cartes", so overpaying is allowed. Zeros still never pay (D16: they
/// are kept forever and add nothing).
fn valid_payment(ranks: &[Rank]) -> bool {
    !ranks.iter().any(|rank| rank.is_zero()) && payment_value(ranks) >= 3
}

fn payment_value(ranks: &[Rank]) -> u32 {
    ranks.iter().map(|rank| rank.value()).sum()
}

/// The payments `legal_actions` lists, one per multiset: the valid ones from which no card can be removed, so the
/// list stays short while `decide` also takes any valid superset. None has more than three cards, since each
/// non-zero card is worth at least 1.
fn payments(cards: &[Card], mut visit: impl FnMut(&'static [Rank])) {
    let counts = rank_counts(cards);
    // In a minimal payment of two or three cards, the others are worth less than 3 without the smallest, so every
    // card is a 1 or a 2: the other ranks are left out of the search (the filter would drop them anyway).
    let mut ones_and_twos = [0; 13];
    ones_and_twos[..2].copy_from_slice(&counts[..2]);
    for size in 1..=3 {
        let counts = if size == 1 { counts } else { ones_and_twos };
        for_each_multiset(counts, size, |ranks| {
            let value = payment_value(ranks);
            if valid_payment(ranks) && ranks.iter().all(|rank| value - rank.value() < 3) {
                visit(ranks);
            }
        });
    }
}

/// `pay_forced_march`.
pub(super) fn pay(state: &State, cx: &mut Cx, me: u8, cards: &[Rank]) -> Result<(), RuleError> {
    require_main(state, me)?;
    if state.turn.forced_march_paid {
        return Err(err(RuleCode::AlreadyPaid, "a forced march is paid at most once per turn"));
    }
    if !valid_payment(cards) {
        return Err(err(RuleCode::InvalidPayment, "pay non-zero cards totalling at least 3"));
    }
    in_hand(state, me, cards)?;
    let cards = disposals(&[(me, cards.to_vec())], state.kings_removed);
    cx.emit(Event::ForcedMarchPaid {
        seat: seat_id(me),
        cards,
    });
    Ok(())
}

/// The active seat's payments, unless it paid this turn.
pub(super) fn list(state: &State, me: u8, out: &mut Vec<Action>) {
    if !state.turn.forced_march_paid {
        payments(&state.hands[me as usize], |cards| out.push(Action::PayForcedMarch { cards: cards.into() }));
    }
}
