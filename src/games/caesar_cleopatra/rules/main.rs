//! Phase `main`, the active turn (spec 4.4): one placement (one card face down or two face up), at most one
//! manipulation (`manipulation`), then `end_main` and the refill.

use super::super::action::Action;
use super::super::data::data;
use super::super::event::{DrawReason, Event};
use super::super::face::Face;
use super::super::ids::{Group, Phase, Placement};
use super::super::state::State;
use super::super::value::InfluenceValue;
use super::{Ctx, Refusal, manipulation, no, run, seat_of};
use crate::engine::RuleCode;

pub(super) fn check_face_down<X: Refusal>(
    state: &State,
    seat: usize,
    card: InfluenceValue,
    group: Group,
) -> Result<(), X> {
    match state.placement {
        Placement::None => {}
        Placement::Half => {
            return no(RuleCode::FaceUpExpected, || "Your second card must be placed face up.");
        }
        Placement::Done => {
            return no(RuleCode::PlacementDone, || "You have already placed your influence this turn.");
        }
    }
    check_place(state, seat, card, group)
}

pub(super) fn check_face_up<X: Refusal>(
    state: &State,
    seat: usize,
    card: InfluenceValue,
    group: Group,
) -> Result<(), X> {
    let limits = data().limits;
    if state.placement == Placement::Done {
        return no(RuleCode::PlacementDone, || "You have already placed your influence this turn.");
    }
    check_place(state, seat, card, group)?;
    if state.placement == Placement::None {
        if state.infl(seat) < 2 {
            return no(RuleCode::NotEnoughInfluence, || "Placing face up needs two influence cards in hand.");
        }
        // Room for the second card anywhere, the first one being at `group`.
        let room_after = Group::ALL.into_iter().any(|next| {
            let first_there = usize::from(next == group);
            let own = state.own(seat, next) + first_there;
            let total = state.total(next) + first_there;
            state.open(next) && own < limits.side_per_group && total < limits.group_total
        });
        if !room_after {
            return no(RuleCode::NoSpot, || "After this card there would be no room for your second face-up card.");
        }
    }
    Ok(())
}

fn check_place<X: Refusal>(state: &State, seat: usize, card: InfluenceValue, group: Group) -> Result<(), X> {
    if state.hand_card(seat, Face::Influence(card)).is_none() {
        return no(RuleCode::CardNotInHand, || format!("You hold no {card} card."));
    }
    if !state.open(group) {
        return no(RuleCode::GroupClosed, || format!("The {} have all been won.", group.id()));
    }
    if !state.spot(seat, group) {
        return no(RuleCode::NoSpot, || format!("There is no room for your card at the {}.", group.id()));
    }
    Ok(())
}

pub(super) fn check_end<X: Refusal>(state: &State) -> Result<(), X> {
    if state.placement != Placement::Done {
        return no(RuleCode::PlacementIncomplete, || "You must place one card face down or two cards face up first.");
    }
    Ok(())
}

pub(super) fn candidates(state: &State, seat: usize, out: &mut Vec<Action>) {
    for face in State::distinct_faces(&state.seats[seat].hand) {
        if let Face::Influence(card) = face {
            for group in Group::ALL {
                out.push(Action::PlaceFaceDown { card, group });
                out.push(Action::PlaceFaceUp { card, group });
            }
        }
    }
    manipulation::candidates(state, seat, out);
    out.push(Action::EndMain {});
}

pub(super) fn place(ctx: &mut Ctx, seat: usize, card: InfluenceValue, group: Group, face_up: bool) {
    if let Some(id) = ctx.state.hand_card(seat, Face::Influence(card)) {
        ctx.emit(Event::InfluencePlaced {
            seat: seat_of(seat),
            group,
            face_up,
            value: Some(card),
            id: Some(id),
        });
    }
}

pub(super) fn end(ctx: &mut Ctx, seat: usize) {
    let me = seat_of(seat);
    ctx.emit(Event::MainEnded { seat: me });
    if ctx.state.solo.is_none() {
        let need = data().limits.hand.saturating_sub(ctx.state.seats[seat].hand.len());
        if need > 0 {
            ctx.emit(Event::DrawOwed {
                seat: me,
                count: need as u32,
                reason: DrawReason::Refill,
            });
        }
    }
    run(ctx);
}

/// Back to `main` once a manipulation and its draws are settled.
pub(super) fn resume(ctx: &mut Ctx) {
    if ctx.state.phase != Phase::Main {
        ctx.emit(Event::MainResumed {
            seat: seat_of(ctx.state.active),
        });
    }
}
