//! Phase `main`, the active turn (spec 4.4): one placement (one card face down or two face up), at most one
//! manipulation (`manipulation`), then `end_main` and the refill.

use super::super::data::data;
use super::super::state::State;
use super::super::types::{
    CaesarCleopatraAction as A, CaesarCleopatraEvent as E, CcDrawReason, CcFace, CcGroup, CcPhase, CcPlacement, CcValue,
};
use super::{Ctx, Refusal, manipulation, no, run, seat_of};

pub(super) fn check_face_down<X: Refusal>(s: &State, seat: usize, card: CcValue, group: CcGroup) -> Result<(), X> {
    match s.placement {
        CcPlacement::None => {}
        CcPlacement::Half => {
            return no("face_up_expected", || "Your second card must be placed face up.");
        }
        CcPlacement::Done => {
            return no("placement_done", || "You have already placed your influence this turn.");
        }
    }
    check_place(s, seat, card, group)
}

pub(super) fn check_face_up<X: Refusal>(s: &State, seat: usize, card: CcValue, group: CcGroup) -> Result<(), X> {
    let limits = data().limits;
    if s.placement == CcPlacement::Done {
        return no("placement_done", || "You have already placed your influence this turn.");
    }
    check_place(s, seat, card, group)?;
    if s.placement == CcPlacement::None {
        if s.infl(seat) < 2 {
            return no(
                "not_enough_influence",
                || "Placing face up needs two influence cards in hand.",
            );
        }
        let room_after = CcGroup::ALL.into_iter().any(|g| {
            let own = s.own(seat, g) + usize::from(g == group);
            let total = s.total(g) + usize::from(g == group);
            s.open(g) && own < limits.side_per_group && total < limits.group_total
        });
        if !room_after {
            return no(
                "no_spot",
                || "After this card there would be no room for your second face-up card.",
            );
        }
    }
    Ok(())
}

fn check_place<X: Refusal>(s: &State, seat: usize, card: CcValue, group: CcGroup) -> Result<(), X> {
    if s.hand_card(seat, CcFace::Influence(card)).is_none() {
        return no("card_not_in_hand", || format!("You hold no {card} card."));
    }
    if !s.open(group) {
        return no("group_closed", || format!("The {} have all been won.", group.id()));
    }
    if !s.spot(seat, group) {
        return no("no_spot", || {
            format!("There is no room for your card at the {}.", group.id())
        });
    }
    Ok(())
}

pub(super) fn check_end<X: Refusal>(s: &State) -> Result<(), X> {
    if s.placement != CcPlacement::Done {
        return no(
            "placement_incomplete",
            || "You must place one card face down or two cards face up first.",
        );
    }
    Ok(())
}

pub(super) fn candidates(s: &State, seat: usize, out: &mut Vec<A>) {
    for face in State::distinct_faces(&s.seats[seat].hand) {
        if let CcFace::Influence(card) = face {
            for group in CcGroup::ALL {
                out.push(A::PlaceFaceDown { card, group });
                out.push(A::PlaceFaceUp { card, group });
            }
        }
    }
    manipulation::candidates(s, seat, out);
    out.push(A::EndMain {});
}

pub(super) fn place(c: &mut Ctx, seat: usize, card: CcValue, group: CcGroup, face_up: bool) {
    if let Some(id) = c.s.hand_card(seat, CcFace::Influence(card)) {
        c.emit(E::InfluencePlaced {
            seat: seat_of(seat),
            group,
            face_up,
            value: Some(card),
            id: Some(id),
        });
    }
}

pub(super) fn end(c: &mut Ctx, seat: usize) {
    let me = seat_of(seat);
    c.emit(E::MainEnded { seat: me });
    if c.s.solo.is_none() {
        let need = data().limits.hand.saturating_sub(c.s.seats[seat].hand.len());
        if need > 0 {
            c.emit(E::DrawOwed {
                seat: me,
                count: need as u32,
                reason: CcDrawReason::Refill,
            });
        }
    }
    run(c);
}

/// Back to `main` once a manipulation and its draws are settled.
pub(super) fn resume(c: &mut Ctx) {
    if c.s.phase != CcPhase::Main {
        c.emit(E::MainResumed {
            seat: seat_of(c.s.active),
        });
    }
}
