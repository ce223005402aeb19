//! Pieces placed, moved and eliminated; a piece entering a held city attacks it.

use crate::games::rome_carthage::event::MovedStep;
use crate::games::rome_carthage::piece::Piece;
use crate::games::rome_carthage::state::{GONE, NONE, Pending, State};

pub(super) fn place_piece(state: &mut State, piece: Piece, to: u8) {
    state.pos[piece.0 as usize] = to;
    match state.holder_of(to) {
        None => {
            if let Some(slot) = state.holder.get_mut(to as usize) {
                *slot = piece.0;
            }
        }
        Some(defender) => state.pending.push(Pending {
            city: to,
            attacker: piece,
            defender,
        }),
    }
}

pub(super) fn lift_piece(state: &mut State, piece: Piece) {
    if let Some(city) = state.city_of(piece)
        && state.holder[city as usize] == piece.0
    {
        state.holder[city as usize] = NONE;
    }
}

pub(super) fn eliminate(state: &mut State, piece: Piece) {
    lift_piece(state, piece);
    state.pos[piece.0 as usize] = GONE;
}

/// Both mercenaries leave their cities before either arrives, so that one may step into the other's city.
pub(super) fn move_mercenaries(state: &mut State, steps: &[MovedStep]) {
    for step in steps {
        lift_piece(state, step.piece);
    }
    let mut steps = steps.to_vec();
    steps.sort_by_key(|step| step.piece);
    for step in steps {
        place_piece(state, step.piece, step.to.0);
    }
}
