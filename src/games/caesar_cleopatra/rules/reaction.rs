//! Phase `reaction` (spec 4.5 steps 2 and 3): the opponent of the manipulating seat allows it or cancels it with a
//! Veto.

use super::super::state::State;
use super::super::types::{
    CaesarCleopatraAction as A, CaesarCleopatraEvent as E, CcDrawReason, CcFace, CcManipulationKind as K, CcOrigin,
};
use super::manipulation::{discard_played, resolve_effect, window_draw};
use super::{Ctx, Refusal, no, run, seat_of};

pub(super) fn check_veto<X: Refusal>(s: &State, seat: usize) -> Result<(), X> {
    if s.hand_card(seat, CcFace::Manipulation(K::Veto)).is_none() {
        return no("no_veto", || "You hold no Veto card.");
    }
    Ok(())
}

pub(super) fn candidates(out: &mut Vec<A>) {
    out.extend([A::AllowManipulation {}, A::VetoManipulation {}]);
}

pub(super) fn allow(c: &mut Ctx, seat: usize) {
    c.emit(E::Reacted {
        seat: seat_of(seat),
        vetoed: false,
    });
    resolve_effect(c);
}

pub(super) fn veto(c: &mut Ctx, seat: usize) {
    let me = seat_of(seat);
    c.emit(E::Reacted { seat: me, vetoed: true });
    discard_played(c);
    if let Some(id) = c.s.hand_card(seat, CcFace::Manipulation(K::Veto)) {
        c.emit(E::CardDiscarded {
            seat: me,
            origin: CcOrigin::Play,
            card: CcFace::Manipulation(K::Veto),
            group: None,
            id: Some(id),
        });
    }
    c.emit(E::DrawOwed {
        seat: me,
        count: 1,
        reason: CcDrawReason::Veto,
    });
    window_draw(c);
    run(c);
}
