//! Phase `main` (4.4): moves along paths (7.1.1) and of two mercenaries (7.1.2), the end of moves, and the phase's
//! listing and playout draw; the forced march and the special cards have their own files.

use rand::Rng;

use super::combat::run_combats;
use super::decision::{Cx, Listing, err, require_main};
use super::game_over::siege_update;
use super::mercenaries::{check_mercenaries, mercenary_event, mercenary_pairs};
use super::paths::{Blocks, check_path, paths_of, piece_event};
use super::{forced_march, specials};
use crate::engine::{GameRng, RuleCode, RuleError};
use crate::games::rome_carthage::action::{Action, Path, Steps};
use crate::games::rome_carthage::event::Event;
use crate::games::rome_carthage::ids::seat_id;
use crate::games::rome_carthage::piece::Piece;
use crate::games::rome_carthage::state::State;

/// `move`.
pub(super) fn move_piece(state: &State, cx: &mut Cx, me: u8, piece: Piece, path: &Path) -> Result<(), RuleError> {
    require_main(state, me)?;
    if state.owner_of(piece) != me {
        return Err(err(RuleCode::NotYourPiece, format!("{piece} is not yours")));
    }
    let cost = check_path(state, piece, path, false)?;
    if state.turn.moves_used + cost > state.budget() {
        return Err(err(
            RuleCode::OverBudget,
            "this move costs more than your remaining moves (pay a forced march for a second move)",
        ));
    }
    cx.emit(piece_event(state, piece, path, cost, false));
    siege_update(cx);
    Ok(())
}

/// `move_mercenaries`.
pub(super) fn move_mercenaries(state: &State, cx: &mut Cx, me: u8, steps: &Steps) -> Result<(), RuleError> {
    require_main(state, me)?;
    let steps = check_mercenaries(state, me, steps)?;
    if state.turn.moves_used + 1 > state.budget() {
        return Err(err(RuleCode::OverBudget, "you have no move left this turn"));
    }
    cx.emit(mercenary_event(state, me, steps, 1, false));
    siege_update(cx);
    Ok(())
}

/// `end_moves`: the combats follow.
pub(super) fn end_moves(state: &State, cx: &mut Cx, me: u8) -> Result<(), RuleError> {
    require_main(state, me)?;
    cx.emit(Event::MovesEnded { seat: seat_id(me) });
    run_combats(cx);
    Ok(())
}

/// The active seat's legal actions in `main`; `listing` may leave out the moves (search playouts).
pub(super) fn list(state: &State, me: u8, listing: Listing, out: &mut Vec<Action>) {
    let remaining = state.budget().saturating_sub(state.turn.moves_used);
    let blocks = Blocks::of(state);
    if listing == Listing::Every {
        // Moves run to dozens: one allocation rather than one per doubling.
        out.reserve(64);
        for piece in state.pieces_of(me) {
            paths_of(state, &blocks, piece, remaining, false, |path| out.push(Action::Move { piece, path }));
        }
        if remaining >= 1 {
            mercenary_pairs(state, &blocks, me, |steps| out.push(Action::MoveMercenaries { steps: steps.into() }));
        }
    }
    forced_march::list(state, me, out);
    specials::list_betrayals(state, me, &blocks, listing, out);
    specials::list_seditions(state, me, out);
    if !state.turn.draw_offered {
        out.push(Action::OfferDraw {});
    }
    out.push(Action::EndMoves {});
}

/// A search's random playout move in the main phase: a piece (or one of the `others`, the seat's actions listed
/// `Listing::WithoutMoves`: end of moves, a payment, a special card) drawn first, then one of that piece's paths.
/// Listing every path of every piece and every two-mercenary pair at each step made up most of a search's time; the
/// pairs are left out of playouts (the same mercenaries still move one at a time) and draws are never offered, as
/// `search_weight` asks.
pub(super) fn playout_action(state: &State, seat: usize, mut others: Vec<Action>, rng: &mut GameRng) -> Option<Action> {
    others.retain(|action| !matches!(action, Action::OfferDraw {}));
    if others.is_empty() {
        return None;
    }
    let remaining = state.budget().saturating_sub(state.turn.moves_used);
    let mut pieces: Vec<Piece> = state
        .pieces_of(seat as u8)
        .filter(|&piece| state.on_board(piece) && !state.engaged(piece))
        .collect();
    if remaining == 0 {
        pieces.clear();
    }
    let blocks = Blocks::of(state);
    let mut paths = Vec::new();
    loop {
        let pick = rng.random_range(0..pieces.len() + others.len());
        let Some(&piece) = pieces.get(pick) else {
            return Some(others.swap_remove(pick - pieces.len()));
        };
        pieces.swap_remove(pick);
        paths_of(state, &blocks, piece, remaining, false, |path| paths.push(path));
        if !paths.is_empty() {
            let path = paths.swap_remove(rng.random_range(0..paths.len()));
            return Some(Action::Move { piece, path });
        }
    }
}
