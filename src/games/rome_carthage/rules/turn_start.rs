//! Turn start (4.3, automatic): the siege check, the draw (reforming or refilling talons when needed), then `main`.

use rand::Rng;
use rand::seq::SliceRandom;

use super::game_over::game_over;
use super::setup::split_packets;
use super::{Cx, sid};
use crate::games::rome_carthage::types::{EndReason, RomeCarthageEvent as E, TeamId};

/// Starts `seat`'s turn of `round` (4.3).
pub(super) fn begin_turn(cx: &mut Cx, seat: u8, round: u32) {
    cx.emit(E::TurnStarted { seat: sid(seat), round });
    // 1. Siege check (7.6).
    let mut sieges = cx.s.sieges.clone();
    sieges.sort_by_key(|s| s.established);
    for siege in sieges {
        let all = (0..cx.s.players as u8)
            .filter(|&s| cx.s.in_game(s))
            .all(|s| siege.witnesses & (1 << s) != 0);
        if all {
            game_over(cx, EndReason::CapitalsHeld, Some(siege.team));
            return;
        }
    }
    // 2. Draw.
    let draws = if cx.s.players == 3 && cx.s.solo == Some(seat) {
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
    let index = cx.s.talon_index(seat);
    if cx.s.talons[index].is_empty() {
        if cx.s.discard.is_empty() {
            cx.emit(E::DrawSkipped { seat: sid(seat) });
            return;
        }
        if cx.s.options.match_talons {
            let (p, q) = split_packets(&cx.s.discard);
            let p_to_a = cx.rng.random_bool(0.5);
            let (pa, pb) = if p_to_a { (p, q) } else { (q, p) };
            let mut a = cx.s.talons.first().map(|t| t.to_vec()).unwrap_or_default();
            let mut bb = cx.s.talons.get(1).map(|t| t.to_vec()).unwrap_or_default();
            a.extend(pa);
            bb.extend(pb);
            a.shuffle(cx.rng);
            bb.shuffle(cx.rng);
            cx.emit(E::TalonsRefilled {
                packet_p: if p_to_a { TeamId::TeamA } else { TeamId::TeamB },
                team_a_count: a.len() as u32,
                team_b_count: bb.len() as u32,
                team_a_order: Some(a),
                team_b_order: Some(bb),
            });
        } else {
            let mut order = cx.s.discard.to_vec();
            order.shuffle(cx.rng);
            cx.emit(E::TalonReformed {
                count: order.len() as u32,
                order: Some(order),
            });
        }
        if cx.s.talons[index].is_empty() {
            cx.emit(E::DrawSkipped { seat: sid(seat) });
            return;
        }
    }
    let Some(&card) = cx.s.talons[index].last() else {
        return;
    };
    let shared_with = cx.s.share_with(seat).map(sid);
    cx.emit(E::CardDrawn {
        seat: sid(seat),
        card: Some(card),
        rank: Some(card.rank()),
        shared_with,
    });
}
