//! Phase `passive` (spec 4.3): discard any number of hand cards, then draw as many.

use super::super::action::Action;
use super::super::event::{DrawReason, Event, Origin};
use super::super::face::Face;
use super::super::state::State;
use super::{Ctx, Refusal, no, run, seat_of};
use crate::engine::RuleCode;

pub(super) fn check_discard<X: Refusal>(state: &State, seat: usize, card: Face) -> Result<(), X> {
    if state.hand_card(seat, card).is_none() {
        return no(RuleCode::CardNotInHand, || format!("You hold no {card} card."));
    }
    Ok(())
}

pub(super) fn candidates(state: &State, seat: usize, out: &mut Vec<Action>) {
    out.extend(
        State::distinct_faces(&state.seats[seat].hand)
            .into_iter()
            .map(|card| Action::PassiveDiscard { card }),
    );
    out.push(Action::EndDiscard {});
}

pub(super) fn discard(ctx: &mut Ctx, seat: usize, card: Face) {
    if let Some(id) = ctx.state.hand_card(seat, card) {
        ctx.emit(Event::CardDiscarded {
            seat: seat_of(seat),
            origin: Origin::Hand,
            card,
            group: None,
            id: Some(id),
        });
    }
}

/// The draws owed are recorded even when none are (nothing discarded): the event is the seat's decision in the log
/// (README decision 13).
pub(super) fn end_discard(ctx: &mut Ctx, seat: usize) {
    ctx.emit(Event::DrawOwed {
        seat: seat_of(seat),
        count: ctx.state.counter,
        reason: DrawReason::Passive,
    });
    run(ctx);
}
