//! How the game ends: sieges (7.6) and their check after every move, the steps after every elimination (6.2), and
//! the result (section 8).

use super::{Cx, ranks_sorted, sid};
use crate::games::rome_carthage::state::State;
use crate::games::rome_carthage::types::{
    EndReason, Piece, RomeCarthageEvent as E, RomeCarthageOutcome, Scores, TeamId,
};
use crate::games::rome_carthage::view::teams;

/// The result of a game ending for `reason`; `winner`: the winning team, `None` in a draw.
pub fn outcome_for(state: &State, reason: EndReason, winner: Option<u8>) -> RomeCarthageOutcome {
    let score = |seat: u8| match winner {
        None => 0.5,
        Some(team) if state.team_of_seat(seat) == team => 1.0,
        Some(_) => 0.0,
    };
    let players = state.players as u8;
    RomeCarthageOutcome {
        end_reason: reason,
        winning_team: winner.map(TeamId::of),
        winners: winner
            .map(|team| state.seats_of_team(team).into_iter().map(sid).collect())
            .unwrap_or_default(),
        draw: winner.is_none(),
        scores: Scores {
            primus: score(0),
            secundus: score(1),
            tertius: (players > 2).then(|| score(2)),
            quartus: (players > 3).then(|| score(3)),
        },
        teams: teams(state),
        eliminated: (0..players)
            .filter(|&s| state.eliminated[s as usize])
            .map(sid)
            .collect(),
        rounds: state.round,
    }
}

/// Ends the game.
pub(super) fn game_over(cx: &mut Cx, reason: EndReason, winner: Option<u8>) {
    let result = outcome_for(&cx.s, reason, winner);
    cx.emit(E::GameOver { result });
}

/// Establishes or breaks each team's siege (7.6) after a change of capital holders.
pub(super) fn siege_update(cx: &mut Cx) {
    for team in 0..2u8 {
        let holds = cx.s.double_holds(team);
        let has = cx.s.sieges.iter().any(|s| s.team == team);
        if holds && !has {
            let established = cx.s.seq;
            cx.emit(E::SiegeEstablished {
                team: TeamId::of(team),
                established,
            });
        } else if !holds && has {
            cx.emit(E::SiegeBroken { team: TeamId::of(team) });
        }
    }
}

/// 6.2: after every elimination of a piece.
pub(super) fn after_elimination(cx: &mut Cx, piece: Piece) {
    let owner = cx.s.owner_of(piece);
    let team = cx.s.team_of_piece(piece);
    if cx.s.in_game(owner) && !cx.s.seat_has_pieces(owner) {
        let hand = ranks_sorted(&cx.s.hands[owner as usize]);
        cx.emit(E::SeatEliminated { seat: sid(owner), hand });
    }
    if !cx.s.team_has_pieces(team) {
        game_over(cx, EndReason::Annihilation, Some(1 - team));
        return;
    }
    siege_update(cx);
}
