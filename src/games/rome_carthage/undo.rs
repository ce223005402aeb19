//! What undo needs to know of the log (README decision 16): which event records a seat's decision, and which
//! events shuffle, deal, draw or show a card someone could not see, after which nothing before may be undone.

use super::event::Event;
use super::state::State;

/// The seat whose decision `event` records (`state`: just before it): each action's first event. A betrayal's move
/// follows its card (and moves another seat's piece), so it is not a decision of its own.
pub fn decided_by(state: &State, event: &Event) -> Option<usize> {
    match event {
        Event::PiecePlaced { seat, .. }
        | Event::ForcedMarchPaid { seat, .. }
        | Event::BetrayalPlayed { seat, .. }
        | Event::SeditionPlayed { seat, .. }
        | Event::DrawOffered { seat, .. }
        | Event::DrawAccepted { seat }
        | Event::DrawDeclined { seat }
        | Event::MovesEnded { seat }
        | Event::SpyDeclined { seat }
        | Event::SpyDeclared { seat, .. }
        | Event::PieceMoved {
            seat, betrayal: false, ..
        }
        | Event::MercenariesMoved {
            seat, betrayal: false, ..
        }
        | Event::SpecialsDealt {
            chooser: Some(seat), ..
        }
        | Event::BaseCommitted {
            seat, automatic: false, ..
        }
        | Event::SpyBaseChosen {
            seat, automatic: false, ..
        }
        | Event::ExtraAdded {
            seat, automatic: false, ..
        } => Some(seat.index()),
        // `choose_combat`, by the active seat (the event names the combat's sides).
        Event::CombatStarted { chosen: true, .. } => Some(usize::from(state.active)),
        _ => None,
    }
}

/// Whether `event` is a chance outcome (the setup's draws and deals, shuffles, card draws) or shows cards someone
/// could not see: a forced march's payment, bases and tie-break cards revealed, a spy's new base, an eliminated
/// seat's hand. Moves, placements, special cards (their holders are public), base cards committed face down and
/// draw offers show nothing.
pub fn is_barrier(_: &State, event: &Event) -> bool {
    matches!(
        event,
        Event::TeamsDrawn { .. }
            | Event::StatesAssigned { .. }
            | Event::HandDealt { .. }
            | Event::TalonShuffled { .. }
            | Event::StartingCard { .. }
            | Event::TalonsSplit { .. }
            | Event::TalonReformed { .. }
            | Event::TalonsRefilled { .. }
            | Event::CardDrawn { .. }
            | Event::ForcedMarchPaid { .. }
            | Event::BasesRevealed { .. }
            | Event::SpyBaseChosen { .. }
            | Event::ExtrasRevealed { .. }
            | Event::SeatEliminated { .. }
            | Event::GameOver { .. }
    )
}
