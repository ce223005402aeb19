//! Turn end (4.7, automatic): siege witnesses, the no-progress count and draw, and the next seat's turn.

use super::game_over::game_over;
use super::turn_start::begin_turn;
use super::{Cx, sid};
use crate::games::rome_carthage::types::{EndReason, RomeCarthageEvent as E, TeamId};

/// Ends the active seat's turn (4.7) and starts the next seat's, unless the game ends.
pub(super) fn end_turn(cx: &mut Cx) {
    let active = cx.s.active;
    for siege in cx.s.sieges.clone() {
        let witnesses = siege.witnesses | (1 << active);
        cx.emit(E::SiegeWitnessed {
            team: TeamId::of(siege.team),
            seat: sid(active),
            witnesses: (0..cx.s.players as u8)
                .filter(|&w| witnesses & (1 << w) != 0)
                .map(sid)
                .collect(),
        });
    }
    let n = cx.s.seats_in_game() as u32;
    let t = cx.s.options.no_progress_rounds.saturating_mul(n);
    let progress = cx.s.turn.progress;
    let quiet = if progress { 0 } else { cx.s.quiet_turns + 1 };
    cx.emit(E::TurnEnded {
        seat: sid(active),
        progress,
        quiet_turns: quiet,
    });
    if (quiet >= t && cx.s.sieges.is_empty()) || quiet >= t.saturating_add(n) {
        game_over(cx, EndReason::NoProgress, None);
        return;
    }
    let len = cx.s.order.len();
    let pos = cx.s.order.iter().position(|&s| s == active).unwrap_or(0);
    for k in 1..=len {
        let next = cx.s.order[(pos + k) % len];
        if cx.s.in_game(next) {
            let round = cx.s.round + u32::from(pos + k >= len);
            begin_turn(cx, next, round);
            return;
        }
    }
}
