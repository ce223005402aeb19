//! Phase `reaction` (spec 4.5 steps 2 and 3): the opponent of the manipulating seat allows it or cancels it with a
//! Veto.

use super::super::action::Action;
use super::super::event::{DrawReason, Event, Origin};
use super::super::face::Face;
use super::super::ids::ManipulationKind;
use super::super::state::State;
use super::manipulation::resolve_effect;
use super::manipulation_end::{discard_played, window_draw};
use super::{Ctx, Refusal, no, run, seat_of};
use crate::engine::RuleCode;

pub(super) fn check_veto<X: Refusal>(state: &State, seat: usize) -> Result<(), X> {
    if state
        .hand_card(seat, Face::Manipulation(ManipulationKind::Veto))
        .is_none()
    {
        return no(RuleCode::NoVeto, || "You hold no Veto card.");
    }
    Ok(())
}

pub(super) fn candidates(out: &mut Vec<Action>) {
    out.extend([Action::AllowManipulation {}, Action::VetoManipulation {}]);
}

pub(super) fn allow(ctx: &mut Ctx, seat: usize) {
    ctx.emit(Event::Reacted {
        seat: seat_of(seat),
        vetoed: false,
    });
    resolve_effect(ctx);
}

pub(super) fn veto(ctx: &mut Ctx, seat: usize) {
    let me = seat_of(seat);
    ctx.emit(Event::Reacted { seat: me, vetoed: true });
    discard_played(ctx);
    if let Some(id) = ctx.state.hand_card(seat, Face::Manipulation(ManipulationKind::Veto)) {
        ctx.emit(Event::CardDiscarded {
            seat: me,
            origin: Origin::Play,
            card: Face::Manipulation(ManipulationKind::Veto),
            group: None,
            id: Some(id),
        });
    }
    ctx.emit(Event::DrawOwed {
        seat: me,
        count: 1,
        reason: DrawReason::Veto,
    });
    window_draw(ctx);
    run(ctx);
}
