//! What undo needs to know of the log (README decision 13): which event records a seat's decision, and which
//! events reveal a hidden card or draw one, after which nothing before may be undone.

use super::event::{DrawReason, Event, Origin};
use super::ids::Phase;
use super::state::State;

/// The seat whose decision `event` records (`state`: just before it); each action's first event.
pub fn decided_by(state: &State, event: &Event) -> Option<usize> {
    let seat = match event {
        Event::ManipulationStacked { seat, .. }
        | Event::InitialCardPlaced { seat, .. }
        | Event::ModeChosen { seat, .. }
        | Event::InfluencePlaced { seat, .. }
        | Event::ManipulationPlayed { seat, .. }
        | Event::MainEnded { seat }
        | Event::Reacted { seat, .. }
        | Event::CastlingCardPlaced { seat, .. }
        | Event::VoteContinued { seat }
        | Event::CardDrawn {
            seat, automatic: false, ..
        } => seat.index(),
        // `end_discard` (its draw is owed even when nothing was discarded, so that the decision shows).
        Event::DrawOwed {
            seat,
            reason: DrawReason::Passive,
            ..
        } => seat.index(),
        // A passive discard, or the card a Spy picks in the opponent's hand: the active seat's either way.
        Event::CardDiscarded {
            origin: Origin::Hand, ..
        } if matches!(state.phase, Phase::Passive | Phase::SpyPick) => state.active,
        _ => return None,
    };
    Some(seat)
}

/// Whether `event` (`state`: just before it) shuffles, deals or draws, or shows a card someone could not see: a hand
/// card or a face-down card turned face up, a spied hand, a vote card. Hand faces are hidden from the opponent (only
/// the counts per kind are public, D16), so every card leaving a hand face up is shown: a face-up placement, a
/// played manipulation, a Veto, a discard. Face-down placements (initial, main, Castling) and the stacking of pile 2
/// show nothing.
pub fn is_barrier(state: &State, event: &Event) -> bool {
    match event {
        Event::VoteDeckShuffled { .. }
        | Event::Pile1Shuffled { .. }
        | Event::Pile2Shuffled { .. }
        | Event::MissionsShuffled { .. }
        | Event::MissionDealt { .. }
        | Event::CardDrawn { .. }
        | Event::ManipulationPlayed { .. }
        | Event::HandSpied { .. }
        | Event::CardsRevealed { .. }
        | Event::VoteCardDrawn { .. }
        | Event::VoteDeckReshuffled { .. }
        | Event::GameOver { .. } => true,
        Event::InfluencePlaced { face_up, .. } => *face_up,
        Event::Reacted { vetoed, .. } => *vetoed,
        Event::CardDiscarded {
            seat,
            origin,
            group,
            id,
            ..
        } => match origin {
            Origin::Hand => true,
            // A Wrath discards face-down cards too; an Assassination and a vote only face-up ones.
            Origin::Board => group.is_some_and(|group| {
                state.seats[seat.index()].sides[group.index()]
                    .iter()
                    .any(|slot| Some(slot.card) == *id && !slot.up)
            }),
            // The manipulation on the table, already shown (a Veto's own discard follows its shown reaction).
            Origin::Play => false,
        },
        _ => false,
    }
}
