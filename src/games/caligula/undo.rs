//! What undo needs to know of the log (README decision 17): which event records a seat's decision, and which
//! events shuffle, draw or show what someone could not see, after which nothing before may be undone.

use super::event::Event;
use super::state::State;

/// The seat whose decision `event` records (`state`: just before it): each action's own event, never one the flow
/// made for the seat (`automatic`).
pub fn decided_by(state: &State, event: &Event) -> Option<usize> {
    match event {
        Event::TokenPlaced { seat, .. }
        | Event::ConspiracyAccepted { seat, .. }
        | Event::ConspiracyRaised { seat, .. }
        | Event::CardPlayed { seat, .. }
        | Event::EffectStep {
            seat, automatic: false, ..
        }
        | Event::ConspiracyDeclined {
            seat, automatic: false, ..
        }
        | Event::ConspiracyPassed {
            seat, automatic: false, ..
        }
        | Event::FavourMoved {
            seat, automatic: false, ..
        }
        | Event::DefencePassed {
            seat, automatic: false, ..
        }
        | Event::StabDone {
            seat, automatic: false, ..
        } => Some(seat.idx()),
        // The leader's choice, which the event does not name: the seat the game waited for.
        Event::CandidateChosen { automatic: false, .. } => state.phase.seat(),
        _ => None,
    }
}

/// Whether `event` is a chance outcome (the setup's shuffles and deals, card draws) or shows hidden things: the
/// placed tokens revealed, a hand card played, discarded or stolen, a card turned up from a shuffled deck (a
/// Civitas card, a new candidate). Placing a token (face down, its value unseen) and the conspiracy's bids, passes
/// and Favor tokens show nothing.
pub fn is_barrier(_: &State, event: &Event) -> bool {
    match event {
        Event::DecksShuffled { .. }
        | Event::CivitasDealt { .. }
        | Event::AugustusDealt { .. }
        | Event::SequentiaRow { .. }
        | Event::OrdoDealt { .. }
        | Event::TokensRevealed { .. }
        | Event::CardDrawn { .. }
        | Event::CardDiscarded { .. }
        | Event::CardStolen { .. }
        | Event::CardPlayed { .. }
        | Event::GameOver { .. } => true,
        Event::CivitasShifted { position_2, .. } => position_2.is_some(),
        Event::EffectStep { candidate_replaced, .. } => candidate_replaced.is_some(),
        Event::EmperorDied { new_candidate, .. } => new_candidate.is_some(),
        _ => false,
    }
}
