//! What every step of a decision shares: the working copy the events are applied to, the errors, and how much a
//! listing lists.

use crate::engine::{GameRng, RuleCode, RuleError};
use crate::games::rome_carthage::event::Event;
use crate::games::rome_carthage::evolve::evolve;
use crate::games::rome_carthage::state::{Phase, State};

/// The working copy of a decision: events are applied as they are emitted, so later steps see them.
pub struct Cx<'a> {
    pub state: State,
    pub events: Vec<Event>,
    pub rng: &'a mut GameRng,
}

impl<'a> Cx<'a> {
    pub fn new(state: &State, rng: &'a mut GameRng) -> Self {
        Cx {
            state: state.clone(),
            events: Vec::new(),
            rng,
        }
    }

    pub fn emit(&mut self, event: Event) {
        evolve(&mut self.state, &event);
        self.events.push(event);
    }
}

pub(super) fn err(code: RuleCode, message: impl Into<String>) -> RuleError {
    RuleError::new(code, message)
}

/// The seat is active in `main`.
pub(super) fn require_main(state: &State, seat: u8) -> Result<(), RuleError> {
    if state.phase != Phase::Main {
        return Err(err(RuleCode::WrongPhase, "this is only possible during your moves"));
    }
    if state.active != seat {
        return Err(err(RuleCode::NotYourTurn, "it is another seat's turn"));
    }
    Ok(())
}

/// How much of the main phase a listing lists.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum Listing {
    Every,
    /// Without the moves of pieces, alone or in mercenary pairs (the betrayal of a single piece stays).
    WithoutMoves,
}
