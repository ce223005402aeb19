//! Phase `passive` (spec 4.3): discard any number of hand cards, then draw as many.

use super::super::state::State;
use super::super::types::{CaesarCleopatraAction as A, CaesarCleopatraEvent as E, CcDrawReason, CcFace, CcOrigin};
use super::{Ctx, Refusal, no, run, seat_of};

pub(super) fn check_discard<X: Refusal>(s: &State, seat: usize, card: CcFace) -> Result<(), X> {
    if s.hand_card(seat, card).is_none() {
        return no("card_not_in_hand", || format!("You hold no {card} card."));
    }
    Ok(())
}

pub(super) fn candidates(s: &State, seat: usize, out: &mut Vec<A>) {
    out.extend(
        State::distinct_faces(&s.seats[seat].hand)
            .into_iter()
            .map(|card| A::PassiveDiscard { card }),
    );
    out.push(A::EndDiscard {});
}

pub(super) fn discard(c: &mut Ctx, seat: usize, card: CcFace) {
    if let Some(id) = c.s.hand_card(seat, card) {
        c.emit(E::CardDiscarded {
            seat: seat_of(seat),
            origin: CcOrigin::Hand,
            card,
            group: None,
            id: Some(id),
        });
    }
}

pub(super) fn end_discard(c: &mut Ctx, seat: usize) {
    let count = c.s.counter;
    if count > 0 {
        c.emit(E::DrawOwed {
            seat: seat_of(seat),
            count,
            reason: CcDrawReason::Passive,
        });
    }
    run(c);
}
