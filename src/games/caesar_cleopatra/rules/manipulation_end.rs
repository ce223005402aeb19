//! The end of the manipulation sub-flow (spec 4.5 steps 5 to 7), shared by every way a manipulation ends: its effect
//! done (`manipulation`, `spy_pick`, `castling`) or vetoed (`reaction`).

use super::super::event::{DrawReason, Event, Origin};
use super::super::face::Face;
use super::{Ctx, run, seat_of};

/// Steps 5 to 7 of the manipulation sub-flow after the effect.
pub(super) fn finish_manipulation(ctx: &mut Ctx) {
    discard_played(ctx);
    window_draw(ctx);
    run(ctx);
}

/// The played card goes to the discard (step 5).
pub(super) fn discard_played(ctx: &mut Ctx) {
    if let Some(pending) = ctx.state.pending.clone() {
        ctx.emit(Event::CardDiscarded {
            seat: seat_of(pending.seat),
            origin: Origin::Play,
            card: Face::Manipulation(pending.kind),
            group: None,
            id: Some(pending.card),
        });
    }
}

/// Step 6: in a vote window (and not in solo mode) the active seat owes its replacement draw.
pub(super) fn window_draw(ctx: &mut Ctx) {
    if ctx.state.vote_context().is_some() && ctx.state.solo.is_none() {
        ctx.emit(Event::DrawOwed {
            seat: seat_of(ctx.state.active),
            count: 1,
            reason: DrawReason::Window,
        });
    }
}
