//! Turn start (4.3, automatic): the siege check, the draw (reforming or refilling talons when needed), then `main`.

use rand::seq::SliceRandom;

use super::decision::Cx;
use super::game_over::game_over;
use super::packets::{Deal, deal_packets};
use crate::games::rome_carthage::event::Event;
use crate::games::rome_carthage::ids::seat_id;
use crate::games::rome_carthage::outcome::EndReason;

/// Starts `seat`'s turn of `round` (4.3).
pub(super) fn begin_turn(cx: &mut Cx, seat: u8, round: u32) {
    cx.emit(Event::TurnStarted {
        seat: seat_id(seat),
        round,
    });
    // 1. Siege check (7.6): a siege every seat still in the game has witnessed wins.
    let mut sieges = cx.state.sieges.clone();
    sieges.sort_by_key(|siege| siege.established);
    for siege in sieges {
        let witnessed = (0..cx.state.players as u8)
            .filter(|&witness| cx.state.in_game(witness))
            .all(|witness| siege.witnesses & (1 << witness) != 0);
        if witnessed {
            game_over(cx, EndReason::CapitalsHeld, Some(siege.team));
            return;
        }
    }
    // 2. Draw: two cards for the solo seat with 3 players.
    let draws = if cx.state.players == 3 && cx.state.solo == Some(seat) {
        2
    } else {
        1
    };
    for _ in 0..draws {
        draw_one(cx, seat);
    }
}

/// One card drawn by `seat`: a talon reformed or refilled first when it is empty, or the draw skipped.
fn draw_one(cx: &mut Cx, seat: u8) {
    let index = cx.state.talon_index(seat);
    if cx.state.talons[index].is_empty() {
        if cx.state.discard.is_empty() {
            cx.emit(Event::DrawSkipped { seat: seat_id(seat) });
            return;
        }
        if cx.state.options.match_talons {
            deal_packets(cx, Deal::Refill);
        } else {
            let mut order = cx.state.discard.to_vec();
            order.shuffle(cx.rng);
            cx.emit(Event::TalonReformed {
                count: order.len() as u32,
                order: Some(order),
            });
        }
        if cx.state.talons[index].is_empty() {
            cx.emit(Event::DrawSkipped { seat: seat_id(seat) });
            return;
        }
    }
    let Some(&card) = cx.state.talons[index].last() else {
        return;
    };
    let shared_with = cx.state.share_with(seat).map(seat_id);
    cx.emit(Event::CardDrawn {
        seat: seat_id(seat),
        card: Some(card),
        rank: Some(card.rank()),
        shared_with,
    });
}
