//! Phase `turn_start` (spec 4.2): the solo check, then the active seat chooses an active or a passive turn.

use super::super::state::State;
use super::super::types::{CaesarCleopatraAction as A, CaesarCleopatraEvent as E, CcEndReason, CcMode};
use super::game_over::game_over;
use super::{Ctx, Refusal, no, seat_of};

pub(super) fn check_active<X: Refusal>(s: &State, seat: usize) -> Result<(), X> {
    if s.infl(seat) == 0 {
        return no("no_influence", || "You need an influence card in hand to be active.");
    }
    if !s.has_spot(seat) {
        return no("no_spot", || "There is no group where you could place a card.");
    }
    Ok(())
}

pub(super) fn check_passive<X: Refusal>(s: &State) -> Result<(), X> {
    if s.solo.is_some() {
        return no("solo_mode", || "Playing alone, you cannot pass.");
    }
    Ok(())
}

pub(super) fn candidates(out: &mut Vec<A>) {
    out.extend([A::ChooseActive {}, A::ChoosePassive {}]);
}

pub(super) fn choose(c: &mut Ctx, seat: usize, mode: CcMode) {
    c.emit(E::ModeChosen {
        seat: seat_of(seat),
        mode,
    });
}

/// 4.2: in solo mode the game ends when the survivor cannot choose active.
pub(super) fn turn_start_check(c: &mut Ctx) {
    if let Some(survivor) = c.s.solo
        && (c.s.infl(survivor) == 0 || !c.s.has_spot(survivor))
    {
        game_over(c, CcEndReason::SoloFinished);
    }
}
