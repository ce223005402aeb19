//! What undo needs to know of the log (README decision 16): which event records a seat's decision, and which
//! events roll, shuffle, draw or show what someone could not see, after which nothing before may be undone.

use super::event::Event;
use super::state::State;

/// The seat whose decision `event` records: each action has exactly one event of its own (a pick made for the seat,
/// `automatic`, is not its decision).
pub fn decided_by(_: &State, event: &Event) -> Option<usize> {
    match event {
        Event::DiceRerolled { seat, .. }
        | Event::DicePlaced { seat, .. }
        | Event::LatrinaForced { seat, .. }
        | Event::SenateKept {
            seat, automatic: false, ..
        }
        | Event::ProvinceTaken {
            seat, automatic: false, ..
        }
        | Event::InhabitantTaken {
            seat, automatic: false, ..
        } => Some(seat.seat()),
        _ => None,
    }
}

/// Whether `event` is a chance outcome (shuffles, rolls, favour and Senate draws) or shows hidden things: the round's
/// tiles turned up from their face-down piles, the Templum's tokens turned face up, Senate cards passed to a seat
/// that had not seen them, every Senate card at the end. A turn ends with the next seat's roll, so a placement the
/// next seat rolled after is never undone; the placement that ends the round may be when the round's end reveals
/// nothing (no Senate card drawn), until another seat picks, as may the picks of the evaluation (a province, an
/// inhabitant, a kept Senate card).
pub fn is_barrier(_: &State, event: &Event) -> bool {
    matches!(
        event,
        Event::FavourPileShuffled { .. }
            | Event::SenateDeckShuffled { .. }
            | Event::ProvincePileShuffled { .. }
            | Event::InhabitantPileShuffled { .. }
            | Event::RoundStarted { .. }
            | Event::DiceRolled { .. }
            | Event::DiceRerolled { .. }
            | Event::FavourDrawn { .. }
            | Event::FavourReshuffled { .. }
            | Event::TemplumResolved { .. }
            | Event::SenateDrawn { .. }
            | Event::SenatePassed { .. }
            | Event::SenateToThird { .. }
            | Event::GameEnd { .. }
    )
}
