//! Step E, the turn end (spec 6): end of the game, solo mode, blocked board, then the next turn.

use super::super::data::data;
use super::super::state::opp;
use super::super::types::{CaesarCleopatraEvent as E, CcEndReason, CcGroup, CcSeat};
use super::game_over::game_over;
use super::turn_start::turn_start_check;
use super::{Ctx, seat_of};

/// Step E: turn end (E1 to E5).
pub(super) fn turn_end(c: &mut Ctx) {
    if !c.s.any_open() {
        game_over(c, CcEndReason::AllPatriciansAwarded);
        return;
    }
    if c.s.solo.is_none() {
        match (c.s.exhausted(0), c.s.exhausted(1)) {
            (true, true) => {
                game_over(c, CcEndReason::InfluenceExhausted);
                return;
            }
            (true, false) => c.emit(E::SoloModeStarted {
                survivor: CcSeat::Caesar,
            }),
            (false, true) => c.emit(E::SoloModeStarted {
                survivor: CcSeat::Cleopatra,
            }),
            (false, false) => {}
        }
    }
    let group_total = data().limits.group_total;
    if CcGroup::ALL
        .into_iter()
        .filter(|&g| c.s.open(g))
        .all(|g| c.s.total(g) == group_total)
    {
        game_over(c, CcEndReason::BoardBlocked);
        return;
    }
    let next = c.s.solo.unwrap_or(opp(c.s.active));
    c.emit(E::TurnStarted {
        turn: c.s.turn + 1,
        seat: seat_of(next),
    });
    turn_start_check(c);
}
