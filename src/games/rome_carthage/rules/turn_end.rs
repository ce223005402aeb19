//! Turn end (4.7, automatic): siege witnesses, the no-progress count and draw, and the next seat's turn.

use super::decision::Cx;
use super::game_over::game_over;
use super::turn_start::begin_turn;
use crate::games::rome_carthage::event::Event;
use crate::games::rome_carthage::ids::{TeamId, seat_id};
use crate::games::rome_carthage::outcome::EndReason;

/// Ends the active seat's turn (4.7) and starts the next seat's, unless the game ends.
pub(super) fn end_turn(cx: &mut Cx) {
    let active = cx.state.active;
    for siege in cx.state.sieges.clone() {
        let witnesses = siege.witnesses | (1 << active);
        cx.emit(Event::SiegeWitnessed {
            team: TeamId::of(siege.team),
            seat: seat_id(active),
            witnesses: (0..cx.state.players as u8)
                .filter(|&witness| witnesses & (1 << witness) != 0)
                .map(seat_id)
                .collect(),
        });
    }
    // The no-progress draw comes after `no_progress_rounds` rounds of the seats in the game, one round later while
    // a siege runs.
    let seats = cx.state.seats_in_game() as u32;
    let limit = cx.state.options.no_progress_rounds.saturating_mul(seats);
    let progress = cx.state.turn.progress;
    let quiet_turns = if progress { 0 } else { cx.state.quiet_turns + 1 };
    cx.emit(Event::TurnEnded {
        seat: seat_id(active),
        progress,
        quiet_turns,
    });
    if (quiet_turns >= limit && cx.state.sieges.is_empty()) || quiet_turns >= limit.saturating_add(seats) {
        game_over(cx, EndReason::NoProgress, None);
        return;
    }
    let order = cx.state.order;
    let position = order.iter().position(|&seat| seat == active).unwrap_or(0);
    for offset in 1..=order.len() {
        let next = order[(position + offset) % order.len()];
        if cx.state.in_game(next) {
            let round = cx.state.round + u32::from(position + offset >= order.len());
            begin_turn(cx, next, round);
            return;
        }
    }
}
