//! Phase `turn_start` (spec 4.2): the solo check, then the active seat chooses an active or a passive turn.

use super::super::action::Action;
use super::super::event::{Event, Mode};
use super::super::outcome::EndReason;
use super::super::state::State;
use super::game_over::game_over;
use super::{Ctx, Refusal, no, seat_of};
use crate::engine::RuleCode;

pub(super) fn check_active<X: Refusal>(state: &State, seat: usize) -> Result<(), X> {
    if state.infl(seat) == 0 {
        return no(RuleCode::NoInfluence, || "You need an influence card in hand to be active.");
    }
    if !state.has_spot(seat) {
        return no(RuleCode::NoSpot, || "There is no group where you could place a card.");
    }
    Ok(())
}

pub(super) fn check_passive<X: Refusal>(state: &State) -> Result<(), X> {
    if state.solo.is_some() {
        return no(RuleCode::SoloMode, || "Playing alone, you cannot pass.");
    }
    Ok(())
}

pub(super) fn candidates(out: &mut Vec<Action>) {
    out.extend([Action::ChooseActive {}, Action::ChoosePassive {}]);
}

pub(super) fn choose(ctx: &mut Ctx, seat: usize, mode: Mode) {
    ctx.emit(Event::ModeChosen {
        seat: seat_of(seat),
        mode,
    });
}

/// 4.2: in solo mode the game ends when the survivor cannot choose active.
pub(super) fn turn_start_check(ctx: &mut Ctx) {
    if let Some(survivor) = ctx.state.solo
        && (ctx.state.infl(survivor) == 0 || !ctx.state.has_spot(survivor))
    {
        game_over(ctx, EndReason::SoloFinished);
    }
}
