//! How the game ends: sieges (7.6) and their check after every move, the steps after every elimination (6.2), and
//! the result (section 8).

use super::cards::ranks_sorted;
use super::decision::Cx;
use crate::games::rome_carthage::event::Event;
use crate::games::rome_carthage::ids::{StateId, TeamId, seat_id};
use crate::games::rome_carthage::outcome::{EndReason, Outcome, Scores, TeamInfo, Teams};
use crate::games::rome_carthage::piece::Piece;
use crate::games::rome_carthage::state::State;

/// The teams as the result and the views show them: states in canonical order, seats in turn order.
pub fn teams(state: &State) -> Teams {
    let info = |team: u8| TeamInfo {
        states: (0..4u8)
            .filter(|&member| state.team_of_state[member as usize] == team)
            .map(StateId::of)
            .collect(),
        seats: state.seats_of_team(team).into_iter().map(seat_id).collect(),
    };
    Teams {
        team_a: info(0),
        team_b: info(1),
    }
}

/// The result of a game ending for `reason`; `winner`: the winning team, `None` in a draw.
pub fn outcome_for(state: &State, reason: EndReason, winner: Option<u8>) -> Outcome {
    let score = |seat: u8| match winner {
        None => 0.5,
        Some(team) if state.team_of_seat(seat) == team => 1.0,
        Some(_) => 0.0,
    };
    let players = state.players as u8;
    Outcome {
        end_reason: reason,
        winning_team: winner.map(TeamId::of),
        winners: winner
            .map(|team| state.seats_of_team(team).into_iter().map(seat_id).collect())
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
            .filter(|&seat| state.eliminated[seat as usize])
            .map(seat_id)
            .collect(),
        rounds: state.round,
    }
}

/// Ends the game.
pub(super) fn game_over(cx: &mut Cx, reason: EndReason, winner: Option<u8>) {
    let result = outcome_for(&cx.state, reason, winner);
    cx.emit(Event::GameOver { result });
}

/// Establishes or breaks each team's siege (7.6) after a change of capital holders.
pub(super) fn siege_update(cx: &mut Cx) {
    for team in 0..2u8 {
        let holds = cx.state.double_holds(team);
        let besieging = cx.state.sieges.iter().any(|siege| siege.team == team);
        if holds && !besieging {
            let established = cx.state.seq;
            cx.emit(Event::SiegeEstablished {
                team: TeamId::of(team),
                established,
            });
        } else if !holds && besieging {
            cx.emit(Event::SiegeBroken { team: TeamId::of(team) });
        }
    }
}

/// 6.2: after every elimination of a piece.
pub(super) fn after_elimination(cx: &mut Cx, piece: Piece) {
    let owner = cx.state.owner_of(piece);
    let team = cx.state.team_of_piece(piece);
    if cx.state.in_game(owner) && !cx.state.seat_has_pieces(owner) {
        let hand = ranks_sorted(&cx.state.hands[owner as usize]);
        cx.emit(Event::SeatEliminated {
            seat: seat_id(owner),
            hand,
        });
    }
    if !cx.state.team_has_pieces(team) {
        game_over(cx, EndReason::Annihilation, Some(1 - team));
        return;
    }
    siege_update(cx);
}
