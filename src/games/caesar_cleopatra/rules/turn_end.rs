//! Step E, the turn end (spec 6): end of the game, solo mode, blocked board, then the next turn.

use super::super::data::data;
use super::super::event::Event;
use super::super::ids::{Group, SeatId};
use super::super::outcome::EndReason;
use super::super::state::opponent;
use super::game_over::game_over;
use super::turn_start::turn_start_check;
use super::{Ctx, seat_of};

/// Step E: turn end (E1 to E5).
pub(super) fn turn_end(ctx: &mut Ctx) {
    if !ctx.state.any_open() {
        game_over(ctx, EndReason::AllPatriciansAwarded);
        return;
    }
    if ctx.state.solo.is_none() {
        match (ctx.state.exhausted(0), ctx.state.exhausted(1)) {
            (true, true) => {
                game_over(ctx, EndReason::InfluenceExhausted);
                return;
            }
            (true, false) => ctx.emit(Event::SoloModeStarted {
                survivor: SeatId::Caesar,
            }),
            (false, true) => ctx.emit(Event::SoloModeStarted {
                survivor: SeatId::Cleopatra,
            }),
            (false, false) => {}
        }
    }
    let group_total = data().limits.group_total;
    if Group::ALL
        .into_iter()
        .filter(|&group| ctx.state.open(group))
        .all(|group| ctx.state.total(group) == group_total)
    {
        game_over(ctx, EndReason::BoardBlocked);
        return;
    }
    let next = ctx.state.solo.unwrap_or(opponent(ctx.state.active));
    ctx.emit(Event::TurnStarted {
        turn: ctx.state.turn + 1,
        seat: seat_of(next),
    });
    turn_start_check(ctx);
}
