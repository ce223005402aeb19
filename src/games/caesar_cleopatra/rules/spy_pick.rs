//! Phase `spy_pick` (spec 7.5, Spy): the spying seat sees the opponent's hand and picks the card it discards.

use super::super::data::data;
use super::super::state::{State, opp};
use super::super::types::{CaesarCleopatraAction as A, CaesarCleopatraEvent as E, CcDrawReason, CcFace, CcOrigin};
use super::manipulation::finish_manipulation;
use super::{Ctx, Refusal, no, seat_of};

/// The Spy's effect: `seat` sees the opponent's hand.
pub(super) fn start(c: &mut Ctx, seat: usize) {
    let d = data();
    let op = opp(seat);
    let mut hand: Vec<CcFace> = c.s.seats[op].hand.iter().filter_map(|&card| d.face(card)).collect();
    hand.sort();
    c.emit(E::HandSpied {
        seat: seat_of(seat),
        hand: Some(hand),
    });
}

pub(super) fn check<X: Refusal>(s: &State, seat: usize, card: CcFace) -> Result<(), X> {
    if s.hand_card(opp(seat), card).is_none() {
        return no("card_not_in_hand", || format!("Your opponent holds no {card} card."));
    }
    Ok(())
}

pub(super) fn candidates(s: &State, seat: usize, out: &mut Vec<A>) {
    out.extend(
        State::distinct_faces(&s.seats[opp(seat)].hand)
            .into_iter()
            .map(|card| A::SpyPick { card }),
    );
}

pub(super) fn pick(c: &mut Ctx, seat: usize, card: CcFace) {
    let op = opp(seat);
    if let Some(id) = c.s.hand_card(op, card) {
        c.emit(E::CardDiscarded {
            seat: seat_of(op),
            origin: CcOrigin::Hand,
            card,
            group: None,
            id: Some(id),
        });
        c.emit(E::DrawOwed {
            seat: seat_of(op),
            count: 1,
            reason: CcDrawReason::Spy,
        });
    }
    finish_manipulation(c);
}
